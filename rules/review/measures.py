"""How each game keeps score where everyone can see it, and how it counts time, read from the spectator view.

A chart built from these can never show a secret: it reads only ``game.view(state, None)``. Dreadful Circus
keeps its coins and contracts in secret wagons until the end, so its public measure through the game is the
number of acts in each circus (what everyone sees), and the last point is the final score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

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


def _circus_train_moment(view: View) -> tuple[int, str]:
    return int(view["week"]), f"{str(view['month'])[:3]} w{view['week_of_month']}"


def _little_circuses_moment(view: View) -> tuple[int, str]:
    space = view.get("space") or {}
    day = int(space.get("day", view.get("space_index")) or 0)
    return day, f"day {day}"


def _round_moment(view: View) -> tuple[int, str]:
    return int(view.get("round") or 0), f"round {view.get('round') or 0}"


def _dreadful_scores(view: View) -> list[int]:
    # The final scores come from the outcome (see chart.score_series); until then only the acts are public.
    return _players(view, "tableau_count")


MEASURES: dict[str, Measure] = {
    "circus_train": Measure("VP", "week", _circus_train_moment, lambda view: _players(view, "vp")),
    "little_circuses": Measure("Fame", "day", _little_circuses_moment, lambda view: _players(view, "fame")),
    "wanderzirkus": Measure("VP", "round", _round_moment, lambda view: _players(view, "vp")),
    "dreadful_circus": Measure("acts", "round", _round_moment, _dreadful_scores, final_score="points"),
}


def measure_of(kind: str) -> Measure | None:
    """The game's measure; None for a game this module does not know (its chart is then left out)."""
    return MEASURES.get(kind)
