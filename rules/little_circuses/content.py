"""Little Circuses components: typed records and a validated, cached loader for ``data/*.json``.

Each data file opens with an ``_about`` header saying what the rulebook fixes and what is Ringmaster's
own design. ``load_content()`` checks every count the rulebook gives (150 tiles, 7 double-sided cards,
four printed attractions) and raises ``ValueError`` naming the file and entry at the first problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

COLOURS: tuple[str, ...] = ("green", "yellow", "red", "blue", "purple")
TILE_ICONS: tuple[str, ...] = ("tent", "elephant", "clown", "coin", "admit", "bills", "star")
"""The Action Icon Reference, by picture: buy a tile, Public for Fame, advance a Public, $1,
new Public on 2, Public for money, 1 Fame."""
CARD_EFFECTS: tuple[str, ...] = ("showcase", "rob", "snub", "lure", "poach", "gift_money", "gift_fame")
"""Special Attraction effects besides the tile icons (see data/specials.json)."""
SPACE_KINDS: tuple[str, ...] = ("welcome", "full_day", "midday", "arrival", "special", "new_city", "finale")
SIDES: tuple[str, ...] = ("blue", "red")
TILE_COUNT = 150
CARD_COUNT = 7
PRINTED_COUNT = 4


@dataclass(frozen=True)
class Tile:
    """An attraction: a tile (kind "starting" or "advanced") or one printed on the circus board
    (kind "printed", no colour, cost 0)."""

    id: str
    name: str
    colour: str | None
    kind: str
    cost: int
    icons: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "colour": self.colour, "kind": self.kind, "cost": self.cost,
                "icons": list(self.icons)}


@dataclass(frozen=True)
class Space:
    index: int
    kind: str
    label: str
    town: str
    row: int
    column: int
    day: int

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "kind": self.kind, "label": self.label, "town": self.town, "row": self.row,
                "column": self.column, "day": self.day}


@dataclass(frozen=True)
class CardSide:
    number: int
    side: str
    name: str
    effects: tuple[str, ...]

    @property
    def initiative(self) -> int:
        return self.number

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.number), "number": self.number, "initiative": self.initiative, "side": self.side,
                "name": self.name, "effects": list(self.effects)}


@dataclass(frozen=True)
class Content:
    tiles: dict[str, Tile]
    """Every attraction by id, the four printed ones included."""
    printed: dict[int, str]
    """Cell (y * grid_size + x) of each printed attraction."""
    grid_size: int
    track: tuple[Space, ...]
    cards: dict[str, dict[str, CardSide]]
    """Card number (as a string) -> side -> that side."""

    def starting_tiles(self) -> list[str]:
        return [t.id for t in self.tiles.values() if t.kind == "starting"]

    def advanced_tiles(self) -> list[str]:
        return [t.id for t in self.tiles.values() if t.kind == "advanced"]


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"little_circuses data: {where}: {message}")


def _read(name: str) -> dict[str, Any]:
    data = json.loads(files("rules.little_circuses").joinpath("data", name).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("_about"), dict):
        raise _fail(name, "expected an object with an _about header")
    return data


def _icons(raw: object, allowed: tuple[str, ...], where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(icon, str) for icon in raw):
        raise _fail(where, "icons must be a non-empty list of names")
    for icon in raw:
        if icon not in allowed:
            raise _fail(where, f"unknown icon {icon!r}")
    return tuple(raw)


def _load_tiles() -> list[Tile]:
    tiles: list[Tile] = []
    for raw in _read("tiles.json")["tiles"]:
        where = f"tiles.json {raw.get('id')!r}"
        if raw.get("colour") not in COLOURS:
            raise _fail(where, "colour must be one of " + ", ".join(COLOURS))
        if raw.get("kind") not in ("starting", "advanced"):
            raise _fail(where, "kind must be starting or advanced")
        if not isinstance(raw.get("cost"), int) or raw["cost"] < 1:
            raise _fail(where, "cost must be a positive whole number")
        tiles.append(Tile(str(raw["id"]), str(raw["name"]), raw["colour"], raw["kind"], raw["cost"],
                          _icons(raw.get("icons"), TILE_ICONS, where)))
    if len(tiles) != TILE_COUNT:
        raise _fail("tiles.json", f"the rulebook has {TILE_COUNT} attraction tiles, not {len(tiles)}")
    return tiles


def _load_track() -> tuple[Space, ...]:
    spaces: list[Space] = []
    for row, raw_row in enumerate(_read("board.json")["rows"]):
        for column, raw in enumerate(raw_row["spaces"]):
            if raw.get("kind") not in SPACE_KINDS:
                raise _fail(f"board.json row {row}", f"unknown space kind {raw.get('kind')!r}")
            index = len(spaces)
            spaces.append(Space(index, raw["kind"], str(raw["label"]), str(raw_row["town"]), row, column, index))
    if spaces[0].kind != "welcome" or spaces[-1].kind != "finale":
        raise _fail("board.json", "the track runs from Welcome to Starterton to the finale")
    if [s.kind for s in spaces].count("arrival") != 1:
        raise _fail("board.json", "Arrival of New Acts happens exactly once")
    first_special = next(s.day for s in spaces if s.kind == "special")
    if first_special != 7:
        raise _fail("board.json", f"Special Attractions start on day 7, not day {first_special}")
    return tuple(spaces)


def _load_cards() -> dict[str, dict[str, CardSide]]:
    cards: dict[str, dict[str, CardSide]] = {}
    for raw in _read("specials.json")["cards"]:
        number = raw["number"]
        where = f"specials.json card {number}"
        cards[str(number)] = {side: CardSide(number, side, str(raw[side]["name"]),
                                             _icons(raw[side]["effects"], TILE_ICONS + CARD_EFFECTS, where))
                              for side in SIDES}
    if sorted(cards) != [str(n) for n in range(1, CARD_COUNT + 1)]:
        raise _fail("specials.json", f"the cards are numbered 1 to {CARD_COUNT}")
    for side in SIDES:
        if not any(e in ("showcase", "poach") for e in cards["6"][side].effects):
            raise _fail("specials.json", "card 6 is the one that buys the face-up Advanced tiles")
    interactive = ("rob", "snub", "lure", "poach", "gift_money", "gift_fame")
    if any(e in interactive for card in cards.values() for e in card["blue"].effects):
        raise _fail("specials.json", "the blue side has no interaction")
    return cards


@cache
def load_content() -> Content:
    tiles = {tile.id: tile for tile in _load_tiles()}
    board = _read("circus_board.json")
    size = int(board["grid_size"])
    printed: dict[int, str] = {}
    for raw in board["attractions"]:
        tile = Tile(str(raw["id"]), str(raw["name"]), None, "printed", 0,
                    _icons(raw["icons"], TILE_ICONS, f"circus_board.json {raw['id']!r}"))
        tiles[tile.id] = tile
        printed[int(raw["y"]) * size + int(raw["x"])] = tile.id
    if len(printed) != PRINTED_COUNT or "cotton_candy" not in printed.values():
        raise _fail("circus_board.json", "the circus board prints four attractions, the cotton candy vendor one")
    return Content(tiles, printed, size, _load_track(), _load_cards())


def tile(tile_id: str) -> Tile:
    """One attraction by id (a tiny accessor the renderer may use too)."""
    return load_content().tiles[tile_id]


def card_side(number: str, side: str) -> CardSide:
    return load_content().cards[number][side]
