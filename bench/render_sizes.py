"""Image sizes at the biggest table of every game: the tallest board (every public image, for a game
that splits its board) and the tallest hand, in pixels and bytes, over seeded games at the most
players played by the automatic players. Boards must stay at most 1600 x 2000 px (phone-sized).

Run: .venv/bin/python bench/render_sizes.py [--games N] [--every K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from rules.registry import GAMES

from sampling import sample_views


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def _single(renderer: Any) -> Callable[[Any], list[bytes]]:
    """A game that never splits its board: its one image."""
    return lambda view: [renderer.render_board(view)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=20, help="sample a view every K decisions")
    args = parser.parse_args()
    print(f"{'game':16s} {'players':>7s}  {'tallest board (w x h, KiB)':>28s}  "
          f"{'tallest hand (w x h, KiB)':>27s}  parts")
    for key, game in GAMES.items():
        renderer: Any = importlib.import_module(f"render.{key}")
        parts: Callable[[Any], list[bytes]] = getattr(renderer, "render_board_parts", _single(renderer))
        most = game.max_players
        views = sample_views(game, args.games, args.every, lambda seed, most=most: (most, {}))
        board = (0, 0, 0)
        hand = (0, 0, 0)
        most_parts = 1
        for _, public, private in views:
            images = parts(public)
            most_parts = max(most_parts, len(images))
            for data in images:
                width, height = _size(data)
                board = max(board, (height, width, len(data)))
            data = renderer.render_hand(private)
            width, height = _size(data)
            hand = max(hand, (height, width, len(data)))
        print(f"{key:16s} {game.max_players:7d}  {board[1]:>10d} x {board[0]:4d}, {board[2] / 1024:6.0f}  "
              f"{hand[1]:>10d} x {hand[0]:4d}, {hand[2] / 1024:6.0f}  {most_parts}")


if __name__ == "__main__":
    main()
