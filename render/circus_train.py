"""Circus Train boards as PNG images: ``render_board`` for the public thread, ``render_hand`` for a
seat's private (ephemeral) reply.

Pure functions of a View (``rules.circus_train.view.view``): no clock, no randomness, no database, no
Discord; identical views give identical bytes. ``render_board`` never reads the view's hand, so even a
seat's view yields only public information.

Layout (1600 px wide, which Discord shows full-width on a phone):

- header: calendar strip, month/week/season, cities with news, draw bag, event card, who acts;
- map: the 27 cities at their board positions, railroads, city names; on each city with news a tag
  (Performance Demand, Points counter, Talent for hire, Special Characters) placed around the city so
  tags, names and trains never cover each other; every train as its player's token;
- one panel per player: VP, Best Performance, money, Reputation, talent (famous ★), Special
  Characters, performances, cards played, hand size, a two-week show under way; the player to act is
  framed and marked "▶ TO ACT".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    INK,
    MUTED,
    PAPER,
    RGB,
    Box,
    Font,
    Placer,
    PlayerMark,
    Point,
    chip,
    chip_width,
    disc_sprite,
    draw_text,
    draw_token,
    fit_text,
    hex_colour,
    line_height,
    mix,
    nearer_rival,
    paste_centred,
    player_marks,
    rounded_panel,
    star_polygon,
    text_colour_on,
    text_width,
    tint,
    to_png,
    wrap_text,
)
from render.fonts import font, printable
from rules.circus_train.calendar import MONTHS, WEEKS_IN_MONTH
from rules.circus_train.content import Content, NewsCounter, load_content
from rules.circus_train.state import CARD_NAMES, FULL_DECK, REPUTATION_TRACK

View = Mapping[str, Any]

WIDTH = 1600
MARGIN = 16

# ----- palette -----------------------------------------------------------------------------------------

BACKGROUND: RGB = hex_colour("#E9E4D8")
MAP_FILL: RGB = hex_colour("#F6F1E4")
RAIL: RGB = hex_colour("#7A6A58")
RAIL_TIE: RGB = hex_colour("#B9AA94")
CANADA_RED: RGB = hex_colour("#C8102E")
POINTS_GOLD: RGB = hex_colour("#F5C542")
HIRE_FILL: RGB = hex_colour("#DCE6F0")
HIRE_DARK: RGB = hex_colour("#34536F")
SPECIAL_PURPLE: RGB = hex_colour("#5E3C99")
CLOSED_RED: RGB = hex_colour("#9E1B1B")
PANEL_FILL: RGB = hex_colour("#FBF9F4")


@dataclass(frozen=True)
class SeasonStyle:
    colour: RGB
    letter: str
    months: str


# The Local News tents' colours, each with a letter so colour is never the only cue (the money a
# counter pays — $5, $10, $20 — tells the season too).
SEASON_STYLES: Mapping[str, SeasonStyle] = {
    "green": SeasonStyle(hex_colour("#2E8B57"), "G", "April/May"),
    "yellow": SeasonStyle(hex_colour("#F2C12E"), "Y", "June/July"),
    "red": SeasonStyle(hex_colour("#C0392B"), "R", "August/September"),
}

# ----- text ------------------------------------------------------------------------------------------------

CARD_SHORT = {
    "fast_transit": "Fast",
    "rapid_transit": "Rapid",
    "overnight_transit": "Overnight",
    "basic_transit": "Basic",
    "hold": "Hold",
    "overnight_hire": "Overnight Hire",
    "wages_transit": "Wages",
    "rest": "Rest",
}

CARD_MEANINGS = {
    "fast_transit": "move up to 5",
    "rapid_transit": "move up to 3",
    "overnight_transit": "move up to 2, then Perform/Hire",
    "basic_transit": "move 1 OR Perform/Hire",
    "hold": "Perform/Hire, or do nothing",
    "overnight_hire": "move up to 2, then Special Hire",
    "wages_transit": "move up to 2, then pay Wages",
    "rest": "no action; resting in Canada gives +1 Reputation or a free Clown or Acrobat",
}
ADVANCED_MEANINGS = {
    "basic_transit": "move 1 OR Perform/Hire OR Circus Parade ($10)",
}

STEP_LABELS = {
    "pick_talent": "picking starting talent",
    "choose_start": "choosing a start city",
    "choose": "choosing an Action card",
    "move": "moving the train",
    "basic": "moving 1 or performing/hiring",
    "recruit": "deciding whether to recruit",
    "act": "performing or hiring",
    "special_hire": "making a Special Hire",
    "hire": "hiring talent",
    "hire_failed": "deciding to buy after a failed hire",
    "wages": "paying wages",
    "place_released": "placing released talent",
    "rest_bonus": "choosing a rest bonus",
    "long_month_steal": "taking talent (long month)",
}

# ----- sizes -----------------------------------------------------------------------------------------------

MAP_SCALE = 1.66
MAP_X0 = 60
MAP_Y0 = 44
MAP_HEIGHT = 1040
DOT_RADIUS = 10
TOKEN_RADIUS = 18
TOKEN_STEP = 46  # centre to centre of tokens fanned out in one city

NAME_FONT_SIZE = 23
TAG_FONT_SIZE = 21
BODY = 21


def _name_font() -> Font:
    return font(NAME_FONT_SIZE, condensed=True)


def _tag_font() -> Font:
    return font(TAG_FONT_SIZE, condensed=True)


def city_point(content: Content, city: str) -> Point:
    c = content.cities[city]
    return (MAP_X0 + c.x * MAP_SCALE, MAP_Y0 + c.y * MAP_SCALE)


# ----- the static map: rails, dots, names (drawn once per process) ----------------------------------------


@dataclass(frozen=True)
class BaseMap:
    image: Image.Image
    dots: Mapping[str, Box]  # each city's dot
    seats: Mapping[str, Box]  # room for a train token on each dot (kept clear of names)
    names: Mapping[str, Box]
    rails: tuple[tuple[Point, Point], ...]


def _draw_rail(draw: ImageDraw.ImageDraw, a: Point, b: Point) -> None:
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    # Cross-ties every 16 px, then the rail on top: the classic railroad symbol.
    steps = int(length // 16)
    for i in range(1, steps):
        cx, cy = a[0] + ux * i * 16, a[1] + uy * i * 16
        draw.line([(cx - nx * 7, cy - ny * 7), (cx + nx * 7, cy + ny * 7)], fill=RAIL_TIE, width=3)
    draw.line([a, b], fill=RAIL, width=5)


@cache
def base_map() -> BaseMap:
    """Railroads and city dots, drawn once per process, and where each city's name goes: clear of
    every dot and of the room a train token needs on it, off the rails where possible. (Names are
    drawn on each board, over the tags' leader lines.)"""
    content = load_content()
    image = Image.new("RGB", (WIDTH, MAP_HEIGHT), MAP_FILL)
    draw = ImageDraw.Draw(image)
    rails = tuple((city_point(content, a), city_point(content, b)) for a, b in content.connections)
    for a, b in rails:
        _draw_rail(draw, a, b)

    dots: dict[str, Box] = {}
    seats: dict[str, Box] = {}
    for city_id, city in content.cities.items():
        centre = city_point(content, city_id)
        if city.canadian:
            sprite = disc_sprite(DOT_RADIUS + 2, CANADA_RED, INK, 3, "square")
            paste_centred(image, sprite, centre)
            inner = disc_sprite(4, PAPER, PAPER, 0)
            paste_centred(image, inner, centre)
        else:
            paste_centred(image, disc_sprite(DOT_RADIUS, PAPER, INK, 3.5), centre)
        dots[city_id] = Box.around(centre, DOT_RADIUS * 2 + 8, DOT_RADIUS * 2 + 8)
        seats[city_id] = Box.around(centre, TOKEN_RADIUS * 2 + 6, TOKEN_RADIUS * 2 + 6)

    placer = Placer(Box(4, 4, WIDTH - 4, MAP_HEIGHT - 4), rails, segment_cost=60)
    for box in seats.values():
        placer.block(box)
    names: dict[str, Box] = {}
    name_font = _name_font()
    for city_id, city in content.cities.items():
        w = text_width(city.name, name_font) + 8
        h = line_height(name_font) + 2
        centre = city_point(content, city_id)
        names[city_id] = placer.place(centre, w, h, gaps=(0, 8, 18), distance_cost=2.0)
    return BaseMap(image=image, dots=dots, seats=seats, names=names, rails=rails)


LEGEND_HEIGHT = 84


@cache
def legend_strip() -> Image.Image:
    """A key to the tags and marks, drawn once: a strip under the map."""
    image = Image.new("RGB", (WIDTH, LEGEND_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    f = font(20)
    fb = _tag_font()
    x, y = float(MARGIN), 8.0

    def say(at: float, text: str, line: float) -> Box:
        return draw_text(draw, (at, line + 16), text, f, INK, anchor="lm")

    green = SEASON_STYLES["green"]
    sample = chip(draw, (x, y), "2+", fb, fill=green.colour, pad_x=7)
    sample = chip(draw, (sample.x1 + 4, y), "$5 G", fb, fill=PAPER, outline=green.colour, pad_x=6)
    sample = chip(draw, (sample.x1 + 4, y), "2wk", fb, fill=INK, pad_x=6)
    say(sample.x1 + 10, "Performance Demand: base 2 + talent points (Ac 5 …); pays $5/$10/$20 by season "
        "(G/Y/R); 2wk: a two-week show", y)
    y += 38
    sample = _points_chip(draw, (x, y), 3, fb)
    sample = say(sample.x1 + 8, "Points", y)
    sample = chip(draw, (sample.x1 + 24, y), "Hire", fb, fill=HIRE_DARK, pad_x=7)
    sample = chip(draw, (sample.x1 + 4, y), "Ac ×2", fb, fill=HIRE_FILL, pad_x=6)
    sample = say(sample.x1 + 8, "talent to hire", y)
    sample = chip(draw, (sample.x1 + 24, y), "Big Bertha", fb, fill=SPECIAL_PURPLE, pad_x=7)
    sample = say(sample.x1 + 8, "Special Character", y)
    centre = (sample.x1 + 36, y + 16)
    paste_centred(image, disc_sprite(DOT_RADIUS, PAPER, INK, 3.5), centre)
    sample = say(centre[0] + 18, "city", y)
    centre = (sample.x1 + 36, y + 16)
    paste_centred(image, disc_sprite(DOT_RADIUS + 2, CANADA_RED, INK, 3, "square"), centre)
    paste_centred(image, disc_sprite(4, PAPER, PAPER, 0), centre)
    sample = say(centre[0] + 20, "Canadian start", y)
    sample = chip(draw, (sample.x1 + 24, y), "★Cl 3", fb, fill=INK, pad_x=6)
    say(sample.x1 + 8, "famous (3 or more)", y)
    return image


def _points_chip(draw: ImageDraw.ImageDraw, xy: Point, points: int, f: Font) -> Box:
    text = f"{points} VP"
    h = line_height(f) + 6
    w = h + text_width(text, f) + 10
    box = Box(xy[0], xy[1], xy[0] + w, xy[1] + h)
    rounded_panel(draw, box, fill=POINTS_GOLD, outline=INK, width=2, radius=8)
    draw.polygon(star_polygon((box.x0 + h / 2 + 2, box.centre[1]), h / 2 - 4, 5, 0.45), fill=INK)
    draw.text((box.x0 + h + 2, box.centre[1]), text, font=f, fill=INK, anchor="lm")
    return box


# ----- tags on cities ---------------------------------------------------------------------------------------


@dataclass
class Cell:
    text: str
    fill: RGB | None = None  # None: plain text on the row's background
    text_fill: RGB | None = None
    outline: RGB | None = None
    points_star: bool = False


@dataclass
class Row:
    cells: list[Cell]
    fill: RGB | None = None  # band colour behind the whole row
    columns: int = 0  # > 0: cells laid out on a grid of this many columns


@dataclass
class Tag:
    city: str
    rows: list[Row]
    border: RGB
    fill: RGB = PAPER
    size: tuple[float, float] = field(default=(0.0, 0.0))


PAD = 6
GAP = 6
TAG_GAPS = (8, 20, 36, 56, 80, 110, 145, 185, 230, 280, 340, 410, 490, 580)
LEADER_COST = 60.0  # per name, dot, train or tag a tag's leader line would cross
RIVAL_MARGIN = 20.0  # a tag about as near (by this much) to another city as to its own shows its city's name
TITLE_DISTANCE = 40  # a tag placed further than this from its city shows the city's name
ROW_H = 30


def _cell_width(cell: Cell, f: Font) -> float:
    if cell.points_star:
        return ROW_H + text_width(cell.text, f) + 10
    return chip_width(cell.text, f, pad_x=6 if cell.fill is not None else 2)


def _row_width(row: Row, f: Font) -> float:
    widths = [_cell_width(cell, f) for cell in row.cells]
    if row.columns:
        per_column = [0.0] * row.columns
        for index, w in enumerate(widths):
            per_column[index % row.columns] = max(per_column[index % row.columns], w)
        return sum(per_column) + GAP * 2 * (row.columns - 1)
    return sum(widths) + GAP * (len(widths) - 1)


def _row_lines(row: Row) -> int:
    return math.ceil(len(row.cells) / row.columns) if row.columns else 1


def _measure(tag: Tag) -> tuple[float, float]:
    f = _tag_font()
    width = max(_row_width(row, f) for row in tag.rows) + 2 * PAD
    height = sum(_row_lines(row) * ROW_H for row in tag.rows) + (len(tag.rows) - 1) * 2 + 2 * PAD - 4
    return (math.ceil(width), math.ceil(height))


def _demand_columns(count: int) -> int:
    return count if count <= 3 else 2 if count == 4 else 3


def _demand_rows(content: Content, counter: NewsCounter) -> list[Row]:
    season = SEASON_STYLES[counter.season]
    money = content.seasons[counter.season].money
    header = [
        Cell(f"{counter.base}+", text_fill=text_colour_on(season.colour)),
        Cell(f"${money} {season.letter}", fill=PAPER, text_fill=INK),
    ]
    if counter.two_week:
        header.append(Cell("2wk", fill=INK, text_fill=PAPER))
    cells = [Cell(f"{content.talent[t].short} {v}") for t, v in counter.demands]
    return [Row(header, fill=season.colour), Row(cells, columns=_demand_columns(len(cells)))]


def _city_tag(content: Content, city: str, news: Mapping[str, Any], closed: bool, solitaire: bool,
              titled: bool = False) -> Tag | None:
    """The tag for one city, or None if nothing lies there. ``titled`` adds the city's name on top, for
    a tag that had to be placed away from its city."""
    rows: list[Row] = []
    if titled:
        rows.append(Row([Cell(content.cities[city].name, text_fill=INK)]))
    border = INK
    fill = PAPER
    counter_id = news.get("counter")
    if counter_id:
        counter = content.counters[counter_id]
        if counter.kind == "performance":
            rows += _demand_rows(content, counter)
            border = SEASON_STYLES[counter.season].colour
        elif counter.kind == "points":
            text = f"{counter.points} VP" if not solitaire else f"${counter.points * 5}"
            rows.append(Row([Cell(text, points_star=True)]))
            fill = POINTS_GOLD
    talent = {t: n for t, n in (news.get("talent") or {}).items() if n}
    if talent:
        cells = [Cell("Hire", fill=HIRE_DARK, text_fill=PAPER)]
        for t in content.talent:
            if t in talent:
                count = talent[t]
                cells.append(Cell(content.talent[t].short + (f" ×{count}" if count > 1 else "")))
        rows.append(Row(cells, fill=None))
        if not counter_id:
            fill = HIRE_FILL
            border = HIRE_DARK
    for special in news.get("specials") or []:
        rows.append(Row([Cell(content.specials[special].name, fill=SPECIAL_PURPLE, text_fill=PAPER)]))
        if len(rows) == 1 + int(titled):
            border = SPECIAL_PURPLE
    if closed:
        rows.append(Row([Cell("✕ CLOSED", fill=CLOSED_RED, text_fill=PAPER)]))
    if len(rows) == int(titled):
        return None
    tag = Tag(city, rows, border, fill)
    tag.size = _measure(tag)
    return tag


def _draw_tag(draw: ImageDraw.ImageDraw, tag: Tag, box: Box) -> None:
    f = _tag_font()
    rounded_panel(draw, box, fill=tag.fill, outline=tag.border, width=3, radius=8)
    y = box.y0 + PAD - 2
    for row in tag.rows:
        lines = _row_lines(row)
        height = lines * ROW_H
        if row.fill is not None:
            top = row is tag.rows[0]
            band = Box(box.x0 + 2, y - PAD + 4, box.x1 - 2, y + height) if top else \
                Box(box.x0 + 3, y, box.x1 - 3, y + height)
            if top:
                draw.rounded_rectangle(band.rounded(), radius=6, fill=row.fill, corners=(True, True, False, False))
            else:
                draw.rectangle(band.rounded(), fill=row.fill)
        x = box.x0 + PAD
        widths = [_cell_width(cell, f) for cell in row.cells]
        col_x: list[float] = []
        if row.columns:
            per_column = [0.0] * row.columns
            for index, w in enumerate(widths):
                per_column[index % row.columns] = max(per_column[index % row.columns], w)
            acc = x
            for w in per_column:
                col_x.append(acc)
                acc += w + GAP * 2
        for index, cell in enumerate(row.cells):
            if row.columns:
                cx = col_x[index % row.columns]
                cy = y + (index // row.columns) * ROW_H
            else:
                cx, cy = x, y
            _draw_cell(draw, cell, (cx, cy), f, row.fill or tag.fill)
            x += widths[index] + GAP
        y += height + 2


def _draw_cell(draw: ImageDraw.ImageDraw, cell: Cell, xy: Point, f: Font, background: RGB) -> None:
    x, y = xy
    mid = y + ROW_H / 2
    if cell.points_star:
        draw.polygon(star_polygon((x + ROW_H / 2, mid), ROW_H / 2 - 2, 5, 0.45), fill=INK)
        draw.text((x + ROW_H + 4, mid), cell.text, font=f, fill=INK, anchor="lm")
        return
    if cell.fill is not None:
        chip(draw, (x, y + 1), cell.text, f, fill=cell.fill, text_fill=cell.text_fill, outline=cell.outline,
             pad_x=6, height=ROW_H - 2, radius=6)
        return
    draw.text((x + 2, mid), cell.text, font=f, fill=cell.text_fill or text_colour_on(background), anchor="lm")


def _tag_orders(tags: Sequence[Tag], content: Content) -> list[list[Tag]]:
    """A few orders to place tags in (greedy placement depends on it), each deterministic: biggest
    first; most crowded city first; top to bottom; right to left."""
    order = {city: index for index, city in enumerate(content.cities)}
    points = {city: city_point(content, city) for city in content.cities}

    def crowding(tag: Tag) -> int:
        here = points[tag.city]
        return sum(1 for other in points.values() if math.dist(here, other) < 170)

    return [
        sorted(tags, key=lambda t: (-t.size[0] * t.size[1], order[t.city])),
        sorted(tags, key=lambda t: (-crowding(t), -t.size[0] * t.size[1], order[t.city])),
        sorted(tags, key=lambda t: (points[t.city][1], order[t.city])),
        sorted(tags, key=lambda t: (-points[t.city][0], order[t.city])),
    ]


def _place_tags(placer: Placer, tags: Sequence[Tag], content: Content, board: Mapping[str, Mapping[str, Any]],
                closed: set[str], solitaire: bool) -> list[tuple[Tag, Box]]:
    """Place every tag; the order whose placements cost least overall wins (ties: the first order)."""
    best: tuple[float, list[tuple[Tag, Box]], Placer] | None = None
    rivals = [city_point(content, city) for city in content.cities]
    for tags_in_order in _tag_orders(tags, content):
        trial = placer.copy()
        total = 0.0
        placed: list[tuple[Tag, Box]] = []
        for tag in tags_in_order:
            anchor = city_point(content, tag.city)
            box, cost = trial.place_scored(anchor, tag.size[0], tag.size[1], gaps=TAG_GAPS, block=False,
                                           leader_cost=LEADER_COST)
            if math.dist(anchor, box.nearest(anchor)) > TITLE_DISTANCE or nearer_rival(box, anchor, rivals,
                                                                                          RIVAL_MARGIN):
                # Far from its city, or nearer another one: say which city it belongs to.
                titled = _city_tag(content, tag.city, board.get(tag.city, {}), tag.city in closed, solitaire, True)
                assert titled is not None
                tag = titled
                box, cost = trial.place_scored(anchor, tag.size[0], tag.size[1], gaps=TAG_GAPS, block=False,
                                               leader_cost=LEADER_COST)
            trial.block(box)
            placed.append((tag, box))
            total += cost
            if best is not None and total >= best[0]:
                break
        else:
            if best is None or total < best[0]:
                best = (total, placed, trial)
    assert best is not None or not tags
    if best is None:
        return []
    placer.obstacles = best[2].obstacles
    return best[1]


# ----- trains ------------------------------------------------------------------------------------------------


def _cluster_offsets(count: int) -> list[list[Point]]:
    """Candidate arrangements (offsets from the city) for ``count`` tokens, best first."""
    if count == 1:
        return [[(0.0, 0.0)]]
    s = TOKEN_STEP
    arrangements: list[list[Point]] = []
    row = [(i * s, 0.0) for i in range(count)]
    width = (count - 1) * s
    for shift in (width / 2, 0.0, width):  # centred on the city, then starting or ending there
        arrangements.append([(x - shift, y) for x, y in row])
    for dy in (-s / 2 - 4, s / 2 + 4):
        arrangements.append([(x - width / 2, y + dy) for x, y in row])
    if count >= 3:
        cols = math.ceil(count / 2)
        grid = [((i % cols) * s, (i // cols) * s) for i in range(count)]
        gw = (cols - 1) * s
        for sx, sy in ((gw / 2, s / 2), (gw / 2, 0.0), (gw / 2, s), (0.0, s / 2), (gw, s / 2)):
            arrangements.append([(x - sx, y - sy) for x, y in grid])
    return arrangements


def _place_trains(placer: Placer, base: BaseMap, content: Content,
                  trains: Mapping[str, list[int]]) -> tuple[dict[int, Point], dict[str, Box]]:
    """A lone train sits on its city's dot (names keep that spot clear). Several trains form a group,
    tried first over the dot and, if that would cover something, beside it (the group is then tied
    to the dot by a line)."""
    positions: dict[int, Point] = {}
    boxes: dict[str, Box] = {}
    for city in content.cities:
        seats = trains.get(city)
        if not seats:
            continue
        centre = city_point(content, city)
        if len(seats) == 1:
            box = Box.around(centre, 2 * TOKEN_RADIUS + 6, 2 * TOKEN_RADIUS + 6)
            placer.block(box)
            boxes[city] = box
            positions[seats[0]] = centre
            continue
        r = TOKEN_RADIUS + 7
        own_dot = base.dots[city]
        best: tuple[float, list[Point], Box] | None = None
        for offsets in _cluster_offsets(len(seats)):
            points = [(centre[0] + dx, centre[1] + dy) for dx, dy in offsets]
            box = Box(min(p[0] for p in points) - r, min(p[1] for p in points) - r,
                      max(p[0] for p in points) + r, max(p[1] for p in points) + r)
            cost = placer.cost(box, ignore_segments_at=centre) - box.overlap(own_dot) * 1000
            if best is None or cost < best[0] - 1e-6:
                best = (cost, points, box)
        assert best is not None
        if best[0] >= 1000:
            # Covering the dot would hide something: put the group beside the city instead.
            for offsets in _cluster_offsets(len(seats))[:1] + _cluster_offsets(len(seats))[-1:]:
                w = max(dx for dx, _ in offsets) - min(dx for dx, _ in offsets) + 2 * r
                h = max(dy for _, dy in offsets) - min(dy for _, dy in offsets) + 2 * r
                box, cost = placer.place_scored(centre, w, h, gaps=(4, 14, 28, 46, 70), block=False,
                                                leader_cost=LEADER_COST)
                if cost < best[0] - 1e-6:
                    left = min(dx for dx, _ in offsets)
                    top = min(dy for _, dy in offsets)
                    points = [(box.x0 + r + dx - left, box.y0 + r + dy - top) for dx, dy in offsets]
                    best = (cost, points, box)
        placer.block(best[2])
        boxes[city] = best[2]
        for seat, point in zip(seats, best[1], strict=True):
            positions[seat] = point
    return positions, boxes


# ----- header ------------------------------------------------------------------------------------------------


def _calendar_strip(draw: ImageDraw.ImageDraw, xy: Point, week: int) -> Box:
    cell, gap, month_gap = 24, 4, 12
    x, y = xy
    label_font = font(18, bold=True)
    index = 0
    start_x = x
    for month, weeks in enumerate(WEEKS_IN_MONTH):
        season = SEASON_STYLES[("green", "green", "yellow", "yellow", "red", "red")[month]]
        block_w = weeks * cell + (weeks - 1) * gap
        draw.text((x + block_w / 2, y), MONTHS[month][:3], font=label_font, fill=INK, anchor="mt")
        for _ in range(weeks):
            box = Box(x, y + 24, x + cell, y + 24 + cell)
            if index < week:
                fill, outline = mix(season.colour, PAPER, 0.55), mix(season.colour, INK, 0.2)
            elif index == week:
                fill, outline = INK, INK
            else:
                fill, outline = PAPER, mix(season.colour, INK, 0.2)
            rounded_panel(draw, box, fill=fill, outline=outline, width=2, radius=5)
            if index == week:
                draw.polygon([(box.centre[0] - 7, box.y0 + 6), (box.centre[0] + 7, box.y0 + 6),
                              (box.centre[0], box.y1 - 6)], fill=PAPER)
            x += cell + gap
            index += 1
        x += month_gap - gap
    return Box(start_x, y, x - month_gap + gap, y + 24 + cell)


def _event_lines(view: View) -> list[str]:
    event = view.get("event")
    if not event:
        return []
    text = f"{printable(str(event.get('title', '')))} — {printable(str(event.get('text', '')))}"
    return wrap_text("Event: " + text, font(BODY), WIDTH - 2 * MARGIN - 24, max_lines=3)


def _final_fact(view: View, marks: Sequence[PlayerMark]) -> str:
    """The headline figure of a finished game (a fact, not a ruling: tie-breaks are the rules' job)."""
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    if not players:
        return "final scores"
    if len(players) == 1:
        return f"{marks[0].name} ends with ${players[0].get('money', 0)}"
    key = "best" if (view.get("options") or {}).get("easier") else "vp"
    top = max(int(p.get(key, 0)) for p in players)
    leaders = " and ".join(marks[seat].name for seat, p in enumerate(players) if int(p.get(key, 0)) == top)
    return f"most {'Best Performance' if key == 'best' else 'VP'}: {leaders} ({top})"


def _status(view: View, marks: Sequence[PlayerMark]) -> tuple[str, PlayerMark | None]:
    if view.get("over"):
        return ("The season is over — " + _final_fact(view, marks), None)
    awaiting = view.get("awaiting")
    if not awaiting:
        return ("", None)
    seat = int(awaiting["seat"])
    step = STEP_LABELS.get(str(awaiting.get("step")), str(awaiting.get("step", "")).replace("_", " "))
    card = awaiting.get("card")
    card_text = f" ({CARD_NAMES.get(str(card), str(card))})" if card else ""
    return (f"▶ {marks[seat].name} to act: {step}{card_text}", marks[seat])


def _header_height(view: View) -> int:
    events = _event_lines(view)
    return 148 + (len(events) * 28 + 10 if events else 0)


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                 height: int) -> None:
    content = load_content()
    season = SEASON_STYLES.get(str(view.get("season")), SEASON_STYLES["green"])
    draw.rectangle((0, 0, WIDTH, height), fill=BACKGROUND)
    # Line 1: title, date, season; calendar strip at the right.
    title = font(30, bold=True)
    x = MARGIN
    week_of = WEEKS_IN_MONTH[MONTHS.index(view["month"])] if view.get("month") in MONTHS else 0
    date = f"{view.get('month', '')}, week {view.get('week_of_month', '')} of {week_of}"
    box = draw_text(draw, (x, 14), "Circus Train", title, INK)
    box = draw_text(draw, (box.x1 + 22, 14), date, title, INK)
    money = content.seasons[str(view.get("season", "green"))].money if view.get("season") in content.seasons else 0
    chip(draw, (MARGIN, 60), f"{season.letter} · {season.months} season · shows pay ${money}", font(BODY, bold=True),
         fill=season.colour, pad_x=10, height=34)
    _calendar_strip(draw, (WIDTH - MARGIN - 790, 10), int(view.get("week", 0)))
    # Line 2: counts.
    board = view.get("board") or {}
    with_news = sum(1 for news in board.values() if news.get("counter") or any((news.get("talent") or {}).values()))
    facts = (f"Cities with news {with_news}/{view.get('cities_required', '?')}   ·   "
             f"Draw bag {view.get('bag_count', '?')}")
    first = view.get("first_player")
    draw_text(draw, (WIDTH - MARGIN - 790, 74), facts, font(BODY), INK, anchor="lm")
    if isinstance(first, int) and 0 <= first < len(marks):
        box = draw_text(draw, (WIDTH - MARGIN - 140, 74), "First:", font(BODY), INK, anchor="rm")
        draw_token(image, (box.x1 + 30, 74), marks[first], radius=14)
        draw_text(draw, (box.x1 + 50, 74), fit_text(marks[first].name, font(BODY, bold=True), 110),
                  font(BODY, bold=True), INK, anchor="lm")
    # Line 3: who acts.
    status, mark = _status(view, marks)
    y = 104
    if status:
        status_font = font(24, bold=True)
        fill = mark.colour if mark else INK
        w = text_width(status, status_font) + (56 if mark else 24)
        banner = Box(MARGIN, y, min(WIDTH - MARGIN, MARGIN + w), y + 38)
        rounded_panel(draw, banner, fill=tint(fill, 0.55) if mark else INK, outline=INK, width=3, radius=10)
        tx = banner.x0 + 12
        if mark:
            draw_token(image, (banner.x0 + 24, banner.centre[1]), mark, radius=14)
            tx = banner.x0 + 46
        draw_text(draw, (tx, banner.centre[1]), fit_text(status, status_font, banner.width - (tx - banner.x0) - 10),
                  status_font, INK if mark else PAPER, anchor="lm")
    events = _event_lines(view)
    if events:
        y = 152
        panel = Box(MARGIN, y - 4, WIDTH - MARGIN, y + len(events) * 28 + 6)
        rounded_panel(draw, panel, fill=hex_colour("#FFF4D6"), outline=hex_colour("#B08A2E"), width=2, radius=8)
        for index, line in enumerate(events):
            left, top = MARGIN + 12.0, y + 1.0 + index * 28
            if index == 0 and line.startswith("Event: "):
                left = draw_text(draw, (left, top), "Event:", font(BODY, bold=True), INK).x1 + 6
                line = line[len("Event: "):]
            draw_text(draw, (left, top), line, font(BODY), INK)


# ----- player panels -------------------------------------------------------------------------------------------


def _columns(players: int) -> int:
    return {1: 1, 2: 2, 3: 3, 4: 2}.get(players, 3)


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


TRACK_CELL = 9


@dataclass
class PanelLine:
    items: list[Item]
    gap: float = 10


def _panel_lines(view: View, player: Mapping[str, Any], content: Content, width: float) -> list[PanelLine]:
    body = font(BODY)
    big = font(24, bold=True)
    cond = _tag_font()
    options = view.get("options") or {}
    solitaire = len(view.get("players") or []) == 1
    lines: list[PanelLine] = []
    stats: list[Item] = []
    if not (options.get("easier") or solitaire):
        stats.append(Item(f"{player.get('vp', 0)} VP", big))
    if not solitaire:
        stats.append(Item(f"Best {player.get('best', 0)}", big))
    stats.append(Item(f"${player.get('money', 0)}", big))
    if player.get("reputation") is not None:
        # "Rep 1–5": the die rolls that hire or steal; the track shows the level (three levels roll 1–2).
        value = int(player["reputation"])
        level = player.get("reputation_level")
        track = (len(REPUTATION_TRACK) - int(level), len(REPUTATION_TRACK)) if isinstance(level, int) else None
        stats.append(Item(f"Rep 1–{value}" if value > 1 else "Rep 1", big, track=track))
    lines.append(PanelLine(stats, gap=16))

    talent = player.get("talent") or {}
    chips: list[Item] = []
    for t, kind in content.talent.items():
        n = int(talent.get(t, 0))
        if n <= 0:
            continue
        if n >= 3:
            chips.append(Item(f"★{kind.short} {n}", cond, INK, PAPER))
        else:
            chips.append(Item(f"{kind.short} {n}", cond, HIRE_FILL, INK))
    if not chips:
        chips.append(Item("no talent", body, None, MUTED))
    for special in player.get("specials") or []:
        name = content.specials[special].name if special in content.specials else str(special)
        chips.append(Item(name, cond, SPECIAL_PURPLE, PAPER))
    lines.append(PanelLine(chips, gap=6))

    performances = [p for p in player.get("performances") or [] if p in content.counters]
    fame = sum(content.counters[p].base for p in performances)
    position = player.get("position")
    where = f"At {content.cities[position].name}" if position in content.cities else "Not placed yet"
    facts = [where, f"Shows {len(performances)}" + (f" (base +{fame})" if performances else ""),
             f"Hand {player.get('hand_count', 0)}"]
    if player.get("wages_due") is not None and not options.get("easier"):
        facts.append(f"Wages ${player['wages_due']}")
    lines.append(PanelLine([Item(fact, body) for fact in facts], gap=24))

    discards = [CARD_SHORT.get(str(c), str(c)) for c in player.get("discards") or []]
    played = "Played: " + (", ".join(discards) if discards else "none")
    for text in wrap_text(played, body, width, max_lines=2):
        lines.append(PanelLine([Item(text, body, None, MUTED)]))
    two_week = player.get("two_week_city")
    if two_week:
        name = content.cities[two_week].name if two_week in content.cities else str(two_week)
        lines.append(PanelLine([Item(f"2wk show in {name}", cond, INK, PAPER)]))
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


def _panel_height(view: View, player: Mapping[str, Any], content: Content, width: float) -> int:
    inner = width - 28
    rows = sum(len(_flow(line, inner)) for line in _panel_lines(view, player, content, inner))
    return PANEL_TITLE_H + rows * PANEL_ROW_H + 22


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, player: Mapping[str, Any],
                mark: PlayerMark, content: Content, to_act: bool, first: bool) -> None:
    border = INK if to_act else mix(mark.colour, INK, 0.25)
    rounded_panel(draw, box, fill=PANEL_FILL, outline=border, width=6 if to_act else 3, radius=14)
    # Title band in the player's colour: their token, name and markers.
    band = Box(box.x0 + (6 if to_act else 3), box.y0 + (6 if to_act else 3), box.x1 - (6 if to_act else 3),
               box.y0 + PANEL_TITLE_H)
    draw.rounded_rectangle(band.rounded(), radius=10, fill=tint(mark.colour, 0.55), corners=(True, True, False, False))
    draw_token(image, (box.x0 + 32, band.centre[1] + 1), mark, radius=16)
    markers: list[tuple[str, RGB]] = []
    if to_act:
        markers.append(("▶ TO ACT", INK))
    if first:
        markers.append(("1st player", MUTED))
    marker_font = font(BODY, bold=True)
    right = box.x1 - 12
    for text, marker_fill in markers:
        w = chip_width(text, marker_font, pad_x=8)
        chip(draw, (right - w, band.centre[1] - 16), text, marker_font, fill=marker_fill, pad_x=8, height=32)
        right -= w + 8
    name_font = font(26, bold=True)
    name = fit_text(mark.name, name_font, right - (box.x0 + 60) - 8)
    draw_text(draw, (box.x0 + 58, band.centre[1]), name, name_font, INK, anchor="lm")
    # Body.
    inner = box.width - 28
    y = box.y0 + PANEL_TITLE_H + 10
    for line in _panel_lines(view, player, content, inner):
        for row in _flow(line, inner):
            x = box.x0 + 14
            for item in row:
                mid = y + (PANEL_ROW_H - 4) / 2
                if item.fill is not None:
                    drawn = chip(draw, (x, y), item.text, item.font, fill=item.fill, text_fill=item.colour, pad_x=8,
                                 height=PANEL_ROW_H - 4)
                else:
                    drawn = draw_text(draw, (x, mid), item.text, item.font, item.colour, anchor="lm")
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


# ----- the board -----------------------------------------------------------------------------------------------


def _check(view: View) -> None:
    if view.get("game") != "circus_train":
        raise ValueError("render_board needs a Circus Train view")


@dataclass(frozen=True)
class MapLayout:
    """Where things go on the map (map-layer coordinates): each tag with its box, each city's trains
    (seats) and each seat's token centre and the box a city's tokens cover."""

    tags: list[tuple[Tag, Box]]
    trains: dict[str, list[int]]
    train_points: dict[int, Point]
    train_boxes: dict[str, Box]


def map_layout(view: View) -> MapLayout:
    """Place trains, then tags, around the static map (names, dots, legend) so that nothing covers a
    city name, a dot, a train or another tag whenever there is room."""
    content = load_content()
    base = base_map()
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    placer = Placer(Box(4, 4, WIDTH - 4, MAP_HEIGHT - 4), base.rails, segment_cost=15)
    for box in base.dots.values():
        placer.block(box)
    for box in base.names.values():
        placer.block(box)

    trains: dict[str, list[int]] = {}
    for seat, player in enumerate(players):
        position = player.get("position")
        if position in content.cities:
            trains.setdefault(position, []).append(seat)
    train_points, train_boxes = _place_trains(placer, base, content, trains)

    closed: set[str] = set()
    event = view.get("event")
    if event and event.get("id") in content.events:
        effect = content.events[event["id"]].effect
        if effect.kind == "closed_cities":
            closed = set(effect.cities)
    board: Mapping[str, Mapping[str, Any]] = view.get("board") or {}
    solitaire = len(players) == 1
    tags: list[Tag] = []
    for city in content.cities:
        news = board.get(city, {})
        if not news and city not in closed:
            continue
        tag = _city_tag(content, city, news, city in closed, solitaire)
        if tag is not None:
            tags.append(tag)
    placed = _place_tags(placer, tags, content, board, closed, solitaire)
    return MapLayout(placed, trains, train_points, train_boxes)


def render_image(view: View) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it)."""
    _check(view)
    content = load_content()
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    awaiting = view.get("awaiting") or {}
    to_act = awaiting.get("seat") if not view.get("over") else None
    first_player = view.get("first_player")

    # Panels: sizes first, so the canvas is known.
    columns = _columns(len(players))
    panel_w = (WIDTH - (columns + 1) * MARGIN) / columns
    rows: list[list[int]] = [list(range(i, min(i + columns, len(players)))) for i in range(0, len(players), columns)]
    row_heights = [max(_panel_height(view, players[s], content, panel_w) for s in row) for row in rows]
    header_h = _header_height(view)
    bank_h = 44
    height = header_h + MAP_HEIGHT + LEGEND_HEIGHT + bank_h + sum(h + MARGIN for h in row_heights) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view, marks, header_h)

    # Map: the cached static layer, then tags and trains placed around what is already there.
    base = base_map()
    layout = map_layout(view)
    layer = base.image.copy()
    layer_draw = ImageDraw.Draw(layer)
    placed = layout.tags
    trains = layout.trains
    train_points = layout.train_points
    for tag, box in placed:
        anchor = city_point(content, tag.city)
        end = box.nearest(anchor)
        if math.dist(anchor, end) > 4:
            layer_draw.line([anchor, end], fill=PAPER, width=7)
            layer_draw.line([anchor, end], fill=INK, width=3)
            layer_draw.ellipse(Box.around(anchor, 8, 8).rounded(), fill=INK)
    # City names over the leader lines (nothing else may cover them), then the tags.
    name_font = _name_font()
    for city_id, city_def in content.cities.items():
        draw_text(layer_draw, base.names[city_id].centre, city_def.name, name_font, INK, anchor="mm", stroke=3)
    for tag, box in placed:
        _draw_tag(layer_draw, tag, box)

    # Trains last. Several trains in one city sit together on a pill, tied to the city's dot.
    for city, seats in trains.items():
        if len(seats) < 2:
            continue
        anchor = city_point(content, city)
        pill = layout.train_boxes[city].inflate(-2)
        if not pill.contains(anchor):
            end = pill.nearest(anchor)
            layer_draw.line([anchor, end], fill=PAPER, width=7)
            layer_draw.line([anchor, end], fill=INK, width=3)
            layer_draw.ellipse(Box.around(anchor, 10, 10).rounded(), fill=INK)
        rounded_panel(layer_draw, pill, fill=tint(MAP_FILL, 0.3), outline=INK, width=2,
                      radius=round(min(pill.width, pill.height) / 2))
    for city in content.cities:
        for seat in trains.get(city, []):
            draw_token(layer, train_points[seat], marks[seat], TOKEN_RADIUS, ring=(seat == to_act))
    image.paste(layer, (0, header_h))
    y = header_h + MAP_HEIGHT
    draw.line([(0, header_h), (WIDTH, header_h)], fill=RAIL, width=2)
    draw.line([(0, y), (WIDTH, y)], fill=RAIL, width=2)
    image.paste(legend_strip(), (0, y + 2))
    y += LEGEND_HEIGHT
    draw.line([(MARGIN, y), (WIDTH - MARGIN, y)], fill=RAIL_TIE, width=1)
    _draw_bank(draw, view, content, y + 6)

    # Panels.
    y += bank_h + MARGIN
    for row, row_h in zip(rows, row_heights, strict=True):
        for column, seat in enumerate(row):
            x = MARGIN + column * (panel_w + MARGIN)
            box = Box(x, y, x + panel_w, y + row_h)
            _draw_panel(image, draw, box, view, players[seat], marks[seat], content,
                        to_act == seat, first_player == seat and len(players) > 1)
        y += row_h + MARGIN
    return image


def _draw_bank(draw: ImageDraw.ImageDraw, view: View, content: Content, y: float) -> None:
    bank = view.get("talent_bank") or {}
    f = font(BODY)
    fb = font(BODY, bold=True)
    box = draw_text(draw, (MARGIN, y + 14), "Talent Bank:", fb, INK, anchor="lm")
    x = box.x1 + 12
    for t, kind in content.talent.items():
        box = draw_text(draw, (x, y + 14), f"{kind.short} {bank.get(t, 0)}", f, INK, anchor="lm")
        x = box.x1 + 16
    specials = [content.specials[s].name for s in view.get("special_bank") or [] if s in content.specials]
    if specials and (view.get("options") or {}).get("special_characters"):
        box = draw_text(draw, (x + 14, y + 14), "Special Bank:", fb, INK, anchor="lm")
        text = fit_text(", ".join(specials), f, WIDTH - MARGIN - box.x1 - 10)
        draw_text(draw, (box.x1 + 10, y + 14), text, f, INK, anchor="lm")


def render_board(view: View) -> bytes:
    """The public board for a Circus Train view, as PNG bytes. Reads no hand: safe for any view."""
    return to_png(render_image(view))


# ----- the private hand ------------------------------------------------------------------------------------------

HAND_WIDTH = 680
HAND_TEXT = 23


def render_hand_image(view: View) -> Image.Image:
    """A seat's hand as a Pillow image (``render_hand`` encodes it)."""
    _check(view)
    seat = view.get("seat")
    hand = view.get("hand")
    if seat is None or hand is None:
        raise ValueError("render_hand needs the view of a seat (a spectator view has no hand)")
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    mark = marks[int(seat)]
    player = players[int(seat)]
    advanced = bool((view.get("options") or {}).get("advanced"))
    counts: dict[str, int] = {}
    for card in hand:
        counts[str(card)] = counts.get(str(card), 0) + 1
    cards = [card for card in dict.fromkeys(FULL_DECK) if card in counts]
    cards += sorted(card for card in counts if card not in FULL_DECK)

    body = font(HAND_TEXT)
    name_font = font(27, bold=True)
    card_w = HAND_WIDTH - 2 * MARGIN
    text_w = card_w - 48
    meanings = {card: wrap_text((ADVANCED_MEANINGS.get(card) if advanced else None) or CARD_MEANINGS.get(card, ""),
                                body, text_w, max_lines=2) for card in cards}
    heights = {card: 54 + 30 * len(meanings[card]) + 8 for card in cards}
    notes: list[str] = []
    if "brakeman_bill" in (player.get("specials") or []):
        notes.append("Brakeman Bill: +1 connection on every move.")
    discards = [CARD_SHORT.get(str(c), str(c)) for c in player.get("discards") or []]
    notes.append("Played: " + (", ".join(discards) if discards else "none"))
    note_lines = [line for note in notes for line in wrap_text(note, body, HAND_WIDTH - 2 * MARGIN)]
    title_h = 66
    cards_h = sum(heights[card] + 10 for card in cards) if cards else 50
    height = title_h + cards_h + len(note_lines) * 32 + MARGIN
    image = Image.new("RGB", (HAND_WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_token(image, (MARGIN + 20, 33), mark, radius=17)
    title = f"{mark.name}'s hand — {len(hand)} card{'s' if len(hand) != 1 else ''}"
    title_font = font(28, bold=True)
    draw_text(draw, (MARGIN + 48, 33), fit_text(title, title_font, HAND_WIDTH - 90), title_font, INK, anchor="lm")
    y = float(title_h)
    if not cards:
        draw_text(draw, (MARGIN, y + 20), "No cards in hand.", body, MUTED, anchor="lm")
    for card in cards:
        box = Box(MARGIN, y, MARGIN + card_w, y + heights[card])
        rounded_panel(draw, box, fill=PAPER, outline=mix(mark.colour, INK, 0.3), width=4, radius=14)
        draw.rounded_rectangle(Box(box.x0 + 5, box.y0 + 5, box.x0 + 18, box.y1 - 5).rounded(), radius=5,
                               fill=mark.colour)
        name = CARD_NAMES.get(card, card)
        draw_text(draw, (box.x0 + 32, box.y0 + 29), fit_text(name, name_font, card_w - 120), name_font, INK,
                  anchor="lm")
        if counts[card] > 1:
            label = f"×{counts[card]}"
            w = chip_width(label, font(HAND_TEXT, bold=True), pad_x=10)
            chip(draw, (box.x1 - 14 - w, box.y0 + 12), label, font(HAND_TEXT, bold=True), fill=INK, pad_x=10)
        for index, line in enumerate(meanings[card]):
            draw_text(draw, (box.x0 + 32, box.y0 + 54 + index * 30 + 13), line, body, MUTED, anchor="lm")
        y += heights[card] + 10
    if not cards:
        y += cards_h
    for line in note_lines:
        draw_text(draw, (MARGIN, y + 14), line, body, INK, anchor="lm")
        y += 32
    return image


def render_hand(view: View) -> bytes:
    """A seat's own hand of Action cards with a one-line meaning each, as PNG bytes (for an ephemeral
    reply). Raises ValueError for a spectator view, which has no hand."""
    return to_png(render_hand_image(view))


