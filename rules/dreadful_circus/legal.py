"""Which decisions are open now. The single source of legality: ``apply`` accepts exactly these.

Identical copies of a card offer one choice, not one per copy, so menus stay short.
"""

from __future__ import annotations

from rules.dreadful_circus import effects
from rules.dreadful_circus.actions import (
    Accept,
    Action,
    AddCoin,
    AddContract,
    CopyCard,
    Decline,
    DiscardAttraction,
    DraftPick,
    Inspect,
    LoadCoin,
    LoadContract,
    MakeOffer,
    PlaceAttraction,
    PlaceNothing,
    PlaceWagon,
    PlayCard,
    ReturnContract,
    StopReturning,
    TakeAttraction,
    TakeCoin,
    TakeContract,
    TakeLoaded,
)
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, card
from rules.dreadful_circus.state import (
    BID,
    DRAFT,
    EFFECT,
    ENDING,
    FINAL,
    OFFER,
    SELL,
    START,
    DreadfulCircusState,
    Seat,
    Task,
)


def to_act(state: DreadfulCircusState) -> frozenset[int]:
    phase = state.phase
    if phase in (DRAFT, START, FINAL):
        return frozenset(index for index, seat in enumerate(state.seats) if seat.choice is None)
    if phase == OFFER:
        return frozenset(offer.seller for offer in state.offers if state.seats[offer.seller].choice is None)
    if phase == BID:
        return frozenset(index for index, seat in enumerate(state.seats)
                         if seat.wagon is not None and not seat.wagon.placed)
    if phase == SELL:
        return frozenset({state.offers[state.selling].seller})
    if phase in (EFFECT, ENDING) and state.tasks:
        task = state.tasks[0]
        if task.kind in effects.LOAD_KINDS and task.loaders:
            return frozenset(task.loaders)
        return frozenset({task.seat})
    return frozenset()


def distinct(cards: list[str]) -> list[str]:
    """The first copy of each different card, in order."""
    seen: set[str] = set()
    result = []
    for card_id in cards:
        design = card(card_id).design
        if design not in seen:
            seen.add(design)
            result.append(card_id)
    return result


def distinct_pairs(pairs: list[tuple[int, str]]) -> list[tuple[int, str]]:
    seen: set[tuple[int, str]] = set()
    result = []
    for owner, card_id in pairs:
        key = (owner, card(card_id).design)
        if key not in seen:
            seen.add(key)
            result.append((owner, card_id))
    return result


# Bidding is the most frequent decision: its actions are built once.
_ADD_COIN = tuple((coin, AddCoin(coin)) for coin in COIN_TYPES)
_ADD_CONTRACT = tuple((kind, AddContract(kind)) for kind in CONTRACT_TYPES)
_TAKE_COIN = tuple((coin, TakeCoin(coin)) for coin in COIN_TYPES)
_TAKE_CONTRACT = tuple((kind, TakeContract(kind)) for kind in CONTRACT_TYPES)
_PLACE = (PlaceWagon(0), PlaceWagon(1))


def awaits(state: DreadfulCircusState, seat: int) -> bool:
    """``seat in to_act(state)``, without building the set (bidding asks this very often)."""
    if state.phase == BID:
        wagon = state.seats[seat].wagon
        return wagon is not None and not wagon.placed
    return seat in to_act(state)


def legal_actions(state: DreadfulCircusState, seat: int) -> list[Action]:
    if not 0 <= seat < len(state.seats) or not awaits(state, seat):
        return []
    me = state.seats[seat]
    phase = state.phase
    if phase == DRAFT:
        return [DraftPick(card_id) for card_id in distinct(me.packet)]
    if phase == START:
        return [PlaceAttraction(card_id) for card_id in distinct(me.hand) if card(card_id).attraction]
    if phase == FINAL:
        return [*(PlaceAttraction(c) for c in distinct(me.hand) if card(c).attraction), PlaceNothing()]
    if phase == OFFER:
        return [MakeOffer(card_id) for card_id in distinct(me.hand)]
    if phase == BID:
        return _bid_actions(state, me)
    if phase == SELL:
        offer = state.offers[state.selling]
        if offer.inspecting is not None:
            return [Accept(), Decline()]
        return [Inspect(owner) for owner in wagons_at(state, state.selling) if owner not in offer.declined]
    return _task_actions(state, seat, state.tasks[0])


def wagons_at(state: DreadfulCircusState, offer: int) -> list[int]:
    """Owners of the wagons placed next to an Offer, in seat order."""
    return [index for index, seat in enumerate(state.seats)
            if seat.wagon is not None and seat.wagon.placed and seat.wagon.offer == offer]


def can_place(me: Seat) -> bool:
    """A wagon holds at least 1 coin or Contract if its owner has any."""
    wagon = me.wagon
    assert wagon is not None
    return not wagon.empty() or not (effects.has_coins(me) or effects.has_contracts(me))


def open_offers(state: DreadfulCircusState, me: Seat) -> list[int]:
    """The Offers this wagon may be placed next to: a Seller's (or the only Offer) is fixed."""
    wagon = me.wagon
    assert wagon is not None
    if wagon.forced and wagon.offer is not None:
        return [wagon.offer]
    return list(range(len(state.offers)))


def _bid_actions(state: DreadfulCircusState, me: Seat) -> list[Action]:
    wagon = me.wagon
    assert wagon is not None
    coins, contracts = me.coins, me.contracts
    actions: list[Action] = [action for coin, action in _ADD_COIN if coins.get(coin)]
    actions += [action for kind, action in _ADD_CONTRACT if contracts.get(kind)]
    if wagon.coins:
        actions += [action for coin, action in _TAKE_COIN if wagon.coins.get(coin)]
    if wagon.contracts:
        actions += [action for kind, action in _TAKE_CONTRACT if wagon.contracts.get(kind)]
    if can_place(me):
        actions += [_PLACE[index] for index in open_offers(state, me)]
    return actions


def _task_actions(state: DreadfulCircusState, seat: int, task: Task) -> list[Action]:
    me = state.seats[seat]
    kind = task.kind
    if kind in effects.LOAD_KINDS:
        if task.loaders:
            if card(task.card).params["what"] == "coin":
                return [LoadCoin(coin) for coin in COIN_TYPES if me.coins.get(coin, 0)]
            return [LoadContract(c) for c in CONTRACT_TYPES if me.contracts.get(c, 0)]
        return [TakeLoaded(owner) for owner in sorted(task.loaded)]
    if kind == "play_card":
        return [PlayCard(card_id) for card_id in distinct(me.hand)]
    if kind == "swap_contracts":
        return [*(ReturnContract(c) for c in CONTRACT_TYPES if me.contracts.get(c, 0)), StopReturning()]
    if kind in ("discard_attraction", "crystal_balls"):
        pairs = effects.other_attractions(state, seat, collections_only=False)
        return [DiscardAttraction(owner, card_id) for owner, card_id in distinct_pairs(pairs)]
    if kind == "steal_collection":
        pairs = effects.other_attractions(state, seat, collections_only=True)
        return [TakeAttraction(owner, card_id) for owner, card_id in distinct_pairs(pairs)]
    return [CopyCard(owner, card_id) for owner, card_id in distinct_pairs(effects.copy_targets(state, task))]
