"""Alt text for the Dreadful Circus images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only public keys (hands, coins and
Contracts behind screens, wagon contents and secret choices are never read)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lang import listing, tr, trc, trn
from render.common import join_description, own_seat, seat_names
from render.dreadful_circus.layout import View, check_view, players_of
from render.dreadful_circus.offers import phase_text
from rules.dreadful_circus.names import coin_words, colour_names, contract_names, name_of, type_names


def names_list(names: list[str]) -> str:
    return listing([name for name in names if name])


def _names(view: View) -> list[str]:
    return seat_names(players_of(view))


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _coins(coins: Mapping[str, Any]) -> str:
    names = coin_words()
    return ", ".join(tr("{n} {coin}", n=int(coins.get(c, 0)), coin=names[c]) for c in ("copper", "silver", "gold"))


def _contracts(contracts: Mapping[str, Any]) -> str:
    names = contract_names()
    return (", ".join(f"{names.get(k, k)} {int(v)}" for k, v in contracts.items())
            or trc("dreadful circus contracts", "none"))


def _card(card: Mapping[str, Any]) -> str:
    """"Freak Show (blue attraction)"."""
    return tr("{name} ({colour} {type})", name=name_of(str(card.get("name", ""))),
              colour=colour_names().get(str(card.get("colour", "")), str(card.get("colour", ""))),
              type=type_names().get(str(card.get("type", "")), str(card.get("type", ""))))


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    """The short line every player gets (so every name fits in the limit)."""
    facts = [tr("hand {count}", count=int(player.get("hand_count") or 0)),
             tr("tableau {count}", count=len(player.get("tableau") or []))]
    if player.get("first_seller"):
        facts.insert(0, tr("1st Seller") if view.get("second_seller") is not None else tr("Seller"))
    if player.get("second_seller"):
        facts.insert(0, tr("2nd Seller"))
    wagon = player.get("wagon") or {}
    if wagon.get("won"):
        facts.append(tr("bid accepted"))
    elif wagon.get("declined"):
        facts.append(tr("bid declined"))
    elif wagon.get("placed") and wagon.get("offer") is not None:
        facts.append(tr("wagon at Offer {number}", number=int(wagon["offer"]) + 1))
    scores = view.get("scores")
    if scores:
        facts.append(tr("score {total} VP", total=scores[int(player.get("seat", 0))].get("total", 0)))
    return tr("{name}: {facts}.", name=name, facts=", ".join(facts))


def _details(player: Mapping[str, Any], name: str) -> str:
    """The Tableau and (at the end) the lifted screen, after every player's short line."""
    tableau = [name_of(str(card.get("name", ""))) for card in player.get("tableau") or []]
    facts = [tr("tableau {cards}", cards=", ".join(tableau))] if tableau else []
    if player.get("coins") is not None:
        facts.append(tr("coins {coins}", coins=_coins(player["coins"])))
    if player.get("contracts") is not None:
        facts.append(tr("contracts {contracts}", contracts=_contracts(player["contracts"])))
    return tr("{name}'s {facts}.", name=name, facts="; ".join(facts)) if facts else ""


def describe_board(view: View) -> str:
    """The public board in words: round and phase, who is awaited, the Offers and their wagons, and each
    player's hand size, Tableau and (at the end) coins, Contracts and score."""
    check_view(view)
    names = _names(view)
    round_no = int(view.get("round") or 0)
    phase = phase_text(view)
    if round_no:
        lines = [tr("Dreadful Circus board, round {round}: {phase}.", round=round_no, phase=phase)]
    else:
        lines = [tr("Dreadful Circus board, set-up: {phase}.", phase=phase)]
    if view.get("over"):
        ranking = view.get("ranking") or []
        if ranking:
            lines.append(tr("Winner: {names}.", names=names_list([_name(names, s) for s in ranking[0]])))
    else:
        awaiting = [_name(names, int(s)) for s in view.get("awaiting") or []]
        if awaiting:
            lines.append(tr("Waiting for {names}.", names=names_list(awaiting)))
    for seat, player in enumerate(players_of(view)):
        lines.append(_player(view, player, names[seat]))
    for offer in view.get("offers") or []:
        card = offer.get("card")
        what = _card(card) if card else tr("face down")
        wagons = [_name(names, int(s)) for s in offer.get("wagons") or []]
        text = tr("Offer {number} by {seller}: {card}", number=int(offer.get("index", 0)) + 1,
                  seller=_name(names, offer.get("seller")), card=what)
        if wagons:
            text += tr(", wagons of {names}", names=names_list(wagons))
        if offer.get("winner") is not None:
            text += tr(", won by {name}", name=_name(names, offer.get("winner")))
        lines.append(text + ".")
    task = view.get("task")
    if task:
        card = task.get("card") or {}
        lines.append(tr("Resolving {card} for {name}.", card=name_of(str(card.get("name", ""))),
                        name=_name(names, task.get("seat"))))
    for seat, player in enumerate(players_of(view)):
        lines.append(_details(player, names[seat]))
    lines.append(tr("Deck {deck}, contract bag {bag}, discards {discards}.", deck=view.get("deck_count", 0),
                    bag=view.get("bag_count", 0), discards=view.get("discard_count", 0)))
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own hand, coins, Contracts and wagon in words."""
    check_view(view)
    seat = own_seat(view, "hand")
    hand = view["hand"]
    name = _names(view)[seat]
    cards = [_card(card) for card in hand]
    if cards:
        first = trn("{name}'s hand: {n} card: {cards}.", "{name}'s hand: {n} cards: {cards}.", len(cards), name=name,
                    cards=", ".join(cards))
    else:
        first = tr("{name}'s hand: 0 cards.", name=name)
    lines = [first,
             tr("Coins: {coins}.", coins=_coins(view.get("coins") or {})),
             tr("Contracts: {contracts}.", contracts=_contracts(view.get("contracts") or {}))]
    wagon = view.get("wagon")
    if wagon:
        lines.append(tr("Your wagon holds coins {coins}; contracts {contracts}.",
                        coins=_coins(wagon.get("coins") or {}), contracts=_contracts(wagon.get("contracts") or {})))
    choice = view.get("choice")
    if choice:
        lines.append(tr("Your secret choice: {card}.", card=name_of(str(choice.get("name", "")))))
    packet = view.get("packet")
    if packet:
        lines.append(tr("Draft packet: {cards}.", cards=", ".join(name_of(str(c.get("name", ""))) for c in packet)))
    return join_description(lines)
