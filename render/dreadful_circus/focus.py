"""Dreadful Circus' focus: the seat's own area (its name, coins, acts and wagons), the left part of its panel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.dreadful_circus.layout import MARGIN, players_of
from render.dreadful_circus.offers import HEADER_HEIGHT, market_height
from render.dreadful_circus.panels import columns, legend_height, panel_height, panel_width
from render.focus_box import FocusBox, head_of


def focus_box(view: Mapping[str, Any], seat: int | None) -> FocusBox | None:
    players = players_of(view)
    if seat is None or not 0 <= seat < len(players):
        return None
    # The same measures as ``render.dreadful_circus.board.render_image``, without drawing.
    per_row = columns(len(players))
    width = panel_width(len(players))
    rows = [list(range(i, min(i + per_row, len(players)))) for i in range(0, len(players), per_row)]
    y = float(HEADER_HEIGHT + market_height(view) + legend_height())
    for row in rows:
        row_h = max(panel_height(players[s], width, view) for s in row)
        if seat in row:
            x = MARGIN + row.index(seat) * (width + MARGIN)
            return head_of((round(x), round(y), round(x + width), round(y + row_h)))
        y += row_h + MARGIN
    return None
