"""The careful editor's eye, as code: the slips a sentence of ours must never have.

- an article that does not fit the sound of its word ("a Acrobat", "an Horse");
- a count that does not agree with its noun ("1 Clowns", "1 artists", "3 card", "0 coin");
- a place that is no place ("in nowhere");
- doubled words, stray spaces before punctuation, doubled punctuation.

The nouns counted are the games' own (from their content files) and the common ones every game says;
``slips`` lists what it finds in one text, so a test can sweep thousands of generated sentences."""

from __future__ import annotations

import re
from functools import cache

from rules.circus_train.content import load_content as circus_train_content
from rules.core.words import article

# Nouns the games count, singular → plural.
COMMON = {"card": "cards", "coin": "coins", "artist": "artists", "performance": "performances", "tile": "tiles",
          "player": "players", "city": "cities", "show": "shows", "round": "rounds", "turn": "turns",
          "marker": "markers", "wagon": "wagons", "contract": "contracts", "token": "tokens", "icon": "icons",
          "space": "spaces", "step": "steps", "move": "moves", "connection": "connections", "act": "acts",
          "attraction": "attractions", "spectator": "spectators", "stop sign": "stop signs", "week": "weeks",
          "day": "days", "month": "months", "seat": "seats", "choice": "choices", "build": "builds"}


@cache
def nouns() -> dict[str, str]:
    found = dict(COMMON)
    for talent in circus_train_content().talent.values():
        plural = talent.name
        found[plural[:-1] if plural.endswith("s") else plural] = plural
    return found


@cache
def patterns() -> list[tuple[str, re.Pattern[str]]]:
    table = nouns()
    singulars = "|".join(sorted((re.escape(s) for s in table), key=len, reverse=True))
    plurals = "|".join(sorted((re.escape(p) for p in table.values()), key=len, reverse=True))
    number = r"(?<![\w$.,+\-/])"  # a count standing alone: not "$1", "1.5", "+1", "week 1" is fine (no noun)
    return [
        ("one with a plural", re.compile(rf"{number}1 (?:{plurals})\b")),
        ("many with a singular", re.compile(rf"{number}(?:0|[2-9]|\d\d+) (?:{singulars})\b(?!s\b|-)")),
        ("in nowhere", re.compile(r"\b(?:in|at|to|from|into) nowhere\b", re.IGNORECASE)),
        ("doubled word", re.compile(r"\b(the|a|an|and|of|to|in|is|for)\s+\1\b", re.IGNORECASE)),
        ("space before punctuation", re.compile(r"\w [,.;:!?](?!\w)")),
        ("doubled punctuation", re.compile(r"(?<!\.)\.\.(?!\.)|,,|\.,|,\.(?!\d)")),
    ]


ARTICLE = re.compile(r"\b(a|an|A|An) ([A-Za-z][\w-]*)")


def slips(text: str) -> list[str]:
    """The slips in ``text``, each as "what: the words"."""
    found = [f"{name}: {match.group(0)!r}" for name, pattern in patterns() for match in pattern.finditer(text)]
    for match in ARTICLE.finditer(text):
        said, word = match.group(1).lower(), match.group(2)
        if word.isupper() and len(word) > 1:
            continue  # an abbreviation is read by its letters ("a VP counter", "an SOS"): left to the writer
        if said != article(word):
            found.append(f"article: {match.group(0)!r}")
    return found
