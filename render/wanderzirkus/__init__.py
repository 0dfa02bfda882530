"""Der Wanderzirkus images: ``render_board`` for the public thread, ``render_hand`` for a seat's
private (ephemeral) reply. Pure functions of a view (``rules.wanderzirkus.view``): identical views
give identical bytes.

- ``layout``: measures, palette, the five acts' colours with letters and icon shapes;
- ``icons``: act icons, coins, stop signs, the swap token;
- ``cards``: artist cards (connections as lettered tabs in fixed places), the Pause card, cities, the deck;
- ``row``: a show as a row of cards with joined connections and offset purple stacks;
- ``header``, ``tables``, ``players``, ``board``: the public table;
- ``hand``: the private image (hand, own show, deck, cities, swap token, Pause, pending choices).
"""

from __future__ import annotations

from render.wanderzirkus.board import board_image, render_board, render_image
from render.wanderzirkus.describe import describe_board, describe_hand
from render.wanderzirkus.hand import render_hand, render_hand_image
from render.wanderzirkus.layout import BOARD_WIDTH, BODY, HAND_WIDTH

__all__ = ["BOARD_WIDTH", "BODY", "HAND_WIDTH", "board_image", "describe_board", "describe_hand", "render_board",
           "render_hand", "render_hand_image", "render_image"]
