"""The Roustabout phase and the calendar: replenishing 8/10/12 cities (with replacement), counter
limits, 27 weeks, the end of month First Player move, the long-month steal, and the season change."""

from __future__ import annotations

import pytest

from rules.circus_train import board
from rules.circus_train.actions import LongMonthSteal, Pass
from rules.circus_train.calendar import MONTHS, TOTAL_WEEKS, WEEKS_IN_MONTH, week
from rules.circus_train.content import load_content
from rules.circus_train.state import CircusTrainState, CityNews
from rules.core.events import Event
from rules.core.rng import Rng

from circus_train_helpers import (
    APRIL_4,
    AUGUST_5,
    GAME,
    JULY_5,
    JUNE_4,
    MAY_5,
    SEPTEMBER_4,
    clear_board,
    find,
    give_turn,
    kinds,
    play_and_stay,
    reset_circus,
    run,
    setup_game,
)


def _news_cities(state: CircusTrainState) -> int:
    return sum(1 for news in state.board.values() if news.has_news())


def _season_bag(season: str) -> list[str]:
    return [c.id for c in load_content().counters.values() if c.season == season and c.kind != "special"]


def test_the_season_is_27_weeks_april_to_september() -> None:
    assert TOTAL_WEEKS == 27
    assert MONTHS == ("April", "May", "June", "July", "August", "September")
    assert WEEKS_IN_MONTH == (4, 5, 4, 5, 5, 4)
    assert [week(i).long_month for i in (APRIL_4, MAY_5, JUNE_4, JULY_5, AUGUST_5, SEPTEMBER_4)] == [
        False, True, False, True, True, False]
    assert week(26).label() == "September, week 4"
    with pytest.raises(ValueError):
        week(27)


def test_calendar_advances_one_week_per_round() -> None:
    state = setup_game(3)
    give_turn(state, 2, last=True, week=1)
    state, events = play_and_stay(state, 2)
    assert state.week == 2
    assert find(events, "week_begins") == [{"week": 2}]


@pytest.mark.parametrize(("week_index", "season", "required"), [(0, "green", 8), (10, "yellow", 10),
                                                                (20, "red", 12)])
def test_roustabout_replenishes_to_8_10_12_cities(week_index: int, season: str, required: int) -> None:
    state = setup_game(3)
    clear_board(state, {"chicago": CityNews(counter="g01")})
    state.bag = _season_bag(season)
    give_turn(state, 2, last=True, week=week_index)
    state, _ = play_and_stay(state, 2)
    assert _news_cities(state) == required


def test_replenishing_replaces_what_the_drawn_city_held() -> None:
    state = setup_game(3)
    news = {c: CityNews(counter="g01") for c in ("boston", "albany", "new_york", "new_haven", "philadelphia",
                                                  "pittsburgh")}
    news["chicago"] = CityNews(talent={"horses": 2})
    clear_board(state, news)  # 7 cities with news
    horses = state.talent_bank["horses"]
    state.destinations = ["peoria", "chicago"]  # Chicago is drawn first, then Peoria
    state.bag = ["g17", "g18"]
    give_turn(state, 2, last=True, week=0)
    state, events = play_and_stay(state, 2)
    assert find(events, "city_cleared")[0]["city"] == "chicago"
    assert state.talent_bank["horses"] == horses + 2  # replaced Talent returns to the bank
    assert state.board["chicago"].talent == {}
    assert {state.board["chicago"].counter, state.board["peoria"].counter} == {"g17", "g18"}
    assert _news_cities(state) == 8
    assert state.bag == []


def test_no_draws_from_an_empty_bag() -> None:
    state = setup_game(3)
    clear_board(state, {"chicago": CityNews(counter="g01")})
    state.bag = []
    give_turn(state, 2, last=True, week=0)
    state, _ = play_and_stay(state, 2)
    assert _news_cities(state) == 1


def test_empty_city_card_pile_is_reshuffled_from_the_discards() -> None:
    state = setup_game(3)
    clear_board(state)
    state.destination_discards = state.destinations + state.destination_discards
    state.destinations = []
    state.bag = _season_bag("green")
    give_turn(state, 2, last=True, week=0)
    state, events = play_and_stay(state, 2)
    assert "destinations_reshuffled" in kinds(events)
    assert _news_cities(state) == 8


def test_bankrupt_circus_places_only_available_talent() -> None:
    state = setup_game(3)
    clear_board(state)
    state.talent_bank["horses"] = 0
    state.talent_bank["big_cats"] = 1
    log: list[Event] = []
    board.place_counter(state, Rng(1), "chicago", "g24", log)  # Horses and Big Cats
    assert state.board["chicago"].talent == {"big_cats": 1}
    assert state.talent_bank["big_cats"] == 0


def test_bankrupt_circus_with_no_available_talent_is_removed_and_another_drawn() -> None:
    state = setup_game(3)
    clear_board(state)
    state.talent_bank["horses"] = 0
    state.talent_bank["big_cats"] = 0
    state.bag = ["g03"]
    log: list[Event] = []
    board.place_counter(state, Rng(1), "chicago", "g24", log)
    assert state.board["chicago"].counter == "g03"
    assert state.board["chicago"].talent == {}
    assert "bankrupt_empty" in kinds(log)


@pytest.mark.parametrize("month_end", [APRIL_4, MAY_5, JUNE_4, JULY_5, AUGUST_5])
def test_first_player_moves_clockwise_at_each_month_end(month_end: int) -> None:
    state = setup_game(4)
    for seat in range(4):
        reset_circus(state, seat, vp=5, talent={"clowns": 1})
    reset_circus(state, 0, vp=0)  # a lone fewest-VP player may steal at a long month's end
    give_turn(state, 1, last=True, week=month_end)  # seat 2 is first this month
    state, _ = play_and_stay(state, 1)
    if state.pending is not None and state.pending.kind == "long_month_steal":
        state, _ = run(state, state.pending.seat, Pass())
    assert state.first_player == 3
    assert state.pending is not None and state.pending.kind == "choose" and state.pending.seat == 3
    assert state.week == month_end + 1


def test_no_first_player_move_within_a_month() -> None:
    state = setup_game(4)
    give_turn(state, 1, last=True, week=1)
    state, _ = play_and_stay(state, 1)
    assert state.first_player == 2


# ----- End of long months -------------------------------------------------------------------------------
def _long_month(vps: list[int], week_index: int = MAY_5, **chosen: bool) -> tuple[CircusTrainState, list[Event]]:
    state = setup_game(len(vps), **chosen)
    for seat, vp in enumerate(vps):
        reset_circus(state, seat, vp=vp, best=10, talent={"clowns": 1, "horses": 1})
    last = len(vps) - 1
    give_turn(state, last, last=True, week=week_index)
    return play_and_stay(state, last)


@pytest.mark.parametrize("week_index", [MAY_5, JULY_5, AUGUST_5])
def test_single_fewest_vp_player_steals_one_counter_from_any_opponent(week_index: int) -> None:
    state, _ = _long_month([20, 3, 20], week_index)
    pending = state.pending
    assert pending is not None and pending.kind == "long_month_steal" and pending.seat == 1
    legal = set(GAME.legal_actions(state, 1))
    assert legal == {LongMonthSteal(t, n) for t in (0, 2) for n in ("clowns", "horses")} | {Pass()}
    state, _ = run(state, 1, LongMonthSteal(2, "horses"))
    assert state.circuses[1].talent == {"clowns": 1, "horses": 2}
    assert state.circuses[2].talent == {"clowns": 1}
    assert state.pending is not None and state.pending.kind == "choose"


def test_long_month_steal_skipped_on_a_tie_for_fewest() -> None:
    state, events = _long_month([3, 3, 20])
    assert state.pending is not None and state.pending.kind == "choose"
    assert "long_month_steal" not in kinds(events)


@pytest.mark.parametrize("week_index", [APRIL_4, JUNE_4])
def test_no_steal_at_the_end_of_four_week_months(week_index: int) -> None:
    state, _ = _long_month([20, 3, 20], week_index)
    assert state.pending is not None and state.pending.kind == "choose"


def test_fewest_vp_is_counted_after_end_of_month_scoring() -> None:
    # Before scoring seat 0 has the fewest; Best Performance VP (7/4/2) leaves seat 2 lowest.
    state = setup_game(3)
    for seat, (vp, best) in enumerate(((1, 40), (4, 30), (5, 10))):
        reset_circus(state, seat, vp=vp, best=best, talent={"clowns": 1})
    give_turn(state, 2, last=True, week=MAY_5)
    state, _ = play_and_stay(state, 2)
    assert [c.vp for c in state.circuses] == [8, 8, 7]
    assert state.pending is not None and state.pending.kind == "long_month_steal" and state.pending.seat == 2


def test_advanced_long_month_steal_only_from_equal_or_lower_reputation() -> None:
    state = setup_game(4, advanced=True)
    for seat, (vp, level) in enumerate(((20, 0), (3, 2), (20, 2), (20, 4))):
        reset_circus(state, seat, vp=vp, best=10, reputation=level, talent={"clowns": 1})
    give_turn(state, 3, last=True, week=MAY_5)
    state, _ = play_and_stay(state, 3)
    assert state.pending is not None and state.pending.kind == "long_month_steal" and state.pending.seat == 1
    targets = {a.target for a in GAME.legal_actions(state, 1) if isinstance(a, LongMonthSteal)}
    assert targets == {2, 3}  # seat 0's Reputation is higher than the thief's


# ----- End of seasons and of the game -----------------------------------------------------------------
@pytest.mark.parametrize(("week_index", "season", "required"), [(MAY_5, "yellow", 10), (JULY_5, "red", 12)])
def test_season_change_swaps_the_bag_and_grows_the_board(week_index: int, season: str, required: int) -> None:
    content = load_content()
    state = setup_game(3)
    for seat in range(3):
        reset_circus(state, seat, vp=5, talent={"clowns": 1})
    old = "green" if season == "yellow" else "yellow"
    state.bag = _season_bag(old)
    state.set_aside = [c for c in state.set_aside if content.counters[c].season != old]
    give_turn(state, 2, last=True, week=week_index)
    state, events = play_and_stay(state, 2)
    assert find(events, "season_changed") == [{"season": season}]
    assert state.bag and all(content.counters[c].season == season for c in state.bag)
    assert all(content.counters[c].season != season for c in state.set_aside)
    assert _news_cities(state) == required


def test_the_game_ends_after_the_fourth_week_of_september() -> None:
    state = setup_game(3)
    give_turn(state, 2, last=True, week=SEPTEMBER_4 - 1)
    state, _ = play_and_stay(state, 2)
    assert state.pending is not None and state.week == SEPTEMBER_4
    give_turn(state, 2, last=True)
    state, events = play_and_stay(state, 2, "rapid_transit")
    assert state.pending is None
    assert GAME.is_over(state)
    assert "game_over" in kinds(events)
    assert GAME.outcome(state) is not None


def test_a_whole_season_has_27_weeks_six_month_ends_and_two_season_changes() -> None:
    state = GAME.new_game(["A", "B", "C"], {"events": True}, 9)
    rng = Rng(9)
    first = None
    seen: list[Event] = []
    while not GAME.is_over(state):
        if first is None and state.pending is not None and state.pending.kind == "choose":
            first = state.first_player
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state, events = GAME.apply(state, seat, legal[rng.below(len(legal))])
        seen.extend(events)
    assert [e.data["week"] for e in seen if e.kind == "week_begins"] == list(range(27))
    assert [e.data["month"] for e in seen if e.kind == "month_ends"] == [0, 1, 2, 3, 4, 5]
    assert [e.data["season"] for e in seen if e.kind == "season_changed"] == ["yellow", "red"]
    assert sum(1 for e in seen if e.kind == "event_drawn") == 5
    assert first is not None and state.first_player == (first + 5) % 3
    assert state.week == 26
