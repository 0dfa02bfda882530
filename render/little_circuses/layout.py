"""The picture's shared measures: widths, margins, fonts, the attraction colours (each with its letter)
and the few view helpers every part needs. A change of size or colour is made here, once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from render.common import RGB, hex_colour

View = Mapping[str, Any]

WIDTH = 1400
MARGIN = 16
BODY = 21
SMALL = 18

BACKGROUND: RGB = hex_colour("#EFE8DA")
PANEL_FILL: RGB = hex_colour("#FBF8F1")
TRACK_FILL: RGB = hex_colour("#F7F1E2")
LINE: RGB = hex_colour("#8A7B68")
FAINT: RGB = hex_colour("#C9BCA8")
USE_MARK: RGB = hex_colour("#2B2B2B")


@dataclass(frozen=True)
class AttractionColour:
    fill: RGB
    letter: str
    name: str


# Okabe–Ito hues for the five attraction colours; the letter is printed on every tile as well.
ATTRACTION_COLOURS: Mapping[str, AttractionColour] = {
    "green": AttractionColour(hex_colour("#009E73"), "G", "green"),
    "yellow": AttractionColour(hex_colour("#F0E442"), "Y", "yellow"),
    "red": AttractionColour(hex_colour("#D55E00"), "R", "red"),
    "blue": AttractionColour(hex_colour("#0072B2"), "B", "blue"),
    "purple": AttractionColour(hex_colour("#CC79A7"), "P", "purple"),
}
NO_COLOUR = AttractionColour(hex_colour("#BBBBBB"), "–", "none")


def attraction_colour(name: object) -> AttractionColour:
    return ATTRACTION_COLOURS.get(str(name).lower(), NO_COLOUR)


def check_view(view: View) -> None:
    if view.get("game") != "little_circuses":
        raise ValueError("this renderer needs a Little Circuses view")
