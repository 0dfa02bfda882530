"""Dreadful Circus' focus, by the phase (public):

- bidding (filling a wagon and placing it next to an Offer): the Offers, their cards and the wagons placed
  (``offers``);
- selling (a Seller inspects the wagons at its Offer, accepts or declines): the Offer being sold (``offers``);
- a card's effect being resolved (a task: Load the Wagon, take an Attraction, …): the card in play and its task
  (``task``);
- everything else (drafting, choosing the Attraction to offer or keep): the seat's own area, its name, coins, acts
  and wagon, the left part of its panel (``area``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.dreadful_circus.layout import MARGIN, board_width, players_of
from render.dreadful_circus.offers import HEADER_HEIGHT, _offer_height, market_height
from render.dreadful_circus.panels import columns, legend_height, panel_height, panel_width
from render.focus_box import FOCUS_WIDTH, Focus, FocusBox, head_of, window

OFFERS_TITLE = 50  # the "Offers" line above the first Offer (``offers.draw_market``)
TASK_HEIGHT = 56


def region(view: Mapping[str, Any]) -> str:
    phase = view.get("phase")
    if phase in ("bid", "sell") and view.get("offers"):
        return "offers"
    if view.get("task") and market_height(view):
        return "task"
    return "area"


def _market(view: Mapping[str, Any]) -> FocusBox:
    width = board_width(len(players_of(view)))
    return (MARGIN, HEADER_HEIGHT, width - MARGIN, HEADER_HEIGHT + market_height(view))


def offers_box(view: Mapping[str, Any]) -> FocusBox:
    """While bidding, every Offer from the title down; while selling, the Offer being sold."""
    market = _market(view)
    y = HEADER_HEIGHT + OFFERS_TITLE
    if view.get("phase") == "sell":
        for offer in view.get("offers") or []:
            height = _offer_height(offer, view)
            if offer.get("selling"):
                return head_of((MARGIN, y, market[2], y + height))
            y += height + 10
    return head_of(market)


def task_box(view: Mapping[str, Any]) -> FocusBox:
    """The task's line at the market's foot, with the card in play above it."""
    market = _market(view)
    bottom = market[3] - 8  # ``market_height``'s foot margin
    return window((MARGIN + FOCUS_WIDTH / 2, bottom - TASK_HEIGHT / 2), market)


def area_box(view: Mapping[str, Any], seat: int) -> FocusBox | None:
    players = players_of(view)
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


def focus(view: Mapping[str, Any], seat: int | None) -> Focus | None:
    players = players_of(view)
    if seat is None or not 0 <= seat < len(players):
        return None
    where = region(view)
    if where == "offers":
        return Focus(offers_box(view), where)
    if where == "task":
        return Focus(task_box(view), where)
    box = area_box(view, seat)
    return Focus(box, where) if box is not None else None

