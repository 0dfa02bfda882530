"""Interaction-to-answer latency through the Discord stand-in, with many live games.

Starts the local stand-in and the real bot, opens GAMES two-player Circus Train games, then, round
after round, has the awaited player of every game press "Take your turn" (the bot answers with the
private panel) and then the first choice (the bot applies it, saves it, draws and posts the new
board, and edits the panel). Prints the median and p99 of both, measured from sending the
interaction to the stand-in receiving the answer (and, for a choice, the new or updated board in the thread).

Run: .venv/bin/python bench/discord_latency.py [--games 40] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from discord_standin import standin
from discord_table import awaited, board, board_changed, button, custom_ids, mark, open_game

PLAYERS = ("alice", "bob")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, samples: list[float]) -> None:
    print(f"{name:28s} n={len(samples):4d}  median {statistics.median(samples) * 1000:7.1f} ms   "
          f"p99 {percentile(samples, 0.99) * 1000:7.1f} ms   max {max(samples) * 1000:7.1f} ms")


async def run(games: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with standin(Path(folder), interaction_deadline=60.0) as d:
            started = time.perf_counter()
            threads = []
            for _ in range(games):
                threads.append(await open_game(d, PLAYERS))
            print(f"opened {games} games in {time.perf_counter() - started:.1f}s")
            open_panel: list[float] = []
            answered: list[float] = []
            choose: list[float] = []
            for _ in range(rounds):
                for thread in threads:
                    latest = board(d, thread)
                    mover = awaited(d, latest, PLAYERS)
                    if mover is None:
                        continue
                    t0 = time.perf_counter()
                    panel = await d.click(mover, latest, button(latest, "rm:turn:"))
                    await panel.response(timeout=30)
                    open_panel.append(time.perf_counter() - t0)
                    before = mark(d, thread)
                    t0 = time.perf_counter()
                    first = custom_ids(panel.message)[0]
                    if first.startswith("rm:pick:"):
                        click = await d.select(mover, panel.message, first, ["0"])
                    else:
                        click = await d.click(mover, panel.message, first)
                    await click.response(timeout=30)
                    answered.append(time.perf_counter() - t0)
                    await board_changed(d, thread, before)
                    choose.append(time.perf_counter() - t0)
            print(f"{games} live games, {rounds} rounds:")
            report("Take your turn → panel", open_panel)
            report("choice → answered", answered)
            report("choice → board posted", choose)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.rounds))


if __name__ == "__main__":
    main()
