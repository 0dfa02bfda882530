"""End-of-game replay cost, on seeded Circus Train games of 2 and 5 players played by the automatic
players: how many actions, how many distinct public views and frames are kept, the time of each
stage (re-playing the public views, drawing the kept boards, encoding the animated WebP) as wall and
CPU seconds, the WebP size and its frame count (fewer than drawn only if the byte limit dropped some).

Run: .venv/bin/python bench/replay_speed.py [--seeds N] [--limit K]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per player count")
    parser.add_argument("--limit", type=int, default=40, help="most frames in one replay")
    args = parser.parse_args()
    circus_train.render_board(GAME.view(GAME.new_game(default_names(2), {}, 0), None))  # warm the caches

    print(f"Circus Train replays: at most {args.limit} frames, animate() defaults (800 px wide, "
          f"qualities {replay.QUALITIES}, method {replay.METHOD}, at most 7,000,000 bytes)")
    print("Stage times in seconds, wall/CPU (wall grows with the machine's load; CPU does not).")
    print(f"{'players':>7} {'seed':>4} {'actions':>7} {'views':>5} {'frames':>6} "
          f"{'replay':>12} {'draw':>12} {'animate':>12} {'WebP KiB':>8} {'kept':>4}")
    for players in (2, 5):
        for seed in range(1, args.seeds + 1):
            log = played(players, seed)
            wall = [time.perf_counter()]
            cpu = [time.process_time()]
            views = replay.replay_views(GAME, default_names(players), {}, seed, log)
            wall.append(time.perf_counter())
            cpu.append(time.process_time())
            boards = [circus_train.render_board(views[i]) for i in replay.pick_frames(len(views), args.limit)]
            wall.append(time.perf_counter())
            cpu.append(time.process_time())
            data = replay.animate(boards)
            wall.append(time.perf_counter())
            cpu.append(time.process_time())
            stages = "".join(f" {wall[n + 1] - wall[n]:6.2f}/{cpu[n + 1] - cpu[n]:5.2f}" for n in range(3))
            print(f"{players:7d} {seed:4d} {len(log):7d} {len(views):5d} {len(boards):6d}{stages} "
                  f"{len(data) / 1024:8.0f} {_frame_count(data):4d}")


def _frame_count(data: bytes) -> int:
    """Frames in the encoded animation (fewer than drawn only when the byte limit forced dropping)."""
    with Image.open(io.BytesIO(data)) as image:
        assert isinstance(image, WebPImagePlugin.WebPImageFile)
        return image.n_frames


if __name__ == "__main__":
    main()
