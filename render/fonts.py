"""The bundled DejaVu fonts (render/fonts/, licence in LICENSE-DejaVu.txt).

Fonts are read from this package's own directory through importlib.resources, never from system
font paths, so a board looks the same (byte for byte) on every machine with the same Pillow.
"""

from __future__ import annotations

import io
from functools import cache
from importlib.resources import files

from PIL import ImageFont

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"
FONT_FILES = (REGULAR, BOLD, CONDENSED_BOLD)

# A private-use code point no bundled font draws: what a missing glyph looks like.
_MISSING = "\U0010fffd"


@cache
def font_bytes(name: str) -> bytes:
    """The raw bytes of one bundled font file (read once per process)."""
    if name not in FONT_FILES:
        raise ValueError(f"unknown bundled font {name!r}")
    return (files(__package__ or "render") / "fonts" / name).read_bytes()


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels; ``condensed`` is DejaVu Sans Condensed Bold (always bold)."""
    if size < 1:
        raise ValueError("font size must be positive")
    name = CONDENSED_BOLD if condensed else BOLD if bold else REGULAR
    return ImageFont.truetype(io.BytesIO(font_bytes(name)), size)


@cache
def _missing_mask() -> bytes:
    return bytes(font(20).getmask(_MISSING))


@cache
def has_glyph(char: str) -> bool:
    """True if the bundled fonts draw ``char`` (DejaVu Sans and Sans Bold cover the same repertoire
    for the characters players use in names)."""
    if char.isspace() or char.isascii():
        return True
    return bytes(font(20).getmask(char)) != _missing_mask()


def printable(text: str) -> str:
    """``text`` without the characters the bundled fonts cannot draw (emoji in Discord names, …),
    so no empty boxes appear on a board. Runs of spaces left behind are squeezed."""
    kept = "".join(char for char in text if has_glyph(char) and (char.isprintable() or char == " "))
    return " ".join(kept.split())
