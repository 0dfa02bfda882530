"""Two public sections of the table: the Travel offer (pairs of one artist and one city, with the
choosing order) and the score sheet (victory points per round, coins, swap token, announcement, how
far each show is). At the end the sheet gains the final reckoning."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, Box, PlayerMark, draw_text, fit_text, tint
from render.fonts import font
from render.wanderzirkus import icons
from render.wanderzirkus.cards import CITY_HEIGHT, CITY_WIDTH, draw_artist, draw_city
from render.wanderzirkus.header import name_with_token
from render.wanderzirkus.layout import BOARD_CARD, BODY, MARGIN, PANEL_EDGE, PANEL_FILL, View

SECTION_TITLE = 24
PAIR_WIDTH = BOARD_CARD.pitch + CITY_WIDTH + 28
PAIR_HEIGHT = BOARD_CARD.height + 44
ROW_HEIGHT = 40


def section_title(draw: ImageDraw.ImageDraw, x: float, y: float, text: str) -> Box:
    return draw_text(draw, (x, y), text, font(SECTION_TITLE, bold=True), INK)


# ----- Travel ----------------------------------------------------------------------------------------


def travel_height(view: View, width: int) -> int:
    pairs = list(view.get("pairs") or [])
    if view.get("phase") != "travel" or not pairs:
        return 0
    per_row = max(1, (width - 2 * MARGIN) // (PAIR_WIDTH + 12))
    rows = -(-len(pairs) // per_row)
    return 48 + rows * (PAIR_HEIGHT + 12) + 4


def draw_travel(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark], top: float,
                width: int) -> None:
    pairs: list[Mapping[str, Any]] = list(view.get("pairs") or [])
    title = section_title(draw, MARGIN, top + 8, "Travel: pairs on offer")
    order = [int(s) for s in view.get("order") or [] if 0 <= int(s) < len(marks)]
    current = view.get("current")
    x = title.x1 + 28
    if order:
        x = draw_text(draw, (x, top + 22), "Choosing order:", font(BODY), INK, anchor="lm").x1 + 8
        for seat in order:
            box = name_with_token(image, draw, marks[seat], x, top + 22, 220, bold=seat == current,
                                  ring=seat == current)
            x = box.x1 + 18
    per_row = max(1, (width - 2 * MARGIN) // (PAIR_WIDTH + 12))
    for n, pair in enumerate(pairs):
        px = MARGIN + (n % per_row) * (PAIR_WIDTH + 12)
        py = top + 48 + (n // per_row) * (PAIR_HEIGHT + 12)
        frame = Box(px, py, px + PAIR_WIDTH, py + PAIR_HEIGHT)
        draw.rounded_rectangle(frame.rounded(), radius=12, fill=PANEL_FILL, outline=PANEL_EDGE, width=2)
        draw_text(draw, (px + 12, py + 20), f"Pair {int(pair.get('index', n)) + 1}", font(BODY, bold=True), INK,
                  anchor="lm")
        draw_artist(image, pair.get("artist") or {}, BOARD_CARD, px + 6, py + 38)
        draw_city(image, pair.get("city") or {}, px + BOARD_CARD.pitch + 16, py + 38 + (BOARD_CARD.height
                                                                                      - CITY_HEIGHT) / 2)


# ----- Score sheet -----------------------------------------------------------------------------------

COLUMNS: tuple[tuple[str, int], ...] = (("Player", 300), ("R1", 76), ("R2", 76), ("R3", 76), ("R4", 76), ("R5", 76),
                                        ("VP", 96), ("Coins", 96), ("Swap", 84), ("Announced", 150), ("Show", 320))


def _final_lines(view: View, marks: Sequence[PlayerMark]) -> list[str]:
    lines = []
    for final in view.get("final") or []:
        seat = int(final.get("seat", 0))
        if not 0 <= seat < len(marks):
            continue
        parts = [f"{final.get('rounds', 0)} from the rounds", f"{final.get('coin_vp', 0)} for "
                 f"{final.get('coins', 0)} coins"]
        if final.get("region_vp"):
            parts.append(f"{final['region_vp']} for regions")
        lines.append(f"{marks[seat].name}: {' + '.join(parts)} = {final.get('total', 0)} VP")
    return lines


def table_height(view: View, marks: Sequence[PlayerMark]) -> int:
    return 48 + ROW_HEIGHT * (len(marks) + 1) + 30 * len(_final_lines(view, marks)) + 12


def _show_cell(player: Mapping[str, Any]) -> str:
    state = player.get("show_state")
    if player.get("show") is None:
        return "running (private)"
    if state == "running":
        return f"running · {player.get('show_length', 0)} artists"
    if state == "ended":
        return f"ended · {player.get('show_length', 0)} artists"
    return "—"


def draw_table(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
               top: float, width: int) -> None:
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    section_title(draw, MARGIN, top + 8, "Score sheet")
    y = top + 48
    current_round = int(view.get("round", 1))
    awaiting = {int(s) for s in view.get("awaiting") or []}
    frame = Box(MARGIN, y, width - MARGIN, y + ROW_HEIGHT * (len(players) + 1))
    draw.rounded_rectangle(frame.rounded(), radius=10, fill=PANEL_FILL, outline=PANEL_EDGE, width=2)
    head = font(BODY, bold=True)
    body = font(BODY)
    x = MARGIN + 12.0
    for label, w in COLUMNS:
        if label.startswith("R") and label[1:].isdigit() and int(label[1:]) == current_round and not view.get("over"):
            draw.rectangle((x - 6, y + 2, x + w - 10, frame.y1 - 2), fill=tint(INK, 0.88))
        draw_text(draw, (x, y + ROW_HEIGHT / 2), label, head, INK, anchor="lm")
        x += w
    finals = {int(f.get("seat", -1)): f for f in view.get("final") or []}
    for seat, player in enumerate(players[:len(marks)]):
        row_y = y + ROW_HEIGHT * (seat + 1)
        draw.line([(frame.x0 + 8, row_y), (frame.x1 - 8, row_y)], fill=PANEL_EDGE, width=1)
        cy = row_y + ROW_HEIGHT / 2
        x = MARGIN + 12.0
        name_with_token(image, draw, marks[seat], x, cy, COLUMNS[0][1] - 12, bold=seat in awaiting,
                        ring=seat in awaiting and not view.get("over"))
        x += COLUMNS[0][1]
        round_vp = list(player.get("round_vp") or [])
        for index in range(5):
            text = str(round_vp[index]) if index < len(round_vp) else ""
            draw_text(draw, (x, cy), text, body, INK, anchor="lm")
            x += COLUMNS[1 + index][1]
        total = finals[seat].get("total") if seat in finals else player.get("vp", 0)
        draw_text(draw, (x, cy), str(total), head, INK, anchor="lm")
        x += COLUMNS[6][1]
        icons.paste(image, icons.coin(10), (x + 10, cy))
        draw_text(draw, (x + 26, cy), str(player.get("coins", 0)), body, INK, anchor="lm")
        x += COLUMNS[7][1]
        owned = bool(player.get("swap_token"))
        icons.paste(image, icons.swap_token(12, owned), (x + 12, cy))
        draw_text(draw, (x + 30, cy), "yes" if owned else "no", body, INK if owned else MUTED, anchor="lm")
        x += COLUMNS[8][1]
        announced = player.get("announcement")
        draw_text(draw, (x, cy), "—" if announced is None else f"at least {announced}", body, INK, anchor="lm")
        x += COLUMNS[9][1]
        draw_text(draw, (x, cy), fit_text(_show_cell(player), body, COLUMNS[10][1] - 16), body, INK, anchor="lm")
    y = frame.y1 + 8
    for line in _final_lines(view, marks):
        draw_text(draw, (MARGIN + 12, y + 14), fit_text(line, body, width - 2 * MARGIN - 24), body, INK, anchor="lm")
        y += 30
    if not players:
        draw_text(draw, (MARGIN + 12, y), "No players.", body, PAPER)
