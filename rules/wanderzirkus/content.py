"""Der Wanderzirkus components: typed records and a validated, cached loader for ``data/*.json``.

The rulebook lists no card contents; ``data/artists.json`` and ``data/cities.json`` open with an
``_about`` header saying what is public and what is Ringmaster's own design. ``load_content()``
checks the counts the rulebook fixes and raises ``ValueError`` naming the entry at the first problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

COLOURS: tuple[str, ...] = ("green", "blue", "red", "purple", "yellow")
COLOUR_NAMES = {"green": "Fire Dancing", "blue": "Magic", "red": "Clowns", "purple": "Acrobatics",
                "yellow": "Juggling"}
EFFECTS: tuple[str, ...] = ("copy", "extra_card", "peek_top", "peek_bottom", "tuck", "recycle")
EFFECT_TEXT = {
    "copy": "Copy the effect symbol of another card in your show.",
    "extra_card": "Once, draw until you have 4 cards in hand.",
    "peek_top": "Look at the top card of your deck; put it under the deck or leave it on top.",
    "peek_bottom": "Look at the bottom card of your deck; put it on top of the deck or leave it at the bottom.",
    "tuck": "Put 1 of your hand cards under your deck.",
    "recycle": "Put 1 or more hand cards on top of your deck, shuffle it and draw back up to 3.",
}
REGIONS: tuple[str, ...] = ("north", "east", "south", "west", "central")

ARTIST_COUNT = 90
STARTING_SETS = 6
CITY_COUNT = 40
PAUSE = "pause"
"""The id of the Pause card in a show; it is not an artist and lies outside the artist files."""


@dataclass(frozen=True)
class Connection:
    colour: str
    coin: bool


@dataclass(frozen=True)
class Artist:
    id: str
    colour: str
    starting: bool
    stop: bool
    four_plus: bool
    effect: str | None
    bottom_coin: bool
    left: tuple[Connection, ...]
    right: tuple[Connection, ...]

    def left_colours(self) -> frozenset[str]:
        return frozenset(c.colour for c in self.left)

    def right_colours(self) -> frozenset[str]:
        return frozenset(c.colour for c in self.right)


@dataclass(frozen=True)
class City:
    id: str
    name: str
    region: str
    colours: tuple[str, ...]
    vp: int


@dataclass(frozen=True)
class Content:
    artists: dict[str, Artist]
    cities: dict[str, City]
    region_names: dict[str, str]

    def starting_set(self, number: int) -> list[str]:
        """The five starting artists of set ``number`` (1 to 6)."""
        return [f"start_{colour}_{number}" for colour in COLOURS]

    def stack_artists(self, player_count: int) -> list[str]:
        """The non-starting artists in play: those marked 4+ leave the game with two or three players."""
        return [a.id for a in self.artists.values()
                if not a.starting and (player_count >= 4 or player_count == 1 or not a.four_plus)]


# The Pause card as an artist-shaped record: every colour on both sides, no coins, no colour of its own.
PAUSE_CARD = Artist(id=PAUSE, colour="pause", starting=False, stop=False, four_plus=False, effect=None,
                    bottom_coin=False, left=tuple(Connection(c, False) for c in COLOURS),
                    right=tuple(Connection(c, False) for c in COLOURS))


def card(card_id: str) -> Artist:
    """An artist, or the Pause card."""
    return PAUSE_CARD if card_id == PAUSE else load_content().artists[card_id]


def _read(name: str) -> dict[str, Any]:
    raw = json.loads(files("rules.wanderzirkus").joinpath("data", name).read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or "_about" not in raw:
        raise ValueError(f"{name}: the file must open with an _about header")
    return raw


def _connections(raw: list[dict[str, Any]], where: str) -> tuple[Connection, ...]:
    result = tuple(Connection(str(c["colour"]), bool(c["coin"])) for c in raw)
    if not result or any(c.colour not in COLOURS for c in result):
        raise ValueError(f"{where}: connections must name colours from {', '.join(COLOURS)}")
    if sum(c.coin for c in result) > 1:
        raise ValueError(f"{where}: a side carries at most one coin symbol")
    return result


def _artist(raw: dict[str, Any]) -> Artist:
    where = f"artists.json {raw.get('id')}"
    artist = Artist(id=str(raw["id"]), colour=str(raw["colour"]), starting=bool(raw["starting"]),
                    stop=bool(raw["stop"]), four_plus=bool(raw["four_plus"]), effect=raw["effect"],
                    bottom_coin=bool(raw["bottom_coin"]), left=_connections(raw["left"], where + " left"),
                    right=_connections(raw["right"], where + " right"))
    if artist.colour not in COLOURS:
        raise ValueError(f"{where}: unknown colour {artist.colour!r}")
    has_effect = not artist.starting and artist.colour != "yellow"
    if (artist.effect is not None) != has_effect or (artist.effect is not None and artist.effect not in EFFECTS):
        raise ValueError(f"{where}: every artist but starting and yellow ones shows one of the six effects")
    if artist.bottom_coin != (artist.colour == "yellow" and not artist.starting):
        raise ValueError(f"{where}: exactly the non-starting yellow artists show a bottom coin")
    if artist.stop != artist.starting:
        raise ValueError(f"{where}: exactly the starting artists show stop signs")
    if artist.colour != "yellow" and any(c.coin for c in artist.left + artist.right):
        raise ValueError(f"{where}: only yellow artists have coin connections")
    return artist


@cache
def load_content() -> Content:
    artists_raw = _read("artists.json")
    cities_raw = _read("cities.json")
    artists = {a.id: a for a in (_artist(raw) for raw in artists_raw["artists"])}
    if len(artists) != ARTIST_COUNT:
        raise ValueError(f"artists.json: {ARTIST_COUNT} artists expected, found {len(artists)}")
    starting = [a for a in artists.values() if a.starting]
    if len(starting) != STARTING_SETS * len(COLOURS):
        raise ValueError("artists.json: six starting sets of five colours expected")
    region_names = {str(r["id"]): str(r["name"]) for r in cities_raw["regions"]}
    if tuple(region_names) != REGIONS:
        raise ValueError(f"cities.json: the regions must be {', '.join(REGIONS)}")
    cities: dict[str, City] = {}
    for raw in cities_raw["cities"]:
        city = City(id=str(raw["id"]), name=str(raw["name"]), region=str(raw["region"]),
                    colours=tuple(str(c) for c in raw["colours"]), vp=int(raw["vp"]))
        if city.region not in REGIONS or not 2 <= len(city.colours) <= 4 \
                or any(c not in COLOURS for c in city.colours):
            raise ValueError(f"cities.json {city.id}: a city demands 2 to 4 colours and lies in a known region")
        cities[city.id] = city
    if len(cities) != CITY_COUNT:
        raise ValueError(f"cities.json: {CITY_COUNT} cities expected, found {len(cities)}")
    content = Content(artists, cities, region_names)
    for number in range(1, STARTING_SETS + 1):
        if any(card_id not in artists for card_id in content.starting_set(number)):
            raise ValueError(f"artists.json: starting set {number} is incomplete")
    return content


def artist_json(card_id: str) -> dict[str, Any]:
    """An artist (or the Pause card) with its full data, for views and images."""
    a = card(card_id)
    return {"id": a.id, "colour": a.colour, "starting": a.starting, "stop": a.stop, "four_plus": a.four_plus,
            "effect": a.effect, "bottom_coin": a.bottom_coin,
            "left": [{"colour": c.colour, "coin": c.coin} for c in a.left],
            "right": [{"colour": c.colour, "coin": c.coin} for c in a.right]}


def city_json(city_id: str) -> dict[str, Any]:
    c = load_content().cities[city_id]
    return {"id": c.id, "name": c.name, "region": c.region, "region_name": load_content().region_names[c.region],
            "colours": list(c.colours), "vp": c.vp}
