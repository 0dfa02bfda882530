"""Rounded panels drawn from kept pieces (``render.panels``) are exactly the pixels Pillow draws."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from render import panels
from render.common import Box, rounded_panel

BACKGROUND = (239, 232, 218)
COLOURS = [(251, 248, 241), (34, 30, 28), (138, 123, 104), (200, 10, 10), None]


def _pillow(xy: tuple[int, int, int, int], **style: object) -> Image.Image:
    image = Image.new("RGB", (700, 500), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle(xy, **style)  # type: ignore[arg-type]
    return image


def test_every_size_radius_width_and_colour_gives_pillows_pixels() -> None:
    rng = random.Random(5)
    stamped = 0
    for _ in range(1500):
        big = rng.random() < 0.3
        w, h = rng.randint(0, 680 if big else 200), rng.randint(0, 480 if big else 200)
        x0, y0 = rng.randint(-20, 690), rng.randint(-20, 490)  # partly off the picture too
        xy = (x0, y0, x0 + w, y0 + h)
        radius = rng.choice([0, 1, 2, 3, 5, 6, 8, 10, 12, 14, 30])
        width = rng.choice([0, 1, 2, 3, 5, 8])
        fill, outline = rng.choice(COLOURS), rng.choice(COLOURS)
        ours = Image.new("RGB", (700, 500), BACKGROUND)
        draw = ImageDraw.Draw(ours)
        if panels.stamp_rounded_panel(draw, xy, fill, outline, width, radius):
            stamped += 1
        else:
            draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)
        expected = _pillow(xy, radius=radius, fill=fill, outline=outline, width=width)
        assert ImageChops.difference(ours, expected).getbbox() is None, (xy, radius, width, fill, outline)
    assert stamped > 1000  # most cases are drawn from pieces, not handed back to Pillow


def test_large_panels_are_pieced_and_the_same() -> None:
    ours = Image.new("RGB", (700, 500), BACKGROUND)
    xy = (10, 12, 690, 480)
    assert panels.stamp_rounded_panel(ImageDraw.Draw(ours), xy, (251, 248, 241), (34, 30, 28), 5, 14)
    expected = _pillow(xy, radius=14, fill=(251, 248, 241), outline=(34, 30, 28), width=5)
    assert ImageChops.difference(ours, expected).getbbox() is None


def test_blending_and_other_modes_are_left_to_pillow() -> None:
    rgba = Image.new("RGBA", (60, 60))
    assert not panels.stamp_rounded_panel(ImageDraw.Draw(rgba), (5, 5, 50, 50), (1, 2, 3), None, 2, 8)
    blended = Image.new("RGB", (60, 60))
    assert not panels.stamp_rounded_panel(ImageDraw.Draw(blended, "RGBA"), (5, 5, 50, 50), (1, 2, 3), None, 2, 8)
    # ... and rounded_panel still draws them, as Pillow does.
    rounded_panel(ImageDraw.Draw(rgba), Box(5, 5, 50, 50), fill=(1, 2, 3), radius=8)
    assert rgba.getpixel((27, 27)) == (1, 2, 3, 255)


def test_kept_sprites_stay_within_their_pixels() -> None:
    kept = panels._Sprites(1000)
    for n in range(50):
        kept.get(n, lambda: (300, object()))
    assert kept._pixels <= 1000
    assert len(kept._kept) == 3
