"""What "Suggest" costs: per game, how long a player waits for a suggestion, and how long it holds the bot's
event loop (the part that must stay small: the search itself runs in the thinker's worker process).

For each of the four games, a game with hints is played some moves in (by the automatic player), then the awaited
seat asks for a suggestion ASKS times through TableCore.suggest (each a real one: a thought in a worker at the
strong level, and the seat's count written in its own change), while a ticker on the loop notes how late it wakes
(every 5 ms). Prints per game the suggestion's latency (p50, p99) and the loop's lag (p99, max). A game whose
strong player has no search yet thinks at the normal level in a thread: its figures are the floor.

Run: nice -n 10 .venv/bin/python bench/hints.py [--asks 20] [--moves 12] [--workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.store import GameStore
from rules.core.players import decide
from rules.core.rng import Rng
from rules.registry import get_game
from table.core import TableCore
from table.model import Table
from table.thinking import open_thinker

KINDS = {"circus_train": 2, "wanderzirkus": 2, "little_circuses": 2, "dreadful_circus": 4}
TICK = 0.005


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    """How late the loop wakes a task that asked to sleep TICK: the time it was held by something else."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - asked - TICK)


def automatic(table: Table, seat: int) -> Any:
    """The normal automatic player's move for the seat (its own random stream, as a robot's)."""
    assert table.state is not None
    return decide(table.game, table.state, seat, "normal", Rng.from_seed(table.record.version)).action


async def one_game(core: TableCore, kind: str, players: int, moves: int, asks: int) -> str:
    users = list(range(1000, 1000 + players))
    table = await core.create(kind, 1, 2, users[0], "P1", {}, hints=True)
    for index, user in enumerate(users[1:], start=2):
        await core.join(table.id, user, f"P{index}")
    await core.start(table.id, users[0], thread_id=3)
    for _ in range(moves):  # some way into the game, by the automatic player of the awaited seats
        current = await core.table(table.id)
        if not current.awaited() or current.state is None:
            break
        await core.tables.act(table.id, None, None, automatic, seat=current.awaited()[0])
    current = await core.table(table.id)
    seat = current.awaited()[0]
    user = current.user_of(seat)
    assert current.state is not None
    choices = len(current.game.legal_actions(current.state, seat))
    waits: list[float] = []
    lags: list[float] = []
    stop = asyncio.Event()
    ticking = asyncio.create_task(ticker(lags, stop))
    for _ in range(asks):
        started = time.perf_counter()
        await core.suggest(table.id, user, current.record.version)
        waits.append(time.perf_counter() - started)
    stop.set()
    await ticking
    searched = "search" if get_game(kind).supports_search else "no search: normal level"
    return (f"{kind:16} ({searched:24}, {choices:3} choices) suggestion p50 {statistics.median(waits) * 1000:7.1f} ms, "
            f"p99 {percentile(waits, 0.99) * 1000:7.1f} ms; loop lag p99 {percentile(lags, 0.99) * 1000:5.1f} ms, "
            f"max {max(lags) * 1000:5.1f} ms")


async def main(asks: int, moves: int, workers: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await GameStore.open(Path(folder) / "games.sqlite3")
        core = TableCore(store, thinker=await open_thinker(workers))
        try:
            for kind, players in KINDS.items():
                print(await one_game(core, kind, players, moves, asks), flush=True)
        finally:
            await core.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--asks", type=int, default=20)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--workers", type=int, default=1)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.asks, arguments.moves, arguments.workers))
