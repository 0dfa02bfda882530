"""Little Circuses boards as PNG images: ``render_board`` for the public thread, ``render_hand`` for a
seat's private (ephemeral) reply.

Pure functions of a View (``rules.little_circuses.view.view``): no clock, no randomness, no database,
no Discord; identical views give identical bytes. ``render_board`` reads only the public keys of the
view, so even a seat's view yields only public information.

Parts: ``icons`` (the seven action icons as pictograms), ``tiles`` (one attraction tile with its
marks), ``track`` (John's Master of Ceremonies board), ``header`` (status, player order, market,
Special Attraction cards, legend), ``circus`` (one player's panel: bleacher, circus grid, hand),
``board`` (the public picture), ``hand`` (the private picture) and ``layout`` (shared measures).
"""

from __future__ import annotations

from render.little_circuses.board import board_image, public_part, render_board, render_board_parts, render_image
from render.little_circuses.describe import describe_board, describe_hand
from render.little_circuses.hand import HAND_WIDTH, render_hand, render_hand_image
from render.little_circuses.header import legend_strip
from render.little_circuses.icons import icon_sprite
from render.little_circuses.layout import BODY, SMALL, WIDTH, View

__all__ = [
    "BODY",
    "HAND_WIDTH",
    "SMALL",
    "WIDTH",
    "View",
    "board_image",
    "describe_board",
    "describe_hand",
    "icon_sprite",
    "legend_strip",
    "public_part",
    "render_board",
    "render_board_parts",
    "render_hand",
    "render_hand_image",
    "render_image",
]
