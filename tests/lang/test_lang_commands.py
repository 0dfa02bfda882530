"""Slash commands named inside sentences, in the reader's language: a German client shows and accepts only the
German command names (cogs/translator.py), so a sentence names ``/spiel protokoll``, never ``/game log``. Every
message takes the command as a field made by ``lang.command``; none writes one out in English."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lang import command, speaking, tr
from lang.catalogue import extract
from lang.speech import read_catalogue

# An English slash command written out in a sentence (not a path such as "/game/12", nor HTML's "</code>").
SLASH_COMMAND = re.compile(r"(?<![\w/<])/(game|me|seat|stats|circus|wanderzirkus|littlecircuses|dreadful)\b")

# Descriptions of the commands' options cannot take a field: Discord shows the English exactly as the code gives
# it, and each language's own text from the catalogue (whose German names the German command itself).
STATIC_DESCRIPTIONS = {"Days per player that being away (/me away) stops their clock (default 7)"}


def message_texts(texts: str | Sequence[str] | None) -> list[str]:
    """A message's texts: its one text, or a counted message's singular and plural."""
    if texts is None:
        return []
    return [texts] if isinstance(texts, str) else list(texts)


def test_a_command_is_named_as_the_readers_client_shows_it() -> None:
    assert command("game log") == "/game log"
    assert command("me inbox") == "/me inbox"
    assert command("game abandon game:12") == "/game abandon game:12"
    with speaking("de"):
        assert command("game log") == "/spiel protokoll"
        assert command("me inbox") == "/ich eingang"
        assert command("game practice") == "/spiel üben"
        # An option's name is translated, its value kept.
        assert command("game abandon game:12") == "/spiel aufgeben spiel:12"
        assert command("seat standing decision:… answer:…") == "/platz vorab entscheidung:… antwort:…"
        assert tr("• … {n} earlier (see {command})", n=3, command=command("game log")) == \
            "• … 3 frühere (siehe /spiel protokoll)"
        assert tr("No other game is waiting for you right now. `{command}` lists all your games.",
                  command=command("me inbox")) == \
            "Gerade wartet kein anderes Spiel auf dich. `/ich eingang` listet alle deine Spiele."
    with speaking("qps"):
        assert not re.search(r"[A-Za-z]{2}", command("game log"))


def test_no_message_writes_a_slash_command_out_in_english() -> None:
    written_out = sorted(
        text for message in extract() for text in message_texts(message.id)
        if SLASH_COMMAND.search(text) and text not in STATIC_DESCRIPTIONS)
    assert not written_out, f"name the command with lang.command as a field: {written_out}"


def test_no_german_translation_names_an_english_command() -> None:
    german = read_catalogue("de")
    english_commands = [(message.id, message.string) for message in german
                        if message.id and any(SLASH_COMMAND.search(text) for text in message_texts(message.string))]
    assert not english_commands, f"German naming an English command: {english_commands}"


def test_a_german_description_names_the_command_as_the_german_client_does() -> None:
    german = read_catalogue("de")
    with speaking("de"):
        for description in STATIC_DESCRIPTIONS:
            english = SLASH_COMMAND.search(description)
            assert english is not None
            words = re.match(r"/[\w ]*\w", description[english.start():])
            assert words is not None
            message = german.get(description)
            assert message is not None and isinstance(message.string, str)
            assert command(words.group(0)[1:]) in message.string, (description, message.string)
