"""Little Circuses' focus: the seat's own circus, with its grid's letters, where placing a tile, moving the
Highlight and choosing a space are read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.focus_box import FocusBox, window
from render.little_circuses.board import _fits, _panel_places, _panel_rows
from render.little_circuses.header import header_height
from render.little_circuses.layout import MARGIN
from render.little_circuses.track import track_height


def focus_box(view: Mapping[str, Any], seat: int | None) -> FocusBox | None:
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    if seat is None or not 0 <= seat < len(players) or not _fits(view):
        return None  # a big table's circuses are pictures of their own, already a phone's width
    panel_w, rows, row_heights = _panel_rows(view, players)
    top = header_height(view) + track_height(view) + MARGIN
    for placed, left, y, width, height in _panel_places(panel_w, rows, row_heights, top):
        if placed == seat:
            # The panel itself is narrow enough beside another; a solo game's one wide panel has its grid in the
            # middle, so the window is centred on it (the name line's start is cut, the grid and its letters kept).
            return window((left + width / 2, y), (left, y, left + width, y + height))
    return None
