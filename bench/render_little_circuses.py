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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import common
from render import little_circuses as lcr
from render.little_circuses import circus, header, tiles, track
from render.little_circuses.board import encode
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.little_circuses.game import LittleCircuses

GAME = LittleCircuses()
CACHES = (tiles.tile_sprite, circus._panel_image, track.track_image, header.cards_strip, lcr.icon_sprite,
          common.token_sprite)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def sample_views(games: int, every: int) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(players, spectator view, seat view) every ``every`` decisions of seeded games, 1 to 7 players."""
    views = []
    for seed in range(games):
        players = 1 + seed % 7
        side = "red" if seed % 2 and players > 1 else "blue"
        state = GAME.new_game([f"Player {n}" for n in range(1, players + 1)], {"special_side": side}, seed)
        rng = chooser_rng(seed)
        step = 0
        while not GAME.is_over(state):
            seat = pick_seat(GAME, state, rng)
            if step % every == 0:
                views.append((players, GAME.view(state, None), GAME.view(state, seat)))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, pick_action(GAME, state, seat, legal, rng, auto=True))
            step += 1
        views.append((players, GAME.view(state, None), GAME.view(state, 0)))
    return views


def line(name: str, seconds: list[float]) -> str:
    return (f"  {name:34s} median {statistics.median(seconds) * 1000:6.0f} ms   "
            f"p95 {percentile(seconds, 0.95) * 1000:6.0f} ms   max {max(seconds) * 1000:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--every", type=int, default=25, help="sample a view every K decisions")
    args = parser.parse_args()
    views = sample_views(args.games, args.every)
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
        heights.setdefault(players, []).append(image.height)

    print(f"Little Circuses: {len(views)} boards from {args.games} seeded games (1-7 players), {lcr.WIDTH} px wide")
    print(line("render_board, cold caches", cold))
    print(line("render_board, warm caches", warm))
    print(line("  draw (render_image, warm)", draw))
    print(line("  encode (256-colour PNG)", encoding))
    print(line("render_hand", hand))
    kib = [size / 1024 for size in sizes]
    print(f"  board PNG   median {statistics.median(kib):6.0f} KiB   max {max(kib):6.0f} KiB")
    hands = [size / 1024 for size in hand_sizes]
    print(f"  hand PNG    median {statistics.median(hands):6.0f} KiB   max {max(hands):6.0f} KiB")
    for players in sorted(heights):
        tall = heights[players]
        print(f"  {players} player{'s' if players > 1 else ' '}   height {min(tall)}-{max(tall)} px")


if __name__ == "__main__":
    main()
