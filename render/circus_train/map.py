"""The map: railroads, city dots and names (a static layer drawn once per process), then each board's
trains and city tags, placed around what is already there and drawn on a copy of that layer.

Names are placed once, clear of every dot and of the room a train needs on it; trains are placed
next, then tags, so nothing covers a city name, a dot, a train or another tag whenever there is room.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import DEFAULT, current, speaking
from render.circus_train.layout import (
    CANADA_RED,
    DOT_RADIUS,
    LEADER_COST,
    MAP_FILL,
    MAP_HEIGHT,
    RAIL,
    RAIL_TIE,
    TOKEN_RADIUS,
    TOKEN_STEP,
    WIDTH,
    View,
    city_point,
    name_font,
)
from render.circus_train.tags import Tag, city_tag, draw_tag, place_tags
from render.common import (
    INK,
    PAPER,
    Box,
    PlayerMark,
    Point,
    disc_sprite,
    draw_text,
    draw_token,
    line_height,
    paste_centred,
    rounded_panel,
    text_box,
    text_width,
    tint,
)
from render.placer import Placer
from rules.circus_train import names
from rules.circus_train.content import Content, load_content


@dataclass(frozen=True)
class BaseMap:
    image: Image.Image  # rails, dots and city names
    dots: Mapping[str, Box]  # each city's dot
    seats: Mapping[str, Box]  # room for a train token on each dot (kept clear of names)
    names: Mapping[str, Box]
    rails: tuple[tuple[Point, Point], ...]
    # Each city's name as drawn: the whole pixels it covers (left, top, right, bottom) and the picture
    # there without the name, so a board can draw it again over a leader line.
    unnamed: Mapping[str, tuple[tuple[int, int, int, int], Image.Image]]


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
def base_map(language: str = DEFAULT) -> BaseMap:
    """Railroads and city dots, drawn once per process and language, and where each city's name (as
    ``language`` writes it) goes: clear of every dot and of the room a train token needs on it, off the rails
    where possible. (Names are drawn on each board, over the tags' leader lines.)"""
    with speaking(language):
        return _base_map()


def _base_map() -> BaseMap:
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
    rooms: dict[str, Box] = {}
    font = name_font()
    for city_id, city in content.cities.items():
        w = text_width(names.city(city.name), font) + 8
        h = line_height(font) + 2
        centre = city_point(content, city_id)
        rooms[city_id] = placer.place(centre, w, h, gaps=(0, 8, 18), distance_cost=2.0)
    unnamed = {}
    for city_id, city in content.cities.items():
        pixels = _name_pixels(rooms[city_id], names.city(city.name))
        unnamed[city_id] = (pixels, image.crop(pixels))
    draw = ImageDraw.Draw(image)
    for city_id, city in content.cities.items():
        draw_text(draw, rooms[city_id].centre, names.city(city.name), font, INK, anchor="mm", stroke=NAME_STROKE)
    return BaseMap(image=image, dots=dots, seats=seats, names=rooms, rails=rails, unnamed=unnamed)


NAME_STROKE = 3


def _name_pixels(room: Box, name: str) -> tuple[int, int, int, int]:
    """The whole pixels a city's name drawn in ``room`` may touch (its box and a pixel around it)."""
    drawn = text_box(room.centre, name, name_font(), anchor="mm", stroke=NAME_STROKE).inflate(1)
    return (math.floor(drawn.x0), math.floor(drawn.y0), math.ceil(drawn.x1) + 1, math.ceil(drawn.y1) + 1)


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
    base = base_map(current())
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
        tag = city_tag(content, city, news, city in closed, solitaire)
        if tag is not None:
            tags.append(tag)
    placed = place_tags(placer, tags, content, board, closed, solitaire)
    return MapLayout(placed, trains, train_points, train_boxes)


def draw_map(image: Image.Image, top: int, view: View, marks: Sequence[PlayerMark], to_act: int | None) -> None:
    """This board's map (``MAP_HEIGHT`` tall) onto ``image`` from row ``top`` down: the cached static
    layer with its tags and trains. Drawn on the board itself, shifted down by ``top``, rather than on a
    copy of the layer then pasted: a copy of 6.6 MB per board cost more than any of the map's drawing.
    ``top`` is a whole, even number of pixels (the header's heights are), so every coordinate rounds
    as it did on the layer (Python rounds halves to even): the same pixels."""
    content = load_content()
    base = base_map(current())
    layout = map_layout(view)
    image.paste(base.image, (0, top))  # names included
    # What the map draws near its edges may reach past them, where the map's own picture used to cut it:
    # the rows around it are kept as they were.
    above = image.crop((0, top - EDGE, image.width, top))
    below = image.crop((0, top + MAP_HEIGHT, image.width, top + MAP_HEIGHT + EDGE))
    layer_draw = ImageDraw.Draw(image)

    def down(point: Point) -> Point:
        return (point[0], point[1] + top)

    leaders = []
    for tag, box in layout.tags:
        anchor = city_point(content, tag.city)
        end = box.nearest(anchor)
        if math.dist(anchor, end) > 4:
            leaders.append((anchor, end))
    # City names lie over the leader lines (nothing else may cover them). The layer has every name on it:
    # only the names a leader line may touch are wiped back to the layer without them, and drawn again
    # once the lines are drawn (with any name they touch in turn), so every pixel is as if all names
    # were drawn after the lines.
    again = _names_under(base, [Box(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
                                .inflate(LEADER_REACH) for a, b in leaders])
    for city_id in again:
        (left, high, _, _), unnamed = base.unnamed[city_id]
        image.paste(unnamed, (left, high + top))
    for anchor, end in leaders:
        layer_draw.line([down(anchor), down(end)], fill=PAPER, width=7)
        layer_draw.line([down(anchor), down(end)], fill=INK, width=3)
        layer_draw.ellipse(Box.around(down(anchor), 8, 8).rounded(), fill=INK)
    font = name_font()
    for city_id in again:
        draw_text(layer_draw, down(base.names[city_id].centre), names.city(content.cities[city_id].name), font, INK,
                  anchor="mm", stroke=NAME_STROKE)
    for tag, box in layout.tags:
        draw_tag(layer_draw, tag, box.shift(0, top))

    # Trains last. Several trains in one city sit together on a pill, tied to the city's dot.
    for city, seats in layout.trains.items():
        if len(seats) < 2:
            continue
        anchor = city_point(content, city)
        pill = layout.train_boxes[city].inflate(-2)
        if not pill.contains(anchor):
            end = pill.nearest(anchor)
            layer_draw.line([down(anchor), down(end)], fill=PAPER, width=7)
            layer_draw.line([down(anchor), down(end)], fill=INK, width=3)
            layer_draw.ellipse(Box.around(down(anchor), 10, 10).rounded(), fill=INK)
        rounded_panel(layer_draw, pill.shift(0, top), fill=tint(MAP_FILL, 0.3), outline=INK, width=2,
                      radius=round(min(pill.width, pill.height) / 2))
    for city in content.cities:
        for seat in layout.trains.get(city, []):
            draw_token(image, down(layout.train_points[seat]), marks[seat], TOKEN_RADIUS, ring=(seat == to_act))
    image.paste(above, (0, top - EDGE))
    image.paste(below, (0, top + MAP_HEIGHT))


EDGE = 8  # px beyond the map that its tags, lines and tokens may reach
LEADER_REACH = 8  # px around a leader line's ends that the line (7 px wide) and its dot may cover


def _names_under(base: BaseMap, regions: Sequence[Box]) -> list[str]:
    """The cities (in the content's order) whose name touches one of ``regions``, or the pixels of a name
    that does, and so on."""
    names = [(city, pixels) for city, (pixels, _) in base.unnamed.items()]
    pending = [(region.x0, region.y0, region.x1, region.y1) for region in regions]
    found: set[str] = set()
    while pending:
        x0, y0, x1, y1 = pending.pop()
        for city, (left, top, right, bottom) in names:
            if city not in found and left < x1 and x0 < right and top < y1 and y0 < bottom:
                found.add(city)
                pending.append((left, top, right, bottom))
    return [city for city, _ in names if city in found]
