"""The automatic player: decides from the seat's view and legal actions only.

It values a Circus card by what it would add to its own score (points, Collections, Contracts,
coin effects; a Performance by its typical gain), bids a little below that value with its least
useful goods, and as a Seller looks into the wagons one by one in a random order drawn from its own
generator, accepting one worth enough (or the last chance, when anything is better than nothing).

Nothing here follows seat numbers: a Seller who looked into wagons in seat order would always leave
the highest seat's wagon for the last chance and sell it cheap, and that seat would win far more
often (bench/balance.py measures the win rate by seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.rng import Rng
from rules.dreadful_circus.actions import Action, AddCoin, PlaceWagon

COIN_WORTH = {"copper": 1, "silver": 2, "gold": 3}
PERFORMANCE_WORTH = {"gain_coins": 3, "draw_contracts": 3, "load_take": 3, "load_keep": 4,
                     "discard_attraction": 2, "steal_collection": 3, "play_card": 3, "swap_contracts": 1}
CONTRACT_WORTH = 2.5  # a Contract feeds majorities and sets
HAND_KEPT = 3  # cards every hand keeps for the end of the game


def card_value(view: dict[str, Any], card: dict[str, Any]) -> float:
    """What owning this card is roughly worth to the seat, in Victory Points."""
    if card["type"] == "performance":
        if card["effect"] == "play_card" and view["phase"] == "bid" and len(view["hand"] or []) <= HAND_KEPT:
            return 0.5  # won now, it would resolve for a hand down to the 3 cards kept for the end: nothing
        return float(PERFORMANCE_WORTH.get(card["effect"], 2))
    me = view["players"][view["seat"]]
    value = float(card["points"])
    mine = list(me["tableau"])
    effect = card["effect"]
    if effect == "collection":
        names = {c["name"] for c in mine if c["collection"]}
        value += 3.5 if card["name"] not in names else 2.0
    elif effect == "provide_contracts":
        value += CONTRACT_WORTH * sum(card["contracts"].values())
    elif effect == "themis":
        value += 0.5
    elif effect in ("coin_bonus", "flaming_arrow"):
        coins = view["coins"] or {}
        value += 3.0 if effect == "flaming_arrow" else float(coins.get(str(card["params"].get("coin", "")), 0))
    elif effect in ("contract_variety", "majority_bonus", "looped_wagons", "rainbow_bridge"):
        value += 3.0
    elif effect in ("copy_own", "copy_other", "crystal_balls", "bigger_tableau", "seller_income"):
        value += 2.5
    return value


def _offer_values(view: dict[str, Any]) -> list[float]:
    return [card_value(view, offer["card"]) if offer["card"] else 0.0 for offer in view["offers"]]


def _wagon_worth(goods: dict[str, Any]) -> float:
    coins: dict[str, int] = goods["coins"]
    contracts: dict[str, int] = goods["contracts"]
    return sum(COIN_WORTH[c] * n for c, n in coins.items()) + CONTRACT_WORTH * sum(contracts.values())


def _bid(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Choose the Offer worth most to us (a Seller's wagon has no choice), put in coins up to a
    little under half its value, then place the wagon there."""
    wagon = view["wagon"]
    values = _offer_values(view)
    places = [a for a in legal if isinstance(a, PlaceWagon)]
    target_offer = wagon["offer"] if wagon["forced"] else max(range(len(values)), key=lambda i: values[i])
    target = 0.45 * values[target_offer]
    worth = _wagon_worth(wagon)
    if worth < target:
        # Pay with coins (each is worth exactly its VP); keep Contracts for majorities and sets.
        for coin in ("copper", "silver", "gold"):
            add = next((a for a in legal if isinstance(a, AddCoin) and a.coin == coin), None)
            if add is not None and worth + COIN_WORTH[coin] <= target + 1:
                return add
    place = next((a for a in places if a.offer == target_offer), None)
    if place is not None:
        return place
    cheapest = next((a for a in legal if isinstance(a, AddCoin)), None)
    return cheapest or next(a for a in legal if a.kind == "add_contract")


def wagon_is_empty(wagon: dict[str, Any]) -> bool:
    return not any(wagon["coins"].values()) and not any(wagon["contracts"].values())


def _sell(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    offer = next(o for o in view["offers"] if o["selling"])
    if view["inspecting"] is not None:
        worth = _wagon_worth(view["inspecting"])
        others_left = len([s for s in offer["wagons"] if s not in offer["declined"]]) - 1
        keep = card_value(view, offer["card"]) * 0.5
        last_chance = others_left == 0 and (worth > 0 or keep < 2)
        accept = worth >= max(keep, 3.0) or last_chance
        return next(a for a in legal if a.kind == ("accept" if accept else "decline"))
    # Which wagon to look into next: from outside they are all alike, so any fixed order would
    # favour a seat. A random one keeps every bidder's chance of being "the last chance" equal.
    return legal[rng.below(len(legal))]


def choose(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    phase = view["phase"]
    if phase == "bid":
        return _bid(view, legal)
    if phase == "sell":
        return _sell(view, legal, rng)
    scored = [(_score(view, action), index) for index, action in enumerate(legal)]
    top = max(value for value, _ in scored)
    best = [index for value, index in scored if value == top]
    return legal[best[rng.below(len(best))]]


def _card(view: dict[str, Any], card_id: str) -> dict[str, Any] | None:
    pools = [view["hand"] or [], view["packet"] or []]
    pools += [p["tableau"] for p in view["players"]]
    for pool in pools:
        for card in pool:
            if card["id"] == card_id:
                found: dict[str, Any] = card
                return found
    return None


def _score(view: dict[str, Any], action: Action) -> float:
    a: Any = action
    kind = action.kind
    if kind in ("draft_pick", "place_attraction", "play_card", "take_attraction", "copy_card"):
        card = _card(view, a.card)
        return card_value(view, card) if card else 0.0
    if kind == "make_offer":
        card = _card(view, a.card)
        return -card_value(view, card) if card else 0.0  # sell what is worth least to us
    if kind == "discard_attraction":
        card = _card(view, a.card)
        return (card["points"] + 3.0 * card["collection"]) if card else 0.0
    if kind == "load_coin":
        return -COIN_WORTH[a.coin]
    if kind == "take_loaded":
        loaded = next((w for w in view["loaded"] or [] if w["owner"] == a.owner), None)
        return _wagon_worth(loaded) if loaded else 0.0
    if kind == "place_nothing":
        return -0.5
    if kind == "stop_returning":
        return 1.0
    return 0.0
