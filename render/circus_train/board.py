"""The public board, put together: header, map, legend, banks and player panels stacked on one
canvas. Each part is measured first so the canvas is made at its final height in one go.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from lang import current
from render.circus_train import palette
from render.circus_train.header import draw_header, header_height
from render.circus_train.layout import BACKGROUND, MAP_HEIGHT, MARGIN, RAIL, RAIL_TIE, WIDTH, View, check_view
from render.circus_train.map import draw_map
from render.circus_train.panels import (
    BANK_HEIGHT,
    LEGEND_HEIGHT,
    columns,
    draw_bank,
    draw_panel,
    legend_strip,
    panel_height,
)
from render.common import MAX_HEIGHT, Box, fit_height, player_marks
from render.png import palette_png
from rules.circus_train.content import load_content


def render_image(view: View) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    check_view(view)
    content = load_content()
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    awaiting = view.get("awaiting") or {}
    to_act = awaiting.get("seat") if not view.get("over") else None
    first_player = view.get("first_player")

    # Panels: sizes first, so the canvas is known.
    per_row = columns(len(players))
    panel_w = (WIDTH - (per_row + 1) * MARGIN) / per_row
    rows: list[list[int]] = [list(range(i, min(i + per_row, len(players)))) for i in range(0, len(players), per_row)]
    # A board that would be taller than a phone can show keeps the event and each "Played" list short.
    for tight in (False, True):
        row_heights = [max(panel_height(view, players[s], content, panel_w, tight) for s in row) for row in rows]
        header_h = header_height(view, tight)
        height = header_h + MAP_HEIGHT + LEGEND_HEIGHT + BANK_HEIGHT + sum(h + MARGIN for h in row_heights) + MARGIN
        if height <= MAX_HEIGHT:
            break
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, view, marks, header_h, tight)

    draw_map(image, header_h, view, marks, to_act)
    y = header_h + MAP_HEIGHT
    draw.line([(0, header_h), (WIDTH, header_h)], fill=RAIL, width=2)
    draw.line([(0, y), (WIDTH, y)], fill=RAIL, width=2)
    image.paste(legend_strip(current()), (0, y + 2))
    y += LEGEND_HEIGHT
    draw.line([(MARGIN, y), (WIDTH - MARGIN, y)], fill=RAIL_TIE, width=1)
    draw_bank(draw, view, content, y + 6)

    y += BANK_HEIGHT + MARGIN
    for row, row_h in zip(rows, row_heights, strict=True):
        for column, seat in enumerate(row):
            x = MARGIN + column * (panel_w + MARGIN)
            box = Box(x, y, x + panel_w, y + row_h)
            draw_panel(image, draw, box, view, players[seat], marks[seat], content,
                       to_act == seat, first_player == seat and len(players) > 1, tight)
        y += row_h + MARGIN
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a board picture, mapped to the game's fixed board palette (``palette.BOARD``)."""
    return palette_png(image, palette.BOARD)


def board_image(view: View) -> Image.Image:
    """The picture ``render_board`` encodes (a replay draws its frames from these, unencoded)."""
    return fit_height(render_image(view))


def render_board(view: View) -> bytes:
    """The public board for a Circus Train view, as PNG bytes. Reads no hand: safe for any view."""
    return encode(board_image(view))
