"""What every game's refusal tests share: a refusal is a sentence a person can read, and applying an
untrusted action either works or is refused without changing the state. Used by the seeded refusal tests
(``test_rules_fuzz_refusals.py``) and the Hypothesis fuzz tests (``test_rules_fuzz_actions.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from rules.core.errors import RulesError
from rules.core.game import Game

AnyGame = Game[Any, Any]
MAX_REFUSAL = 400


def check_sentence(text: str, where: str = "") -> None:
    """A refusal a person can read: a capital letter first, at most 400 characters."""
    assert text[:1].isupper(), f"{where}: refusal does not start with a capital letter: {text[:120]!r}"
    assert len(text) <= MAX_REFUSAL, f"{where}: refusal of {len(text)} characters: {text[:200]!r}…"


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def words_of(game: AnyGame, state: Any) -> list[str]:
    """Every string of the state (card, city, tile ids, hidden ones too): near-legal field values."""
    return sorted(set(_strings(game.state_to_json(state))))


def try_action(game: AnyGame, state: Any, seat: int, data: Any,
               *, check_unchanged: bool = True) -> tuple[Any, str | None]:
    """Parse and apply an untrusted action: the new state (None when refused) and the refusal, if any.
    Any exception other than a RulesError propagates; a refusal must leave ``state`` unchanged (checked
    here unless the caller checks it once for many tries)."""
    before = json.dumps(game.state_to_json(state), sort_keys=True) if check_unchanged else ""
    try:
        action = game.action_from_json(data)
        new_state, _ = game.apply(state, seat, action)
    except RulesError as error:
        if check_unchanged:
            assert json.dumps(game.state_to_json(state), sort_keys=True) == before, "a refusal changed the state"
        return None, str(error)
    return new_state, None
