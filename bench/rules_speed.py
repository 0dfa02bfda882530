"""Rules-layer speed and size, per registered game: how long apply() and legal_actions() take on the
positions of seeded random games, how long the copy of the state that apply() starts with takes on its
own, and how large a state snapshot and a view are as JSON.

Run: .venv/bin/python bench/rules_speed.py [--games N] [--players P] [--game KEY]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cli import chooser_rng, default_names
from rules.core.clone import clone
from rules.registry import GAMES

from sampling import percentile


def bench_game(key: str, games: int, players: int, options: dict[str, object]) -> None:
    game = GAMES[key]
    apply_times: list[float] = []
    legal_times: list[float] = []
    copy_times: list[float] = []
    state_sizes: list[int] = []
    view_sizes: list[int] = []
    steps = 0
    started = time.perf_counter()
    for seed in range(games):
        state = game.new_game(default_names(players), options, seed)
        rng = chooser_rng(seed)
        while not game.is_over(state):
            seat = rng.pick(sorted(game.to_act(state)))
            before_copy = time.perf_counter()
            clone(state)  # the copy apply() makes of this state before resolving the action
            t0 = time.perf_counter()
            copy_times.append(t0 - before_copy)
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter()
            state, _ = game.apply(state, seat, rng.pick(legal))
            t2 = time.perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
            steps += 1
            if steps % 25 == 0:
                state_sizes.append(len(json.dumps(game.state_to_json(state))))
                view_sizes.append(len(json.dumps(game.view(state, seat))))
    elapsed = time.perf_counter() - started - sum(copy_times)  # the extra copies are not play
    label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(f"{key} ({players} players, {label}): {games} games, {steps} decisions in {elapsed:.2f}s "
          f"({games / elapsed:.1f} games/s, {steps / elapsed:.0f} decisions/s)")
    for name, values in (("apply", apply_times), ("  state copy", copy_times), ("legal_actions", legal_times)):
        print(f"  {name:14s} median {statistics.median(values) * 1e6:7.0f} µs   "
              f"mean {statistics.mean(values) * 1e6:7.0f} µs   "
              f"p99 {percentile(values, 0.99) * 1e6:7.0f} µs   max {max(values) * 1e6:7.0f} µs")
    for name, sizes in (("state JSON", state_sizes), ("view JSON", view_sizes)):
        print(f"  {name:14s} mean {statistics.mean(sizes) / 1024:6.1f} KiB   max {max(sizes) / 1024:6.1f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    args = parser.parse_args()
    for key in [args.game] if args.game else sorted(GAMES):
        bench_game(key, args.games, args.players, {})
        if key == "circus_train":
            bench_game(key, args.games, args.players,
                       {"advanced": True, "special_characters": True, "events": True})


if __name__ == "__main__":
    main()
