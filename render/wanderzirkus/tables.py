"""Two public sections of the table: the Travel offer (pairs of one artist and one city, with the
choosing order) and the score sheet (victory points per round, coins, swap token, announcement, how
far each show is). At the end the sheet gains the final reckoning."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, tr
from render.common import INK, MUTED, PAPER, Box, Font, PlayerMark, draw_text, text_width, tint
from render.fonts import font
from render.wanderzirkus import icons
from render.wanderzirkus.cards import CITY_HEIGHT, CITY_WIDTH, draw_artist, draw_city
from render.wanderzirkus.header import name_with_token
from render.wanderzirkus.layout import BOARD_CARD, BODY, MARGIN, PANEL_EDGE, PANEL_FILL, CardSize, View
from render.words import draw_words, fit_words, put_words

SECTION_TITLE = 24
PAIR_WIDTH = BOARD_CARD.pitch + CITY_WIDTH + 28
PAIR_HEIGHT = BOARD_CARD.height + 44


def pair_size(size: CardSize) -> tuple[int, int]:
    """A Travel pair's frame (width, height) with artist cards of ``size``."""
    return size.pitch + CITY_WIDTH + 28, size.height + 44
ROW_HEIGHT = 40
COMPACT_ROW_HEIGHT = 34  # big tables late in a round: the sheet is tighter so the board stays phone-sized


def section_title(draw: ImageDraw.ImageDraw, x: float, y: float, text: str) -> Box:
    return draw_words(draw, (x, y), text, font(SECTION_TITLE, bold=True), INK)


# ----- Travel ----------------------------------------------------------------------------------------


def travel_height(view: View, width: int, size: CardSize = BOARD_CARD) -> int:
    pairs = list(view.get("pairs") or [])
    if view.get("phase") != "travel" or not pairs:
        return 0
    pair_w, pair_h = pair_size(size)
    per_row = max(1, (width - 2 * MARGIN) // (pair_w + 12))
    rows = -(-len(pairs) // per_row)
    return 48 + rows * (pair_h + 12) + 4


def draw_travel(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark], top: float,
                width: int, size: CardSize = BOARD_CARD) -> None:
    pairs: list[Mapping[str, Any]] = list(view.get("pairs") or [])
    title = section_title(draw, MARGIN, top + 8, tr("Travel: pairs on offer"))
    order = [int(s) for s in view.get("order") or [] if 0 <= int(s) < len(marks)]
    current = view.get("current")
    x = title.x1 + 28
    if order:
        x = draw_text(draw, (x, top + 22), tr("Choosing order:"), font(BODY), INK, anchor="lm").x1 + 8
        for seat in order:
            box = name_with_token(image, draw, marks[seat], x, top + 22, 220, bold=seat == current,
                                  ring=seat == current)
            x = box.x1 + 18
    pair_w, pair_h = pair_size(size)
    per_row = max(1, (width - 2 * MARGIN) // (pair_w + 12))
    for n, pair in enumerate(pairs):
        px = MARGIN + (n % per_row) * (pair_w + 12)
        py = top + 48 + (n // per_row) * (pair_h + 12)
        frame = Box(px, py, px + pair_w, py + pair_h)
        draw.rounded_rectangle(frame.rounded(), radius=12, fill=PANEL_FILL, outline=PANEL_EDGE, width=2)
        put_words(draw, (px + 12, py + 20), fit_words(tr("Pair {number}", number=int(pair.get("index", n)) + 1),
                                                      font(BODY, bold=True), pair_w - 24), font(BODY, bold=True), INK,
                  anchor="lm")
        draw_artist(image, pair.get("artist") or {}, size, px + 6, py + 38)
        draw_city(image, pair.get("city") or {}, px + size.pitch + 16, py + 38 + (size.height - CITY_HEIGHT) / 2)


# ----- Score sheet -----------------------------------------------------------------------------------

COLUMNS: tuple[tuple[str, int], ...] = (("Player", 300), ("R1", 76), ("R2", 76), ("R3", 76), ("R4", 76), ("R5", 76),
                                        ("VP", 96), ("Coins", 96), ("Swap", 84), ("Announced", 150), ("Show", 320))
"""The score sheet's columns: the English heading (an identifier here) and the width."""
HEADINGS = {"Player": N_("Player"), "R1": N_("R1"), "R2": N_("R2"), "R3": N_("R3"), "R4": N_("R4"), "R5": N_("R5"),
            "VP": N_("VP"), "Coins": N_("Coins"), "Swap": N_("Swap"), "Announced": N_("Announced"),
            "Show": N_("Show"), "Final reckoning": N_("Final reckoning"), "": ""}


def column_widths(heading_font: Font, room: float) -> list[int]:
    """The columns' widths: as ``COLUMNS`` gives them, unless a language's headings need more, which they then
    take from the room the sheet leaves free (else the headings are shortened to fit)."""
    base = [w for _, w in COLUMNS]
    wanted = [max(w, math.ceil(text_width(tr(HEADINGS[label]), heading_font)) + 14) for label, w in COLUMNS]
    return wanted if sum(wanted) <= room else base


def _final_lines(view: View, marks: Sequence[PlayerMark]) -> list[str]:
    lines = []
    for final in view.get("final") or []:
        seat = int(final.get("seat", 0))
        if not 0 <= seat < len(marks):
            continue
        fields = dict(name=marks[seat].name, rounds=final.get("rounds", 0), coin_vp=final.get("coin_vp", 0),
                      coins=final.get("coins", 0), total=final.get("total", 0))
        if final.get("region_vp"):
            lines.append(tr("{name}: {rounds} from the rounds + {coin_vp} for {coins} coins + {region_vp} for regions "
                            "= {total} VP", region_vp=final["region_vp"], **fields))
        else:
            lines.append(tr("{name}: {rounds} from the rounds + {coin_vp} for {coins} coins = {total} VP", **fields))
    return lines


def _final_cell(final: Mapping[str, Any]) -> str:
    """The final reckoning in one score-sheet cell (compact boards): "56 rounds + 1 for 4 coins"."""
    fields = dict(rounds=final.get("rounds", 0), coin_vp=final.get("coin_vp", 0), coins=final.get("coins", 0))
    if final.get("region_vp"):
        return tr("{rounds} rounds + {coin_vp} for {coins} coins + {region_vp} regions", region_vp=final["region_vp"],
                  **fields)
    return tr("{rounds} rounds + {coin_vp} for {coins} coins", **fields)


def _final_columns(lines: Sequence[str]) -> int:
    """The final reckoning in two columns for four or more players (the board stays phone-sized)."""
    return 2 if len(lines) >= 4 else 1


def table_height(view: View, marks: Sequence[PlayerMark], compact: bool = False) -> int:
    # A compact sheet gives the final reckoning in its rows (instead of the Announced and Show columns).
    lines = [] if compact else _final_lines(view, marks)
    rows = COMPACT_ROW_HEIGHT if compact else ROW_HEIGHT
    return (40 if compact else 48) + rows * (len(marks) + 1) + 30 * -(-len(lines) // _final_columns(lines)) + 12


def _show_cell(player: Mapping[str, Any]) -> str:
    state = player.get("show_state")
    if player.get("show") is None:
        return tr("running (private)")
    if state == "running":
        return tr("running · {n} artists", n=player.get("show_length", 0))
    if state == "ended":
        return tr("ended · {n} artists", n=player.get("show_length", 0))
    return "—"


def draw_table(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
               top: float, width: int, compact: bool = False) -> None:
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    section_title(draw, MARGIN, top + 8, tr("Score sheet"))
    y = top + (40 if compact else 48)
    row_height = COMPACT_ROW_HEIGHT if compact else ROW_HEIGHT
    current_round = int(view.get("round", 1))
    awaiting = {int(s) for s in view.get("awaiting") or []}
    frame = Box(MARGIN, y, width - MARGIN, y + row_height * (len(players) + 1))
    draw.rounded_rectangle(frame.rounded(), radius=10, fill=PANEL_FILL, outline=PANEL_EDGE, width=2)
    head = font(BODY, bold=True)
    body = font(BODY)
    finals = {int(f.get("seat", -1)): f for f in view.get("final") or []}
    in_rows = compact and bool(finals)
    x = MARGIN + 12.0
    widths = column_widths(head, frame.width - 12)
    for index, ((label, _), w) in enumerate(zip(COLUMNS, widths, strict=True)):
        if in_rows and label in ("Announced", "Show"):
            label = "Final reckoning" if label == "Announced" else ""
        if 1 <= index <= 5 and index == current_round and not view.get("over"):
            draw.rectangle((x - 6, y + 2, x + w - 10, frame.y1 - 2), fill=tint(INK, 0.88))
        # The final reckoning's heading spans the Announced and Show columns it takes over.
        room = w - 12 + (widths[10] if label == "Final reckoning" else 0)
        put_words(draw, (x, y + row_height / 2), fit_words(tr(HEADINGS[label]) if label else "", head, room), head,
                  INK, anchor="lm")
        x += w
    for seat, player in enumerate(players[:len(marks)]):
        row_y = y + row_height * (seat + 1)
        draw.line([(frame.x0 + 8, row_y), (frame.x1 - 8, row_y)], fill=PANEL_EDGE, width=1)
        cy = row_y + row_height / 2
        x = MARGIN + 12.0
        name_with_token(image, draw, marks[seat], x, cy, widths[0] - 12, bold=seat in awaiting,
                        ring=seat in awaiting and not view.get("over"))
        x += widths[0]
        round_vp = list(player.get("round_vp") or [])
        for index in range(5):
            text = str(round_vp[index]) if index < len(round_vp) else ""
            put_words(draw, (x, cy), text, body, INK, anchor="lm")
            x += widths[1 + index]
        total = finals[seat].get("total") if seat in finals else player.get("vp", 0)
        put_words(draw, (x, cy), str(total), head, INK, anchor="lm")
        x += widths[6]
        icons.paste(image, icons.coin(10), (x + 10, cy))
        put_words(draw, (x + 26, cy), str(player.get("coins", 0)), body, INK, anchor="lm")
        x += widths[7]
        owned = bool(player.get("swap_token"))
        icons.paste(image, icons.swap_token(12, owned), (x + 12, cy))
        put_words(draw, (x + 30, cy), fit_words(tr("yes") if owned else tr("no"), body, widths[8] - 36), body,
                  INK if owned else MUTED, anchor="lm")
        x += widths[8]
        if in_rows and seat in finals:
            room = widths[9] + widths[10] - 16
            put_words(draw, (x, cy), fit_words(_final_cell(finals[seat]), body, room), body, INK, anchor="lm")
            continue
        announced = player.get("announcement")
        put_words(draw, (x, cy), "—" if announced is None else fit_words(tr("at least {n}", n=announced), body,
                                                                        widths[9] - 12), body, INK, anchor="lm")
        x += widths[9]
        put_words(draw, (x, cy), fit_words(_show_cell(player), body, widths[10] - 16), body, INK, anchor="lm")
    y = frame.y1 + 8
    lines = [] if in_rows else _final_lines(view, marks)
    per_column = -(-len(lines) // _final_columns(lines))
    column_w = (width - 2 * MARGIN) / _final_columns(lines)
    for index, line in enumerate(lines):
        column, row = divmod(index, per_column)
        put_words(draw, (MARGIN + 12 + column * column_w, y + 14 + row * 30), fit_words(line, body, column_w - 24),
                  body, INK, anchor="lm")
    if not players:
        put_words(draw, (MARGIN + 12, y), tr("No players."), body, PAPER)
