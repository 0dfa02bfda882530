"""What the benchmarks share: seeded game positions to measure on, and one line of timing figures.

Positions come from seeded games played by the automatic players (as ``python -m rules simulate
--auto`` plays them), so every run measures the same boards; ``KINDS`` says, per game, how many games
to sample and with which player counts and options, so that every table size and variant is seen.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.cli import chooser_rng, pick_action, pick_seat
from rules.core.game import Game

Views = list[tuple[int, dict[str, Any], dict[str, Any]]]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timing_line(name: str, seconds: list[float], width: int = 38) -> str:
    return (f"  {name:{width}s} median {statistics.median(seconds) * 1000:6.0f} ms   "
            f"p95 {percentile(seconds, 0.95) * 1000:6.0f} ms   max {max(seconds) * 1000:6.0f} ms")


def sample_views(game: Game[Any, Any], games: int, every: int,
                 setup: Callable[[int], tuple[int, Mapping[str, object]]], first_seed: int = 0) -> Views:
    """(players, spectator view, awaited seat's view) every ``every`` decisions of ``games`` seeded
    games (seeds from ``first_seed`` on), plus each game's end; ``setup(seed)`` gives a game's player
    count and options."""
    views: Views = []
    for seed in range(first_seed, first_seed + games):
        players, options = setup(seed)
        state = game.new_game([f"Player {n}" for n in range(1, players + 1)], options, seed)
        rng = chooser_rng(seed)
        step = 0
        while not game.is_over(state):
            seat = pick_seat(game, state, rng)
            if step % every == 0:
                views.append((players, game.view(state, None), game.view(state, seat)))
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, pick_action(game, state, seat, legal, rng, auto=True))
            step += 1
        views.append((players, game.view(state, None), game.view(state, 0)))
    return views


Setup = Callable[[int], tuple[int, Mapping[str, object]]]


@dataclass(frozen=True)
class Kind:
    title: str
    games: int
    every: int
    setup: Setup
    # Caches keyed by a game's position, emptied before each board (``module:function`` names; a
    # name a version of the code does not have is skipped, so the same script measures any release).
    position_caches: tuple[str, ...]


KINDS: dict[str, Kind] = {
    "circus_train": Kind("Circus Train", 6, 60, lambda seed: (
        2 + seed % 4, ({}, {"advanced": True, "special_characters": True, "events": True})[seed % 2]), ()),
    "little_circuses": Kind("Little Circuses", 6, 40, lambda seed: (
        1 + seed % 7, {"special_side": "red" if seed % 2 and 1 + seed % 7 > 1 else "blue"}),
        ("track:track_image", "header:cards_strip")),
    "wanderzirkus": Kind("Der Wanderzirkus", 5, 30, lambda seed: (
        2 + seed % 5, ({}, {"pro": True}, {"simplified": True})[seed % 3]),
        ("board:_board_png",)),
    "dreadful_circus": Kind("Dreadful Circus", 6, 40, lambda seed: (4 + seed % 5, {"draft": seed % 2 == 1}), ()),
}
