"""Every worked example of the Circus Train rulebook, with the rulebook's own numbers.

Performance examples are played through ``apply`` (Hold, then Perform) on a Richmond counter with
exactly the rulebook's numbers (2 Base Points, Acrobats 5, Human Cannonballs 3); End of Month
examples are reached by ending the month through play, so the real Roustabout sequence runs.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.circus_train import scoring
from rules.circus_train.actions import Perform, PlayCard, Travel
from rules.circus_train.state import CircusTrainState, CityNews

from circus_train_helpers import (
    APRIL_4,
    JUNE_4,
    clear_board,
    find,
    give_turn,
    patch_counters,
    play_and_stay,
    reset_circus,
    richmond_counter,
    run,
    setup_game,
)


@pytest.fixture
def richmond(monkeypatch: pytest.MonkeyPatch) -> str:
    patch_counters(monkeypatch, richmond_counter())
    return "richmond_example"


def _perform_in_richmond(talent: dict[str, int], performances: list[str]) -> tuple[dict[str, Any],
                                                                                  CircusTrainState]:
    state = setup_game(3)
    clear_board(state, {"richmond": CityNews(counter="richmond_example")})
    reset_circus(state, 0, talent=talent, performances=performances, position="richmond", money=0)
    give_turn(state, 0)
    state, events = run(state, 0, PlayCard("hold"), Perform())
    (performed,) = find(events, "performed")
    return performed, state


# ----- Performing: "Example: Richmond has a Performance Demand counter ..." ------------------------
def test_dana_one_acrobat_no_cannonballs_one_past_performance_rates_9(richmond: str) -> None:
    performed, state = _perform_in_richmond({"clowns": 1, "acrobats": 1}, ["g01"])  # g01: 2 Base Points
    assert performed["base"] == 2
    assert performed["talent"] == {"acrobats": 5}  # no Human Cannonballs: nothing for them
    assert performed["base"] + sum(performed["talent"].values()) == 7  # "her current total to 7 points"
    assert performed["past"] == 2
    assert performed["rating"] == 9
    circus = state.circuses[0]
    assert circus.best == 10  # 9 does not beat the starting Best Performance of 10
    assert circus.money == 5  # green counter, no new Best
    assert circus.performances == ["g01", "richmond_example"]


def test_dana_with_both_talent_types_totals_10_before_past_performances(richmond: str) -> None:
    performed, state = _perform_in_richmond({"clowns": 1, "acrobats": 1, "cannonballs": 1}, [])
    assert performed["talent"] == {"acrobats": 5, "cannonballs": 3}
    assert performed["rating"] == 10  # 2 Base + 5 Acrobats + 3 Human Cannonballs
    # 10 equals the starting Best Performance: it does not "rate higher", so no bonus.
    assert state.circuses[0].best == 10
    assert state.circuses[0].money == 5


def test_dana_both_types_and_the_past_performance(richmond: str) -> None:
    state = setup_game(3)
    circus = state.circuses[0]
    reset_circus(state, 0, talent={"acrobats": 1, "cannonballs": 1}, performances=["g01"])
    assert scoring.rating(state, circus, "richmond_example").total == 12  # 10 + 2 for the past show


def test_dana_famous_for_cannonballs_rates_15(richmond: str) -> None:
    performed, state = _perform_in_richmond({"clowns": 1, "acrobats": 1, "cannonballs": 3}, ["g01"])
    assert performed["talent"] == {"acrobats": 5, "cannonballs": 6}  # famous: twice the 3 listed
    assert performed["famous"] == ["cannonballs"]
    assert performed["rating"] == 15  # 2 Base + 5 Acrobats + 6 famous Cannonballs + 2 past
    circus = state.circuses[0]
    assert circus.best == 15 and performed["new_best"] is True
    assert circus.money == 5 + 10  # green $5 plus $10 for the new Best Performance


def test_rating_function_gives_the_rulebook_numbers(richmond: str) -> None:
    state = setup_game(3)
    circus = state.circuses[0]
    reset_circus(state, 0, talent={"acrobats": 1}, performances=["g01"])
    assert scoring.rating(state, circus, "richmond_example").total == 9
    reset_circus(state, 0, talent={"acrobats": 1, "cannonballs": 3}, performances=["g01"])
    assert scoring.rating(state, circus, "richmond_example").total == 15
    reset_circus(state, 0, talent={"acrobats": 1, "cannonballs": 2}, performances=["g01"])
    assert scoring.rating(state, circus, "richmond_example").total == 12  # two are not famous


# ----- "Most Talent Scoring Example: Barbara, Frank, and John ..." ------------------------------------
def _barbara_frank_john() -> CircusTrainState:
    state = setup_game(3)
    state.players = ["Barbara", "Frank", "John"]
    # Barbara: the most Elephants (4), Acrobats tied with John, fewer Clowns than Frank.
    reset_circus(state, 0, talent={"elephants": 4, "acrobats": 2, "clowns": 2})
    # Frank: the most Big Cats (2) and Clowns (3); his Elephants are fewer than Barbara's.
    reset_circus(state, 1, talent={"big_cats": 2, "clowns": 3, "elephants": 2})
    # John: the most Freaks, but only one; Acrobats tied with Barbara.
    reset_circus(state, 2, talent={"freaks": 1, "acrobats": 2, "clowns": 1})
    return state


def test_most_talent_example_awards() -> None:
    state = _barbara_frank_john()
    awards = scoring.most_talent(state.circuses)
    assert awards == [{"elephants": 4}, {"big_cats": 2, "clowns": 3}, {}]


def test_most_talent_example_scored_at_the_end_of_a_month_through_play() -> None:
    state = _barbara_frank_john()
    for seat, best in enumerate((30, 20, 10)):  # Best Performance: 7, 4 and 2 VP
        reset_circus(state, seat, best=best, vp=0)
    give_turn(state, 2, last=True, week=JUNE_4)
    state, events = play_and_stay(state, 2)
    most = {(d["seat"], d["talent"]): d["vp"] for d in find(events, "most_talent")}
    assert most == {(0, "elephants"): 4, (1, "big_cats"): 2, (1, "clowns"): 3}
    assert [c.vp for c in state.circuses] == [4 + 7, 5 + 4, 0 + 2]


# ----- Best Performance chart and its tie rule --------------------------------------------------------
def _month_end_best(bests: list[int], week: int = JUNE_4) -> list[int]:
    state = setup_game(len(bests))
    for seat, best in enumerate(bests):
        reset_circus(state, seat, talent={"clowns": 1}, best=best, vp=0)
    last = len(bests) - 1
    give_turn(state, last, last=True, week=week)
    state, _ = play_and_stay(state, last)
    return [c.vp for c in state.circuses]


def test_best_performance_chart_7_4_2() -> None:
    assert _month_end_best([40, 30, 20, 10]) == [7, 4, 2, 0]


def test_two_tied_for_highest_get_5_each_and_the_next_2() -> None:
    # "(7 + 4) / 2 = 5.5 ... rounded down, so each player receives 5 VP's. The next highest ... (2)."
    assert _month_end_best([30, 30, 20, 10]) == [5, 5, 2, 0]


def test_players_tied_for_third_get_1_each() -> None:
    assert _month_end_best([40, 30, 20, 20]) == [7, 4, 1, 1]
    assert _month_end_best([40, 30, 20, 20, 20]) == [7, 4, 1, 1, 1]


def test_players_tied_for_second_share_second_and_third() -> None:
    assert _month_end_best([30, 20, 20]) == [7, 3, 3]  # (4 + 2) / 2
    assert _month_end_best([30, 20, 20, 20]) == [7, 2, 2, 2]  # (4 + 2 + 0) / 3


def test_three_tied_for_highest_get_4_each() -> None:
    assert _month_end_best([30, 30, 30, 10]) == [4, 4, 4, 0]  # (7 + 4 + 2) / 3 rounded down


def test_two_players_highest_scores_4_and_the_other_nothing() -> None:
    assert _month_end_best([30, 20]) == [4, 0]
    assert _month_end_best([20, 30]) == [0, 4]


# ----- Special April Performance Scoring (3 to 5 players) --------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_april_performers_get_5_vp_instead_of_best_performance(players: int) -> None:
    state = setup_game(players)
    for seat in range(players):
        reset_circus(state, seat, talent={"clowns": 1}, best=10 + seat, vp=0)
    # Seats 0 and 1 performed in April (they hold Performance Demand counters); the others did not,
    # although the last seat has the highest Best Performance.
    for seat in (0, 1):
        reset_circus(state, seat, performances=["g01"], performed_in_april=True)
    reset_circus(state, 0, talent={"clowns": 1, "horses": 2})  # Most Talent is still scored
    last = players - 1
    give_turn(state, last, last=True, week=APRIL_4)
    state, events = play_and_stay(state, last)
    assert not find(events, "best_performance_vp")
    expected = [0] * players
    expected[0], expected[1] = 5 + 2, 5
    assert [c.vp for c in state.circuses] == expected


def test_april_rule_not_used_with_two_players() -> None:
    state = setup_game(2)
    for seat, best in enumerate((20, 30)):
        reset_circus(state, seat, talent={"clowns": 1}, best=best, vp=0)
    reset_circus(state, 0, performances=["g01"], performed_in_april=True)
    give_turn(state, 1, last=True, week=APRIL_4)
    state, _ = play_and_stay(state, 1)
    assert [c.vp for c in state.circuses] == [0, 4]


# ----- Solitaire: "Landing on a space with a 3-point counter would earn $15." -------------------------
def test_solitaire_three_point_counter_earns_15() -> None:
    state = setup_game(1)
    clear_board(state, {"detroit": CityNews(counter="y17")})  # a 3-point Points counter
    reset_circus(state, 0, money=0, position="toronto")
    give_turn(state, 0)
    state, events = run(state, 0, PlayCard("fast_transit"), Travel("detroit"))
    assert find(events, "points_scored")[0]["vp"] == 3
    assert state.circuses[0].money == 15
    assert state.circuses[0].vp == 0
