"""Little Circuses' focus, by what the seat decides (read from the public view: the stage, the seat's icons still
to resolve and its Special Attraction card):

- placing a tile, moving the Highlight, opening night, a build's choice and an icon about its own Publics or a
  rival: the seat's own circus, with its grid's letters (``circus``);
- taking a face-up Advanced tile (the showcase and poach icons, card 6's tent): the tile market (``market``);
- choosing a Special Attraction: the row of cards (``cards``).

A big table's board is several pictures (``render.little_circuses.board.board_parts``): the market and the cards
are in the first, a circus in the players picture holding its row, and the box is in that picture's pixels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.focus_box import FOCUS_HEIGHT, FOCUS_WIDTH, Focus, FocusBox, window
from render.little_circuses.board import _chunks, _fits, _panel_places, _panel_rows
from render.little_circuses.header import CARD_H, MARKET_H, ORDER_H, TITLE_H, header_height
from render.little_circuses.layout import MARGIN, WIDTH
from render.little_circuses.track import track_height

MARKET_WIDTH = 600
"""The tile market's box: its four face-up tiles whole (their smallest words, 16 px, read at 9 px in a phone's
340 px column)."""
SHOWCASE_LEFT = MARGIN + 470 + 230  # where ``header._draw_market`` puts the first face-up tile
SHOWCASE_PITCH = 150
FACE_UP_BUYER = "6"  # the Special Attraction card that buys face-up tiles (``rules.little_circuses.market``)
MARKET_ICONS = ("showcase", "poach")


def region(view: Mapping[str, Any], seat: int) -> str:
    """Which part of the board ``seat``'s decision is about, from public facts only."""
    player: Mapping[str, Any] = (view.get("players") or [])[seat]
    icons = list(player.get("icons_left") or [])
    if icons:  # a tile's or a card's icons, resolved one at a time (in the icons and the Special Attraction stages)
        card = player.get("card") or {}
        buyer = str(card.get("number")) == FACE_UP_BUYER and bool(view.get("showcase"))
        return "market" if icons[0] in MARKET_ICONS or (icons[0] == "tent" and buyer) else "circus"
    # A build's choice is read in the seat's own panel (its hand, money and grid) even when card 6 lets it buy a
    # face-up tile: whether it is choosing or already placing is its secret until revealed, and placing needs the
    # grid.
    return "cards" if view.get("stage") == "special" else "circus"


def market_box(view: Mapping[str, Any]) -> FocusBox:
    """The market's row: the face-up tiles (or, before they arrive, the piles' words)."""
    top = TITLE_H + ORDER_H
    tiles = len(view.get("showcase") or [])
    centre = SHOWCASE_LEFT + (tiles * SHOWCASE_PITCH - 10) / 2 if tiles else MARGIN + MARKET_WIDTH / 2
    return window((centre, top), (MARGIN, top, WIDTH - MARGIN, top + MARKET_H), MARKET_WIDTH, MARKET_H)


def cards_box(view: Mapping[str, Any]) -> FocusBox:
    """The Special Attraction cards from the first of the two side by side holding the most still free (the box
    takes two whole and most of a third), with the row's title."""
    top = TITLE_H + ORDER_H + MARKET_H
    cards = list(view.get("specials") or [])
    gap = 8
    count = max(1, len(cards))
    width = (WIDTH - 2 * MARGIN - (count - 1) * gap) / count
    free = [card.get("taken_by") is None for card in cards]
    first = max(range(count), key=lambda k: (sum(free[k:k + 2]), -k))
    left = MARGIN + first * (width + gap) - gap / 2
    return window((left + FOCUS_WIDTH / 2, top), (0, top, WIDTH, top + CARD_H), height=CARD_H)


def focus(view: Mapping[str, Any], seat: int | None) -> Focus | None:
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    if seat is None or not 0 <= seat < len(players):
        return None
    where = region(view, seat)
    if where == "market":
        return Focus(market_box(view), where)
    if where == "cards":
        return Focus(cards_box(view), where)
    panel_w, rows, row_heights = _panel_rows(view, players)
    if _fits(view):
        part, top, shown = 0, header_height(view) + track_height(view) + MARGIN, list(range(len(rows)))
    else:
        # A big table's circuses are in the pictures after its first, as many rows a picture as fit.
        chunks = _chunks(row_heights)
        part = next(n for n, chunk in enumerate(chunks, 1) if any(seat in rows[i] for i in chunk))
        top, shown = MARGIN, chunks[part - 1]
    places = _panel_places(panel_w, [rows[i] for i in shown], [row_heights[i] for i in shown], top)
    for placed, left, y, width, height in places:
        if placed == seat:
            # The panel itself is narrow enough beside another; a solo game's one wide panel has its grid in the
            # middle, so the window is centred on it (the name line's start is cut, the grid and its letters kept).
            box = window((left + width / 2, y), (left, y, left + width, y + height), height=FOCUS_HEIGHT)
            return Focus(box, where, part)
    return None
