"""The decision a Der Wanderzirkus player may answer in advance (the rules contract's standing answers).

The rulebook asks every decision of a player in that player's own place in a phase: travel, the
announcement, the show and spending. The one that waits on the slowest show and is most often a
foregone conclusion is **Spend Coins** (phase 4): whether to buy an artist, a city or a swap token, or to
pass. A player may settle it in advance; everything else is theirs to decide.

Each answer is chosen from the seat's own view and legal actions, like the automatic player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_
from rules.core.standing import StandingAnswer, StandingDecision
from rules.wanderzirkus.actions import Action, BuySwapToken, EndSpending

DECISIONS = (
    StandingDecision(
        # Shown through the catalogue where standing answers are offered (tr(decision.title), ...).
        "spend", N_("Spending coins"),
        N_("Your turn comes in the Spend Coins phase after the show."),
        (StandingAnswer("keep", N_("Pass: keep my coins and buy nothing")),
         StandingAnswer("swap_token", N_("Buy a swap token when I have none and can pay; nothing else")))),
)


def decision(view: dict[str, Any]) -> str | None:
    if view["phase"] == "spend" and view["current"] == view["seat"] and view["spend_step"] == "menu":
        return "spend"
    return None


def choice(view: dict[str, Any], legal: Sequence[Action], decided: str, answer: str) -> Action | None:
    if decided != "spend" or answer not in ("keep", "swap_token"):
        return None
    if answer == "swap_token" and BuySwapToken() in legal:
        return BuySwapToken()
    return EndSpending() if EndSpending() in legal else None
