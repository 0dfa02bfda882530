"""What robot seats cost the people at the same tables: many Dreadful Circus games of two people and two strong
robots played at once, without Discord, through TableCore as the bot plays them (robots' strong decisions in a
low-priority worker process, table/thinking.py).

People move at ``--rate`` moves a second, spread over the games that wait for one of them (each move is
``TableCore.play`` with the game's heuristic choosing, so the robots' cost is the only thing that differs from
a table of people). It prints, for the measured ``--duration``:

- people's moves: how long ``TableCore.play`` took (p50, p99, max) — what a member waits for after a click;
- the event loop's lag (how late a task sleeping 10 ms wakes: p50, p99, max), sampled the whole time;
- robots: moves made, decisions thrown away because the game moved meanwhile, and how long each robot took
  from the start of its turn to its saved move, with the product's pacing off (``--delay 0``: its thinking
  and saving alone) or on (the product's 3 s);
- the worker's CPU time per strong decision is not measured here: ``bench/strength.py`` does.

Run: nice -n 10 .venv/bin/python bench/robots.py [--games 40] [--rate 10] [--duration 30] [--delay 0]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.store import GameStore
from rules.core.rng import Rng
from table.core import TableCore
from table.errors import TableError
from table.model import Table
from table.thinking import ProcessThinker

GUILD, CHANNEL = 1, 2
PROBE = 0.01


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def spread(name: str, values: list[float]) -> str:
    return (f"{name}: n={len(values)} p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 "
            f"{percentile(values, 0.99) * 1000:.1f} ms, max {max(values, default=float('nan')) * 1000:.1f} ms")


def person_move(table: Table, seat: int) -> object:
    assert table.state is not None
    legal = table.game.legal_actions(table.state, seat)
    return table.game.auto_action(table.game.view(table.state, seat), legal, Rng.from_seed(table.record.version))


async def lag_probe(samples: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(PROBE)
        samples.append(loop.time() - before - PROBE)


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="ringmaster-robots-"))
    store = await GameStore.open(folder / "games.sqlite3")
    thinker = ProcessThinker(1)
    await thinker.start()
    core = TableCore(store, thinker=thinker)
    core.robots.delay = args.delay
    rng = random.Random(args.seed)
    games: list[int] = []
    for number in range(args.games):
        people = (1000 + 2 * number, 1001 + 2 * number)
        table = await core.create("dreadful_circus", GUILD, CHANNEL, people[0], f"p{people[0]}", {})
        await core.join(table.id, people[1], f"p{people[1]}")
        for _ in range(2):
            await core.add_robot(table.id, people[0], "strong")
        await core.start(table.id, people[0], thread_id=100 + number)
        games.append(table.id)
    lags: list[float] = []
    probe = asyncio.create_task(lag_probe(lags))
    answers: list[float] = []
    started = time.perf_counter()
    measuring_from = started + args.warmup
    end = measuring_from + args.duration
    measuring = False
    moved_before = recomputed_before = 0
    while time.perf_counter() < end:
        if not measuring and time.perf_counter() >= measuring_from:
            measuring = True  # the warm-up's figures are dropped
            lags.clear()
            answers.clear()
            moved_before, recomputed_before = core.robots.moved, core.robots.recomputed
        tick = time.perf_counter()
        for game_id in rng.sample(games, len(games)):
            table = await core.table(game_id)
            if table.record.status != "active":
                continue
            waiting = [seat for seat in table.awaited() if not table.is_robot(seat)]
            if not waiting:
                continue
            before = time.perf_counter()
            try:
                await core.play(game_id, table.user_of(waiting[0]), None, person_move)
            except TableError:
                continue  # a robot moved in between: that person's decision changed
            answers.append(time.perf_counter() - before)
            break
        await asyncio.sleep(max(0.0, 1 / args.rate - (time.perf_counter() - tick)))
    probe.cancel()
    finished = sum([(await core.lobby_view(game)).record.status == "finished" for game in games])
    moved = core.robots.moved - moved_before
    waited = list(core.robots.waited)[-moved:] if moved else []
    print(f"{args.games} Dreadful Circus games (2 people + 2 strong robots each), people at {args.rate:g} moves/s, "
          f"{args.duration:g} s measured after {args.warmup:g} s, robot delay {args.delay:g} s; games finished: "
          f"{finished}")
    print(spread("people's moves (TableCore.play)", answers))
    print(spread("event loop lag", lags))
    print(f"robots: {moved} moves, {core.robots.recomputed - recomputed_before} decisions thought again")
    print(spread("robot turn start to saved move", waited))
    await core.robots.idle()
    await core.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rate", type=float, default=10.0, help="people's moves per second")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--delay", type=float, default=0.0, help="the robots' pacing (the product's: 3)")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
