"""The public board, put together: header (status, player order, market, Special Attraction cards,
legend), John's track, then one panel per player, two per row (one for a solo game). Each part is
measured first so the canvas is made at its final height in one go. Reads only public keys of the
view: never ``you`` nor anything private, so any seat's view gives the same picture."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import player_marks
from render.little_circuses.circus import panel_height, panel_image
from render.little_circuses.header import draw_header, header_height
from render.little_circuses.layout import BACKGROUND, MARGIN, WIDTH, View, check_view
from render.little_circuses.track import draw_track, track_height

PUBLIC_KEYS = ("game", "options", "grid_size", "track", "space", "space_index", "stage", "order", "awaiting",
               "players", "piles", "market", "arrived", "showcase", "specials", "over", "winners", "result")


def public_part(view: View) -> dict[str, Any]:
    """Only the keys of the view everyone may see (a seat's ``you`` is dropped)."""
    return {key: view[key] for key in PUBLIC_KEYS if key in view}


def columns(players: int) -> int:
    return 1 if players <= 1 else 2


def render_image(view: View) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    check_view(view)
    view = public_part(view)
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    per_row = columns(len(players))
    panel_w = (WIDTH - (per_row + 1) * MARGIN) / per_row
    rows = [list(range(i, min(i + per_row, len(players)))) for i in range(0, len(players), per_row)]
    row_heights = [max(panel_height(view, players[s], panel_w) for s in row) for row in rows]
    top = header_height(view)
    height = top + track_height(view) + MARGIN + sum(h + MARGIN for h in row_heights)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, view, marks)
    y = draw_track(image, view, top) + MARGIN
    for row, row_h in zip(rows, row_heights, strict=True):
        for column, seat in enumerate(row):
            x = MARGIN + column * (panel_w + MARGIN)
            image.paste(panel_image(view, players[seat], marks[seat], round(panel_w), row_h), (round(x), round(y)))
        y += row_h + MARGIN
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a picture. The icons' smooth edges give a board a few thousand colours, just too
    many for ``render.common.to_png`` to keep a palette (its exactness check fails by a hair), which
    would triple the file; a 256-colour octree palette (no dithering) is indistinguishable on these
    flat colours. zlib level 3 instead of 6 halves the encoding time for a file about 15% larger."""
    quantised = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    quantised.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def render_board(view: View) -> bytes:
    """The public board for a Little Circuses view, as PNG bytes. Safe for any view: private parts are
    never read."""
    return encode(render_image(view))
