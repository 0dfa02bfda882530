"""Optional rules: the Special Characters (arrival, recruiting, leaving, each ability), Event cards
(five dealt, one drawn at each month's end, lasting effects replaced) and the Easier variant."""

from __future__ import annotations

import pytest

from rules.circus_train import board, scoring
from rules.circus_train.actions import (
    BuyTalent,
    EddieReplay,
    LongMonthSteal,
    Pass,
    Perform,
    PlayCard,
    Recruit,
    SamReputation,
    StayPut,
    Steal,
    Travel,
    TryHire,
)
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.state import REPUTATION_START, CircusTrainState, CityNews
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.rng import Rng

from circus_train_helpers import (
    APRIL_4,
    AUGUST_1,
    GAME,
    JUNE_1,
    JUNE_4,
    MAY_5,
    clear_board,
    fill_board,
    find,
    force_dice,
    give_turn,
    kinds,
    new_game,
    play_and_stay,
    reset_circus,
    run,
    setup_game,
)


def _specials(players: int = 3, week: int = 0, advanced: bool = False) -> CircusTrainState:
    state = setup_game(players, special_characters=True, advanced=advanced)
    clear_board(state)
    for seat in range(players):
        reset_circus(state, seat, position="toronto", talent={"clowns": 1}, money=0)
    give_turn(state, 0, week=week)
    return state


# ----- Special Characters: arrival on the map --------------------------------------------------------
def test_special_character_arrives_with_a_second_counter() -> None:
    state = _specials()
    state.bag = ["g03"]
    log: list[Event] = []
    board.place_counter(state, Rng(1), "chicago", "sp1", log)
    assert state.board["chicago"].specials == ["brakeman_bill"]
    assert state.board["chicago"].counter == "g03"
    assert state.bag == []


def test_a_second_special_character_goes_back_to_the_bag_and_no_more_is_drawn() -> None:
    state = _specials()
    state.bag = ["sp2"]
    log: list[Event] = []
    board.place_counter(state, Rng(1), "chicago", "sp1", log)
    assert state.board["chicago"].specials == ["brakeman_bill"]
    assert state.board["chicago"].counter is None and state.board["chicago"].talent == {}
    assert state.bag == ["sp2"]


def test_a_lone_special_character_goes_to_the_bank_after_a_turn() -> None:
    state = _specials()
    state.board["chicago"] = CityNews(specials=["ringmaster_ronald"])
    state.board["boston"] = CityNews(counter="g01", specials=["engineer_eddie"])
    state, events = play_and_stay(state, 0)
    assert "chicago" not in state.board
    assert state.special_bank == ["ringmaster_ronald"]
    assert state.board["boston"].specials == ["engineer_eddie"]  # not alone
    assert find(events, "special_leaves") == [{"city": "chicago", "special": "ringmaster_ronald"}]


def test_june_july_bag_brings_big_bertha_and_trainer_ted() -> None:
    content = load_content()
    state = _specials()
    for seat in range(3):
        reset_circus(state, seat, vp=5)
    fill_board(state, 8)  # May's Roustabout draws nothing: only the season change does
    give_turn(state, 2, last=True, week=MAY_5)
    state, events = play_and_stay(state, 2)
    in_bag = {content.counters[c].character for c in state.bag if content.counters[c].kind == "special"}
    arrived = {d["special"] for d in find(events, "special_arrives")}
    assert in_bag | arrived == {"big_bertha", "trainer_ted"}
    # April/May characters never drawn leave with their season's counters.
    assert all(content.counters[c].season == "yellow" for c in state.bag)


# ----- Recruiting -------------------------------------------------------------------------------------
def _arrive_at_chicago(roll: int, advanced: bool = False, level: int = REPUTATION_START) -> CircusTrainState:
    state = _specials(advanced=advanced)
    state.board["chicago"] = CityNews(counter="g03", specials=["brakeman_bill"])
    reset_circus(state, 0, reputation=level)
    state, _ = run(state, 0, PlayCard("overnight_transit"), Travel("chicago"))
    assert state.pending is not None and state.pending.kind == "recruit"
    force_dice(state, roll)
    return state


@pytest.mark.parametrize(("roll", "recruited"), [(1, True), (4, True), (5, False), (6, False)])
def test_recruiting_roll_on_arrival_1_to_4_in_the_basic_game(roll: int, recruited: bool) -> None:
    state = _arrive_at_chicago(roll)
    state, _ = run(state, 0, Recruit())
    assert ("brakeman_bill" in state.circuses[0].specials) is recruited
    assert ("brakeman_bill" in state.board["chicago"].specials) is not recruited
    # Recruiting comes before anything else in the city; the card's Perform/Hire follows.
    assert state.pending is not None and state.pending.kind == "act"
    assert Perform() in GAME.legal_actions(state, 0)


@pytest.mark.parametrize(("level", "roll", "recruited"), [(0, 6, True), (1, 6, False), (3, 3, True),
                                                          (3, 4, False)])
def test_recruiting_rolls_against_reputation_when_advanced(level: int, roll: int, recruited: bool) -> None:
    state = _arrive_at_chicago(roll, advanced=True, level=level)
    state, _ = run(state, 0, Recruit())
    assert ("brakeman_bill" in state.circuses[0].specials) is recruited


def test_recruiting_may_be_declined_and_needs_no_hire_action_or_money() -> None:
    state = _arrive_at_chicago(1)
    declined, _ = run(state, 0, Pass())
    assert declined.circuses[0].specials == []
    assert declined.pending is not None and declined.pending.kind == "act"
    assert state.circuses[0].money == 0
    recruited, _ = run(state, 0, Recruit())
    assert recruited.circuses[0].money == 0


# ----- Abilities ----------------------------------------------------------------------------------------
def test_brakeman_bill_adds_one_connection_to_every_move() -> None:
    state = _specials()
    reset_circus(state, 0, specials=["brakeman_bill"])
    far = {c for c, d in distance_map(load_content(), "toronto").items() if d == 3}
    over, _ = run(state, 0, PlayCard("overnight_transit"))
    assert over.pending is not None and over.pending.moves == 3
    assert far <= {a.city for a in GAME.legal_actions(over, 0) if isinstance(a, Travel)}
    fast, _ = run(state, 0, PlayCard("fast_transit"), Travel("new_haven"))  # 6 connections
    assert fast.circuses[0].position == "new_haven"
    basic, _ = run(state, 0, PlayCard("basic_transit"))
    assert basic.pending is not None and basic.pending.moves == 2


def test_ringmaster_ronald_makes_clowns_or_acrobats_famous() -> None:
    state = _specials()
    reset_circus(state, 0, talent={"clowns": 1, "acrobats": 1}, specials=["ringmaster_ronald"])
    rating = scoring.rating(state, state.circuses[0], "g01")  # 2 base, Acrobats 5, Clowns 5
    assert rating.total == 2 + 10 + 5
    assert rating.ronald in ("clowns", "acrobats")
    reset_circus(state, 0, talent={"horses": 1})  # neither Clowns nor Acrobats: no fame to declare
    assert scoring.rating(state, state.circuses[0], "g01").total == 2


def test_smuggler_sam_hires_without_rolling_once() -> None:
    state = _specials()
    reset_circus(state, 0, position="chicago", specials=["smuggler_sam"])
    state.board["chicago"] = CityNews(talent={"horses": 1, "freaks": 1})
    state, _ = run(state, 0, PlayCard("hold"))
    rng = state.rng
    state, events = run(state, 0, TryHire("horses", smuggle=True))
    assert "hire_roll" not in kinds(events)
    assert state.rng == rng  # no die was rolled
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}
    assert state.circuses[0].specials == [] and state.special_bank == ["smuggler_sam"]
    assert TryHire("freaks", smuggle=True) not in GAME.legal_actions(state, 0)


def test_smuggler_sam_raises_reputation_one_level_in_the_advanced_game() -> None:
    state = _specials(advanced=True)
    reset_circus(state, 0, specials=["smuggler_sam"])
    state, _ = run(state, 0, SamReputation())
    assert state.circuses[0].reputation == REPUTATION_START - 1
    assert state.special_bank == ["smuggler_sam"]
    basic = _specials()
    reset_circus(basic, 0, specials=["smuggler_sam"])
    with pytest.raises(IllegalAction):
        GAME.apply(basic, 0, SamReputation())


def test_engineer_eddie_replays_a_discard_for_free_once() -> None:
    state = _specials()
    circus = state.circuses[0]
    circus.hand.remove("fast_transit")
    reset_circus(state, 0, discards=["fast_transit"], specials=["engineer_eddie"], vp=3)
    hand = list(circus.hand)
    state, _ = run(state, 0, EddieReplay("fast_transit"))
    circus = state.circuses[0]
    assert state.pending is not None and state.pending.kind == "move" and state.pending.moves == 5
    assert circus.discards == ["fast_transit"] and circus.hand == hand
    assert circus.vp == 3 and circus.reputation == REPUTATION_START
    assert circus.specials == [] and state.special_bank == ["engineer_eddie"]


def test_big_bertha_adds_10_to_every_performance() -> None:
    state = _specials()
    reset_circus(state, 0, talent={"clowns": 1}, specials=["big_bertha"])
    assert scoring.rating(state, state.circuses[0], "g01").total == 2 + 5 + 10


def test_trainer_ted_elephants_cost_1_and_specials_draw_no_wages() -> None:
    state = _specials()
    reset_circus(state, 0, talent={"clowns": 1, "elephants": 2}, specials=["trainer_ted", "big_bertha"], money=20)
    state, events = run(state, 0, PlayCard("wages_transit"), StayPut())
    assert find(events, "wages_paid")[0]["amount"] == 1 + 2 * 1
    assert state.circuses[0].money == 17


def test_special_characters_bought_from_the_bank_only_in_august_and_september() -> None:
    for week, allowed in ((JUNE_1, False), (AUGUST_1, True)):
        state = _specials(week=week)
        state.special_bank = ["big_bertha"]
        reset_circus(state, 0, money=40)
        state, _ = run(state, 0, PlayCard("overnight_hire"), StayPut())
        assert (BuyTalent("big_bertha") in GAME.legal_actions(state, 0)) is allowed
        if allowed:
            state, _ = run(state, 0, BuyTalent("big_bertha"))
            assert state.circuses[0].specials == ["big_bertha"] and state.circuses[0].money == 20
            assert state.special_bank == []


def test_special_characters_can_be_stolen_with_a_special_hire() -> None:
    state = _specials()
    reset_circus(state, 1, specials=["big_bertha"])
    state, _ = run(state, 0, PlayCard("overnight_hire"), StayPut())
    assert Steal(1, ("big_bertha",)) in GAME.legal_actions(state, 0)
    force_dice(state, 2)
    state, _ = run(state, 0, Steal(1, ("big_bertha",)))
    assert state.circuses[0].specials == ["big_bertha"] and state.circuses[1].specials == []


# ----- Event cards --------------------------------------------------------------------------------------
def test_five_event_cards_are_dealt() -> None:
    state = new_game(3, events=True)
    assert len(state.event_deck) == 5 == len(set(state.event_deck))
    assert set(state.event_deck) <= set(load_content().events)
    assert new_game(3).event_deck == []


def test_an_event_card_is_drawn_at_month_end_after_the_first_player_moves() -> None:
    state = setup_game(3, events=True)
    top = state.event_deck[-1]
    give_turn(state, 2, last=True, week=APRIL_4)
    state, events = play_and_stay(state, 2)
    order = kinds(events)
    assert order.index("month_ends") < order.index("first_player") < order.index("event_drawn")
    assert state.event == top
    assert len(state.event_deck) == 4


def test_no_event_card_within_a_month() -> None:
    state = setup_game(3, events=True)
    give_turn(state, 2, last=True, week=1)
    state, events = play_and_stay(state, 2)
    assert "event_drawn" not in kinds(events) and state.event is None


def test_a_lasting_event_holds_until_the_next_card_replaces_it() -> None:
    state = setup_game(3, events=True)
    clear_board(state, {"chicago": CityNews(talent={"horses": 2})})
    reset_circus(state, 0, position="chicago", talent={"clowns": 1})
    state.event = "e04"  # Glowing Notices: +1 to the hiring range
    give_turn(state, 0, week=1)
    state, _ = run(state, 0, PlayCard("hold"))
    force_dice(state, 5)
    state, _ = run(state, 0, TryHire("horses"))
    assert state.circuses[0].talent.get("horses") == 1  # a 5 hires while the card is in play
    state.event_deck = ["e05"]  # Rival Recruiters: -1
    give_turn(state, 2, last=True, week=APRIL_4)
    state, events = play_and_stay(state, 2)
    assert find(events, "event_discarded") == [{"event": "e04"}]
    assert state.event == "e05"
    state.board["chicago"] = CityNews(talent={"horses": 1})
    reset_circus(state, 0, position="chicago")
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("overnight_transit"), StayPut())
    force_dice(state, 4)
    state, _ = run(state, 0, TryHire("horses"))
    assert state.circuses[0].talent.get("horses") == 1  # a 4 now fails


def test_an_immediate_event_happens_once_when_drawn() -> None:
    state = setup_game(3, events=True)
    for seat in range(3):
        reset_circus(state, seat, money=seat)
    state.event_deck = ["e19"]  # Railroad Rebate: $10 to every circus
    give_turn(state, 2, last=True, week=APRIL_4)
    state, _ = play_and_stay(state, 2)
    assert [c.money for c in state.circuses] == [10, 11, 12]


# ----- Easier variant -----------------------------------------------------------------------------------
def test_easier_variant_scores_no_victory_points() -> None:
    state = setup_game(3, easier=True)
    for seat, best in enumerate((40, 30, 20)):
        reset_circus(state, seat, best=best, talent={"clowns": 1, "horses": 3 if seat == 0 else 0})
    give_turn(state, 2, last=True, week=JUNE_4)
    state, events = play_and_stay(state, 2)
    assert [c.vp for c in state.circuses] == [0, 0, 0]
    assert not find(events, "best_performance_vp") and not find(events, "most_talent")


def test_easier_variant_has_no_long_month_steal() -> None:
    state = setup_game(3, easier=True)
    reset_circus(state, 1, talent={"clowns": 1, "horses": 2})
    give_turn(state, 2, last=True, week=MAY_5)
    state, _ = play_and_stay(state, 2)
    assert state.pending is not None and state.pending.kind == "choose"


def test_easier_variant_winner_has_the_best_performance() -> None:
    state = setup_game(3, easier=True)
    for seat, (vp, best) in enumerate(((30, 40), (0, 90), (10, 60))):
        reset_circus(state, seat, vp=vp, best=best)
    outcome = scoring.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.scores == (40, 90, 60)


def test_special_characters_can_be_taken_at_the_end_of_a_long_month() -> None:
    state = _specials()
    for seat, vp in enumerate((20, 3, 20)):
        reset_circus(state, seat, vp=vp, best=10)
    reset_circus(state, 0, specials=["big_bertha"])
    give_turn(state, 2, last=True, week=MAY_5)
    state, _ = play_and_stay(state, 2)
    assert state.pending is not None and state.pending.kind == "long_month_steal" and state.pending.seat == 1
    state, _ = run(state, 1, LongMonthSteal(0, "big_bertha"))
    assert state.circuses[1].specials == ["big_bertha"] and state.circuses[0].specials == []


def test_recruiting_after_a_basic_transit_move_ends_the_turn() -> None:
    state = _specials()
    state.board["detroit"] = CityNews(counter="g03", specials=["big_bertha"])
    state, _ = run(state, 0, PlayCard("basic_transit"), Travel("detroit"))
    assert state.pending is not None and state.pending.kind == "recruit"
    force_dice(state, 3)
    state, _ = run(state, 0, Recruit())
    assert state.circuses[0].specials == ["big_bertha"]
    assert state.pending is not None and state.pending.seat == 1  # Basic Transit: no Perform after the move
