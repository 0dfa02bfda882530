"""The decision a Little Circuses player may answer in advance (the rules contract's standing answers).

Every space is played by all players at once, each deciding for their own circus. One decision comes
from the others rather than from a player's own plan: **no help to hire** (rulebook, "Full Day", B. Hire
help) — when more players hire than tiles remain, those who get none "may choose to raise funds or
build". A player may settle it in advance.

The answer is chosen from the seat's own view and legal actions, like the automatic player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_
from rules.core.standing import StandingAnswer, StandingDecision
from rules.little_circuses.actions import Action, RaiseFunds

DECISIONS = (
    StandingDecision(
        "fallback", N_("No help left to hire"),
        N_("You chose to hire help, but the other players took the last tiles before your turn."),
        (StandingAnswer("funds", N_("Raise funds ($2) instead")),)),
)


def decision(view: dict[str, Any]) -> str | None:
    you = view["you"]
    return "fallback" if you is not None and you["step"] == "fallback" else None


def choice(view: dict[str, Any], legal: Sequence[Action], decided: str, answer: str) -> Action | None:
    if decided == "fallback" and answer == "funds" and RaiseFunds() in legal:
        return RaiseFunds()
    return None
