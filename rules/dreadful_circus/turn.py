"""Carrying out one legal action. Simultaneous choices (draft picks, starting and final Attractions,
Offers) stay secret until every awaited player has made theirs, then are revealed together."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.dreadful_circus import effects, flow
from rules.dreadful_circus.actions import Action
from rules.dreadful_circus.content import card
from rules.dreadful_circus.legal import to_act, wagons_at
from rules.dreadful_circus.state import DreadfulCircusState


def resolve(state: DreadfulCircusState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    a: Any = action
    me = state.seats[seat]
    kind = action.kind
    if kind in ("draft_pick", "place_attraction", "place_nothing", "make_offer"):
        me.choice = "" if kind == "place_nothing" else a.card
        events.append(Event("choice_made", {"seat": seat, "phase": state.phase}))
        events.append(Event("choice_private", {"seat": seat, "card": me.choice}, private_to=seat))
        if not to_act(state):
            {"draft": flow.finish_draft_pick, "start": flow.reveal_starting_attractions,
             "final": flow.reveal_final, "offer": flow.reveal_offers}[state.phase](state, events)
    elif kind in ("add_coin", "add_contract", "take_coin", "take_contract"):
        _fill_wagon(state, seat, action)
    elif kind == "place_wagon":
        assert me.wagon is not None
        me.wagon.offer = a.offer
        me.wagon.placed = True
        events.append(Event("wagon_placed", {"seat": seat, "offer": me.wagon.offer}))
        if not to_act(state):
            flow.all_wagons_placed(state, events)
    elif kind in ("inspect", "accept", "decline"):
        _sell(state, seat, action, events)
    else:
        _task_decision(state, seat, action, events)
    return events


def _fill_wagon(state: DreadfulCircusState, seat: int, action: Action) -> None:
    a: Any = action
    me = state.seats[seat]
    wagon = me.wagon
    assert wagon is not None
    if action.kind in ("add_coin", "take_coin"):
        screen, box, item = me.coins, wagon.coins, a.coin
    else:
        screen, box, item = me.contracts, wagon.contracts, a.contract
    step = 1 if action.kind.startswith("add") else -1
    screen[item] = screen.get(item, 0) - step
    box[item] = box.get(item, 0) + step
    if not box[item]:
        del box[item]


def _sell(state: DreadfulCircusState, seat: int, action: Action, events: list[Event]) -> None:
    a: Any = action
    offer = state.offers[state.selling]
    if action.kind == "inspect":
        offer.inspecting = a.owner
        wagon = state.seats[a.owner].wagon
        assert wagon is not None
        events.append(Event("wagon_inspected", {"seat": seat, "owner": a.owner}))
        events.append(Event("wagon_contents", {"seat": seat, "owner": a.owner, "coins": dict(wagon.coins),
                                               "contracts": dict(wagon.contracts)}, private_to=seat))
        return
    owner = offer.inspecting
    assert owner is not None
    wagon = state.seats[owner].wagon
    assert wagon is not None
    offer.inspecting = None
    if action.kind == "accept":
        effects.take_contents(state.seats[seat], wagon)
        offer.winner = owner
        events.append(Event("bid_accepted", {"seat": seat, "owner": owner, "card": offer.card}))
        booths = sum(1 for card_id in state.seats[seat].tableau if _is_booth(card_id))
        if booths:
            state.seats[seat].coins["copper"] = state.seats[seat].coins.get("copper", 0) + booths
            events.append(Event("coins_gained", {"seat": seat, "coins": {"copper": booths}}))
        flow.offer_resolved(state, events)
        return
    offer.declined.append(owner)
    wagon.declined = True
    events.append(Event("bid_declined", {"seat": seat, "owner": owner, "card": offer.card}))
    if all(other in offer.declined for other in wagons_at(state, state.selling)):
        flow.offer_resolved(state, events)


def _is_booth(card_id: str) -> bool:
    return card(card_id).effect == "seller_income"


def _task_decision(state: DreadfulCircusState, seat: int, action: Action, events: list[Event]) -> None:
    a: Any = action
    kind = action.kind
    if kind == "load_coin":
        effects.load(state, seat, a.coin, None, events)
    elif kind == "load_contract":
        effects.load(state, seat, None, a.contract, events)
    elif kind == "take_loaded":
        effects.take_loaded(state, a.owner, events)
    elif kind == "play_card":
        effects.play_card(state, a.card, events)
    elif kind == "take_attraction":
        effects.take_attraction(state, a.owner, a.card, events)
    elif kind == "discard_attraction":
        effects.discard_attraction(state, a.owner, a.card, events)
    elif kind == "return_contract":
        effects.return_contract(state, a.contract, events)
    elif kind == "stop_returning":
        effects.stop_returning(state, events)
    elif kind == "copy_card":
        effects.copy_card(state, a.owner, a.card, events)
    flow.continue_tasks(state, events)
