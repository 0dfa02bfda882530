"""The spaces of the Master of Ceremonies board: Full Day (build, then execute), Midday (build or
execute), Arrival of New Acts and New City; simultaneous choices resolved in player order."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.little_circuses.actions import (
    Back,
    ChooseTile,
    HireHelp,
    MoveHighlight,
    PlaceTile,
    RaiseFunds,
)
from rules.little_circuses.content import load_content, tile

from little_circuses_helpers import (
    CLOWN_ALLEY,
    COTTON_CANDY,
    GAME,
    PHOTO_STAND,
    TICKET_BOOTH,
    a_tile,
    apply,
    cell,
    find,
    goto,
    kinds,
    opened,
    run,
    set_circus,
    space_index,
)


def test_raise_funds_gives_two_dollars_then_every_seat_executes() -> None:
    state = opened(2)
    money = [c.money for c in state.circuses]
    state, events = run(state, (0, RaiseFunds()), (1, RaiseFunds()))
    assert find(events, "funds_raised") == [{"seat": seat, "amount": 2} for seat in state.order]
    assert [c.money for c in state.circuses] == [m + 2 for m in money]
    assert state.stage == "execute" and GAME.to_act(state) == frozenset({0, 1})
    assert all(c.step == "move" for c in state.circuses)


def test_hire_help_takes_a_face_up_starting_tile_into_the_hand_for_free() -> None:
    state = opened(1)
    money, hand = state.circuses[0].money, len(state.circuses[0].hand)
    top = state.starting_pile[-1]
    state, events = run(state, (0, HireHelp()))
    assert state.circuses[0].hand[-1] == top and len(state.circuses[0].hand) == hand + 1
    assert state.circuses[0].money == money
    assert find(events, "tile_drawn") == [{"seat": 0, "tile": top}]


def test_build_next_to_an_attraction_pays_the_printed_cost() -> None:
    state = opened(1)
    built = state.circuses[0].hand[0]
    set_circus(state, 0, money=10, hand=[built])
    state, _ = apply(state, 0, ChooseTile(built))
    assert state.circuses[0].step == "place"
    legal = GAME.legal_actions(state, 0)
    assert PlaceTile(cell(4, 2)) in legal and PlaceTile(COTTON_CANDY) in legal  # next to, or on top
    assert PlaceTile(cell(5, 5)) not in legal and PlaceTile(cell(4, 4)) not in legal  # diagonal / far
    state, events = apply(state, 0, PlaceTile(cell(4, 2)))
    circus = state.circuses[0]
    assert circus.stacks[cell(4, 2)] == [built] and circus.hand == []
    assert circus.money == 10 - tile(built).cost
    assert find(events, "built") == [{"seat": 0, "tile": built, "cell": cell(4, 2), "cost": tile(built).cost,
                                      "covered": None}]


def test_a_tile_you_cannot_pay_for_cannot_be_built() -> None:
    state = opened(1)
    dear = next(t for t in load_content().starting_tiles() if tile(t).cost == 4)
    set_circus(state, 0, money=3, hand=[dear])
    assert ChooseTile(dear) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"costs \$4 and you have only \$3"):
        apply(state, 0, ChooseTile(dear))


def test_building_on_top_keeps_the_use_marker_and_the_highlight() -> None:
    state = opened(1)
    first, second = a_tile("red"), a_tile("blue")
    set_circus(state, 0, money=20, hand=[first, second], highlight=COTTON_CANDY, used=[TICKET_BOOTH])
    state, _ = run(state, (0, ChooseTile(first)), (0, PlaceTile(TICKET_BOOTH)))
    assert state.circuses[0].stacks[TICKET_BOOTH] == ["ticket_booth", first]
    assert state.circuses[0].used == [TICKET_BOOTH]  # the Use marker stays, now on the new attraction
    state, _ = run(state, (0, MoveHighlight(PHOTO_STAND)))
    goto(state, space_index("full_day", 1))
    set_circus(state, 0, tiles={TICKET_BOOTH: [first]}, highlight=COTTON_CANDY, used=[TICKET_BOOTH],
               hand=[second], money=20)
    state, events = run(state, (0, ChooseTile(second)), (0, PlaceTile(COTTON_CANDY)))
    circus = state.circuses[0]
    assert circus.stacks[COTTON_CANDY] == ["cotton_candy", second]
    assert circus.highlight == COTTON_CANDY  # the Highlight is now on the new attraction
    assert find(events, "built")[0]["covered"] == "cotton_candy"
    assert circus.stacks[TICKET_BOOTH] == ["ticket_booth", first] and TICKET_BOOTH in circus.used
    # Moving onto the covered-and-used Ticket Booth cell: the Use marker stayed, so the execute is wasted.
    fame, money = circus.fame, circus.money
    state, events = run(state, (0, MoveHighlight(TICKET_BOOTH)))
    assert find(events, "highlight_moved")[0]["wasted"] is True
    assert state.circuses[0].fame == fame and state.circuses[0].money == money
    assert COTTON_CANDY in state.circuses[0].used


def test_back_returns_to_the_build_choice() -> None:
    state = opened(1)
    chosen = state.circuses[0].hand[0]
    set_circus(state, 0, money=10)
    state, _ = run(state, (0, ChooseTile(chosen)), (0, Back()))
    assert state.circuses[0].step == "build" and state.circuses[0].plan_tile is None


def test_execute_moves_orthogonally_and_marks_the_attraction_left() -> None:
    state = opened(1)
    state, _ = run(state, (0, RaiseFunds()))
    legal = GAME.legal_actions(state, 0)
    assert legal == [MoveHighlight(TICKET_BOOTH), MoveHighlight(PHOTO_STAND)]  # not the diagonal Clown Alley
    with pytest.raises(IllegalAction, match="orthogonally next to C3"):
        apply(state, 0, MoveHighlight(CLOWN_ALLEY))
    fame = state.circuses[0].fame
    state, _ = run(state, (0, MoveHighlight(PHOTO_STAND)))
    assert state.circuses[0].used == [COTTON_CANDY] and state.circuses[0].fame == fame + 2


def test_midday_is_build_or_execute() -> None:
    state = opened(2)
    goto(state, space_index("midday", 0))
    assert state.stage == "midday"
    legal = GAME.legal_actions(state, 0)
    assert RaiseFunds() in legal and HireHelp() in legal and MoveHighlight(TICKET_BOOTH) in legal
    assert any(isinstance(a, ChooseTile) for a in legal)
    money = state.circuses[1].money
    state, events = run(state, (0, MoveHighlight(PHOTO_STAND)), (1, RaiseFunds()))
    assert state.circuses[0].highlight == PHOTO_STAND and state.circuses[1].money == money + 2
    assert state.circuses[1].highlight == COTTON_CANDY  # building seats do not execute at Midday
    assert kinds(events).index("funds_raised") < kinds(events).index("highlight_moved")  # builds first


def test_choices_stay_private_until_every_seat_has_chosen() -> None:
    state = opened(3)
    chosen = state.circuses[0].hand[0]
    set_circus(state, 0, money=10)
    state, first = run(state, (0, ChooseTile(chosen)), (0, PlaceTile(cell(4, 2))))
    state, second = run(state, (1, HireHelp()))
    assert kinds(first) == ["choice_made"] and kinds(second) == ["choice_made"]
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert view["players"][0]["circus"] == GAME.view(opened(3), seat)["players"][0]["circus"]
        assert chosen in [t["id"] for t in view["players"][0]["hand"]]
        if seat is not None:
            assert view["you"]["plan"] == ("hire" if seat == 1 else "")
    assert GAME.view(state, 0)["you"]["plan"] == "build"
    assert [p["ready"] for p in GAME.view(state, None)["players"]] == [True, True, False]
    state, events = run(state, (2, RaiseFunds()))
    assert state.circuses[0].stacks[cell(4, 2)] == [chosen]
    revealed = {kind: [d["seat"] for d in find(events, kind)] for kind in ("built", "tile_drawn", "funds_raised")}
    assert revealed == {"built": [0], "tile_drawn": [1], "funds_raised": [2]}


def test_when_tiles_run_out_they_go_in_player_order_and_the_others_choose_again() -> None:
    state = opened(4, seed=5)
    state.starting_pile = state.starting_pile[:2]
    left_to_right = list(state.order)
    for seat in range(4):
        set_circus(state, seat, money=0)  # nothing affordable: a seat without a tile raises funds...
    set_circus(state, left_to_right[3], money=10)  # ...unless it can build instead
    pile = list(state.starting_pile)
    state, events = run(state, *((seat, HireHelp()) for seat in range(4)))
    got = find(events, "tile_drawn")
    assert [d["seat"] for d in got] == left_to_right[:2]
    assert [d["tile"] for d in got] == [pile[-1], pile[-2]]
    assert [d["seat"] for d in find(events, "no_help")] == left_to_right[2:]
    assert find(events, "funds_raised") == [{"seat": left_to_right[2], "amount": 2}]
    last = state.circuses[left_to_right[3]]
    assert GAME.to_act(state) == frozenset({left_to_right[3]}) and last.step == "fallback"
    legal = GAME.legal_actions(state, left_to_right[3])
    assert HireHelp() not in legal and RaiseFunds() in legal
    with pytest.raises(IllegalAction, match="No tile was left for you to hire"):
        apply(state, left_to_right[3], HireHelp())
    built = last.hand[0]
    state, events = run(state, (left_to_right[3], ChooseTile(built)), (left_to_right[3], PlaceTile(cell(4, 2))))
    assert find(events, "built")[0]["tile"] == built
    assert state.stage == "execute"
    goto(state, space_index("midday", 0))
    assert state.starting_pile == [] and HireHelp() not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="no tile left to hire"):
        apply(state, 0, HireHelp())


def test_arrival_of_new_acts() -> None:
    state = opened(3)
    events = goto(state, space_index("arrival"))
    assert state.arrived and state.starting_pile == [] and len(state.showcase) == 4
    assert find(events, "new_acts")[0]["showcase"] == state.showcase
    assert all(len(c.secret) == 2 for c in state.circuses)
    assert all(tile(t).kind == "advanced" for c in state.circuses for t in c.secret)
    assert len(state.advanced_pile) == 80 - 4 - 6
    drawn = [e for e in events if e.kind == "secret_tile_drawn"]
    assert [e.private_to for e in drawn] == [seat for seat in state.order for _ in range(2)]
    assert all(e.data["tile"] is None for e in events if e.kind == "tile_drawn")
    spectator = GAME.view(state, None)
    assert [p["secret_count"] for p in spectator["players"]] == [2, 2, 2]
    assert [t["id"] for t in GAME.view(state, 1)["you"]["secret"]] == state.circuses[1].secret


def test_after_the_arrival_hired_help_comes_face_down() -> None:
    state = opened(2)
    goto(state, space_index("arrival"))
    goto(state, space_index("full_day", 2))
    top = state.advanced_pile[-1]
    state, events = run(state, (0, HireHelp()), (1, RaiseFunds()))
    assert state.circuses[0].secret[-1] == top
    public = [e for e in events if e.private_to is None]
    assert all(top not in map(str, e.data.values()) for e in public)
    assert [e.private_to for e in events if e.kind == "secret_tile_drawn"] == [0]


def test_a_face_down_tile_can_be_built() -> None:
    state = opened(1)
    goto(state, space_index("arrival"))
    goto(state, space_index("full_day", 2))
    secret = state.circuses[0].secret[0]
    set_circus(state, 0, money=20)
    state, events = run(state, (0, ChooseTile(secret)), (0, PlaceTile(cell(1, 2))))
    assert secret not in state.circuses[0].secret and state.circuses[0].stacks[cell(1, 2)] == [secret]
    assert find(events, "built")[0]["tile"] == secret


def test_new_city_removes_every_use_marker_but_not_the_highlight() -> None:
    state = opened(2)
    set_circus(state, 0, highlight=PHOTO_STAND, used=[COTTON_CANDY, TICKET_BOOTH])
    events = goto(state, space_index("new_city", 0))
    assert state.circuses[0].used == [] and state.circuses[0].highlight == PHOTO_STAND
    assert find(events, "new_city") == [{"town": "Smallburg"}]
    assert state.stage == "build"  # John went straight on to the next space
