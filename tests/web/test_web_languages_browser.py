"""The sandbox and a guide in German and in the pseudo-language, in a real browser (Debian's Chromium, driven by
Playwright, started as tests/web/test_web_browser.py starts it): German by the link's ``?lang=de`` and by the
browser's own language; no English left in what the pseudo-language page shows or says (beyond the players'
and the games' names); axe-core finds nothing at WCAG AA on the German pages. The German play page is
photographed at a phone's width (``RINGMASTER_SCREENSHOTS=docs/web`` keeps it as docs/web/play-de-phone.png).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, ViewportSize, async_playwright

from lang import LANGUAGES
from lang.pseudo import ENGLISH_LEFT
from table.kits import KITS
from web.companion import Companion
from web.sandbox import open_sandbox

pytestmark = pytest.mark.asyncio(loop_scope="module")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE: ViewportSize = {"width": 390, "height": 844}
AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
      "resultTypes": ["violations"]}
SAID = """() => {
  const out = [document.title, document.body.innerText];
  for (const element of document.querySelectorAll("[alt], [aria-label], [title]")) {
    for (const name of ["alt", "aria-label", "title"]) {
      if (element.hasAttribute(name)) { out.push(element.getAttribute(name)); }
    }
  }
  for (const button of document.querySelectorAll("button")) { out.push(button.innerText); }
  return out.join("\\n");
}"""
"""Everything a reader of the page sees or hears: its title, its text, its buttons and its alternative texts."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"The browser tests need Debian's Chromium at {CHROMIUM}; sh scripts/test installs it.")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        await launched.close()


@pytest_asyncio.fixture(loop_scope="module")
async def sandbox(tmp_path: Path) -> AsyncIterator[Companion]:
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    web.core.robots.delay = 0  # the product's robots wait before each move; here the page is all that matters
    try:
        yield web
    finally:
        await web.stop()
        await web.core.close()


async def new_game(web: Companion, kind: str, language: str) -> int:
    """A game of two (or the game's fewest), the first seat at the screen and the others the automatic player's,
    set up from the start page in ``language``."""
    seats = max(2, KITS[kind].game.min_players)
    form = {"kind": kind, "seats": str(seats), "automatic": [str(seat) for seat in range(2, seats + 1)]}
    async with aiohttp.ClientSession() as session, \
            session.post(f"{web.base_url}/sandbox/new?lang={language}", data=form, allow_redirects=False) as answer:
        assert answer.status == 303
        return int(answer.headers["Location"].removesuffix("#turn").rsplit("/", 1)[1])


async def accessible(tab: Page, what: str) -> None:
    results = await Axe().run(tab, options=AA)
    assert results.violations_count == 0, f"{what}:\n{results.generate_report()}"


async def german(tab: Page) -> None:
    assert await tab.get_attribute("html", "lang") == "de"
    assert await tab.get_attribute("nav.languages", "aria-label") == "Sprache"


async def test_the_sandbox_and_a_guide_in_german(sandbox: Companion, browser: Browser, tmp_path: Path) -> None:
    game = await new_game(sandbox, "circus_train", "de")
    context = await browser.new_context(viewport=PHONE, bypass_csp=True)  # axe is put into the page
    tab = await context.new_page()
    try:
        await tab.goto(f"{sandbox.base_url}/sandbox/{game}?lang=de")
        await german(tab)
        assert await tab.get_attribute("#choices .choices", "aria-label") == "Deine Möglichkeiten"
        assert await tab.locator("h2", has_text="Fairness").count() == 1
        assert await tab.locator("a.button", has_text="Zuschauerseite").count() == 1
        assert "Platz von Spieler 1" in await tab.inner_text("#private h2")
        await accessible(tab, "the German play page")
        folder = Path(os.environ.get("RINGMASTER_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        await tab.screenshot(path=str(folder / "play-de-phone.png"), full_page=True, scale="css")
        # A link within the page keeps the language (the link's choice is kept in a cookie).
        await tab.click("text=So spielst du Circus Train")
        await tab.wait_for_url("**/guide/circus_train**")
        await german(tab)
        assert await tab.inner_text("h1") == "So spielst du Circus Train"
        assert await tab.locator("a.button", has_text="Zurück zum Spiel").count() == 1
        await accessible(tab, "a guide in German")
        # The switcher leads back to English, and that choice is kept too.
        await tab.click("nav.languages a[lang=en]")
        await tab.wait_for_url("**lang=en")
        assert await tab.get_attribute("html", "lang") == "en"
        await tab.goto(f"{sandbox.base_url}/sandbox/{game}")
        assert await tab.get_attribute("#choices .choices", "aria-label") == "Your choices"
    finally:
        await context.close()


async def test_a_browser_set_to_german_gets_german(sandbox: Companion, browser: Browser) -> None:
    game = await new_game(sandbox, "wanderzirkus", "en")
    context = await browser.new_context(viewport=PHONE, locale="de-DE")  # Accept-Language: de-DE,de
    tab = await context.new_page()
    try:
        await tab.goto(f"{sandbox.base_url}/guide/wanderzirkus")
        await german(tab)
        assert await tab.inner_text("h1") == "So spielst du Der Wanderzirkus"
        assert await tab.locator("h2", has_text="Die Auswahl lesen").count() == 1
        await tab.goto(f"{sandbox.base_url}/sandbox/{game}")
        await german(tab)
        assert "Platz von Player 1" in await tab.inner_text("#private h2")  # a name is a name: set up in English
        assert await tab.locator("summary", has_text="So liest du die Auswahl").count() == 1
    finally:
        await context.close()


async def test_the_pseudo_language_page_leaves_no_english(sandbox: Companion, browser: Browser) -> None:
    """Every word a play page of each game shows or says, in the pseudo-language: any English left escaped the
    catalogue. The players' names and the games' names are names, in any language. The English left is listed
    per game."""
    context = await browser.new_context(viewport=PHONE)
    tab = await context.new_page()
    leaks: dict[str, list[str]] = {}
    try:
        for kind in KITS:
            game = await new_game(sandbox, kind, "qps")
            names = [*(await sandbox.core.table(game)).names, *(kit.name for kit in KITS.values()), "Ringmaster",
                     *(language.name for language in LANGUAGES.values()), "SHA"]
            await tab.goto(f"{sandbox.base_url}/sandbox/{game}?lang=qps")
            assert await tab.locator("button.choice").count() > 0
            said: str = await tab.evaluate(SAID)
            commitment = await tab.inner_text("#commitment")
            for name in sorted([*names, commitment], key=len, reverse=True):
                said = said.replace(name, " ")
            left = sorted({line.strip() for line in said.splitlines() if ENGLISH_LEFT.search(line)})
            if left:
                leaks[kind] = left
    finally:
        await context.close()
    report = "\n".join(f"{kind}: {len(left)} lines in English:\n  " + "\n  ".join(left) for kind, left in leaks.items())
    assert not leaks, "English on the pseudo-language pages:\n" + report
