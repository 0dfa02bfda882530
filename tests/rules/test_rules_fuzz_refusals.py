"""Every refusal is a sentence a person can read: it starts with a capital letter and is at most 400
characters, whatever was sent. Seeded random play of every game and variant, with random illegal,
malformed and near-legal actions (wrong kinds, wrong seats, huge numbers, long strings, ids of hidden
cards) tried at every step; also bad options and player counts at creation.

What the Hypothesis fuzz tests use too (``check_sentence``, ``try_action``, ``words_of``) is in
``refusal_checks.py``.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from rules.cli import chooser_rng, default_names, pick_seat
from rules.core.errors import RulesError
from rules.core.game import Game
from rules.core.rng import Rng
from rules.registry import GAMES

from harness import all_option_combinations
from refusal_checks import check_sentence, try_action, words_of

AnyGame = Game[Any, Any]
LONG = "Ringmaster " * 600
INTS = (-(10**30), -2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 99, 10**9, 10**30, 10**5000)
EVERY = {"circus_train": 6, "little_circuses": 3, "wanderzirkus": 3, "dreadful_circus": 12}  # steps between tries
STRINGS = ("", " ", "x", "1", "7", LONG, "é" * 300, "\n\t", "'\"", "None", "pass")


def variants(game: AnyGame) -> list[dict[str, Any]]:
    """Every combination of the bool options, and each value of the choice options (one at a time)."""
    found = list(all_option_combinations(game))
    for spec in game.option_specs:
        found += [{**found[0], spec.key: choice} for choice in spec.choices if choice != spec.default]
    return found


NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")  # lower case, as many people write them


def names(count: int) -> list[str]:
    return list(NAMES[:count]) if count <= len(NAMES) else default_names(count)


def _value(rng: Rng, hint: Any, words: list[str], depth: int = 0) -> Any:
    """Mostly a value of the declared type, sometimes anything at all."""
    if rng.below(8) == 0 or depth > 2:
        return junk(rng, words, depth + 1)
    origin = typing.get_origin(hint)
    if hint is bool:
        return rng.below(2) == 1
    if hint is int:
        return rng.pick(list(INTS))
    if hint is str:
        return rng.pick(words) if words and rng.below(3) else rng.pick(list(STRINGS))
    if origin in (tuple, list):
        args = typing.get_args(hint)
        return [_value(rng, args[0], words, depth + 1) for _ in range(rng.below(4))]
    if origin is dict:
        return {rng.pick(words or ["x"]): rng.pick(list(INTS)) for _ in range(rng.below(3))}
    return junk(rng, words, depth + 1)


def junk(rng: Rng, words: list[str], depth: int = 0) -> Any:
    """Any JSON value: wrong types, nesting, huge numbers, long strings."""
    choice = rng.below(8 if depth < 3 else 5)
    if choice == 0:
        return None
    if choice == 1:
        return rng.below(2) == 1
    if choice == 2:
        return rng.pick(list(INTS))
    if choice == 3:
        return rng.pick(list(STRINGS))
    if choice == 4:
        return rng.pick(words) if words else "x"
    if choice == 5:
        return [junk(rng, words, depth + 1) for _ in range(rng.below(4))]
    if choice == 6:
        return {rng.pick(list(STRINGS) + words[:5]): junk(rng, words, depth + 1) for _ in range(rng.below(3))}
    return 1.5


def junk_actions(game: AnyGame, state: Any, seat: int, rng: Rng, count: int) -> list[Any]:
    """``count`` untrusted actions as JSON: random kinds with typed or junk fields, legal actions with
    one field changed, unknown kinds and fields, and values that are not actions at all."""
    words = words_of(game, state)
    legal = game.legal_actions(state, seat) if 0 <= seat < len(state.players) else []
    actions: list[Any] = []
    for _ in range(count):
        roll = rng.below(10)
        cls = rng.pick(list(game.action_types))
        hints = typing.get_type_hints(cls)
        if roll < 5:
            body = {f.name: _value(rng, hints[f.name], words) for f in dataclasses.fields(cls)}
            actions.append({"kind": cls.kind, **body})
        elif roll < 7 and legal:
            data = game.action_to_json(rng.pick(legal))
            fields = [key for key in data if key != "kind"]
            if fields:
                data[rng.pick(fields)] = junk(rng, words) if rng.below(2) else rng.pick(list(INTS))
            else:
                data["extra"] = junk(rng, words)
            actions.append(data)
        elif roll == 7:
            actions.append({"kind": rng.pick([*STRINGS, cls.kind.upper()]), "card": junk(rng, words)})
        elif roll == 8:
            actions.append({"kind": cls.kind, **{rng.pick(list(STRINGS)): junk(rng, words)}})
        else:
            actions.append(junk(rng, words))
    return actions


def _seats(game: AnyGame, state: Any) -> list[int]:
    awaited = sorted(game.to_act(state))
    idle = [seat for seat in range(len(state.players)) if seat not in awaited]
    return [*awaited, *idle[:1], -1, len(state.players)]


def refusals(game: AnyGame, options: dict[str, Any], seed: int, players: int, per_step: int,
             every: int = 1) -> Iterator[str]:
    """Play a seeded random game; at every ``every``-th step (and at the end) try junk actions for each
    awaited seat, one idle seat and two seats that do not exist; yield every refusal. The state must be
    the same after all those refusals."""
    state = game.new_game(names(players), options, seed)
    chooser = chooser_rng(seed)
    junk_rng = Rng.from_seed(seed * 7919 + players)
    step = 0
    while True:
        over = game.is_over(state)
        if step % every == 0 or over:
            before = json.dumps(game.state_to_json(state), sort_keys=True)
            for seat in _seats(game, state):
                for data in junk_actions(game, state, seat, junk_rng, per_step):
                    _, refused = try_action(game, state, seat, data, check_unchanged=False)
                    if refused is not None:
                        yield refused
            assert json.dumps(game.state_to_json(state), sort_keys=True) == before, "a refusal changed the state"
        if over:
            return
        seat = pick_seat(game, state, chooser)
        state, _ = game.apply(state, seat, chooser.pick(game.legal_actions(state, seat)))
        step += 1


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_refusal_in_play_is_a_readable_sentence(key: str) -> None:
    game = GAMES[key]
    seen = 0
    counts = list(range(game.min_players, game.max_players + 1))
    for index, options in enumerate(variants(game)):
        for players in (counts[index % len(counts)], game.max_players)[:1 if index else 2]:
            try:
                game.new_game(names(players), options, index)
            except RulesError:
                continue
            for text in refusals(game, dict(options), index, players, per_step=2, every=EVERY[key]):
                check_sentence(text, f"{key} {options} {players} players seed {index}")
                seen += 1
    assert seen > 300


@pytest.mark.parametrize("key", sorted(GAMES))
def test_refused_creation_is_a_readable_sentence(key: str) -> None:
    game = GAMES[key]
    rng = Rng.from_seed(len(key))
    words = [spec.key for spec in game.option_specs]
    counts = (0, game.min_players - 1, game.max_players + 1, 40)
    attempts: list[tuple[dict[str, Any], int]] = [({}, count) for count in counts]
    attempts += [({rng.pick(words + list(STRINGS)): junk(rng, words)}, game.min_players) for _ in range(60)]
    refused = 0
    for options, count in attempts:
        try:
            game.new_game(default_names(count), options, 1)
        except RulesError as error:
            check_sentence(str(error), f"{key} {str(options)[:80]} {count} players")
            refused += 1
    assert refused >= 40
