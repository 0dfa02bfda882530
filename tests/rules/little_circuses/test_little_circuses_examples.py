"""The rulebook's worked examples, with the rulebook's numbers."""

from __future__ import annotations

from rules.little_circuses import scoring
from rules.little_circuses.actions import AdvancePublic, MoveHighlight, RaiseFunds
from rules.little_circuses.content import tile

from little_circuses_helpers import (
    TICKET_BOOTH,
    a_tile,
    cell,
    find,
    goto,
    new_game,
    opened,
    queue_icons,
    run,
    set_circus,
    space_index,
)


def test_highlight_move_example_gains_one_fame_and_two_attraction_tiles() -> None:
    """The illustration: the Highlight moves to the adjacent attraction, a Use marker is placed on the
    attraction it left, and the new attraction's icons give 1 Fame and 2 Attraction tiles."""
    assert list(tile("sp09").icons) == ["star", "tent", "tent"]
    state = opened(1)
    set_circus(state, 0, tiles={cell(4, 2): ["sp09"]}, highlight=TICKET_BOOTH, fame=3, hand=[])
    market_before = len(state.starting_pile)
    state, _ = run(state, (0, RaiseFunds()))
    assert state.stage == "execute"
    state, events = run(state, (0, MoveHighlight(cell(4, 2))))
    ann = state.circuses[0]
    assert ann.highlight == cell(4, 2)
    assert ann.used == [TICKET_BOOTH]
    assert ann.fame == 3 + 1
    assert len(ann.hand) == 2 and len(state.starting_pile) == market_before - 2
    assert [d["tile"] for d in find(events, "tile_drawn")] == ann.hand
    assert find(events, "highlight_moved") == [{"seat": 0, "cell": cell(4, 2), "tile": "sp09", "left": TICKET_BOOTH,
                                                "wasted": False}]


def test_three_entertainment_icons_one_public_four_to_eight_then_another_two_to_four() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[1, 1, 0, 0])
    queue_icons(state, 0, ["clown", "clown", "clown"])
    assert state.circuses[0].step == "icon"
    state, events = run(state, (0, AdvancePublic(4)), (0, AdvancePublic(6)))
    # Left with Publics on 2 and 8, the third clown can only advance the one on 2: nothing to ask.
    assert state.circuses[0].bleacher == [0, 1, 0, 1]
    assert [(d["from"], d["to"]) for d in find(events, "public_advanced")] == [(4, 6), (6, 8), (2, 4)]


def test_three_entertainment_icons_three_different_publics_two_to_four() -> None:
    state = opened(1)
    set_circus(state, 0, bleacher=[3, 0, 0, 0])
    queue_icons(state, 0, ["clown", "clown", "clown"])
    # The first clown has only one choice (all three are on 2) and resolves at once.
    assert state.circuses[0].bleacher == [2, 1, 0, 0] and state.circuses[0].step == "icon"
    state, _ = run(state, (0, AdvancePublic(2)), (0, AdvancePublic(2)))
    assert state.circuses[0].bleacher == [0, 3, 0, 0]


def test_variety_prize_ten_per_face_up_set_of_five_colours() -> None:
    state = new_game(1)
    colours = ["green", "yellow", "red", "blue", "purple"]
    two_sets = {cell(x, 1): [a_tile(colour, skip=0)] for x, colour in enumerate(colours)}
    two_sets |= {cell(x, 4): [a_tile(colour, skip=1)] for x, colour in enumerate(colours)}
    set_circus(state, 0, tiles=two_sets)
    assert scoring.prizes(state.circuses[0])["variety"] == 20
    # One purple covered by a yellow tile: that purple no longer counts; one set is left.
    two_sets[cell(4, 4)] = [a_tile("purple", skip=1), a_tile("yellow", skip=2)]
    set_circus(state, 0, tiles=two_sets)
    assert scoring.prizes(state.circuses[0])["variety"] == 10


def test_variety_prize_ignores_the_printed_attractions_and_incomplete_sets() -> None:
    state = new_game(1)
    set_circus(state, 0, tiles={cell(x, 1): [a_tile(c)] for x, c in enumerate(["green", "yellow", "red", "blue"])})
    assert scoring.prizes(state.circuses[0])["variety"] == 0


def test_audience_prize_is_half_each_publics_value() -> None:
    """"A Public meeple on space 8 is worth 4 Fame.\""""
    state = new_game(1)
    set_circus(state, 0, bleacher=[1, 0, 1, 1])
    assert scoring.prizes(state.circuses[0])["audience"] == 1 + 3 + 4


def test_john_moves_from_smallburg_to_a_full_day_where_all_players_build_and_execute() -> None:
    """"John moves from Smallburg to the next space, which is a Full Day icon. All players then build
    and execute.\""""
    state = opened(3)
    smallburg = space_index("new_city", 0)
    goto(state, smallburg)
    assert state.space == smallburg + 1 and state.stage == "build"
    assert all(circus.step == "build" for circus in state.circuses)
