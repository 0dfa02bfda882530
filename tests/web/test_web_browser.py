"""The web companion in a real browser: Debian's Chromium, driven by Playwright for Python.

A spectator page changes its board by itself after a move made through the Discord stand-in; a private
seat page shows its seat's hand while an altered link is refused; a replay is stepped back and forth with
its buttons, its slider and the keyboard; and a whole sandbox game of each of the four games is played by
clicking, as a newcomer would.

Each page is photographed at a phone's size. Set ``RINGMASTER_SCREENSHOTS=docs/web`` to keep the pictures
for the documentation (docs/web.md shows them); otherwise they go to the test's temporary folder.

The browser is Debian's ``chromium`` package (``sh scripts/test`` installs it when missing); Playwright
never downloads one. A missing browser fails these tests: they are never skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Page, ViewportSize, async_playwright

from table import compose
from table.config import WebSettings
from table.kits import KITS
from web.links import NOT_A_LINK
from web.sandbox import open_sandbox

from discord_standin import standin
from discord_table import board, cheap_renders, core_of, open_game, play_one
from web_helpers import (
    awaiting_on_a_split_board,
    companion,
    link_buttons,
    path_of,
    play_automatic,
    serving,
    started_game,
    web_bot,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE: ViewportSize = {"width": 390, "height": 844}
MAX_CLICKS = 400


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"The browser tests need Debian's Chromium at {CHROMIUM}; sh scripts/test installs it.")
    async with async_playwright() as playwright:
        # Each launch runs in a fresh, temporary user-data folder that Playwright makes and removes.
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        await launched.close()


@pytest_asyncio.fixture(loop_scope="module")
async def page(browser: Browser) -> AsyncIterator[Page]:
    """A phone-sized page; any script error or failed request on it fails the test."""
    context = await browser.new_context(viewport=PHONE)
    tab = await context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(f"script error: {error}"))

    def console(message: ConsoleMessage) -> None:
        if message.type == "error" and "403" not in message.text and "404" not in message.text:
            problems.append(f"console: {message.text}")

    tab.on("console", console)
    yield tab
    await context.close()
    assert not problems, problems


async def photograph(tab: Page, name: str, tmp_path: Path, *, full_page: bool = True) -> None:
    """A picture of what the browser shows (the whole page, or the screen), at one pixel per CSS pixel."""
    folder = Path(os.environ.get("RINGMASTER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    picture = await tab.screenshot(path=str(folder / f"{name}.png"), full_page=full_page, scale="css")
    assert picture.startswith(b"\x89PNG")


async def images_loaded(tab: Page, selector: str) -> bool:
    """Wait until every image ``selector`` finds has loaded and is a picture (fails after 30 s)."""
    await tab.wait_for_function("selector => { const images = [...document.querySelectorAll(selector)]; "
                                "return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0); }",
                                arg=selector)
    return True


async def text(tab: Page, selector: str) -> str:
    return str(await tab.inner_text(selector))


# ----- the spectator page ----------------------------------------------------------------------------------
async def test_a_spectator_page_shows_the_board_change_after_a_move_in_discord(tmp_path: Path, page: Page,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    players = ("alice", "bob")
    async with standin(tmp_path, bot=False) as d:
        await d.start_bot(web_bot(d, tmp_path / "bot.sqlite3", WebSettings("127.0.0.1", 0)))
        companion(d).poll_ms = 200  # the page asks every 0.2 s whether the game moved
        thread = await open_game(d, players)
        follow = link_buttons(board(d, thread))["Follow on the web"]
        await page.goto(follow)
        first = await page.get_attribute("#live", "data-version")
        first_image = await page.get_attribute("img.board", "src")
        assert first is not None and first_image == f"{path_of(follow)}/board/{first}/0.png"
        assert await images_loaded(page, "img.board")
        assert " is choosing starting talent" in await text(page, "#waiting")

        mover = await play_one(d, thread, players)  # through Discord: the panel's first choice
        await page.wait_for_function("v => document.getElementById('live').dataset.version !== v", arg=first)
        now = await page.get_attribute("#live", "data-version")
        assert now is not None and int(now) > int(first)
        assert await page.get_attribute("img.board", "src") == f"{path_of(follow)}/board/{now}/0.png"
        await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        table = await core_of(d).tables.table((await core_of(d).game_in_thread(thread.id)).id)
        newest = (await core_of(d).tables.public_log(table))[-1]
        assert (await text(page, "#log li")).strip() == newest and mover in newest
        await page.goto("about:blank")  # the page stops following before the server stops


# ----- a private seat page ---------------------------------------------------------------------------------
async def test_a_private_page_shows_its_seats_hand_and_refuses_altered_links(tmp_path: Path, page: Page,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    players = ("alice", "bob")
    async with standin(tmp_path, bot=False) as d:
        await d.start_bot(web_bot(d, tmp_path / "bot.sqlite3", WebSettings("127.0.0.1", 0)))
        thread = await open_game(d, players, command="wanderzirkus new")
        core = core_of(d)
        table = await core.tables.table((await core.game_in_thread(thread.id)).id)
        answer = await (await d.slash("bob", thread, "game web")).answer()
        mine = link_buttons(answer)["My seat's page"]
        response = await page.goto(mine)
        assert response is not None and response.status == 200
        assert "bob's seat" in await text(page, "#private h2")
        shown = await text(page, "#secrets")
        assert compose.panel_lines(table, 1) and all(line in shown for line in compose.panel_lines(table, 1))
        hers = [line for line in compose.panel_lines(table, 0) if line not in compose.panel_lines(table, 1)]
        assert hers and not any(line in shown for line in hers)  # alice's choice of artists and cities
        assert await images_loaded(page, "img.hand")
        assert await page.get_attribute("img.hand", "alt") == table.kit.hand_alt(table.game.view(table.state, 1))

        game, seat, user, expires, signature = path_of(mine).removeprefix("/link/").split(".")
        base = mine.split("/link/")[0]
        for altered in (f"{game}.0.{user}.{expires}.{signature}",                      # another seat
                        f"{game}.0.{table.user_of(0)}.{expires}.{signature}",           # another seat and member
                        f"{game}.{seat}.{user}.{expires}.{signature[:-2]}xy"):          # a forged signature
            response = await page.goto(f"{base}/link/{altered}")
            assert response is not None and response.status == 403
            assert await text(page, "#refusal") == NOT_A_LINK.format(command="/game web")
            assert await page.query_selector("#private") is None and await page.query_selector("img") is None


async def test_the_pages_at_a_phone_size(tmp_path: Path, page: Page) -> None:
    """A game in the middle of play, with the real drawings: the documentation's pictures of each page."""
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "dreadful_circus", 4)
        table = await play_automatic(web.core, table.id, 30)
        follow = web.follow_link(table.record)
        await page.goto(follow)
        assert await images_loaded(page, "img.board") and await page.query_selector("#private") is None
        await photograph(page, "spectator", tmp_path)
        mine = web.seat_link(table, 0)
        await page.goto(mine)
        assert await images_loaded(page, "img.board") and await images_loaded(page, "img.hand")
        assert "Your screen" in await text(page, "#secrets")
        await photograph(page, "seat", tmp_path)
        await page.goto(mine[:-3] + ("abc" if not mine.endswith("abc") else "xyz"))
        assert await text(page, "#refusal") == NOT_A_LINK.format(command="/game web")
        await photograph(page, "refused", tmp_path)
        await page.goto("about:blank")


async def test_a_seat_page_shows_the_part_of_the_board_its_decision_needs_on_a_phone(tmp_path: Path,
                                                                                     browser: Browser) -> None:
    """The private seat page of a big Little Circuses table, whose board is several pictures: on a phone (390 px,
    device scale 3) the seat's circus, cut from the picture that holds it, right under the question and above the
    seat's secrets, its words twice the whole board's size or more; at a desktop's width it is not shown."""
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "little_circuses", 4)
        table = await awaiting_on_a_split_board(web.core, table.id, 0)
        mine = web.seat_link(table, 0)
        for size in ("phone", "desktop"):
            context = await sized(browser, size)
            try:
                tab = await context.new_page()
                await tab.goto(mine)
                assert await images_loaded(tab, "img.board") and await images_loaded(tab, "img.hand")
                if size == "desktop":
                    assert not await tab.locator("img.focus").is_visible()
                    continue
                assert await images_loaded(tab, "img.focus")
                part = await tab.locator("img.focus").bounding_box()
                prompt = await tab.locator("#prompt").bounding_box()
                secrets = await tab.locator("#secrets").bounding_box()
                assert part is not None and prompt is not None and secrets is not None
                assert part["width"] >= 320 and prompt["y"] < part["y"] < secrets["y"], (prompt, part, secrets)
                assert part["y"] + part["height"] <= PHONE["height"]  # in the first screen
                natural = await tab.eval_on_selector("img.focus", "i => i.naturalWidth")
                whole_src = await tab.get_attribute("figure.focus a.zoom", "href")
                assert whole_src is not None and whole_src.endswith(("/1.png", "/2.png"))  # a players picture
                shown = await tab.eval_on_selector(f"figure.board img[src='{whole_src}']",
                                                   "i => [i.getBoundingClientRect().width, i.naturalWidth]")
                # Its 16 px words at 9 CSS px or more; twice the whole picture's scale or more.
                assert 16 * part["width"] / natural >= 9 and part["width"] / natural >= 1.9 * shown[0] / shown[1]
                assert (await tab.get_attribute("img.focus", "alt") or "").startswith(
                    "The part of the board for this decision, enlarged: Ann's circus")
                await photograph(tab, "seat-phone", tmp_path, full_page=False)
            finally:
                await context.close()


# ----- the replay -----------------------------------------------------------------------------------------
async def test_a_replay_steps_back_and_forth(tmp_path: Path, page: Page) -> None:
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "wanderzirkus", 1)
        table = await play_automatic(web.core, table.id)
        steps = len(await web.history(table))
        link = web.seat_link(table, 0)
        await page.goto(link + "/replay")
        prefix = f"{path_of(link)}/replay/{table.record.version}"

        async def at(step: int) -> None:
            await page.wait_for_function("n => document.getElementById('step-title').textContent.startsWith("
                                         "'Step ' + n + ' of')", arg=step)
            assert await text(page, "#step-title") == f"Step {step} of {steps}"
            assert await page.get_attribute("#step-image", "src") == f"{prefix}/{step - 1}.png"
            assert await page.input_value("#slider") == str(step - 1)
            await page.wait_for_function("() => { const i = document.getElementById('step-image'); "
                                         "return i.complete && i.naturalWidth > 0; }")

        await at(1)
        assert await page.get_attribute("#previous", "aria-disabled") == "true"
        await page.click("#next")
        await page.click("#next")
        await at(3)
        await page.keyboard.press("ArrowLeft")
        await at(2)
        await page.keyboard.press("End")
        await at(steps)
        assert await page.get_attribute("#next", "aria-disabled") == "true"
        await page.click("#previous")
        await at(steps - 1)
        await page.eval_on_selector("#slider", "s => { s.value = '4'; s.dispatchEvent(new Event('input')); }")
        await at(5)
        await page.keyboard.press("Home")
        await at(1)
        assert re.search(r"\?step=1$", page.url)
        assert "Verified" in await text(page, "#fairness h2")
        assert str(table.record.seed) in await text(page, "#fairness")
        await page.click("#last")
        await at(steps)
        await photograph(page, "replay", tmp_path)
        await page.goto("about:blank")


# ----- the sandbox -----------------------------------------------------------------------------------------
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SANDBOX_GAMES = {"circus_train": (2, "desktop"), "little_circuses": (1, "desktop"), "wanderzirkus": (1, "phone"),
                 "dreadful_circus": (4, "phone")}
"""kind → (seats, the size it is played at); the player at the browser takes seat 1, the automatic player the
others. Each game is also photographed at the other size, so both sizes are seen for every game."""


async def sized(browser: Browser, size: str, *, scripts: bool = True) -> BrowserContext:
    """A desktop window 1280 px wide, or a phone 390 px wide at a device scale of 3."""
    if size == "desktop":
        return await browser.new_context(viewport=DESKTOP, java_script_enabled=scripts)
    return await browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True,
                                     java_script_enabled=scripts)


async def start_in_sandbox(tab: Page, base: str, kind: str, seats: int, robots: set[int]) -> int:
    await tab.goto(base + "/")
    form = f"#new-{kind}"
    await tab.fill(f"{form} input[name=seats]", str(seats))
    for seat in range(1, 9):
        box = await tab.query_selector(f"{form} input[name=automatic][value='{seat}']")
        if box is not None:
            await box.set_checked(seat in robots)
    async with tab.expect_navigation():
        await tab.click(f"{form} button[type=submit]")
    found = re.search(r"/sandbox/(\d+)#turn$", tab.url)
    assert found, await text(tab, "main")
    return int(found.group(1))


async def choose(tab: Page, selector: str) -> None:
    """Click a choice; the page sends it and swaps in what comes next (without reloading), with the keyboard
    at the next question (or at the refusal) and a live region that says it."""
    before = await tab.query_selector("main")
    await tab.locator(selector).first.click()
    await tab.wait_for_function("main => !main.isConnected", arg=before)
    focused = await tab.evaluate("() => document.activeElement && document.activeElement.id")
    assert focused in ("prompt", "said", "game-over"), focused
    assert await tab.locator("#announce[aria-live=polite]").count() == 1


async def play_by_clicking(tab: Page, until: int = MAX_CLICKS) -> int:
    """Click the automatic player's suggested choice until the game is over (or ``until`` clicks)."""
    clicks = 0
    over = tab.locator("#game-over")
    while not await over.count() and clicks < until:
        assert clicks < MAX_CLICKS, "the game did not end"
        suggested = await tab.locator("button.choice.suggested").count()
        await choose(tab, "button.choice.suggested" if suggested else "button.choice")
        clicks += 1
    return clicks


async def board_where_the_choice_is_made(tab: Page, size: str) -> None:
    """At a desktop's width the board is large, with the choices beside it; on a phone the board comes first,
    at the page's width, and the choices start within half a screen below it."""
    board = await tab.locator("figure.board.main img").bounding_box()
    choice = await tab.locator("button.choice").first.bounding_box()
    assert board is not None and choice is not None
    if size == "desktop":
        assert board["width"] >= 700, board  # more than half of the 1280 px window
        assert choice["x"] >= board["x"] + board["width"], (board, choice)  # beside it, not below
    elif await tab.locator("img.focus").count():
        # The part of the board the decision needs, enlarged in the first screen right above the choices; the whole
        # board below them, a tap away.
        assert await images_loaded(tab, "img.focus")
        # The page holds the part's room before it loads (its width and height are the box's), so the choices do
        # not move down when it arrives.
        held = await tab.eval_on_selector("img.focus", "i => [+i.getAttribute('width'), +i.getAttribute('height'), "
                                                       "i.naturalWidth, i.naturalHeight]")
        assert held[0] > 0 and held[1] > 0 and abs(held[0] / held[1] - held[2] / held[3]) <= 0.03 * held[2] / held[3]
        focus = await tab.locator("img.focus").bounding_box()
        choice = await tab.locator("button.choice").first.bounding_box()
        board = await tab.locator("figure.board.main img").bounding_box()
        assert focus is not None and choice is not None and board is not None and focus["width"] >= 320, focus
        assert focus["y"] >= 0 and focus["y"] + focus["height"] <= min(choice["y"], PHONE["height"]), (focus, choice)
        assert choice["y"] - (focus["y"] + focus["height"]) <= 60, (focus, choice)
        natural = await tab.eval_on_selector("img.focus", "i => i.naturalWidth")
        whole = await tab.eval_on_selector("figure.board.main img", "i => i.naturalWidth")
        assert focus["width"] / natural >= 1.9 * board["width"] / whole, (focus, natural, board, whole)
        assert board["y"] > choice["y"]
        # A tap on the part opens full size the board picture it is cut from (a big table's: one of its pictures).
        pictures = await tab.eval_on_selector_all("figure.board img",
                                                  "images => images.map(i => i.getAttribute('src'))")
        assert await tab.get_attribute("figure.focus a.zoom", "href") in pictures
    else:
        assert board["width"] >= 350, board
        assert 0 <= choice["y"] - (board["y"] + board["height"]) <= PHONE["height"] / 2, (board, choice)
    assert await tab.get_attribute("figure.board.main a.zoom", "href") == await tab.get_attribute(
        "figure.board.main img", "src")  # a tap opens it full size


async def photograph_at(browser: Browser, address: str, size: str, name: str, tmp_path: Path) -> None:
    """The play page as another window size shows it (one player at the screen: nothing to keep hidden)."""
    context = await sized(browser, size)
    try:
        tab = await context.new_page()
        await tab.goto(address)
        assert await images_loaded(tab, "img.board")
        await board_where_the_choice_is_made(tab, size)
        await photograph(tab, name, tmp_path, full_page=size == "desktop")
    finally:
        await context.close()


@pytest.mark.parametrize("kind", list(SANDBOX_GAMES))
async def test_a_whole_sandbox_game_by_clicking(tmp_path: Path, browser: Browser, kind: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of each kind, played to its end by clicking, with its guide a click away; photographed at both
    sizes with the real drawings while a choice is being made (then drawn cheaply to its end: the real
    drawings are tested elsewhere, and the browser tests' time matters)."""
    seats, size = SANDBOX_GAMES[kind]
    other = "phone" if size == "desktop" else "desktop"
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    context = await sized(browser, size)
    tab = await context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        game_id = await start_in_sandbox(tab, web.base_url, kind, seats, set(range(2, seats + 1)))
        assert await text(tab, "#private h2") == "Player 1's seat (only you)"
        await tab.click("#guide-link")
        assert await text(tab, "h1") == f"How to play {KITS[kind].name}"
        assert await tab.locator("article.guide h2").count() >= 5
        if kind == "wanderzirkus":  # the guide whose notation needs its key most
            await photograph(tab, "guide", tmp_path)
        await tab.click("text=Back to the game")
        clicks = await play_by_clicking(tab, until=3)
        assert await images_loaded(tab, "img.board") and await images_loaded(tab, "img.hand")
        await board_where_the_choice_is_made(tab, size)
        # At a phone's width the part of the board the decision needs is shown, at a desktop's it is not.
        assert await tab.locator("img.focus").is_visible() == (size == "phone")
        await photograph(tab, f"play-{kind}-{size}", tmp_path, full_page=size == "desktop")
        await photograph_at(browser, f"{web.base_url}/sandbox/{game_id}", other, f"play-{kind}-{other}", tmp_path)
        cheap_renders(monkeypatch)
        clicks += await play_by_clicking(tab)
        table = await web.core.table(game_id)
        assert table.over and table.record.status == "finished" and clicks > 5
        assert "Final scores" in await text(tab, ".public")
        assert await tab.query_selector("#said") is None  # no choice was ever refused
        logged = await web.core.store.actions(game_id)
        assert sum(1 for action in logged if action.seat == 0 and not action.automatic) == clicks
        numbers = await tab.eval_on_selector_all("ol.log", "lists => lists.map(l => [l.start, l.children.length])")
        assert numbers[0][0] == len(await web.core.tables.public_log(table))  # numbered from the first event
        if len(numbers) > 1:  # the folded part goes on counting down where the shown part stops
            assert numbers[1][0] == numbers[0][0] - numbers[0][1]
        assert not errors, errors
    finally:
        await context.close()
        await web.stop()
        await web.core.close()


async def test_a_big_little_circuses_table_on_a_phone_shows_the_seats_circus(tmp_path: Path, browser: Browser) -> None:
    """At four players the Little Circuses board soon becomes several pictures; the phone's part of the board is
    then cut from the players picture that holds the seat's circus."""
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    context = await sized(browser, "phone")
    try:
        tab = await context.new_page()
        await start_in_sandbox(tab, web.base_url, "little_circuses", 4, {2, 3, 4})
        for _ in range(60):
            href = await tab.get_attribute("figure.focus a.zoom", "href") if await tab.locator(
                "figure.focus").count() else None
            if href is not None and href.endswith(("/1.png", "/2.png")):
                break
            await choose(tab, "button.choice.suggested" if await tab.locator("button.choice.suggested").count()
                         else "button.choice")
        else:
            raise AssertionError("the board was not split into pictures within 60 choices")
        assert await images_loaded(tab, "img.board") and await images_loaded(tab, "img.focus")
        assert await tab.locator("figure.board.more img").count() >= 1
        await board_where_the_choice_is_made(tab, "phone")
        await photograph(tab, "play-little_circuses-4-phone", tmp_path, full_page=False)
    finally:
        await context.close()
        await web.stop()
        await web.core.close()


async def test_the_sandbox_passes_the_screen_between_players(tmp_path: Path, page: Page) -> None:
    """Two players at one screen, with the real drawings (these are the documentation's pictures)."""
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    try:
        await page.goto(web.base_url + "/")
        await photograph(page, "sandbox-home", tmp_path)
        await start_in_sandbox(page, web.base_url, "little_circuses", 2, set())
        seen: list[str] = []
        for _ in range(4):  # opening night: both choose at once; then the first day's choices
            if await page.query_selector("#gate") is not None:  # a new player comes to the screen
                seen.append(await text(page, "#gate h2"))
                assert await page.query_selector("#private") is None  # no hand is shown before the pass
                async with page.expect_navigation():
                    await page.click("#show")
            heading = await text(page, "#private h2")
            assert heading.endswith("'s seat (only you)")
            assert await images_loaded(page, "img.hand") and await images_loaded(page, "img.board")
            if len(seen) == 1:
                await photograph(page, "sandbox-play", tmp_path)
            await choose(page, "button.choice")
        assert seen[:2] == ["Player 1's turn", "Player 2's turn"]
    finally:
        await page.goto("about:blank")  # nothing is left loading when the server stops
        await web.stop()
        await web.core.close()


async def no_panel(tab: Page, how: str) -> None:
    """Whatever the page shows, it is no seat's private panel: no hand, no secrets, no choices."""
    for selector in ("#private", "img.hand", "#secrets", "#choices", "button.choice"):
        assert await tab.query_selector(selector) is None, (how, selector, tab.url)


async def test_no_way_into_another_seats_private_panel(tmp_path: Path, browser: Browser) -> None:
    """Two players at one screen. After Player 1 has chosen, the screen is Player 2's: an address with seat and
    show, Player 1's own old address, a reload, Back and Forward (with the script and without it) and a second tab
    all show the pass step or the public game, never Player 1's panel, nor Player 2's without the pass step."""
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    scripted = await sized(browser, "phone")
    plain = await sized(browser, "desktop", scripts=False)
    try:
        tab = await scripted.new_page()
        game_id = await start_in_sandbox(tab, web.base_url, "little_circuses", 2, set())
        base = f"{web.base_url}/sandbox/{game_id}"
        await no_panel(tab, "before the pass step")
        for address in ("?seat=1&show=1", "?seat=2&show=1", "?show=1", "?seat=1"):
            await tab.goto(base + address)
            await no_panel(tab, address)
        await tab.goto(base)
        async with tab.expect_navigation():
            await tab.click("#show")  # Player 1's pass step
        first = tab.url
        assert "Player 1's seat" in await text(tab, "#private h2")
        await choose(tab, "button.choice")  # the page now waits for Player 2
        assert "Player 2's turn" in await text(tab, "#gate h2")
        await no_panel(tab, "after Player 1's choice")
        await tab.reload()
        await no_panel(tab, "a reload")
        await tab.goto(first)
        await no_panel(tab, "Player 1's old address")
        for _ in range(6):  # every page of this tab's history, back to the start and forward again
            if await tab.go_back() is None:
                break
            await no_panel(tab, f"back to {tab.url}")
        for _ in range(6):
            if await tab.go_forward() is None:
                break
            await no_panel(tab, f"forward to {tab.url}")
        second = await scripted.new_page()
        for address in (first, base, base + "?seat=2&show=1"):
            await second.goto(address)
            await no_panel(second, f"a second tab at {address}")
        await second.close()

        # Player 2's choices open in two tabs (two pass steps); a choice in the older one, after the other has
        # moved, is refused in the sandbox's words, with the keyboard at the sentence and a live region saying it.
        stale, fresh = await scripted.new_page(), await scripted.new_page()
        for tab_ in (stale, fresh):
            await tab_.goto(base)
            async with tab_.expect_navigation():
                await tab_.click("#show")
            assert "Player 2's seat" in await text(tab_, "#private h2")
        await choose(fresh, "button.choice")
        await choose(stale, "button.choice")
        assert await stale.evaluate("() => document.activeElement.id") == "said"
        said = await text(stale, "#said")
        assert said.startswith("That choice was made on an older page of this game") and "thread" not in said
        assert said in (await stale.text_content("#announce") or "")

        # Without the script: forms post and the browser follows the redirects itself.
        bare = await plain.new_page()
        await bare.goto(base)
        name = (await text(bare, "#gate h2")).removesuffix("'s turn")
        async with bare.expect_navigation():
            await bare.click("#show")
        mine = bare.url
        assert f"{name}'s seat" in await text(bare, "#private h2")
        async with bare.expect_navigation():
            await bare.locator("button.choice").first.click()
        await bare.go_back()
        assert bare.url == mine
        await no_panel(bare, "Back to the last player's page without the script")
        await bare.go_forward()
        await bare.reload()
        await no_panel(bare, "a reload without the script")
        await bare.goto(mine)
        await no_panel(bare, "the last player's old address without the script")
    finally:
        await scripted.close()
        await plain.close()
        await web.stop()
        await web.core.close()


# ----- accessibility ---------------------------------------------------------------------------------------
AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
      "resultTypes": ["violations"]}


async def accessible(tab: Page, what: str) -> None:
    """axe-core (the copy the axe-playwright-python package ships) finds nothing at WCAG AA on the page."""
    results = await Axe().run(tab, options=AA)
    assert results.violations_count == 0, f"{what}:\n{results.generate_report()}"


async def test_every_page_type_passes_axe_at_wcag_aa(tmp_path: Path, browser: Browser) -> None:
    """The sandbox's pages (its start, a guide, a play page with choices, a pass step, a refusal) and the
    companion's (a spectator page, a seat's private page, a finished game's replay), at a phone's size and a
    desktop's."""
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    contexts = [await browser.new_context(viewport=PHONE, bypass_csp=True),
                await browser.new_context(viewport=DESKTOP, bypass_csp=True)]  # axe is put into the page
    try:
        solo = await web.core.table(await sandbox_game(web.base_url, "wanderzirkus", 1))
        pair = await sandbox_game(web.base_url, "little_circuses", 2)
        pages_ = {"the sandbox's start": "/", "a guide": "/guide/wanderzirkus?from=/sandbox/1",
                  "a play page": f"/sandbox/{solo.id}", "a pass step": f"/sandbox/{pair}",
                  "a refusal": "/sandbox/999", "a spectator page": f"/game/{solo.id}"}
        for context in contexts:
            tab = await context.new_page()
            for what, address in pages_.items():
                await tab.goto(web.base_url + address)
                await accessible(tab, what)
            await tab.close()
    finally:
        await web.stop()
        await web.core.close()
    async with serving(tmp_path) as companion_:
        table = await started_game(companion_.core, "wanderzirkus", 1)
        mine = companion_.seat_link(table, 0)
        for context in contexts:
            tab = await context.new_page()
            await tab.goto(mine)
            await accessible(tab, "a seat's private page")
            await tab.close()
        table = await play_automatic(companion_.core, table.id)
        for context in contexts:
            tab = await context.new_page()
            await tab.goto(mine + "/replay")
            await accessible(tab, "a finished game's replay")
            await tab.close()
    for context in contexts:
        await context.close()


async def sandbox_game(base: str, kind: str, seats: int) -> int:
    """A sandbox game of ``seats`` players at the screen, started by its form."""
    form = {"kind": kind, "seats": str(seats)}
    async with aiohttp.ClientSession() as session, \
            session.post(base + "/sandbox/new", data=form, allow_redirects=False) as answer:
        assert answer.status == 303
        return int(answer.headers["Location"].removesuffix("#turn").rsplit("/", 1)[1])
