"""Background work claimed with leases, by real OS processes on one PostgreSQL database (each a
``tests/lease_worker.py``): a process killed while delivering keeps its games' posts only until its
leases run out, and then two processes ticking at once deliver each post once and keep each deadline once."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from datetime import timedelta
from typing import Any

from postgres_server import PostgresServer

from db.leases import LeaseStore
from db.store import GameStore
from table.core import TableCore

from db_helpers import Clock
from repo_paths import REPO, TESTS

ROOT = REPO
WORKER = TESTS / "lease_worker.py"
GUILD, CHANNEL, ANN, BEN = 1, 2, 11, 12
LEASE = 60.0
WAIT = 120.0  # seconds a worker may take at most: far beyond what it needs, so a hang fails the test


async def worker(url: str, holder: str, clock: Clock, mode: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, str(WORKER), url, holder, clock().isoformat(), str(LEASE), mode, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE)


async def report(process: asyncio.subprocess.Process) -> dict[str, Any]:
    out, _ = await asyncio.wait_for(process.communicate(), WAIT)
    assert process.returncode == 0
    answer: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return answer


async def test_a_killed_processes_work_is_taken_over_after_its_lease_and_done_once(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    clock = Clock()
    store = await GameStore.open(url, clock=clock)
    try:
        maker = TableCore(store, clock)  # no courier: what the games post waits in the outbox
        games = []
        for _ in range(3):
            table = await maker.tables.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=240)
            await maker.tables.join(table.id, BEN, "Ben")
            games.append((await maker.tables.start(table.id, ANN, thread_id=99)).id)
        posted = {row.id for game_id in games for row in await maker.outbox.pending(game_id)}
        assert posted

        # A process begins delivering every game's posts, hangs, and is killed: its leases stay behind.
        doomed = await worker(url, "doomed", clock, "hang")
        assert doomed.stdout is not None
        assert await asyncio.wait_for(doomed.stdout.readline(), WAIT) == b"began\n"
        doomed.send_signal(signal.SIGKILL)
        await doomed.wait()
        assert set((await LeaseStore(store).holders("outbox")).values()) == {"doomed"}

        # While its leases last, nobody else delivers those games' posts.
        clock.now += timedelta(seconds=LEASE - 1)
        early = await report(await worker(url, "early", clock, "tick"))
        assert early == {"done": 0, "delivered": []}

        # Later, two processes tick at once: every post is delivered once, every deadline kept once.
        clock.now += timedelta(hours=4)
        both = [await worker(url, name, clock, "tick") for name in ("first", "second")]
        reports = await asyncio.gather(*(report(process) for process in both))
        delivered = [item for answer in reports for item in answer["delivered"]]
        assert len(delivered) == len(set(delivered))  # none twice
        assert posted <= set(delivered)
        assert sum(answer["done"] for answer in reports) == len(games)
        for game_id in games:
            assert sorted(seat.missed for seat in await maker.life.clocks(game_id)) == [0, 1]
        assert await LeaseStore(store).holders("keeper") == {}  # given back when done
    finally:
        await store.close()
