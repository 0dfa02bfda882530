"""Circus Train's German guide (docs/guides/de/circus_train.md): the English guide's sections in the same order,
each fitting one Discord page, in the glossary's words."""

from __future__ import annotations

import re
from pathlib import Path

from table.guides import PAGE_LIMIT

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"


def sections(path: Path) -> list[tuple[str, str]]:
    parts = re.split(r"^## ", path.read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
    return [(part.split("\n", 1)[0], part.split("\n", 1)[1]) for part in parts]


def test_the_german_guide_has_the_english_sections_in_order_and_each_fits_a_page() -> None:
    english = sections(DOCS / "guides" / "circus_train.md")
    german = sections(DOCS / "guides" / "de" / "circus_train.md")
    assert [title for title, _ in german] == ["Ziel", "Aufbau", "Ein Zug", "Wertung", "Das Ende", "Varianten",
                                              "Expertenspiel", "Hier spielen"]
    assert len(german) == len(english)
    for (_, body), (_, source) in zip(german, english, strict=True):
        assert 100 <= len(body) <= PAGE_LIMIT
        # The same commands and options, named as a German member's Discord shows them (the commands' test checks
        # each one against the German command tree).
        assert len(re.findall(r"`[^`]+`", body)) == len(re.findall(r"`[^`]+`", source))


def test_the_german_guide_uses_the_glossary_s_terms() -> None:
    text = (DOCS / "guides" / "de" / "circus_train.md").read_text(encoding="utf-8")
    glossary = (DOCS / "glossary" / "circus_train.md").read_text(encoding="utf-8")
    for term in ("Gastspielanfrage", "Artistenbank", "Sonderfigur", "Expertenspiel", "Schnellfahrt", "Gagen",
                 "Ruf", "SP", "Dicke Berta", "Einfache Variante", "Solospiel"):
        assert term in text and term in glossary
