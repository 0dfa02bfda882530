"""Why an action is refused, in a sentence the player can act on. Never names hidden things
(another player's hand, screen or wagon)."""

from __future__ import annotations

from typing import Any

from lang import tr
from rules.core.errors import quote
from rules.dreadful_circus import effects
from rules.dreadful_circus.actions import Action
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, NOT_COPYABLE, card, load_content
from rules.dreadful_circus.legal import can_place, wagons_at
from rules.dreadful_circus.names import coin_name, contract_name
from rules.dreadful_circus.state import DreadfulCircusState
from rules.dreadful_circus.text import card_name, phase_words

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
        return tr("That is not a choice right now: the game is {phase}.", phase=phase_words(state.phase))
    a: Any = action
    me = state.seats[seat]
    if kind in ("draft_pick", "place_attraction", "make_offer"):
        if not _known(a.card):
            return tr("There is no Circus card called {card}.", card=quote(a.card))
        where = me.packet if kind == "draft_pick" else me.hand
        if a.card not in where:
            if kind == "draft_pick":
                return tr("{card} is not in your packet.", card=card_name(a.card))
            return tr("{card} is not in your hand.", card=card_name(a.card))
        if kind == "place_attraction" and not card(a.card).attraction:
            return tr("{card} is a Performance; only Attractions go into your Tableau.", card=card_name(a.card))
        return tr("Choose the first copy of {card} in the list.", card=card_name(a.card))
    if kind == "place_nothing":
        return tr("You have already chosen.")
    wagon = me.wagon
    if kind in ("add_coin", "add_contract", "take_coin", "take_contract", "place_wagon"):
        if wagon is None:
            return tr("You are a Seller without another Offer to bid on this round.")
        if kind in ("add_coin", "take_coin") and a.coin not in COIN_TYPES:
            return tr("Coins are Copper, Silver or Gold.")
        if kind in ("add_contract", "take_contract") and a.contract not in CONTRACT_TYPES:
            return tr("Contracts are Paris, Berlin, Vegas, Prague or London.")
        if kind == "add_coin":
            return tr("You have no {coin} left behind your screen.", coin=coin_name(a.coin))
        if kind == "add_contract":
            return tr("You have no {city} Contract left behind your screen.", city=contract_name(a.contract))
        if kind in ("take_coin", "take_contract"):
            return tr("Your wagon holds none of that.")
        if not 0 <= a.offer < len(state.offers):
            return tr("There is only 1 Offer this round.") if len(state.offers) == 1 else tr("There are only 2 Offers.")
        if wagon.forced and wagon.offer != a.offer:
            seller = state.players[state.offers[a.offer].seller]
            return tr("That is {seller}'s own Offer: a Seller bids on the other Seller's Offer.", seller=seller)
        if not can_place(me):
            return tr("Put at least 1 coin or Contract in your wagon: only a player with none may bid an empty wagon.")
        return tr("Your wagon is already placed.")
    offer = state.offers[state.selling]
    if offer.seller != seat:
        return tr("Only the Seller resolves this Offer.")
    if kind == "inspect":
        if offer.inspecting is not None:
            return tr("Accept or decline the wagon you are looking into first.")
        if a.owner in offer.declined:
            return tr("You already declined {owner}'s bid; it is no longer available.", owner=state.players[a.owner])
        if a.owner not in wagons_at(state, state.selling):
            return tr("That player has no wagon next to your Offer.")
    return tr("Choose a wagon to look into first.")


def _explain_task(state: DreadfulCircusState, seat: int, action: Action) -> str:
    if not state.tasks or state.tasks[0].kind not in TASK_OF_ACTION[action.kind]:
        return tr("That is not a choice right now: the game is {phase}.", phase=phase_words(state.phase))
    task = state.tasks[0]
    a: Any = action
    me = state.seats[seat]
    kind = action.kind
    if kind == "load_coin":
        if task.kind == "load_take" and load_content().cards[task.card].params["what"] != "coin":
            return tr("{card} asks for a Contract, not a coin.", card=card_name(task.card))
        return tr("You have no {coin} behind your screen.", coin=coin_name(str(a.coin)))
    if kind == "load_contract":
        if load_content().cards[task.card].params["what"] != "contract":
            return tr("{card} asks for a coin, not a Contract.", card=card_name(task.card))
        return tr("You have no Contract of that type behind your screen.")
    if kind == "take_loaded":
        if task.loaders:
            return tr("Wait until every wagon is loaded.")
        return tr("That player loaded no wagon for you.")
    if kind == "play_card":
        return tr("That card is not in your hand.")
    if kind == "return_contract":
        return tr("You have no Contract of that type behind your screen.")
    if kind in ("take_attraction", "discard_attraction", "copy_card"):
        if not 0 <= a.owner < len(state.players):
            return tr("There is no such player.")
        if a.owner == seat and task.kind != "copy_own":
            return tr("Choose another player's card, not one of yours.")
        if a.owner != seat and task.kind == "copy_own":
            return tr("Distorted Mirrors copies a card in your own Tableau.")
        if a.card not in state.seats[a.owner].tableau:
            return tr("That card is not in {owner}'s Tableau.", owner=state.players[a.owner])
        if kind == "take_attraction":
            return tr("{card} is not a Collection card.", card=card_name(a.card))
        if kind == "copy_card" and load_content().cards[a.card].effect in NOT_COPYABLE:
            return tr("Twisted Corridors and Distorted Mirrors cannot copy Crystal Balls or each other.")
        return tr("Choose the first copy of that card in the list.")
    if not effects.has_contracts(me):
        return tr("You have no Contracts left to return.")
    return tr("That is not possible now.")
