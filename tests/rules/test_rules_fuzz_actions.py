"""Property-based fuzzing (Hypothesis) of what every game takes from outside: the untrusted-action
parser and ``apply``.

- ``action_from_json`` on arbitrary JSON (random kinds, fields of the wrong type, nested junk, huge
  numbers, long text) returns an action of the game or raises ``MalformedAction`` with a readable
  sentence — never another exception — and a parsed action survives the JSON round trip.
- ``apply`` with parsed actions, on states reached by seeded random play, for any seat: it either
  applies (the new state round-trips through JSON and ``to_act`` is consistent with ``legal_actions``)
  or raises a ``RulesError`` with a readable sentence, and the refused action changes nothing.

Examples are derandomized and bounded, so CI runs the same few hundred cases every time.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cli import chooser_rng, default_names, pick_seat
from rules.core.errors import MalformedAction, RulesError
from rules.core.game import Game
from rules.registry import GAMES

from refusal_checks import check_sentence, try_action, words_of

AnyGame = Game[Any, Any]
KEYS = sorted(GAMES)
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
STATES_PER_GAME = 24


def _deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


def _huge(digits: int) -> int:
    return 10**abs(digits) * (1 if digits > 0 else -1)


# Built by ``map`` so that Hypothesis never has to print a 5,000-digit number or a deep list.
HUGE = st.sampled_from([30, -30, 5000, -5000, 19, -19]).map(_huge)
LONG_TEXT = st.sampled_from([("x", 201), ("Ringmaster ", 500), ("é", 3000), ("\x00", 300)]).map(lambda p: p[0] * p[1])
SCALARS = (st.none() | st.booleans() | st.integers() | HUGE | st.floats(allow_nan=False)
           | st.text(max_size=40) | LONG_TEXT)
JSON = st.recursive(SCALARS, lambda children: st.lists(children, max_size=4)
                    | st.dictionaries(st.text(max_size=12), children, max_size=4), max_leaves=16)
JUNK = JSON | st.sampled_from([50, 3000]).map(_deep) | st.just(3000).map(lambda n: {"kind": "pass", "x": _deep(n)})


def _typed(hint: Any, words: list[str]) -> st.SearchStrategy[Any]:
    """Values of the declared field type, mostly near-legal, sometimes anything."""
    origin = typing.get_origin(hint)
    if hint is bool:
        typed: st.SearchStrategy[Any] = st.booleans()
    elif hint is int:
        typed = st.integers(min_value=-3, max_value=12) | st.integers() | HUGE
    elif hint is str:
        typed = (st.sampled_from(words) if words else st.just("x")) | st.text(max_size=20) | LONG_TEXT
    elif origin in (tuple, list):
        typed = st.lists(_typed(typing.get_args(hint)[0], words), max_size=4)
    else:
        typed = JSON
    return st.one_of(typed, typed, typed, JUNK)


def action_json(game: AnyGame, words: list[str], legal: list[dict[str, Any]]) -> st.SearchStrategy[Any]:
    """Untrusted action JSON: a real kind with typed or junk fields, a legal action with one field
    changed or added, an unknown kind, or not an action at all."""
    def of_kind(cls: Any) -> st.SearchStrategy[Any]:
        hints = typing.get_type_hints(cls)
        body = st.fixed_dictionaries({f.name: _typed(hints[f.name], words) for f in dataclasses.fields(cls)},
                                     optional={"surprise": JUNK})
        return body.map(lambda fields: {"kind": cls.kind, **fields})

    kinds = st.one_of(*(of_kind(cls) for cls in game.action_types))
    choices = [kinds, kinds, JUNK, st.fixed_dictionaries({"kind": st.text(max_size=30) | LONG_TEXT | JUNK})]
    if legal:
        def changed(pair: tuple[dict[str, Any], Any, Any]) -> dict[str, Any]:
            action, field_value, pick = pair
            fields = [key for key in action if key != "kind"] or ["extra"]
            return {**action, fields[pick % len(fields)]: field_value}
        choices.append(st.sampled_from(legal))
        choices.append(st.tuples(st.sampled_from(legal), JUNK | HUGE | LONG_TEXT, st.integers(0, 3)).map(changed))
    return st.one_of(*choices)


@cache
def sample_states(key: str) -> tuple[Any, ...]:
    """States spread over seeded random games at the smallest and largest table, ends included."""
    game = GAMES[key]
    states: list[Any] = []
    for seed, players in ((1, game.max_players), (2, game.min_players)):
        state = game.new_game(default_names(players), {}, seed)
        rng = chooser_rng(seed)
        played = [state]
        while not game.is_over(state):
            seat = pick_seat(game, state, rng)
            state, _ = game.apply(state, seat, rng.pick(game.legal_actions(state, seat)))
            played.append(state)
        step = max(1, len(played) // (STATES_PER_GAME // 2))
        states += [*played[::step], played[-1]]
    return tuple(states)


def check_state(game: AnyGame, state: Any) -> None:
    """The state is valid: an exact JSON round trip, and ``to_act`` agrees with ``legal_actions``."""
    data = json.dumps(game.state_to_json(state), sort_keys=True)
    assert json.dumps(game.state_to_json(game.state_from_json(json.loads(data))), sort_keys=True) == data
    awaited = game.to_act(state)
    assert awaited <= set(range(len(state.players)))
    for seat in range(len(state.players)):
        assert bool(game.legal_actions(state, seat)) == (seat in awaited), seat


@pytest.mark.parametrize("key", KEYS)
@FUZZ
@given(data=JUNK | st.fixed_dictionaries({"kind": st.sampled_from(["play_card", "pass", "take_pair", "x"])},
                                          optional={"card": JUNK, "pair": JUNK, "extra": JUNK}))
def test_the_action_parser_takes_anything(key: str, data: Any) -> None:
    game = GAMES[key]
    try:
        action = game.action_from_json(data)
    except MalformedAction as error:
        check_sentence(str(error), key)
        return
    assert isinstance(action, game.action_types)
    assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action


@pytest.mark.parametrize("key", KEYS)
@FUZZ
@given(data=st.data())
def test_apply_takes_any_parsed_action(key: str, data: st.DataObject) -> None:
    game = GAMES[key]
    state = data.draw(st.sampled_from(sample_states(key)), label="state")
    players = len(state.players)
    seat = data.draw(st.sampled_from(sorted(game.to_act(state)) or [0]) | st.integers(-2, players + 1),
                     label="seat")
    legal = [game.action_to_json(a) for a in game.legal_actions(state, seat)] if 0 <= seat < players else []
    raw = data.draw(action_json(game, words_of(game, state), legal), label="action")
    new_state, refused = try_action(game, state, seat, raw)
    if refused is not None:
        check_sentence(refused, key)
        return
    check_state(game, new_state)


@pytest.mark.parametrize("key", KEYS)
def test_every_legal_action_is_accepted_from_its_json(key: str) -> None:
    # The other side of the parser: nothing legal is refused once it went through JSON.
    game = GAMES[key]
    for state in sample_states(key)[:6]:
        for seat in sorted(game.to_act(state)):
            for action in game.legal_actions(state, seat)[:20]:
                try:
                    new_state, _ = game.apply(state, seat, game.action_from_json(game.action_to_json(action)))
                except RulesError as error:  # pragma: no cover - the failure message
                    pytest.fail(f"{key}: a legal action was refused after its JSON round trip: {error}")
                check_state(game, new_state)
