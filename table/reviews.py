"""A finished game's score chart and review, computed after the game from its record, in a worker.

Both are publications without a payload (``publications.Chart``, ``publications.Review``) queued by the finishing
change with the seed's reveal and the replay, and computed when the publisher delivers them: the work below runs
in the renderers' background worker (``Renders.aside``: a process of its own at the lowest priority, like a
replay), never on the event loop, so the game's thread goes on answering while a review takes its minute. Each
function takes plain arguments, as a worker process receives them.

- :func:`draw_chart`: the score chart (``rules.review.chart`` drawn by ``render.chart``), its alt text, and the
  luck lines that go with it — a second at most;
- :func:`write_review`: each seat's turning points by the strong player's reckoning (``rules.review.turning``),
  as the short text the thread gets once, and the full review by action number that the web replay shows step
  by step (kept in the database: ``db/ratings.py``'s reviews).

Nothing here runs before a game ends: ``rules.review`` refuses a record that does not reach the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lang import N_, tr
from render.chart import render_chart
from rules.review.chart import Series, describe, score_series
from rules.review.luck import luck_lines, measure_luck
from rules.review.report import review_game
from table.kits import kit

Actions = Sequence[tuple[int, Mapping[str, Any]]]


def draw_chart(kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
               actions: Actions) -> tuple[bytes, str, list[str]] | None:
    """The chart's PNG, its alt text and the luck lines; None for a game without a public measure."""
    game = kit(kind).game
    series = score_series(game, players, options, seed, actions)
    if series is None:
        return None
    luck = luck_lines(measure_luck(game, players, options, seed, actions), players)
    return render_chart(series, tr("{title}: the scores", title=title)), describe(series), luck


def write_review(kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                 actions: Actions) -> dict[str, Any] | None:
    """The review as JSON: ``short`` (the thread's text) and ``steps`` (action number → lines); None while the
    record does not reach the game's end."""
    game = kit(kind).game
    review = review_game(game, players, options, seed, actions)
    if review is None:
        return None
    chances = review.chances()
    return {"short": review.short_text(title, tr(game.name)), "judged": review.judged,
            "steps": {str(number): lines for number, lines in review.steps().items()},
            "luck": list(review.luck),
            "chances": None if chances is None else {"unit": chances.unit, "labels": list(chances.labels),
                                                     "points": [list(points) for points in chances.points]}}


def draw_chances(kind: str, title: str, players: Sequence[str], chances: Mapping[str, Any]) -> tuple[bytes, str]:
    """The chart of each player's chance to win through the game (from a kept review's ``chances``) and its alt
    text."""
    points = tuple(tuple(int(value) for value in seat) for seat in chances["points"])
    series = Series(kind, tuple(players), N_("chance to win, %"), str(chances["unit"]), tuple(chances["labels"]),
                    points, tuple(seat[-1] for seat in points))
    words = ", ".join(tr("{name} {first}% to {last}%", name=name, first=seat[0], last=seat[-1])
                      for name, seat in zip(players, points, strict=True))
    alt = tr("Chances chart: each player's chance to win as the strong player estimated it at their decisions, over "
             "the game ({first} to {last}): {chances}.", first=series.labels[0], last=series.labels[-1], chances=words)
    return render_chart(series, tr("{title}: the chances", title=title)), alt
