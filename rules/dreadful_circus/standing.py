"""Decisions that come to a Dreadful Circus player from the table rather than from their own choices, and
the answers a player may set for them in advance (the rules contract's standing answers).

- **Selling** (rulebook, "Gameplay" steps 3–4): as a Seller you look into the wagons next to your Offer
  one by one and accept or decline each bid.
- **Loading your wagon** ("Load the Wagon"): another player's card makes you put a coin or a Contract from
  behind your screen into your wagon for them.

Each answer is chosen from the seat's own view (its screen, its own wagon, the wagon it is looking into)
and its legal actions, like the automatic player: it never sees another wagon's contents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_
from rules.core.standing import StandingAnswer, StandingDecision
from rules.dreadful_circus.actions import Accept, Action, Decline, Inspect, LoadCoin, LoadContract
from rules.dreadful_circus.content import COIN_TYPES, COIN_VALUE

LOAD_KINDS = ("load_take", "load_keep")
CONTRACT_WORTH = 2  # how a standing answer weighs a Contract against coins when judging a bid
GOOD_BID = 3

DECISIONS = (
    StandingDecision(
        "sell", N_("Selling your Offer"),
        N_("You are a Seller and the bids next to your Offer are in."),
        (StandingAnswer("accept_first", N_("Look into the wagons in seat order and accept the first that holds "
                                           "anything")),
         StandingAnswer("accept_good", N_("Accept the first wagon worth at least 3 (coins at their value, a "
                                          "Contract as 2); if none is, accept the last one that holds anything")))),
    StandingDecision(
        "load_wagon", N_("Loading your wagon for another player's card"),
        N_("Another player's card tells you to Load the Wagon for them."),
        (StandingAnswer("least", N_("Load the least: a Copper before a Silver before a Gold; of Contracts, one of "
                                    "the type you hold most of")),)),
)


def decision(view: dict[str, Any]) -> str | None:
    seat = view["seat"]
    if seat is None or seat not in view["awaiting"]:
        return None
    if view["phase"] == "sell" and any(offer["selling"] and offer["seller"] == seat for offer in view["offers"]):
        return "sell"
    task = view["task"]
    if task is not None and task["kind"] in LOAD_KINDS and seat in task["loaders"] and task["seat"] != seat:
        return "load_wagon"
    return None


def choice(view: dict[str, Any], legal: Sequence[Action], decided: str, answer: str) -> Action | None:
    if decided == "sell":
        return _sell(view, legal, answer)
    if decided == "load_wagon" and answer == "least":
        return _load_least(view, legal)
    return None


def _worth(contents: dict[str, Any]) -> int:
    coins: dict[str, int] = contents["coins"]
    contracts: dict[str, int] = contents["contracts"]
    return sum(COIN_VALUE[coin] * count for coin, count in coins.items()) + CONTRACT_WORTH * sum(contracts.values())


def _sell(view: dict[str, Any], legal: Sequence[Action], answer: str) -> Action | None:
    if answer not in ("accept_first", "accept_good"):
        return None
    looked = view["inspecting"]
    if looked is None:
        # Which wagon to look into: the first in seat order (the legal order).
        return next((action for action in legal if isinstance(action, Inspect)), None)
    worth = _worth(looked)
    if answer == "accept_first":
        return Accept() if worth > 0 else Decline()
    offer = next(offer for offer in view["offers"] if offer["selling"])
    others = [owner for owner in offer["wagons"] if owner not in offer["declined"] and owner != looked["owner"]]
    return Accept() if worth >= GOOD_BID or (worth > 0 and not others) else Decline()


def _load_least(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    for coin in COIN_TYPES:  # cheapest first
        if LoadCoin(coin) in legal:
            return LoadCoin(coin)
    contracts = [action for action in legal if isinstance(action, LoadContract)]
    if not contracts:
        return None
    held = view["contracts"]
    return max(contracts, key=lambda action: held.get(action.contract, 0))
