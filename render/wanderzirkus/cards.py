"""The cards themselves: artists (and the Pause card), cities and the back of a deck.

An artist card shows its act's icon and letter in the middle, its effect word in the top band, stop
signs in the upper corners of starting cards, a coin at the bottom of yellow cards and the "4+" mark.
Its coloured connections stick out of both sides as lettered tabs in fixed places (green at the top,
then blue, red, purple, yellow), so when two cards lie side by side the matching connections line up
and are drawn joined. A gold coin beside a tab marks a coin connection.

Every card is a cached RGBA sprite keyed by its data (a ``Face``) and the language its words are drawn in,
pasted where a row needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import DEFAULT, current, speaking, tr, trc
from render.common import INK, MUTED, PAPER, RGB, Box, fit_text, mix, put_text, text_colour_on, tint
from render.fonts import font, printable
from render.wanderzirkus import icons
from render.wanderzirkus.layout import (
    CARD_BACK,
    COLOUR_ORDER,
    CardSize,
    effect_label,
    letter_of,
    style,
)
from rules.wanderzirkus.names import REGION_LETTERS, city_name, region_letter


@dataclass(frozen=True)
class Face:
    """What an artist card shows, from a view's CARD entry (hashable, so sprites can be cached)."""

    colour: str
    starting: bool
    stop: bool
    four_plus: bool
    effect: str | None
    bottom_coin: bool
    left: tuple[tuple[str, bool], ...]
    right: tuple[tuple[str, bool], ...]

    @classmethod
    def of(cls, card: Mapping[str, Any]) -> Face:
        def side(raw: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, bool], ...]:
            return tuple((str(c.get("colour")), bool(c.get("coin"))) for c in raw)

        return cls(colour=str(card.get("colour")), starting=bool(card.get("starting")), stop=bool(card.get("stop")),
                   four_plus=bool(card.get("four_plus")), effect=card.get("effect"),
                   bottom_coin=bool(card.get("bottom_coin")), left=side(card.get("left") or []),
                   right=side(card.get("right") or []))

    @property
    def is_pause(self) -> bool:
        return self.colour == "pause"


def slot_y(size: CardSize, colour: str) -> float:
    """The height (from the card's top) of a connection of ``colour``: the same on every card."""
    index = COLOUR_ORDER.index(colour) if colour in COLOUR_ORDER else 0
    pitch = (size.height - 16) / len(COLOUR_ORDER)
    return 8 + pitch * (index + 0.5)


def tab_height(size: CardSize) -> int:
    return round((size.height - 16) / len(COLOUR_ORDER)) - 4


def _draw_tab(image: Image.Image, draw: ImageDraw.ImageDraw, size: CardSize, edge_x: float, colour: str, coin: bool,
              inward: int) -> None:
    """One connection: a lettered tab straddling the card's edge at ``edge_x``; a coin beside it, inside
    the card, when it carries a coin symbol (``inward`` is +1 for the left side, -1 for the right)."""
    y = slot_y(size, colour)
    h = tab_height(size)
    box = Box(edge_x - size.tab, y - h / 2, edge_x + size.tab, y + h / 2)
    fill = style(colour).colour
    draw.rounded_rectangle(box.rounded(), radius=5, fill=fill, outline=INK, width=2)
    put_text(draw, box.centre, letter_of(colour), font(16, bold=True), text_colour_on(fill), anchor="mm")
    if coin:
        icons.paste(image, icons.coin(h // 2 - 1), (edge_x + inward * (size.tab + h / 2 + 1), y))


def _top_band(image: Image.Image, draw: ImageDraw.ImageDraw, face: Face, size: CardSize, body: Box) -> None:
    if face.stop:
        radius = 10 if size.width < 110 else 12
        for x in (body.x0 + radius + 6, body.x1 - radius - 6):
            icons.paste(image, icons.stop_sign(radius), (x, body.y0 + radius + 5))
    if face.effect:
        label = effect_label(face.effect)
        label_font = font(size.label - 1, condensed=True)
        text = fit_text(label, label_font, body.width - 2 * size.tab - 4)
        w = label_font.getlength(text) + 10
        chip = Box(body.centre[0] - w / 2, body.y0 + 5, body.centre[0] + w / 2, body.y0 + 5 + size.label + 6)
        draw.rounded_rectangle(chip.rounded(), radius=6, fill=PAPER, outline=INK, width=2)
        put_text(draw, chip.centre, text, label_font, INK, anchor="mm")


@cache
def artist_sprite(face: Face, size: CardSize, ring: RGB | None = None, language: str = DEFAULT) -> Image.Image:
    """One artist (or the Pause card) with its tabs, as an RGBA sprite ``size.pitch`` wide; ``ring``
    draws a thick outline in that colour (a highlighted card); its words in ``language``."""
    with speaking(language):
        return _artist_sprite(face, size, ring)


def _artist_sprite(face: Face, size: CardSize, ring: RGB | None) -> Image.Image:
    image = Image.new("RGBA", (size.pitch, size.height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    body = Box(size.tab, 0, size.tab + size.width - 1, size.height - 1)
    act = style(face.colour)
    fill = tint(act.colour, 0.62) if not face.is_pause else tint(act.colour, 0.45)
    edge = mix(act.colour, INK, 0.45)
    draw.rounded_rectangle(body.rounded(), radius=10, fill=fill, outline=ring or edge, width=5 if ring else 3)
    # The act: icon and letter in the middle (the Pause card shows its minus points instead).
    middle = body.centre[1] + 2
    icons.paste(image, icons.act_icon(face.colour, size.icon), (body.centre[0], middle - size.icon * 0.45))
    if face.is_pause:
        small = font(16, condensed=True)
        put_text(draw, (body.centre[0], body.y0 + 18), fit_text(trc("wanderzirkus card", "PAUSE"), small,
                                                                 body.width - 12), small, INK, anchor="mm")
        put_text(draw, (body.centre[0], middle + size.icon * 0.95), "−4", font(size.label + 2, bold=True), INK,
                 anchor="mm")
    else:
        put_text(draw, (body.centre[0], middle + size.icon * 0.95), letter_of(face.colour),
                 font(size.label + 2, bold=True), INK, anchor="mm")
    _top_band(image, draw, face, size, body)
    if face.bottom_coin:
        icons.paste(image, icons.coin(11), (body.centre[0], body.y1 - 16))
    if face.four_plus:
        put_text(draw, (body.x1 - size.tab - 3, body.y1 - 5), "4+", font(16, bold=True), INK, anchor="rd")
    for colour, coin in face.left:
        _draw_tab(image, draw, size, body.x0, colour, coin, +1)
    for colour, coin in face.right:
        _draw_tab(image, draw, size, body.x1, colour, coin, -1)
    return image


def draw_artist(image: Image.Image, card: Mapping[str, Any], size: CardSize, x: float, y: float,
                ring: RGB | None = None) -> Box:
    """Paste an artist whose left tab edge is at ``x``; returns the card body's box."""
    sprite = artist_sprite(Face.of(card), size, ring, current())
    image.paste(sprite, (round(x), round(y)), sprite)
    return Box(x + size.tab, y, x + size.tab + size.width, y + size.height)


def link(draw: ImageDraw.ImageDraw, size: CardSize, left: Mapping[str, Any], right: Mapping[str, Any],
         gap_x: float, y: float) -> int:
    """Join the matching connections of two neighbours whose tabs meet at ``gap_x``: each shared colour
    becomes one wide, thick-edged connector, so a used connection shows at a glance. Returns how many
    colours match."""
    colours = {str(c.get("colour")) for c in left.get("right") or []} & {str(c.get("colour")) for c in
                                                                         right.get("left") or []}
    h = tab_height(size)
    for colour in sorted(colours, key=COLOUR_ORDER.index):
        cy = y + slot_y(size, colour)
        box = Box(gap_x - 2 * size.tab, cy - h / 2 - 1, gap_x + 2 * size.tab, cy + h / 2 + 1)
        fill = style(colour).colour
        draw.rounded_rectangle(box.rounded(), radius=6, fill=fill, outline=INK, width=3)
        put_text(draw, box.centre, letter_of(colour), font(16, bold=True), text_colour_on(fill), anchor="mm")
    return len(colours)


@cache
def card_back(size: CardSize, count: int, language: str = DEFAULT) -> Image.Image:
    """A face-down deck with its number of cards, as an RGBA sprite (its words in ``language``)."""
    with speaking(language):
        return _card_back(size, count)


def _card_back(size: CardSize, count: int) -> Image.Image:
    image = Image.new("RGBA", (size.pitch, size.height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for offset in (6, 3, 0):
        box = Box(size.tab + offset, offset, size.tab + size.width - 1 - 6 + offset, size.height - 1 - 6 + offset)
        draw.rounded_rectangle(box.rounded(), radius=10, fill=CARD_BACK if offset == 0 else mix(CARD_BACK, PAPER, 0.4),
                               outline=INK, width=2)
    face = Box(size.tab, 0, size.tab + size.width - 7, size.height - 7)
    put_text(draw, (face.centre[0], face.centre[1] - 14), str(count), font(size.label + 10, bold=True), PAPER,
             anchor="mm")
    small = font(16)
    put_text(draw, (face.centre[0], face.centre[1] + 16), fit_text(tr("in deck"), small, face.width - 8), small, PAPER,
             anchor="mm")
    return image


CITY_WIDTH = 190
CITY_HEIGHT = 112


@cache
def _city_sprite(name: str, region: str, colours: tuple[str, ...], vp: int, ring: RGB | None,
                 language: str = DEFAULT) -> Image.Image:
    with speaking(language):
        return _draw_city_sprite(name, region, colours, vp, ring)


def _draw_city_sprite(name: str, region: str, colours: tuple[str, ...], vp: int, ring: RGB | None) -> Image.Image:
    image = Image.new("RGBA", (CITY_WIDTH, CITY_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    body = Box(0, 0, CITY_WIDTH - 1, CITY_HEIGHT - 1)
    draw.rounded_rectangle(body.rounded(), radius=10, fill=PAPER, outline=ring or MUTED, width=5 if ring else 2)
    # Compass letter for the region (Pro mode's region scoring).
    compass = Box(body.x0 + 6, body.y0 + 6, body.x0 + 34, body.y0 + 34)
    draw.ellipse(compass.rounded(), fill=INK)
    letter = region_letter(region) if region in REGION_LETTERS else "?"
    put_text(draw, compass.centre, letter, font(17, bold=True), PAPER, anchor="mm")
    name_font = font(20, bold=True)
    put_text(draw, (compass.x1 + 6, compass.centre[1]),
             fit_text(printable(city_name(name)), name_font, CITY_WIDTH - 46), name_font, INK, anchor="lm")
    # Demanded acts: icon with letter under it.
    step = (CITY_WIDTH - 70) / max(1, len(colours))
    for index, colour in enumerate(colours):
        cx = 12 + step * (index + 0.5)
        icons.paste(image, icons.act_icon(colour, 12), (cx, 58))
        put_text(draw, (cx, 84), letter_of(colour), font(16, bold=True), INK, anchor="mm")
    vp_box = Box(CITY_WIDTH - 58, 46, CITY_WIDTH - 8, CITY_HEIGHT - 10)
    draw.rounded_rectangle(vp_box.rounded(), radius=8, fill=INK)
    put_text(draw, (vp_box.centre[0], vp_box.centre[1] - 9), str(vp), font(22, bold=True), PAPER, anchor="mm")
    put_text(draw, (vp_box.centre[0], vp_box.centre[1] + 14), fit_text(trc("wanderzirkus", "VP"), font(16, bold=True),
             vp_box.width - 6), font(16, bold=True), PAPER, anchor="mm")
    return image


def draw_city(image: Image.Image, city: Mapping[str, Any], x: float, y: float, ring: RGB | None = None) -> Box:
    """Paste a city card with its top-left at (x, y); returns its box."""
    sprite = _city_sprite(str(city.get("name", "")), str(city.get("region", "")),
                          tuple(str(c) for c in city.get("colours") or []), int(city.get("vp", 0)), ring, current())
    image.paste(sprite, (round(x), round(y)), sprite)
    return Box(x, y, x + CITY_WIDTH, y + CITY_HEIGHT)
