"""Board rendering speed and PNG sizes, on views from seeded games played by the automatic players.

For each board: the whole ``render_board`` (draw + encode), its two halves (``render_image``, then
``to_png``), and — for scale — the bare PNG encode of a pre-drawn image of the same size and mode
(Pillow's default PNG settings on the RGB board itself). Sizes: the PNG ``render_board`` sends, and
the plain full-colour PNG for comparison. Also the private hand image.

Run: .venv/bin/python bench/render_speed.py [--games N] [--every K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import circus_train
from render.common import to_png
from rules.circus_train.game import CircusTrain

from sampling import sample_views, timing_line

GAME = CircusTrain()
OPTIONS: tuple[dict[str, bool], ...] = ({}, {"advanced": True, "special_characters": True, "events": True})








def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=int, default=40, help="sample a view every K decisions")
    args = parser.parse_args()
    views = [(public, private) for _, public, private in
             sample_views(GAME, args.games, args.every, lambda seed: (2 + seed % 4, OPTIONS[seed % 2]))]
    circus_train.render_board(views[0][0])  # warm the caches (static map, fonts, token sprites)

    whole: list[float] = []
    draw: list[float] = []
    encode: list[float] = []
    encode_fast: list[float] = []
    bare: list[float] = []
    hand: list[float] = []
    sizes: list[int] = []
    plain_sizes: list[int] = []
    hand_sizes: list[int] = []
    heights: list[int] = []
    for public, private in views:
        t0 = time.perf_counter()
        data = circus_train.render_board(public)
        t1 = time.perf_counter()
        image = circus_train.render_image(public)
        t2 = time.perf_counter()
        to_png(image)
        t3 = time.perf_counter()
        to_png(image, optimize=True)
        t4 = time.perf_counter()
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        t5 = time.perf_counter()
        hand_data = circus_train.render_hand(private)
        t6 = time.perf_counter()
        whole.append(t1 - t0)
        draw.append(t2 - t1)
        encode.append(t3 - t2)
        encode_fast.append(t4 - t3)
        bare.append(t5 - t4)
        hand.append(t6 - t5)
        sizes.append(len(data))
        plain_sizes.append(len(buffer.getvalue()))
        hand_sizes.append(len(hand_data))
        heights.append(image.height)

    print(f"Circus Train: {len(views)} boards from {args.games} seeded games (2-5 players), "
          f"{circus_train.WIDTH} x {min(heights)}-{max(heights)} px")
    print(timing_line("render_board (draw + encode)", whole))
    print(timing_line("  draw (render_image)", draw))
    print(timing_line("  encode (to_png: palette)", encode))
    print(timing_line("  to_png, optimize=True", encode_fast))
    print(timing_line("bare PNG encode, same image (RGB)", bare))
    print(timing_line("render_hand", hand))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    plain = [size / 1024 for size in plain_sizes]
    print(f"  plain RGB   median {statistics.median(plain):6.0f} KiB   max {max(plain):6.0f} KiB   (for comparison)")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")


if __name__ == "__main__":
    main()
