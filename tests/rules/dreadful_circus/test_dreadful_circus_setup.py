"""Set-up for 4 to 8 players, the redeal, the starting Attractions, the Sellers and the Draft variant."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, InvalidOptions
from rules.core.events import Event
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import DraftPick, MakeOffer, PlaceAttraction
from rules.dreadful_circus.content import load_content
from rules.dreadful_circus.state import DreadfulCircusState

from dreadful_circus_helpers import GAME, apply, find, new_game, run

HANDS = {4: 8, 5: 8, 6: 8, 7: 7, 8: 7}
DECKS = {4: 40, 5: 53, 6: 53, 7: 63, 8: 63}


@pytest.mark.parametrize("players", range(4, 9))
def test_deck_hands_coins_and_contracts_by_player_count(players: int) -> None:
    state = new_game(players, seed=players)
    in_play = len(state.deck) + sum(len(seat.hand) for seat in state.seats) + len(state.discard)
    assert in_play == DECKS[players]
    for seat in state.seats:
        assert len(seat.hand) == HANDS[players]
        assert seat.coins == {"copper": 3, "silver": 2, "gold": 1}
        assert sum(seat.contracts.values()) == 6
        assert any(load_content().cards[c].attraction for c in seat.hand)
    assert len(state.bag) == 55 - 6 * players


def test_the_deck_uses_the_player_count_marks() -> None:
    content = load_content()
    marks = {n: {content.cards[c].players for c in content.deck_for(n)} for n in range(4, 9)}
    assert marks[4] == {""} and marks[6] == {"", "5-6"} and marks[7] == {"", "5-6", "7-8"}
    attractions = sum(card.attraction for card in content.cards.values())
    assert (len(content.cards), attractions) == (63, 43)
    collections = {card.name for card in content.cards.values() if card.effect == "collection"}
    assert {"Poppin' Cobs", "Sweet Clouds", "Frosty Cones"} < collections and len(collections) == 4


@pytest.mark.parametrize("players", range(4, 9))
def test_sellers_the_second_sits_across(players: int) -> None:
    state = new_game(players, seed=3)
    assert 0 <= state.first_seller < players
    if players == 4:
        assert state.second_seller is None
    else:
        assert state.second_seller == (state.first_seller + players // 2) % players


def test_player_counts_outside_four_to_eight_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="4 to 8 players, not 3"):
        GAME.new_game(["A", "B", "C"], {}, 1)


def test_a_hand_without_an_attraction_is_discarded_and_redrawn() -> None:
    state = new_game(4, seed=1)
    performances = [c.id for c in load_content().cards.values() if not c.attraction and not c.players][:8]
    state.deck = [c for c in state.deck + state.seats[0].hand if c not in performances]
    state.seats[0].hand = performances
    events: list[Event] = []
    flow.redeal_hands_without_attractions(state, events)
    assert state.discard == performances
    assert len(state.seats[0].hand) == 8 and any(load_content().cards[c].attraction for c in state.seats[0].hand)
    assert [(e.kind, e.private_to) for e in events] == [("redealt", None), ("hand_dealt", 0)]
    assert GAME.describe_event(events[0], state.players) == (
        "Erica has no Attraction, discards 8 cards and draws a new hand.")


def test_starting_attractions_are_chosen_in_secret_and_revealed_together() -> None:
    state = new_game(4, seed=2)
    assert GAME.to_act(state) == frozenset(range(4))
    performance = next((c for c in state.seats[0].hand if not load_content().cards[c].attraction), None)
    if performance is not None:
        with pytest.raises(IllegalAction, match="is a Performance; only Attractions go into your Tableau"):
            apply(state, 0, PlaceAttraction(performance))
    first = next(c for c in state.seats[0].hand if load_content().cards[c].attraction)
    state, events = apply(state, 0, PlaceAttraction(first))
    assert [e.private_to for e in events if e.kind == "choice_private"] == [0]
    public = GAME.view(state, None)
    assert public["players"][0]["chosen"] and public["players"][0]["tableau"] == []
    assert GAME.view(state, 1)["choice"] is None and GAME.view(state, 0)["choice"]["id"] == first
    for seat in (1, 2, 3):
        pick = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceAttraction))
        state, events = apply(state, seat, pick)
    assert len(find(events, "attraction_placed")) == 4
    assert state.seats[0].tableau == [first] and state.phase == "offer"
    assert GAME.to_act(state) == frozenset({state.first_seller})


def _draft(players: int, seed: int) -> DreadfulCircusState:
    return new_game(players, seed, draft=True)


def test_the_draft_passes_packets_left_until_every_card_is_picked() -> None:
    state = _draft(4, 5)
    assert state.phase == "draft" and all(len(seat.packet) == 8 and not seat.hand for seat in state.seats)
    packets = [list(seat.packet) for seat in state.seats]
    picks: dict[int, DraftPick] = {}
    for seat in range(4):
        pick = GAME.legal_actions(state, seat)[0]
        assert isinstance(pick, DraftPick)
        picks[seat] = pick
        state, _ = apply(state, seat, pick)
    for seat in range(4):
        left_neighbour_packet = [c for c in packets[(seat - 1) % 4] if c != picks[(seat - 1) % 4].card]
        assert state.seats[seat].packet == left_neighbour_packet
        assert state.seats[seat].drafted == [picks[seat].card]
    while state.phase == "draft":
        for seat in range(4):
            state, _ = apply(state, seat, GAME.legal_actions(state, seat)[0])
    # Six more choices were made; the eighth card came without one.
    assert state.phase == "start" and all(len(seat.hand) == 8 for seat in state.seats)
    assert state.redeals == 0
    assert sorted(c for seat in state.seats for c in seat.hand) == sorted(c for p in packets for c in p)


def test_draft_picks_stay_secret() -> None:
    state = _draft(7, 2)
    card = state.seats[0].packet[0]
    state, events = apply(state, 0, DraftPick(card))
    for seat in range(1, 7):
        assert card not in str(GAME.view(state, seat))
    assert card not in str([e.data for e in events if e.private_to is None])
    with pytest.raises(IllegalAction, match="is not in your packet"):
        apply(state, 1, DraftPick(state.seats[2].packet[0]))


def test_an_offer_stays_face_down_until_every_seller_has_chosen() -> None:
    from dreadful_circus_helpers import started

    state = started(5, seed=4)
    first, second = state.first_seller, state.second_seller
    assert second is not None and GAME.to_act(state) == frozenset({first, second})
    state, _ = apply(state, first, MakeOffer(state.seats[first].hand[0]))
    assert GAME.view(state, None)["offers"][0]["card"] is None
    assert GAME.view(state, second)["offers"][0]["card"] is None
    state, events = run(state, (second, MakeOffer(state.seats[second].hand[0])))
    assert [d["seat"] for d in find(events, "offer_revealed")] == [first, second]
    assert state.phase == "bid"
