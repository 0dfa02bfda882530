"""Dreadful Circus: does every hand end with exactly 3 cards, as the rulebook's ending says?

Plays N seeded games at each player count asked (default 7 and 8, where hands are smallest), with
and without the Draft variant, with the automatic player in every seat (as ``python -m rules
simulate dreadful_circus --auto`` plays) or at random (``--random``), and counts the hands by size
when the game ends (the ``game_ends`` event). Prints figures only; nothing is asserted. The test
suite checks a bounded number of such games (tests/rules/dreadful_circus/test_dreadful_circus_ending.py).

Run: .venv/bin/python bench/dreadful_circus_hands.py [--games N] [--jobs J] [--players P ...] [--random]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.dreadful_circus.game import DreadfulCircus

GAME = DreadfulCircus()


def final_hands(job: tuple[int, bool, int, bool]) -> list[int]:
    """One seeded game: every hand's size when the game ended."""
    players, draft, seed, auto = job
    state = GAME.new_game(default_names(players), {"draft": draft}, seed)
    rng = chooser_rng(seed)
    hands: list[int] = []
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=auto)
        state, events = GAME.apply(state, seat, action)
        hands += [size for event in events if event.kind == "game_ends" for size in event.data["hands"]]
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per setting (default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once (default 1)")
    parser.add_argument("--players", type=int, action="append", help="player counts (default 7 and 8)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--random", action="store_true", help="random play instead of the automatic player")
    args = parser.parse_args()
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    play = "random play" if args.random else "automatic players"
    try:
        for players in args.players or [7, 8]:
            for draft in (False, True):
                started = time.perf_counter()
                jobs = [(players, draft, args.seed + index, not args.random) for index in range(args.games)]
                results = pool.imap(final_hands, jobs, chunksize=8) if pool is not None else map(final_hands, jobs)
                sizes: Counter[int] = Counter()
                short_games = 0
                for hands in results:
                    sizes.update(hands)
                    short_games += any(size != 3 for size in hands)
                total = sum(sizes.values())
                by_size = ", ".join(f"{count} of {size} card{'s' if size != 1 else ''}"
                                    for size, count in sorted(sizes.items()))
                print(f"{players} players, {'draft' if draft else 'basic'}, {args.games} games, {play}: "
                      f"{total} final hands: {by_size}; {short_games} games with a hand not of 3 "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()


if __name__ == "__main__":
    main()
