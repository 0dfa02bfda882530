"""Long lines of text drawn a word at a time, from glyph masks kept per word.

A board's long lines (an event's text, a player's facts, a score breakdown) are composed anew on almost
every board, so drawn whole each was a new FreeType rendering, 1-1.7 ms for a line across the board,
while its words ("coins", "VP", "8", "Overnight") come back board after board. Each word is drawn from
``render.common.put_text``'s cached masks where it stands in the whole line: the line's anchor plus
the advance of the words and spaces before it (the bundled fonts kern nothing across a space, so that
is the advance of the text before it, from the words' cached widths). A word starts on the whole pixel
nearest its place in the line: at most half a pixel from where FreeType puts it in the whole line, as
``put_text`` already moves whole lines. The box a line covers (``draw_words``' result) is the whole
line's, as before.

Lines with an outline (``stroke``) are drawn whole: each word's outline would blend over its
neighbour's where they meet. So are short lines, which are mostly cached whole already.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import ImageDraw

import render.common as common
from render.common import (
    INK,
    PAPER,
    RGB,
    Box,
    Font,
    Point,
    fit_text,
    put_text,
    text_box,
    text_width,
    wrap_text,
)

# Lines shorter than this (characters) are drawn whole: they repeat often enough to be cached as they are.
LONG_LINE = 12


def put_words(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font,
              fill: RGB | tuple[int, int, int, int] = INK, *, anchor: str = "la", stroke: int = 0,
              stroke_fill: RGB = PAPER) -> None:
    """``render.common.put_text``, a word at a time for a long line (see the module's notes)."""
    words = text.split(" ")
    if stroke or len(text) < LONG_LINE or len(words) < 2 or "\n" in text or anchor[0] not in "lmr":
        put_text(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)
        return
    sink = common.text_sink
    if sink is not None:  # measured as the one line it is, not word by word
        sink(draw, xy, text, font, anchor, stroke)
        common.text_sink = None
    try:
        _put_each_word(draw, xy, text, words, font, fill, anchor)
    finally:
        common.text_sink = sink


def _put_each_word(draw: ImageDraw.ImageDraw, xy: Point, text: str, words: list[str], font: Font,
                   fill: RGB | tuple[int, int, int, int], anchor: str) -> None:
    x, y = xy
    if anchor[0] != "l":
        x -= line_width(text, font) / (2 if anchor[0] == "m" else 1)
    left = "l" + anchor[1:]
    space = text_width(" ", font)
    for word in words:
        if word:
            put_text(draw, (x, y), word, font, fill, anchor=left)
        x += text_width(word, font) + space


def draw_words(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font, fill: RGB = INK, *,
               anchor: str = "la", stroke: int = 0, stroke_fill: RGB = PAPER) -> Box:
    """``render.common.draw_text``, drawing a long line a word at a time; returns the box it covers."""
    put_words(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)
    return text_box(xy, text, font, anchor=anchor, stroke=stroke)


def wrap_words(text: str, font: Font, max_width: float, max_lines: int | None = None) -> list[str]:
    """``render.common.wrap_text``'s very lines (greedy; the last allowed line cut with an ellipsis), each
    trial line measured as the sum of its words' and spaces' cached widths instead of anew: a wrapped
    line's trials are new strings on almost every board."""
    words = text.split()
    if max_lines == 1 or not words:
        return wrap_text(text, font, max_width, max_lines)
    space = text_width(" ", font)
    lines: list[str] = []
    current, current_width = "", 0.0
    for index, word in enumerate(words):
        width = text_width(word, font)
        trial_width = current_width + space + width if current else width
        if trial_width <= max_width or not current:
            current, current_width = (f"{current} {word}" if current else word), trial_width
            continue
        lines.append(current)
        current, current_width = word, width
        if max_lines is not None and len(lines) == max_lines - 1:
            lines.append(fit_text(" ".join(words[index:]), font, max_width))
            return lines
    lines.append(current if current_width <= max_width else fit_text(current, font, max_width))
    return lines


def fit_words(text: str, font: Font, max_width: float) -> str:
    """``render.common.fit_text``: ``text``, cut with an ellipsis if wider than ``max_width``; a line that
    fits (most do) is measured from its words' cached widths instead of anew."""
    if line_width(text, font) <= max_width:
        return text
    return fit_text(text, font, max_width)


def line_width(text: str, font: Font) -> float:
    """``render.common.text_width`` of a line, from its words' and spaces' cached widths (the bundled fonts
    kern nothing across a space, so the sum is the line's advance)."""
    parts = text.split(" ")
    return sum(text_width(part, font) for part in parts if part) + text_width(" ", font) * (len(parts) - 1)


# ----- measuring what is drawn: the checks that every language's words fit their pictures -------------------
@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: where its ink may reach, and the picture (and box of it) it had to stay within."""

    text: str
    box: Box
    """The box the text covers (its font's box for the string, outline included)."""
    within: Box
    """The box it had to fit in: the picture's bounds, or the box a drawing declared with ``fitting``."""
    picture: object
    """The picture drawn on (texts on different pictures, such as a sprite pasted later, never collide)."""


_fitting: contextvars.ContextVar[Box | None] = contextvars.ContextVar("render_fitting", default=None)


@contextmanager
def fitting(box: Box) -> Iterator[None]:
    """Declares, for a check that measures texts, the box the texts drawn in this block must stay in (a panel,
    a card). It costs nothing when nothing is measured beyond setting a context variable."""
    token = _fitting.set(box)
    try:
        yield
    finally:
        _fitting.reset(token)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Every text drawn in this block (by ``put_text``, ``draw_text``, ``put_words``, …), recorded in the list
    given: for tests that check every language's words fit (tests/render/test_render_text_fits.py)."""
    drawn: list[DrawnText] = []

    def record(draw: ImageDraw.ImageDraw, xy: Point, text: str, font: Font, anchor: str, stroke: int) -> None:
        picture = draw.im  # the core picture, kept alive by the record: its id is never reused meanwhile
        width, height = picture.size
        declared = _fitting.get()
        bounds = Box(0, 0, width, height)
        drawn.append(DrawnText(text, text_box(xy, text, font, anchor=anchor, stroke=stroke),
                               declared if declared is not None else bounds, picture))

    before = common.text_sink
    common.text_sink = record
    try:
        yield drawn
    finally:
        common.text_sink = before
