"""A round: Offers, secret wagons, the Sellers inspecting, accepting and declining, cards going to
their winners, the Seller tokens passing left and the end when every hand is down to 3 cards."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, NotYourTurn
from rules.core.events import Event
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import (
    Accept,
    AddCoin,
    AddContract,
    Decline,
    Inspect,
    MakeOffer,
    PlaceAttraction,
    PlaceWagon,
    TakeCoin,
)
from rules.dreadful_circus.content import load_content
from rules.dreadful_circus.state import DreadfulCircusState

from dreadful_circus_helpers import GAME, apply, bid_copper, cid, find, kinds, run, started


def _offer(state: DreadfulCircusState, card_name: str, seller: int | None = None) -> DreadfulCircusState:
    """The Seller offers a card called ``card_name``, put into their hand for the test."""
    seller = state.first_seller if seller is None else seller
    card = cid(card_name)
    for seat in state.seats:
        if card in seat.hand:
            seat.hand.remove(card)
    state.seats[seller].hand.append(card)
    state.deck = [c for c in state.deck if c != card]
    state, _ = apply(state, seller, MakeOffer(card))
    return state


def test_four_players_one_seller_who_does_not_bid() -> None:
    state = _offer(started(4, seed=1), "Freak Show")
    seller = state.first_seller
    assert state.phase == "bid" and state.seats[seller].wagon is None
    assert GAME.to_act(state) == frozenset(range(4)) - {seller}
    bidder = (seller + 1) % 4
    assert PlaceWagon(0) not in GAME.legal_actions(state, bidder)  # an empty wagon needs an empty screen
    with pytest.raises(IllegalAction, match="Put at least 1 coin or Contract in your wagon"):
        apply(state, bidder, PlaceWagon(0))
    with pytest.raises(IllegalAction, match=r"There is only 1 Offer this round\."):
        apply(state, bidder, PlaceWagon(1))


def test_a_wagon_is_filled_one_coin_at_a_time_and_stays_secret() -> None:
    state = _offer(started(4, seed=1), "Freak Show")
    bidder = (state.first_seller + 1) % 4
    state, events = run(state, (bidder, AddCoin("gold")), (bidder, AddCoin("copper")), (bidder, TakeCoin("gold")),
                        (bidder, AddContract(next(k for k, n in state.seats[bidder].contracts.items() if n))))
    assert events == []  # nothing about filling a wagon is announced
    mine = GAME.view(state, bidder)
    assert mine["wagon"]["coins"] == {"copper": 1, "silver": 0, "gold": 0} and not mine["wagon"]["placed"]
    assert mine["coins"] == {"copper": 2, "silver": 2, "gold": 1}
    other = GAME.view(state, state.first_seller)
    assert other["players"][bidder]["wagon"] == {"placed": False, "offer": None, "declined": False, "won": False}
    state, events = apply(state, bidder, PlaceWagon(0))
    assert find(events, "wagon_placed") == [{"seat": bidder, "offer": 0}]
    assert GAME.view(state, None)["players"][bidder]["wagon"]["offer"] == 0
    with pytest.raises(NotYourTurn):
        apply(state, bidder, TakeCoin("copper"))  # a placed wagon is final


def test_a_player_with_nothing_bids_an_empty_wagon() -> None:
    state = _offer(started(4, seed=1), "Freak Show")
    bidder = (state.first_seller + 1) % 4
    state.seats[bidder].coins = {"copper": 0, "silver": 0, "gold": 0}
    state.seats[bidder].contracts = {k: 0 for k in state.seats[bidder].contracts}
    assert GAME.legal_actions(state, bidder) == [PlaceWagon(0)]


def _four_player_bids(state: DreadfulCircusState) -> tuple[DreadfulCircusState, list[int]]:
    seller = state.first_seller
    bidders = [(seller + step) % 4 for step in (1, 2, 3)]
    for step, bidder in enumerate(bidders, start=1):
        state = bid_copper(state, bidder, copper=step)
    assert state.phase == "sell" and GAME.to_act(state) == frozenset({seller})
    return state, bidders


def test_the_seller_inspects_declines_and_accepts() -> None:
    state = _offer(started(4, seed=1), "Freak Show")
    seller = state.first_seller
    state, (low, middle, high) = _four_player_bids(state)
    seller_copper = state.seats[seller].coins["copper"]
    assert GAME.legal_actions(state, seller) == [Inspect(s) for s in sorted((low, middle, high))]
    state, events = apply(state, seller, Inspect(low))
    secret = [e for e in events if e.kind == "wagon_contents"]
    assert len(secret) == 1 and secret[0].private_to == seller and secret[0].data["coins"] == {"copper": 1}
    assert GAME.view(state, seller)["inspecting"]["coins"]["copper"] == 1
    for other in (None, low, middle, high):
        assert GAME.view(state, other)["inspecting"] is None
    assert GAME.legal_actions(state, seller) == [Accept(), Decline()]
    state, events = apply(state, seller, Decline())
    assert kinds(events) == ["bid_declined"] and GAME.view(state, seller)["inspecting"] is None
    assert Inspect(low) not in GAME.legal_actions(state, seller)
    with pytest.raises(IllegalAction, match="You already declined"):
        apply(state, seller, Inspect(low))
    state, _ = apply(state, seller, Inspect(high))
    state, events = apply(state, seller, Accept())
    assert find(events, "bid_accepted")[0] == {"seat": seller, "owner": high, "card": cid("Freak Show")}
    assert state.seats[seller].coins["copper"] == seller_copper + 3
    assert cid("Freak Show") in state.seats[high].tableau
    # Every bid not accepted went back behind its screen, the declined one included.
    assert state.seats[low].coins["copper"] == 3 and state.seats[middle].coins["copper"] == 3
    assert state.seats[high].coins["copper"] == 0
    assert state.phase == "offer" and state.first_seller == (seller + 1) % 4


def test_an_offer_nobody_is_accepted_for_is_discarded() -> None:
    state = _offer(started(4, seed=1), "Freak Show")
    seller = state.first_seller
    state, bidders = _four_player_bids(state)
    for bidder in sorted(bidders):
        state, events = run(state, (seller, Inspect(bidder)), (seller, Decline()))
    assert find(events, "offer_discarded") == [{"seat": seller, "card": cid("Freak Show")}]
    assert state.discard[-1] == cid("Freak Show")
    assert all(state.seats[b].coins["copper"] == 3 for b in bidders)


def test_five_players_two_sellers_bid_on_each_others_offers() -> None:
    state = started(5, seed=4)
    first, second = state.first_seller, state.second_seller
    assert second is not None
    state = _offer(state, "Freak Show", first)
    state = _offer(state, "Frosty Cones", second)
    first_wagon, second_wagon = state.seats[first].wagon, state.seats[second].wagon
    assert first_wagon is not None and first_wagon.offer == 1
    assert second_wagon is not None and second_wagon.offer == 0
    state, _ = apply(state, first, AddCoin("copper"))
    assert PlaceWagon(0) not in GAME.legal_actions(state, first)
    with pytest.raises(IllegalAction, match="a Seller bids on the other Seller's Offer"):
        apply(state, first, PlaceWagon(0))
    state, _ = apply(state, first, PlaceWagon(1))
    state = bid_copper(state, second, offer=0)
    others = [s for s in range(5) if s not in (first, second)]
    for seat in others:
        state, _ = apply(state, seat, AddCoin("copper"))
        assert {PlaceWagon(0), PlaceWagon(1)} <= set(GAME.legal_actions(state, seat))  # either Offer
        state, _ = apply(state, seat, PlaceWagon(1))
    # The 1st Seller resolves first, then the 2nd.
    assert GAME.to_act(state) == frozenset({first})
    assert GAME.legal_actions(state, first) == [Inspect(second)]
    state, _ = run(state, (first, Inspect(second)), (first, Accept()))
    assert GAME.to_act(state) == frozenset({second})
    state, events = run(state, (second, Inspect(others[0])), (second, Accept()))
    assert cid("Freak Show") in state.seats[second].tableau
    assert cid("Frosty Cones") in state.seats[others[0]].tableau
    assert state.first_seller == (first + 1) % 5 and state.second_seller == (second + 1) % 5
    assert find(events, "round_begins")[0]["round"] == 2


def test_ticket_booth_pays_a_copper_to_a_seller_who_accepts() -> None:
    state = started(4, seed=1)
    seller = state.first_seller
    state.seats[seller].tableau.append(cid("Ticket Booth"))
    state = _offer(state, "Freak Show")
    state, bidders = _four_player_bids(state)
    before = state.seats[seller].coins["copper"]
    state, events = run(state, (seller, Inspect(bidders[0])), (seller, Accept()))
    assert state.seats[seller].coins["copper"] == before + 1 + 1
    assert find(events, "coins_gained") == [{"seat": seller, "coins": {"copper": 1}}]


def test_a_seller_down_to_three_cards_makes_no_offer() -> None:
    state = started(5, seed=4)
    first, second = state.first_seller, state.second_seller
    assert second is not None
    state.seats[first].hand = state.seats[first].hand[:3]
    state.offers = []
    events: list[Event] = []
    flow.begin_round(state, events)
    assert [offer.seller for offer in state.offers] == [second]
    state, _ = apply(state, second, MakeOffer(state.seats[second].hand[0]))
    wagon = state.seats[first].wagon
    assert wagon is not None and wagon.offer == 0  # bids like anyone


def test_the_game_ends_when_every_hand_has_three_cards() -> None:
    state = started(4, seed=1)
    for seat in state.seats:
        seat.hand = seat.hand[:3]
    seller = state.first_seller
    state.seats[seller].hand.append(state.deck.pop())
    state.offers = []
    flow.begin_round(state, [])
    state, _ = apply(state, seller, MakeOffer(state.seats[seller].hand[-1]))
    for step in (1, 2, 3):
        state = bid_copper(state, (seller + step) % 4)
    state, events = run(state, *[(seller, a) for a in (Inspect((seller + 1) % 4), Accept())])
    assert "game_ends" in kinds(events)
    assert state.phase in ("final", "ending", "over")
    assert state.first_seller == seller  # the tokens do not pass after the last round
    assert all(len(seat.hand) <= 3 for seat in state.seats)


def test_every_seller_sells_four_cards_in_a_four_player_game() -> None:
    state = started(4, seed=9)
    rounds = 0
    while state.phase != "final":
        seller = state.first_seller
        playable = [c for c in state.seats[seller].hand if load_content().cards[c].attraction]
        state, _ = apply(state, seller, MakeOffer((playable or state.seats[seller].hand)[0]))
        for step in (1, 2, 3):
            state = bid_copper(state, (seller + step) % 4)
        state, _ = run(state, (seller, Inspect((seller + 1) % 4)), (seller, Decline()),
                            (seller, Inspect((seller + 2) % 4)), (seller, Decline()),
                            (seller, Inspect((seller + 3) % 4)), (seller, Decline()))
        rounds += 1
    assert rounds == 16 and all(len(seat.hand) == 3 for seat in state.seats)


def test_the_rulebooks_example_round() -> None:
    """Mike (1st Seller) offers Elastic Marcella, Erica (2nd, across) Frosty Cones. Erica and Natalie
    bid on Marcella; Mike, Tom and Kate on the Cones. Mike declines Natalie and accepts Erica; Erica
    declines every bid, so Frosty Cones is discarded; then Erica resolves Elastic Marcella."""
    names = ["Mike", "Tom", "Erica", "Kate", "Natalie"]
    mike, tom, erica, kate, natalie = range(5)
    state = GAME.new_game(names, {}, seed=8)
    state.first_seller, state.second_seller = mike, erica
    for seat in range(5):
        pick = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceAttraction))
        state, _ = apply(state, seat, pick)
    state = _offer(state, "Elastic Marcella", mike)
    state = _offer(state, "Frosty Cones", erica)
    state = bid_copper(state, erica, offer=0)
    state = bid_copper(state, natalie, offer=0)
    for seat in (mike, tom, kate):
        state = bid_copper(state, seat, offer=1)
    state, events = run(state, (mike, Inspect(natalie)), (mike, Decline()), (mike, Inspect(erica)), (mike, Accept()),
                        (erica, Inspect(mike)), (erica, Decline()), (erica, Inspect(tom)), (erica, Decline()),
                        (erica, Inspect(kate)), (erica, Decline()))
    assert [(d["seat"], d["owner"]) for d in find(events, "bid_declined")] == [
        (mike, natalie), (erica, mike), (erica, tom), (erica, kate)]
    assert find(events, "offer_discarded") == [{"seat": erica, "card": cid("Frosty Cones")}]
    assert find(events, "card_resolves") == [{"seat": erica, "card": cid("Elastic Marcella")}]
    assert GAME.to_act(state) == frozenset({mike, tom, kate, natalie})  # Load the Wagon for Erica
    public = " ".join(GAME.describe_event(e, names) for e in events if e.private_to is None)
    assert "Mike declines Natalie's bid." in public and "Erica wins Elastic Marcella" in public
    assert "Copper" not in public  # what the wagons held stays secret
