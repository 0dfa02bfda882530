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

from PIL import ImageDraw

from render.common import INK, PAPER, RGB, Box, Font, Point, fit_text, put_text, text_box, text_width, wrap_text

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
