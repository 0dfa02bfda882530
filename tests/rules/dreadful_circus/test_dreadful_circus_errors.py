"""Every refusal is a specific sentence, never a bare "illegal", and never names a secret."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, MalformedAction, NotYourTurn
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import (
    Accept,
    Action,
    AddCoin,
    AddContract,
    CopyCard,
    Inspect,
    MakeOffer,
    PlaceAttraction,
    TakeCoin,
    TakeLoaded,
)
from rules.dreadful_circus.state import DreadfulCircusState, Task

from dreadful_circus_helpers import GAME, apply, bid_copper, cid, contracts, new_game, started


def _refusal(state: DreadfulCircusState, seat: int, action: Action) -> str:
    with pytest.raises((IllegalAction, NotYourTurn)) as refused:
        GAME.apply(state, seat, action)
    return str(refused.value)


def test_an_action_of_another_phase_says_what_the_game_is_doing() -> None:
    state = started(4, seed=1)
    seller = state.first_seller
    assert _refusal(state, seller, AddCoin("gold")) == "That is not a choice right now: the game is choosing an Offer."
    assert _refusal(state, seller, TakeLoaded(1)) == "That is not a choice right now: the game is choosing an Offer."


def test_a_seat_not_awaited_is_told_whom_the_game_waits_for() -> None:
    state = started(4, seed=1)
    other = (state.first_seller + 1) % 4
    message = _refusal(state, other, MakeOffer(state.seats[other].hand[0]))
    assert message == f"It is not your turn: the game is waiting for {state.players[state.first_seller]}."


def test_offering_a_card_you_do_not_hold_names_only_that_card() -> None:
    state = started(4, seed=1)
    seller = state.first_seller
    elsewhere = state.seats[(seller + 1) % 4].hand[0]
    message = _refusal(state, seller, MakeOffer(elsewhere))
    assert message.endswith("is not in your hand.")
    assert _refusal(state, seller, MakeOffer("zz")) == "There is no Circus card called 'zz'."


def test_bidding_refusals() -> None:
    state = started(4, seed=1)
    seller = state.first_seller
    state, _ = apply(state, seller, MakeOffer(state.seats[seller].hand[0]))
    bidder = (seller + 1) % 4
    state.seats[bidder].coins["gold"] = 0
    state.seats[bidder].contracts = contracts(paris=1)
    assert _refusal(state, bidder, AddCoin("gold")) == "You have no Gold left behind your screen."
    assert _refusal(state, bidder, AddContract("london")) == "You have no London Contract left behind your screen."
    assert _refusal(state, bidder, TakeCoin("copper")) == "Your wagon holds none of that."
    assert _refusal(state, bidder, AddCoin("platinum")) == "Coins are Copper, Silver or Gold."


def test_selling_refusals() -> None:
    state = started(4, seed=1)
    seller = state.first_seller
    state, _ = apply(state, seller, MakeOffer(state.seats[seller].hand[0]))
    for step in (1, 2, 3):
        state = bid_copper(state, (seller + step) % 4)
    assert _refusal(state, seller, Accept()) == "Choose a wagon to look into first."
    assert _refusal(state, seller, Inspect(seller)) == "That player has no wagon next to your Offer."
    state, _ = apply(state, seller, Inspect((seller + 1) % 4))
    assert _refusal(state, seller, Inspect((seller + 2) % 4)) == (
        "Accept or decline the wagon you are looking into first.")


def test_copy_refusals() -> None:
    state = started(4, seed=1)
    state.seats[0].tableau = [cid("Distorted Mirrors"), cid("Freak Show")]
    state.seats[1].tableau = [cid("Crystal Balls")]
    state.phase = "ending"
    state.tasks = [Task(kind="copy_own", seat=0, card=cid("Distorted Mirrors"))]
    flow.continue_tasks(state, [])
    assert GAME.legal_actions(state, 0) == [CopyCard(0, cid("Freak Show"))]
    assert _refusal(state, 0, CopyCard(1, cid("Crystal Balls"))) == (
        "Distorted Mirrors copies a card in your own Tableau.")
    state.tasks[0] = Task(kind="copy_other", seat=0, card=cid("Distorted Mirrors"), started=True)
    assert _refusal(state, 0, CopyCard(1, cid("Crystal Balls"))) == (
        "Twisted Corridors and Distorted Mirrors cannot copy Crystal Balls or each other.")


def test_start_refusals_and_malformed_actions() -> None:
    state = GAME.new_game(["A", "B", "C", "D"], {}, 1)
    assert _refusal(state, 0, PlaceAttraction(state.seats[1].hand[0])).endswith("is not in your hand.")
    with pytest.raises(MalformedAction, match="has no action called 'fly'"):
        GAME.action_from_json({"kind": "fly"})
    with pytest.raises(MalformedAction, match="could not be understood"):
        GAME.action_from_json({"kind": "add_coin", "coin": 3})


def test_a_second_copy_of_an_attraction_is_refused_as_a_copy_not_as_a_performance() -> None:
    state = new_game(4, seed=1)
    cobs = [cid("Poppin' Cobs", 0), cid("Poppin' Cobs", 1)]
    state.seats[0].hand = [*cobs, *state.seats[0].hand[2:]]
    assert PlaceAttraction(cobs[0]) in GAME.legal_actions(state, 0)
    assert _refusal(state, 0, PlaceAttraction(cobs[1])) == "Choose the first copy of Poppin' Cobs in the list."
