"""The sandbox over HTTP (the browser tests play whole games in it): what it refuses, in a sentence, and
its command line, started as `sh scripts/sandbox` starts it."""

from __future__ import annotations

import asyncio
import html
import logging
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from rules.core import fairness
from table.guides import Section
from table.kits import KITS
from web import guides
from web import sandbox as sandbox_module
from web.companion import Companion
from web.sandbox import Keys, open_sandbox

from discord_table import cheap_renders


@pytest_asyncio.fixture
async def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Companion]:
    cheap_renders(monkeypatch)
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    yield web
    await web.stop()
    await web.core.close()


async def post(url: str, data: dict[str, object], headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, \
            session.post(url, data=data, headers=headers or {}, allow_redirects=False) as answer:
        return answer.status, answer.headers.get("Location", ""), await answer.text()


async def new_game(web: Companion, kind: str = "circus_train", seats: int = 2,
                   automatic: tuple[str, ...] = ("2",)) -> int:
    status, location, _ = await post(web.base_url + "/sandbox/new",
                                     {"kind": kind, "seats": str(seats), "automatic": list(automatic)})
    assert status == 303 and re.fullmatch(r"/sandbox/\d+#turn", location)
    return int(location.removesuffix("#turn").rsplit("/", 1)[1])


async def get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url, allow_redirects=False) as answer:
        return answer.status, answer.headers.get("Location", ""), await answer.text()


def panel_key(page: str) -> str:
    found = re.search(r'name="key" value="([A-Za-z0-9_-]+)"', page)
    assert found, "the page shows no choices"
    return found.group(1)


def words(page: str) -> str:
    return html.unescape(page)


@pytest.mark.parametrize(("form", "sentence"), [
    ({"kind": "chess", "seats": "2"}, "Choose one of the four games."),
    ({"kind": "dreadful_circus", "seats": "2"}, "Dreadful Circus takes 4 to 8 players."),
    ({"kind": "wanderzirkus", "seats": "many"}, "Der Wanderzirkus takes 1 to 6 players."),
    ({"kind": "little_circuses", "seats": "2", "option-special_side": "green"}, "special_side must be one of"),
    ({"kind": "circus_train", "seats": "2", "option-advanced": "yes"},
     "The variant “advanced” is either ticked or left out; “yes” is neither."),
    ({"kind": "circus_train", "seats": "2", "option-turbo": "true"}, "Circus Train has no variant called “turbo”."),
    ({"kind": "wanderzirkus", "seats": "2", "automatic": ["1", "2"]}, "At least one seat must be yours"),
])
async def test_a_game_that_cannot_be_set_up_is_told_in_a_sentence(sandbox: Companion, form: dict[str, object],
                                                                  sentence: str) -> None:
    status, _, page = await post(sandbox.base_url + "/sandbox/new", form)
    assert status == 400 and sentence in words(page)
    assert not await sandbox.core.store.games_in_guild(1, statuses=("lobby", "active"))


async def test_the_seats_variants_and_automatic_player_are_as_chosen(sandbox: Companion) -> None:
    game_id = await new_game(sandbox, "wanderzirkus", 3, ("1", "3", "9"))
    table = await sandbox.core.table(game_id)
    assert table.names == ["Robot 1", "Player 2", "Robot 3"]
    assert table.record.options["simplified"] is False and table.record.options["pro"] is False
    autopilot = {clock.seat for clock in await sandbox.core.life.clocks(table.id) if clock.autopilot}
    assert autopilot == {0, 2}
    assert set(table.awaited()) <= {1}  # the automatic player has moved every seat it takes
    status, location, _ = await post(sandbox.base_url + "/sandbox/new", {
        "kind": "wanderzirkus", "seats": "1", "option-simplified": "true"})
    assert status == 303
    simplified = await sandbox.core.table(int(location.removesuffix("#turn").rsplit("/", 1)[1]))
    assert simplified.record.options["simplified"] is True


async def test_a_choice_from_elsewhere_or_without_its_panel_is_refused(sandbox: Companion) -> None:
    game_id = await new_game(sandbox)
    table = await sandbox.core.table(game_id)
    url = f"{sandbox.base_url}/sandbox/{game_id}/choose"
    status, _, page = await get(f"{sandbox.base_url}/sandbox/{game_id}")
    key = panel_key(page)
    status, _, page = await post(url, {"key": key, "choice": "0"}, {"Sec-Fetch-Site": "cross-site"})
    assert status == 403 and "only from its own pages" in page
    status, _, page = await post(url, {"key": key, "choice": "0"}, {"Origin": "http://elsewhere.example"})
    assert status == 403
    status, location, _ = await post(url, {"key": "made-up", "choice": "0"})
    assert status == 303
    status, _, page = await get(sandbox.base_url + location)
    assert status == 200 and "Those choices have closed" in words(page)
    status, location, _ = await post(url, {"key": key, "choice": "999"})
    assert status == 303
    status, _, page = await get(sandbox.base_url + location)
    assert "That choice is no longer on offer." in words(page) and 'id="choices"' in page
    assert (await sandbox.core.table(game_id)).record.version == table.record.version  # nothing changed
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{sandbox.base_url}/sandbox/{game_id}/hand/{panel_key(page)}.png") as answer:
            assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
        async with session.get(f"{sandbox.base_url}/sandbox/{game_id}/hand/{key}.png") as answer:
            assert answer.status == 404  # a panel's key is spent by its choice
        async with session.get(f"{sandbox.base_url}/sandbox/{game_id}/hand/made-up.png") as answer:
            assert answer.status == 404  # only an open panel's key shows a hand


async def test_a_choice_made_on_an_old_page_is_refused_in_the_sandboxs_words(sandbox: Companion) -> None:
    game_id = await new_game(sandbox)
    url = f"{sandbox.base_url}/sandbox/{game_id}/choose"
    _, _, page = await get(f"{sandbox.base_url}/sandbox/{game_id}")
    old = panel_key(page)
    _, _, page = await get(f"{sandbox.base_url}/sandbox/{game_id}")  # the same game open in a second tab
    status, location, _ = await post(url, {"key": panel_key(page), "choice": "0"})
    assert status == 303 and location.endswith("#turn")
    status, location, _ = await post(url, {"key": old, "choice": "0"})
    assert status == 303
    status, _, page = await get(sandbox.base_url + location)
    said = words(page)
    assert "That choice was made on an older page of this game" in said and "thread" not in said
    assert 'id="choices"' in page  # the game as it is now, to choose again


async def test_a_forms_address_opened_again_shows_the_game(sandbox: Companion) -> None:
    game_id = await new_game(sandbox)
    for path in (f"/sandbox/{game_id}/choose", f"/sandbox/{game_id}/pass"):
        assert await get(sandbox.base_url + path) == (303, f"/sandbox/{game_id}#turn", "")
    assert (await get(sandbox.base_url + "/sandbox/new"))[:2] == (303, "/")


MALFORMED = {
    "a cut multipart body": ("multipart/form-data; boundary=XYZ",
                             b'--XYZ\r\nContent-Disposition: form-data; name="choice"\r\n\r\n1'),
    "a multipart body without its boundary": ("multipart/form-data", b"--XYZ\r\nchoice=1"),
    "an unknown charset": ("application/x-www-form-urlencoded; charset=klingon", b"choice=1"),
    "bytes that are not UTF-8": ("application/x-www-form-urlencoded", b"choice=\xff\xfe&key=\xc3"),
    "a multipart part that is not UTF-8": ("multipart/form-data; boundary=XYZ",
                                           b'--XYZ\r\nContent-Disposition: form-data; name="key"\r\n\r\n'
                                           b"\xff\xfe\r\n--XYZ--\r\n"),
}


async def test_a_malformed_body_is_answered_400_in_a_sentence_with_nothing_logged(
        sandbox: Companion, caplog: pytest.LogCaptureFixture) -> None:
    game_id = await new_game(sandbox)
    caplog.set_level(logging.DEBUG)
    async with aiohttp.ClientSession() as session:
        for path in ("/sandbox/new", f"/sandbox/{game_id}/choose", f"/sandbox/{game_id}/pass"):
            for what, (content_type, body) in MALFORMED.items():
                async with session.post(sandbox.base_url + path, data=body, headers={"Content-Type": content_type},
                                        allow_redirects=False) as answer:
                    page = await answer.text()
                    assert answer.status == 400, (path, what)
                    assert "The form could not be read" in page, (path, what)
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING or record.exc_info]
    assert len(await sandbox.core.store.games_in_guild(1, statuses=("lobby", "active"))) == 1


async def test_the_hot_seat_opens_a_panel_once_and_only_for_the_awaited_seat(sandbox: Companion) -> None:
    """Two players at one screen (both choose at once on opening night): an address naming a seat, a spent
    pass, a pass for a seat not awaited, and an old panel's picture all open nothing."""
    game_id = await new_game(sandbox, "little_circuses", 2, ())
    base = f"{sandbox.base_url}/sandbox/{game_id}"
    status, _, page = await get(base)
    assert status == 200 and 'id="gate"' in page and 'id="private"' not in page and "Player 1's turn" in page
    for address in ("?seat=2&show=1", "?seat=1&show=1", "?show=1", "?pass=guessed"):
        status, _, page = await get(base + address)
        assert status == 403 and 'id="private"' not in page and "/hand/" not in page, address
        assert "open only once, from their own pass step" in words(page)
    async with aiohttp.ClientSession() as session, \
            session.post(base + "/pass", data={"seat": "0"}, allow_redirects=False) as answer:
        status, location = answer.status, answer.headers["Location"]
        assert "sandbox-turn" in answer.cookies  # a changed cookie: a kept page is dropped, not shown on Back
    assert status == 303 and re.fullmatch(rf"/sandbox/{game_id}\?pass=[\w-]+#turn", location)
    status, _, page = await get(sandbox.base_url + location)
    assert status == 200 and "Player 1's seat" in page
    key = panel_key(page)
    status, _, again = await get(sandbox.base_url + location)  # a reload, the history or a second tab
    assert status == 403 and 'id="private"' not in again and 'id="gate"' in again
    status, location, _ = await post(base + "/choose", {"key": key, "choice": "0"})
    assert status == 303 and location == f"/sandbox/{game_id}#turn"  # the next player's pass step
    status, _, page = await get(base)
    assert "Player 2's turn" in page and 'id="private"' not in page
    status, location, _ = await post(base + "/pass", {"seat": "0"})  # Player 1 is no longer awaited
    status, _, page = await get(sandbox.base_url + location)
    assert "not waiting for that seat" in words(page) and 'id="private"' not in page
    async with aiohttp.ClientSession() as session, session.get(f"{base}/hand/{key}.png") as answer:
        assert answer.status == 404  # Player 1's hand, from the panel of a version gone by


async def test_a_guide_is_a_page_linked_from_the_sandbox(sandbox: Companion) -> None:
    _, _, home = await get(sandbox.base_url + "/")
    assert all(f'href="/guide/{kind}"' in home for kind in KITS)
    game_id = await new_game(sandbox, "wanderzirkus", 1, ())
    _, _, page = await get(f"{sandbox.base_url}/sandbox/{game_id}")
    assert f'href="/guide/wanderzirkus?from=/sandbox/{game_id}"' in page
    assert "G green, B blue, R red, P purple, Y yellow" in page  # the key beside the choices
    table = await sandbox.core.table(game_id)
    digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
    assert f'<code class="wrap" id="commitment">{digest}</code>' in page and str(table.record.seed) not in page
    status, _, guide = await get(f"{sandbox.base_url}/guide/wanderzirkus?from=/sandbox/{game_id}")
    assert status == 200 and "<h1>How to play Der Wanderzirkus</h1>" in guide
    assert '<h2>Scoring</h2>' in guide and "<strong>Green</strong>" in guide and "Reading the choices" in guide
    assert f'href="/sandbox/{game_id}"' in guide
    status, _, guide = await get(f"{sandbox.base_url}/guide/wanderzirkus?from=https://elsewhere.example/")
    assert status == 200 and "elsewhere" not in guide
    status, _, missing = await get(f"{sandbox.base_url}/guide/chess")
    assert status == 404 and "this address names none of them" in missing


def test_a_guides_html_is_shown_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = (Section("Goal", '<script>alert(1)</script> <img src=x onerror=alert(2)> [link](javascript:alert(3))'),)
    monkeypatch.setattr(guides, "guide", lambda kind: hostile)
    guides.guide_body.cache_clear()
    try:
        body = guides.guide_body("circus_train")
    finally:
        guides.guide_body.cache_clear()
    assert "<script>" not in body and "<img" not in body and "href=\"javascript:" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
async def test_the_sandbox_command_starts_without_a_token(tmp_path: Path, stop: signal.Signals) -> None:
    """``python -m web.sandbox`` (what scripts/sandbox runs): no token, no Discord; Ctrl+C (or a service
    manager's SIGTERM) stops it cleanly."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("RINGMASTER_")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "web.sandbox", "--listen", "127.0.0.1:0", "--db", str(tmp_path / "s.sqlite3"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=environment, cwd=tmp_path,
        start_new_session=True)
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
        address = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        assert address, line
        async with aiohttp.ClientSession() as session, session.get(address.group(1) + "/") as answer:
            assert answer.status == 200 and "The Ringmaster sandbox" in await answer.text()
        process.send_signal(stop)
        assert await asyncio.wait_for(process.wait(), 30) == 0
        assert (tmp_path / "s.sqlite3").exists()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_the_sandbox_command_refuses_a_bad_address(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "web.sandbox", "--listen", "nowhere", stderr=asyncio.subprocess.PIPE, cwd=tmp_path)
    _, error = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2 and "--listen must be HOST:PORT" in error.decode()


def test_the_hot_seats_keys_open_once_expire_and_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(sandbox_module.time, "monotonic", lambda: now[0])
    keys: Keys[str] = Keys(lifetime=60.0, kept=3)
    first = keys.issue("Player 1")
    assert keys.peek(first) == "Player 1" and keys.take(first) == "Player 1"
    assert keys.take(first) is None  # spent
    late = keys.issue("late")
    now[0] += 61
    assert keys.take(late) is None  # expired
    issued = [keys.issue(f"tab {number}") for number in range(5)]
    assert [keys.peek(key) for key in issued] == [None, None, "tab 2", "tab 3", "tab 4"]  # the newest 3 only
    assert len(set(issued)) == 5 and all(len(key) >= 24 for key in issued)
