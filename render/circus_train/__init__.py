"""Circus Train boards as PNG images: ``render_board`` for the public thread, ``render_hand`` for a
seat's private (ephemeral) reply.

Pure functions of a View (``rules.circus_train.view.view``): no clock, no randomness, no database, no
Discord; identical views give identical bytes. ``render_board`` never reads the view's hand, so even a
seat's view yields only public information.

The board is 1600 px wide (Discord shows that full-width on a phone), top to bottom:

- ``header``: calendar strip, month/week/season, cities with news, draw bag, event card, who acts;
- ``map``: the 27 cities at their board positions, railroads, city names, every train as its
  player's token; on each city with news a tag from ``tags`` (Performance Demand, Points counter,
  Talent for hire, Special Characters), placed so tags, names and trains never cover each other;
- ``panels``: the legend, the banks, and one panel per player;

``board`` stacks them, ``hand`` draws the private hand, and ``layout`` holds the measures and colours
they share. This module is only the public face: the cogs load it by name and call ``render_board``
and ``render_hand``.
"""

from __future__ import annotations

from render.circus_train.board import board_image, render_board, render_image
from render.circus_train.describe import describe_board, describe_hand
from render.circus_train.hand import HAND_TEXT, HAND_WIDTH, render_hand, render_hand_image
from render.circus_train.layout import (
    BODY,
    MAP_HEIGHT,
    NAME_FONT_SIZE,
    TAG_FONT_SIZE,
    TOKEN_RADIUS,
    WIDTH,
    View,
)
from render.circus_train.map import BaseMap, MapLayout, base_map, map_layout
from render.circus_train.panels import legend_strip

__all__ = [
    "BODY",
    "HAND_TEXT",
    "HAND_WIDTH",
    "MAP_HEIGHT",
    "NAME_FONT_SIZE",
    "TAG_FONT_SIZE",
    "TOKEN_RADIUS",
    "WIDTH",
    "BaseMap",
    "MapLayout",
    "View",
    "base_map",
    "board_image",
    "describe_board",
    "describe_hand",
    "legend_strip",
    "map_layout",
    "render_board",
    "render_hand",
    "render_hand_image",
    "render_image",
]
