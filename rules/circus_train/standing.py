"""Decisions that come to a Circus Train player during someone else's turn, and the answers a player may
set for them in advance (the rules contract's standing answers).

The rulebook asks two such decisions: where another player's released Talent goes, when you sit to their
right and several cities hold Talent ("Paying Wages"), and the long-month steal, when you have the fewest
Victory Points at the end of May, July or August. Every other decision is asked in your own turn.

Each answer is chosen from the seat's own view and legal actions, like the automatic player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_
from rules.circus_train.actions import Action, LongMonthSteal, Pass, PlaceReleased
from rules.circus_train.content import distance_map, load_content
from rules.core.standing import StandingAnswer, StandingDecision

# Labels are marked for the catalogue and translated where they are shown.
DECISIONS = (
    StandingDecision(
        "place_released", N_("Another player's released Talent"),
        N_("A player to your left cannot pay their Wages and releases Talent, and several cities hold Talent."),
        (StandingAnswer("near_me", N_("Put it in the Talent city nearest my train")),
         StandingAnswer("far_from_me", N_("Put it in the Talent city farthest from my train")))),
    StandingDecision(
        "long_month_steal", N_("The long-month steal"),
        N_("You alone have the fewest Victory Points at the end of May, July or August."),
        (StandingAnswer("pass", N_("Let it pass: take nothing")),
         StandingAnswer("best", N_("Take the most valuable counter: a Special Character, else the Talent with "
                                   "the highest wage, from the player with the most Victory Points")))),
)


def decision(view: dict[str, Any]) -> str | None:
    awaiting = view.get("awaiting")
    if not awaiting or awaiting["seat"] != view["seat"]:
        return None
    step = awaiting["step"]
    return step if step in ("place_released", "long_month_steal") else None


def choice(view: dict[str, Any], legal: Sequence[Action], decided: str, answer: str) -> Action | None:
    if decided == "place_released":
        return _place(view, legal, answer)
    if decided == "long_month_steal":
        return _steal(view, legal, answer)
    return None


def _place(view: dict[str, Any], legal: Sequence[Action], answer: str) -> Action | None:
    here = view["players"][view["seat"]]["position"]
    cities = [action for action in legal if isinstance(action, PlaceReleased)]
    if here is None or not cities or answer not in ("near_me", "far_from_me"):
        return None
    distances = distance_map(load_content(), here)
    sign = 1 if answer == "near_me" else -1
    # min() keeps the first of equals: the legal order (alphabetical) breaks ties.
    return min(cities, key=lambda action: sign * distances.get(action.city, 99))


def _steal(view: dict[str, Any], legal: Sequence[Action], answer: str) -> Action | None:
    if answer == "pass":
        return Pass() if Pass() in legal else None
    if answer != "best":
        return None
    talent = load_content().talent
    players = view["players"]

    def worth(action: LongMonthSteal) -> tuple[int, int, int]:
        special = action.talent not in talent
        wage = 0 if special else talent[action.talent].wage
        return int(special), wage, players[action.target]["vp"]

    steals = [action for action in legal if isinstance(action, LongMonthSteal)]
    if not steals:
        return None
    best = max(worth(action) for action in steals)
    return next(action for action in steals if worth(action) == best)
