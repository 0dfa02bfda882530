"""The picture's shared measures: widths, margins, fonts, the attraction colours (each with its letter)
and the few view helpers every part needs. A change of size or colour is made here, once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import ImageFont

from render.common import RGB, fit_text, hex_colour, text_width
from render.fonts import font

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


def fitted(text: str, size: int, max_width: float, *, bold: bool = False, condensed: bool = False,
           smallest: int = 16) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` and the largest font of at most ``size`` px in which it fits ``max_width``: a language with
    longer words gets a smaller font rather than a cut word; only below ``smallest`` px (the least the board
    uses) is it cut."""
    for points in range(size, smallest - 1, -1):
        face = font(points, bold=bold, condensed=condensed)
        if text_width(text, face) <= max_width:
            return text, face
    face = font(smallest, bold=bold, condensed=condensed)
    return fit_text(text, face, max_width), face
