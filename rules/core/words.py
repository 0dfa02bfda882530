"""Small helpers for sentences every game writes the same way.

New code uses ``lang``'s versions, which speak the current language: ``lang.listing`` (which :func:`listing` now
is), ``lang.trn`` for counted nouns instead of :func:`count`, and whole sentences through ``lang.tr`` instead of
:func:`article`/:func:`with_article` (English articles do not translate word by word). The English helpers stay for
the English-only callers (developer tools, tests)."""

from __future__ import annotations

from collections.abc import Sequence

import lang


def listing(names: Sequence[str]) -> str:
    """Names as a sentence lists them, in the language being spoken: "alice", "alice and bob", "alice, bob and
    carol" (``lang.listing``)."""
    return lang.listing(names)


# Words that begin with a vowel letter but a consonant sound ("a Unicyclist", "a Use marker", "a one").
_CONSONANT_SOUNDS = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
# Words that begin with a consonant letter but a vowel sound ("an hour").
_VOWEL_SOUNDS = ("hour", "honest", "honour", "heir")


def article(word: str) -> str:
    """English only (write whole sentences through ``lang.tr`` instead).

    "a" or "an" for ``word``, by its sound as far as its spelling tells: "an Acrobat", "a Horse", "a Use
    marker", "an hour"."""
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUNDS):
        return "an"
    if lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_CONSONANT_SOUNDS):
        return "an"
    return "a"


def with_article(word: str) -> str:
    """``word`` after its indefinite article: "an Acrobat", "a Horse"."""
    return f"{article(word)} {word}"


def count(number: int, singular: str, plural: str | None = None) -> str:
    """English only (use ``lang.trn`` for text a player reads).

    A number and its noun in agreement: "1 card", "0 cards", "3 Big Cats"; ``plural`` for nouns that
    do not just add an "s" ("1 Human Cannonball" / "2 Human Cannonballs" is regular; "1 city" / "2
    cities" is not)."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
