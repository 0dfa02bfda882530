"""Every seat's public score through a finished game, replayed from its record.

The seed and the action log are replayed through the rules contract; after the start and after every action
the spectator view (never a seat's) gives the game's moment and each seat's public score (``measures``). One
point is kept per moment (a week, a day, a round): the scores as that moment ended. Nothing here sees a secret,
and the same record always gives the same series.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lang import tr, trc, trn
from rules.core.game import Game
from rules.review.measures import measure_of


@dataclass(frozen=True)
class Series:
    """``labels[i]`` names the i-th moment; ``points[seat][i]`` is the seat's public score as it ended.
    ``final`` are the game's final scores (its outcome), which the last point shows."""

    kind: str
    players: tuple[str, ...]
    score: str
    """What is counted, as an English key marked for the catalogue ("VP"): shown with ``tr(series.score)``."""
    unit: str
    """How time goes, an English key ("week", "day", "round", "move")."""
    labels: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    final: tuple[int, ...]
    final_score: str = ""

    def leader_changes(self) -> int:
        """How often the lead (the highest score, alone) passed from one seat to another."""
        leaders: list[int] = []
        for index in range(len(self.labels)):
            column = [seat_points[index] for seat_points in self.points]
            best = max(column)
            if column.count(best) == 1:
                leader = column.index(best)
                if not leaders or leaders[-1] != leader:
                    leaders.append(leader)
        return max(0, len(leaders) - 1)


def public_views(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                 actions: Iterable[tuple[int, Mapping[str, Any]]]) -> Iterable[tuple[Any, dict[str, Any]]]:
    """The state and its spectator view after the start and after each action (the state is yielded for the
    final outcome only; callers that publish read the view)."""
    state = game.new_game(list(players), dict(options), seed)
    yield state, game.view(state, None)
    for seat, action in actions:
        state, _ = game.apply(state, seat, game.action_from_json(dict(action)))
        yield state, game.view(state, None)


def score_series(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                 actions: Iterable[tuple[int, Mapping[str, Any]]]) -> Series | None:
    """The game's score series (None for a game without a public measure)."""
    measure = measure_of(game.key)
    if measure is None:
        return None
    order: list[int] = []
    labels: dict[int, str] = {}
    scores: dict[int, list[int]] = {}
    last_state: Any = None
    for step, (state, view) in enumerate(public_views(game, players, options, seed, actions)):
        last_state = state
        # The first point is the game as it began: a week or round is charted as it ended.
        moment, label = (-1, trc("chart", "start")) if step == 0 else measure.moment(view)
        if moment not in scores:
            order.append(moment)
            labels[moment] = label
        # A later moment never goes back; should a view's clock step back (a new game phase restarting its
        # count), the point is still kept in the order the game reached it.
        scores[moment] = measure.scores(view)
    outcome = game.outcome(last_state) if last_state is not None else None
    final = tuple(outcome.scores) if outcome is not None else tuple(scores[order[-1]])
    columns = [scores[moment] for moment in order]
    if outcome is not None and not measure.final_score:
        columns[-1] = list(final)
    # A game whose final score is counted otherwise (Dreadful Circus' points) keeps its public measure to the end:
    # its final scores are given beside the chart (``final``), never drawn on the same axis as the acts.
    points = tuple(tuple(column[seat] for column in columns) for seat in range(len(players)))
    return Series(game.key, tuple(players), measure.score, measure.unit, tuple(labels[moment] for moment in order),
                  points, final, measure.final_score)


def describe(series: Series) -> str:
    """The chart in words (its alt text): who led, how the scores moved, and where they ended."""
    count = len(series.labels) - 1  # the start is no period
    finals = sorted(range(len(series.players)), key=lambda seat: -series.final[seat])
    final_words = ", ".join(tr("{name} {score}", name=series.players[seat], score=series.final[seat])
                            for seat in finals)
    changes = series.leader_changes()
    moves = tr("the lead never changed hands") if changes == 0 else \
        trn("the lead changed hands {n} time", "the lead changed hands {n} times", changes)
    peaks = [tr("{name} peaked at {points}", name=name, points=max(series.points[seat]))
             for seat, name in enumerate(series.players)]
    return tr("Score chart: each player's {score} through the game, over {span} ({first} to {last}); {moves}; "
              "{peaks}. Final {final}: {scores}.", score=tr(series.score), span=span(series.unit, count),
              first=series.labels[0], last=series.labels[-1], moves=moves, peaks="; ".join(peaks),
              final=tr(series.final_score or series.score), scores=final_words)


def span(unit: str, count: int) -> str:
    """"over 27 weeks": how long the chart runs, in the game's unit of time (``Series.unit``, an English key)."""
    if unit == "week":
        return trn("{n} week", "{n} weeks", count)
    if unit == "day":
        return trn("{n} day", "{n} days", count)
    if unit == "round":
        return trn("{n} round", "{n} rounds", count)
    return trn("{n} move", "{n} moves", count)
