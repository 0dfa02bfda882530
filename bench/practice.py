"""What the practice table's "Why not…?" and lessons cost on the bot's event loop, where they are computed (they
ask the rules only, no search): per game, over seeded games of the practice table's size played by the automatic
player, the time to find a decision's lesson key and to build its "Why not…?" list (each candidate asks the rules
to refuse it), at every decision of the awaited seat. Prints p50, p99 and the worst, in milliseconds, and how many
choices the lists held on average.

Run: nice -n 10 .venv/bin/python bench/practice.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.lessons import lesson_key, tempting_actions
from rules.core.rng import Rng
from rules.registry import get_game
from table.practice import default_robots

KINDS = ("circus_train", "little_circuses", "wanderzirkus", "dreadful_circus")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for kind in KINDS:
        game = get_game(kind)
        seats = default_robots(game.min_players, game.max_players) + 1
        keys: list[float] = []
        lists: list[float] = []
        sizes: list[int] = []
        for seed in range(args.seeds):
            state = game.new_game([f"P{n}" for n in range(seats)], {}, seed)
            rng = Rng.from_seed(seed)
            while not game.is_over(state):
                seat = min(game.to_act(state))
                legal = game.legal_actions(state, seat)
                began = time.perf_counter()
                lesson_key(kind, game.legal_actions(state, seat))
                keys.append((time.perf_counter() - began) * 1000)
                began = time.perf_counter()
                sizes.append(len(tempting_actions(game, state, seat)))
                lists.append((time.perf_counter() - began) * 1000)
                state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat), legal, rng))
        print(f"{kind:16} decisions {len(lists):5}  lesson key p50 {percentile(keys, 0.5):.2f} ms "
              f"p99 {percentile(keys, 0.99):.2f} ms  why-not list p50 {percentile(lists, 0.5):.2f} ms "
              f"p99 {percentile(lists, 0.99):.2f} ms max {max(lists):.2f} ms  "
              f"choices {statistics.mean(sizes):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
