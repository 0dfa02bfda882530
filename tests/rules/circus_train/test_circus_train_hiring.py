"""Hiring (1-4 hires, 5-6 fails, buying for $10 right after a failure, no second try the same
turn) and the Special Hire's three choices: hire, steal from one opponent, buy from the bank."""

from __future__ import annotations

import pytest

from rules.circus_train.actions import (
    BuyFailed,
    BuyTalent,
    DeclineBuy,
    Pass,
    Perform,
    PlayCard,
    StayPut,
    Steal,
    StopHiring,
    Travel,
    TryHire,
)
from rules.circus_train.state import CircusTrainState, CityNews
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    AUGUST_1,
    GAME,
    JULY_1,
    JUNE_1,
    MAY_1,
    SEPTEMBER_1,
    clear_board,
    find,
    force_dice,
    give_turn,
    reset_circus,
    run,
    setup_game,
)


def _hirer(talent_here: dict[str, int], money: int = 0, players: int = 3, week: int = 0) -> CircusTrainState:
    state = setup_game(players)
    clear_board(state, {"detroit": CityNews(talent=dict(talent_here))})
    for seat in range(players):
        reset_circus(state, seat, position="toronto", talent={"clowns": 1}, money=0)
    reset_circus(state, 0, position="detroit", money=money)
    give_turn(state, 0, week=week)
    state, _ = run(state, 0, PlayCard("hold"))
    return state


@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_roll_of_1_to_4_hires(roll: int) -> None:
    state = _hirer({"horses": 1})
    bank_before = dict(state.talent_bank)
    force_dice(state, roll)
    state, events = run(state, 0, TryHire("horses"))
    assert find(events, "hire_roll")[0]["roll"] == roll
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}
    assert "detroit" not in state.board
    assert state.talent_bank == bank_before  # it came from the city, not the bank
    assert state.pending is not None and state.pending.seat == 1  # nothing left to hire: turn over


@pytest.mark.parametrize("roll", [5, 6])
def test_roll_of_5_or_6_fails_and_the_counter_stays(roll: int) -> None:
    state = _hirer({"horses": 1}, money=10)
    force_dice(state, roll)
    state, _ = run(state, 0, TryHire("horses"))
    assert state.pending is not None and state.pending.kind == "hire_failed"
    assert state.circuses[0].talent == {"clowns": 1}
    assert state.board["detroit"].talent == {"horses": 1}
    assert set(GAME.legal_actions(state, 0)) == {BuyFailed(), DeclineBuy()}


def test_buy_for_10_right_after_a_failure() -> None:
    state = _hirer({"horses": 1}, money=25)
    force_dice(state, 6)
    state, events = run(state, 0, TryHire("horses"), BuyFailed())
    assert find(events, "bought_failed")[0]["price"] == 10
    assert state.circuses[0].money == 15
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}
    assert "detroit" not in state.board


def test_buying_is_not_offered_without_10() -> None:
    state = _hirer({"horses": 1}, money=9)
    force_dice(state, 5)
    state, _ = run(state, 0, TryHire("horses"))
    assert GAME.legal_actions(state, 0) == [DeclineBuy()]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, BuyFailed())
    assert str(refused.value) == "Buying after a failed roll costs $10, and you have only $9."


def test_buying_only_after_a_failed_roll() -> None:
    state = _hirer({"horses": 1, "freaks": 1}, money=30)
    with pytest.raises(IllegalAction):  # no roll yet
        GAME.apply(state, 0, BuyFailed())
    force_dice(state, 2)
    state, _ = run(state, 0, TryHire("horses"))  # hired
    assert state.pending is not None and state.pending.kind == "hire"
    with pytest.raises(IllegalAction):  # a success is not a failure
        GAME.apply(state, 0, BuyFailed())


def test_failed_counter_not_retried_this_turn_but_the_rest_may_be() -> None:
    state = _hirer({"horses": 1, "freaks": 1}, money=0)
    force_dice(state, 5)
    state, _ = run(state, 0, TryHire("horses"), DeclineBuy())
    assert state.pending is not None and state.pending.kind == "hire"
    assert set(GAME.legal_actions(state, 0)) == {TryHire("freaks"), StopHiring()}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, TryHire("horses"))
    assert str(refused.value) == "You already failed to hire every Horse in Detroit this turn."
    force_dice(state, 1)
    state, _ = run(state, 0, TryHire("freaks"))
    assert state.circuses[0].talent == {"clowns": 1, "freaks": 1}
    assert state.board["detroit"].talent == {"horses": 1}
    assert state.pending is not None and state.pending.seat == 1  # nothing left to try


def test_a_second_counter_of_the_failed_type_may_still_be_tried() -> None:
    state = _hirer({"horses": 2})
    force_dice(state, 6)
    state, _ = run(state, 0, TryHire("horses"), DeclineBuy())
    assert TryHire("horses") in GAME.legal_actions(state, 0)


def test_failed_counter_may_be_tried_again_on_a_future_turn() -> None:
    state = _hirer({"horses": 1})
    force_dice(state, 6)
    state, _ = run(state, 0, TryHire("horses"), DeclineBuy())
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("basic_transit"))
    assert TryHire("horses") in GAME.legal_actions(state, 0)


def test_stop_hiring_ends_the_turn() -> None:
    state = _hirer({"horses": 1, "freaks": 1})
    force_dice(state, 3)
    state, _ = run(state, 0, TryHire("horses"), StopHiring())
    assert state.board["detroit"].talent == {"freaks": 1}
    assert state.pending is not None and state.pending.seat == 1


def test_no_perform_after_hiring() -> None:
    state = _hirer({"horses": 2})
    state.board["detroit"].counter = "g03"
    force_dice(state, 3)
    state, _ = run(state, 0, TryHire("horses"))
    assert Perform() not in GAME.legal_actions(state, 0)


# ----- Special Hire ------------------------------------------------------------------------------------
def _special(players: int = 3, week: int = 0, money: int = 0,
             here: dict[str, int] | None = None) -> CircusTrainState:
    state = setup_game(players)
    clear_board(state, {"detroit": CityNews(talent=dict(here))} if here else {})
    for seat in range(players):
        reset_circus(state, seat, position="chicago", talent={"clowns": 1}, money=0)
    reset_circus(state, 0, position="detroit", money=money)
    give_turn(state, 0, week=week)
    state, _ = run(state, 0, PlayCard("overnight_hire"), StayPut())
    return state


def test_special_hire_as_a_normal_hire() -> None:
    state = _special(here={"horses": 1})
    assert TryHire("horses") in GAME.legal_actions(state, 0)
    force_dice(state, 4)
    state, _ = run(state, 0, TryHire("horses"))
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}


@pytest.mark.parametrize(("week", "price"), [(0, 5), (MAY_1, 5), (JUNE_1, 10), (JULY_1, 10),
                                             (AUGUST_1, 20), (SEPTEMBER_1, 20)])
def test_special_hire_buys_from_the_bank_at_the_months_price(week: int, price: int) -> None:
    state = _special(week=week, money=30)
    bank = state.talent_bank["elephants"]
    state, events = run(state, 0, BuyTalent("elephants"))
    assert find(events, "bought_from_bank")[0]["price"] == price
    assert state.circuses[0].money == 30 - price
    assert state.circuses[0].talent == {"clowns": 1, "elephants": 1}
    assert state.talent_bank["elephants"] == bank - 1
    assert state.pending is not None and state.pending.seat == 1  # only one choice per Special Hire


def test_special_hire_bank_purchase_needs_the_price() -> None:
    state = _special(week=JUNE_1, money=9, here={"horses": 1})
    assert not any(isinstance(a, BuyTalent) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, BuyTalent("elephants"))
    assert str(refused.value) == "The Talent Bank charges $10 this month, and you have only $9."


def _thief(victim_talent: dict[str, int], victim_hand: list[str] | None = None) -> CircusTrainState:
    state = setup_game(3)
    clear_board(state)
    reset_circus(state, 0, position="detroit", talent={"clowns": 1}, money=0)
    reset_circus(state, 1, position="detroit", talent=dict(victim_talent))
    reset_circus(state, 2, position="chicago", talent={"clowns": 1, "horses": 2})
    if victim_hand is not None:
        reset_circus(state, 1, hand=list(victim_hand), discards=[])
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("overnight_hire"), StayPut())
    return state


def test_steal_up_to_two_from_one_opponent_in_the_same_city() -> None:
    state = _thief({"clowns": 1, "horses": 2})
    steals = {a for a in GAME.legal_actions(state, 0) if isinstance(a, Steal)}
    assert {a.target for a in steals} == {1}  # Cat's train is in Chicago
    assert all(1 <= len(a.talents) <= 2 for a in steals)
    assert Steal(1, ("horses", "horses")) in steals
    assert Steal(1, ("clowns", "clowns")) not in steals  # only one Clown to take
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Steal(2, ("horses",)))
    assert str(refused.value) == "Cat's train is not in Detroit."
    force_dice(state, 5, 4)
    state, events = run(state, 0, Steal(1, ("clowns", "horses")))
    rolls = [(d["talent"], d["roll"], d["success"]) for d in find(events, "steal_roll")]
    assert rolls == [("clowns", 5, False), ("horses", 4, True)]  # each counter rolled for separately
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}
    assert state.circuses[1].talent == {"clowns": 1, "horses": 1}


def test_steal_rolls_1_to_4_succeed() -> None:
    state = _thief({"clowns": 1, "horses": 2})
    force_dice(state, 1, 4)
    state, _ = run(state, 0, Steal(1, ("horses", "horses")))
    assert state.circuses[0].talent == {"clowns": 1, "horses": 2}
    assert state.circuses[1].talent == {"clowns": 1}


def test_victim_discards_overnight_hire_when_talent_is_stolen() -> None:
    state = _thief({"clowns": 1, "horses": 2}, victim_hand=["overnight_hire", "hold", "fast_transit"])
    force_dice(state, 2)
    state, events = run(state, 0, Steal(1, ("horses",)))
    assert "overnight_hire_discarded" in [e.kind for e in events]
    assert "overnight_hire" not in state.circuses[1].hand
    assert state.circuses[1].discards == ["overnight_hire"]


def test_victim_keeps_overnight_hire_when_nothing_is_stolen() -> None:
    state = _thief({"clowns": 1, "horses": 2}, victim_hand=["overnight_hire", "hold"])
    force_dice(state, 5, 6)
    state, _ = run(state, 0, Steal(1, ("clowns", "horses")))
    assert "overnight_hire" in state.circuses[1].hand
    assert state.circuses[1].talent == {"clowns": 1, "horses": 2}


def test_special_hire_may_be_declined() -> None:
    state = _thief({"clowns": 1})
    state, _ = run(state, 0, Pass())
    assert state.pending is not None and state.pending.seat == 1


@pytest.mark.parametrize("card", ["fast_transit", "rapid_transit", "wages_transit"])
def test_no_hiring_without_a_perform_hire_action(card: str) -> None:
    state = setup_game(3)
    clear_board(state, {"detroit": CityNews(talent={"horses": 1})})
    reset_circus(state, 0, position="toronto", talent={"clowns": 1}, money=50)
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard(card), Travel("detroit"))
    assert state.pending is not None and state.pending.seat == 1
    assert state.board["detroit"].talent == {"horses": 1}
