"""One player's panel: name and token, Player Order place, Fame and money, the Special Attraction
card, the bleacher (Publics on 2/4/6/8), the five colours built and Variety sets, the circus as its
grid of tiles (only the part in use plus the ring of cells around it where a tile could go, with
column letters and row numbers as the commands name cells, e.g. C3), and the hand: face-up unbuilt
tiles drawn in full, face-down Advanced tiles only as backs with their count.

``panel_height`` measures before ``draw_panel`` draws, so the board can size its canvas first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from lang import tr
from render.common import (
    INK,
    MUTED,
    PAPER,
    Box,
    PlayerMark,
    chip,
    chip_width,
    draw_text,
    draw_token,
    hex_colour,
    mix,
    rounded_panel,
    text_colour_on,
    text_width,
    tint,
)
from render.fonts import font
from render.little_circuses.icons import paste_icon
from render.little_circuses.layout import (
    ATTRACTION_COLOURS,
    BACKGROUND,
    BODY,
    FAINT,
    LINE,
    PANEL_FILL,
    SMALL,
    View,
    fitted,
)
from render.little_circuses.tiles import draw_tile, draw_tile_back
from rules.little_circuses.names import card_name, tile_name

Player = Mapping[str, Any]

PAD = 12
HEAD_H = 42
BLEACHER_H = 48
LABEL_W = 26  # the row numbers left of the grid
COLUMN_LABEL_H = 24
CELL_GAP = 7
LARGEST_CELL = 100
LARGEST_CELL_CROWDED = 88  # five or more circuses: four rows of panels, so each is kept a little shorter
HAND_TILE_W = 104
HAND_TILE_H = 80
HAND_GAP = 8
PANEL_RADIUS = 14
ADVANCED_BACK = hex_colour("#00586B")
COLUMNS = "ABCDEFGHIJ"


def ordinal(n: int) -> str:
    """A place on the Player Order track: 1st, 2nd (German: 1., 2.)."""
    if n == 1:
        return tr("{n}st", n=n)
    if n == 2:
        return tr("{n}nd", n=n)
    if n == 3:
        return tr("{n}rd", n=n)
    return tr("{n}th", n=n)


def grid_window(player: Player, grid_size: int) -> tuple[int, int, int, int]:
    """(first column, first row, columns, rows) of the part of the circus drawn: the smallest
    rectangle holding every attraction (the autocomplete of the commands lists where a tile may go)."""
    cells = [(int(c["x"]), int(c["y"])) for c in player.get("circus") or []]
    if not cells:
        return 0, 0, grid_size, grid_size
    x0, x1 = min(x for x, _ in cells), max(x for x, _ in cells)
    y0, y1 = min(y for _, y in cells), max(y for _, y in cells)
    return x0, y0, x1 - x0 + 1, y1 - y0 + 1


def cell_size(width: float, columns: int, seats: int = 1) -> int:
    largest = LARGEST_CELL if seats <= 4 else LARGEST_CELL_CROWDED
    return int(min(largest, (width - 2 * PAD - LABEL_W - (columns - 1) * CELL_GAP) / columns))


def seat_count(view: View) -> int:
    return int(view.get("seats") or len(view.get("players") or []) or 1)


def _hand_items(player: Player) -> int:
    return len(player.get("hand") or []) + (1 if int(player.get("secret_count") or 0) else 0)


def hand_per_row(area_width: float) -> int:
    return max(1, int((area_width - 2 * PAD + HAND_GAP) // (HAND_TILE_W + HAND_GAP)))


def hand_rows(player: Player, width: float) -> int:
    """Rows of hand tiles in a panel ``width`` wide (the hand is drawn 8 px in from the colour stripe)."""
    return max(1, -(-_hand_items(player) // hand_per_row(width - 8)))


def final_line(player: Player) -> str | None:
    """The end-of-game prizes added to the Fame, once the game is over."""
    final = player.get("final")
    if not final:
        return None
    return tr("Prizes: Variety +{variety}, Cash +{cash}, Act +{act}, Audience +{audience} (from {before})",
              variety=final.get("variety", 0), cash=final.get("cash", 0), act=final.get("act", 0),
              audience=final.get("audience", 0), before=final.get("before", 0))


def icons_line(player: Player) -> str | None:
    """What the player is resolving right now, if anything (public: the icons come from a built tile
    or a taken card)."""
    left = player.get("icons_left") or []
    source = player.get("source") or {}
    if not left:
        return None
    if not source.get("name"):
        return tr("Resolving from an attraction:")
    # A card's data lists effects, a tile's icons.
    name = card_name(str(source["name"])) if "effects" in source else tile_name(str(source["name"]))
    return tr("Resolving from {source}:", source=name)


def panel_height(view: View, player: Player, width: float) -> int:
    _, _, columns, rows = grid_window(player, int(view.get("grid_size", 6)))
    cell = cell_size(width, columns, seat_count(view))
    grid_h = COLUMN_LABEL_H + rows * cell + (rows - 1) * CELL_GAP
    hand_h = 34 + hand_rows(player, width) * (HAND_TILE_H + HAND_GAP)
    extra = 40 if icons_line(player) or final_line(player) else 0
    return PAD + HEAD_H + BLEACHER_H + extra + 6 + grid_h + 10 + hand_h + PAD


def _status(view: View, player: Player) -> tuple[str, Any] | None:
    if view.get("over"):
        final = player.get("final") or {}
        if int(player.get("seat", -1)) in (view.get("winners") or []):
            return (tr("WINNER"), hex_colour("#F0C419"))
        return (tr("{fame} Fame", fame=final.get("total", player.get("fame", 0))), FAINT) if final else None
    if player.get("awaited"):
        return (tr("▶ TO DECIDE"), hex_colour("#F0C419"))
    if player.get("ready"):
        return (tr("✓ CHOSEN"), hex_colour("#9FD8C4"))
    return None


BLEACHER_W = 62
COLOUR_W = 40


def _draw_bleacher(image: Image.Image, draw: ImageDraw.ImageDraw, player: Player, x: float, y: float) -> float:
    """The four bleacher spaces with a Public meeple and its count on each; returns the right edge."""
    counts = list(player.get("bleacher") or [0, 0, 0, 0])
    label = draw_text(draw, (x, y + BLEACHER_H / 2), tr("Bleacher"), font(SMALL, bold=True), INK, anchor="lm")
    bx = label.x1 + 8
    for value, count in zip((2, 4, 6, 8), counts, strict=False):
        _paste_on_even(image, bx, y + 4, partial(bleacher_space, value, int(count)))
        bx += BLEACHER_W + 5
    return bx


def _paste_on_even(image: Image.Image, x: float, y: float, sprite: Callable[[float, float], Image.Image]) -> None:
    """Paste the sprite drawn with its box at (``x``, ``y``) less the nearest even pixels at or above: every
    coordinate in it rounds as on the board (Python's and Pillow's rounding of halves depends on parity)."""
    corner_x, corner_y = math.floor(x) // 2 * 2, math.floor(y) // 2 * 2
    image.paste(sprite(x - corner_x, y - corner_y), (corner_x, corner_y))


# The boxes of a panel's bleacher and colours row, by what they show: a few hundred of 2-3 KB.
@lru_cache(maxsize=256)
def bleacher_space(value: int, count: int, left: float, top: float) -> Image.Image:
    """A bleacher space (its value, and a meeple with the count if Publics sit there) on the panel's fill."""
    sprite = Image.new("RGB", (math.ceil(left) + BLEACHER_W + 2, math.ceil(top) + BLEACHER_H - 6), PANEL_FILL)
    draw = ImageDraw.Draw(sprite)
    box = Box(left, top, left + BLEACHER_W, top + BLEACHER_H - 8)
    filled = count > 0
    rounded_panel(draw, box, fill=tint(hex_colour("#CC79A7"), 0.5) if filled else PAPER, outline=LINE, width=2,
                  radius=6)
    draw_text(draw, (box.x0 + 5, box.y0 + 2), str(value), font(16, bold=True), MUTED, anchor="lt")
    if filled:
        _meeple(draw, (box.x0 + 34, box.centre[1] + 3), 9)
        draw_text(draw, (box.x1 - 5, box.y1 - 3), f"{count}", font(BODY, bold=True), INK, anchor="rd")
    return sprite


@lru_cache(maxsize=256)
def colour_count(name: str, count: int, left: float, top: float) -> Image.Image:
    """How many attractions of a colour are built, as a box in that colour (white when none)."""
    style = ATTRACTION_COLOURS[name]
    sprite = Image.new("RGB", (math.ceil(left) + COLOUR_W + 2, math.ceil(top) + BLEACHER_H - 18), PANEL_FILL)
    draw = ImageDraw.Draw(sprite)
    box = Box(left, top, left + COLOUR_W, top + BLEACHER_H - 20)
    rounded_panel(draw, box, fill=style.fill if count else PAPER, outline=mix(style.fill, INK, 0.3), width=2,
                  radius=5)
    draw_text(draw, box.centre, f"{style.letter}{count}", font(SMALL, bold=True),
              text_colour_on(style.fill) if count else MUTED, anchor="mm")
    return sprite


def _meeple(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    cx, cy = centre
    draw.ellipse((cx - r * 0.55, cy - r * 1.6, cx + r * 0.55, cy - r * 0.5), fill=INK)
    draw.polygon([(cx - r, cy + r), (cx + r, cy + r), (cx + r * 0.5, cy - r * 0.4), (cx - r * 0.5, cy - r * 0.4)],
                 fill=INK)


def _draw_colours(image: Image.Image, draw: ImageDraw.ImageDraw, player: Player, x: float, y: float,
                  right: float) -> None:
    colours = player.get("colours") or {}
    cx = x
    for name in ATTRACTION_COLOURS:
        count = int(colours.get(name, 0))
        _paste_on_even(image, cx, y + 10, partial(colour_count, name, count))
        cx += COLOUR_W + 4
    sets = int(player.get("variety_sets") or 0)
    label = tr("Sets {n}", n=sets)
    if cx + 6 + text_width(label, font(SMALL, bold=True)) < right:
        draw_text(draw, (cx + 6, y + BLEACHER_H / 2), label, font(SMALL, bold=True), INK, anchor="lm")


def draw_panel_at(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, player: Player, mark: PlayerMark,
                  corner: tuple[int, int], width: int, height: int) -> None:
    """The panel drawn straight onto the board (or a players picture) with its top left at ``corner``, a
    whole pixel, so that it is the same pixels wherever it stands. Not drawn apart and pasted: with many
    games in a process the same panel is almost never drawn twice in a row, and a picture of its own
    cost a fresh canvas and a copy per panel."""
    x, y = corner
    draw_panel(image, draw, Box(x, y, x + width, y + height), view, player, mark)
    # Pillow's outline takes in its last column and row, one pixel beyond the panel's size: that pixel is
    # the margin's, so a panel covers exactly its measured size.
    image.paste(BACKGROUND, (x + width, y, x + width + 1, y + height + 1))
    image.paste(BACKGROUND, (x, y + height, x + width + 1, y + height + 1))


def draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, player: Player,
               mark: PlayerMark) -> None:
    awaited = bool(player.get("awaited")) and not view.get("over")
    rounded_panel(draw, box, fill=PANEL_FILL, outline=mix(mark.colour, INK, 0.25), width=5 if awaited else 3,
                  radius=PANEL_RADIUS)
    draw.rectangle((box.x0 + 3, box.y0 + 3, box.x0 + 12, box.y1 - 3), fill=mark.colour)
    x, y = box.x0 + PAD + 8, box.y0 + PAD
    # Name line: token, name, Fame, money, status.
    draw_token(image, (x + 16, y + HEAD_H / 2), mark, radius=16, ring=awaited)
    status = _status(view, player)
    right = box.x1 - PAD
    if status is not None:
        w = chip_width(status[0], font(SMALL, bold=True), pad_x=8)
        chip(draw, (right - w, y + 7), status[0], font(SMALL, bold=True), fill=status[1], outline=INK, pad_x=8)
        right -= w + 12
    stats = font(BODY, bold=True)
    money = f"${player.get('money', 0)}"
    fame = tr("{fame} Fame", fame=player.get("fame", 0))
    money_x = right - text_width(money, stats)
    paste_icon(image, "coin", money_x - 32, y + 7, 28)
    fame_x = money_x - 50 - text_width(fame, stats)
    paste_icon(image, "star", fame_x - 32, y + 7, 28)
    draw_text(draw, (money_x, y + HEAD_H / 2), money, stats, INK, anchor="lm")
    draw_text(draw, (fame_x, y + HEAD_H / 2), fame, stats, INK, anchor="lm")
    order = int(player.get("order_position", 0)) + 1
    name, name_font = fitted(f"{mark.name} ({ordinal(order)})", 25, fame_x - 44 - x - 44, bold=True, smallest=16)
    draw_text(draw, (x + 40, y + HEAD_H / 2), name, name_font, INK, anchor="lm")
    y += HEAD_H
    right_of_bleacher = _draw_bleacher(image, draw, player, x, y)
    _draw_colours(image, draw, player, right_of_bleacher + 12, y, box.x1 - PAD)
    y += BLEACHER_H
    final = final_line(player)
    if final:
        final, face = fitted(final, SMALL, box.x1 - PAD - x, bold=True, smallest=12)
        draw_text(draw, (x, y + 20), final, face, INK, anchor="lm")
        y += 40
    line = icons_line(player)
    if line and not final:
        line, face = fitted(line, SMALL, box.width * 0.6, bold=True, smallest=12)
        end = draw_text(draw, (x, y + 20), line, face, INK, anchor="lm")
        ix = end.x1 + 8
        for icon in player.get("icons_left") or []:
            if ix + 32 > box.x1 - PAD:
                break
            paste_icon(image, str(icon), ix, y + 4, 32)
            ix += 35
        y += 40
    y += 6
    y = _draw_grid(image, draw, view, player, mark, Box(box.x0 + 8, y, box.x1, box.y1)) + 10
    _draw_hand(draw, image, player, Box(box.x0 + 8, y, box.x1, box.y1))


def _draw_grid(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, player: Player, mark: PlayerMark,
               area: Box) -> float:
    grid_size = int(view.get("grid_size", 6))
    gx, gy, columns, rows = grid_window(player, grid_size)
    cell = cell_size(area.width + 8, columns, seat_count(view))
    left = area.x0 + PAD + LABEL_W + (area.width - 2 * PAD - LABEL_W - columns * cell - (columns - 1) * CELL_GAP) / 2
    top = area.y0 + COLUMN_LABEL_H
    label = font(SMALL, bold=True)
    for c in range(columns):
        cx = left + c * (cell + CELL_GAP) + cell / 2
        draw_text(draw, (cx, area.y0 + COLUMN_LABEL_H / 2), COLUMNS[gx + c], label, MUTED, anchor="mm")
    for r in range(rows):
        cy = top + r * (cell + CELL_GAP) + cell / 2
        draw_text(draw, (left - 10, cy), str(gy + r + 1), label, MUTED, anchor="rm")
    occupied = {(int(c["x"]), int(c["y"])): c for c in player.get("circus") or []}
    for r in range(rows):
        for c in range(columns):
            x0 = left + c * (cell + CELL_GAP)
            y0 = top + r * (cell + CELL_GAP)
            box = Box(x0, y0, x0 + cell, y0 + cell)
            entry = occupied.get((gx + c, gy + r))
            if entry is None:
                x0, y0, x1, y1 = box.inflate(-6).rounded()
                outline = _empty_cell(x1 - x0, y1 - y0)
                image.paste(outline, (x0, y0), outline)
                continue
            draw_tile(image, draw, box, entry.get("tile") or {}, background=PANEL_FILL, used=bool(entry.get("used")),
                      highlight=mark if entry.get("highlight") else None, depth=int(entry.get("depth", 1)))
    return top + rows * cell + (rows - 1) * CELL_GAP


@lru_cache(maxsize=16)
def _empty_cell(width: int, height: int) -> Image.Image:
    """An empty cell's outline, ``width`` × ``height`` px from corner to corner, as a sprite: a circus
    grid has dozens of them, and pasting is far cheaper than drawing each rounded rectangle (the
    same pixels: the outline is drawn without smoothing, so the sprite's mask is exactly its pixels)."""
    sprite = Image.new("RGBA", (width + 1, height + 1), (*FAINT, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, width, height), radius=8, outline=(*FAINT, 255), width=2)
    return sprite


def _draw_hand(draw: ImageDraw.ImageDraw, image: Image.Image, player: Player, area: Box) -> None:
    hand: Sequence[Mapping[str, Any]] = player.get("hand") or []
    secret = int(player.get("secret_count") or 0)
    title = (tr("Hand: {up} face up, {down} face down", up=len(hand), down=secret) if secret
             else tr("Hand: {up} face up", up=len(hand)))
    card = player.get("card")
    room = area.width - 2 * PAD
    chip_w = 0.0
    if card:
        # The card's chip keeps at most half the row; the title has the rest.
        label, face = fitted(tr("Card {number}: {name}", number=card.get("number"),
                                name=card_name(str(card.get("name", "")))), SMALL, room / 2 - 16, bold=True,
                             smallest=12)
        chip_w = chip_width(label, face, pad_x=8)
        chip(draw, (area.x1 - PAD - chip_w, area.y0), label, face, fill=tint(hex_colour("#CC79A7"), 0.3),
             outline=INK, pad_x=8, height=28)
    title, face = fitted(title, SMALL, room - (chip_w + 40 if card else 0), bold=True, smallest=12)
    draw_text(draw, (area.x0 + PAD, area.y0 + 14), title, face, INK, anchor="lm")
    per_row = hand_per_row(area.width)
    items: list[Mapping[str, Any] | None] = [*hand, *([None] if secret else [])]
    for index, tile in enumerate(items):
        row, col = divmod(index, per_row)
        x0 = area.x0 + PAD + col * (HAND_TILE_W + HAND_GAP)
        y0 = area.y0 + 34 + row * (HAND_TILE_H + HAND_GAP)
        box = Box(x0, y0, x0 + HAND_TILE_W, y0 + HAND_TILE_H)
        if tile is None:
            draw_tile_back(image, box, ADVANCED_BACK, secret, background=PANEL_FILL)
        else:
            draw_tile(image, draw, box, tile, background=PANEL_FILL)
    if not items:
        draw_text(draw, (area.x0 + PAD, area.y0 + 34 + HAND_TILE_H / 2), tr("no unbuilt tiles"), font(SMALL), MUTED,
                  anchor="lm")
