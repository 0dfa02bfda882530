"""Rounded panels from kept pieces: the same pixels as Pillow's ``ImageDraw.rounded_rectangle``, cheaper.

Pillow works out a rounded rectangle's four corner slices and four corner arcs anew on every call, and
a board draws a hundred or more of them (spaces of the track, bleacher and colour boxes, chips, tiles,
panels). Its rounded rectangles are not smoothed, so on whole pixels one's picture depends only on its
size, radius, outline width and colours, wherever it stands:

- a small one is drawn once by Pillow into a sprite whose surround is transparent, and pasted through
  its own alpha, which is only ever 0 or 255: exactly the pixels Pillow would have set;
- a large one (a player's panel, the track's frame) has its straight parts filled as the rectangles
  Pillow fills and its four corners pasted from the corners of a small one of the same radius, drawn
  by Pillow (each corner square holds only that corner's slice and arc and the straight parts' ends,
  which are the same in any rectangle at least twice the corner's size).

Only plain RGB colours drawn onto an RGB picture without blending; anything else is left to Pillow
(``stamp_rounded_panel`` says whether it drew). Sprites are kept within ``KEPT_PIXELS`` in all, the
least recently used going first, so a process drawing many games' boards does not grow.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
Corners = tuple[Image.Image, Image.Image, Image.Image, Image.Image]

# A panel of at most this many pixels is pasted whole from its sprite; larger ones are pieced together.
# Pasting through a mask costs per pixel what filling a rectangle does not, so big panels are cheaper
# pieced (measured on Little Circuses' boards: player panels are 600 000 px, their spaces 2 000-10 000).
SMALL_PANEL = 40_000
# What the kept sprites may hold in all (RGBA: 4 bytes a pixel, so 4 MB).
KEPT_PIXELS = 1_000_000


class _Sprites:
    """Pictures kept by key, least recently used first out once their pixels pass ``budget``. Safe to share
    between threads (boards may be drawn in threads: ``table.renders.ThreadRenders``)."""

    def __init__(self, budget: int) -> None:
        self._budget = budget
        self._pixels = 0
        self._kept: OrderedDict[Hashable, tuple[int, object]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], tuple[int, object]]) -> object:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found[1]
        pixels, value = make()  # drawn outside the lock; two threads may draw the same sprite once each
        with self._lock:
            if key not in self._kept:
                self._kept[key] = (pixels, value)
                self._pixels += pixels
            while self._pixels > self._budget and len(self._kept) > 1:
                _, (gone, _) = self._kept.popitem(last=False)
                self._pixels -= gone
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._pixels = 0


_SPRITES = _Sprites(KEPT_PIXELS)


def _plain(colour: object) -> bool:
    return colour is None or (isinstance(colour, tuple) and len(colour) == 3)


def _drawn(width: int, height: int, radius: int, fill: RGB | None, outline: RGB | None, line: int) -> Image.Image:
    """Pillow's rounded rectangle from (0, 0) to (``width``, ``height``) on a transparent sprite."""
    sprite = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, width, height), radius=radius, fill=fill, outline=outline,
                                             width=line)
    return sprite


def _corners(d: int, fill: RGB | None, outline: RGB | None, line: int) -> Corners:
    """The four corner squares ((d + 1) px a side) of a rounded rectangle whose corners are ``d`` across,
    cut from one of (2d + 2) px a side (top left, top right, bottom right, bottom left)."""
    side = 2 * d + 2
    whole = _drawn(side, side, d // 2, fill, outline, line)
    far = side - d
    return (whole.crop((0, 0, d + 1, d + 1)), whole.crop((far, 0, side + 1, d + 1)),
            whole.crop((far, far, side + 1, side + 1)), whole.crop((0, far, d + 1, side + 1)))


def stamp_rounded_panel(draw: ImageDraw.ImageDraw, xy: tuple[int, int, int, int], fill: RGB | None,
                        outline: RGB | None, width: int, radius: int) -> bool:
    """Draw ``draw.rounded_rectangle(xy, radius, fill, outline, width)`` from kept pieces, if it is a case
    they cover (returns True); False, having drawn nothing, if the caller should let Pillow draw it."""
    if draw.mode != "RGB" or not (_plain(fill) and _plain(outline)) or isinstance(radius, bool):
        return False
    x0, y0, x1, y1 = xy
    w, h = x1 - x0, y1 - y0
    if w < 0 or h < 0 or radius < 0:
        return False
    outlined = outline is not None and outline != fill and width != 0
    line = width if outlined else 0
    edge = outline if outlined else None
    if fill is None and edge is None:
        return False  # Pillow outlines it in the picture's default ink
    if w < 2 * line + 2 or h < 2 * line + 2:
        return False  # an outline thicker than the panel: Pillow draws beyond the box
    core = draw.im
    if (w + 1) * (h + 1) <= SMALL_PANEL:
        key = ("panel", w, h, radius, fill, edge, line)
        sprite = _SPRITES.get(key, lambda: ((w + 1) * (h + 1), _drawn(w, h, radius, fill, edge, line)))
        assert isinstance(sprite, Image.Image)
        core.paste(sprite.im, (x0, y0, x1 + 1, y1 + 1), sprite.im)
        return True
    d = min(w, h, radius * 2)
    if d < 2 or d % 2 or w < 2 * d + 2 or h < 2 * d + 2 or line > d // 2:
        return False
    corners = _SPRITES.get(("corners", d, fill, edge, line),
                           lambda: (4 * (d + 1) ** 2, _corners(d, fill, edge, line)))
    assert isinstance(corners, tuple)
    if fill is not None:
        draw.rectangle((x0 + d + 1, y0, x1 - d - 1, y1), fill=fill)
        draw.rectangle((x0, y0 + d + 1, x0 + d, y1 - d - 1), fill=fill)
        draw.rectangle((x1 - d, y0 + d + 1, x1, y1 - d - 1), fill=fill)
    if edge is not None:
        draw.rectangle((x0 + d + 1, y0, x1 - d - 1, y0 + line - 1), fill=edge)
        draw.rectangle((x0 + d + 1, y1 - line + 1, x1 - d - 1, y1), fill=edge)
        draw.rectangle((x0, y0 + d + 1, x0 + line - 1, y1 - d - 1), fill=edge)
        draw.rectangle((x1 - line + 1, y0 + d + 1, x1, y1 - d - 1), fill=edge)
    for corner, (cx, cy) in zip(corners, ((x0, y0), (x1 - d, y0), (x1 - d, y1 - d), (x0, y1 - d)), strict=True):
        core.paste(corner.im, (cx, cy, cx + d + 1, cy + d + 1), corner.im)
    return True
