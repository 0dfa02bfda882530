"""City news tags: what each city's tag says (Performance Demand, Points counter, talent for hire,
Special Characters, a closed city), how big it is, how it is drawn, and where it goes.

Placement is greedy, so it is tried in a few deterministic orders and the cheapest wins; a tag that
ends up far from its city, or nearer another city, is re-made with the city's name on top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from lang import tr, trc
from render.circus_train.layout import (
    CLOSED_RED,
    HIRE_DARK,
    HIRE_FILL,
    LEADER_COST,
    POINTS_GOLD,
    SEASON_STYLES,
    SPECIAL_PURPLE,
    city_point,
    season_letter,
    tag_font,
)
from render.common import (
    INK,
    PAPER,
    RGB,
    Box,
    Font,
    Point,
    chip,
    chip_width,
    line_height,
    rounded_panel,
    star_polygon,
    text_colour_on,
    text_width,
)
from render.placer import Placer, nearer_rival
from render.words import put_words
from rules.circus_train import names
from rules.circus_train.content import Content, NewsCounter


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
    f = tag_font()
    width = max(_row_width(row, f) for row in tag.rows) + 2 * PAD
    height = sum(_row_lines(row) * ROW_H for row in tag.rows) + (len(tag.rows) - 1) * 2 + 2 * PAD - 4
    return (math.ceil(width), math.ceil(height))


def hire_mark() -> str:
    """The label on a tag's talent for hire ("Hire")."""
    return trc("tag", "Hire")


def two_week_mark() -> str:
    """The mark of a two-week show ("2wk"), on tags, the legend and the panels."""
    return trc("tag", "2wk")


def _demand_columns(count: int) -> int:
    return count if count <= 3 else 2 if count == 4 else 3


def _demand_rows(content: Content, counter: NewsCounter) -> list[Row]:
    season = SEASON_STYLES[counter.season]
    money = content.seasons[counter.season].money
    header = [
        Cell(f"{counter.base}+", text_fill=text_colour_on(season.colour)),
        Cell(f"${money} {season_letter(counter.season)}", fill=PAPER, text_fill=INK),
    ]
    if counter.two_week:
        header.append(Cell(two_week_mark(), fill=INK, text_fill=PAPER))
    cells = [Cell(f"{names.talent_short(content.talent[t].short)} {v}") for t, v in counter.demands]
    return [Row(header, fill=season.colour), Row(cells, columns=_demand_columns(len(cells)))]


def city_tag(content: Content, city: str, news: Mapping[str, Any], closed: bool, solitaire: bool,
             titled: bool = False) -> Tag | None:
    """The tag for one city, or None if nothing lies there. ``titled`` adds the city's name on top, for
    a tag that had to be placed away from its city."""
    rows: list[Row] = []
    if titled:
        rows.append(Row([Cell(names.city(content.cities[city].name), text_fill=INK)]))
    border = INK
    fill = PAPER
    counter_id = news.get("counter")
    if counter_id:
        counter = content.counters[counter_id]
        if counter.kind == "performance":
            rows += _demand_rows(content, counter)
            border = SEASON_STYLES[counter.season].colour
        elif counter.kind == "points":
            text = trc("circus train", "{vp} VP", vp=counter.points) if not solitaire else f"${counter.points * 5}"
            rows.append(Row([Cell(text, points_star=True)]))
            fill = POINTS_GOLD
    talent = {t: n for t, n in (news.get("talent") or {}).items() if n}
    if talent:
        cells = [Cell(hire_mark(), fill=HIRE_DARK, text_fill=PAPER)]
        for t in content.talent:
            if t in talent:
                count = talent[t]
                cells.append(Cell(names.talent_short(content.talent[t].short) + (f" ×{count}" if count > 1 else "")))
        rows.append(Row(cells, fill=None))
        if not counter_id:
            fill = HIRE_FILL
            border = HIRE_DARK
    for special in news.get("specials") or []:
        rows.append(Row([Cell(names.special(content.specials[special].name), fill=SPECIAL_PURPLE, text_fill=PAPER)]))
        if len(rows) == 1 + int(titled):
            border = SPECIAL_PURPLE
    if closed:
        rows.append(Row([Cell(tr("✕ CLOSED"), fill=CLOSED_RED, text_fill=PAPER)]))
    if len(rows) == int(titled):
        return None
    tag = Tag(city, rows, border, fill)
    tag.size = _measure(tag)
    return tag


def draw_tag(draw: ImageDraw.ImageDraw, tag: Tag, box: Box) -> None:
    f = tag_font()
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
        put_words(draw, (x + ROW_H + 4, mid), cell.text, f, INK, anchor="lm")
        return
    if cell.fill is not None:
        chip(draw, (x, y + 1), cell.text, f, fill=cell.fill, text_fill=cell.text_fill, outline=cell.outline,
             pad_x=6, height=ROW_H - 2, radius=6)
        return
    put_words(draw, (x + 2, mid), cell.text, f, cell.text_fill or text_colour_on(background), anchor="lm")


def points_chip(draw: ImageDraw.ImageDraw, xy: Point, points: int, f: Font) -> Box:
    """A Points counter as the legend shows it: the same star and gold as on the map."""
    text = trc("circus train", "{vp} VP", vp=points)
    h = line_height(f) + 6
    w = h + text_width(text, f) + 10
    box = Box(xy[0], xy[1], xy[0] + w, xy[1] + h)
    rounded_panel(draw, box, fill=POINTS_GOLD, outline=INK, width=2, radius=8)
    draw.polygon(star_polygon((box.x0 + h / 2 + 2, box.centre[1]), h / 2 - 4, 5, 0.45), fill=INK)
    put_words(draw, (box.x0 + h + 2, box.centre[1]), text, f, INK, anchor="lm")
    return box


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


def place_tags(placer: Placer, tags: Sequence[Tag], content: Content, board: Mapping[str, Mapping[str, Any]],
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
                titled = city_tag(content, tag.city, board.get(tag.city, {}), tag.city in closed, solitaire, True)
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
