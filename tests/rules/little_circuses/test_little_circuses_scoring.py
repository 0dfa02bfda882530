"""The end at Endsville: the four prizes, the winner and the tie-break, the solo chart."""

from __future__ import annotations

import pytest

from rules.little_circuses import board, scoring
from rules.little_circuses.actions import MoveHighlight, RaiseFunds
from rules.little_circuses.state import LittleCircusesState

from little_circuses_helpers import (
    GAME,
    NAMES,
    a_tile,
    cell,
    find,
    goto,
    new_game,
    opened,
    run,
    set_circus,
    space_index,
)


def _to_the_last_full_day(players: int, seed: int = 1) -> LittleCircusesState:
    state = opened(players, seed=seed)
    goto(state, space_index("full_day", -1))
    return state


def test_the_game_ends_when_john_reaches_the_last_space_of_endsville() -> None:
    state = _to_the_last_full_day(2)
    assert state.space == space_index("finale") - 1
    state, _ = run(state, (0, RaiseFunds()), (1, RaiseFunds()))
    moves = [board.highlight_moves(circus)[0] for circus in state.circuses]
    state, events = run(state, (0, MoveHighlight(moves[0])), (1, MoveHighlight(moves[1])))
    assert state.stage == "over" and GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert [d["seat"] for d in find(events, "prizes")] == state.order
    assert GAME.outcome(state) is not None


def test_prizes_variety_cash_act_and_audience() -> None:
    state = new_game(1)
    colours = ["green", "yellow", "red", "blue", "purple"]
    set_circus(state, 0, tiles={cell(x, 1): [a_tile(c)] for x, c in enumerate(colours)}, money=11,
               hand=[a_tile("red", skip=3)], secret=[a_tile("blue", "advanced")], bleacher=[1, 1, 0, 2])
    assert scoring.prizes(state.circuses[0]) == {"variety": 10, "cash": 6, "act": 2, "audience": 1 + 2 + 8}


def test_final_scoring_adds_the_prizes_to_the_fame() -> None:
    state = new_game(2)
    set_circus(state, 0, fame=40, money=6, hand=[], bleacher=[0, 0, 0, 1])
    set_circus(state, 1, fame=30, money=0, hand=[a_tile("red")], bleacher=[0, 0, 0, 0])
    goto(state, space_index("finale"))
    assert [c.fame for c in state.circuses] == [40 + 4 + 4, 30 + 1]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.lines[0] == "Ann: 40 Fame + Variety 0 + Cash 4 + Act 0 + Audience 4 = 48"
    assert outcome.result is None


def test_a_tie_goes_to_the_player_furthest_left_on_the_player_order_track() -> None:
    state = new_game(3, seed=2)
    for seat in range(3):
        set_circus(state, seat, fame=20, money=0, hand=[], bleacher=[0, 0, 0, 0])
    state.order = [2, 0, 1]
    goto(state, space_index("finale"))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((2,), (0,), (1,))
    assert outcome.scores == (20, 20, 20)


@pytest.mark.parametrize(("fame", "rank"), [(0, "Wimpy"), (50, "Wimpy"), (51, "Nice try"), (100, "Nice try"),
                                            (101, "So close!"), (150, "So close!"), (151, "Amazing!"),
                                            (200, "Amazing!"), (201, "Off the charts!"), (350, "Off the charts!")])
def test_solo_ranking_chart(fame: int, rank: str) -> None:
    state = GAME.new_game([NAMES[0]], {}, 1)
    set_circus(state, 0, fame=fame, money=0, hand=[], bleacher=[0, 0, 0, 0])
    goto(state, space_index("finale"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.result == f"John's chart: {fame} Fame — {rank}"
    assert GAME.view(state, None)["result"] == outcome.result
