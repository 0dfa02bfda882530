"""The guides `/game rules` shows (docs/guides/<kind>.md): every game has one, with the sections a
newcomer needs, each fitting in one Discord message."""

from __future__ import annotations

import pytest

from table import guides
from table.errors import TableError
from table.kits import KITS

NEEDED = ("Goal", "Setting up", "A turn", "Scoring", "The end", "Variants", "Playing here")


@pytest.mark.parametrize("kind", list(KITS))
def test_every_game_has_a_guide_with_the_sections_a_newcomer_needs(kind: str) -> None:
    sections = guides.guide(kind)
    titles = [section.title for section in sections]
    assert [title for title in titles if title in NEEDED] == list(NEEDED)
    for index, section in enumerate(sections):
        text, count = guides.page(kind, index)
        assert count == len(sections) and 100 <= len(text) <= 2000 and section.body in text


def test_a_section_is_found_by_the_start_of_its_title() -> None:
    assert guides.find("circus_train", "scor") == [s.title for s in guides.guide("circus_train")].index("Scoring")
    assert guides.find("circus_train", None) == 0
    with pytest.raises(TableError, match="no section called"):
        guides.find("circus_train", "dragons")
