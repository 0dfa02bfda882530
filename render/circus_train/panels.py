"""Everything under the map: the legend (a key to the tags and marks), the Talent and Special banks,
and one panel per player — VP, Best Performance, money, Reputation, talent (famous ★), Special
Characters, performances, cards played, hand size, a two-week show under way; the player to act is
framed and marked "▶ TO ACT".

A panel's lines are built once as items and flowed into rows, so its height is known before drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import DEFAULT, speaking, tr, trc
from render.circus_train.layout import (
    BACKGROUND,
    BODY,
    CANADA_RED,
    DOT_RADIUS,
    HIRE_DARK,
    HIRE_FILL,
    MARGIN,
    PANEL_FILL,
    SEASON_STYLES,
    SPECIAL_PURPLE,
    WIDTH,
    View,
    card_short,
    season_letter,
    tag_font,
)
from render.circus_train.tags import hire_mark, points_chip, two_week_mark
from render.common import (
    INK,
    MUTED,
    PAPER,
    RGB,
    Box,
    Font,
    PlayerMark,
    chip,
    chip_width,
    disc_sprite,
    draw_text,
    draw_token,
    mix,
    paste_centred,
    rounded_panel,
    text_width,
    tint,
)
from render.fonts import font
from render.words import draw_words, fit_words, put_words, wrap_words
from rules.circus_train import names
from rules.circus_train.content import Content
from rules.circus_train.state import REPUTATION_TRACK

LEGEND_HEIGHT = 84


@cache
def legend_strip(language: str = DEFAULT) -> Image.Image:
    """A key to the tags and marks, drawn once per language: a strip under the map."""
    with speaking(language):
        return _legend_strip()


def _legend_strip() -> Image.Image:
    image = Image.new("RGB", (WIDTH, LEGEND_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    f = font(20)
    fb = tag_font()
    x, y = float(MARGIN), 8.0

    def say(at: float, text: str, line: float) -> Box:
        # A language with longer words is cut at the strip's edge rather than drawn past it.
        return draw_words(draw, (at, line + 16), fit_words(text, f, WIDTH - MARGIN - at), f, INK, anchor="lm")

    green = SEASON_STYLES["green"]
    acrobats = names.talent_short("Ac")
    sample = chip(draw, (x, y), "2+", fb, fill=green.colour, pad_x=7)
    sample = chip(draw, (sample.x1 + 4, y), f"$5 {season_letter('green')}", fb, fill=PAPER, outline=green.colour,
                  pad_x=6)
    sample = chip(draw, (sample.x1 + 4, y), two_week_mark(), fb, fill=INK, pad_x=6)
    say(sample.x1 + 10, tr("Performance Demand: base 2 + talent points ({talent} 5 …); pays $5/$10/$20 by season "
                           "({letters}); {mark}: a two-week show", talent=acrobats,
                           letters="/".join(season_letter(s) for s in ("green", "yellow", "red")),
                           mark=two_week_mark()), y)
    y += 38
    sample = points_chip(draw, (x, y), 3, fb)
    sample = say(sample.x1 + 8, trc("circus train", "Points"), y)
    sample = chip(draw, (sample.x1 + 24, y), hire_mark(), fb, fill=HIRE_DARK, pad_x=7)
    sample = chip(draw, (sample.x1 + 4, y), f"{acrobats} ×2", fb, fill=HIRE_FILL, pad_x=6)
    sample = say(sample.x1 + 8, tr("talent to hire"), y)
    sample = chip(draw, (sample.x1 + 24, y), names.special("Big Bertha"), fb, fill=SPECIAL_PURPLE, pad_x=7)
    sample = say(sample.x1 + 8, trc("circus train", "Special Character"), y)
    centre = (sample.x1 + 36, y + 16)
    paste_centred(image, disc_sprite(DOT_RADIUS, PAPER, INK, 3.5), centre)
    sample = say(centre[0] + 18, trc("circus train", "city"), y)
    centre = (sample.x1 + 36, y + 16)
    paste_centred(image, disc_sprite(DOT_RADIUS + 2, CANADA_RED, INK, 3, "square"), centre)
    paste_centred(image, disc_sprite(4, PAPER, PAPER, 0), centre)
    sample = say(centre[0] + 20, tr("Canadian start"), y)
    sample = chip(draw, (sample.x1 + 24, y), f"★{names.talent_short('Cl')} 3", fb, fill=INK, pad_x=6)
    say(sample.x1 + 8, tr("famous (3 or more)"), y)
    return image


BANK_HEIGHT = 44


def draw_bank(draw: ImageDraw.ImageDraw, view: View, content: Content, y: float) -> None:
    bank = view.get("talent_bank") or {}
    f = font(BODY)
    fb = font(BODY, bold=True)
    box = draw_text(draw, (MARGIN, y + 14), tr("Talent Bank:"), fb, INK, anchor="lm")
    x = box.x1 + 12
    for t, kind in content.talent.items():
        box = draw_words(draw, (x, y + 14), f"{names.talent_short(kind.short)} {bank.get(t, 0)}", f, INK,
                         anchor="lm")
        x = box.x1 + 16
    specials = [names.special(content.specials[s].name) for s in view.get("special_bank") or []
                if s in content.specials]
    if specials and (view.get("options") or {}).get("special_characters"):
        box = draw_text(draw, (x + 14, y + 14), tr("Special Bank:"), fb, INK, anchor="lm")
        text = fit_words(", ".join(specials), f, WIDTH - MARGIN - box.x1 - 10)
        put_words(draw, (box.x1 + 10, y + 14), text, f, INK, anchor="lm")


def columns(players: int) -> int:
    return {1: 1, 2: 2, 3: 3, 4: 2}.get(players, 3)


TRACK_CELL = 9


@dataclass(frozen=True)
class Item:
    """One piece of a panel line: plain text, a chip (``fill`` set), optionally followed by a small
    track of ``track[1]`` cells with ``track[0]`` filled (the Reputation track)."""

    text: str
    font: Font
    fill: RGB | None = None
    colour: RGB = INK
    track: tuple[int, int] | None = None

    def width(self) -> float:
        w = chip_width(self.text, self.font) if self.fill is not None else text_width(self.text, self.font)
        if self.track is not None:
            w += 8 + self.track[1] * (TRACK_CELL + 2) - 2
        return w


@dataclass
class PanelLine:
    items: list[Item]
    gap: float = 10


def _panel_lines(view: View, player: Mapping[str, Any], content: Content, width: float,
                 tight: bool = False) -> list[PanelLine]:
    body = font(BODY)
    big = font(24, bold=True)
    cond = tag_font()
    options = view.get("options") or {}
    solitaire = len(view.get("players") or []) == 1
    lines: list[PanelLine] = []
    stats: list[Item] = []
    if not (options.get("easier") or solitaire):
        stats.append(Item(trc("circus train", "{vp} VP", vp=player.get("vp", 0)), big))
    if not solitaire:
        stats.append(Item(tr("Best {best}", best=player.get("best", 0)), big))
    stats.append(Item(f"${player.get('money', 0)}", big))
    if player.get("reputation") is not None:
        # "Rep 1–5": the die rolls that hire or steal; the track shows the level (three levels roll 1–2).
        value = int(player["reputation"])
        level = player.get("reputation_level")
        track = (len(REPUTATION_TRACK) - int(level), len(REPUTATION_TRACK)) if isinstance(level, int) else None
        stats.append(Item(tr("Rep 1–{value}", value=value) if value > 1 else tr("Rep 1"), big, track=track))
    lines.append(PanelLine(stats, gap=16))

    talent = player.get("talent") or {}
    chips: list[Item] = []
    for t, kind in content.talent.items():
        n = int(talent.get(t, 0))
        if n <= 0:
            continue
        short = names.talent_short(kind.short)
        if n >= 3:
            chips.append(Item(f"★{short} {n}", cond, INK, PAPER))
        else:
            chips.append(Item(f"{short} {n}", cond, HIRE_FILL, INK))
    if not chips:
        chips.append(Item(tr("no talent"), body, None, MUTED))
    for special in player.get("specials") or []:
        name = names.special(content.specials[special].name) if special in content.specials else str(special)
        chips.append(Item(name, cond, SPECIAL_PURPLE, PAPER))
    lines.append(PanelLine(chips, gap=6))

    performances = [p for p in player.get("performances") or [] if p in content.counters]
    fame = sum(content.counters[p].base for p in performances)
    position = player.get("position")
    where = (tr("At {city}", city=names.city(content.cities[position].name)) if position in content.cities
             else tr("Not placed yet"))
    shows = (tr("Shows {n} (base +{fame})", n=len(performances), fame=fame) if performances
             else tr("Shows {n}", n=len(performances)))
    facts = [where, shows, trc("circus train", "Hand {n}", n=player.get("hand_count", 0))]
    if player.get("wages_due") is not None and not options.get("easier"):
        facts.append(tr("Wages ${amount}", amount=player["wages_due"]))
    # A fact wider than the panel (long words, a long city name) is cut to it rather than drawn past its edge.
    lines.append(PanelLine([Item(fit_words(fact, body, width), body) for fact in facts], gap=24))

    discards = [card_short(str(c)) for c in player.get("discards") or []]
    played = tr("Played: {cards}", cards=", ".join(discards) if discards else trc("circus train", "none"))
    for text in [fit_words(played, body, width)] if tight else wrap_words(played, body, width, max_lines=2):
        lines.append(PanelLine([Item(text, body, None, MUTED)]))
    two_week = player.get("two_week_city")
    if two_week:
        name = names.city(content.cities[two_week].name) if two_week in content.cities else str(two_week)
        text = fit_words(tr("{mark} show in {city}", mark=two_week_mark(), city=name), cond, width - 16)
        lines.append(PanelLine([Item(text, cond, INK, PAPER)]))
    return lines


def _flow(line: PanelLine, width: float) -> list[list[Item]]:
    """Split a line's items into rows that fit ``width``."""
    rows: list[list[Item]] = [[]]
    x = 0.0
    for item in line.items:
        w = item.width()
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(item)
        x += w + line.gap
    return rows


PANEL_TITLE_H = 46
PANEL_ROW_H = 34


def panel_height(view: View, player: Mapping[str, Any], content: Content, width: float, tight: bool = False) -> int:
    """The panel's height; ``tight`` (a board that would be too tall) keeps "Played" to one line."""
    inner = width - 28
    rows = sum(len(_flow(line, inner)) for line in _panel_lines(view, player, content, inner, tight))
    return PANEL_TITLE_H + rows * PANEL_ROW_H + 22


def draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, player: Mapping[str, Any],
               mark: PlayerMark, content: Content, to_act: bool, first: bool, tight: bool = False) -> None:
    border = INK if to_act else mix(mark.colour, INK, 0.25)
    rounded_panel(draw, box, fill=PANEL_FILL, outline=border, width=6 if to_act else 3, radius=14)
    # Title band in the player's colour: their token, name and markers.
    band = Box(box.x0 + (6 if to_act else 3), box.y0 + (6 if to_act else 3), box.x1 - (6 if to_act else 3),
               box.y0 + PANEL_TITLE_H)
    draw.rounded_rectangle(band.rounded(), radius=10, fill=tint(mark.colour, 0.55), corners=(True, True, False, False))
    draw_token(image, (box.x0 + 32, band.centre[1] + 1), mark, radius=16)
    markers: list[tuple[str, RGB]] = []
    if to_act:
        markers.append((tr("▶ TO ACT"), INK))
    if first:
        markers.append((tr("1st player"), MUTED))
    marker_font = font(BODY, bold=True)
    right = box.x1 - 12
    for text, marker_fill in markers:
        w = chip_width(text, marker_font, pad_x=8)
        chip(draw, (right - w, band.centre[1] - 16), text, marker_font, fill=marker_fill, pad_x=8, height=32)
        right -= w + 8
    name_font = font(26, bold=True)
    name = fit_words(mark.name, name_font, right - (box.x0 + 60) - 8)
    put_words(draw, (box.x0 + 58, band.centre[1]), name, name_font, INK, anchor="lm")
    # The body is flowed exactly as panel_height measured it, so it fills the box it was given.
    inner = box.width - 28
    y = box.y0 + PANEL_TITLE_H + 10
    for line in _panel_lines(view, player, content, inner, tight):
        for row in _flow(line, inner):
            x = box.x0 + 14
            for item in row:
                mid = y + (PANEL_ROW_H - 4) / 2
                if item.fill is not None:
                    drawn = chip(draw, (x, y), item.text, item.font, fill=item.fill, text_fill=item.colour, pad_x=8,
                                 height=PANEL_ROW_H - 4)
                else:
                    drawn = draw_words(draw, (x, mid), item.text, item.font, item.colour, anchor="lm")
                if item.track is not None:
                    filled, cells = item.track
                    tx = drawn.x1 + 8
                    for cell in range(cells):
                        box_ = Box(tx, mid - 9, tx + TRACK_CELL, mid + 9)
                        rounded_panel(draw, box_, fill=INK if cell < filled else PAPER, outline=INK, width=2,
                                      radius=2)
                        tx += TRACK_CELL + 2
                    drawn = Box(drawn.x0, drawn.y0, tx - 2, drawn.y1)
                x = drawn.x1 + line.gap
            y += PANEL_ROW_H
