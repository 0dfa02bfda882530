"""Every icon of the Action Icon Reference, one at a time, left to right."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.little_circuses.actions import AdvancePublic, CashPublic, MoveHighlight, Pass, RaiseFunds
from rules.little_circuses.content import tile

from little_circuses_helpers import (
    GAME,
    TICKET_BOOTH,
    apply,
    cell,
    find,
    goto,
    kinds,
    opened,
    queue_icons,
    run,
    set_circus,
    space_index,
)


def test_star_gains_one_fame_each() -> None:
    state = opened(1)
    fame = state.circuses[0].fame
    queue_icons(state, 0, ["star", "star", "star"])
    assert state.circuses[0].fame == fame + 3


def test_coin_gains_one_dollar() -> None:
    state = opened(1)
    money = state.circuses[0].money
    queue_icons(state, 0, ["coin"])
    assert state.circuses[0].money == money + 1


def test_admit_one_places_a_new_public_on_two() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 0, 3, 1])
    queue_icons(state, 0, ["admit"])
    assert state.circuses[0].bleacher == [2, 0, 3, 1]


def test_tent_takes_a_tile_from_the_market() -> None:
    state = opened(1)
    top = state.starting_pile[-1]
    events = queue_icons(state, 0, ["tent"])
    assert state.circuses[0].hand[-1] == top and find(events, "tile_drawn") == [{"seat": 0, "tile": top}]


def test_tent_with_an_empty_market_gives_nothing() -> None:
    state = opened(1)
    state.starting_pile = []
    hand = list(state.circuses[0].hand)
    events = queue_icons(state, 0, ["tent"])
    assert state.circuses[0].hand == hand and kinds(events) == ["market_empty"]


def test_clown_advances_one_public_one_space_and_never_past_eight() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 0, 1, 1])
    queue_icons(state, 0, ["clown"])
    assert GAME.legal_actions(state, 0) == [AdvancePublic(2), AdvancePublic(6)]
    with pytest.raises(IllegalAction, match="more than 8"):
        apply(state, 0, AdvancePublic(8))
    with pytest.raises(IllegalAction, match="must be resolved"):
        apply(state, 0, Pass())
    state, _ = apply(state, 0, AdvancePublic(6))
    assert state.circuses[0].bleacher == [1, 0, 0, 2]


def test_clown_with_every_public_on_eight_does_nothing() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 0, 0, 2])
    events = queue_icons(state, 0, ["clown"])
    assert state.circuses[0].bleacher == [0, 0, 0, 2] and kinds(events) == ["icon_idle"]


def test_clown_with_one_possible_public_needs_no_question() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 2, 0, 1])
    events = queue_icons(state, 0, ["clown"])
    assert state.circuses[0].bleacher == [0, 1, 1, 1] and state.circuses[0].step == ""
    assert find(events, "public_advanced") == [{"seat": 0, "from": 4, "to": 6}]


def test_elephant_may_cash_a_public_for_fame_equal_to_its_space() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 0, 0, 1], fame=10)
    queue_icons(state, 0, ["elephant"])
    assert GAME.legal_actions(state, 0) == [CashPublic(2), CashPublic(8), Pass()]
    state, _ = apply(state, 0, CashPublic(8))
    assert state.circuses[0].fame == 18 and state.circuses[0].bleacher == [1, 0, 0, 0]


def test_elephant_may_be_declined() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 1, 0, 0], fame=10)
    queue_icons(state, 0, ["elephant"])
    state, events = apply(state, 0, Pass())
    assert state.circuses[0].fame == 10 and state.circuses[0].bleacher == [0, 1, 0, 0]
    assert find(events, "icon_declined") == [{"seat": 0, "icon": "elephant"}]


def test_money_bills_may_cash_a_public_for_money_equal_to_its_space() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 0, 1, 0], money=1)
    queue_icons(state, 0, ["bills"])
    state, _ = apply(state, 0, CashPublic(6))
    assert state.circuses[0].money == 7 and state.circuses[0].bleacher == [0, 0, 0, 0]


@pytest.mark.parametrize("icon", ["elephant", "bills"])
def test_cashing_icons_do_nothing_on_an_empty_bleacher(icon: str) -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 0, 0, 0])
    events = queue_icons(state, 0, [icon])
    assert kinds(events) == ["icon_idle"] and state.circuses[0].step == ""


def test_icons_resolve_left_to_right_so_a_new_public_can_be_entertained_and_cashed() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[0, 0, 0, 0], fame=0)
    queue_icons(state, 0, ["admit", "clown", "clown", "elephant"])
    assert state.circuses[0].bleacher == [0, 0, 1, 0]  # both clowns were forced onto the one Public
    state, _ = apply(state, 0, CashPublic(6))
    assert state.circuses[0].fame == 6 and state.circuses[0].bleacher == [0, 0, 0, 0]


def test_an_executed_attraction_resolves_each_icon_of_its_row() -> None:
    built = "ag10"
    assert list(tile(built).icons) == ["admit", "admit", "admit", "star", "star", "star"]
    state = opened(1)
    set_circus(state, 0, tiles={cell(4, 2): [built]}, highlight=TICKET_BOOTH, bleacher=[1, 0, 0, 0], fame=0)
    state, _ = run(state, (0, RaiseFunds()), (0, MoveHighlight(cell(4, 2))))
    assert state.circuses[0].bleacher == [4, 0, 0, 0] and state.circuses[0].fame == 3


def test_each_icon_is_its_own_decision_for_each_seat_at_the_same_time() -> None:
    state = opened(2)
    goto(state, space_index("full_day", 1))
    for seat in (0, 1):
        set_circus(state, seat, bleacher=[1, 1, 0, 0])
        queue_icons(state, seat, ["clown"])
    state.stage = "icons"
    state.circuses[0].step = state.circuses[1].step = "icon"
    assert GAME.to_act(state) == frozenset({0, 1})
    state, _ = apply(state, 1, AdvancePublic(4))
    assert GAME.to_act(state) == frozenset({0}) and state.circuses[1].bleacher == [1, 0, 1, 0]


def test_tents_take_the_last_tiles_in_player_order() -> None:
    state = opened(2, seed=6)
    first, second = state.order
    for seat in (first, second):
        set_circus(state, seat, tiles={cell(4, 2): ["sp09"]}, highlight=TICKET_BOOTH, hand=[])
    state.starting_pile = state.starting_pile[:3]
    pile = list(state.starting_pile)
    state, _ = run(state, (0, RaiseFunds()), (1, RaiseFunds()))
    # The seat further right chooses first: the order of answers does not matter, the track does.
    state, events = run(state, (second, MoveHighlight(cell(4, 2))), (first, MoveHighlight(cell(4, 2))))
    assert state.circuses[first].hand == [pile[-1], pile[-2]]
    assert state.circuses[second].hand == [pile[-3]]
    assert find(events, "market_empty") == [{"seat": second}]
