"""The board's shared measures: canvas and map sizes, the map's scale, the palette, the season styles,
font sizes and the short card names, plus the few helpers every part of the picture needs.

Anything two parts of the board must agree on lives here, so a change of size or colour is made once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lang import trc
from render.common import RGB, Font, Point, hex_colour
from render.fonts import font
from rules.circus_train import names
from rules.circus_train.content import Content

View = Mapping[str, Any]

WIDTH = 1600
MARGIN = 16

BACKGROUND: RGB = hex_colour("#E9E4D8")
MAP_FILL: RGB = hex_colour("#F6F1E4")
RAIL: RGB = hex_colour("#7A6A58")
RAIL_TIE: RGB = hex_colour("#B9AA94")
CANADA_RED: RGB = hex_colour("#C8102E")
POINTS_GOLD: RGB = hex_colour("#F5C542")
HIRE_FILL: RGB = hex_colour("#DCE6F0")
HIRE_DARK: RGB = hex_colour("#34536F")
SPECIAL_PURPLE: RGB = hex_colour("#5E3C99")
CLOSED_RED: RGB = hex_colour("#9E1B1B")
PANEL_FILL: RGB = hex_colour("#FBF9F4")


@dataclass(frozen=True)
class SeasonStyle:
    colour: RGB
    letter: str
    months: str


# The Local News tents' colours, each with a letter so colour is never the only cue (the money a
# counter pays — $5, $10, $20 — tells the season too).
SEASON_STYLES: Mapping[str, SeasonStyle] = {
    "green": SeasonStyle(hex_colour("#2E8B57"), "G", "April/May"),
    "yellow": SeasonStyle(hex_colour("#F2C12E"), "Y", "June/July"),
    "red": SeasonStyle(hex_colour("#C0392B"), "R", "August/September"),
}

# Short enough for a panel's "Played:" line and the hand's notes, where full card names would wrap.
CARD_SHORT = {
    "fast_transit": "Fast",
    "rapid_transit": "Rapid",
    "overnight_transit": "Overnight",
    "basic_transit": "Basic",
    "hold": "Hold",
    "overnight_hire": "Overnight Hire",
    "wages_transit": "Wages",
    "rest": "Rest",
}



def card_short(card: str) -> str:
    """An Action card's short name in the language spoken (the card's id if it has none)."""
    return names.card_short(CARD_SHORT[card]) if card in CARD_SHORT else card


def season_letter(season: str) -> str:
    """The letter that tells a season's colour without the colour, in the language spoken."""
    return trc("season, letter", SEASON_STYLES[season].letter)


def season_months(season: str) -> str:
    return trc("season, months", SEASON_STYLES[season].months)


MAP_SCALE = 1.66
MAP_X0 = 60
MAP_Y0 = 44
MAP_HEIGHT = 1040
DOT_RADIUS = 10
TOKEN_RADIUS = 18
TOKEN_STEP = 46  # centre to centre of tokens fanned out in one city

NAME_FONT_SIZE = 23
TAG_FONT_SIZE = 21
BODY = 21

LEADER_COST = 60.0  # per name, dot, train or tag a tag's leader line would cross


def name_font() -> Font:
    return font(NAME_FONT_SIZE, condensed=True)


def tag_font() -> Font:
    return font(TAG_FONT_SIZE, condensed=True)


def city_point(content: Content, city: str) -> Point:
    c = content.cities[city]
    return (MAP_X0 + c.x * MAP_SCALE, MAP_Y0 + c.y * MAP_SCALE)


def check_view(view: View) -> None:
    if view.get("game") != "circus_train":
        raise ValueError("render_board needs a Circus Train view")
