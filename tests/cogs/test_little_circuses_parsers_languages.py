"""The /littlecircuses commands' own refusals in the reader's language (the pseudo-language leaves no
English), and tile and card names typed as the reader sees them (German) read as well as the English."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cogs import little_circuses as cog
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from table.errors import TableError

REFUSED: list[Callable[[], object]] = [
    lambda: cog.parse_cell("ĥéļļö"),
    lambda: cog.parse_cell("Z9"),
    lambda: cog.parse_tile("Ŵööḿƀåţ", []),
    lambda: cog.parse_card("99", "blue"),
    lambda: cog.parse_space("5"),
    lambda: cog.parse_seat("Ẑéḑ", ["Ålîçé", "Ƀöƀ"]),
]


@pytest.mark.parametrize("refused", REFUSED)
def test_refusals_leave_no_english_in_the_pseudo_language(refused: Callable[[], object]) -> None:
    with speaking("qps"), pytest.raises(TableError) as error:
        refused()
    # The quoted input is the player's own text (here without ASCII letters, digits aside).
    assert not ENGLISH_LEFT.search(str(error.value)), str(error.value)


def test_german_names_are_read_like_the_english_ones() -> None:
    with speaking("de"):
        assert cog.parse_tile("Zuckerwattestand", []) == "cotton_candy"
        assert cog.parse_tile("Cotton Candy Vendor", []) == "cotton_candy"
        assert cog.parse_card("Feuerschlucker", "blue") == "4"
        with pytest.raises(TableError) as error:
            cog.parse_cell("Z9")
    assert str(error.value) == "Dein Zirkus hat die Spalten A–F und die Zeilen 1–6; Z9 liegt außerhalb."
