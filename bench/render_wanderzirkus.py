"""Der Wanderzirkus image speed and PNG sizes, on views from seeded games played by the automatic players.

For each sampled moment: the whole ``render_board`` (draw + encode) after the board before it (as in a
running game: the sprites are warm), the drawing alone, the encode alone, and the private ``render_hand``.

Run: .venv/bin/python bench/render_wanderzirkus.py [--games N] [--every K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import wanderzirkus
from render.wanderzirkus import board
from rules.wanderzirkus.game import Wanderzirkus

from sampling import sample_views, timing_line

GAME = Wanderzirkus()
OPTIONS: tuple[dict[str, bool], ...] = ({}, {"pro": True}, {"simplified": True})








def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--every", type=int, default=15, help="sample a view every K decisions")
    args = parser.parse_args()
    views = [(public, private) for _, public, private in
             sample_views(GAME, args.games, args.every, lambda seed: (2 + seed % 5, OPTIONS[seed % 3]))]
    wanderzirkus.render_board(views[0][0])  # warm the caches (fonts, icons, the legend)

    whole: list[float] = []
    cold: list[float] = []
    encode: list[float] = []
    hand: list[float] = []
    sizes: list[int] = []
    hand_sizes: list[int] = []
    heights: list[int] = []
    for public, private in views:
        wanderzirkus.render_image(public)  # as in a game: the previous board warmed the sprites
        t0 = time.perf_counter()
        data = wanderzirkus.render_board(public)
        t1 = time.perf_counter()
        image = wanderzirkus.render_image(public)
        t2 = time.perf_counter()
        board.encode(image)
        t3 = time.perf_counter()
        hand_data = wanderzirkus.render_hand(private)
        t4 = time.perf_counter()
        whole.append(t1 - t0)
        cold.append(t2 - t1)
        encode.append(t3 - t2)
        hand.append(t4 - t3)
        sizes.append(len(data))
        hand_sizes.append(len(hand_data))
        heights.append(image.height)

    print(f"Der Wanderzirkus: {len(views)} boards from {args.games} seeded games (2-6 players), "
          f"{wanderzirkus.BOARD_WIDTH} x {min(heights)}-{max(heights)} px")
    print(timing_line("render_board", whole))
    print(timing_line("  draw", cold))
    print(timing_line("  encode (fixed palette)", encode))
    print(timing_line("render_hand", hand))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")


if __name__ == "__main__":
    main()
