"""Circus cards, coins and Contracts as drawings.

A full card (the Offers, a hand) is a labelled card: a band in the card's colour with the type letter
(A Attraction, P Performance), the name and the Victory Points; under it the colour and type in words
and the effect text. A tableau shows compact chips: a square in the card's colour with its letter, the
name and the points. Coins are round with their value; Contracts are tags in their type's colour with
a two-letter name. Every piece carries words or letters, so colour is never the only cue.

Views carry each card's full public data (name, type, colour, points, text), so nothing here looks
cards up.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import current, tr
from render.common import (
    INK,
    MUTED,
    PAPER,
    RGB,
    Box,
    Font,
    chip,
    chip_width,
    draw_shape,
    draw_text,
    fit_text,
    mix,
    put_text,
    rounded_panel,
    star_polygon,
    text_colour_on,
    text_width,
    wrap_text,
)
from render.dreadful_circus.layout import (
    COIN_FILLS,
    COIN_VALUES,
    SMALL,
    TYPE_LETTERS,
    card_colour,
    contract_swatch,
    shown_letter,
    shown_word,
    type_word,
)
from render.fonts import font
from rules.dreadful_circus.names import name_of, text_of

Card = Mapping[str, Any]

CARD_WIDTH = 360
CARD_TEXT = 20
CARD_TEXT_LINES = 6
BAND = 62
CHIP_HEIGHT = 40
CHIP_GAP = 8


def _text_lines(card: Card, width: float) -> list[str]:
    return wrap_text(text_of(str(card.get("text", ""))), font(CARD_TEXT), width, max_lines=CARD_TEXT_LINES)


def card_height(card: Card, width: float = CARD_WIDTH) -> int:
    """The height ``draw_card`` will use for this card at this width."""
    return BAND + 34 + 26 * len(_text_lines(card, width - 28)) + 14


def points_badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], points: int, radius: float = 21) -> None:
    """A gold star with the card's Victory Points."""
    draw.polygon(star_polygon(centre, radius + 2, 5, inner=0.58), fill=INK)
    draw.polygon(star_polygon(centre, radius, 5, inner=0.58), fill=(245, 197, 66))
    put_text(draw, (centre[0], centre[1] + 2), str(points), font(18, bold=True), INK, anchor="mm")


def type_badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], card_type: str, fill: RGB,
               radius: float = 18) -> None:
    """The type letter (A or P) in a white disc ringed in ink: readable on any card colour."""
    draw.ellipse(Box.around(centre, radius * 2 + 4, radius * 2 + 4).rounded(), fill=INK)
    draw.ellipse(Box.around(centre, radius * 2, radius * 2).rounded(), fill=PAPER)
    letter = shown_letter(TYPE_LETTERS.get(card_type, "?"))
    put_text(draw, centre, letter, font(22, bold=True), mix(fill, INK, 0.55), anchor="mm")


def _paint_card(draw: ImageDraw.ImageDraw, box: Box, card: Card, outline: RGB = INK) -> None:
    """A full labelled card filling ``box`` (its height from ``card_height``)."""
    swatch = card_colour(card.get("colour"))
    card_type = str(card.get("type", ""))
    rounded_panel(draw, box, fill=PAPER, outline=outline, width=3, radius=14)
    band = Box(box.x0 + 3, box.y0 + 3, box.x1 - 3, box.y0 + BAND)
    draw.rounded_rectangle(band.rounded(), radius=11, fill=swatch.fill)
    draw.rectangle(Box(band.x0, band.y1 - 12, band.x1, band.y1).rounded(), fill=swatch.fill)
    type_badge(draw, (band.x0 + 26, band.centre[1]), card_type, swatch.fill)
    points = int(card.get("points") or 0)
    name_right = band.x1 - (54 if points else 10)
    name_font = font(24, bold=True)
    name = name_of(str(card.get("name", "?")))
    if text_width(name, name_font) > name_right - (band.x0 + 52):
        name_font = font(22, condensed=True)
    draw_text(draw, (band.x0 + 52, band.centre[1]), fit_text(name, name_font, name_right - band.x0 - 52),
              name_font, text_colour_on(swatch.fill), anchor="lm")
    if points:
        points_badge(draw, (band.x1 - 28, band.centre[1]), points)
    kind = tr("{colour} ({letter}) {type}", colour=shown_word(swatch), letter=shown_letter(swatch.letter),
              type=type_word(card_type))
    if card.get("players"):
        kind = tr("{kind} · {players} pl.", kind=kind, players=card["players"])
    small = font(SMALL, condensed=True)
    draw_text(draw, (box.x0 + 14, box.y0 + BAND + 18), fit_text(kind, small, box.width - 28), small, MUTED,
              anchor="lm")
    y = box.y0 + BAND + 34
    body = font(CARD_TEXT)
    for line in _text_lines(card, box.width - 28):
        draw_text(draw, (box.x0 + 14, y + 13), line, body, INK, anchor="lm")
        y += 26


@cache
def _card_sprite(face: tuple[tuple[str, Any], ...], width: int, background: RGB) -> Image.Image:
    card = dict(face)
    sprite = Image.new("RGB", (width, card_height(card, width)), background)
    _paint_card(ImageDraw.Draw(sprite), Box(0, 0, width - 1, sprite.height - 1), card)
    return sprite


def _face(card: Card) -> tuple[tuple[str, Any], ...]:
    """The parts of a card its picture shows, hashable (identical copies share one cached picture), and the
    language it is drawn in (the same card is another picture in another language)."""
    return (("language", current()),
            *((key, card.get(key)) for key in ("name", "type", "colour", "players", "points", "text")))


def draw_card(image: Image.Image, xy: tuple[float, float], card: Card, background: RGB,
              width: int = CARD_WIDTH) -> Box:
    """A full labelled card with its top-left corner at ``xy``, on a ``background`` of that colour.
    Cards recur on every board, so each is drawn once and pasted."""
    sprite = _card_sprite(_face(card), width, background)
    x, y = round(xy[0]), round(xy[1])
    image.paste(sprite, (x, y))
    return Box(x, y, x + sprite.width, y + sprite.height)


def face_down_card(draw: ImageDraw.ImageDraw, box: Box, caption: str) -> None:
    """A card whose face is still hidden (an Offer chosen but not yet revealed)."""
    rounded_panel(draw, box, fill=mix(INK, PAPER, 0.25), outline=INK, width=3, radius=14)
    inner = box.inflate(-12)
    for step in range(int(inner.y0), int(inner.y1), 18):
        draw.line([(inner.x0, step), (inner.x1, step)], fill=mix(INK, PAPER, 0.35), width=2)
    draw_text(draw, box.centre, caption, font(24, bold=True), PAPER, anchor="mm", stroke=3, stroke_fill=INK)


def chip_size(card: Card) -> float:
    """The width of a tableau chip for this card."""
    points = int(card.get("points") or 0)
    return 40 + 8 + text_width(name_of(str(card.get("name", "?"))), _chip_font()) + 12 + (34 if points else 0)


def _chip_font() -> Font:
    return font(SMALL, condensed=True)


def _paint_chip(draw: ImageDraw.ImageDraw, xy: tuple[float, float], card: Card) -> Box:
    """A compact card: colour square with the card's letter, its name, and a points star."""
    swatch = card_colour(card.get("colour"))
    width = chip_size(card)
    box = Box(xy[0], xy[1], xy[0] + width, xy[1] + CHIP_HEIGHT)
    rounded_panel(draw, box, fill=PAPER, outline=mix(swatch.fill, INK, 0.45), width=2, radius=8)
    square = Box(box.x0 + 3, box.y0 + 3, box.x0 + 37, box.y1 - 3)
    draw.rounded_rectangle(square.rounded(), radius=6, fill=swatch.fill)
    letter = shown_letter(swatch.letter)
    letter_font = font(18, bold=True, condensed=len(letter) > 1)
    put_text(draw, square.centre, letter, letter_font, text_colour_on(swatch.fill), anchor="mm")
    draw_text(draw, (box.x0 + 46, box.centre[1]), name_of(str(card.get("name", "?"))), _chip_font(), INK,
              anchor="lm")
    points = int(card.get("points") or 0)
    if points:
        points_badge(draw, (box.x1 - 20, box.centre[1]), points, radius=15)
    return box


@cache
def _chip_sprite(face: tuple[tuple[str, Any], ...], background: RGB) -> Image.Image:
    card = dict(face)
    sprite = Image.new("RGB", (round(chip_size(card)) + 1, CHIP_HEIGHT + 1), background)
    _paint_chip(ImageDraw.Draw(sprite), (0, 0), card)
    return sprite


def draw_chip(image: Image.Image, xy: tuple[float, float], card: Card, background: RGB) -> Box:
    """A tableau chip with its top-left corner at ``xy``, on a ``background`` of that colour (drawn once
    per card and colour, then pasted)."""
    sprite = _chip_sprite(_face(card), background)
    x, y = round(xy[0]), round(xy[1])
    image.paste(sprite, (x, y))
    return Box(x, y, x + sprite.width - 1, y + CHIP_HEIGHT)


def coin_sprite(image: Image.Image, centre: tuple[float, float], coin: str, radius: int = 17) -> Box:
    """One coin: a disc in its metal with its value."""
    draw = ImageDraw.Draw(image)
    fill = COIN_FILLS.get(coin, (200, 200, 200))
    draw_shape(draw, "circle", centre, radius + 2, fill=INK)
    draw_shape(draw, "circle", centre, radius, fill=fill)
    draw_shape(draw, "circle", centre, radius - 5, fill=None, outline=mix(fill, INK, 0.35), width=2)
    put_text(draw, centre, str(COIN_VALUES.get(coin, "?")), font(18, bold=True), INK, anchor="mm")
    return Box.around(centre, radius * 2 + 4, radius * 2 + 4)


def contract_tag(draw: ImageDraw.ImageDraw, xy: tuple[float, float], kind: str, count: int | None = None,
                 *, full_name: bool = False) -> Box:
    """A Contract as a tag in its type's colour: "Pa", or "Paris ×3" with ``full_name`` and a count."""
    swatch = contract_swatch(kind)
    label = swatch.word if full_name else shown_letter(swatch.letter)
    if count is not None:
        label += f" ×{count}"
    return chip(draw, xy, label, font(SMALL, bold=True), fill=swatch.fill, outline=INK, pad_x=8, height=34,
                radius=6)


def contract_tag_width(kind: str, count: int | None = None, *, full_name: bool = False) -> float:
    swatch = contract_swatch(kind)
    label = swatch.word if full_name else shown_letter(swatch.letter)
    if count is not None:
        label += f" ×{count}"
    return chip_width(label, font(SMALL, bold=True), pad_x=8)
