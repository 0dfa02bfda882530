"""Little Circuses image speed and PNG sizes, on views from seeded games played by the automatic players.

For each sampled moment: the whole ``render_board`` (draw + encode) with cold caches and with warm
ones (a Discord game redraws the board after every decision, and most tiles, panels and the track
repeat from one board to the next), its two halves (``render_image``, then the PNG encode), and the
private ``render_hand``. Sizes of the board and hand PNGs and the board's height.

Run: .venv/bin/python bench/render_little_circuses.py [--games N] [--every K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import common
from render import little_circuses as lcr
from render.little_circuses import header, tiles, track
from render.little_circuses.board import board_parts, encode
from rules.little_circuses.game import LittleCircuses

from sampling import sample_views, timing_line

GAME = LittleCircuses()
CACHES = (tiles.tile_sprite, track.space_sprite, header.card_sprite, lcr.icon_sprite,
          common.token_sprite)








def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--every", type=int, default=25, help="sample a view every K decisions")
    args = parser.parse_args()
    views = sample_views(GAME, args.games, args.every, lambda seed: (
        1 + seed % 7, {"special_side": "red" if seed % 2 and 1 + seed % 7 > 1 else "blue"}))
    cold: list[float] = []
    warm: list[float] = []
    draw: list[float] = []
    encoding: list[float] = []
    hand: list[float] = []
    sizes: list[int] = []
    hand_sizes: list[int] = []
    heights: dict[int, list[int]] = {}
    for players, public, private in views:
        for cache in CACHES:
            cache.cache_clear()
        t0 = time.perf_counter()
        lcr.render_board(public)
        t1 = time.perf_counter()
        data = lcr.render_board(public)
        t2 = time.perf_counter()
        image = lcr.render_image(public)
        t3 = time.perf_counter()
        encode(image)
        t4 = time.perf_counter()
        hand_data = lcr.render_hand(private)
        t5 = time.perf_counter()
        cold.append(t1 - t0)
        warm.append(t2 - t1)
        draw.append(t3 - t2)
        encoding.append(t4 - t3)
        hand.append(t5 - t4)
        sizes.append(len(data))
        hand_sizes.append(len(hand_data))
        # What is posted: one image, or (a big table late in the game) the board then the circuses.
        tallest = max(part.height for part in board_parts(public))
        heights.setdefault(players, []).append(tallest)

    print(f"Little Circuses: {len(views)} boards from {args.games} seeded games (1-7 players), {lcr.WIDTH} px wide")
    print(timing_line("render_board, cold caches", cold, 34))
    print(timing_line("render_board, warm caches", warm, 34))
    print(timing_line("  draw (render_image, warm)", draw, 34))
    print(timing_line("  encode (256-colour PNG)", encoding, 34))
    print(timing_line("render_hand", hand, 34))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")
    for players in sorted(heights):
        tall = heights[players]
        print(f"  {players} player{'s' if players > 1 else ' '}   tallest posted image {min(tall)}-{max(tall)} px")


if __name__ == "__main__":
    main()
