"""Several bot processes on one PostgreSQL database: each has its own store (its own connections) and its own
table service, as two processes do — first two of them in one test process, then two real OS processes (each
a ``tests/press_worker.py``). Presses on shared games from both at once must neither lose nor double a move,
and a valid choice must not be refused as out of date merely because the other process wrote first."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from postgres_server import PostgresServer

from db.store import GameStore
from table.core import TableCore
from table.model import Table

GUILD, CHANNEL, ALICE = 1, 2, 11
GAMES, PRESSES = 4, 100
ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "press_worker.py"
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
        workers = [await asyncio.create_subprocess_exec(
            sys.executable, str(WORKER), url, str(ALICE), str(PRESSES // 2), *game_ids, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE) for _ in range(2)]
        for worker in workers:
            assert worker.stdout is not None
            assert await asyncio.wait_for(worker.stdout.readline(), WAIT) == b"ready\n"
        outputs = await asyncio.gather(*(asyncio.wait_for(worker.communicate(b"go\n"), WAIT) for worker in workers))
        assert [worker.returncode for worker in workers] == [0, 0]
        reports = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
        assert [report["refused"] for report in reports] == [[], []]  # none out of date, none refused at all
        accepted = [(game, version) for report in reports for game, version in report["accepted"]]
        assert len(accepted) == PRESSES
        assert len(set(accepted)) == PRESSES  # no two presses were given the same place in a log
        assert {game for report in reports for game, _ in report["accepted"]} == {table.id for table in started}
        for table in started:
            after = await core.tables.table(table.id)
            logged = await store.actions(table.id)
            assert [action.version for action in logged] == list(range(table.record.version + 1,
                                                                       after.record.version + 1))  # no gap
            # Each accepted press is in the log, as the player's own decision, exactly once; nothing else is.
            assert sorted(action.version for action in logged if not action.automatic) == sorted(
                version for game, version in accepted if game == table.id)
            replayed = await core.tables.replay(after.record, after.kit, after.names)
            assert after.game.state_to_json(replayed) == after.record.snapshot
    finally:
        await store.close()
