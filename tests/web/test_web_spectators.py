"""Spectators cost the players nothing they would notice: a poll reads the version alone, pages and public logs
are kept per game version, and every web picture waits behind Discord's renders."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import db.games
import db.store
from db.records import Snapshots
from rules.core.game import View
from table import renders as renders_module
from table.core import TableCore
from table.renders import Priorities, ProcessRenders, RendersBusy, ThreadRenders
from web.history import public_steps, replayed_steps

from discord_table import cheap_renders
from web_helpers import fetch, path_of, play_automatic, serving, started_game

KIND = "circus_train"


class Decodes:
    """Every game row turned into a record, and every snapshot decoded, while it counts."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rows = 0
        self.snapshots = 0
        for module, name in ((db.games, "game"), (db.store, "_game")):
            monkeypatch.setattr(module, name, self._counted(getattr(module, name), "rows"))
        monkeypatch.setattr(Snapshots, "load", self._counted(Snapshots.load, "snapshots"))

    def _counted(self, function: Callable[..., Any], counter: str) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            setattr(self, counter, getattr(self, counter) + 1)
            return function(*args, **kwargs)
        return counted

    def reset(self) -> None:
        self.rows = self.snapshots = 0


async def test_a_poll_decodes_no_row_and_sees_every_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    decodes = Decodes(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, KIND, 2)
        polls = [f"{web.base_url}/game/{table.id}/state.json", f"{web.follow_link(table.record)}/state.json",
                 f"{web.seat_link(table, 0)}/state.json"]
        assert "/link/" in polls[2]
        decodes.reset()
        for _ in range(5):
            for url in polls:
                status, _, body = await fetch(url)
                assert status == 200 and f'"version": {table.record.version}' in body.decode()
        assert (decodes.rows, decodes.snapshots) == (0, 0)

        moved = await play_automatic(web.core, table.id, 1)
        assert moved.record.version > table.record.version
        decodes.reset()
        for url in polls:
            status, _, body = await fetch(url)
            assert status == 200 and f'"version": {moved.record.version}' in body.decode()
        assert (decodes.rows, decodes.snapshots) == (0, 0)


async def test_a_poll_still_refuses_what_a_page_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read from the version alone, the poll keeps the page's checks: a private game has no open address, and a
    seat's link stops opening once its seat is handed over."""
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: False) as web:
        table = await started_game(web.core, KIND, 2)
        assert (await fetch(f"{web.base_url}/game/{table.id}/state.json"))[0] == 404
        seat = web.seat_link(table, 1)
        assert (await fetch(f"{seat}/state.json"))[0] == 200
        await web.core.offer_seat(table.id, table.user_of(1), 999, False)
        await web.core.hand_over(table.id, 1, table.user_of(1), 999, 999)
        status, _, body = await fetch(f"{seat}/state.json")
        assert status == 403 and "passed to another player" in body.decode()
        assert (await fetch(seat))[0] == 403


async def test_a_page_is_made_once_a_version_and_anew_after_a_move(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    logs: list[int] = []
    public_log = TableCore.public_log

    async def counted_log(core: TableCore, table: Any) -> list[str]:
        logs.append(table.record.version)
        return await public_log(core, table)

    monkeypatch.setattr(TableCore, "public_log", counted_log)
    decodes = Decodes(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, KIND, 2)
        table = await play_automatic(web.core, table.id, 2)
        page = f"{web.base_url}/game/{table.id}"
        first = (await fetch(page))[2]
        decodes.reset()
        again = [(await fetch(page))[2] for _ in range(3)]
        assert again == [first] * 3
        assert logs == [table.record.version]  # the public log was built once for this version
        assert (decodes.rows, decodes.snapshots) == (0, 0)  # and the page was served without reading the game
        board = f"{page}/board/{table.record.version}/0.png"
        assert (await fetch(board))[0] == 200 and (decodes.rows, decodes.snapshots) == (0, 0)

        moved = await play_automatic(web.core, table.id, 1)
        after = (await fetch(page))[2]
        assert after != first and f'data-version="{moved.record.version}"' in after.decode()
        assert logs == [table.record.version, moved.record.version]
        assert (await fetch(page))[2] == after and len(logs) == 2


async def test_a_seat_page_is_its_own_though_the_public_part_is_shared(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, KIND, 2)
        spectator = (await fetch(f"{web.base_url}/game/{table.id}"))[2].decode()
        ann = (await fetch(web.seat_link(table, 0)))[2].decode()
        bea = (await fetch(web.seat_link(table, 1)))[2].decode()
        assert 'id="private"' not in spectator and "Ann&#x27;s seat" in ann and "Bea&#x27;s seat" in bea
        assert "Bea&#x27;s seat" not in ann and "Ann&#x27;s seat" not in bea
        assert path_of(web.seat_link(table, 0)) in ann


# ----- the render pool's two priorities ----------------------------------------------------------------------
class Gate:
    """Drawing functions that note when they start and may be held until let go."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.go = threading.Event()
        self.lock = threading.Lock()

    def held(self, name: str, result: Any) -> Callable[..., Any]:
        def draw(*args: Any) -> Any:
            with self.lock:
                self.started.append(name)
            self.go.wait(10)
            return result
        return draw


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never came true")


async def test_web_pictures_wait_while_a_discord_render_is_in_flight(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(renders_module, "draw_board", gate.held("board", [b"board"]))
    monkeypatch.setattr(renders_module, "draw_hand", gate.held("hand", b"hand"))
    monkeypatch.setattr(renders_module, "draw_past_board", gate.held("past board", b"past"))
    renders = ThreadRenders()
    view: View = {"a": 1}
    board = asyncio.create_task(renders.board(KIND, view))
    await until(lambda: gate.started == ["board"])
    # Two web pictures asked while Discord's board is drawn, then a player's hand: the hand goes first.
    page_hand = asyncio.create_task(renders.page_hand(KIND, view))
    past = asyncio.create_task(renders.past_board(KIND, view))
    hand = asyncio.create_task(renders.hand(KIND, view))
    await until(lambda: len(gate.started) == 2)
    await asyncio.sleep(0.05)
    assert gate.started == ["board", "hand"] and renders.priorities.waiting == 2
    gate.go.set()
    assert await board == [b"board"] and await hand == b"hand"
    assert await page_hand == b"hand" and await past == b"past"
    assert gate.started == ["board", "hand", "hand", "past board"]
    # The page's board is the one drawn for the thread: it is not drawn again.
    assert await renders.page_board(KIND, view) == [b"board"] and len(gate.started) == 4
    await renders.close()


async def test_low_priority_jobs_run_one_at_a_time_and_a_cancelled_one_gives_its_turn_away() -> None:
    priorities = Priorities(room=1, share=1)
    started: list[str] = []
    release = asyncio.Event()

    async def job(name: str) -> str:
        started.append(name)
        await release.wait()
        return name

    first = asyncio.create_task(priorities.after(lambda: job("first")))
    second = asyncio.create_task(priorities.after(lambda: job("second")))
    await until(lambda: started == ["first"] and priorities.waiting == 1)
    second.cancel()
    await until(lambda: priorities.waiting == 0)
    third = asyncio.create_task(priorities.after(lambda: job("third")))
    await until(lambda: priorities.waiting == 1)
    release.set()
    assert await first == "first" and await third == "third"
    assert started == ["first", "third"] and second.cancelled()
    assert (priorities.running, priorities.waiting, priorities.urgent) == (0, 0, 0)


async def test_a_full_queue_refuses_the_next_low_priority_job() -> None:
    priorities = Priorities(room=1, share=1, queue=2)
    release = asyncio.Event()

    async def job() -> None:
        await release.wait()

    jobs = [asyncio.create_task(priorities.after(job)) for _ in range(3)]  # one runs, two wait
    await until(lambda: priorities.running == 1 and priorities.waiting == 2)
    with pytest.raises(RendersBusy, match="busy being drawn for the players"):
        await priorities.after(job)
    release.set()
    await asyncio.gather(*jobs)
    await priorities.after(job)  # room again


async def test_a_page_refused_for_a_full_queue_says_when_to_come_back(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)

    async def busy(self: ThreadRenders, kind: str, view: View) -> list[bytes]:
        raise RendersBusy()

    monkeypatch.setattr(ThreadRenders, "page_board", busy)
    decodes = Decodes(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, KIND, 2)
        status, headers, body = await fetch(f"{web.base_url}/game/{table.id}")
        assert status == 503 and headers["Retry-After"] == "5"
        assert "busy being drawn for the players right now" in body.decode()
        # Asked again at once (as a following page does), the same version is refused without reading the game.
        decodes.reset()
        page = f"{web.base_url}/game/{table.id}"
        for url in (page, f"{page}/board/{table.record.version}/0.png"):
            assert (await fetch(url))[0] == 503
        assert (decodes.rows, decodes.snapshots) == (0, 0)
        monkeypatch.undo()  # the queue has room again: once the game moves, its new version is drawn
        cheap_renders(monkeypatch)
        moved = await play_automatic(web.core, table.id, 1)
        assert moved.record.version != table.record.version
        assert (await fetch(f"{web.base_url}/game/{table.id}"))[0] == 200


async def test_the_webs_worker_is_a_process_of_the_lowest_priority(tmp_path: Path) -> None:
    """Web pictures and a replay page's steps are made in a worker process of their own at nice 19 (records
    and actions travel to it as they are), so the processor goes to Discord's boards first."""
    renders = ProcessRenders(1)
    try:
        await renders.start()
        assert await renders.later(_niceness) == 19
        async with serving(tmp_path) as web:
            table = await started_game(web.core, KIND, 2)
            table = await play_automatic(web.core, table.id, 3)
            actions = await web.core.actions(table.id)
            steps = await renders.later(replayed_steps, table.record, table.seats, actions)
            assert steps == public_steps(table, actions) and len(steps) > 1
    finally:
        await renders.close()


def _niceness() -> int:
    import os
    return os.nice(0)
