"""Alt text for the Dreadful Circus images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only public keys (hands, coins and
Contracts behind screens, wagon contents and secret choices are never read)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.common import join_description, names_list, own_seat, seat_names
from render.dreadful_circus.layout import CONTRACT_NAMES, View, check_view, players_of
from render.dreadful_circus.offers import PHASES


def _names(view: View) -> list[str]:
    return seat_names(players_of(view))


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _coins(coins: Mapping[str, Any]) -> str:
    return ", ".join(f"{int(coins.get(c, 0))} {c}" for c in ("copper", "silver", "gold"))


def _contracts(contracts: Mapping[str, Any]) -> str:
    return ", ".join(f"{CONTRACT_NAMES.get(k, k)} {int(v)}" for k, v in contracts.items()) or "none"


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    """The short line every player gets (so every name fits in the limit)."""
    facts = [f"hand {int(player.get('hand_count') or 0)}", f"tableau {len(player.get('tableau') or [])}"]
    if player.get("first_seller"):
        facts.insert(0, "1st Seller" if view.get("second_seller") is not None else "Seller")
    if player.get("second_seller"):
        facts.insert(0, "2nd Seller")
    wagon = player.get("wagon") or {}
    if wagon.get("won"):
        facts.append("bid accepted")
    elif wagon.get("declined"):
        facts.append("bid declined")
    elif wagon.get("placed") and wagon.get("offer") is not None:
        facts.append(f"wagon at Offer {int(wagon['offer']) + 1}")
    scores = view.get("scores")
    if scores:
        facts.append(f"score {scores[int(player.get('seat', 0))].get('total', 0)} VP")
    return f"{name}: " + ", ".join(facts) + "."


def _details(player: Mapping[str, Any], name: str) -> str:
    """The Tableau and (at the end) the lifted screen, after every player's short line."""
    tableau = [str(card.get("name", "")) for card in player.get("tableau") or []]
    facts = [f"tableau {', '.join(tableau)}"] if tableau else []
    if player.get("coins") is not None:
        facts.append(f"coins {_coins(player['coins'])}")
    if player.get("contracts") is not None:
        facts.append(f"contracts {_contracts(player['contracts'])}")
    return f"{name}'s " + "; ".join(facts) + "." if facts else ""


def describe_board(view: View) -> str:
    """The public board in words: round and phase, who is awaited, the Offers and their wagons, and each
    player's hand size, Tableau and (at the end) coins, Contracts and score."""
    check_view(view)
    names = _names(view)
    round_no = int(view.get("round") or 0)
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")))
    lines = [f"Dreadful Circus board, {f'round {round_no}' if round_no else 'set-up'}: {phase}."]
    if view.get("over"):
        ranking = view.get("ranking") or []
        if ranking:
            lines.append(f"Winner: {names_list([_name(names, s) for s in ranking[0]])}.")
    else:
        awaiting = [_name(names, int(s)) for s in view.get("awaiting") or []]
        if awaiting:
            lines.append(f"Waiting for {names_list(awaiting)}.")
    for seat, player in enumerate(players_of(view)):
        lines.append(_player(view, player, names[seat]))
    for offer in view.get("offers") or []:
        card = offer.get("card")
        what = f"{card.get('name', '')} ({card.get('colour', '')} {card.get('type', '')})" if card else "face down"
        wagons = [_name(names, int(s)) for s in offer.get("wagons") or []]
        text = f"Offer {int(offer.get('index', 0)) + 1} by {_name(names, offer.get('seller'))}: {what}"
        if wagons:
            text += f", wagons of {names_list(wagons)}"
        if offer.get("winner") is not None:
            text += f", won by {_name(names, offer.get('winner'))}"
        lines.append(text + ".")
    task = view.get("task")
    if task:
        card = task.get("card") or {}
        lines.append(f"Resolving {card.get('name', '')} for {_name(names, task.get('seat'))}.")
    for seat, player in enumerate(players_of(view)):
        lines.append(_details(player, names[seat]))
    lines.append(f"Deck {view.get('deck_count', 0)}, contract bag {view.get('bag_count', 0)}, "
                 f"discards {view.get('discard_count', 0)}.")
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own hand, coins, Contracts and wagon in words."""
    check_view(view)
    seat = own_seat(view, "hand")
    hand = view["hand"]
    name = _names(view)[seat]
    cards = [f"{card.get('name', '')} ({card.get('colour', '')} {card.get('type', '')})" for card in hand]
    lines = [f"{name}'s hand: {len(cards)} card{'s' if len(cards) != 1 else ''}"
             + (": " + ", ".join(cards) + "." if cards else "."),
             f"Coins: {_coins(view.get('coins') or {})}.",
             f"Contracts: {_contracts(view.get('contracts') or {})}."]
    wagon = view.get("wagon")
    if wagon:
        lines.append(f"Your wagon holds coins {_coins(wagon.get('coins') or {})}; contracts "
                     f"{_contracts(wagon.get('contracts') or {})}.")
    choice = view.get("choice")
    if choice:
        lines.append(f"Your secret choice: {choice.get('name', '')}.")
    packet = view.get("packet")
    if packet:
        lines.append("Draft packet: " + ", ".join(str(c.get("name", "")) for c in packet) + ".")
    return join_description(lines)
