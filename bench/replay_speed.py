"""End-of-game replay cost, on seeded Circus Train games of 2 and 5 players played by the automatic
players: how many actions, distinct public views and frames, then the CPU time and the peak memory of
building the animated WebP from the kept views, two ways:

- ``png``: each frame drawn and encoded by ``render_board``, ``animate`` decoding the PNG bytes (the
  only way before the renderers offered ``board_image``);
- ``picture``: ``animate`` fed a generator of ``board_image`` pictures, one drawn at a time.

Each way runs in a fresh forked process, so its peak resident memory (above what the process held
before it started) is its own. Also the WebP size and its frame count (fewer than drawn only if the
byte limit dropped some).

Run: .venv/bin/python bench/replay_speed.py [--seeds N] [--limit K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, WebPImagePlugin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import circus_train, replay
from rules.circus_train.game import CircusTrain
from rules.cli import chooser_rng, default_names, pick_action, pick_seat

GAME = CircusTrain()
Log = list[tuple[int, dict[str, object]]]


def played(players: int, seed: int) -> Log:
    """The action log of one seeded game, chosen as ``python -m rules simulate`` chooses."""
    state = GAME.new_game(default_names(players), {}, seed)
    rng = chooser_rng(seed)
    log: Log = []
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=True)
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, GAME.action_to_json(action)))
    return log


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _measured(build: Callable[[], bytes], out: Any) -> None:
    before = _rss_kib()
    start = time.process_time()
    data = build()
    out.send((time.process_time() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before, data))


def in_child(build: Callable[[], bytes]) -> tuple[float, int, bytes]:
    """CPU seconds, peak resident KiB above the start, and the result of ``build`` in a forked process."""
    receiving, sending = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.get_context("fork").Process(target=_measured, args=(build, sending))
    child.start()
    result: tuple[float, int, bytes] = receiving.recv()
    child.join()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per player count")
    parser.add_argument("--limit", type=int, default=40, help="most frames in one replay")
    args = parser.parse_args()
    circus_train.render_board(GAME.view(GAME.new_game(default_names(2), {}, 0), None))  # warm the caches
    ways: dict[str, Callable[[list[Any]], Callable[[], bytes]]] = {
        "png": lambda views: lambda: replay.animate([circus_train.render_board(view) for view in views]),
    }
    if hasattr(circus_train, "board_image"):
        ways["picture"] = lambda views: lambda: replay.animate(circus_train.board_image(view) for view in views)

    print(f"Circus Train replays: at most {args.limit} frames, animate() defaults (800 px wide, "
          f"qualities {replay.QUALITIES}, method {replay.METHOD}, at most 7,000,000 bytes)")
    print("CPU seconds and peak memory (MiB above the start) of drawing the kept frames and animating them.")
    print(f"{'players':>7} {'seed':>4} {'actions':>7} {'views':>5} {'frames':>6}  {'way':8s} "
          f"{'CPU s':>6} {'peak MiB':>8} {'WebP KiB':>8} {'kept':>4}")
    for players in (2, 5):
        for seed in range(1, args.seeds + 1):
            log = played(players, seed)
            views = replay.replay_views(GAME, default_names(players), {}, seed, log)
            kept = [views[i] for i in replay.pick_frames(len(views), args.limit)]
            for way, build in ways.items():
                cpu, peak, data = in_child(build(kept))
                print(f"{players:7d} {seed:4d} {len(log):7d} {len(views):5d} {len(kept):6d}  {way:8s} "
                      f"{cpu:6.2f} {peak / 1024:8.0f} {len(data) / 1024:8.0f} {_frame_count(data):4d}")


def _frame_count(data: bytes) -> int:
    """Frames in the encoded animation (fewer than drawn only when the byte limit forced dropping)."""
    with Image.open(io.BytesIO(data)) as image:
        assert isinstance(image, WebPImagePlugin.WebPImageFile)
        return image.n_frames


if __name__ == "__main__":
    main()
