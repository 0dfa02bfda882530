"""What a seat may see, as JSON data. Renderers and public posts use nothing else.

Hidden: hands, draft packets, the deck and bag order, coins and Contracts behind screens (until the
exposure at the end), wagon contents (a seller sees one only while inspecting it; declined bids
stay secret forever), Loaded Wagons (only their resolver sees them), and secret choices not yet
revealed (an Offer before both are chosen, starting/final Attractions, draft picks).

``view(state, seat)`` — ``seat`` is an int for a player, None for a spectator — returns:

- ``game``: "dreadful_circus"; ``seat``: int | None; ``options``: {"draft": bool}
- ``phase``: one of "draft", "start", "offer", "bid", "sell", "effect", "final", "ending", "over"
- ``round``: int (0 during set-up, then 1, 2, ...)
- ``first_seller``: int; ``second_seller``: int | None (always None with 4 players)
- ``awaiting``: sorted list[int], the seats whose decision the game waits for
- ``players``: list, one per seat, each
    {"seat": int, "name": str, "hand_count": int, "packet_count": int (draft),
     "tableau": [card], "tableau_count": int,
     "first_seller": bool, "second_seller": bool,
     "chosen": bool (has made the current secret choice; False when not asked),
     "wagon": None | {"placed": bool, "offer": int | None (only once placed), "declined": bool,
                      "won": bool},
     "coins": None | {"copper": int, "silver": int, "gold": int}   (None until the exposure),
     "contracts": None | {"paris": int, ...}                       (None until the exposure),
     "copies": {card id of Mirrors/Corridors: card copied}          (public end-game choices)}
- ``offers``: list (0 = the 1st Seller's, 1 = the 2nd's), each
    {"index": int, "seller": int, "card": card | None (None until revealed),
     "wagons": [seat, ...] placed next to it, "inspecting": int | None (whose wagon the seller is
     looking into), "declined": [seat, ...], "winner": int | None, "done": bool,
     "selling": bool (the offer being resolved now)}
- ``task``: None | {"kind": str, "seat": int (resolver), "card": card, "loaders": [seat, ...] still to
  Load the Wagon, "loaded": [seat, ...] who have loaded}
- ``deck_count``, ``bag_count``, ``discard_count``: int; ``discard_top``: card | None
- ``contract_types``: [{"id", "name", "colour"}]; ``coin_types``: [{"id", "name", "value"}]
- ``over``: bool; ``scores``: None | list per seat of {"total", "coins", "majorities", "sets", "cards",
  "collections", "effects", "majority_types", "shared_types", "set_count", "five_sets",
  "collection_sets"}; ``ranking``: None | list of lists of seats, best first
- Private to ``seat`` (None for a spectator):
    ``hand``: [card]; ``coins``: {"copper", "silver", "gold"}; ``contracts``: {type: int};
    ``wagon``: None | {"coins": {...}, "contracts": {...}, "offer": int | None, "placed": bool,
                        "forced": bool}; ``choice``: card | None (own secret pick not yet revealed);
    ``packet``: [card] (draft); ``drafted``: [card] (draft);
    ``inspecting``: None | {"owner": int, "coins": {...}, "contracts": {...}} (a seller's look);
    ``loaded``: None | [{"owner": int, "coins": {...}, "contracts": {...}}] (the resolver of a Load the
    Wagon card, once every wagon is loaded)

A ``card`` is {"id", "design", "name", "type" ("attraction"/"performance"), "colour" ("orange", "red",
"yellow", "blue" or a contract colour), "players" ("", "5-6", "7-8"), "points", "text", "effect",
"params", "collection": bool, "contracts": {type: count provided}}.
"""

from __future__ import annotations

from typing import Any

from rules.dreadful_circus import scoring
from rules.dreadful_circus.content import COIN_TYPES, COIN_VALUE, CONTRACT_TYPES, card, load_content
from rules.dreadful_circus.legal import to_act, wagons_at
from rules.dreadful_circus.state import DRAFT, FINAL, OFFER, OVER, START, DreadfulCircusState, Seat, Task


def card_json(card_id: str) -> dict[str, Any]:
    return card(card_id).to_json()


def _coins(raw: dict[str, int]) -> dict[str, int]:
    return {coin: raw.get(coin, 0) for coin in COIN_TYPES}


def _contracts(raw: dict[str, int]) -> dict[str, int]:
    return {kind: raw.get(kind, 0) for kind in CONTRACT_TYPES}


def _exposed(state: DreadfulCircusState) -> bool:
    return state.phase in ("ending", OVER)


def _player(state: DreadfulCircusState, index: int, seat: Seat) -> dict[str, Any]:
    awaited = state.phase in (DRAFT, START, FINAL, OFFER)
    asked = awaited and (state.phase != OFFER or any(offer.seller == index for offer in state.offers))
    wagon = None
    if seat.wagon is not None:
        won = any(offer.winner == index for offer in state.offers)
        wagon = {"placed": seat.wagon.placed, "offer": seat.wagon.offer if seat.wagon.placed else None,
                 "declined": seat.wagon.declined, "won": won}
    return {
        "seat": index, "name": state.players[index], "hand_count": len(seat.hand), "packet_count": len(seat.packet),
        "tableau": [card_json(c) for c in seat.tableau], "tableau_count": len(seat.tableau),
        "first_seller": index == state.first_seller, "second_seller": index == state.second_seller,
        "chosen": asked and seat.choice is not None, "wagon": wagon,
        "coins": _coins(seat.coins) if _exposed(state) else None,
        "contracts": _contracts(seat.contracts) if _exposed(state) else None,
        "copies": {c: state.copies[c] for c in seat.tableau if c in state.copies},
    }


def _task(state: DreadfulCircusState, task: Task) -> dict[str, Any]:
    return {"kind": task.kind, "seat": task.seat, "card": card_json(task.card), "loaders": list(task.loaders),
            "loaded": sorted(task.loaded)}


def _private(state: DreadfulCircusState, seat: int) -> dict[str, Any]:
    me = state.seats[seat]
    wagon = None
    if me.wagon is not None:
        wagon = {"coins": _coins(me.wagon.coins), "contracts": _contracts(me.wagon.contracts),
                 "offer": me.wagon.offer, "placed": me.wagon.placed, "forced": me.wagon.forced}
    inspecting = None
    if state.phase == "sell":
        offer = state.offers[state.selling]
        if offer.seller == seat and offer.inspecting is not None:
            looked = state.seats[offer.inspecting].wagon
            assert looked is not None
            inspecting = {"owner": offer.inspecting, "coins": _coins(looked.coins),
                          "contracts": _contracts(looked.contracts)}
    loaded = None
    if state.tasks and state.tasks[0].seat == seat and state.tasks[0].started and not state.tasks[0].loaders \
            and state.tasks[0].loaded:
        loaded = [{"owner": owner, "coins": _coins(w.coins), "contracts": _contracts(w.contracts)}
                  for owner, w in sorted(state.tasks[0].loaded.items())]
    return {
        "hand": [card_json(c) for c in me.hand], "coins": _coins(me.coins), "contracts": _contracts(me.contracts),
        "wagon": wagon, "choice": card_json(me.choice) if me.choice else None,
        "packet": [card_json(c) for c in me.packet], "drafted": [card_json(c) for c in me.drafted],
        "inspecting": inspecting, "loaded": loaded,
    }


def view(state: DreadfulCircusState, seat: int | None) -> dict[str, Any]:
    content = load_content()
    offers = [{"index": index, "seller": offer.seller,
               "card": card_json(offer.card) if offer.card else None,
               "wagons": wagons_at(state, index), "inspecting": offer.inspecting,
               "declined": list(offer.declined), "winner": offer.winner, "done": offer.done,
               "selling": state.phase == "sell" and state.selling == index}
              for index, offer in enumerate(state.offers)]
    over = state.phase == OVER
    result: dict[str, Any] = {
        "game": "dreadful_circus", "seat": seat, "options": dict(state.options), "phase": state.phase,
        "round": state.round, "first_seller": state.first_seller, "second_seller": state.second_seller,
        "awaiting": sorted(to_act(state)),
        "players": [_player(state, index, s) for index, s in enumerate(state.seats)],
        "offers": offers,
        "task": _task(state, state.tasks[0]) if state.tasks else None,
        "deck_count": len(state.deck), "bag_count": len(state.bag), "discard_count": len(state.discard),
        "discard_top": card_json(state.discard[-1]) if state.discard else None,
        "contract_types": [{"id": kind, "name": content.contract_names[kind], "colour": content.contract_colours[kind]}
                           for kind in CONTRACT_TYPES],
        "coin_types": [{"id": coin, "name": coin.capitalize(), "value": COIN_VALUE[coin]} for coin in COIN_TYPES],
        "over": over,
        "scores": [part.to_json() for part in scoring.breakdowns(state)] if over else None,
        "ranking": [list(place) for place in scoring.outcome(state).ranking] if over else None,
    }
    empty = {"hand": None, "coins": None, "contracts": None, "wagon": None, "choice": None, "packet": None,
             "drafted": None, "inspecting": None, "loaded": None}
    result.update(_private(state, seat) if seat is not None else empty)
    return result
