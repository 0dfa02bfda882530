"""How long ``/me inbox`` takes to build for a player in many games: the player's inbox (every game read, its
deadline, its "what changed since your last move" line) and its pages, as TableCore.inbox and
table.inbox.inbox_pages make them for the command.

Builds a database (SQLite, in a temporary folder) where one player sits in GAMES games of the four kinds,
spread over two servers, each with three or four players and some tens of moves played by the automatic
player, so their logs hold what a game's do after a few days. Then it reads the player's inbox READS times,
each on a warm core (the game states kept between readings, as a running bot has them) and on a cold one (a
core just opened, as after a restart), and prints p50 and p99 of each. The load benchmark's target for a
private answer is a p99 under 100 ms (the "Take your turn" panel; see docs/performance.md).

Run: .venv/bin/python bench/inbox.py [--games 50] [--reads 200] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.store import GameStore
from table import inbox
from table.core import TableCore
from table.errors import TableError

PLAYER = 1000
KINDS = {"circus_train": 3, "wanderzirkus": 3, "little_circuses": 3, "dreadful_circus": 4}
GUILDS = (1, 2)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def build(path: Path, games: int, seed: int) -> None:
    """``games`` games with PLAYER in each, some tens of automatic moves into each."""
    rng = random.Random(seed)
    store = await GameStore.open(path)
    core = TableCore(store)
    try:
        kinds = list(KINDS)
        for number in range(games):
            kind = kinds[number % len(kinds)]
            others = [PLAYER + 1 + number * 10 + seat for seat in range(KINDS[kind] - 1)]
            table = await core.create(kind, GUILDS[number % 2], 10 + number % 2, others[0], f"p{others[0]}", {},
                                      deadline_minutes=24 * 60)
            for user in [*others[1:], PLAYER]:
                await core.join(table.id, user, f"p{user}")
            await core.start(table.id, others[0], thread_id=100 + number)
            for _ in range(rng.randrange(10, 60)):
                current = await core.table(table.id)
                if current.over or not current.awaited():
                    break
                try:
                    await core.keeper.play_for(table.id, rng.choice(current.awaited()))
                except TableError:
                    continue
    finally:
        await core.close()


async def read(path: Path, reads: int, cold: bool) -> tuple[list[float], int, int, int]:
    """Milliseconds per inbox built, with the number of entries, of those waiting, and of pages."""
    times: list[float] = []
    core = await TableCore.open(path)
    entries: list[inbox.InboxEntry] = []
    pages: list[str] = []
    try:
        for _ in range(reads):
            if cold:
                await core.close()
                gc.unfreeze()
                core = await TableCore.open(path)
                # As a bot does once ready (cogs/runtime.py, freeze_start_up): collect, then set what start-up
                # made aside from the collector. Without it the earlier readings' cores, let go but not yet
                # collected, are walked by a full collection inside a reading (a bot restarts once, with none).
                gc.collect()
                gc.freeze()
            started = time.perf_counter()
            entries = await core.inbox(PLAYER)
            pages = inbox.inbox_pages(entries)
            times.append((time.perf_counter() - started) * 1000)
    finally:
        await core.close()
        gc.unfreeze()
    return times, len(entries), sum(entry.waiting for entry in entries), len(pages)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--reads", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "inbox.sqlite3"
        await build(path, args.games, args.seed)
        for cold in (False, True):
            times, count, waiting, pages = await read(path, args.reads if not cold else max(10, args.reads // 4), cold)
            print(f"{'cold' if cold else 'warm'}: {count} games ({waiting} waiting), {pages} pages; "
                  f"building the inbox p50 {statistics.median(times):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, "
                  f"max {max(times):.1f} ms over {len(times)} readings")


if __name__ == "__main__":
    asyncio.run(main())
