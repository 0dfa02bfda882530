"""Seat balance: does any seat win more for where it sits, with the automatic player in every seat?

For each game, at its smallest, a middle and its largest player count, plays N seeded games exactly
as ``python -m rules simulate GAME --auto`` does (game i from seed SEED+i, the automatic player in
every seat) and prints, by seat: the win rate with its 95 % interval and the mean score. A game
won jointly gives each winner an equal share, so the win rates add up to 100 %.

The spread is the highest seat's win rate less the lowest's. Even with no bias at all some spread
comes from chance, so the bench also prints the spread that N games of equally strong seats stay
under 95 % of the time (drawn by simulation from a fixed seed: the same N, the same figure) and the
share of such fair runs whose spread is as large as the one measured (p). A setting passes when its
spread is at most 10 points or within that 95 % bound of no difference.

Solo games have no seat to compare: a game that allows 1 player is measured from 2.

Run: .venv/bin/python bench/balance.py [--games N] [--jobs J] [--game KEY ...] [--players P ...]
                                       [--seed S] [--option KEY=VALUE ...]
Prints figures and a Markdown table (for docs/balance.md); nothing is asserted.
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cli import default_names, play_out
from rules.registry import GAMES

SPREAD_LIMIT = 10.0  # points of win rate
Z95 = 1.96
NULL_TRIALS = 4000


@dataclass(frozen=True)
class Setting:
    game: str
    players: int
    options: tuple[tuple[str, str], ...]


@dataclass
class Result:
    setting: Setting
    games: int
    wins: list[float]  # per seat, ties shared
    scores: list[float]  # per seat, summed
    seconds: float

    def rate(self, seat: int) -> float:
        return 100 * self.wins[seat] / self.games

    def interval(self, seat: int) -> float:
        """Half-width of the 95 % interval of a seat's win rate, in points."""
        p = self.wins[seat] / self.games
        return 100 * Z95 * math.sqrt(max(p * (1 - p), 1e-9) / self.games)

    @property
    def spread(self) -> float:
        rates = [self.rate(seat) for seat in range(self.setting.players)]
        return max(rates) - min(rates)


def player_counts(key: str) -> list[int]:
    """The smallest (with at least 2 seats), a middle and the largest player count."""
    game = GAMES[key]
    low, high = max(2, game.min_players), game.max_players
    return sorted({low, (low + high) // 2, high})


def play_one(job: tuple[Setting, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One seeded game: (winners, scores)."""
    setting, seed = job
    game = GAMES[setting.game]
    state, _ = play_out(game, default_names(setting.players), dict(setting.options), seed, auto=True)
    outcome = game.outcome(state)
    assert outcome is not None
    return tuple(outcome.winners), tuple(outcome.scores)


def measure(setting: Setting, games: int, seed: int, pool: multiprocessing.pool.Pool | None) -> Result:
    started = time.perf_counter()
    jobs = [(setting, seed + index) for index in range(games)]
    results = pool.imap(play_one, jobs, chunksize=8) if pool is not None else map(play_one, jobs)
    wins = [0.0] * setting.players
    scores = [0.0] * setting.players
    for winners, game_scores in results:
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat, score in enumerate(game_scores):
            scores[seat] += score
    return Result(setting, games, wins, scores, time.perf_counter() - started)


@functools.cache
def null_spreads(games: int, players: int) -> list[float]:
    """Spreads (in points) of ``NULL_TRIALS`` runs of ``games`` games between equally strong seats."""
    rng = random.Random(games * 100 + players)
    seats = range(players)
    spreads = []
    for _ in range(NULL_TRIALS):
        counts = Counter(rng.choices(seats, k=games))
        low = min(counts[seat] for seat in seats)
        spreads.append(100 * (max(counts.values()) - low) / games)
    return sorted(spreads)


def noise(result: Result) -> tuple[float, float]:
    """(the spread 95 % of fair runs stay under, the share of fair runs at least this spread)."""
    spreads = null_spreads(result.games, result.setting.players)
    bound = spreads[int(0.95 * len(spreads))]
    p = sum(1 for spread in spreads if spread >= result.spread - 1e-9) / len(spreads)
    return bound, p


def verdict(result: Result, bound: float) -> str:
    return "fair" if result.spread <= SPREAD_LIMIT or result.spread <= bound else "BIASED"


def report(result: Result) -> str:
    setting, games = result.setting, result.games
    bound, p = noise(result)
    options = ", ".join(f"{k}={v}" for k, v in setting.options) or "no options"
    lines = [f"{GAMES[setting.game].name}, {setting.players} players, {games} games ({options}), "
             f"{result.seconds:.0f} s"]
    for seat in range(setting.players):
        lines.append(f"  seat {seat + 1}: wins {result.rate(seat):5.1f} % ± {result.interval(seat):4.1f}   "
                     f"mean score {result.scores[seat] / games:6.1f}")
    lines.append(f"  spread {result.spread:.1f} points; fair seats stay under {bound:.1f} in 95 % of runs "
                 f"(p = {p:.2f}): {verdict(result, bound)}")
    return "\n".join(lines)


def markdown(results: list[Result]) -> str:
    lines = ["| game | players | games | win % by seat (95 % interval ±) | spread | noise bound (95 %) | p | "
             "mean score by seat | verdict |",
             "|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        setting = result.setting
        bound, p = noise(result)
        name = GAMES[setting.game].name + "".join(f", {k}={v}" for k, v in setting.options)
        rates = ", ".join(f"{result.rate(s):.1f}" for s in range(setting.players))
        width = max(result.interval(s) for s in range(setting.players))
        means = ", ".join(f"{result.scores[s] / result.games:.1f}" for s in range(setting.players))
        lines.append(f"| {name} | {setting.players} | {result.games} | {rates} (±{width:.1f}) | "
                     f"{result.spread:.1f} | {bound:.1f} | {p:.2f} | {means} | {verdict(result, bound)} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per setting (default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once (default 1)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (repeatable; default smallest, middle, largest)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option for every game measured (repeatable)")
    args = parser.parse_args()
    pairs = [item.partition("=") for item in args.option]
    options = tuple((key.strip(), value.strip()) for key, _, value in pairs)
    settings = [Setting(key, players, options)
                for key in (args.game or list(GAMES))
                for players in (args.players or player_counts(key))
                if GAMES[key].min_players <= players <= GAMES[key].max_players]
    results = []
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for setting in settings:
            result = measure(setting, args.games, args.seed, pool)
            results.append(result)
            print(report(result), flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    print()
    print(markdown(results))


if __name__ == "__main__":
    main()
