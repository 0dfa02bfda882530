"""The action icons of the attraction tiles, drawn as small pictograms.

Each icon is a white badge with a dark rim (so it reads on any tile colour) holding a simple picture
whose outline differs from every other icon's — star, coin, banknote, ticket, clown face, elephant,
tent — so the icons are told apart by shape, not by colour. The legend names each one. Sprites are
drawn four times larger and scaled down, so small icons keep smooth edges; they are cached per size.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from lang import N_
from render.common import INK, PAPER, RGB, Box, hex_colour, put_text, star_polygon
from render.fonts import font

_SCALE = 4

GOLD: RGB = hex_colour("#E69F00")
BILL_GREEN: RGB = hex_colour("#009E73")
TICKET: RGB = hex_colour("#D55E00")
CLOWN_RED: RGB = hex_colour("#D55E00")
ELEPHANT: RGB = hex_colour("#8C8C8C")
TENT_BLUE: RGB = hex_colour("#0072B2")
UNKNOWN: RGB = hex_colour("#CCCCCC")

# What each icon does, in the words of the rulebook's icon reference (shortened for the legend).
ICON_MEANINGS: dict[str, str] = {
    "star": N_("+1 Fame"),
    "coin": N_("+$1"),
    "admit": N_("new Public on 2"),
    "clown": N_("move a Public up one space"),
    "bills": N_("Public leaves: $ = its space"),
    "elephant": N_("Public leaves: Fame = its space"),
    "tent": N_("buy a tile"),
}
ICON_ORDER = ("star", "coin", "admit", "clown", "bills", "elephant", "tent")

# The names the rules may use for an icon, mapped to the picture drawn for it.
ALIASES: dict[str, str] = {
    "fame": "star", "star": "star", "gain_fame": "star",
    "coin": "coin", "money": "coin", "gain_money": "coin", "dollar": "coin",
    "admit": "admit", "admit_one": "admit", "ticket": "admit", "add_public": "admit", "public": "admit",
    "clown": "clown", "advance": "clown", "entertain": "clown", "entertainment": "clown",
    "advance_public": "clown",
    "bills": "bills", "cash": "bills", "money_bills": "bills", "sell": "bills", "cash_public": "bills",
    "elephant": "elephant", "impress": "elephant", "fame_public": "elephant",
    "tent": "tent", "buy": "tent", "buy_tile": "tent", "hire": "tent", "new_hire": "tent",
}


def icon_kind(name: str) -> str:
    """The picture for an icon name from the rules ("unknown" draws a question mark)."""
    return ALIASES.get(name.strip().lower(), "unknown")


def _text(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, fill: RGB) -> None:
    put_text(draw, centre, text, font(size, bold=True), fill, anchor="mm")


@cache
def icon_sprite(kind: str, size: int) -> Image.Image:
    """One icon as an RGBA sprite ``size`` pixels square."""
    s = size * _SCALE
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = max(2, round(s * 0.06))
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=round(s * 0.22), fill=PAPER, outline=INK, width=rim)
    c = s / 2
    line = max(2, round(s * 0.05))
    if kind == "star":
        draw.polygon(star_polygon((c, c * 1.04), s * 0.4, 5, inner=0.48), fill=GOLD, outline=INK, width=line)
    elif kind == "coin":
        draw.ellipse(Box.around((c, c), s * 0.7, s * 0.7).rounded(), fill=GOLD, outline=INK, width=line)
        _text(draw, (c, c), "$", round(s * 0.46), INK)
    elif kind == "bills":
        for offset in (s * 0.08, 0.0):
            box = Box(s * 0.14 + offset, s * 0.26 - offset, s * 0.86 + offset * 0.2, s * 0.7 - offset)
            draw.rectangle(box.rounded(), fill=BILL_GREEN, outline=INK, width=line)
        _text(draw, (s * 0.5, s * 0.48), "$", round(s * 0.38), PAPER)
    elif kind == "admit":
        box = Box(s * 0.12, s * 0.28, s * 0.88, s * 0.72)
        draw.rectangle(box.rounded(), fill=TICKET, outline=INK, width=line)
        notch = s * 0.09
        for x in (box.x0, box.x1):
            draw.ellipse(Box.around((x, c), notch * 2, notch * 2).rounded(), fill=PAPER, outline=INK, width=line)
        _text(draw, (c, c), "+1", round(s * 0.3), PAPER)
    elif kind == "clown":
        face = Box.around((c, c * 1.06), s * 0.62, s * 0.62)
        draw.polygon([(c - s * 0.2, face.y0 + s * 0.06), (c + s * 0.2, face.y0 + s * 0.06), (c, s * 0.06)],
                     fill=TENT_BLUE, outline=INK, width=line)
        draw.ellipse(face.rounded(), fill=PAPER, outline=INK, width=line)
        for dx in (-0.12, 0.12):
            draw.ellipse(Box.around((c + dx * s, c * 0.98), s * 0.07, s * 0.07).rounded(), fill=INK)
        draw.ellipse(Box.around((c, c * 1.14), s * 0.16, s * 0.16).rounded(), fill=CLOWN_RED, outline=INK,
                     width=max(1, line // 2))
        draw.arc(Box.around((c, c * 1.18), s * 0.34, s * 0.26).rounded(), 20, 160, fill=INK, width=line)
    elif kind == "elephant":
        draw.ellipse(Box(s * 0.14, s * 0.3, s * 0.66, s * 0.72).rounded(), fill=ELEPHANT, outline=INK, width=line)
        for x in (0.22, 0.48):
            draw.rectangle(Box(s * x, s * 0.62, s * (x + 0.1), s * 0.84).rounded(), fill=ELEPHANT, outline=INK,
                           width=line)
        draw.ellipse(Box(s * 0.52, s * 0.2, s * 0.82, s * 0.5).rounded(), fill=ELEPHANT, outline=INK, width=line)
        draw.line([(s * 0.78, s * 0.42), (s * 0.86, s * 0.6), (s * 0.8, s * 0.8)], fill=INK,
                  width=line * 3, joint="curve")
        draw.line([(s * 0.78, s * 0.42), (s * 0.86, s * 0.6), (s * 0.8, s * 0.8)], fill=ELEPHANT,
                  width=line, joint="curve")
        draw.ellipse(Box.around((s * 0.7, s * 0.3), s * 0.05, s * 0.05).rounded(), fill=INK)
    elif kind == "tent":
        draw.polygon([(s * 0.14, s * 0.8), (s * 0.86, s * 0.8), (c, s * 0.22)], fill=TENT_BLUE, outline=INK,
                     width=line)
        draw.polygon([(c - s * 0.1, s * 0.8), (c + s * 0.1, s * 0.8), (c, s * 0.55)], fill=PAPER, outline=INK,
                     width=max(1, line // 2))
        draw.line([(c, s * 0.22), (c, s * 0.08)], fill=INK, width=line)
        draw.polygon([(c, s * 0.08), (c + s * 0.16, s * 0.12), (c, s * 0.17)], fill=CLOWN_RED)
    else:
        draw.rounded_rectangle(Box(s * 0.15, s * 0.15, s * 0.85, s * 0.85).rounded(), radius=round(s * 0.1),
                               fill=UNKNOWN)
        _text(draw, (c, c), "?", round(s * 0.5), INK)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(image: Image.Image, kind: str, x: float, y: float, size: int) -> Box:
    """Paste an icon with its top-left corner at (x, y); returns its box."""
    sprite = icon_sprite(kind, size)
    image.paste(sprite, (round(x), round(y)), sprite)
    return Box(round(x), round(y), round(x) + size, round(y) + size)
