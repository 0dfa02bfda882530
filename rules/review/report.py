"""The review of a finished game as one piece: its score series, its luck, and each seat's judged decisions, with
the words the thread and the web replay show. Computed from the record alone (see :mod:`rules.review`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lang import N_, tr, trc
from rules.core.game import Game
from rules.review.chart import Series, describe, score_series
from rules.review.luck import luck_lines, measure_luck
from rules.review.turning import Estimator, SeatReview, judge_decisions, turning_sentence

SHORT_LIMIT = 1900
"""A short review fits one Discord message (2,000 characters)."""


@dataclass(frozen=True)
class Review:
    kind: str
    players: tuple[str, ...]
    series: Series | None
    luck: tuple[str, ...]
    seats: tuple[SeatReview, ...]

    @property
    def judged(self) -> bool:
        return any(seat.judged for seat in self.seats)

    def chart_text(self) -> str:
        return describe(self.series) if self.series is not None else ""

    def short_text(self, title: str, name: str) -> str:
        """The review posted once in the thread: each seat's turning points, then the luck lines."""
        lines = [tr("🔎 **{title}**, reviewed", title=title)]
        if not self.judged:
            lines.append(tr("The strong player cannot judge {game}'s decisions yet, so this review has no turning "
                            "points; the score chart and the luck below are complete.", game=name))
        for seat_review in self.seats:
            player = self.players[seat_review.seat]
            points = seat_review.turning_points()
            if not seat_review.judged:
                continue
            decisions = seat_review.decisions
            if not decisions:
                lines.append(tr("**{name}**: no decision changed their chances by a point or more.", name=player)
                             if not points else tr("**{name}**:", name=player))
            else:
                first, last = round(decisions[0].before * 100), round(decisions[-1].after * 100)
                lines.append(tr("**{name}** (chance to win about {first}% at their first decision, {last}% after "
                                "their last): no decision changed their chances by a point or more.", name=player,
                                first=first, last=last) if not points else
                             tr("**{name}** (chance to win about {first}% at their first decision, {last}% after "
                                "their last):", name=player, first=first, last=last))
            if not points:
                continue
            lines += [f"- {turning_sentence(judged, player)}" for judged in points]
        if self.luck:
            lines.append(tr("**Luck**:"))
            lines += [f"- {line}" for line in self.luck]
        text = "\n".join(lines)
        return text if len(text) <= SHORT_LIMIT else text[:SHORT_LIMIT - 1] + "…"

    def chances(self) -> Series | None:
        """Each player's chance to win (in %) through the game, as the strong player estimated it at their decisions:
        one point per moment of the game (a week, a day, a round; a move where the game counts no time), each the
        chance after the player's last decision so far (before their first one: the chance at it). None when
        nothing was judged."""
        if not self.judged:
            return None
        decisions = sorted((judged for seat in self.seats for judged in seat.decisions), key=lambda j: j.number)
        if not decisions:
            return None
        labels: list[str] = [trc("chart", "start")]
        for judged in decisions:
            label = judged.moment or tr("move {number}", number=judged.number)
            if label != labels[-1]:
                labels.append(label)
        count = len(self.players)
        first = {seat.seat: seat.decisions[0].before for seat in self.seats if seat.decisions}
        current = [first.get(seat, 1 / count) for seat in range(count)]
        columns: list[list[int]] = [[round(value * 100) for value in current]]
        index = 0
        for judged in decisions:
            label = judged.moment or tr("move {number}", number=judged.number)
            if label != labels[index]:
                columns.append([])
                index += 1
            current[judged.seat] = judged.after
            columns[index] = [round(value * 100) for value in current]
        points = tuple(tuple(column[seat] for column in columns) for seat in range(count))
        return Series(self.kind, self.players, N_("chance to win, %"), self.series.unit if self.series else "move",
                      tuple(labels), points, tuple(column_points[-1] for column_points in points))

    def steps(self) -> dict[int, list[str]]:
        """The full review by action number (the web replay's steps): every judged decision in words."""
        by_number: dict[int, list[str]] = {}
        for seat_review in self.seats:
            player = self.players[seat_review.seat]
            for judged in seat_review.decisions:
                before, after = round(judged.before * 100), round(judged.after * 100)
                by_number.setdefault(judged.number, []).append(
                    tr("{name}: chance about {before}% before, {after}% after “{chosen}” (the strong player chose "
                       "“{best}”).", name=player, before=before, after=after, chosen=judged.chosen, best=judged.best)
                    if judged.best != judged.chosen else
                    tr("{name}: chance about {before}% before, {after}% after “{chosen}”.", name=player,
                       before=before, after=after, chosen=judged.chosen))
        return by_number


def review_game(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                actions: Sequence[tuple[int, Mapping[str, Any]]], *,
                estimator: Estimator | None = None) -> Review | None:
    """The review of a game that has ended; None while the record does not reach its end (nothing is told before
    the game is over)."""
    seats = judge_decisions(game, players, options, seed, actions, estimator=estimator)
    if seats is None:
        return None
    series = score_series(game, players, options, seed, actions)
    luck = luck_lines(measure_luck(game, players, options, seed, actions), players)
    return Review(game.key, tuple(players), series, tuple(luck), tuple(seats))
