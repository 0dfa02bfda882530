"""Turning points: each seat's chances at its decisions, as the strong player estimates them from that seat's own
view, and the decisions that changed them most.

The log is replayed; at every decision a seat made with more than one legal action, the strong player's search
(``rules.core.search``, the search behind ``decide(..., "strong", ...)``) is asked for its estimates of each root
choice. The search reads the true state only through the game's ``determinize``, which keeps what the seat's view
shows and draws everything else afresh, so the figures of a seat follow from its own view alone. The chance
*before* the decision is the estimate of the strong player's own choice there; the chance *after* is the estimate
of the action the seat took; their difference is what the decision cost (or, rarely, gained) by the strong
player's reckoning.

The search runs with a reduced budget (:func:`review_budget`: half a strong decision's iterations, and at
most :data:`GAME_ITERATIONS` for the whole game, shared among its decisions), so the review of the longest game of
each kind stays within a minute of processor time (``bench/review.py``). Its random stream is seeded from the seat
and the decision's number, never from the game's seed or state, so the review of a record is always the same.

A game whose strong player has not landed yet (no ``determinize``) gets no figures: ``decide`` plays it at the
normal level, which estimates nothing, and the review says so rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from lang import tr, trn
from rules.core.game import Game
from rules.core.players import decide
from rules.core.rng import Rng
from rules.core.search import Estimate, SearchBudget, search
from rules.review.measures import measure_of

Estimator = Callable[[Game[Any, Any], Any, int, Sequence[Any], Rng], Sequence[Estimate]]
"""Asks for the estimates of a seat's root choices in a state: ``(game, state, seat, legal, rng)``."""

TURNING_POINTS = 3
REVIEW_SHARE = 2
"""The review's search takes half a strong decision's iterations, at its full horizon: a game has hundreds of
decisions, and an eighth with half the horizon (measured: 3–7 s of CPU for the longest games) left figures so noisy
that one sampled review called a travel choice "38 points of chance better"."""
MIN_ITERATIONS = 12
GAME_ITERATIONS = 40_000
"""The most iterations the review of one game spends, shared among its decisions: however long a game, its review
is bounded (``bench/review.py`` measures what it costs)."""


def review_budget(game: Game[Any, Any], state: Any, seat: int, cap: int | None = None) -> SearchBudget:
    """The reduced budget of one reviewed decision (see the module's docstring), at most ``cap`` iterations."""
    full = game.search_budget(state, seat)
    iterations = max(MIN_ITERATIONS, full.iterations // REVIEW_SHARE)
    if cap is not None:
        iterations = max(MIN_ITERATIONS, min(iterations, cap))
    return SearchBudget(iterations=iterations, horizon=full.horizon, exploration=full.exploration)


def strong_estimates(game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng, *,
                     cap: int | None = None) -> Sequence[Estimate]:
    """The strong player's estimates with the review's budget; where the game has no search yet, whatever
    ``decide`` at the strong level gives (no estimates)."""
    if getattr(game, "supports_search", False):
        return search(game, state, seat, legal, rng, review_budget(game, state, seat, cap))
    return decide(game, state, seat, "strong", rng, legal).estimates


@dataclass(frozen=True)
class Judged:
    """One decision of a seat: where it came in the log (``number``, 1-based), when in the game (``moment``),
    what was done and what the strong player would have done, and the chances before and after."""

    number: int
    seat: int
    moment: str
    chosen: str
    best: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class SeatReview:
    seat: int
    decisions: tuple[Judged, ...]
    judged: bool
    """Whether the strong player could judge this game at all (False: no figures, see the module docstring)."""

    def turning_points(self, count: int = TURNING_POINTS) -> list[Judged]:
        """The decisions that changed the seat's chances most, in the order they came."""
        ranked = sorted(self.decisions, key=lambda judged: (-abs(judged.change), judged.number))[:count]
        return sorted((judged for judged in ranked if abs(judged.change) >= 0.005), key=lambda judged: judged.number)


def _rng_for(seat: int, number: int) -> Rng:
    return Rng.from_seed(0x7265766965770000 + seat * 1_000_003 + number)


def judge_decisions(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                    actions: Iterable[tuple[int, Mapping[str, Any]]], *, seats: Sequence[int] | None = None,
                    estimator: Estimator | None = None) -> list[SeatReview] | None:
    """Each seat's judged decisions (only ``seats``, if given); None when the record does not reach the end of the
    game: nothing is judged while a game goes on."""
    measure = measure_of(game.key)
    wanted = set(range(len(players)) if seats is None else seats)
    judged: dict[int, list[Judged]] = {seat: [] for seat in wanted}
    any_figures = False
    state = game.new_game(list(players), dict(options), seed)
    pending: list[tuple[int, int, Any, Any, Sequence[Any]]] = []
    for number, (seat, raw) in enumerate(actions, start=1):
        action = game.action_from_json(dict(raw))
        if seat in wanted:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                pending.append((number, seat, state, action, legal))
        state, _ = game.apply(state, seat, action)
    if not game.is_over(state):
        return None
    if estimator is None:
        share = GAME_ITERATIONS // max(1, len(pending))
        estimator = partial(strong_estimates, cap=share)
    for number, seat, before, action, choices in pending:
        estimates = list(estimator(game, before, seat, choices, _rng_for(seat, number)))
        chosen = next((estimate for estimate in estimates if estimate.action == action), None)
        if not estimates or chosen is None:
            continue
        any_figures = True
        best = estimates[0]
        moment = measure.moment(game.view(before, None))[1] if measure is not None else ""
        judged[seat].append(Judged(number, seat, moment, game.describe_action(before, seat, action),
                                   game.describe_action(before, seat, best.action), best.value, chosen.value))
    return [SeatReview(seat, tuple(judged[seat]), any_figures) for seat in sorted(wanted)]


def turning_sentence(judged: Judged, name: str) -> str:
    """'Day 14: alice chose "Hire the Acrobat"; "Keep the $10" was about 8 points of chance better.'"""
    points = round(abs(judged.change) * 100)
    moment = judged.moment[:1].upper() + judged.moment[1:]
    where = tr("{moment}, move {number}", moment=moment,
               number=judged.number) if judged.moment else tr("Move {number}", number=judged.number)
    if judged.change < 0 and judged.best != judged.chosen:
        return trn("{where}: {name} chose “{chosen}”; “{best}” was about {n} point of chance better.",
                   "{where}: {name} chose “{chosen}”; “{best}” was about {n} points of chance better.", points,
                   where=where, name=name, chosen=judged.chosen, best=judged.best)
    if judged.best != judged.chosen:  # better, by the search's reckoning, than what it tried most itself
        return trn("{where}: {name} chose “{chosen}”, about {n} point of chance better than “{best}”.",
                   "{where}: {name} chose “{chosen}”, about {n} points of chance better than “{best}”.", points,
                   where=where, name=name, chosen=judged.chosen, best=judged.best)
    return tr("{where}: {name} chose “{chosen}”.", where=where, name=name, chosen=judged.chosen)
