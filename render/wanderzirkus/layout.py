"""Measures, palette and the artist-colour styles every part of the Der Wanderzirkus images shares.

Each artist colour has a colour from the Okabe–Ito palette, a letter and an icon shape, so a card, a
connection or a city demand is never told by colour alone. Anything two parts of a picture must agree
on (card sizes, fonts, backgrounds) lives here, so a change is made once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lang import N_, tr
from render.common import RGB, hex_colour
from rules.wanderzirkus.names import act as act_name
from rules.wanderzirkus.names import colour_letter

View = Mapping[str, Any]

BOARD_WIDTH = 1600
HAND_WIDTH = 1000
MARGIN = 16

BACKGROUND: RGB = hex_colour("#EFE7D6")
PANEL_FILL: RGB = hex_colour("#FBF8F1")
PANEL_EDGE: RGB = hex_colour("#B9A98F")
TENT_RED: RGB = hex_colour("#A4262C")
COIN_GOLD: RGB = hex_colour("#E8B923")
COIN_EDGE: RGB = hex_colour("#8A6A10")
STOP_RED: RGB = hex_colour("#B3202A")
PAUSE_GREY: RGB = hex_colour("#8C8C8C")
CARD_BACK: RGB = hex_colour("#5B3A6E")
EXIT_RING: RGB = hex_colour("#FFC800")  # the acrobat of a stack the show continued from

BODY = 21  # body text of both images, in pixels


@dataclass(frozen=True)
class ColourStyle:
    """How one artist colour is drawn: fill, letter, icon shape and the act's name (the letter and the name in
    English; ``letter_of`` and ``act_of`` give them in the reader's language)."""

    colour: RGB
    letter: str
    icon: str
    act: str


COLOUR_ORDER: tuple[str, ...] = ("green", "blue", "red", "purple", "yellow")
STYLES: Mapping[str, ColourStyle] = {
    "green": ColourStyle(hex_colour("#009E73"), "G", "flame", "Fire Dancing"),
    "blue": ColourStyle(hex_colour("#0072B2"), "B", "star", "Magic"),
    "red": ColourStyle(hex_colour("#D55E00"), "R", "nose", "Clowns"),
    "purple": ColourStyle(hex_colour("#CC79A7"), "P", "pyramid", "Acrobatics"),
    "yellow": ColourStyle(hex_colour("#F0E442"), "Y", "balls", "Juggling"),
}
PAUSE_STYLE = ColourStyle(PAUSE_GREY, "−4", "pause", "Pause")

# The six effect symbols, as short words that fit a card's top band (translated where drawn: ``effect_label``).
EFFECT_LABELS: Mapping[str, str] = {
    "copy": N_("Copy"),
    "extra_card": N_("Draw 4"),
    "peek_top": N_("Top?"),
    "peek_bottom": N_("Bottom?"),
    "tuck": N_("Tuck 1"),
    "recycle": N_("Recycle"),
}
EFFECT_MEANINGS: Mapping[str, str] = {
    "copy": N_("copy another card's effect"),
    "extra_card": N_("once draw up to 4 cards"),
    "peek_top": N_("look at the top card, may put it under"),
    "peek_bottom": N_("look at the bottom card, may put it on top"),
    "tuck": N_("put a hand card under the deck"),
    "recycle": N_("put hand cards on the deck, shuffle"),
}
REGION_LETTERS: Mapping[str, str] = {"north": "N", "east": "E", "south": "S", "west": "W", "central": "C"}
"""The English compass letters; drawn through ``rules.wanderzirkus.names.region_letter``."""

PHASE_LABELS: Mapping[str, str] = {
    "setup": N_("Set-up"),
    "travel": N_("Travel"),
    "announce": N_("Announcements"),
    "show": N_("Give a Show"),
    "spend": N_("Spend Coins"),
    "over": N_("Game over"),
}


def effect_label(effect: str) -> str:
    """An effect's short label for a card's top band, in the reader's language."""
    return tr(EFFECT_LABELS[effect]) if effect in EFFECT_LABELS else effect


def effect_meaning(effect: str) -> str:
    return tr(EFFECT_MEANINGS[effect]) if effect in EFFECT_MEANINGS else ""


def phase_label(phase: object, unknown: str | None = None) -> str:
    """A phase's name, in the reader's language (``unknown`` for a phase without one; else its id)."""
    key = str(phase)
    if key in PHASE_LABELS:
        return tr(PHASE_LABELS[key])
    return key if unknown is None else unknown


def letter_of(colour: str) -> str:
    """An artist colour's letter as the reader's notation writes it (the Pause card: its minus points)."""
    return colour_letter(colour) if colour in STYLES else PAUSE_STYLE.letter


def act_of(colour: str) -> str:
    """An artist colour's act name (or "Pause"), in the reader's language."""
    return act_name(colour if colour in STYLES else "pause")


def style(colour: str) -> ColourStyle:
    """The style of an artist colour (or of the Pause card, colour "pause")."""
    return STYLES.get(colour, PAUSE_STYLE)


@dataclass(frozen=True)
class CardSize:
    """An artist card's measures: ``tab`` is how far a connection sticks out of each side."""

    width: int
    height: int
    tab: int
    icon: int
    label: int
    stack: int = 0  # the offset of a stacked acrobat; 0: in proportion to the height (40 px at 150)

    @property
    def pitch(self) -> int:
        """Left edge to left edge of two neighbours in a row (their tabs meet in the gap)."""
        return self.width + 2 * self.tab

    @property
    def stack_step(self) -> int:
        """How far each acrobat of an offset stack lies below the one under it."""
        return self.stack or min(STACK_STEP, round(self.height * STACK_STEP / 150))


BOARD_CARD = CardSize(width=100, height=150, tab=10, icon=22, label=18)
# Smaller board cards, tried in turn when a big table would make the board taller than ``MAX_HEIGHT``:
# every label stays at least 16 px and the five connection tabs keep room for their letters.
COMPACT_CARDS = (CardSize(width=92, height=138, tab=9, icon=21, label=17),
                 CardSize(width=84, height=126, tab=9, icon=19, label=17),
                 CardSize(width=84, height=126, tab=9, icon=19, label=17, stack=28))
MAX_HEIGHT = 2000  # a board taller than this is unreadable on a phone (Discord shrinks it to fit)
HAND_CARD = CardSize(width=116, height=170, tab=11, icon=26, label=19)
STACK_STEP = 40  # how far each acrobat lies below the one under it in an offset stack


def check_view(view: View) -> None:
    if view.get("game") != "wanderzirkus":
        raise ValueError("this renderer draws Der Wanderzirkus views only")
