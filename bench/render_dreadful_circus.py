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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import dreadful_circus
from render.common import to_png
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.registry import get_game

GAME = get_game("dreadful_circus")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def sample_views(games: int, every: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(spectator view, awaited seat's view) every ``every`` decisions of seeded games."""
    views = []
    for seed in range(games):
        players = 4 + seed % 5
        state = GAME.new_game([f"Player {n}" for n in range(1, players + 1)], {"draft": seed % 2 == 1}, seed)
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
    return (f"  {name:32s} median {statistics.median(seconds) * 1000:6.0f} ms   "
            f"p95 {percentile(seconds, 0.95) * 1000:6.0f} ms   max {max(seconds) * 1000:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--every", type=int, default=25, help="sample a view every K decisions")
    args = parser.parse_args()
    views = sample_views(args.games, args.every)
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
    print(line("render_board (draw + encode)", whole))
    print(line("  draw (render_image)", draw))
    print(line("  encode (to_png: palette)", encode))
    print(line("render_hand", hand))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")


if __name__ == "__main__":
    main()
