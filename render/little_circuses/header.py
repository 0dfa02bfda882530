"""The top of the board: the title and what the table is doing (who is awaited, or the result), the
Player Order track, the tile market (face-down piles and, after the Arrival of New Acts, the four
face-up Advanced tiles), the seven Special Attraction cards with who took each this week, and the
legend of icons and marks."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from lang import N_, current, tr, trc
from render.common import (
    INK,
    MUTED,
    PAPER,
    Box,
    PlayerMark,
    chip,
    draw_text,
    draw_token,
    fit_text,
    hex_colour,
    rounded_panel,
    text_width,
    tint,
    wrap_text,
)
from render.fonts import font
from render.little_circuses.icons import ICON_MEANINGS, ICON_ORDER, icon_kind, paste_icon
from render.little_circuses.layout import BACKGROUND, BODY, LINE, MARGIN, PANEL_FILL, SMALL, WIDTH, View, fitted
from render.little_circuses.tiles import GOLD_FRAME, draw_tile, draw_use_marker
from rules.little_circuses.names import card_name
from rules.little_circuses.text import chart_text

STAGE_WORDS = {
    "opening": N_("Opening night: place the Highlights"),
    "build": N_("Full Day: choosing builds"),
    "fallback": N_("No tile left to hire: raise funds or build"),
    "execute": N_("Full Day: moving Highlights"),
    "midday": N_("Midday: build or execute"),
    "icons": N_("Resolving icons"),
    "special": N_("Special Attractions, in player order"),
    "over": N_("The game is over"),
}
"""What the table is doing, by stage (translated where shown: ``stage_words``)."""

# Card effects that are not tile icons, as short words.
EFFECT_WORDS = {
    "showcase": N_("face-up tile"), "rob": N_("rob $2"), "snub": N_("snub 2 Fame"), "lure": N_("lure a Public"),
    "poach": N_("poach a tile"), "gift_money": N_("rivals +$1"), "gift_fame": N_("rivals +1 Fame"),
}


def stage_words(stage: str) -> str:
    return tr(STAGE_WORDS[stage]) if stage in STAGE_WORDS else stage

TITLE_H = 58
ORDER_H = 50
MARKET_H = 112
CARD_H = 112
LEGEND_H = 112


def status_text(view: View, names: Sequence[str]) -> str:
    if view.get("over"):
        winners = [names[s] for s in view.get("winners") or [] if 0 <= s < len(names)]
        text = (tr("Game over — winner: {names}", names=trc("lc list", " and ").join(winners)) if winners
                else tr("Game over"))
        if view.get("result"):
            text += f" · {chart_text(str(view['result']))}"
        return text
    awaiting = [names[s] for s in view.get("awaiting") or [] if 0 <= s < len(names)]
    stage = stage_words(str(view.get("stage", "")))
    if awaiting and len(awaiting) == len(names) > 2:
        return tr("{stage} · waiting for everyone", stage=stage)
    if awaiting:
        return tr("{stage} · waiting for {names}", stage=stage, names=", ".join(awaiting))
    return stage


def header_height(view: View) -> int:
    return TITLE_H + ORDER_H + MARKET_H + CARD_H + LEGEND_H


def _draw_order(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                y: float) -> None:
    box = draw_text(draw, (MARGIN, y + ORDER_H / 2), tr("Player order:"), font(BODY, bold=True), INK, anchor="lm")
    x = box.x1 + 12
    order = [int(s) for s in view.get("order") or [] if 0 <= int(s) < len(marks)]
    slot = (WIDTH - MARGIN - x) / max(1, len(order))
    name_font = font(BODY)
    for position, seat in enumerate(order):
        draw_text(draw, (x, y + ORDER_H / 2), f"{position + 1}.", font(BODY, bold=True), MUTED, anchor="lm")
        draw_token(image, (x + 44, y + ORDER_H / 2), marks[seat], radius=14)
        draw_text(draw, (x + 64, y + ORDER_H / 2), fit_text(marks[seat].name, name_font, slot - 72), name_font, INK,
                  anchor="lm")
        x += slot


def _draw_market(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: float) -> None:
    piles = view.get("piles") or {}
    market = str(view.get("market", "starting"))
    panel = Box(MARGIN, y, WIDTH - MARGIN, y + MARKET_H - 8)
    rounded_panel(draw, panel, fill=PANEL_FILL, outline=LINE, width=2, radius=10)
    count = piles.get(market, 0)
    first = (tr("Market: {count} advanced tiles face down", count=count) if market == "advanced"
             else tr("Market: {count} starting tiles face down", count=count))
    second = tr("(starting {starting}, advanced {advanced})", starting=piles.get("starting", 0),
                advanced=piles.get("advanced", 0))
    x = panel.x0 + 470
    # Both lines stay left of the face-up tiles (or the note) that start at ``x``.
    text, face = fitted(first, BODY, x - panel.x0 - 24, bold=True)
    draw_text(draw, (panel.x0 + 12, panel.y0 + 26), text, face, INK, anchor="lm")
    text, face = fitted(second, SMALL, x - panel.x0 - 24)
    draw_text(draw, (panel.x0 + 12, panel.y0 + 56), text, face, MUTED, anchor="lm")
    showcase: Sequence[Mapping[str, Any]] = view.get("showcase") or []
    if showcase:
        text, face = fitted(tr("Face up (card 6 only):"), SMALL, 222, bold=True, smallest=12)
        draw_text(draw, (x, panel.y0 + 20), text, face, INK, anchor="lm")
        for index, tile in enumerate(showcase):
            tile_box = Box(x + 230 + index * 150, panel.y0 + 8, x + 230 + index * 150 + 140, panel.y1 - 8)
            draw_tile(image, draw, tile_box, tile, background=PANEL_FILL)
    elif not view.get("arrived"):
        text, face = fitted(tr("Advanced tiles arrive with the Arrival of New Acts."), SMALL, panel.x1 - 12 - x)
        draw_text(draw, (x, panel.y0 + 40), text, face, MUTED, anchor="lm")


def _draw_cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                y: float) -> None:
    """The seven cards below their title, each pasted from its picture, and a token on each card taken."""
    cards: Sequence[Mapping[str, Any]] = view.get("specials") or []
    side = str((view.get("options") or {}).get("special_side", "blue"))
    top = round(y)
    title = (tr("Special Attractions (red side) — number = initiative:") if side == "red"
             else tr("Special Attractions (blue side) — number = initiative:"))
    title, face = fitted(title, SMALL, WIDTH - 2 * MARGIN, bold=True)
    draw_text(draw, (MARGIN, top + 12), title, face, INK, anchor="lm")
    count = max(1, len(cards))
    gap = 8
    w = (WIDTH - 2 * MARGIN - (count - 1) * gap) / count
    for index, card in enumerate(cards):
        x0 = MARGIN + index * (w + gap)
        taken = card.get("taken_by")
        # The picture's corner is on an even pixel, so every coordinate in it rounds as it does here.
        corner = math.floor(x0) // 2 * 2
        sprite = card_sprite(card.get("number", "?"), card_name(str(card.get("name", ""))),
                             tuple(str(e) for e in card.get("effects") or []), taken is not None, side, x0 - corner, w,
                             current())
        image.paste(sprite, (corner, top + 26))
        if isinstance(taken, int) and 0 <= taken < len(marks):
            draw_token(image, (x0 + w - 18, top + 26 + 20), marks[taken], radius=13)


# The cards as they look free and taken: each side has seven, about 60 KB a picture.
@lru_cache(maxsize=32)
def card_sprite(number: Any, name: str, effects: tuple[str, ...], taken: bool, side: str, left: float,
                width: float, language: str) -> Image.Image:
    """One Special Attraction card (without its taker's token) on the board's background, its box's left
    side at ``left`` (under 2 px, fractions kept) and its top at the picture's top. ``name`` is already in
    ``language``, the one spoken now, which the effects' words are in (and the cache keeps apart)."""
    height = CARD_H - 32
    image = Image.new("RGB", (math.ceil(left + width) + 2, height + 2), BACKGROUND)
    draw = ImageDraw.Draw(image)
    side_colour = hex_colour("#0072B2") if side == "blue" else hex_colour("#D55E00")
    box = Box(left, 0, left + width, height)
    rounded_panel(draw, box, fill=tint(side_colour, 0.6) if taken else tint(side_colour, 0.85), outline=INK, width=2,
                  radius=8)
    draw.ellipse((box.x0 + 5, box.y0 + 5, box.x0 + 33, box.y0 + 33), fill=side_colour, outline=INK, width=2)
    draw_text(draw, (box.x0 + 19, box.y0 + 19), str(number), font(SMALL, bold=True), PAPER, anchor="mm")
    room = box.width - 44 - (30 if taken else 0)  # the taker's token sits top right
    # A name too long for two lines at 16 px (a language with longer words) is set smaller, not cut.
    size = 16
    while size > 12 and wrap_text(name, font(size, bold=True), room, max_lines=2)[-1].endswith("…"):
        size -= 1
    for n, text in enumerate(wrap_text(name, font(size, bold=True), room, max_lines=2)):
        draw_text(draw, (box.x0 + 38, box.y0 + 11 + n * 18), text, font(size, bold=True), INK, anchor="lm")
    ex = box.x0 + 6
    ey = box.y1 - 30
    for effect in effects:
        kind = icon_kind(effect)
        if kind != "unknown":
            if ex + 24 > box.x1 - 4:
                break
            paste_icon(image, kind, ex, ey, 24)
            ex += 26
        else:
            word = tr(EFFECT_WORDS[effect]) if effect in EFFECT_WORDS else effect
            b = chip(draw, (ex, ey), fit_text(word, font(16), box.x1 - ex - 22), font(16), fill=PAPER,
                     outline=LINE, pad_x=4, height=24, radius=5)
            ex = b.x1 + 3
    return image


LEGEND_ROWS = (("star", "coin", "admit", "clown"), ("bills", "elephant", "tent"))


def _legend_font(marks: tuple[str, str]) -> ImageFont.FreeTypeFont:
    """The largest font (18 px down to 16) in which both rows of the key fit the board's width."""
    size = SMALL
    while size > 16:
        f = font(size)
        first = sum(36 + text_width(tr(ICON_MEANINGS[kind]), f) + 22 for kind in LEGEND_ROWS[0])
        second = sum(36 + text_width(tr(ICON_MEANINGS[kind]), f) + 22 for kind in LEGEND_ROWS[1])
        second += 32 + text_width(marks[0], f) + 22 + 36 + text_width(marks[1], f)
        if MARGIN + max(first, second) <= WIDTH - MARGIN:
            break
        size -= 1
    return font(size)


@cache
def legend_strip(language: str) -> Image.Image:
    """A key to the icons and marks, drawn once per ``language`` (the one spoken when it is drawn)."""
    image = Image.new("RGB", (WIDTH, LEGEND_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    use, highlight = tr("Use marker"), tr("Highlight")
    f = _legend_font((use, highlight))
    x, y = float(MARGIN), 6.0
    for kind in ICON_ORDER:
        paste_icon(image, kind, x, y, 30)
        end = draw_text(draw, (x + 36, y + 15), fit_text(tr(ICON_MEANINGS[kind]), f, WIDTH - MARGIN - x - 36), f,
                        INK, anchor="lm")
        x = end.x1 + 22
        if kind == "clown":
            x, y = float(MARGIN), y + 36
    draw_use_marker(draw, (x + 13, y + 15), 12)
    end = draw_text(draw, (x + 32, y + 15), fit_text(use, f, max(0.0, WIDTH - MARGIN - x - 32)), f, INK, anchor="lm")
    x = end.x1 + 22
    draw.rounded_rectangle((x, y + 2, x + 28, y + 28), radius=5, outline=INK, width=6)
    draw.rounded_rectangle((x + 1, y + 3, x + 27, y + 27), radius=5, outline=GOLD_FRAME, width=4)
    end = draw_text(draw, (x + 36, y + 15), fit_text(highlight, f, max(0.0, WIDTH - MARGIN - x - 36)), f, INK,
                    anchor="lm")
    y += 36
    text, face = fitted(tr("Tile: cost top left, colour letter top right (G Y R B P; – printed); icons resolve left "
                           "to right."), SMALL, WIDTH - 2 * MARGIN, smallest=16)
    draw_text(draw, (MARGIN, y + 14), text, face, MUTED, anchor="lm")
    return image


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark]) -> float:
    """Everything above John's track; returns where it ends."""
    title = font(30, bold=True)
    end = draw_text(draw, (MARGIN, 12), tr("Little Circuses"), title, INK)
    status = status_text(view, [m.name for m in marks])
    banner = Box(end.x1 + 20, 8, WIDTH - MARGIN, 50)
    over = bool(view.get("over"))
    rounded_panel(draw, banner, fill=INK if over else tint(hex_colour("#F0C419"), 0.45), outline=INK, width=2,
                  radius=10)
    status_font = font(BODY, bold=True)
    status, status_font = fitted(status, BODY, banner.width - 24, bold=True, smallest=16)
    draw_text(draw, (banner.x0 + 12, banner.centre[1]), status, status_font, PAPER if over else INK, anchor="lm")
    y = float(TITLE_H)
    _draw_order(image, draw, view, marks, y)
    y += ORDER_H
    _draw_market(image, draw, view, y)
    y += MARKET_H
    _draw_cards(image, draw, view, marks, y)
    y += CARD_H
    image.paste(legend_strip(current()), (0, round(y)))
    return y + LEGEND_H


__all__ = ["draw_header", "header_height", "legend_strip", "status_text"]
