"""Moving Your Circus Train: each Action card's allowance, what may follow the move, Points
counters, and the refusal of a destination that is too far."""

from __future__ import annotations

import pytest

from rules.circus_train.actions import (
    Pass,
    Perform,
    PlayCard,
    StayPut,
    Travel,
    TryHire,
)
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.state import CircusTrainState, CityNews
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    GAME,
    clear_board,
    find,
    give_turn,
    kinds,
    reset_circus,
    run,
    setup_game,
)


def _at_toronto(board: dict[str, CityNews] | None = None, players: int = 3) -> CircusTrainState:
    state = setup_game(players)
    clear_board(state, board or {})
    for seat in range(players):
        reset_circus(state, seat, position="toronto", talent={"clowns": 1}, money=0)
    give_turn(state, 0)
    return state


def _destinations(state: CircusTrainState) -> set[str]:
    return {a.city for a in GAME.legal_actions(state, 0) if isinstance(a, Travel)}


def _within(limit: int, start: str = "toronto") -> set[str]:
    return {c for c, d in distance_map(load_content(), start).items() if 1 <= d <= limit}


@pytest.mark.parametrize(("card", "allowance"), [("fast_transit", 5), ("rapid_transit", 3),
                                                 ("overnight_transit", 2), ("overnight_hire", 2),
                                                 ("wages_transit", 2)])
def test_card_moves_up_to_its_allowance_and_may_stay(card: str, allowance: int) -> None:
    state = _at_toronto()
    state, _ = run(state, 0, PlayCard(card))
    assert state.pending is not None and state.pending.kind == "move"
    reachable = _destinations(state)
    assert _within(allowance) <= reachable
    assert reachable - _within(allowance) <= {"toronto"}  # only an out-and-back move may end at home
    assert StayPut() in GAME.legal_actions(state, 0)  # "choose not to move at all"


def test_fast_transit_reaches_five_connections_but_not_six() -> None:
    state = _at_toronto()
    state, _ = run(state, 0, PlayCard("fast_transit"))
    moved, events = run(state, 0, Travel("richmond"))  # 5 connections
    assert moved.circuses[0].position == "richmond"
    assert find(events, "moved")[0]["connections"] == 5
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Travel("new_haven"))  # 6 connections
    assert str(refused.value) == "New Haven is 6 connections away; this move allows at most 5."


def test_rapid_transit_refuses_four_connections_naming_the_distance() -> None:
    state = _at_toronto()
    state, _ = run(state, 0, PlayCard("rapid_transit"))
    assert "columbus" in _destinations(state)  # 3
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Travel("pittsburgh"))
    assert str(refused.value) == "Pittsburgh is 4 connections away; this move allows at most 3."


def test_movement_only_cards_end_the_turn_after_moving() -> None:
    state = _at_toronto({"detroit": CityNews(counter="g01")})
    for card in ("fast_transit", "rapid_transit"):
        after, _ = run(state, 0, PlayCard(card), Travel("detroit"))
        assert after.pending is not None and after.pending.seat == 1 and after.pending.kind == "choose"
        assert after.board["detroit"].counter == "g01"  # no Perform/Hire with a pure move card


def test_overnight_transit_moves_two_then_may_perform() -> None:
    state = _at_toronto({"chicago": CityNews(counter="g01")})
    with pytest.raises(IllegalAction, match="3 connections away; this move allows at most 2"):
        GAME.apply(run(state, 0, PlayCard("overnight_transit"))[0], 0, Travel("madison"))
    state, _ = run(state, 0, PlayCard("overnight_transit"), Travel("chicago"))
    assert state.pending is not None and state.pending.kind == "act"
    assert Perform() in GAME.legal_actions(state, 0)
    # "You cannot move after Performing/Hiring" - and not after the move either.
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Travel("detroit"))
    state, events = run(state, 0, Perform())
    assert "performed" in kinds(events)
    assert state.pending is not None and state.pending.seat == 1


def test_overnight_transit_may_perform_without_moving_or_do_nothing() -> None:
    state = _at_toronto()
    reset_circus(state, 0, position="detroit")
    state.board["detroit"] = CityNews(counter="g01")
    after, _ = run(state, 0, PlayCard("overnight_transit"), StayPut(), Perform())
    assert after.circuses[0].performances == ["g01"]
    after, _ = run(state, 0, PlayCard("overnight_transit"), StayPut(), Pass())
    assert after.circuses[0].performances == []
    assert after.pending is not None and after.pending.seat == 1


def test_basic_transit_moves_exactly_one_connection() -> None:
    state = _at_toronto({"detroit": CityNews(counter="g01")})
    state, _ = run(state, 0, PlayCard("basic_transit"))
    legal = GAME.legal_actions(state, 0)
    assert {a.city for a in legal if isinstance(a, Travel)} == {"buffalo", "detroit"}
    assert StayPut() not in legal  # the move is required unless the player Performs/Hires
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Travel("chicago"))
    assert str(refused.value) == "Chicago is 2 connections away; this move allows at most 1."
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Travel("toronto"))
    assert "Toronto" in str(refused.value)  # ending where it started is not a move of one connection
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, StayPut())


def test_basic_transit_move_or_perform_but_not_both() -> None:
    state = _at_toronto({"detroit": CityNews(counter="g01")})
    # Moving onto a Performance Demand ends the turn: no Perform after the move.
    moved, _ = run(state, 0, PlayCard("basic_transit"), Travel("detroit"))
    assert moved.circuses[0].position == "detroit"
    assert moved.pending is not None and moved.pending.seat == 1
    assert moved.board["detroit"].counter == "g01"
    # Performing in place ends the turn: no move after it.
    reset_circus(state, 0, position="detroit")
    performed, _ = run(state, 0, PlayCard("basic_transit"), Perform())
    assert performed.circuses[0].position == "detroit"
    assert performed.circuses[0].performances == ["g01"]
    assert performed.pending is not None and performed.pending.seat == 1


def test_basic_transit_may_hire_instead_of_moving() -> None:
    state = _at_toronto()
    reset_circus(state, 0, position="detroit")
    state.board["detroit"] = CityNews(talent={"horses": 1})
    state, _ = run(state, 0, PlayCard("basic_transit"))
    assert TryHire("horses") in GAME.legal_actions(state, 0)


def test_hold_performs_or_does_nothing() -> None:
    state = _at_toronto()
    reset_circus(state, 0, position="detroit")
    state.board["detroit"] = CityNews(counter="g01")
    held, _ = run(state, 0, PlayCard("hold"))
    assert held.pending is not None and held.pending.kind == "act"
    assert not any(isinstance(a, Travel | StayPut) for a in GAME.legal_actions(held, 0))
    assert set(GAME.legal_actions(held, 0)) == {Perform(), Pass()}
    # With nothing to perform or hire, Hold is a turn of doing nothing.
    reset_circus(state, 0, position="buffalo")
    idle, events = run(state, 0, PlayCard("hold"))
    assert "nothing_to_do" in kinds(events)
    assert idle.pending is not None and idle.pending.seat == 1


def test_trains_share_cities_and_do_not_block_movement() -> None:
    state = _at_toronto()
    reset_circus(state, 1, position="detroit")
    reset_circus(state, 2, position="chicago")
    state, _ = run(state, 0, PlayCard("rapid_transit"), Travel("chicago"))
    assert [c.position for c in state.circuses] == ["chicago", "detroit", "chicago"]


def test_points_counter_scored_when_the_move_ends_there_and_removed() -> None:
    state = _at_toronto({"detroit": CityNews(counter="g17")})  # 2 VP
    reset_circus(state, 0, vp=3)
    state, events = run(state, 0, PlayCard("basic_transit"), Travel("detroit"))
    assert find(events, "points_scored") == [{"seat": 0, "city": "detroit", "vp": 2}]
    assert state.circuses[0].vp == 5
    assert "detroit" not in state.board  # removed from the game


def test_points_counter_not_scored_when_passing_through() -> None:
    state = _at_toronto({"detroit": CityNews(counter="g17")})
    state, events = run(state, 0, PlayCard("rapid_transit"), Travel("chicago"))  # via Detroit
    assert not find(events, "points_scored")
    assert state.circuses[0].vp == 0
    assert state.board["detroit"].counter == "g17"


def test_wages_transit_moves_up_to_two_then_pays() -> None:
    state = _at_toronto()
    reset_circus(state, 0, talent={"clowns": 1, "acrobats": 1}, money=20)
    state, events = run(state, 0, PlayCard("wages_transit"), Travel("chicago"))
    assert state.circuses[0].position == "chicago"
    assert find(events, "wages_paid") == [{"seat": 0, "amount": 4}]
    assert state.circuses[0].money == 16


def test_overnight_hire_moves_up_to_two_then_special_hire() -> None:
    state = _at_toronto()
    reset_circus(state, 0, money=10)
    state, _ = run(state, 0, PlayCard("overnight_hire"), Travel("detroit"))
    assert state.pending is not None and state.pending.kind == "special_hire"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Travel("chicago"))
