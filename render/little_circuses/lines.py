"""Long lines of facts ("41 Fame · $3 · hand 1 up · 12 tiles built") drawn a part at a time.

Such a line is new on almost every board (one number changes), and FreeType rasterises a new string
glyph by glyph: a summary line cost 1-1.5 ms, most of a big table's text. Its parts recur across moves
and games ("41 Fame", "hand 1 up", a card's name), so each is rasterised once and then stamped from
``render.common``'s cache. Each part starts where it starts in the whole line, to the nearest pixel;
a glyph may stand a pixel from where the whole line's rendering put it, which is not visible.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.common import RGB, Box, Font, draw_text, fit_text, text_box, text_width

SEPARATOR = " · "


def draw_parts(draw: ImageDraw.ImageDraw, xy: tuple[float, float], parts: Sequence[str], font: Font, fill: RGB,
               max_width: float, *, anchor: str = "lm") -> Box:
    """The parts joined by ``SEPARATOR``, left-anchored at ``xy`` (``anchor`` "l?"), cut with an ellipsis
    to ``max_width`` as ``fit_text`` would (a line that must be cut is drawn whole); returns its box."""
    # Widths are summed from the parts' (each measured once per process): a new line's own measure would
    # lay it out again. Kerning across a separator's spaces is nil in the board's fonts.
    starts, width = [], 0.0
    for index, part in enumerate(parts):
        if index:
            starts.append((width, SEPARATOR))
            width += text_width(SEPARATOR, font)
        starts.append((width, part))
        width += text_width(part, font)
    if width > max_width:
        return draw_text(draw, xy, fit_text(SEPARATOR.join(parts), font, max_width), font, fill, anchor=anchor)
    x, y = xy
    for offset, text in starts:
        draw_text(draw, (x + offset, y), text, font, fill, anchor=anchor)
    box = text_box(xy, parts[0] if parts else "", font, anchor=anchor)
    return Box(box.x0, box.y0, box.x0 + width, box.y1)
