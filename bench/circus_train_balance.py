"""Circus Train balance with automatic players: how games end when every seat plays greedily.

Prints, per player count: the mean winning and mean last-place VP, how often each seat wins, and where
the winners' VP came from (month-end Most Talent, Best Performance, Points counters, final scoring).
Figures only; nothing asserted.

Run: .venv/bin/python bench/circus_train_balance.py [--games N] [--option KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.circus_train.game import CircusTrain
from rules.cli import chooser_rng, default_names

SOURCES = {
    "most_talent": "Most Talent", "best_performance_vp": "Best Performance", "april_performers": "April",
    "points_scored": "Points counters", "final_award": "final awards", "final_penalty": "final penalties",
}


GameResult = tuple[list[int], Counter[str], list[int]]


def play(game: CircusTrain, players: int, options: dict[str, object], seed: int) -> GameResult:
    state = game.new_game(default_names(players), options, seed)
    rng = chooser_rng(seed)
    sources: Counter[str] = Counter()
    winners_by_source: list[tuple[int, str, int]] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = game.auto_action(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, events = game.apply(state, seat, action)
        for event in events:
            if event.kind in SOURCES:
                vp = event.data["vp"] * (-1 if event.kind == "final_penalty" else 1)
                winners_by_source.append((event.data["seat"], event.kind, vp))
    outcome = game.outcome(state)
    assert outcome is not None
    for seat, kind, vp in winners_by_source:
        if seat in outcome.winners:
            sources[SOURCES[kind]] += vp
    return list(outcome.scores), sources, list(outcome.winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    game = CircusTrain()
    for players in (2, 3, 4, 5):
        wins: Counter[int] = Counter()
        top: list[int] = []
        bottom: list[int] = []
        sources: Counter[str] = Counter()
        for seed in range(args.games):
            scores, game_sources, winners = play(game, players, options, seed)
            top.append(max(scores))
            bottom.append(min(scores))
            sources.update(game_sources)
            wins.update(winners)
        total = sum(sources.values()) or 1
        print(f"{players} players, {args.games} games: winner {statistics.mean(top):.1f} VP on average, "
              f"last place {statistics.mean(bottom):.1f} VP")
        print("  wins by seat: " + ", ".join(f"seat {s + 1}: {wins[s]}" for s in range(players)))
        print("  winners' VP from: " + ", ".join(f"{name} {100 * vp / total:.0f}%"
                                               for name, vp in sources.most_common()))


if __name__ == "__main__":
    main()
