"""The course of a game: set-up, the draft, rounds (offers, bids, sales, effects) and the end.

Every function here moves the game on from a completed step to the next decision, appending the
public (and private) events of what happened.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.options import OptionValue
from rules.core.rng import Rng
from rules.dreadful_circus import effects
from rules.dreadful_circus.content import CONTRACT_TYPES, END_GAME_EFFECTS, card, load_content
from rules.dreadful_circus.state import (
    BID,
    DRAFT,
    EFFECT,
    ENDING,
    FINAL,
    OFFER,
    OVER,
    SELL,
    START,
    DreadfulCircusState,
    Offer,
    Seat,
    Task,
    Wagon,
)


def new_state(players: list[str], options: dict[str, OptionValue], rng: Rng) -> DreadfulCircusState:
    content = load_content()
    count = len(players)
    deck = content.deck_for(count)
    rng.shuffle(deck)
    bag = [kind for kind in CONTRACT_TYPES for _ in range(content.contract_count)]
    rng.shuffle(bag)
    seats = []
    for _ in players:
        contracts = {kind: 0 for kind in CONTRACT_TYPES}
        for _ in range(content.starting_contracts):
            contracts[bag.pop()] += 1
        seats.append(Seat(hand=[], coins=dict(content.starting_coins), contracts=contracts))
    # "The player who last visited a Circus" cannot be asked, so chance decides.
    first = rng.below(count)
    state = DreadfulCircusState(players=players, options=options, rng=rng.state, seats=seats, deck=deck, bag=bag,
                                phase=START, first_seller=first, second_seller=across(first, count))
    size = content.hand_size[count]
    for seat in seats:
        seat.hand = draw_cards(state, size)
    redeal_hands_without_attractions(state, [])  # set-up step 6, before any draft
    if options.get("draft"):
        state.phase = DRAFT
        for seat in seats:
            seat.packet, seat.hand = seat.hand, []
    return state


def across(first: int, count: int) -> int | None:
    """The 2nd Seller sits directly across from the 1st; 4-player games have none."""
    return (first + count // 2) % count if count >= 5 else None


def draw_cards(state: DreadfulCircusState, count: int) -> list[str]:
    """Draw from the Circus deck; a deck that runs out is refilled from the shuffled discard pile."""
    drawn: list[str] = []
    while len(drawn) < count:
        if not state.deck:
            if not state.discard:
                break
            rng = Rng(state.rng)
            state.deck, state.discard = state.discard, []
            rng.shuffle(state.deck)
            state.rng = rng.state
        drawn.append(state.deck.pop())
    return drawn


def has_attraction(cards: list[str]) -> bool:
    return any(card(card_id).attraction for card_id in cards)


def redeal_hands_without_attractions(state: DreadfulCircusState, events: list[Event]) -> None:
    """Set-up note: a player without an Attraction discards the hand and draws again."""
    for index, seat in enumerate(state.seats):
        while not has_attraction(seat.hand):
            size = len(seat.hand)
            state.discard.extend(seat.hand)
            seat.hand = draw_cards(state, size)
            state.redeals += 1
            events.append(Event("redealt", {"seat": index, "cards": size}))
            events.append(Event("hand_dealt", {"seat": index, "cards": list(seat.hand)}, private_to=index))


# ----- draft and set-up ---------------------------------------------------------------------------

def finish_draft_pick(state: DreadfulCircusState, events: list[Event]) -> None:
    """Every player has picked: keep the picks, pass the packets left, go on or end the draft."""
    count = len(state.seats)
    for seat in state.seats:
        assert seat.choice is not None
        seat.packet.remove(seat.choice)
        seat.drafted.append(seat.choice)
        seat.choice = None
    packets = [seat.packet for seat in state.seats]
    for index, seat in enumerate(state.seats):
        seat.packet = packets[(index - 1) % count]
    events.append(Event("draft_passed", {"left": len(state.seats[0].packet)}))
    if len(state.seats[0].packet) == 1:  # the last card is taken without a choice
        for seat in state.seats:
            seat.drafted.extend(seat.packet)
            seat.packet = []
    if not state.seats[0].packet:
        for seat in state.seats:
            seat.hand, seat.drafted = seat.drafted, []
        events.append(Event("draft_over", {}))
        redeal_hands_without_attractions(state, events)
        state.phase = START


def reveal_starting_attractions(state: DreadfulCircusState, events: list[Event]) -> None:
    for index, seat in enumerate(state.seats):
        assert seat.choice
        seat.hand.remove(seat.choice)
        seat.tableau.append(seat.choice)
        events.append(Event("attraction_placed", {"seat": index, "card": seat.choice, "when": "start"}))
        seat.choice = None
    events.append(Event("first_seller", {"seat": state.first_seller, "second": state.second_seller}))
    begin_round(state, events)


# ----- rounds ------------------------------------------------------------------------------------

def game_should_end(state: DreadfulCircusState) -> bool:
    return all(len(seat.hand) <= load_content().hand_left_at_end for seat in state.seats)


def begin_round(state: DreadfulCircusState, events: list[Event]) -> None:
    """Offers are made by the Sellers who still have more than 3 cards; if neither has, the tokens
    pass on (a ruling: a Seller never sells below the 3 cards kept for the end)."""
    keep = load_content().hand_left_at_end
    while True:
        if game_should_end(state):
            begin_final(state, events)
            return
        sellers = [s for s in (state.first_seller, state.second_seller)
                   if s is not None and len(state.seats[s].hand) > keep]
        if sellers:
            break
        events.append(Event("sellers_skip", {"seat": state.first_seller, "second": state.second_seller}))
        pass_seller_tokens(state)
    state.round += 1
    state.offers = [Offer(seller=s, card="") for s in sellers]
    state.phase = OFFER
    events.append(Event("round_begins", {"round": state.round, "sellers": sellers,
                                         "seat": state.first_seller, "second": state.second_seller}))


def pass_seller_tokens(state: DreadfulCircusState) -> None:
    count = len(state.seats)
    state.first_seller = (state.first_seller + 1) % count
    if state.second_seller is not None:
        state.second_seller = (state.second_seller + 1) % count


def reveal_offers(state: DreadfulCircusState, events: list[Event]) -> None:
    for index, offer in enumerate(state.offers):
        seat = state.seats[offer.seller]
        assert seat.choice
        offer.card = seat.choice
        seat.hand.remove(seat.choice)
        seat.choice = None
        events.append(Event("offer_revealed", {"seat": offer.seller, "card": offer.card, "offer": index}))
    sellers = [offer.seller for offer in state.offers]
    for index, seat in enumerate(state.seats):
        if index in sellers:
            # A Seller bids on the other Seller's Offer; alone, a Seller does not bid.
            seat.wagon = Wagon(offer=1 - sellers.index(index), forced=True) if len(sellers) == 2 else None
        else:
            single = len(sellers) == 1
            seat.wagon = Wagon(offer=0 if single else None, forced=single)
    state.phase = BID


def all_wagons_placed(state: DreadfulCircusState, events: list[Event]) -> None:
    state.phase = SELL
    state.selling = 0
    events.append(Event("bidding_closed", {}))


def offer_resolved(state: DreadfulCircusState, events: list[Event]) -> None:
    """The current Offer is sold or discarded; the next Seller resolves theirs, or the round settles."""
    offer = state.offers[state.selling]
    offer.done = True
    offer.inspecting = None
    if offer.winner is None:
        state.discard.append(offer.card)
        events.append(Event("offer_discarded", {"seat": offer.seller, "card": offer.card}))
    state.selling += 1
    if state.selling < len(state.offers):
        return
    settle_round(state, events)


def settle_round(state: DreadfulCircusState, events: list[Event]) -> None:
    """Bids not accepted go back behind their screens; Attractions go to Tableaux, then
    Performances resolve in Seller order."""
    for seat in state.seats:
        if seat.wagon is not None:
            effects.return_wagon(seat, seat.wagon)
            seat.wagon = None
    for offer in state.offers:
        if offer.winner is not None and card(offer.card).attraction:
            state.seats[offer.winner].tableau.append(offer.card)
            events.append(Event("attraction_placed", {"seat": offer.winner, "card": offer.card, "when": "won"}))
    state.phase = EFFECT
    for offer in state.offers:
        if offer.winner is not None and not card(offer.card).attraction:
            state.discard.append(offer.card)
            state.tasks.append(Task(kind=card(offer.card).effect, seat=offer.winner, card=offer.card))
    continue_tasks(state, events)


def continue_tasks(state: DreadfulCircusState, events: list[Event]) -> None:
    """Run card effects until one needs a decision; when none is left, the game moves on."""
    effects.run_until_decision(state, events)
    if state.tasks:
        return
    if state.phase == EFFECT:
        end_round(state, events)
    elif state.phase == ENDING:
        state.phase = OVER
        events.append(Event("game_over", {}))


def end_round(state: DreadfulCircusState, events: list[Event]) -> None:
    state.offers = []
    state.selling = 0
    if not game_should_end(state):
        pass_seller_tokens(state)
    begin_round(state, events)


# ----- the end ------------------------------------------------------------------------------------

def begin_final(state: DreadfulCircusState, events: list[Event]) -> None:
    state.phase = FINAL
    state.offers = []
    events.append(Event("game_ends", {"hands": [len(seat.hand) for seat in state.seats]}))
    for seat in state.seats:
        seat.choice = None if has_attraction(seat.hand) else ""
    if all(seat.choice == "" for seat in state.seats):
        reveal_final(state, events)


def reveal_final(state: DreadfulCircusState, events: list[Event]) -> None:
    """Final Attractions are placed, hands discarded, screens revealed; then end-game effects
    resolve from the 1st Seller clockwise (the rulebook's order for conflicting cards)."""
    for index, seat in enumerate(state.seats):
        if seat.choice:
            seat.hand.remove(seat.choice)
            seat.tableau.append(seat.choice)
            events.append(Event("attraction_placed", {"seat": index, "card": seat.choice, "when": "end"}))
        seat.choice = None
        state.discard.extend(seat.hand)
        seat.hand = []
    events.append(Event("exposure", {"coins": [dict(seat.coins) for seat in state.seats],
                                     "contracts": [dict(seat.contracts) for seat in state.seats]}))
    state.phase = ENDING
    count = len(state.seats)
    for step in range(count):
        owner = (state.first_seller + step) % count
        for card_id in state.seats[owner].tableau:
            if card(card_id).effect in END_GAME_EFFECTS:
                state.tasks.append(Task(kind=card(card_id).effect, seat=owner, card=card_id))
    continue_tasks(state, events)
