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

from render.common import INK, MUTED, PAPER, RGB, Box, draw_text, fit_text, hex_colour, mix, put_text, rounded_panel
from render.fonts import font
from render.little_circuses.layout import BODY, FAINT, LINE, MARGIN, SMALL, TRACK_FILL, WIDTH, View


@dataclass(frozen=True)
class SpaceStyle:
    letter: str
    short: str
    fill: RGB


SPACE_STYLES: Mapping[str, SpaceStyle] = {
    "welcome": SpaceStyle("W", "Welcome", hex_colour("#FFFFFF")),
    "full_day": SpaceStyle("F", "Full Day", hex_colour("#F5D27A")),
    "midday": SpaceStyle("M", "Midday", hex_colour("#BFE0F2")),
    "arrival": SpaceStyle("A", "New Acts", hex_colour("#9FD8C4")),
    "special": SpaceStyle("S", "Specials", hex_colour("#E7B6D3")),
    "new_city": SpaceStyle("N", "New City", hex_colour("#D9CBB5")),
    "finale": SpaceStyle("E", "Finale", hex_colour("#C9A2E0")),
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
    if kind == "new_city":
        return str(space.get("town") or space.get("label") or "New City")
    if kind == "special":
        return f"Specials d{space.get('day', '')}"
    return SPACE_STYLES.get(kind, UNKNOWN_SPACE).short


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
    title = f"Master of Ceremonies — day {space.get('day', current)}: {space.get('label', '')}"
    if space.get("town"):
        title += f" ({space.get('town')})"
    draw_text(draw, (x0 + 12, top + 20), fit_text(title, font(BODY, bold=True), x1 - x0 - 24), font(BODY, bold=True),
              INK, anchor="lm")
    widest = max((len(r) for r in rows), default=1)
    cell_w = (x1 - x0 - 24 - LABEL_W - (widest - 1) * 6) / widest
    y = top + TITLE_H
    for row in rows:
        town = str(row[0].get("town", "")) if row else ""
        draw_text(draw, (x0 + 12, y + ROW_H / 2), fit_text(town, font(BODY, bold=True), LABEL_W - 12),
                  font(BODY, bold=True), INK, anchor="lm")
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
    caption_font = font(SMALL, condensed=True)
    draw_text(draw, (box.x0 + 6, box.y1 - 14), fit_text(caption, caption_font, box.width - 12), caption_font, ink,
              anchor="lm")
    return sprite
