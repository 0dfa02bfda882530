"""A show as a row of cards, left to right, the way it lies on the table.

Neighbours' tabs meet, and every colour the two share is drawn as a joint. A purple stack is an
offset stack: each acrobat lies a little lower than the one beneath it, so every one shows. When the
show continued from one acrobat of a stack (``exit``), that card is drawn on top with a ring and the
row carries on level with it. A row too long for the width wraps onto a new line.

``layout_row`` only measures (the canvas is made at its final size in one go); ``draw_row`` pastes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, RGB
from render.wanderzirkus.cards import draw_artist, link
from render.wanderzirkus.layout import EXIT_RING, CardSize

LINE_GAP = 18


@dataclass(frozen=True)
class Placed:
    card: Mapping[str, Any]
    x: float  # left edge of the left tabs
    y: float
    ring: RGB | None = None


@dataclass
class RowLayout:
    cards: list[Placed] = field(default_factory=list)
    joints: list[tuple[Placed, Placed]] = field(default_factory=list)  # (left card, right card) side by side
    width: float = 0
    height: float = 0


def layout_row(columns: Sequence[Mapping[str, Any]], size: CardSize, max_width: float) -> RowLayout:
    """Where every card of a show goes, relative to the row's top-left corner."""
    out = RowLayout()
    per_line = max(1, int(max_width // size.pitch))
    x = 0.0
    line_top = 0.0
    level = 0.0  # how far below the line's top the row currently runs (after a stack exit)
    line_bottom = 0.0
    previous: Placed | None = None
    for index, column in enumerate(columns):
        cards = list(column.get("cards") or [])
        if not cards:
            continue
        if index and index % per_line == 0:
            line_top = line_bottom + LINE_GAP
            x, level, previous = 0.0, 0.0, None
        top = line_top + level
        exit_index = column.get("exit")
        placed = [Placed(card, x, top + i * size.stack_step) for i, card in enumerate(cards)]
        if isinstance(exit_index, int) and len(cards) > 1 and 0 <= exit_index < len(cards):
            # The card the show continued from goes on top, ringed, and the row stays level with it.
            chosen = Placed(cards[exit_index], x, top + exit_index * size.stack_step, EXIT_RING)
            placed = [p for i, p in enumerate(placed) if i != exit_index] + [chosen]
            exit_card = chosen
            level += exit_index * size.stack_step
        else:
            exit_card = placed[-1]
        if previous is not None:
            out.joints.append((previous, placed[0] if len(cards) == 1 else _entry(placed)))
        out.cards.extend(placed)
        line_bottom = max(line_bottom, top + (len(cards) - 1) * size.stack_step + size.height)
        out.width = max(out.width, x + size.pitch)
        x += size.pitch
        previous = exit_card
    out.height = line_bottom
    return out


def _entry(placed: Sequence[Placed]) -> Placed:
    """The card of a stack its left neighbour touches: the bottom acrobat, laid first."""
    return min(placed, key=lambda p: p.y)


def draw_row(image: Image.Image, layout: RowLayout, size: CardSize, left: float, top: float) -> None:
    draw = ImageDraw.Draw(image)
    for card in layout.cards:
        draw_artist(image, card.card, size, left + card.x, top + card.y, card.ring)
    for a, b in layout.joints:
        if abs(a.y - b.y) < 1:
            link(draw, size, a.card, b.card, left + b.x, top + b.y)
        else:
            # A stack's exit and the next card lie level by construction; anything else is a wrap.
            draw.line([(left + a.x + size.pitch, top + a.y + 8), (left + b.x, top + b.y + 8)], fill=INK, width=2)
