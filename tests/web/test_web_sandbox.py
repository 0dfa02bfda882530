"""The sandbox over HTTP (the browser tests play whole games in it): what it refuses, in a sentence, and
its command line, started as `sh scripts/sandbox` starts it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from web.companion import Companion
from web.sandbox import open_sandbox

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
    assert status == 303 and re.fullmatch(r"/sandbox/\d+", location)
    return int(location.rsplit("/", 1)[1])


@pytest.mark.parametrize(("form", "sentence"), [
    ({"kind": "chess", "seats": "2"}, "Choose one of the four games."),
    ({"kind": "dreadful_circus", "seats": "2"}, "Dreadful Circus takes 4 to 8 players."),
    ({"kind": "wanderzirkus", "seats": "many"}, "Der Wanderzirkus takes 1 to 6 players."),
    ({"kind": "little_circuses", "seats": "2", "option-special_side": "green"}, "special_side must be one of"),
])
async def test_a_game_that_cannot_be_set_up_is_told_in_a_sentence(sandbox: Companion, form: dict[str, object],
                                                                  sentence: str) -> None:
    status, _, page = await post(sandbox.base_url + "/sandbox/new", form)
    assert status == 400 and sentence in page.replace("&#x27;", "'")
    assert not await sandbox.core.store.games_in_guild(1, statuses=("lobby", "active"))


async def test_the_seats_variants_and_automatic_player_are_as_chosen(sandbox: Companion) -> None:
    status, location, _ = await post(sandbox.base_url + "/sandbox/new", {
        "kind": "wanderzirkus", "seats": "3", "automatic": ["1", "3", "9"], "option-simplified": "true"})
    assert status == 303
    table = await sandbox.core.table(int(location.rsplit("/", 1)[1]))
    assert table.names == ["Robot 1", "Player 2", "Robot 3"]
    assert table.record.options["simplified"] is True and table.record.options["pro"] is False
    autopilot = {clock.seat for clock in await sandbox.core.life.clocks(table.id) if clock.autopilot}
    assert autopilot == {0, 2}
    assert set(table.awaited()) <= {1}  # the automatic player has moved every seat it takes


async def test_a_choice_from_elsewhere_or_for_a_robot_is_refused(sandbox: Companion) -> None:
    game_id = await new_game(sandbox)
    table = await sandbox.core.table(game_id)
    url = f"{sandbox.base_url}/sandbox/{game_id}/choose"
    version = str(table.record.version)
    status, _, page = await post(url, {"seat": "0", "version": version, "choice": "0"},
                                 {"Sec-Fetch-Site": "cross-site"})
    assert status == 403 and "only from its own pages" in page
    status, _, page = await post(url, {"seat": "0", "version": version, "choice": "0"},
                                 {"Origin": "http://elsewhere.example"})
    assert status == 403
    status, _, page = await post(url, {"seat": "1", "version": version, "choice": "0"})
    assert status == 400 and "Choose one of the listed choices." in page
    status, _, page = await post(url, {"seat": "0", "version": version, "choice": "999"})
    assert status == 409 and "That choice is no longer on offer." in page
    assert (await sandbox.core.table(game_id)).record.version == table.record.version  # nothing changed
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{sandbox.base_url}/sandbox/{game_id}/hand/1/{version}.png") as answer:
            assert answer.status == 404  # the robot's hand is not shown
        async with session.get(f"{sandbox.base_url}/sandbox/{game_id}/hand/0/{version}.png") as answer:
            assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"


async def test_a_choice_made_on_an_old_page_is_refused(sandbox: Companion) -> None:
    game_id = await new_game(sandbox)
    table = await sandbox.core.table(game_id)
    url = f"{sandbox.base_url}/sandbox/{game_id}/choose"
    status, _, _ = await post(url, {"seat": "0", "version": str(table.record.version), "choice": "0"})
    assert status == 303
    status, _, page = await post(url, {"seat": "0", "version": str(table.record.version), "choice": "0"})
    assert status == 409 and "out of date" in page


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
