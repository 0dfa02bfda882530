"""Where a board render worker's memory goes: a worker started exactly as the bot starts its own
(``table.renders``: forkserver with its preload, ``_start_worker``'s allocator and Pillow settings,
its trims) draws the posted boards of seeded games of every kind, interleaved as a thousand live
games interleave them, and reports after every stage what it holds.

Run: .venv/bin/python bench/worker_memory.py [--boards N] [--tracemalloc] [--clear] [--trim] [--replays]

Per stage: RSS and PSS of the worker (anonymous and file-backed), its C heap and how much of it is
free but kept (``malloc_info``), Pillow's kept blocks, what is resident by kind of mapping, and with
``--tracemalloc`` the Python allocations by line. ``--clear`` then empties the renderers' caches one
by one and tells what each gave back (C memory and Python blocks); ``--trim`` hands the heap's free
pages back (``malloc_trim``) and tells what that gave and cost; ``--replays`` draws one replay of every
kind, each in a fresh process as ``ProcessRenders`` does, and tells its CPU time and peak memory.
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import multiprocessing
import os
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.registry import GAMES
from table import renders

from sampling import KINDS, sample_views


def smaps(pid: str = "self") -> dict[str, int]:
    found = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":")
        found[key] = int(value.split()[0]) * 1024
    return found


def mappings() -> dict[str, tuple[int, int]]:
    """Resident bytes and count of the process's mappings, by kind: the C heap, anonymous mappings of
    at least 1 MiB (pictures' pixels, Pillow's blocks) and smaller ones (Python's object arenas of
    256 KiB, the C allocator's other arenas), and files."""
    kinds: dict[str, list[int]] = {}
    kind = ""
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and not head[0].endswith(":"):
            start, end = (int(part, 16) for part in head[0].split("-"))
            name = head[5] if len(head) > 5 else ""
            kind = (name if name.startswith("[") else "files" if name else
                    "anonymous ≥ 1 MiB" if end - start >= 2**20 else "anonymous < 1 MiB")
            kinds.setdefault(kind, [0, 0])[1] += 1
        elif head[0] == "Rss:":
            kinds[kind][0] += int(head[1]) * 1024
    return {name: (rss, count) for name, (rss, count) in kinds.items()}


def _libc() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("c"))


def malloc_free() -> tuple[int, int]:
    """(bytes in the heaps the allocator holds free, bytes of heap in all): from ``malloc_info``."""
    libc = _libc()
    libc.open_memstream.restype = ctypes.c_void_p
    buffer, size = ctypes.c_char_p(), ctypes.c_size_t()
    stream = libc.open_memstream(ctypes.byref(buffer), ctypes.byref(size))
    libc.malloc_info(0, ctypes.c_void_p(stream))
    libc.fclose(ctypes.c_void_p(stream))
    text = ctypes.string_at(buffer, size.value).decode()
    libc.free(buffer)
    tail = text[text.rfind("</heap>"):]
    free = sum(int(v) for v in re.findall(r'<total type="(?:fast|rest)" count="\d+" size="(\d+)"', tail))
    heap = int(re.findall(r'<system type="current" size="(\d+)"', tail)[0])
    return free, heap


def report(stage: str, top: int) -> str:
    from PIL import _imaging
    mb = 1024 * 1024
    gc.collect()
    own = smaps()
    free, heap = malloc_free()
    lines = [f"== {stage}",
             f"  RSS {own['Rss'] / mb:.0f} MB, PSS {own['Pss'] / mb:.0f} MB (anonymous {own['Pss_Anon'] / mb:.0f}, "
             f"files {own['Pss_File'] / mb:.0f}); private dirty {own['Private_Dirty'] / mb:.0f} MB",
             f"  C heaps {heap / mb:.0f} MB of which free {free / mb:.0f} MB; Pillow kept blocks "
             f"{_imaging.get_stats()['blocks_cached']}",
             "  resident by mapping: " + ", ".join(f"{name} {rss / mb:.0f} MB ({count})"
                                                  for name, (rss, count) in sorted(mappings().items()))]
    try:
        import tracemalloc
        if tracemalloc.is_tracing():
            snapshot = tracemalloc.take_snapshot()
            total = sum(stat.size for stat in snapshot.statistics("filename"))
            lines.append(f"  Python allocations traced: {total / mb:.1f} MB; biggest by line:")
            for stat in snapshot.statistics("lineno")[:top]:
                frame = stat.traceback[0]
                where = f"{Path(frame.filename).name}:{frame.lineno}"
                lines.append(f"    {stat.size / mb:6.2f} MB {stat.count:7d} blocks  {where}")
    except ImportError:
        pass
    return "\n".join(lines)


def start_tracing() -> None:
    import tracemalloc
    tracemalloc.start(1)


def draw(kind: str, view: Any) -> int:
    return sum(len(image) for image in renders.draw_board(kind, view))


def trim() -> str:
    libc = _libc()
    before = smaps()["Rss"]
    started = time.process_time()
    libc.malloc_trim(0)
    spent = time.process_time() - started
    return f"malloc_trim(0): RSS {before / 2**20:.0f} → {smaps()['Rss'] / 2**20:.0f} MB, {spent * 1000:.2f} ms of CPU"


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def in_use() -> int:
    """Bytes the C allocator has handed out and not had back (heap blocks in use plus own mappings)."""
    libc = _libc()
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    return int(info.uordblks + info.hblkhd)


def cache_costs() -> str:
    """What each cache holds, in C memory (pictures' pixels, FreeType's faces, Python objects bigger than
    512 bytes) and in Python's small-object arenas: measured by emptying the caches one by one."""
    from PIL import _imaging
    _imaging.set_blocks_max(0)  # freed pictures go back to the allocator, so they show
    seen: dict[int, tuple[str, Any]] = {}
    for name, module in sorted(sys.modules.items()):
        if name.startswith(("render", "table")):
            for attribute, value in vars(module).items():
                if hasattr(value, "cache_clear") and hasattr(value, "cache_info") and id(value) not in seen:
                    seen[id(value)] = (f"{getattr(value, '__module__', name)}.{attribute}", value)
    rows = []
    for label, function in seen.values():
        entries = function.cache_info().currsize
        if not entries:
            continue
        gc.collect()
        before, python_before = in_use(), sys.getallocatedblocks()
        function.cache_clear()
        gc.collect()
        rows.append((before - in_use(), label, entries, python_before - sys.getallocatedblocks()))
    rows.sort(reverse=True)
    return "\n".join(f"  {freed / 2**20:6.2f} MB  {entries:5d} entries {blocks:7d} Python blocks  {label}"
                     for freed, label, entries, blocks in rows)


def clear_caches() -> str:
    """Empty every functools cache of the renderers (what is left is what no cache holds)."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if name.startswith(("render", "table")):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear") and hasattr(value, "cache_info"):
                    value.cache_clear()
                    cleared += 1
    gc.collect()
    return report(f"after emptying {cleared} caches", 0)


def replay_figures(kind: str, players: list[str], options: dict[str, Any], seed: int,
                   actions: list[tuple[int, dict[str, Any]]], frames: int) -> str:
    """Draw one replay as the bot does (``draw_replay``, in a fresh process) and tell its CPU time, its
    peak RSS and, at its end, its PSS (what it costs beside the forkserver it shares pages with)."""
    started = time.process_time()
    picture, _ = renders.draw_replay(kind, "a game", players, options, seed, actions, frames)
    spent = time.process_time() - started
    peak = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines()
                if line.startswith("VmHWM:")) * 1024
    own = smaps()
    mb = 1024 * 1024
    return (f"  {kind}: {len(actions)} actions, {frames} frames, {len(picture) / mb:.1f} MB: CPU {spent:.2f} s, "
            f"peak RSS {peak / mb:.0f} MB, at the end RSS {own['Rss'] / mb:.0f} MB, PSS {own['Pss'] / mb:.0f} MB")


def played(key: str, seed: int) -> tuple[list[str], dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A seeded game of ``key`` played to its end by the automatic players: its players, options, actions."""
    from rules.cli import chooser_rng, pick_action, pick_seat
    game = GAMES[key]
    count, options = KINDS[key].setup(seed)
    players = [f"Player {n}" for n in range(1, count + 1)]
    state = game.new_game(players, options, seed)
    rng = chooser_rng(seed)
    actions = []
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=True)
        actions.append((seat, dict(game.action_to_json(action))))
        state, _ = game.apply(state, seat, action)
    return players, dict(options), actions


def forkserver_report() -> str:
    own = smaps(str(os.getppid()))
    return (f"== the forkserver (the workers' parent): RSS {own['Rss'] / 2**20:.0f} MB, "
            f"PSS {own['Pss'] / 2**20:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=400, help="boards drawn in all")
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument("--trim", action="store_true")
    parser.add_argument("--top", type=int, default=12, help="lines of --tracemalloc's report")
    parser.add_argument("--clear", action="store_true", help="at the end, empty every render cache and report")
    parser.add_argument("--replays", action="store_true",
                        help="then draw one replay of every kind, each in a fresh process as the bot does")
    args = parser.parse_args()
    views = [(key, public) for key, kind in KINDS.items()
             for _, public, _ in sample_views(GAMES[key], kind.games, kind.every, kind.setup)]
    random.Random(1).shuffle(views)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(renders.PRELOAD))
    with ProcessPoolExecutor(1, mp_context=context, initializer=renders._start_worker,
                             initargs=(os.getpid(),)) as worker:
        print(worker.submit(report, "started (preloaded renderers, worker settings)", args.top).result())
        print(worker.submit(forkserver_report).result())
        if args.tracemalloc:
            worker.submit(start_tracing).result()
        checkpoints = {50, args.boards // 4, args.boards // 2, args.boards}
        started = time.monotonic()
        for drawn in range(1, args.boards + 1):
            kind, view = views[(drawn - 1) % len(views)]
            worker.submit(draw, kind, view).result()
            if drawn in checkpoints:
                print(worker.submit(report, f"after {drawn} boards ({time.monotonic() - started:.0f} s)",
                                    args.top).result(), flush=True)
        if args.clear:
            print("what emptying each cache gave back:")
            print(worker.submit(cache_costs).result())
            print(worker.submit(clear_caches).result())
        if args.trim:
            print(worker.submit(trim).result())
        print(worker.submit(forkserver_report).result())
    if args.replays:
        print("replays, each in a fresh process (as ProcessRenders draws them):")
        for key in KINDS:
            players, options, actions = played(key, 3)
            with ProcessPoolExecutor(1, mp_context=context, initializer=renders._start_replay_worker,
                                     initargs=(os.getpid(),)) as one:
                print(one.submit(replay_figures, key, players, options, 3, actions, 40).result(), flush=True)


if __name__ == "__main__":
    main()
