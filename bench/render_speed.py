"""Board and hand rendering cost for every game, on views from seeded games played by the automatic
players: CPU time of the whole ``render_board`` (draw + encode), of its PNG encode alone (the kind's
encoder on the picture it encodes, ``board_image``; drawing is the rest), of the private ``render_hand``,
and the PNG sizes. A game that posts a big table's board in several images (``render_board_parts``)
also gets the CPU time of all its parts. ``--posted`` measures instead what the bot's render worker
really calls per move, ``table.kits.kit(kind).board_images``, and the bytes it sends.

Boards are measured as a server with many live games draws them: the process-wide caches of what
never changes (fonts, sprites, static layers) are warm, but the caches keyed by one game's position
(a player's panel, the last board's PNG) are emptied before each board, because with a thousand
games interleaved in a pool of processes the previous board drawn is almost never the same game's.
Times are CPU seconds of this process (``time.process_time``), which a shared machine's load does
not inflate the way it inflates wall time. Each board is drawn for the first time when it is
timed, so no text or layer drawn only for that position is cached yet.

``--as-worker`` first sets this process up as the bot's render workers are (``table.allocator.tune``,
then ``render.arena.keep_freed_blocks`` where the code has it): there every large picture is a mapping
of its own, so without kept blocks fresh memory costs page faults that the default allocator hides.

``--language de`` draws every picture in that language (the words on boards and hands come from its catalogue;
``qps``, the pseudo-language, is about a third longer than English).

Run: .venv/bin/python bench/render_speed.py [--kinds circus_train,...] [--games N] [--every K] [--as-worker]
[--posted] [--language CODE]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from lang import speaking
from render.common import to_png
from rules.registry import GAMES
from table.kits import kit

from sampling import KINDS, Kind, percentile, sample_views


def _caches(key: str, names: tuple[str, ...]) -> list[Any]:
    found = []
    for name in names:
        module, function = name.split(":")
        cached = getattr(importlib.import_module(f"render.{key}.{module}"), function, None)
        if cached is not None and hasattr(cached, "cache_clear"):
            found.append(cached)
    return found


def _cpu(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def _ms(seconds: list[float]) -> str:
    return f"median {statistics.median(seconds) * 1000:6.1f} ms   p95 {percentile(seconds, 0.95) * 1000:6.1f} ms"


def measure(key: str, kind: Kind, games: int | None, every: int | None) -> dict[str, float]:
    renderer: Any = importlib.import_module(f"render.{key}")
    board_module = importlib.import_module(f"render.{key}.board")
    encode: Callable[[Image.Image], bytes] = getattr(board_module, "encode", to_png)
    views = sample_views(GAMES[key], games or kind.games, every or kind.every, kind.setup)
    caches = _caches(key, kind.position_caches)
    renderer.render_board(views[0][1])  # warm what every board shares (fonts, sprites, static layers)
    renderer.render_hand(views[0][2])

    figures: dict[str, list[float]] = {"whole": [], "draw": [], "encode": [], "hand": [], "kib": [], "hand_kib": []}
    heights: list[int] = []
    for _, public, private in views:
        for cache in caches:
            cache.cache_clear()
        whole, data = _cpu(lambda public=public: renderer.render_board(public))
        image = renderer.board_image(public)  # the picture render_board encodes
        encoding, _ = _cpu(lambda image=image: encode(image))
        hand, hand_data = _cpu(lambda private=private: renderer.render_hand(private))
        if hasattr(renderer, "render_board_parts"):
            for cache in caches:
                cache.cache_clear()
            figures.setdefault("parts", []).append(_cpu(lambda public=public: renderer.render_board_parts(public))[0])
        figures["whole"].append(whole)
        figures["draw"].append(whole - encoding)
        figures["encode"].append(encoding)
        figures["hand"].append(hand)
        figures["kib"].append(len(data) / 1024)
        figures["hand_kib"].append(len(hand_data) / 1024)
        heights.append(image.height)

    print(f"{kind.title}: {len(views)} boards, {image.width} x {min(heights)}-{max(heights)} px (CPU time)")
    print(f"  render_board (draw + encode)  {_ms(figures['whole'])}")
    print(f"    draw (the rest)             {_ms(figures['draw'])}")
    print(f"    encode (PNG)                {_ms(figures['encode'])}")
    print(f"  render_hand                   {_ms(figures['hand'])}")
    if "parts" in figures:
        print(f"  render_board_parts (all)      {_ms(figures['parts'])}")
    print(f"  board PNG  median {statistics.median(figures['kib']):5.0f} KiB   max {max(figures['kib']):5.0f} KiB"
          f"     hand PNG  median {statistics.median(figures['hand_kib']):5.0f} KiB")
    return {name: statistics.median(values) for name, values in figures.items()}


def measure_posted(key: str, kind: Kind, games: int | None, every: int | None) -> dict[str, float]:
    """What the bot's render worker calls per move, ``kit(kind).board_images``, each board drawn for
    the first time; its encode is timed again on the same pictures afterwards (drawing is the rest)."""
    renderer: Any = importlib.import_module(f"render.{key}")
    board_module = importlib.import_module(f"render.{key}.board")
    encode: Callable[[Image.Image], bytes] = getattr(board_module, "encode", to_png)
    pictures: Callable[[Any], list[Image.Image]] = getattr(board_module, "board_parts",
                                                           lambda view: [renderer.board_image(view)])
    game_kit = kit(key)
    views = sample_views(GAMES[key], games or kind.games, every or kind.every, kind.setup)
    caches = _caches(key, kind.position_caches)
    game_kit.board_images(views[0][1])  # warm what every board shares
    figures: dict[str, list[float]] = {"posted": [], "draw": [], "encode": [], "kib": [], "images": []}
    for _, public, _ in views:
        for cache in caches:
            cache.cache_clear()
        posted, data = _cpu(lambda public=public: game_kit.board_images(public))
        images = pictures(public)
        encoding, _ = _cpu(lambda images=images: [encode(image) for image in images])
        figures["posted"].append(posted)
        figures["draw"].append(posted - encoding)
        figures["encode"].append(encoding)
        figures["kib"].append(sum(len(part) for part in data) / 1024)
        figures["images"].append(len(data))
    print(f"{kind.title}: {len(views)} boards posted, {min(figures['images']):.0f}-{max(figures['images']):.0f} "
          f"images each (CPU time)")
    print(f"  board_images (draw + encode)  {_ms(figures['posted'])}")
    print(f"    draw (the rest)             {_ms(figures['draw'])}")
    print(f"    encode (PNG)                {_ms(figures['encode'])}")
    print(f"  posted PNGs  median {statistics.median(figures['kib']):5.0f} KiB   max {max(figures['kib']):5.0f} KiB")
    return {name: statistics.median(values) for name, values in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated game kinds")
    parser.add_argument("--games", type=int, help="seeded games per kind (default: the kind's own)")
    parser.add_argument("--every", type=int, help="sample a view every K decisions (default: the kind's own)")
    parser.add_argument("--as-worker", action="store_true", help="the render workers' memory settings")
    parser.add_argument("--posted", action="store_true", help="only what the bot posts per move (board_images)")
    parser.add_argument("--language", default="en", help="the language the pictures are drawn in (en, de, qps)")
    args = parser.parse_args()
    with speaking(args.language):
        run(args)


def run(args: argparse.Namespace) -> None:
    print(f"Language: {args.language}")
    if args.as_worker:
        from table import allocator
        allocator.tune()
        arena = importlib.util.find_spec("render.arena")
        if arena is not None:
            importlib.import_module("render.arena").keep_freed_blocks()
    if args.posted:
        posted = {key: measure_posted(key, KINDS[key], args.games, args.every) for key in args.kinds.split(",")}
        print("\nMedians of what is posted (ms CPU, KiB):")
        print(f"{'game':18s} {'posted':>6s} {'draw':>6s} {'encode':>6s} {'KiB':>6s}")
        for key, m in posted.items():
            print(f"{KINDS[key].title:18s} {m['posted'] * 1000:6.1f} {m['draw'] * 1000:6.1f} "
                  f"{m['encode'] * 1000:6.1f} {m['kib']:6.0f}")
        return
    medians = {key: measure(key, KINDS[key], args.games, args.every) for key in args.kinds.split(",")}
    print("\nMedians (ms CPU, KiB):")
    print(f"{'game':18s} {'board':>6s} {'draw':>6s} {'encode':>6s} {'hand':>6s} {'board KiB':>9s} {'hand KiB':>8s}")
    for key, m in medians.items():
        print(f"{KINDS[key].title:18s} {m['whole'] * 1000:6.1f} {m['draw'] * 1000:6.1f} {m['encode'] * 1000:6.1f} "
              f"{m['hand'] * 1000:6.1f} {m['kib']:9.0f} {m['hand_kib']:8.0f}")


if __name__ == "__main__":
    main()
