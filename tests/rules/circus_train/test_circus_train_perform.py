"""Performing: the rating, money by counter colour, the Best Performance Rating and its $10 bonus,
counters kept for later ratings, two-week shows, and the refusal where there is no demand."""

from __future__ import annotations

import pytest

from rules.circus_train.actions import Pass, Perform, PlayCard, StayPut
from rules.circus_train.state import BEST_PERFORMANCE_START, CircusTrainState, CityNews
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    AUGUST_1,
    AUGUST_5,
    GAME,
    JUNE_1,
    clear_board,
    find,
    give_turn,
    kinds,
    play_and_stay,
    reset_circus,
    run,
    setup_game,
)


def _performer(counter: str, city: str = "richmond", week: int = 0, **fields: object) -> CircusTrainState:
    state = setup_game(3)
    clear_board(state, {city: CityNews(counter=counter)})
    reset_circus(state, 0, position=city, talent={"clowns": 1}, money=0)
    reset_circus(state, 0, **fields)
    give_turn(state, 0, week=week)
    return state


def test_best_performance_starts_at_10() -> None:
    state = setup_game(4)
    assert BEST_PERFORMANCE_START == 10
    assert [c.best for c in state.circuses] == [10, 10, 10, 10]
    assert [c.vp for c in state.circuses] == [0, 0, 0, 0]
    assert [c.money for c in state.circuses] == [0, 0, 0, 0]


@pytest.mark.parametrize(("counter", "money"), [("g01", 5), ("y01", 10), ("r11", 20)])
@pytest.mark.parametrize("week", [0, JUNE_1, AUGUST_1])
def test_money_by_counter_colour_regardless_of_month(counter: str, money: int, week: int) -> None:
    state = _performer(counter, week=week, best=500)  # no new Best Performance
    state, events = run(state, 0, PlayCard("hold"), Perform())
    assert find(events, "performed")[0]["money"] == money
    assert state.circuses[0].money == money
    assert state.circuses[0].best == 500


def test_beating_the_best_performance_moves_it_and_earns_10_more() -> None:
    # g01: 2 base + Clowns 5 + Acrobats 5 = 12 > 10.
    state = _performer("g01", talent={"clowns": 1, "acrobats": 1})
    state, events = run(state, 0, PlayCard("hold"), Perform())
    performed = find(events, "performed")[0]
    assert performed["rating"] == 12 and performed["new_best"] is True
    assert state.circuses[0].best == 12
    assert state.circuses[0].money == 5 + 10


def test_equalling_the_best_performance_is_not_a_new_best() -> None:
    state = _performer("g01", talent={"clowns": 1, "acrobats": 1}, best=12)
    state, events = run(state, 0, PlayCard("hold"), Perform())
    assert find(events, "performed")[0]["new_best"] is False
    assert state.circuses[0].best == 12
    assert state.circuses[0].money == 5


def test_a_lower_rating_leaves_the_best_alone() -> None:
    state = _performer("g01", talent={"clowns": 1}, best=30)
    state, _ = run(state, 0, PlayCard("hold"), Perform())
    assert state.circuses[0].best == 30


def test_undemanded_talent_adds_nothing_and_fame_doubles_only_demanded_talent() -> None:
    # g03: 3 base, Horses 5, Freaks 7. Three Clowns are famous but not demanded.
    state = _performer("g03", talent={"clowns": 3, "horses": 3, "freaks": 1})
    state, events = run(state, 0, PlayCard("hold"), Perform())
    performed = find(events, "performed")[0]
    assert performed["talent"] == {"horses": 10, "freaks": 7}
    assert performed["rating"] == 3 + 10 + 7


def test_counters_are_kept_and_their_base_adds_to_later_ratings() -> None:
    state = _performer("g01", talent={"clowns": 1})
    state, _ = run(state, 0, PlayCard("hold"), Perform())  # 2 + 5 = 7
    assert state.circuses[0].performances == ["g01"]
    assert "richmond" not in state.board  # the counter left the map for the player's area
    # Later: g03 (3 base) in Pittsburgh, with g01's 2 base added.
    state.board["pittsburgh"] = CityNews(counter="g03")
    reset_circus(state, 0, position="pittsburgh", talent={"horses": 1})
    give_turn(state, 0)
    state, events = run(state, 0, PlayCard("overnight_transit"), StayPut(), Perform())
    performed = find(events, "performed")[0]
    assert performed["past"] == 2
    assert performed["rating"] == 3 + 5 + 2
    assert state.circuses[0].performances == ["g01", "g03"]


def test_no_performance_demand_counter_is_refused_by_name() -> None:
    state = _performer("g17")  # a Points counter is not a Performance Demand
    state, _ = run(state, 0, PlayCard("basic_transit"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Perform())
    assert str(refused.value) == "Richmond has no Performance Demand counter."
    state.board.clear()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Perform())
    assert str(refused.value) == "Richmond has no Performance Demand counter."


def test_perform_needs_a_perform_hire_action() -> None:
    state = _performer("g01")
    state, _ = run(state, 0, PlayCard("fast_transit"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Perform())
    state, _ = run(state, 0, StayPut())
    assert state.board["richmond"].counter == "g01"


# ----- Two Week Shows ----------------------------------------------------------------------------------
def _two_week() -> CircusTrainState:
    # r13 is a one-week red counter; r01 is a two-week one (10 base, Clowns 5).
    return _performer("r01", week=AUGUST_1, talent={"clowns": 1})


def test_two_week_show_scores_nothing_until_completed() -> None:
    state = _two_week()
    state, events = run(state, 0, PlayCard("hold"), Perform())
    assert "two_week_started" in kinds(events)
    assert "performed" not in kinds(events)
    circus = state.circuses[0]
    assert circus.two_week_city == "richmond"
    assert circus.money == 0 and circus.performances == [] and circus.best == 10
    assert state.board["richmond"].counter == "r01"
    assert state.pending is not None and state.pending.seat == 1  # the turn ended


def test_two_week_show_completed_with_a_perform_action_next_turn() -> None:
    state = _two_week()
    state, _ = run(state, 0, PlayCard("hold"), Perform())
    give_turn(state, 0)
    state, events = run(state, 0, PlayCard("basic_transit"), Perform())
    performed = find(events, "performed")[0]
    assert performed["rating"] == 10 + 5
    circus = state.circuses[0]
    assert circus.performances == ["r01"]
    assert circus.money == 20 + 10  # red counter and a new Best Performance
    assert circus.best == 15
    assert circus.two_week_city is None
    assert "richmond" not in state.board


def test_two_week_show_abandoned_without_a_perform_action_next_turn() -> None:
    state = _two_week()
    state, _ = run(state, 0, PlayCard("hold"), Perform())
    give_turn(state, 0)
    state, events = play_and_stay(state, 0)
    assert "two_week_abandoned" in kinds(events)
    circus = state.circuses[0]
    assert circus.two_week_city is None and circus.performances == [] and circus.money == 0
    assert state.board["richmond"].counter == "r01"


def test_two_week_show_may_be_abandoned_by_declining_to_perform() -> None:
    state = _two_week()
    state, _ = run(state, 0, PlayCard("hold"), Perform())
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("overnight_transit"), StayPut(), Pass())
    assert state.circuses[0].two_week_city is None
    assert state.circuses[0].performances == []


def test_two_week_show_lost_when_its_counter_is_replaced() -> None:
    state = _two_week()
    state, _ = run(state, 0, PlayCard("hold"), Perform())
    # Eleven cities hold news; the Roustabout draws Richmond's City card and a new counter for it.
    for city in ("boston", "albany", "new_york", "new_haven", "philadelphia", "pittsburgh", "columbus",
                 "cleveland", "detroit", "chicago"):
        state.board[city] = CityNews(counter="r13")
    state.destinations = ["richmond"]
    state.bag = ["r21"]
    give_turn(state, 1, last=True, week=AUGUST_5 - 1)
    state, events = play_and_stay(state, 1)
    assert find(events, "two_week_lost") == [{"seat": 0, "city": "richmond"}]
    assert state.circuses[0].two_week_city is None
    assert state.board["richmond"].counter == "r21"
