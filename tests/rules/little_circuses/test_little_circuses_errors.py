"""Every refusal is a specific sentence, and none names a hidden tile."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, MalformedAction, NotYourTurn
from rules.little_circuses.actions import (
    Action,
    AdvancePublic,
    Back,
    CashPublic,
    ChooseRival,
    ChooseSpecial,
    ChooseTile,
    HireHelp,
    MoveHighlight,
    OpenAt,
    Pass,
    PlaceTile,
    RaiseFunds,
    TakeShowcase,
)
from rules.little_circuses.state import LittleCircusesState

from little_circuses_helpers import (
    COTTON_CANDY,
    GAME,
    TICKET_BOOTH,
    apply,
    cell,
    goto,
    new_game,
    opened,
    queue_icons,
    run,
    set_circus,
    space_index,
)


def _refusal(state: LittleCircusesState, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action)
    return str(caught.value)


def test_opening_night_only_on_a_printed_attraction() -> None:
    assert _refusal(new_game(2), 0, OpenAt(cell(0, 0))) == \
        "Opening night starts on one of the four printed attractions, not on A1."


def test_an_action_of_another_step_says_what_the_seat_is_doing() -> None:
    state = opened(2)
    assert _refusal(state, 0, MoveHighlight(TICKET_BOOTH)) == \
        "That is not a choice right now: you are choosing how to build."
    assert _refusal(state, 0, AdvancePublic(2)) == "That is not a choice right now: you are choosing how to build."
    assert _refusal(state, 0, PlaceTile(cell(4, 2))).startswith("That is not a choice right now")


def test_a_seat_that_has_chosen_waits_for_the_others() -> None:
    state = opened(3)
    state, _ = apply(state, 0, RaiseFunds())
    with pytest.raises(NotYourTurn, match="waiting for Bob and Cat"):
        apply(state, 0, HireHelp())


def test_a_tile_not_in_hand_is_refused_without_naming_anyone_elses_tiles() -> None:
    state = opened(2)
    theirs = state.circuses[1].hand[0]
    assert _refusal(state, 0, ChooseTile(theirs)) == "That tile is not in your hand."


def test_placing_far_from_the_circus_is_refused() -> None:
    state = opened(1)
    set_circus(state, 0, money=10)
    state, _ = apply(state, 0, ChooseTile(state.circuses[0].hand[0]))
    assert _refusal(state, 0, PlaceTile(cell(0, 0))) == \
        "A1 is not next to or on top of an attraction in your circus (the circus spreads over 6 x 6 spaces)."
    assert _refusal(state, 0, PlaceTile(99)).startswith("Space 99 is not next to")
    assert Back() in GAME.legal_actions(state, 0)


def test_the_highlight_moves_only_to_a_neighbouring_attraction() -> None:
    state = opened(1)
    state, _ = run(state, (0, RaiseFunds()))
    assert _refusal(state, 0, MoveHighlight(cell(5, 5))) == \
        "The Highlight moves to an attraction orthogonally next to C3; F6 is not one."


def test_icon_answers_are_checked_against_the_icon_and_the_bleacher() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 1, 0, 0])
    queue_icons(state, 0, ["clown"])
    assert _refusal(state, 0, AdvancePublic(6)) == "You have no Public on space 6 to advance."
    assert _refusal(state, 0, CashPublic(2)) == "You are resolving the clown icon; that answer belongs to another icon."
    assert _refusal(state, 0, Pass()) == "Each icon must be resolved: the clown cannot be skipped."
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 1, 0, 0])
    queue_icons(state, 0, ["elephant"])
    assert _refusal(state, 0, CashPublic(8)) == "You have no Public on space 8."
    assert _refusal(state, 0, CashPublic(3)) == "Bleacher spaces are 2, 4, 6 and 8."
    assert _refusal(state, 0, TakeShowcase("ap01")) == \
        "You are resolving the elephant icon; that answer belongs to another icon."


def test_special_attraction_refusals() -> None:
    state = opened(2, side="red")
    goto(state, space_index("special"))
    first = state.order[0]
    assert _refusal(state, first, ChooseSpecial("9")) == \
        "There is no Special Attraction card '9'; they are numbered 1 to 7."
    set_circus(state, 1 - first, money=3)
    set_circus(state, first, money=0)
    state, _ = apply(state, first, ChooseSpecial("7"))  # three stars, then rob the only rival with money
    assert state.circuses[first].money == 2


def test_rival_choices_name_what_the_rival_lacks() -> None:
    state = opened(3, side="red")
    set_circus(state, 1, money=4)
    set_circus(state, 2, money=0)
    set_circus(state, 0, money=0)
    queue_icons(state, 0, ["rob"])
    assert state.circuses[0].money == 2  # one rival with money: no question asked
    set_circus(state, 1, money=4)
    set_circus(state, 2, money=4)
    queue_icons(state, 0, ["rob"])
    assert _refusal(state, 0, ChooseRival(0)) == "Choose another player."
    set_circus(state, 2, money=0)
    assert _refusal(state, 0, ChooseRival(2)) == "There is nothing to take: Cat has no money."


def test_malformed_actions_are_refused_by_name() -> None:
    with pytest.raises(MalformedAction, match="no action called 'fly'"):
        GAME.action_from_json({"kind": "fly"})
    with pytest.raises(MalformedAction, match="place_tile action could not be understood"):
        GAME.action_from_json({"kind": "place_tile", "cell": "C3"})
    assert GAME.action_from_json({"kind": "open_at", "cell": COTTON_CANDY}) == OpenAt(COTTON_CANDY)


def test_the_game_over_refuses_everything() -> None:
    state = opened(1)
    goto(state, space_index("finale"))
    with pytest.raises(IllegalAction, match="This game is over"):
        apply(state, 0, RaiseFunds())
