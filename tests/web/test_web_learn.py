"""The sandbox's Learn games in a real browser (Debian's Chromium through Playwright): the start page's Learn entry
opens a game for the one person at the screen against easy automatic players, with the suggested choice marked, a
lesson the first time each kind of decision comes up (never twice) and a "Why not…?" list answered with the rules'
own sentences; it is played to its end by clicking at a desktop's width. axe-core finds no violation at WCAG AA on
the Learn page (a play page with its lesson and its list) nor on the start page that offers it."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, ViewportSize, async_playwright

from rules.core.lessons import LESSONS
from web.sandbox import LEARNER, open_sandbox

from discord_table import cheap_renders

pytestmark = pytest.mark.asyncio(loop_scope="module")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
      "resultTypes": ["violations"]}
MAX_PAGES = 1500
KIND = "little_circuses"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"The browser tests need Debian's Chromium at {CHROMIUM}; sh scripts/test installs it.")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        await launched.close()


async def accessible(tab: Page, what: str) -> None:
    results = await Axe().run(tab, options=AA)
    assert results.violations_count == 0, f"{what}:\n{results.generate_report()}"


async def test_a_learn_game_teaches_and_plays_to_its_end(browser: Browser, tmp_path: object,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    web = await open_sandbox(f"{tmp_path}/sandbox.sqlite3", "127.0.0.1", 0)
    web.core.robots.delay = 0  # the product's robots wait 3 s before each move; the page shows them thinking
    context = await browser.new_context(viewport=DESKTOP, bypass_csp=True)  # axe is put into the page
    tab = await context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        await tab.goto(web.base_url + "/")
        assert await tab.locator("#learn form.learn-game").count() == 4
        await accessible(tab, "the start page with Learn")
        async with tab.expect_navigation():
            await tab.click(f"#learn form.learn-game:has(input[value={KIND}]) button")
        found = re.search(r"/sandbox/(\d+)#turn$", tab.url)
        assert found, tab.url
        game_id = int(found.group(1))
        address = f"{web.base_url}/sandbox/{game_id}"
        table = await web.core.table(game_id)
        assert table.record.practice and [seat.robot for seat in table.seats] == [None, "easy", "easy"]
        assert table.names[0] == LEARNER
        lessons: list[str] = []
        answered = 0
        checked = False
        for _ in range(MAX_PAGES):
            if await tab.locator("#game-over").count():
                break
            if not await tab.locator("button.choice").count():  # the automatic players are moving: look again
                await tab.wait_for_timeout(20)
                await tab.goto(address)
                continue
            if await tab.locator("#lesson").count():
                said = (await tab.inner_text("#lesson p")).strip()
                assert said in LESSONS[KIND].values() and said not in lessons
                lessons.append(said)
                if not checked and await tab.locator("#why-not li").count():
                    await accessible(tab, "the Learn page with a lesson and Why not…?")
                    checked = True
            if answered < 3 and await tab.locator("#why-not li").count():
                item = tab.locator("#why-not li").first
                await item.locator("summary").click()
                why = (await item.locator("p").inner_text()).strip()
                assert why and await item.locator("p").is_visible()
                answered += 1
            assert await tab.locator("button.choice.suggested").count() <= 1
            before = await tab.query_selector("main")
            suggested = await tab.locator("button.choice.suggested").count()
            await tab.locator("button.choice.suggested" if suggested else "button.choice").first.click()
            await tab.wait_for_function("main => !main.isConnected", arg=before)
        else:
            raise AssertionError("the Learn game did not end")
        table = await web.core.table(game_id)
        assert table.record.status == "finished"
        assert len(lessons) >= 4 and answered == 3 and checked
        assert await web.core.store.lessons_seen(game_id, 0) == {key for key, text in LESSONS[KIND].items()
                                                                  if text in lessons}
        assert not errors, errors
    finally:
        await context.close()
        await web.stop()
        await web.core.close()
