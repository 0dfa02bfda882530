"""A seat's private picture, for an ephemeral reply: what it is deciding and what it has chosen for
this space (still secret from the others), its money, then every unbuilt tile — the face-up ones and
the face-down Advanced tiles only this seat may see — each drawn in full with its name and icons in
words. Refuses a spectator view, which has no private part."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, tr, trn
from render.common import (
    INK,
    MAX_HEIGHT,
    MAX_WIDTH,
    MUTED,
    PAPER,
    Box,
    chip,
    draw_text,
    draw_token,
    player_marks,
    rounded_panel,
    wrap_text,
)
from render.fonts import font
from render.little_circuses import palette
from render.little_circuses.circus import ADVANCED_BACK, COLUMNS
from render.little_circuses.icons import ICON_MEANINGS, icon_kind
from render.little_circuses.layout import BACKGROUND, BODY, MARGIN, PANEL_FILL, SMALL, View, check_view, fitted
from render.little_circuses.tiles import draw_tile
from render.png import palette_png
from rules.little_circuses.names import colour_name, icon_name, tile_name

HAND_WIDTH = 860
GOLD = (240, 196, 25)
ROW_H = 118
TILE_W = 132
TILE_H = 104

STEP_WORDS = {
    "opening": N_("Your decision now: choose where the Highlight opens."),
    "build": N_("Your decision now: choose how to build (raise funds, hire help or build a tile)."),
    "midday": N_("Your decision now: build or execute (move the Highlight)."),
    "place": N_("Your decision now: choose where to build the tile."),
    "fallback": N_("Your decision now: no tile was left to hire: raise funds or build."),
    "fallback_place": N_("Your decision now: choose where to build the tile."),
    "move": N_("Your decision now: move the Highlight."),
    "icon": N_("Your decision now: resolve an icon."),
    "special": N_("Your decision now: choose a Special Attraction."),
}
"""The seat's decision, a whole sentence per step (the icon step names its icon: ``decision_lines``)."""
PLAN_WORDS = {
    "funds": N_("raise funds (+$2)"),
    "hire": N_("hire help (take a tile)"),
    "build": N_("build"),
    "execute": N_("execute (move the Highlight)"),
    "opening": N_("open on a printed attraction"),
}


def cell_name(cell: object, grid_size: int) -> str:
    if not isinstance(cell, int) or grid_size <= 0:
        return "?"
    return f"{COLUMNS[cell % grid_size]}{cell // grid_size + 1}"


def decision_lines(view: View) -> list[str]:
    you = view.get("you") or {}
    seat = view.get("seat")
    players = view.get("players") or []
    ready = isinstance(seat, int) and 0 <= seat < len(players) and bool(players[seat].get("ready"))
    lines: list[str] = []
    step = str(you.get("step") or "")
    if step:
        if you.get("icon"):
            kind = icon_kind(str(you["icon"]))
            meaning = tr(ICON_MEANINGS[kind]) if kind in ICON_MEANINGS else ""
            lines.append(tr("Your decision now: resolve an icon — the {icon} icon ({meaning}).",
                            icon=icon_name(str(you["icon"])), meaning=meaning))
        elif step in STEP_WORDS:
            lines.append(tr(STEP_WORDS[step]))
        else:
            lines.append(tr("Your decision now: {step}.", step=step.replace("_", " ")))
    plan = str(you.get("plan") or "")
    if plan and ready:
        words = tr(PLAN_WORDS[plan]) if plan in PLAN_WORDS else plan
        tile = you.get("plan_tile")
        name = tile_name(str(tile.get("name", ""))) if tile else ""
        cell = you.get("plan_cell")
        where = cell_name(cell, int(view.get("grid_size", 6))) if cell is not None else ""
        if tile and cell is not None:
            text = tr("Your choice for this space: {plan} {tile} at {cell} (hidden from the others until everyone "
                      "has chosen).", plan=words, tile=name, cell=where)
        elif tile:
            text = tr("Your choice for this space: {plan} {tile} (hidden from the others until everyone has "
                      "chosen).", plan=words, tile=name)
        elif cell is not None:
            text = tr("Your choice for this space: {plan} at {cell} (hidden from the others until everyone has "
                      "chosen).", plan=words, cell=where)
        else:
            text = tr("Your choice for this space: {plan} (hidden from the others until everyone has chosen).",
                      plan=words)
        lines.append(text)
    if not lines:
        lines.append(tr("Nothing to decide right now."))
    return lines


def _tile_words(tile: Mapping[str, Any], grouped: bool = False) -> str:
    """Colour, cost and icons in words; ``grouped`` counts repeated icons ("3× star"), for a long row."""
    icons = [icon_name(str(i)) for i in tile.get("icons") or []]
    if grouped:
        icons = [name if icons.count(name) == 1 else f"{icons.count(name)}× {name}" for name in dict.fromkeys(icons)]
    colour = colour_name(str(tile["colour"])) if tile.get("colour") else tr("printed")
    return f"{colour} · ${tile.get('cost', '?')} · {', '.join(icons)}"


def render_hand_image(view: View) -> Image.Image:
    check_view(view)
    seat = view.get("seat")
    you = view.get("you")
    if seat is None or you is None:
        raise ValueError("render_hand needs the view of a seat (a spectator view has no hand)")
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    mark = marks[int(seat)]
    player = players[int(seat)]
    face_up: Sequence[Mapping[str, Any]] = player.get("hand") or []
    secret: Sequence[Mapping[str, Any]] = you.get("secret") or []
    body = font(BODY)
    text_w = HAND_WIDTH - 2 * MARGIN
    lines = [wrapped for line in decision_lines(view) for wrapped in wrap_text(line, body, text_w)]
    tiles: list[tuple[Mapping[str, Any], bool]] = [(t, False) for t in face_up] + [(t, True) for t in secret]
    plan_tile = you.get("plan_tile") or {}
    planned = plan_tile.get("id") if player.get("ready") or you.get("step") in ("place", "fallback_place") else None
    title_h = 60
    top_h = title_h + 40 + len(lines) * 30 + 16
    # A long hand goes in two columns on a wider picture, so it stays phone-sized (at most 2,000 px tall).
    per_column = max(1, len(tiles))
    width = HAND_WIDTH
    if top_h + per_column * (ROW_H + 8) + MARGIN > MAX_HEIGHT:
        per_column = -(-len(tiles) // 2)
        width = MAX_WIDTH
    column_w = (width - MARGIN) / (1 if width == HAND_WIDTH else 2)
    height = top_h + per_column * (ROW_H + 8) + MARGIN
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_token(image, (MARGIN + 18, 30), mark, radius=17)
    if secret:
        title = trn("{name}'s hand — {n} unbuilt tile ({down} face down)",
                    "{name}'s hand — {n} unbuilt tiles ({down} face down)", len(tiles), name=mark.name,
                    down=len(secret))
    else:
        title = trn("{name}'s hand — {n} unbuilt tile", "{name}'s hand — {n} unbuilt tiles", len(tiles),
                    name=mark.name)
    title, title_font = fitted(title, 27, width - 80, bold=True)
    draw_text(draw, (MARGIN + 46, 30), title, title_font, INK, anchor="lm")
    y = float(title_h)
    money = tr("You have ${money} and {fame} Fame.", money=player.get("money", 0), fame=player.get("fame", 0))
    money, face = fitted(money, BODY, width - 2 * MARGIN, bold=True)
    draw_text(draw, (MARGIN, y + 14), money, face, INK, anchor="lm")
    y += 40
    for line in lines:
        draw_text(draw, (MARGIN, y + 13), line, body, INK, anchor="lm")
        y += 30
    y += 16
    if not tiles:
        draw_text(draw, (MARGIN, y + 30), tr("You have no unbuilt tiles."), body, MUTED, anchor="lm")
    tiles_top = y
    for index, (tile, hidden) in enumerate(tiles):
        column, place = divmod(index, per_column)
        y = tiles_top + place * (ROW_H + 8)
        row = Box(MARGIN + column * column_w, y, (column + 1) * column_w, y + ROW_H)
        rounded_panel(draw, row, fill=PANEL_FILL, outline=ADVANCED_BACK if hidden else MUTED, width=3, radius=12)
        draw_tile(image, draw, Box(row.x0 + 8, row.y0 + 7, row.x0 + 8 + TILE_W, row.y0 + 7 + TILE_H), tile,
                  background=PANEL_FILL)
        tx = row.x0 + TILE_W + 22
        room = row.x1 - tx - 12
        name, name_font = fitted(tile_name(str(tile.get("name", ""))), BODY + 2, room, bold=True)
        draw_text(draw, (tx, row.y0 + 24), name, name_font, INK, anchor="lm")
        words, face = fitted(_tile_words(tile), BODY, room)
        if words.endswith("…"):
            # Too long even at 16 px (many icons, or a language with longer words): repeated icons are counted.
            words, face = fitted(_tile_words(tile, grouped=True), BODY, room)
        draw_text(draw, (tx, row.y0 + 56), words, face, INK, anchor="lm")
        chosen = planned is not None and tile.get("id") == planned
        tag = tr("face down — only you see it") if hidden else tr("face up — everyone sees it")
        # With the chosen build's chip beside it, the tag keeps at most 60% of the row.
        tag, face = fitted(tag, SMALL, (room * 0.6 if chosen else room) - 14)
        box = chip(draw, (tx, row.y0 + 76), tag, face, fill=ADVANCED_BACK if hidden else PAPER,
                   outline=None if hidden else MUTED, pad_x=7)
        if chosen:
            label, face = fitted(tr("your chosen build"), SMALL, row.x1 - 12 - box.x1 - 8 - 14, bold=True)
            chip(draw, (box.x1 + 8, row.y0 + 76), label, face, fill=GOLD, outline=INK, pad_x=7)
    return image


def render_hand(view: View) -> bytes:
    """A seat's own unbuilt tiles (face-down ones included) and its pending choice, as PNG bytes.
    Raises ValueError for a spectator view, which has no private part."""
    return palette_png(render_hand_image(view), palette.HAND)
