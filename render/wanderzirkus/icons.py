"""Small smooth symbols: the five acts' icons, coins, stop signs, the swap token and the Pause bars.

Each is drawn four times larger and scaled down (so edges are smooth) and cached as an RGBA sprite;
callers paste it centred where they want it. Shapes differ per act, so an icon is recognisable
without its colour.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.common import INK, PAPER, RGB, Point, regular_polygon, star_polygon
from render.wanderzirkus.layout import COIN_EDGE, COIN_GOLD, STOP_RED, style

SUPERSAMPLE = 4


def _canvas(radius: int) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    size = (radius + 3) * 2 * SUPERSAMPLE
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), size / 2


def _finish(big: Image.Image, radius: int) -> Image.Image:
    size = (radius + 3) * 2
    return big.resize((size, size), Image.Resampling.LANCZOS)


def _teardrop(c: float, r: float) -> list[Point]:
    """A flame: a teardrop pointing up."""
    body = 0.66 * r
    centre_y = c + r - body
    points: list[Point] = [(c, c - r)]
    for degrees in range(-60, 241, 10):
        angle = math.radians(degrees)
        points.append((c + body * math.cos(angle), centre_y + body * math.sin(angle)))
    return points


@cache
def act_icon(colour: str, radius: int) -> Image.Image:
    """The icon of an act (artist colour) or of the Pause card, filled in its colour, outlined in ink."""
    big, draw, c = _canvas(radius)
    r = radius * SUPERSAMPLE
    fill: RGB = style(colour).colour
    line = round(2.2 * SUPERSAMPLE)
    icon = style(colour).icon
    if icon == "flame":
        draw.polygon(_teardrop(c, r), fill=fill, outline=INK, width=line)
    elif icon == "star":
        draw.polygon(star_polygon((c, c + 0.08 * r), r * 1.05, 5, inner=0.45), fill=fill, outline=INK, width=line)
    elif icon == "nose":
        draw.ellipse((c - r * 0.85, c - r * 0.85, c + r * 0.85, c + r * 0.85), fill=fill, outline=INK, width=line)
        draw.ellipse((c - r * 0.5, c - r * 0.55, c - r * 0.1, c - r * 0.15), fill=PAPER)
    elif icon == "pyramid":
        draw.polygon(regular_polygon((c, c + 0.2 * r), r * 1.1, 3), fill=fill, outline=INK, width=line)
    elif icon == "balls":
        small = r * 0.42
        for bx, by in ((c, c - r * 0.5), (c - r * 0.5, c + r * 0.38), (c + r * 0.5, c + r * 0.38)):
            draw.ellipse((bx - small, by - small, bx + small, by + small), fill=fill, outline=INK, width=line)
    else:  # the Pause card: two bars
        bar_w, bar_h = r * 0.32, r * 0.9
        for bx in (c - r * 0.35, c + r * 0.35):
            draw.rectangle((bx - bar_w / 2, c - bar_h, bx + bar_w / 2, c + bar_h), fill=fill, outline=INK,
                           width=line)
    return _finish(big, radius)


@cache
def coin(radius: int) -> Image.Image:
    """A gold coin with a rim."""
    big, draw, c = _canvas(radius)
    r = radius * SUPERSAMPLE
    draw.ellipse((c - r, c - r, c + r, c + r), fill=COIN_EDGE)
    inner = r * 0.78
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=COIN_GOLD)
    ring = r * 0.5
    draw.ellipse((c - ring, c - ring, c + ring, c + ring), outline=COIN_EDGE, width=max(1, round(r * 0.12)))
    return _finish(big, radius)


@cache
def stop_sign(radius: int) -> Image.Image:
    """An octagonal stop sign: red with a white rim and a white bar, recognisable by its shape."""
    big, draw, c = _canvas(radius)
    r = radius * SUPERSAMPLE
    draw.polygon(regular_polygon((c, c), r, 8, rotation=22.5), fill=PAPER)
    draw.polygon(regular_polygon((c, c), r * 0.82, 8, rotation=22.5), fill=STOP_RED)
    draw.rectangle((c - r * 0.5, c - r * 0.14, c + r * 0.5, c + r * 0.14), fill=PAPER)
    return _finish(big, radius)


@cache
def swap_token(radius: int, available: bool) -> Image.Image:
    """The swap token: a disc with two arrows chasing each other (hollow when not owned)."""
    big, draw, c = _canvas(radius)
    r = radius * SUPERSAMPLE
    fill = (70, 130, 180) if available else (0, 0, 0, 0)
    draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=INK, width=round(2 * SUPERSAMPLE))
    arrow = PAPER if available else INK
    w = max(2, round(r * 0.14))
    draw.arc((c - r * 0.55, c - r * 0.55, c + r * 0.55, c + r * 0.55), 200, 340, fill=arrow, width=w)
    draw.arc((c - r * 0.55, c - r * 0.55, c + r * 0.55, c + r * 0.55), 20, 160, fill=arrow, width=w)
    head = r * 0.22
    draw.polygon([(c + r * 0.55, c - head * 1.2), (c + r * 0.55 + head, c - head * 0.1),
                  (c + r * 0.55 - head, c - head * 0.1)], fill=arrow)
    draw.polygon([(c - r * 0.55, c + head * 1.2), (c - r * 0.55 + head, c + head * 0.1),
                  (c - r * 0.55 - head, c + head * 0.1)], fill=arrow)
    return _finish(big, radius)


def paste(image: Image.Image, sprite: Image.Image, centre: Point) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)
