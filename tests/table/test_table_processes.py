"""Several bot processes on one PostgreSQL database: each has its own store (its own connections) and its own
table service, as two processes do — first two of them in one test process, then two real OS processes (each
a ``tests/press_worker.py``). Presses on shared games from both at once must neither lose nor double a move,
and a valid choice must not be refused as out of date merely because the other process wrote first: neither
a slash command's (no version) nor a panel's whose game the other player moved on meanwhile (a step both
seats decide at once, each seat played from its own process)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

from postgres_server import PostgresServer

from db.store import GameStore
from table.core import TableCore
from table.model import Table

from repo_paths import REPO, TESTS

GUILD, CHANNEL, ALICE, BOB = 1, 2, 11, 12
GAMES, PRESSES = 4, 100
ROOT = REPO
WORKER = TESTS / "press_worker.py"
WAIT = 120.0  # seconds a worker may take at most: far beyond what it needs, so a hang fails the test


def first_legal(table: Table, seat: int) -> Any:
    assert table.state is not None
    return table.game.legal_actions(table.state, seat)[0]


async def test_presses_from_two_processes_on_shared_games_lose_and_double_nothing(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    stores = [await GameStore.open(url), await GameStore.open(url)]
    try:
        cores = [TableCore(store) for store in stores]
        started = []
        for number in range(GAMES):
            # Solo games without forced moves: every press is one decision of the only seat, always valid.
            lobby = await cores[0].tables.create("circus_train", GUILD, CHANNEL, ALICE, "Alice", {}, forced_moves=False)
            started.append(await cores[0].tables.start(lobby.id, ALICE, thread_id=100 + number))
        # Both processes press every game, all at once: press i goes to process i % 2 and game (i // 2) % GAMES.
        results = await asyncio.gather(
            *(cores[index % 2].tables.act(started[(index // 2) % GAMES].id, ALICE, None, first_legal)
              for index in range(PRESSES)),
            return_exceptions=True)
        assert [result for result in results if isinstance(result, BaseException)] == []
        for number, table in enumerate(started):
            pressed = sum((index // 2) % GAMES == number for index in range(PRESSES))
            after = await cores[1].tables.table(table.id)
            logged = await stores[0].actions(table.id)
            # Every press is one logged decision of the player (a move may bring the table's own after it).
            assert sum(not action.automatic for action in logged) == pressed
            assert [action.version for action in logged] == list(range(table.record.version + 1,
                                                                       after.record.version + 1))
            replayed = await cores[0].tables.replay(after.record, after.kit, after.names)
            assert after.game.state_to_json(replayed) == after.record.snapshot
    finally:
        for store in stores:
            await store.close()


async def run_workers(url: str, *arguments: list[str]) -> list[dict[str, Any]]:
    """Start one ``press_worker.py`` per argument list, set them all going at once, and return their reports."""
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, str(WORKER), url, *args, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE) for args in arguments]
    for worker in workers:
        assert worker.stdout is not None
        assert await asyncio.wait_for(worker.stdout.readline(), WAIT) == b"ready\n"
    outputs = await asyncio.gather(*(asyncio.wait_for(worker.communicate(b"go\n"), WAIT) for worker in workers))
    assert [worker.returncode for worker in workers] == [0] * len(workers)
    return [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]


async def check_logs(core: TableCore, started: list[Table], accepted: list[tuple[int, int]]) -> None:
    """Every game's log is gap-free, holds each accepted press once as a player's decision (and no other), and
    replays to the game's snapshot."""
    assert len(set(accepted)) == len(accepted)  # no two presses were given the same place in a log
    for table in started:
        after = await core.tables.table(table.id)
        logged = await core.store.actions(table.id)
        assert [action.version for action in logged] == list(range(table.record.version + 1,
                                                                   after.record.version + 1))
        assert sorted(action.version for action in logged if not action.automatic) == sorted(
            version for game, version in accepted if game == table.id)
        replayed = await core.tables.replay(after.record, after.kit, after.names)
        assert after.game.state_to_json(replayed) == after.record.snapshot


async def test_presses_from_two_os_processes_on_shared_games_lose_and_double_nothing(
        postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    store = await GameStore.open(url)
    try:
        core = TableCore(store)
        started = []
        for number in range(GAMES):
            lobby = await core.tables.create("circus_train", GUILD, CHANNEL, ALICE, "Alice", {}, forced_moves=False)
            started.append(await core.tables.start(lobby.id, ALICE, thread_id=100 + number))
        game_ids = [str(table.id) for table in started]
        # Two bot processes, each pressing half of the moves on every game, all at once.
        reports = await run_workers(url, *([str(ALICE), "rush", str(PRESSES // 2), *game_ids] for _ in range(2)))
        assert [report["refused"] for report in reports] == [[], []]  # none out of date, none refused at all
        accepted = [(game, version) for report in reports for game, version, _ in report["accepted"]]
        assert len(accepted) == PRESSES
        assert {game for game, _ in accepted} == {table.id for table in started}
        await check_logs(core, started, accepted)
    finally:
        await store.close()


async def test_panels_pressed_in_two_os_processes_stand_though_the_other_player_moved_first(
        postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    store = await GameStore.open(url)
    try:
        core = TableCore(store)
        started = []
        for number in range(GAMES):
            # Two seats deciding at once in most steps: Alice's process and Bob's each play one seat.
            lobby = await core.tables.create("little_circuses", GUILD, CHANNEL, ALICE, "Alice", {},
                                             forced_moves=False)
            await core.tables.join(lobby.id, BOB, "Bob")
            started.append(await core.tables.start(lobby.id, ALICE, thread_id=100 + number))
        game_ids = [str(table.id) for table in started]
        per_game = str(PRESSES // GAMES)
        patient, eager = await run_workers(url, [str(ALICE), "patient", per_game, *game_ids],
                                           [str(BOB), "eager", per_game, *game_ids])
        assert patient["refused"] == eager["refused"] == []  # none out of date, none refused at all
        # Alice often pressed a panel older than the game: Bob had moved meanwhile, from his own process.
        assert sum(version - 1 > panel for _, version, panel in patient["accepted"]) >= GAMES
        accepted = [(game, version) for report in (patient, eager) for game, version, _ in report["accepted"]]
        assert len(accepted) >= PRESSES
        await check_logs(core, started, accepted)
    finally:
        await store.close()
