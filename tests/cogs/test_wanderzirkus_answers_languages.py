"""The /wanderzirkus commands' own refusals in the reader's language: read through the pseudo-language (no
English left) and in German; typed text is matched against the labels in the language they were shown in."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.wanderzirkus import PLAY, chosen_action, parse_value
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from rules.core.errors import RulesError
from rules.wanderzirkus.game import Wanderzirkus
from table.errors import TableError

GAME = Wanderzirkus()


def _table() -> Any:
    """A table at the set-up of a fresh game: the only part of a table ``chosen_action`` reads."""
    return SimpleNamespace(game=GAME, state=GAME.new_game(["Ålîçé", "Ƀöƀ"], {"simplified": False, "pro": False}, 3))


def _refusal(call: Any) -> str:
    with pytest.raises((TableError, RulesError)) as refused:
        call()
    return str(refused.value)


def test_command_refusals_leave_no_english_in_the_pseudo_language() -> None:
    table = _table()
    with speaking("qps"):
        refusals = [_refusal(lambda: parse_value("announce:5", PLAY)),
                    _refusal(lambda: parse_value("play_card:", PLAY)),
                    _refusal(lambda: parse_value("take_pair:ẑ", ("take_pair",))),
                    _refusal(lambda: chosen_action(table, 0, "ẑẑẑ", ("choose_artist",))),
                    _refusal(lambda: chosen_action(table, 0, "ẑẑẑ", PLAY))]
    for text in refusals:
        assert text and not ENGLISH_LEFT.search(text), text


def test_command_refusals_in_german() -> None:
    table = _table()
    with speaking("de"):
        assert _refusal(lambda: parse_value("announce:5", PLAY)) == (
            "Das ist keine Wahl für diesen Befehl; nimm eine aus seiner Liste.")
        assert _refusal(lambda: chosen_action(table, 0, "Jongleur", PLAY)) == (
            "Das steht dir gerade nicht zur Wahl; Ålîçé, wähle noch 2 Artisten für dein Deck.")


def test_typed_text_matches_the_german_labels() -> None:
    table = _table()
    offered = GAME.legal_actions(table.state, 0)
    with speaking("de"):
        label = GAME.describe_action(table.state, 0, offered[1])
        assert label.endswith(" behalten")
        assert chosen_action(table, 0, label.upper(), ("choose_artist",)) == offered[1]
