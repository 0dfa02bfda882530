"""How the part of the board a phone shows above the choices (``render.focus``) reads and what it costs, over
the seeded games the other render benchmarks sample: per game, how often a decision has such a part, its size
against the whole board, the scale its words get in a phone's 340 px column against the whole board's, and the
time to find the box and to cut it from the encoded board (done in a worker thread, once per version and seat).

    nice -n 10 .venv/bin/python bench/render_focus.py [--games N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from render.focus import crop_png, drawn_width, focus
from rules.registry import GAMES
from table.kits import KITS

from sampling import KINDS, sample_views, timing_line

COLUMN = 340  # CSS px: the choices' column on a 390 px phone
WORDS = 21  # px: the boards' body text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2, help="seeded games per kind")
    args = parser.parse_args(argv)
    for kind, spec in KINDS.items():
        views = sample_views(GAMES[kind], args.games, spec.every, spec.setup)
        finding: list[float] = []
        cutting: list[float] = []
        shares: list[float] = []
        words: list[float] = []
        gains: list[float] = []
        decisions = 0
        for _, public, seat_view in views:
            seat = seat_view.get("seat")
            if not isinstance(seat, int) or public.get("over"):
                continue
            decisions += 1
            started = time.perf_counter()
            found = focus(kind, public, seat)
            finding.append(time.perf_counter() - started)
            if found is None:
                continue
            box = found.box
            board = KITS[kind].board_images(public)[found.part]
            width = drawn_width(kind, public)
            started = time.perf_counter()
            crop = crop_png(board, box, width)
            cutting.append(time.perf_counter() - started)
            with Image.open(io.BytesIO(board)) as whole, Image.open(io.BytesIO(crop)) as part:
                shares.append(part.width * part.height / (whole.width * whole.height))
                words.append(WORDS * COLUMN / part.width)
                gains.append(whole.width / part.width)
        print(f"{spec.title}: {len(shares)} of {decisions} decisions have a part of the board "
              f"({len(shares) / max(1, decisions):.0%})")
        if shares:
            print(f"  area, share of the board    median {statistics.median(shares):6.0%}   max {max(shares):6.0%}")
            print(f"  body text on a phone        min {min(words):6.1f} px   median {statistics.median(words):6.1f} px"
                  f"   (whole board {WORDS * COLUMN / drawn_width(kind, views[0][1]):.1f} px)")
            print(f"  scale against the board     min {min(gains):6.2f}×")
            print(timing_line("finding the box", finding))
            print(timing_line("cutting it from the board", cutting))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
