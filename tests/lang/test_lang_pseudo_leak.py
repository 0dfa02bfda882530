"""The pseudo-language test itself can fail: a sentence that skipped the catalogue keeps its ASCII letters."""

from __future__ import annotations

from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT


def test_a_sentence_outside_the_catalogue_is_found() -> None:
    with speaking("qps"):
        through = tr("Your hand is empty.")
        escaped = "Your hand is empty."
    assert not ENGLISH_LEFT.search(through)
    assert ENGLISH_LEFT.search(escaped)
