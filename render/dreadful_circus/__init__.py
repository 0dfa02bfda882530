"""Dreadful Circus images: ``render_board`` for the public thread, ``render_hand`` for a seat's private
(ephemeral) reply.

Pure functions of a View (``rules.dreadful_circus.view.view``): no clock, no randomness, no database,
no Discord; identical views give identical bytes. ``render_board`` reads only the public parts of a
view — Offers, wagons placed (owners, never contents), Tableaux, hand sizes, Seller tokens, and coins
and Contracts only once screens are lifted at the end — so a seat's view draws the same picture.

The board is 1200 px wide, top to bottom: ``offers`` (header, the Offers as full cards with their
Sellers and wagons, the card being resolved), a key, and ``panels`` (one per player). ``hand`` draws
the private image: the seat's coins and Contracts by type, their wagon, the wagon they inspect as a
Seller, Loaded Wagons, a secret choice, and the hand as full cards. ``cards`` draws cards, coins and
Contracts; ``layout`` holds the measures, colours and player marks they share.
"""

from __future__ import annotations

from render.dreadful_circus.board import board_image, render_board, render_image
from render.dreadful_circus.describe import describe_board, describe_hand
from render.dreadful_circus.hand import HAND_WIDTH, render_hand, render_hand_image
from render.dreadful_circus.layout import BODY, SMALL, WIDTH, View

__all__ = [
    "BODY",
    "HAND_WIDTH",
    "SMALL",
    "WIDTH",
    "View",
    "board_image",
    "describe_board",
    "describe_hand",
    "render_board",
    "render_hand",
    "render_hand_image",
    "render_image",
]
