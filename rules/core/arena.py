"""Seated games between automatic players of given levels: the measure of playing strength.

``play(game, levels, seed)`` plays one game from ``seed`` with seat i played at ``levels[i]`` and
returns its outcome, with the CPU time of every decision each seat took. ``python -m rules simulate
--levels`` and ``bench/strength.py`` are built on it. Each seat draws from a random stream of its own,
derived from the seed and the seat, apart from the game's own generator.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.game import Outcome
from rules.core.players import Level, decide
from rules.core.rng import Rng

_SEAT_SALT = 0xA5EA_7B07_5EA7_0000
_ORDER_SALT = 0x0DE5_1DE5_0F5E_A750


@dataclass
class Played:
    """One finished game: its outcome, and per seat the CPU seconds of each decision that had a choice
    (``choices``) and of every decision (``decisions``, forced ones included)."""

    outcome: Outcome
    levels: tuple[Level, ...]
    decisions: list[list[float]] = field(default_factory=list)
    choices: list[list[float]] = field(default_factory=list)

    def win_share(self, seat: int) -> float:
        """The seat's share of the win: 1 for a sole winner, split evenly among tied winners."""
        winners = self.outcome.winners
        return 1.0 / len(winners) if seat in winners else 0.0


def seat_rng(seed: int, seat: int) -> Rng:
    return Rng.from_seed((seed * 0x9E3779B97F4A7C15) ^ (_SEAT_SALT + seat))


def play(game: Any, levels: Sequence[Level], seed: int, options: Mapping[str, object] | None = None,
         names: Sequence[str] | None = None, max_steps: int = 20000) -> Played:
    players = list(names) if names else [f"Player {n}" for n in range(1, len(levels) + 1)]
    state = game.new_game(players, dict(options or {}), seed)
    rngs = [seat_rng(seed, seat) for seat in range(len(levels))]
    order = Rng.from_seed(seed ^ _ORDER_SALT)
    played = Played(Outcome((), ()), tuple(levels), [[] for _ in levels], [[] for _ in levels])
    for _ in range(max_steps):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        seat = awaited[order.below(len(awaited))]
        legal = game.legal_actions(state, seat)
        started = time.process_time()
        decision = decide(game, state, seat, levels[seat], rngs[seat], legal)
        spent = time.process_time() - started
        played.decisions[seat].append(spent)
        if len(legal) > 1:
            played.choices[seat].append(spent)
        state, _ = game.apply(state, seat, decision.action)
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game.name} from seed {seed} did not end within {max_steps} steps")
    played.outcome = outcome
    return played
