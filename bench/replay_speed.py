"""End-of-game replay cost for every game, on seeded games played by the automatic players: how many
actions, distinct public views and frames, then the CPU time and the peak memory of the whole replay
as the replay worker makes it (``table.renders.draw_replay``: the log re-played through the rules,
the kept boards drawn, scaled and encoded as one animated WebP), and the file's size and frame count
(fewer than drawn only if the byte limit dropped some).

Each replay runs in a process forked from one that has imported the renderers but drawn nothing, as
the bot's replay worker starts (a fresh process per replay): fonts, static layers and other caches
are filled by the replay that needs them, and counted in its time. Its peak resident memory is taken
above what the process held when it started. ``--split`` also prints, in the same kind of process,
the CPU time of the re-play alone and of drawing the kept boards alone (the rest is scaling and
encoding).

Times are CPU seconds of the measured process (``time.process_time``), which a shared machine's load
inflates far less than wall time; with ``--repeats`` the least of several runs (the figure least
disturbed by other work on the machine).

Run: .venv/bin/python bench/replay_speed.py [--kinds circus_train,...] [--seeds N] [--limit K] [--repeats R]
     [--split] [--save FOLDER]
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

from render import replay
from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.game import Game
from table.kits import kit
from table.renders import draw_replay

# The smallest usual table and a big one, per game (Dreadful Circus is played by 4 to 8).
TABLES: dict[str, tuple[int, ...]] = {
    "circus_train": (2, 5),
    "little_circuses": (2, 7),
    "wanderzirkus": (2, 6),
    "dreadful_circus": (4, 8),
}
Log = list[tuple[int, dict[str, Any]]]


def played(game: Game[Any, Any], players: int, seed: int) -> Log:
    """The action log of one seeded game, chosen as ``python -m rules simulate --auto`` chooses."""
    state = game.new_game(default_names(players), {}, seed)
    rng = chooser_rng(seed)
    log: Log = []
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.action_to_json(action)))
    return log


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _measured(work: Callable[[], Any], out: Any) -> None:
    before = _rss_kib()
    start = time.process_time()
    result = work()
    out.send((time.process_time() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before, result))


def in_child(work: Callable[[], Any]) -> tuple[float, int, Any]:
    """CPU seconds, peak resident KiB above the start, and the result of ``work`` in a forked process."""
    receiving, sending = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.get_context("fork").Process(target=_measured, args=(work, sending))
    child.start()
    result: tuple[float, int, Any] = receiving.recv()
    child.join()
    return result


def _frame_count(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert isinstance(image, WebPImagePlugin.WebPImageFile)
        return image.n_frames


def _drawing_only(kind: str, players: int, seed: int, log: Log, limit: int) -> float:
    """CPU seconds of drawing the boards a replay keeps, without scaling or encoding them."""
    game_kit = kit(kind)
    views = replay.replay_views(game_kit.game, default_names(players), {}, seed, log)
    start = time.process_time()
    for index in replay.pick_frames(len(views), limit):
        game_kit.board_image(views[index])
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default=",".join(TABLES), help="games to measure, comma-separated")
    parser.add_argument("--seeds", type=int, default=1, help="games per table size")
    parser.add_argument("--limit", type=int, default=40, help="most frames in one replay")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each replay; the least CPU is shown")
    parser.add_argument("--split", action="store_true", help="also time the re-play and the drawing alone")
    parser.add_argument("--save", type=Path, help="write each replay to this folder (to look at)")
    args = parser.parse_args()
    print(f"Replays of at most {args.limit} frames, as the replay worker draws them (draw_replay), "
          "each in a fresh forked process.")
    print(f"{'game':16s} {'players':>7} {'seed':>4} {'actions':>7} {'views':>5} {'frames':>6}  "
          f"{'CPU s':>6} {'peak MiB':>8} {'WebP KiB':>8} {'kept':>4}")
    for kind in args.kinds.split(","):
        game = kit(kind).game
        for players in TABLES[kind]:
            for seed in range(1, args.seeds + 1):
                log = played(game, players, seed)
                views = replay.replay_views(game, default_names(players), {}, seed, log)
                frames = len(replay.pick_frames(len(views), args.limit))
                cpu, peak, (data, _) = min(in_child(lambda: draw_replay(
                    kind, "a game", default_names(players), {}, seed, log, args.limit))  # noqa: B023
                    for _ in range(args.repeats))
                print(f"{kind:16s} {players:7d} {seed:4d} {len(log):7d} {len(views):5d} {frames:6d}  "
                      f"{cpu:6.2f} {peak / 1024:8.0f} {len(data) / 1024:8.0f} {_frame_count(data):4d}")
                if args.save:
                    args.save.mkdir(parents=True, exist_ok=True)
                    (args.save / f"{kind}-{players}p-{seed}.webp").write_bytes(data)
                if args.split:
                    replayed = min(in_child(lambda: len(replay.replay_views(
                        game, default_names(players), {}, seed, log)))[0] for _ in range(args.repeats))  # noqa: B023
                    drawing = min(in_child(lambda: _drawing_only(kind, players, seed, log, args.limit))[2]  # noqa: B023
                                  for _ in range(args.repeats))
                    print(f"{'':49s} of which re-play {replayed:5.2f} s, drawing {drawing:5.2f} s")


if __name__ == "__main__":
    main()
