"""Makes each game's fixed palettes (``render/<game>/palette.py``: 256 colours for its boards, 256 for
its hands) from the pictures of seeded games played by the automatic players, and prints how far the
pictures of other seeds stray from full colour once mapped to them (the mean per-channel error the
render tests hold under ``render.common.CRISP_ERROR``).

Run again after changing the colours a game draws with, then run the render tests:
    .venv/bin/python bench/render_palettes.py [--kinds circus_train,...] [--check]
``--check`` only prints the errors of the palettes in place.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from render.common import fit_height
from render.png import palette_of, palette_picture, picture_error
from rules.registry import GAMES

from sampling import KINDS, sample_views

ROOT = Path(__file__).resolve().parent.parent
# Training games start at this seed, the games the errors are measured on at 0 (as the benchmarks').
TRAINING_SEED = 1000
# Pictures a palette is made from, evenly chosen among those drawn (the octree stacks them all in memory).
MOST_PICTURES = 80


def spread(images: list[Image.Image], most: int) -> list[Image.Image]:
    if len(images) <= most:
        return images
    return [images[i * len(images) // most] for i in range(most)]


def board_pictures(key: str) -> Callable[[Any], list[Image.Image]]:
    """The pictures a game posts for a public view, before encoding."""
    renderer: Any = importlib.import_module(f"render.{key}")
    board: Any = importlib.import_module(f"render.{key}.board")
    if hasattr(board, "board_parts"):
        return board.board_parts  # type: ignore[no-any-return]
    return lambda view: [fit_height(renderer.render_image(view))]


def pictures(key: str, games: int, every: int, first_seed: int) -> tuple[list[Image.Image], list[Image.Image]]:
    kind = KINDS[key]
    renderer: Any = importlib.import_module(f"render.{key}")
    boards, hands = [], []
    draw_board = board_pictures(key)
    for _, public, private in sample_views(GAMES[key], games, every, kind.setup, first_seed):
        boards.extend(draw_board(public))
        hands.append(renderer.render_hand_image(private))
    return boards, hands


def module_text(title: str, board: bytes, hand: bytes) -> str:
    def literal(colours: bytes) -> str:
        lines = textwrap.wrap(colours.hex(), 96)
        return "bytes.fromhex(\n" + "".join(f'    "{line}"\n' for line in lines) + ")"

    return (f'"""The fixed palettes {title} pictures are stored with (``render.png.palette_png``): 256\n'
            "colours for the boards, 256 for the hands. Made by ``bench/render_palettes.py`` from seeded games'\n"
            "pictures: do not edit by hand, run it again after changing the colours the pictures use.\n"
            '"""\n\n'
            f"BOARD = {literal(board)}\n\nHAND = {literal(hand)}\n")


def errors(images: list[Image.Image], colours: bytes) -> str:
    values = [picture_error(image, palette_picture(image, colours)) for image in images]
    return f"mean {statistics.mean(values):.2f}  worst {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--games", type=int, default=12, help="training games per kind")
    parser.add_argument("--check", action="store_true", help="only measure the palettes in place")
    args = parser.parse_args()
    for key in args.kinds.split(","):
        kind = KINDS[key]
        if not args.check:
            boards, hands = pictures(key, args.games, max(10, kind.every // 2), TRAINING_SEED)
            boards, hands = spread(boards, MOST_PICTURES), spread(hands, MOST_PICTURES)
            path = ROOT / "render" / key / "palette.py"
            path.write_text(module_text(kind.title, palette_of(boards), palette_of(hands)), encoding="utf-8")
            print(f"{kind.title}: palettes from {len(boards)} boards and {len(hands)} hands written to {path}")
        palette: Any = importlib.reload(importlib.import_module(f"render.{key}.palette"))
        boards, hands = pictures(key, kind.games, kind.every, 0)
        print(f"  other seeds: boards {errors(boards, palette.BOARD)}   hands {errors(hands, palette.HAND)}")


if __name__ == "__main__":
    main()
