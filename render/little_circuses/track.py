"""The Master of Ceremonies board: one row per town, each space a box with a letter and a short name
(so its kind is told by letter as well as colour), the spaces John has passed greyed, and John himself
— a black top-hat token — on his current space."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, tr
from render.common import INK, MUTED, PAPER, RGB, Box, draw_text, hex_colour, mix, put_text, rounded_panel
from render.fonts import font
from render.little_circuses.layout import BODY, FAINT, LINE, MARGIN, SMALL, TRACK_FILL, WIDTH, View, fitted
from rules.little_circuses.names import space_label, town_name


@dataclass(frozen=True)
class SpaceStyle:
    letter: str
    short: str
    """Its short name, in English (translated where drawn)."""
    fill: RGB


SPACE_STYLES: Mapping[str, SpaceStyle] = {
    "welcome": SpaceStyle("W", N_("Welcome"), hex_colour("#FFFFFF")),
    "full_day": SpaceStyle("F", N_("Full Day"), hex_colour("#F5D27A")),
    "midday": SpaceStyle("M", N_("Midday"), hex_colour("#BFE0F2")),
    "arrival": SpaceStyle("A", N_("New Acts"), hex_colour("#9FD8C4")),
    "special": SpaceStyle("S", N_("Specials"), hex_colour("#E7B6D3")),
    "new_city": SpaceStyle("N", N_("New City"), hex_colour("#D9CBB5")),
    "finale": SpaceStyle("E", N_("Finale"), hex_colour("#C9A2E0")),
}
UNKNOWN_SPACE = SpaceStyle("?", "", hex_colour("#DDDDDD"))

LABEL_W = 150
ROW_H = 64
ROW_GAP = 8
TITLE_H = 38


def _rows(track: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    rows: dict[int, list[Mapping[str, Any]]] = {}
    for space in track:
        rows.setdefault(int(space.get("row", 0)), []).append(space)
    return [sorted(rows[r], key=lambda s: int(s.get("column", 0))) for r in sorted(rows)]


def track_height(view: View) -> int:
    rows = _rows(view.get("track") or [])
    return TITLE_H + len(rows) * (ROW_H + ROW_GAP) + 6


def space_caption(space: Mapping[str, Any]) -> str:
    kind = str(space.get("kind", ""))
    """A space's short name on the track, in the language spoken."""
    if kind == "new_city":
        return town_name(str(space["town"])) if space.get("town") else tr("New City")
    if kind == "special":
        return tr("Specials d{day}", day=space.get("day", ""))
    short = SPACE_STYLES.get(kind, UNKNOWN_SPACE).short
    return tr(short) if short else ""


def draw_john(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """John, the Master of Ceremonies: a black disc with a gold rim and a white "J"."""
    cx, cy = centre
    draw.ellipse((cx - radius - 3, cy - radius - 3, cx + radius + 3, cy + radius + 3), fill=PAPER)
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=INK, outline=(255, 196, 0), width=3)
    draw.rectangle((cx - radius * 0.55, cy - radius * 1.55, cx + radius * 0.55, cy - radius * 0.75), fill=INK)
    draw.rectangle((cx - radius * 0.9, cy - radius * 0.85, cx + radius * 0.9, cy - radius * 0.7), fill=INK)
    put_text(draw, (cx, cy + 1), "J", font(max(16, round(radius * 1.1)), bold=True), PAPER, anchor="mm")


def draw_track(image: Image.Image, view: View, top: float) -> float:
    """The board from ``top`` (a whole pixel), drawn onto ``image``; returns where it ends."""
    _draw_track(image, ImageDraw.Draw(image), view, float(round(top)))
    return round(top) + track_height(view)


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: float) -> None:
    rows = _rows(view.get("track") or [])
    current = int(view.get("space_index", 0))
    x0, x1 = float(MARGIN), float(WIDTH - MARGIN)
    height = track_height(view)
    rounded_panel(draw, Box(x0, top, x1, top + height - 1), fill=TRACK_FILL, outline=LINE, width=2, radius=12)
    space = view.get("space") or {}
    label = space_label(str(space["label"])) if space.get("label") else ""
    if space.get("town"):
        title = tr("Master of Ceremonies — day {day}: {label} ({town})", day=space.get("day", current), label=label,
                   town=town_name(str(space["town"])))
    else:
        title = tr("Master of Ceremonies — day {day}: {label}", day=space.get("day", current), label=label)
    title, face = fitted(title, BODY, x1 - x0 - 24, bold=True)
    draw_text(draw, (x0 + 12, top + 20), title, face, INK, anchor="lm")
    widest = max((len(r) for r in rows), default=1)
    cell_w = (x1 - x0 - 24 - LABEL_W - (widest - 1) * 6) / widest
    y = top + TITLE_H
    for row in rows:
        town, face = fitted(town_name(str(row[0]["town"])) if row and row[0].get("town") else "", BODY,
                            LABEL_W - 12, bold=True)
        draw_text(draw, (x0 + 12, y + ROW_H / 2), town, face, INK, anchor="lm")
        for column, space in enumerate(row):
            index = int(space.get("index", 0))
            left = x0 + 12 + LABEL_W + column * (cell_w + 6)
            # The sprite's corner is on even pixels, so every coordinate in it rounds as it would on the board.
            corner_x, corner_y = math.floor(left) // 2 * 2, math.floor(y) // 2 * 2
            sprite = space_sprite(str(space.get("kind")), space_caption(space), index < current, index == current,
                                  left - corner_x, y - corner_y, cell_w)
            image.paste(sprite, (corner_x, corner_y))
            if index == current:
                # Drawn where he stands: Pillow's ellipse rounds his fractions of a pixel by where they lie.
                draw_john(draw, (left + cell_w - 22, y + 24), 13)
        y += ROW_H + ROW_GAP


# The spaces as they look upcoming, passed and with John on them: every game's track is made of the same
# few dozen, about 35 KB each. Bounded, so a track no game has yet cannot make a worker grow.
@lru_cache(maxsize=128)
def space_sprite(kind: str, caption: str, passed: bool, here: bool, left: float, top: float,
                 width: float) -> Image.Image:
    """One space of the track (without John) drawn on the track's fill, its box's top left at (``left``, ``top``) in the
    sprite (fractions of a pixel kept, so it rounds as on the board; under 2 px), with fill around it."""
    sprite = Image.new("RGB", (math.ceil(left + width) + 2, math.ceil(top + ROW_H) + 2), TRACK_FILL)
    draw = ImageDraw.Draw(sprite)
    style = SPACE_STYLES.get(kind, UNKNOWN_SPACE)
    box = Box(left, top, left + width, top + ROW_H)
    fill = mix(style.fill, FAINT, 0.6) if passed else style.fill
    rounded_panel(draw, box, fill=fill, outline=INK if here else LINE, width=4 if here else 1, radius=8)
    ink = MUTED if passed else INK
    draw_text(draw, (box.x0 + 10, box.y0 + 20), style.letter, font(26, bold=True), ink, anchor="lm")
    caption, caption_font = fitted(caption, SMALL, box.width - 12, condensed=True, smallest=12)
    draw_text(draw, (box.x0 + 6, box.y1 - 14), caption, caption_font, ink, anchor="lm")
    return sprite
