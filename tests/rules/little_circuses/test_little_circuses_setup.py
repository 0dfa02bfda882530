"""Set-up and opening night exactly as the rulebook describes them, and the options."""

from __future__ import annotations

import pytest

from rules.core.errors import InvalidOptions, NotYourTurn
from rules.little_circuses.actions import OpenAt
from rules.little_circuses.content import load_content

from little_circuses_helpers import (
    CLOWN_ALLEY,
    COTTON_CANDY,
    GAME,
    NAMES,
    PHOTO_STAND,
    TICKET_BOOTH,
    apply,
    find,
    kinds,
    new_game,
    run,
)


@pytest.mark.parametrize("players", range(1, 8))
def test_every_player_count_from_one_to_seven_sets_up(players: int) -> None:
    state = new_game(players, seed=players)
    assert sorted(state.order) == list(range(players))
    for position, seat in enumerate(state.order):
        circus = state.circuses[seat]
        assert circus.fame == position  # leftmost 0, next 1, and so on
        assert circus.money == 5
        assert circus.bleacher == [1, 0, 0, 0]
        assert len(circus.hand) == 5 and circus.secret == []
        assert circus.highlight is None and circus.used == []
        assert sorted(circus.stacks) == sorted(load_content().printed)
    starting = {t for t in load_content().starting_tiles()}
    dealt = [t for c in state.circuses for t in c.hand]
    assert len(set(dealt)) == 5 * players and set(dealt) <= starting
    assert len(state.starting_pile) == 70 - 5 * players and len(state.advanced_pile) == 80
    assert state.space == 0 and load_content().track[0].label == "Welcome to Starterton"
    assert GAME.to_act(state) == frozenset(range(players))


def test_player_order_is_drawn_at_random() -> None:
    orders = {tuple(new_game(4, seed=seed).order) for seed in range(12)}
    assert len(orders) > 3


def test_more_than_seven_players_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="1 to 7 players"):
        GAME.new_game(["A"] * 8, {}, 1)


def test_solo_allows_only_the_blue_side() -> None:
    with pytest.raises(InvalidOptions, match="only the blue side"):
        GAME.new_game(["Solo"], {"special_side": "red"}, 1)
    assert GAME.new_game(["Solo"], {}, 1).options == {"special_side": "blue"}


def test_the_special_side_is_a_choice_of_blue_or_red() -> None:
    spec = GAME.option_specs[0]
    assert (spec.key, spec.kind, spec.default, spec.choices) == ("special_side", "choice", "blue", ("blue", "red"))
    assert GAME.new_game(list(NAMES[:2]), {"special_side": "red"}, 1).options["special_side"] == "red"
    with pytest.raises(InvalidOptions, match="one of blue, red"):
        GAME.new_game(list(NAMES[:2]), {"special_side": "green"}, 1)


def test_opening_night_choices_are_simultaneous_and_private_until_all_have_chosen() -> None:
    state = new_game(3)
    state, events = apply(state, 1, OpenAt(TICKET_BOOTH))
    assert kinds(events) == ["choice_made"]
    assert GAME.to_act(state) == frozenset({0, 2})
    assert GAME.view(state, None)["players"][1]["highlight"] is None
    assert GAME.view(state, None)["players"][1]["ready"] is True
    assert GAME.view(state, 1)["you"]["plan_cell"] == TICKET_BOOTH
    with pytest.raises(NotYourTurn):
        apply(state, 1, OpenAt(COTTON_CANDY))
    state, events = run(state, (0, OpenAt(COTTON_CANDY)), (2, OpenAt(PHOTO_STAND)))
    assert [d["seat"] for d in find(events, "opening_night")] == state.order  # resolved in player order


def test_opening_night_resolves_the_chosen_attraction() -> None:
    state = new_game(4, seed=3)
    money = [c.money for c in state.circuses]
    fame = [c.fame for c in state.circuses]
    state, _ = run(state, (0, OpenAt(COTTON_CANDY)), (1, OpenAt(TICKET_BOOTH)), (2, OpenAt(PHOTO_STAND)),
                   (3, OpenAt(CLOWN_ALLEY)))
    ann, bob, cat, dan = state.circuses
    assert ann.money == money[0] + 2  # the cotton candy vendor gives $2
    assert bob.bleacher == [2, 0, 0, 0]  # the ticket booth admits a Public
    assert cat.fame == fame[2] + 2
    assert dan.bleacher == [0, 1, 0, 0] and dan.money == money[3] + 1
    assert [c.highlight for c in state.circuses] == [COTTON_CANDY, TICKET_BOOTH, PHOTO_STAND, CLOWN_ALLEY]
    assert all(c.used == [] for c in state.circuses)
    assert state.stage == "build" and state.space == 1


def test_starting_tiles_in_hand_are_public() -> None:
    state = new_game(2)
    spectator = GAME.view(state, None)
    for seat, player in enumerate(spectator["players"]):
        assert [t["id"] for t in player["hand"]] == state.circuses[seat].hand
        assert player["secret_count"] == 0
