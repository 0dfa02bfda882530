"""The pictures' shared measures: widths, margins, font sizes, the card colours (each with a word and a
letter, so colour is never the only cue), coins and Contracts, and the player marks for up to eight
seats. A change of size or colour is made here, once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lang import trc
from render.common import RGB, hex_colour
from rules.dreadful_circus.names import contract_names

View = Mapping[str, Any]

WIDTH = 1200  # narrower than Circus Train's map: cards and names stay large on a phone
WIDE = 1600  # seven or eight players: three columns of panels keep the board under 2,000 px tall
WIDE_FROM = 7


def board_width(players: int) -> int:
    """The board's width: ``WIDTH``, or ``WIDE`` for the biggest tables (three columns of panels)."""
    return WIDE if players >= WIDE_FROM else WIDTH
MARGIN = 16
BODY = 22
SMALL = 20
TITLE = 30

BACKGROUND: RGB = hex_colour("#EDE6F0")  # a faded big-top lilac
PANEL_FILL: RGB = hex_colour("#FBF9FC")
LINE: RGB = hex_colour("#7D6E86")
FAINT: RGB = hex_colour("#C8BCD0")
ACCEPT: RGB = hex_colour("#1B7F4B")
DECLINE: RGB = hex_colour("#A3261B")


@dataclass(frozen=True)
class Swatch:
    """A colour with the word and the short letter printed beside it."""

    fill: RGB
    word: str
    letter: str


# The rulebook's card colours. Okabe–Ito hues where the palette has them; the contract colours are
# chosen to stay apart from those and from each other in lightness. A contract-coloured card carries
# its contract's tag as its letter (grey = Paris, ...), since grey/green and purple/pink share initials.
CARD_COLOURS: Mapping[str, Swatch] = {
    "orange": Swatch(hex_colour("#E69F00"), "Orange", "O"),
    "red": Swatch(hex_colour("#D55E00"), "Red", "R"),
    "yellow": Swatch(hex_colour("#F0E442"), "Yellow", "Y"),
    "blue": Swatch(hex_colour("#0072B2"), "Blue", "B"),
    "grey": Swatch(hex_colour("#9A9A9A"), "Grey", "Pa"),
    "purple": Swatch(hex_colour("#7E57A8"), "Purple", "Be"),
    "green": Swatch(hex_colour("#009E73"), "Green", "Ve"),
    "teal": Swatch(hex_colour("#4FC3C3"), "Teal", "Pr"),
    "pink": Swatch(hex_colour("#F2A7C9"), "Pink", "Lo"),
}
UNKNOWN_COLOUR = Swatch(hex_colour("#BBBBBB"), "", "?")

# Contracts: the colour of their type plus a two-letter tag drawn on every one.
CONTRACT_TAGS: Mapping[str, str] = {"paris": "Pa", "berlin": "Be", "vegas": "Ve", "prague": "Pr", "london": "Lo"}
CONTRACT_NAMES: Mapping[str, str] = {"paris": "Paris", "berlin": "Berlin", "vegas": "Vegas", "prague": "Prague",
                                     "london": "London"}
CONTRACT_COLOURS: Mapping[str, str] = {"paris": "grey", "berlin": "purple", "vegas": "green", "prague": "teal",
                                       "london": "pink"}

# Coins are round and carry their value: copper 1, silver 2, gold 3.
COIN_FILLS: Mapping[str, RGB] = {"copper": hex_colour("#C47A45"), "silver": hex_colour("#C9CED6"),
                                 "gold": hex_colour("#F2C230")}
COIN_VALUES: Mapping[str, int] = {"copper": 1, "silver": 2, "gold": 3}
COIN_NAMES: Mapping[str, str] = {"copper": "Copper", "silver": "Silver", "gold": "Gold"}

TYPE_LETTERS: Mapping[str, str] = {"attraction": "A", "performance": "P"}
TYPE_WORDS: Mapping[str, str] = {"attraction": "Attraction", "performance": "Performance"}

def _colour_words() -> dict[str, str]:
    # Every word and letter a swatch prints, in the current language (listed for the catalogue's extractor).
    return {"Orange": trc("dreadful circus colour label", "Orange"), "Red": trc("dreadful circus colour label", "Red"),
            "Yellow": trc("dreadful circus colour label", "Yellow"),
            "Blue": trc("dreadful circus colour label", "Blue"),
            "Grey": trc("dreadful circus colour label", "Grey"),
            "Purple": trc("dreadful circus colour label", "Purple"),
            "Green": trc("dreadful circus colour label", "Green"), "Teal": trc("dreadful circus colour label", "Teal"),
            "Pink": trc("dreadful circus colour label", "Pink")}


def _letters() -> dict[str, str]:
    return {"O": trc("dreadful circus colour letter", "O"), "R": trc("dreadful circus colour letter", "R"),
            "Y": trc("dreadful circus colour letter", "Y"), "B": trc("dreadful circus colour letter", "B"),
            "Pa": trc("dreadful circus colour letter", "Pa"), "Be": trc("dreadful circus colour letter", "Be"),
            "Ve": trc("dreadful circus colour letter", "Ve"), "Pr": trc("dreadful circus colour letter", "Pr"),
            "Lo": trc("dreadful circus colour letter", "Lo"), "A": trc("dreadful circus colour letter", "A"),
            "P": trc("dreadful circus colour letter", "P")}


def shown_word(swatch: Swatch) -> str:
    """A swatch's word as the current language prints it (a contract's is already its translated name)."""
    return _colour_words().get(swatch.word, swatch.word)


def shown_letter(letter: str) -> str:
    """A colour's, a contract's or a card type's letter as the current language prints it."""
    return _letters().get(letter, letter)


def type_word(card_type: str) -> str:
    """"Attraction" or "Performance" in the current language."""
    words = {"attraction": trc("dreadful circus card type label", "Attraction"),
             "performance": trc("dreadful circus card type label", "Performance")}
    return words.get(card_type, card_type)


def card_colour(name: object) -> Swatch:
    return CARD_COLOURS.get(str(name).lower(), UNKNOWN_COLOUR)


def contract_swatch(kind: str) -> Swatch:
    colour = card_colour(CONTRACT_COLOURS.get(kind, ""))
    name = contract_names().get(kind, kind.title())
    return Swatch(colour.fill, name, CONTRACT_TAGS.get(kind, kind[:2].title()))


def check_view(view: View) -> None:
    if view.get("game") != "dreadful_circus":
        raise ValueError("this renderer needs a Dreadful Circus view")


def players_of(view: View) -> list[Mapping[str, Any]]:
    return list(view.get("players") or [])
