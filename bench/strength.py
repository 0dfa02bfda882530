"""Playing strength of the automatic player's levels, and what a strong decision costs.

For each game and each pairing ``HERO:OTHERS`` (default ``strong:normal`` and ``normal:easy``) it plays
``--games`` seeded games with one seat at the hero's level and every other seat at the others' level,
the hero's seat moving round the table from game to game, and prints per game and player count:

- the hero's share of the wins (a shared win split among the tied winners) against its fair share
  (one seat's worth, 1/players), as a ratio with its 95 % interval (normal approximation over games);
- the CPU seconds of the hero's decisions: median and p99 of those with a choice (more than one legal
  action), and the median over all of them, forced ones included; every sample is counted.

Games run in ``--jobs`` worker processes (default: every core); CPU is each process's own time, so
other load on the machine slows the run but does not change the figures much. The levels are those
users get: the same ``rules.core.players.decide`` and per-game budgets as robot seats and hints.

Run: .venv/bin/python bench/strength.py [--game KEY ...] [--games 200] [--pairing strong:normal ...]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core import arena
from rules.core.players import Level, parse_level
from rules.registry import GAMES

from sampling import percentile

# The table each game is measured at: three players, and four for Dreadful Circus (its smallest table).
PLAYERS = {"circus_train": 3, "little_circuses": 3, "wanderzirkus": 3, "dreadful_circus": 4}


@dataclass(frozen=True)
class Task:
    game: str
    hero: Level
    others: Level
    players: int
    index: int
    seed: int


@dataclass(frozen=True)
class Result:
    task: Task
    share: float
    choices: list[float]
    decisions: list[float]


def play_one(task: Task) -> Result:
    hero_seat = task.index % task.players
    levels = tuple(task.hero if seat == hero_seat else task.others for seat in range(task.players))
    played = arena.play(GAMES[task.game], levels, task.seed)
    return Result(task, played.win_share(hero_seat), played.choices[hero_seat], played.decisions[hero_seat])


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval by the normal approximation."""
    mean = statistics.fmean(values)
    spread = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - spread, mean + spread


def report(game: str, hero: Level, others: Level, players: int, results: list[Result], seconds: float) -> str:
    fair = 1 / players
    mean, low, high = interval([result.share for result in results])
    choices = [t for result in results for t in result.choices]
    decisions = [t for result in results for t in result.decisions]
    cpu = (f"{statistics.median(choices) * 1000:6.1f} | {percentile(choices, 0.99) * 1000:6.1f} | "
           if choices else "     – |      – | ")
    return (f"| {GAMES[game].name} | {players} | {hero} vs {others} | {len(results)} | {mean:5.1%} | {fair:5.1%} | "
            f"{mean / fair:4.2f}× | {low / fair:4.2f}–{high / fair:4.2f}× | {cpu}"
            f"{statistics.median(decisions) * 1000:5.1f} | {len(choices)} | {seconds / 60:5.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (repeatable; default all)")
    parser.add_argument("--games", type=int, default=200, help="games per game and pairing (default 200)")
    parser.add_argument("--pairing", action="append", metavar="HERO:OTHERS",
                        help="levels as HERO:OTHERS (repeatable; default strong:normal and normal:easy)")
    parser.add_argument("--players", type=int, help="player count (default 3, and 4 for Dreadful Circus)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="game i uses seed SEED+i")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args()
    pairings = [tuple(parse_level(level) for level in text.split(":")) for text in
                (args.pairing or ["strong:normal", "normal:easy"])]
    games = args.game or list(GAMES)
    print(f"{args.games} games per setting, seeds from {args.seed}, {args.jobs} worker processes, "
          f"{os.cpu_count()} cores; CPU in ms per decision of the hero's seat")
    print("| game | players | levels | games | hero won | fair share | ratio | 95 % interval | "
          "median (choice) | p99 (choice) | median (all) | decisions | minutes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs) as pool:
        for game in games:
            players = args.players or PLAYERS[game]
            for hero, others in pairings:
                tasks = [Task(game, hero, others, players, index, args.seed + index) for index in range(args.games)]
                started = time.perf_counter()
                results = list(pool.imap_unordered(play_one, tasks))
                print(report(game, hero, others, players, results, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
