"""Dreadful Circus rendering speed and PNG sizes, on views from seeded games played by the automatic
players (4 to 8 players, with and without the draft).

For each sampled moment: the whole ``render_board`` (draw + encode), its two halves (``render_image``,
then ``to_png``), and the private image (``render_hand``) of a seat the game awaits. Sizes: the board
and private PNGs as sent.

Run: .venv/bin/python bench/render_dreadful_circus.py [--games N] [--every K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import dreadful_circus
from render.common import to_png
from rules.registry import get_game

from sampling import sample_views, timing_line

GAME = get_game("dreadful_circus")








def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--every", type=int, default=25, help="sample a view every K decisions")
    args = parser.parse_args()
    views = [(public, private) for _, public, private in
             sample_views(GAME, args.games, args.every, lambda seed: (4 + seed % 5, {"draft": seed % 2 == 1}))]
    dreadful_circus.render_board(views[0][0])  # warm the caches (fonts, token sprites, cards)

    whole: list[float] = []
    draw: list[float] = []
    encode: list[float] = []
    hand: list[float] = []
    sizes: list[int] = []
    hand_sizes: list[int] = []
    heights: list[int] = []
    for public, private in views:
        t0 = time.perf_counter()
        data = dreadful_circus.render_board(public)
        t1 = time.perf_counter()
        image = dreadful_circus.render_image(public)
        t2 = time.perf_counter()
        to_png(image)
        t3 = time.perf_counter()
        hand_data = dreadful_circus.render_hand(private)
        t4 = time.perf_counter()
        whole.append(t1 - t0)
        draw.append(t2 - t1)
        encode.append(t3 - t2)
        hand.append(t4 - t3)
        sizes.append(len(data))
        hand_sizes.append(len(hand_data))
        heights.append(image.height)

    print(f"Dreadful Circus: {len(views)} boards from {args.games} seeded games (4-8 players), "
          f"{dreadful_circus.WIDTH} x {min(heights)}-{max(heights)} px")
    print(timing_line("render_board (draw + encode)", whole, 32))
    print(timing_line("  draw (render_image)", draw, 32))
    print(timing_line("  encode (to_png: palette)", encode, 32))
    print(timing_line("render_hand", hand, 32))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")


if __name__ == "__main__":
    main()
