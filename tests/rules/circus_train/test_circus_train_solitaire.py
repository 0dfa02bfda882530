"""The Solitaire Game: money only, $1 per performance point, double wages, $5 per Victory Point, no
pocketing, replays for two Reputation levels in every month, the end-of-game wages, the chart."""

from __future__ import annotations

import pytest

from rules.circus_train import scoring
from rules.circus_train.actions import (
    PayWages,
    Perform,
    PlayCard,
    PocketWages,
    Release,
    ReplayCard,
    StayPut,
    Travel,
)
from rules.circus_train.state import REPUTATION_START, CircusTrainState, CityNews
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    AUGUST_1,
    GAME,
    SEPTEMBER_4,
    clear_board,
    find,
    give_turn,
    play_and_stay,
    reset_circus,
    run,
    setup_game,
)


def _solo(week: int = 0, advanced: bool = False, **fields: object) -> CircusTrainState:
    state = setup_game(1, advanced=advanced)
    clear_board(state)
    reset_circus(state, 0, position="detroit", talent={"clowns": 1}, money=0)
    reset_circus(state, 0, **fields)
    give_turn(state, 0, week=week)
    return state


def test_performance_pays_1_dollar_per_point_and_no_vp() -> None:
    state = _solo(talent={"clowns": 1, "acrobats": 1}, performances=["g03"])
    state.board["detroit"] = CityNews(counter="g01")  # 2 + Clowns 5 + Acrobats 5, + 3 past
    state, events = run(state, 0, PlayCard("hold"), Perform())
    assert find(events, "performed")[0]["rating"] == 15
    assert state.circuses[0].money == 15  # not $5 for the colour, not +$10 for a new Best
    assert state.circuses[0].vp == 0


def test_wages_are_doubled() -> None:
    state = _solo(talent={"clowns": 1, "acrobats": 1, "elephants": 1}, money=100)
    state, events = run(state, 0, PlayCard("wages_transit"), StayPut())
    assert find(events, "wages_paid")[0]["amount"] == 2 * (1 + 3 + 12)
    assert state.circuses[0].money == 100 - 32


def test_points_counters_pay_5_dollars_per_point() -> None:
    state = _solo(money=3)
    state.board["chicago"] = CityNews(counter="g17")  # 2 VP
    state, _ = run(state, 0, PlayCard("basic_transit"), Travel("chicago"))
    assert state.circuses[0].money == 3 + 10
    assert state.circuses[0].vp == 0


def test_spending_vp_costs_5_dollars_per_point() -> None:
    # Advanced red-lighting in August costs 3 VP: $15 in Solitaire.
    state = _solo(week=AUGUST_1, advanced=True, talent={"clowns": 1, "horses": 1}, money=40)
    state, _ = run(state, 0, PlayCard("wages_transit"), StayPut(), Release("horses"))
    assert state.circuses[0].money == 40 - 15
    state, _ = run(state, 0, PayWages())
    assert state.circuses[0].money == 40 - 15 - 2


def test_no_pocketing_wages_in_solitaire() -> None:
    state = _solo(advanced=True)
    assert not any(isinstance(a, PocketWages) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, PocketWages(5))


@pytest.mark.parametrize("week", [0, AUGUST_1])
def test_replay_always_costs_two_reputation_levels(week: int) -> None:
    state = _solo(week=week, advanced=True, money=50)
    circus = state.circuses[0]
    circus.hand.remove("fast_transit")
    circus.discards = ["fast_transit"]
    state, _ = run(state, 0, ReplayCard("fast_transit"))
    assert state.circuses[0].reputation == REPUTATION_START + 2
    assert state.circuses[0].money == 50


def test_end_of_game_wages_are_paid_one_last_time() -> None:
    state = _solo(talent={"clowns": 1, "acrobats": 1}, money=100)
    give_turn(state, 0, week=SEPTEMBER_4)
    state, events = play_and_stay(state, 0)
    assert state.pending is None
    assert find(events, "wages_paid") == [{"seat": 0, "amount": 8}]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (92,)


def test_end_of_game_wages_allow_no_red_lighting() -> None:
    state = _solo(advanced=True, talent={"clowns": 1, "acrobats": 1}, money=100)
    give_turn(state, 0, week=SEPTEMBER_4)
    state, _ = play_and_stay(state, 0)
    assert state.pending is None  # affordable: paid without a choice
    assert state.circuses[0].money == 92


def test_end_of_game_wages_release_only_what_cannot_be_paid() -> None:
    state = _solo(advanced=True, talent={"clowns": 1, "horses": 1}, money=10)  # $14 due
    give_turn(state, 0, week=SEPTEMBER_4)
    state, _ = play_and_stay(state, 0)
    assert state.pending is not None and state.pending.kind == "wages" and state.pending.final
    assert set(GAME.legal_actions(state, 0)) == {Release("clowns"), Release("horses")}
    state, _ = run(state, 0, Release("horses"))
    assert state.pending is None
    assert state.circuses[0].money == 8
    assert state.circuses[0].reputation == REPUTATION_START


@pytest.mark.parametrize(("money", "word"), [(0, "Defeat"), (99, "Defeat"), (100, "Minor Defeat"),
                                             (140, "Minor Defeat"), (141, "Draw"), (180, "Draw"),
                                             (181, "Victory"), (220, "Victory"), (221, "Major Victory"),
                                             (500, "Major Victory")])
def test_success_chart_boundaries(money: int, word: str) -> None:
    state = _solo(money=money)
    outcome = scoring.outcome(state)
    assert outcome.scores == (money,)
    assert outcome.result is not None and outcome.result.split(":")[0] == word
