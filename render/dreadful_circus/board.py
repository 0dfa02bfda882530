"""The public board, put together: header, the Offers with their wagons, a key, and one panel per
player. Each part is measured first so the canvas is made at its final height in one go.

Only public keys of the view are read (see ``offers`` and ``panels``), so a seat's own view draws the
very same picture as a spectator's.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import Box, player_marks
from render.dreadful_circus import palette
from render.dreadful_circus.layout import BACKGROUND, MARGIN, View, board_width, check_view, players_of
from render.dreadful_circus.offers import HEADER_HEIGHT, draw_header, draw_market, market_height
from render.dreadful_circus.panels import (
    columns,
    draw_legend,
    draw_panel,
    legend_height,
    panel_height,
    panel_width,
    paper_rule,
)
from render.png import palette_png


def render_image(view: View) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    check_view(view)
    players = players_of(view)
    marks = player_marks([str(p.get("name", "")) for p in players])
    awaited = set() if view.get("over") else {int(seat) for seat in view.get("awaiting") or []}
    per_row = columns(len(players))
    width = panel_width(len(players))
    rows = [list(range(i, min(i + per_row, len(players)))) for i in range(0, len(players), per_row)]
    row_heights = [max(panel_height(players[s], width, view) for s in row) for row in rows]
    market_h = market_height(view)
    height = HEADER_HEIGHT + market_h + legend_height() + sum(h + MARGIN for h in row_heights) + MARGIN
    board_w = board_width(len(players))
    image = Image.new("RGB", (board_w, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, view, marks)
    y = float(HEADER_HEIGHT)
    if market_h:
        paper_rule(draw, y - 4, board_w)
        draw_market(image, draw, view, marks, y)
        y += market_h
    paper_rule(draw, y, board_w)
    draw_legend(draw, y, board_w)
    y += legend_height()
    for row, row_h in zip(rows, row_heights, strict=True):
        for column, seat in enumerate(row):
            x = MARGIN + column * (width + MARGIN)
            draw_panel(image, draw, Box(x, y, x + width, y + row_h), players[seat], marks[seat], view, seat in awaited)
        y += row_h + MARGIN
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a board picture, mapped to the game's fixed board palette (``palette.BOARD``)."""
    return palette_png(image, palette.BOARD)


def board_image(view: View) -> Image.Image:
    """The picture ``render_board`` encodes (a replay draws its frames from these, unencoded)."""
    return render_image(view)


def render_board(view: View) -> bytes:
    """The public board for a Dreadful Circus view, as PNG bytes. Reads no private part: safe for any view."""
    return encode(board_image(view))
