"""Der Wanderzirkus' focus, by the phase (public): while travelling (taking a pair of an artist and a city), the
Travel offer's pairs (``travel``); otherwise (announcing, playing the show, spending, whose offers are private) the
seat's own row, its show, coins and cities, the left part of its panel (``row``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.common import player_marks
from render.focus_box import FOCUS_WIDTH, Focus, FocusBox, head_of
from render.wanderzirkus.board import COMPACT_GAP, public_part
from render.wanderzirkus.header import HEADER_HEIGHT, LEGEND_HEIGHT
from render.wanderzirkus.layout import BOARD_CARD, BOARD_WIDTH, COMPACT_CARDS, MARGIN, MAX_HEIGHT, CardSize
from render.wanderzirkus.players import panel_height
from render.wanderzirkus.tables import pair_size, table_height, travel_height


def focus(view: Mapping[str, Any], seat: int | None) -> Focus | None:
    public = public_part(view)
    players: list[Mapping[str, Any]] = list(public.get("players") or [])
    if seat is None or not 0 <= seat < len(players):
        return None
    marks = player_marks([str(p.get("name", "")) for p in players])
    panel_w = BOARD_WIDTH - 2 * MARGIN
    # The same measures (and the same choice of card size) as ``render.wanderzirkus.board.render_image``.
    for size, compact in ((BOARD_CARD, False), (BOARD_CARD, True), *((c, True) for c in COMPACT_CARDS)):
        travel = travel_height(public, BOARD_WIDTH, size)
        top = HEADER_HEIGHT + LEGEND_HEIGHT + travel + table_height(public, marks, compact)
        gap = COMPACT_GAP if compact else MARGIN
        heights = [panel_height(public, p, panel_w, size, compact) for p in players]
        if round(top + sum(h + gap for h in heights) + MARGIN) <= MAX_HEIGHT:
            break
    if travel:
        return Focus(travel_box(public, size, travel), "travel")
    y = top + sum(h + gap for h in heights[:seat])
    return Focus(head_of((MARGIN, round(y), MARGIN + round(panel_w), round(y + heights[seat]))), "row")


def travel_box(public: Mapping[str, Any], size: CardSize, height: int) -> FocusBox:
    """The Travel offer from its title: as many whole pairs as the box's width takes, from the first (the
    choices below name every pair)."""
    top = HEADER_HEIGHT + LEGEND_HEIGHT
    pair_w = pair_size(size)[0]
    whole = max(1, (FOCUS_WIDTH - MARGIN) // (pair_w + 12))
    return (0, top, min(FOCUS_WIDTH, MARGIN + whole * (pair_w + 12) + 4), top + height)
