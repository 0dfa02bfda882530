"""The bundled DejaVu fonts (render/fonts/, licence in LICENSE-DejaVu.txt).

Fonts are read from this package's own directory through importlib.resources, never from system
font paths, so a board looks the same (byte for byte) on every machine with the same Pillow.

Each size is opened from the file's path, not from its bytes: FreeType then maps the file read-only,
so the ~50 sizes the boards use share one copy of each file, and every process shares it with the
others (the kernel's page cache, counted once). Opened from bytes, Pillow copies the whole file (about
700 KB) into each size's face: 36 MB in a render worker after a few hundred boards.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

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
def font_path(name: str) -> Path:
    """Where one bundled font file lies on disk (the package is installed as files, never zipped)."""
    if name not in FONT_FILES:
        raise ValueError(f"unknown bundled font {name!r}")
    with as_file(files(__package__ or "render") / "fonts" / name) as path:
        return Path(path)


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels; ``condensed`` is DejaVu Sans Condensed Bold (always bold)."""
    if size < 1:
        raise ValueError("font size must be positive")
    name = CONDENSED_BOLD if condensed else BOLD if bold else REGULAR
    return ImageFont.truetype(str(font_path(name)), size)


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
