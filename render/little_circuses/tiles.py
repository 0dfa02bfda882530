"""One attraction tile, at any size: its colour (the fill plus the colour's letter in the top-right
corner), its cost in the top-left corner as the printed tile has it, and its action icons left to
right. On a circus a tile may also carry a Use marker (the tile's body hatched and a dark "U" disc)
and the Highlight (a thick gold frame with the owner's token). Printed attractions have no colour:
they are drawn white with the letter "–" and no cost.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from lang import tr
from render.common import (
    INK,
    PAPER,
    RGB,
    Box,
    PlayerMark,
    draw_text,
    draw_token,
    mix,
    put_text,
    rounded_panel,
    text_colour_on,
    tint,
)
from render.fonts import font
from render.little_circuses.icons import icon_kind, paste_icon
from render.little_circuses.layout import USE_MARK, attraction_colour, fitted

Tile = Mapping[str, Any]
GOLD_FRAME = (255, 196, 0)
ICON_GAP = 3
PRINTED_FILL = (250, 250, 246)


def tile_icons(tile: Tile) -> list[str]:
    return [icon_kind(str(icon)) for icon in tile.get("icons") or []]


def icon_layout(count: int, width: float, height: float, largest: int) -> tuple[int, int]:
    """(icon size, icons per row) that makes ``count`` icons as large as possible (up to ``largest``)
    within ``width`` × ``height``, on one to three rows."""
    best = (0, max(1, count))
    for rows in (1, 2, 3):
        per_row = max(1, -(-count // rows))
        side = min(largest, (width - (per_row - 1) * ICON_GAP) / per_row, (height - (rows - 1) * ICON_GAP) / rows)
        if int(side) > best[0]:
            best = (int(side), per_row)
    return best


def draw_icons(image: Image.Image, icons: Sequence[str], box: Box, largest: int) -> None:
    """Icons in reading order (the order they resolve in), centred in ``box``."""
    if not icons:
        return
    side, per_row = icon_layout(len(icons), box.width, box.height, largest)
    side = max(side, 10)
    rows = [icons[i:i + per_row] for i in range(0, len(icons), per_row)]
    top = box.centre[1] - (len(rows) * (side + ICON_GAP) - ICON_GAP) / 2
    for r, row in enumerate(rows):
        x = box.centre[0] - (len(row) * (side + ICON_GAP) - ICON_GAP) / 2
        for kind in row:
            paste_icon(image, kind, x, top + r * (side + ICON_GAP), side)
            x += side + ICON_GAP


def draw_use_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    draw.ellipse(Box.around(centre, radius * 2 + 4, radius * 2 + 4).rounded(), fill=PAPER)
    draw.ellipse(Box.around(centre, radius * 2, radius * 2).rounded(), fill=USE_MARK)
    put_text(draw, centre, "U", font(max(16, round(radius * 1.3)), bold=True), PAPER, anchor="mm")


def _hatch(draw: ImageDraw.ImageDraw, box: Box, colour: tuple[int, int, int]) -> None:
    step = 9
    x0, y0, x1, y1 = box.rounded()
    for start in range(x0 - (y1 - y0), x1, step):
        a = (max(start, x0), y0 + max(0, x0 - start))
        b = (min(start + (y1 - y0), x1), y0 + min(y1 - y0, x1 - start))
        if a[0] < b[0]:
            draw.line([a, b], fill=colour, width=2)


# A tile's sprite reaches this far beyond its box: the Highlight frame on every side, the layers of a
# stack to the right and below. Less than the gap between two cells, so sprites never cover each other.
SPRITE_BEFORE = 2
SPRITE_AFTER = 6


def draw_tile(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, tile: Tile, *, background: RGB,
              used: bool = False, highlight: PlayerMark | None = None, depth: int = 1) -> None:
    """A tile filling ``box`` on a ``background``. ``depth`` > 1 (tiles built over) shows as layers
    under it and "×n". The picture is drawn once per look and size and then pasted (boards repeat the
    same tiles move after move)."""
    x, y = round(box.x0), round(box.y0)
    key = (tile.get("colour"), tile.get("cost"), tuple(str(i) for i in tile.get("icons") or []))
    # The Highlight's token is all of its owner that the tile shows: keyed without the name, the same
    # highlighted tile is one picture in every game.
    token = None if highlight is None else PlayerMark(0, "", highlight.colour, highlight.shape, highlight.label)
    sprite = tile_sprite(key, round(box.x1) - x, round(box.y1) - y, background, used, token, depth)
    image.paste(sprite, (x - SPRITE_BEFORE, y - SPRITE_BEFORE))


# 256 sprites of about 30 KB: every tile of a 7-player board, bounded so many games do not pile up.
@lru_cache(maxsize=256)
def tile_sprite(key: tuple[Any, Any, tuple[str, ...]], width: int, height: int, background: RGB, used: bool,
                highlight: PlayerMark | None, depth: int) -> Image.Image:
    image = Image.new("RGB", (width + SPRITE_BEFORE + SPRITE_AFTER, height + SPRITE_BEFORE + SPRITE_AFTER),
                      background)
    draw = ImageDraw.Draw(image)
    box = Box(SPRITE_BEFORE, SPRITE_BEFORE, SPRITE_BEFORE + width, SPRITE_BEFORE + height)
    colour_name, cost, icons = key
    _draw_tile(image, draw, box, {"colour": colour_name, "cost": cost, "icons": list(icons)}, used=used,
               highlight=highlight, depth=depth)
    return image


def _draw_tile(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, tile: Tile, *,
               used: bool = False, highlight: PlayerMark | None = None, depth: int = 1) -> None:
    printed = tile.get("colour") is None
    colour = attraction_colour(tile.get("colour"))
    fill = PRINTED_FILL if printed else colour.fill
    radius = max(6, round(min(box.width, box.height) * 0.1))
    if depth > 1:
        for layer in range(min(depth, 3) - 1, 0, -1):
            rounded_panel(draw, box.shift(layer * 3, layer * 3), fill=mix(fill, INK, 0.4), outline=INK,
                          width=1, radius=radius)
    rounded_panel(draw, box, fill=PAPER if printed else tint(colour.fill, 0.55), outline=INK, width=2,
                  radius=radius)
    band_h = max(24, round(min(box.height, box.width) * 0.27))
    band = Box(box.x0 + 2, box.y0 + 2, box.x1 - 2, box.y0 + band_h)
    rounded_panel(draw, band, fill=fill, width=0, radius=max(4, radius - 2))
    draw.rectangle(Box(band.x0, band.y1 - radius, band.x1, band.y1).rounded(), fill=fill)
    draw.line([(band.x0, band.y1), (band.x1, band.y1)], fill=mix(fill, INK, 0.5), width=1)
    text_fill = text_colour_on(fill)
    label = font(max(16, min(24, round(band_h * 0.7))), bold=True)
    if not printed:
        draw_text(draw, (band.x0 + 5, band.centre[1]), f"${tile.get('cost', '?')}", label, text_fill, anchor="lm")
    draw_text(draw, (band.x1 - 6, band.centre[1]), colour.letter, label, text_fill, anchor="rm")
    body = Box(box.x0 + 4, band.y1 + 3, box.x1 - 4, box.y1 - 4)
    if used:
        _hatch(draw, body, mix(tint(colour.fill, 0.55) if not printed else PAPER, INK, 0.35))
    marker_r = max(9, min(13, round(body.height * 0.17)))
    icons_box = body
    if highlight is not None or used:
        # Markers sit on a row of their own at the top of the body, so they never hide an icon.
        marker_y = body.y0 + marker_r + 2
        icons_box = Box(body.x0, body.y0 + 2 * marker_r + 5, body.x1, body.y1)
        if highlight is not None:
            rounded_panel(draw, box.inflate(2), fill=None, outline=INK, width=8, radius=radius + 2)
            rounded_panel(draw, box.inflate(1), fill=None, outline=GOLD_FRAME, width=5, radius=radius + 2)
            draw_token(image, (body.x0 + marker_r + 4, marker_y), highlight, radius=marker_r)
        if used:
            draw_use_marker(draw, (body.x1 - marker_r - 3, marker_y), marker_r)
    draw_icons(image, tile_icons(tile), icons_box, largest=max(18, round(min(box.width, box.height) * 0.34)))
    if depth > 1:
        draw_text(draw, (box.x1 - 6, box.y1 - 4), f"×{depth}", font(16, bold=True), INK, anchor="rd",
                  stroke=2, stroke_fill=PAPER)


def draw_tile_back(image: Image.Image, box: Box, fill: tuple[int, int, int], count: int, *, background: RGB) -> None:
    """Face-down tiles: a back (petrol blue for Advanced tiles) with a tent, their count and "face down",
    on a ``background`` of one colour.

    Pasted from a picture of the back on that background, drawn once per look: Pillow outlines the tent
    through a mask as big as the picture it draws on, which on a whole board (2.8 MB) cost more than the
    tile. The picture's corner is on even pixels, so every coordinate keeps how it rounds: the same pixels."""
    left, top = (math.floor(box.x0) - 4) // 2 * 2, (math.floor(box.y0) - 4) // 2 * 2
    image.paste(tile_back_sprite(fill, count, background, box.x0 - left, box.y0 - top, box.width, box.height,
                                 tr("face down")), (left, top))


# A few dozen looks (a count of face-down tiles, a size) of about 40 KB.
@lru_cache(maxsize=32)
def tile_back_sprite(fill: RGB, count: int, background: RGB, left: float, top: float, width: float,
                     height: float, label: str) -> Image.Image:
    """``label`` is "face down" in the language spoken (so each language's backs are kept apart)."""
    region = Image.new("RGB", (math.ceil(left + width) + 4, math.ceil(top + height) + 4), background)
    _draw_tile_back(ImageDraw.Draw(region), Box(left, top, left + width, top + height), fill, count, label)
    return region


def _draw_tile_back(draw: ImageDraw.ImageDraw, box: Box, fill: tuple[int, int, int], count: int, label: str) -> None:
    radius = max(6, round(min(box.width, box.height) * 0.1))
    rounded_panel(draw, box, fill=fill, outline=INK, width=2, radius=radius)
    cx, cy = box.centre
    h = min(box.width, box.height) * 0.36
    draw.polygon([(cx - h, cy + h * 0.3), (cx + h, cy + h * 0.3), (cx, cy - h * 0.8)], fill=mix(fill, PAPER, 0.3),
                 outline=PAPER, width=2)
    draw_text(draw, (cx, cy - h * 0.05), str(count), font(24, bold=True), PAPER, anchor="mm", stroke=2,
              stroke_fill=fill)
    label, face = fitted(label, 16, box.width - 8, bold=True, smallest=12)
    draw_text(draw, (cx, box.y1 - 5), label, face, PAPER, anchor="md")
