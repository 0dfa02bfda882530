"""Hidden information: a seat sees its own hand and no other; a spectator sees no hand; no view shows
the draw bag's contents, the City card pile's order or the Event deck (only their sizes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from rules.circus_train.actions import PlayCard
from rules.circus_train.state import CircusTrainState
from rules.cli import chooser_rng

from circus_train_helpers import GAME, NAMES, give_turn, options, setup_game


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk(item)


def _strings(view: dict[str, Any]) -> set[str]:
    return {v for v in _walk(view) if isinstance(v, str)}


def _check_hidden(state: CircusTrainState) -> None:
    for seat in [None, *range(len(state.players))]:
        view = GAME.view(state, seat)
        json.dumps(view)
        strings = _strings(view)
        lists = [v for v in _walk(view) if isinstance(v, list)]
        # Hands: only the seat's own, and no per-player hand anywhere.
        if seat is None:
            assert view["hand"] is None
        else:
            assert view["hand"] == state.circuses[seat].hand
        for player in view["players"]:
            assert "hand" not in player
            assert player["hand_count"] == len(state.circuses[player["seat"]].hand)
        hand_keys = [v for v in _walk(view) if isinstance(v, dict) and "hand" in v]
        assert hand_keys == [view]  # the one top-level "hand" entry
        # The draw bag: its size only.
        assert view["bag_count"] == len(state.bag)
        assert not strings & set(state.bag)
        assert not strings & set(state.set_aside)
        # The City card pile: its size, never its order.
        assert view["destination_count"] == len(state.destinations)
        if len(state.destinations) > 1:
            assert state.destinations not in lists
            assert list(reversed(state.destinations)) not in lists
        # The Event deck: its size only; the drawn card is public.
        assert view["events_left"] == len(state.event_deck)
        assert not strings & set(state.event_deck)
        # The generator's state would reveal every future draw.
        assert state.rng not in {v for v in _walk(view) if isinstance(v, int) and not isinstance(v, bool)}


def test_a_seat_sees_its_own_hand_only() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    state.circuses[1].hand = ["hold", "rest"]
    state.circuses[2].hand = ["overnight_hire"]
    view = GAME.view(state, 0)
    assert view["hand"] == state.circuses[0].hand
    assert "rest" not in json.dumps(view) and "overnight_hire" not in view["players"][2]
    assert [p["hand_count"] for p in view["players"]] == [len(state.circuses[0].hand), 2, 1]
    assert "Your hand" in GAME.render_text(view)


def test_a_spectator_sees_no_hand() -> None:
    state = setup_game(3)
    view = GAME.view(state, None)
    assert view["hand"] is None
    assert "Your hand" not in GAME.render_text(view)


def test_played_cards_are_public() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    state, _ = GAME.apply(state, 0, PlayCard("rapid_transit"))
    assert GAME.view(state, 1)["players"][0]["discards"] == ["rapid_transit"]


@pytest.mark.parametrize("chosen", [{}, {"events": True, "special_characters": True, "advanced": True}])
def test_no_view_shows_hidden_things_during_a_game(chosen: dict[str, bool]) -> None:
    state = GAME.new_game(list(NAMES[:3]), options(**chosen), 5)
    rng = chooser_rng(5)
    for step in range(600):
        if GAME.is_over(state):
            break
        if step % 10 == 0:
            _check_hidden(state)
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state, events = GAME.apply(state, seat, legal[rng.below(len(legal))])
        for event in events:  # public log lines never name a counter still in the bag or a hidden card
            if event.private_to is None:
                assert not {v for v in _walk(event.data) if isinstance(v, str)} & set(state.event_deck)
    _check_hidden(state)
