"""Why an action is refused, in a sentence the player can act on. Never names hidden things
(another player's hand, screen or wagon)."""

from __future__ import annotations

from typing import Any

from rules.core.errors import quote
from rules.dreadful_circus import effects
from rules.dreadful_circus.actions import Action
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, NOT_COPYABLE, card, load_content
from rules.dreadful_circus.legal import can_place, wagons_at
from rules.dreadful_circus.state import DreadfulCircusState
from rules.dreadful_circus.text import PHASE_WORDS, card_name

PHASE_OF_ACTION = {
    "draft_pick": {"draft"}, "place_attraction": {"start", "final"}, "place_nothing": {"final"},
    "make_offer": {"offer"}, "add_coin": {"bid"}, "add_contract": {"bid"}, "take_coin": {"bid"},
    "take_contract": {"bid"}, "place_wagon": {"bid"}, "inspect": {"sell"},
    "accept": {"sell"}, "decline": {"sell"},
}
TASK_OF_ACTION = {
    "load_coin": {"load_take", "load_keep"}, "load_contract": {"load_take", "load_keep"},
    "take_loaded": {"load_take"}, "play_card": {"play_card"}, "take_attraction": {"steal_collection"},
    "discard_attraction": {"discard_attraction", "crystal_balls"}, "return_contract": {"swap_contracts"},
    "stop_returning": {"swap_contracts"}, "copy_card": {"copy_own", "copy_other"},
}


def _known(card_id: str) -> bool:
    return card_id in load_content().cards


def explain(state: DreadfulCircusState, seat: int, action: Action) -> str:
    kind = action.kind
    if kind in TASK_OF_ACTION:
        return _explain_task(state, seat, action)
    if state.phase not in PHASE_OF_ACTION.get(kind, set()):
        return f"That is not a choice right now: the game is {PHASE_WORDS[state.phase]}."
    a: Any = action
    me = state.seats[seat]
    if kind in ("draft_pick", "place_attraction", "make_offer"):
        if not _known(a.card):
            return f"There is no Circus card called {quote(a.card)}."
        where = me.packet if kind == "draft_pick" else me.hand
        if a.card not in where:
            return f"{card_name(a.card)} is not in your {'packet' if kind == 'draft_pick' else 'hand'}."
        if kind == "place_attraction" and not card(a.card).attraction:
            return f"{card_name(a.card)} is a Performance; only Attractions go into your Tableau."
        return f"Choose the first copy of {card_name(a.card)} in the list."
    if kind == "place_nothing":
        return "You have already chosen."
    wagon = me.wagon
    if kind in ("add_coin", "add_contract", "take_coin", "take_contract", "place_wagon"):
        if wagon is None:
            return "You are a Seller without another Offer to bid on this round."
        if kind in ("add_coin", "take_coin") and a.coin not in COIN_TYPES:
            return "Coins are Copper, Silver or Gold."
        if kind in ("add_contract", "take_contract") and a.contract not in CONTRACT_TYPES:
            return "Contracts are Paris, Berlin, Vegas, Prague or London."
        if kind == "add_coin":
            return f"You have no {a.coin.capitalize()} left behind your screen."
        if kind == "add_contract":
            return f"You have no {load_content().contract_names[a.contract]} Contract left behind your screen."
        if kind in ("take_coin", "take_contract"):
            return "Your wagon holds none of that."
        if not 0 <= a.offer < len(state.offers):
            return "There is only 1 Offer this round." if len(state.offers) == 1 else "There are only 2 Offers."
        if wagon.forced and wagon.offer != a.offer:
            seller = state.players[state.offers[a.offer].seller]
            return f"That is {seller}'s own Offer: a Seller bids on the other Seller's Offer."
        if not can_place(me):
            return "Put at least 1 coin or Contract in your wagon: only a player with none may bid an empty wagon."
        return "Your wagon is already placed."
    offer = state.offers[state.selling]
    if offer.seller != seat:
        return "Only the Seller resolves this Offer."
    if kind == "inspect":
        if offer.inspecting is not None:
            return "Accept or decline the wagon you are looking into first."
        if a.owner in offer.declined:
            return f"You already declined {state.players[a.owner]}'s bid; it is no longer available."
        if a.owner not in wagons_at(state, state.selling):
            return "That player has no wagon next to your Offer."
    return "Choose a wagon to look into first."


def _explain_task(state: DreadfulCircusState, seat: int, action: Action) -> str:
    if not state.tasks or state.tasks[0].kind not in TASK_OF_ACTION[action.kind]:
        return f"That is not a choice right now: the game is {PHASE_WORDS[state.phase]}."
    task = state.tasks[0]
    a: Any = action
    me = state.seats[seat]
    kind = action.kind
    if kind == "load_coin":
        if task.kind == "load_take" and load_content().cards[task.card].params["what"] != "coin":
            return f"{card_name(task.card)} asks for a Contract, not a coin."
        return f"You have no {str(a.coin).capitalize()} behind your screen."
    if kind == "load_contract":
        if load_content().cards[task.card].params["what"] != "contract":
            return f"{card_name(task.card)} asks for a coin, not a Contract."
        return "You have no Contract of that type behind your screen."
    if kind == "take_loaded":
        if task.loaders:
            return "Wait until every wagon is loaded."
        return "That player loaded no wagon for you."
    if kind == "play_card":
        return "That card is not in your hand."
    if kind == "return_contract":
        return "You have no Contract of that type behind your screen."
    if kind in ("take_attraction", "discard_attraction", "copy_card"):
        if not 0 <= a.owner < len(state.players):
            return "There is no such player."
        if a.owner == seat and task.kind != "copy_own":
            return "Choose another player's card, not one of yours."
        if a.owner != seat and task.kind == "copy_own":
            return "Distorted Mirrors copies a card in your own Tableau."
        if a.card not in state.seats[a.owner].tableau:
            return f"That card is not in {state.players[a.owner]}'s Tableau."
        if kind == "take_attraction":
            return f"{card_name(a.card)} is not a Collection card."
        if kind == "copy_card" and load_content().cards[a.card].effect in NOT_COPYABLE:
            return "Twisted Corridors and Distorted Mirrors cannot copy Crystal Balls or each other."
        return "Choose the first copy of that card in the list."
    if not effects.has_contracts(me):
        return "You have no Contracts left to return."
    return "That is not possible now."
