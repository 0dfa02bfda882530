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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import circus_train
from render.common import to_png
from rules.circus_train.game import CircusTrain
from rules.cli import chooser_rng, pick_action, pick_seat

GAME = CircusTrain()
OPTIONS: tuple[dict[str, bool], ...] = ({}, {"advanced": True, "special_characters": True, "events": True})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def sample_views(games: int, every: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(spectator view, seat view) pairs every ``every`` decisions of seeded games, 2 to 5 players."""
    views = []
    for seed in range(games):
        players = 2 + seed % 4
        state = GAME.new_game([f"Player {n}" for n in range(1, players + 1)], OPTIONS[seed % 2], seed)
        rng = chooser_rng(seed)
        step = 0
        while not GAME.is_over(state):
            seat = pick_seat(GAME, state, rng)
            if step % every == 0:
                views.append((GAME.view(state, None), GAME.view(state, seat)))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, pick_action(GAME, state, seat, legal, rng, auto=True))
            step += 1
        views.append((GAME.view(state, None), GAME.view(state, 0)))
    return views


def line(name: str, seconds: list[float]) -> str:
    return (f"  {name:38s} median {statistics.median(seconds) * 1000:6.0f} ms   "
            f"p95 {percentile(seconds, 0.95) * 1000:6.0f} ms   max {max(seconds) * 1000:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=int, default=40, help="sample a view every K decisions")
    args = parser.parse_args()
    views = sample_views(args.games, args.every)
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
    print(line("render_board (draw + encode)", whole))
    print(line("  draw (render_image)", draw))
    print(line("  encode (to_png: palette)", encode))
    print(line("  to_png, optimize=True", encode_fast))
    print(line("bare PNG encode, same image (RGB)", bare))
    print(line("render_hand", hand))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    plain = [size / 1024 for size in plain_sizes]
    print(f"  plain RGB   median {statistics.median(plain):6.0f} KiB   max {max(plain):6.0f} KiB   (for comparison)")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")


if __name__ == "__main__":
    main()
