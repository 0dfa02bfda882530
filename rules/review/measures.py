"""How each game keeps score where everyone can see it, and how it counts time, read from the spectator view.

A chart built from these can never show a secret: it reads only ``game.view(state, None)``. Dreadful Circus
keeps its coins and contracts in secret wagons until the end, so its public measure through the game is the
number of acts in each circus (what everyone sees), and the last point is the final score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lang import N_, tr, trc

View = Mapping[str, Any]


@dataclass(frozen=True)
class Measure:
    """A game's public score and clock: ``score`` names what is counted ("VP"), ``unit`` how time goes ("week"),
    ``moment`` gives a view's time as ``(order, label)`` and ``scores`` each seat's public score in it."""

    score: str
    unit: str
    moment: Callable[[View], tuple[int, str]]
    scores: Callable[[View], list[int]]
    final_score: str = ""
    """What the final point counts, when it differs from ``score`` (Dreadful Circus)."""


def _players(view: View, key: str) -> list[int]:
    return [int(player.get(key) or 0) for player in view["players"]]


def _month(month: str) -> str:
    """Circus Train's month as the chart abbreviates it (the view names the month in full, in English)."""
    short = {"April": trc("month, short", "Apr"), "May": trc("month, short", "May"),
             "June": trc("month, short", "Jun"), "July": trc("month, short", "Jul"),
             "August": trc("month, short", "Aug"), "September": trc("month, short", "Sep")}
    return short.get(month) or month[:3]


def _circus_train_moment(view: View) -> tuple[int, str]:
    return int(view["week"]), tr("{month} w{week}", month=_month(str(view["month"])), week=view["week_of_month"])


def _little_circuses_moment(view: View) -> tuple[int, str]:
    space = view.get("space") or {}
    day = int(space.get("day", view.get("space_index")) or 0)
    return day, tr("day {day}", day=day)


def _round_moment(view: View) -> tuple[int, str]:
    return int(view.get("round") or 0), tr("round {round}", round=view.get("round") or 0)


def _dreadful_scores(view: View) -> list[int]:
    # The final scores come from the outcome (see chart.score_series); until then only the acts are public.
    return _players(view, "tableau_count")


MEASURES: dict[str, Measure] = {
    "circus_train": Measure(N_("VP"), N_("week"), _circus_train_moment, lambda view: _players(view, "vp")),
    "little_circuses": Measure(N_("Fame"), N_("day"), _little_circuses_moment, lambda view: _players(view, "fame")),
    "wanderzirkus": Measure(N_("VP"), N_("round"), _round_moment, lambda view: _players(view, "vp")),
    "dreadful_circus": Measure(N_("acts"), N_("round"), _round_moment, _dreadful_scores, final_score=N_("points")),
}


def measure_of(kind: str) -> Measure | None:
    """The game's measure; None for a game this module does not know (its chart is then left out)."""
    return MEASURES.get(kind)
