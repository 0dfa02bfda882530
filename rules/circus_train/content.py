"""Circus Train components: typed records and a validated, cached loader for ``data/*.json``.

Every data file opens with an ``_about`` header saying which facts are public (the rulebook, the
first-edition components) and which are Ringmaster's own design. ``load_content()`` reads all of them,
checks every count the rulebook fixes and every cross-reference, and raises ``ValueError`` with a
message naming the file and entry at the first problem.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

SEASONS: tuple[str, ...] = ("green", "yellow", "red")
"""April/May, June/July, August/September — the colours of the Local News tents."""

COUNTER_KINDS: tuple[str, ...] = ("performance", "points", "bankrupt", "special")
COUNTER_ORIGINS: tuple[str, ...] = ("first-edition", "designed", "rulebook")

LASTING_EFFECT_KINDS: frozenset[str] = frozenset(
    {
        "wage_delta",
        "hire_range_delta",
        "steal_range_delta",
        "movement_delta",
        "talent_bonus",
        "performance_money_delta",
        "closed_cities",
        "bank_price_delta",
    }
)
"""Effects that hold until the next month's Event card replaces the card."""

IMMEDIATE_EFFECT_KINDS: frozenset[str] = frozenset(
    {
        "money_each",
        "money_most_talent",
        "vp_most_talent",
        "vp_fewest_vp",
        "lose_talent_most",
        "specials_return",
        "vp_per_performances",
    }
)
"""Effects that happen once, when the card is drawn."""

EFFECT_KINDS: frozenset[str] = LASTING_EFFECT_KINDS | IMMEDIATE_EFFECT_KINDS

# The fields each effect kind carries besides "kind".
_EFFECT_FIELDS: Mapping[str, frozenset[str]] = {
    "wage_delta": frozenset({"talents", "delta"}),
    "hire_range_delta": frozenset({"delta"}),
    "steal_range_delta": frozenset({"delta"}),
    "movement_delta": frozenset({"delta"}),
    "talent_bonus": frozenset({"talent", "points"}),
    "performance_money_delta": frozenset({"delta"}),
    "closed_cities": frozenset({"cities"}),
    "bank_price_delta": frozenset({"delta"}),
    "money_each": frozenset({"amount"}),
    "money_most_talent": frozenset({"talent", "amount"}),
    "vp_most_talent": frozenset({"talent", "vp"}),
    "vp_fewest_vp": frozenset({"vp"}),
    "lose_talent_most": frozenset({"talent"}),
    "specials_return": frozenset(),
    "vp_per_performances": frozenset({"per"}),
}

# Counts fixed by the rulebook's component list (and the board it describes).
CITY_COUNT = 27
CONNECTION_COUNT = 30
CANADIAN_CITIES: frozenset[str] = frozenset({"winnipeg", "toronto", "montreal"})
DESTINATION_COUNT = 24
TALENT_TYPE_COUNT = 7
TALENT_COUNTER_COUNT = 66
LOCAL_NEWS_COUNT = 87
SPECIAL_COUNT = 6
SPECIALS_PER_SEASON: Mapping[str, int] = {"green": 4, "yellow": 2, "red": 0}
EVENT_COUNT = 26

# The regular Local News mix per season (Ringmaster's design for the 81 regular counters).
COUNTER_SPLIT: Mapping[str, Mapping[str, int]] = {
    "green": {"performance": 16, "points": 3, "bankrupt": 8},
    "yellow": {"performance": 16, "points": 4, "bankrupt": 7},
    "red": {"performance": 20, "points": 7, "bankrupt": 0},
}
TWO_WEEK_COUNT = 13


@dataclass(frozen=True)
class CityDef:
    id: str
    name: str
    x: int
    y: int
    canadian: bool


@dataclass(frozen=True)
class TalentType:
    id: str
    name: str
    short: str
    wage: int
    count: int
    animal: bool


@dataclass(frozen=True)
class SpecialCharacter:
    id: str
    name: str
    season: str
    ability: str


@dataclass(frozen=True)
class Season:
    id: str
    name: str
    money: int
    """Money earned by a performance of a Performance Demand counter of this colour."""


@dataclass(frozen=True, kw_only=True)
class NewsCounter:
    """One Local News counter. Fields that do not apply to its ``kind`` keep their defaults."""

    id: str
    season: str
    kind: str
    base: int = 0
    demands: tuple[tuple[str, int], ...] = ()
    two_week: bool = False
    points: int = 0
    talent: tuple[str, ...] = ()
    character: str | None = None
    origin: str

    def demand(self, talent: str) -> int:
        """The points this Performance Demand lists for ``talent`` (0 when not demanded)."""
        for talent_id, value in self.demands:
            if talent_id == talent:
                return value
        return 0


@dataclass(frozen=True, kw_only=True)
class EventEffect:
    """An Event card's effect. Fields that do not apply to its ``kind`` keep their defaults."""

    kind: str
    talents: tuple[str, ...] = ()
    talent: str | None = None
    delta: int = 0
    points: int = 0
    amount: int = 0
    vp: int = 0
    per: int = 0
    cities: tuple[str, ...] = ()

    @property
    def lasting(self) -> bool:
        """True if the effect holds until the next month's Event card; False if it happens once."""
        return self.kind in LASTING_EFFECT_KINDS


@dataclass(frozen=True)
class EventCard:
    id: str
    title: str
    text: str
    effect: EventEffect


@dataclass(frozen=True)
class Content:
    """All Circus Train components. Dicts keep file order; treat them as read-only."""

    cities: dict[str, CityDef]
    adjacency: dict[str, tuple[str, ...]]
    destinations: tuple[str, ...]
    talent: dict[str, TalentType]
    specials: dict[str, SpecialCharacter]
    counters: dict[str, NewsCounter]
    events: dict[str, EventCard]
    connections: tuple[tuple[str, str], ...]
    """The railroad connections as listed in the map file (for drawing the board)."""
    seasons: dict[str, Season]

    def season_counters(self, season: str) -> tuple[NewsCounter, ...]:
        """The Local News counters of one season colour (Special Characters included), in file order."""
        return tuple(counter for counter in self.counters.values() if counter.season == season)


# --------------------------------------------------------------------------- JSON helpers


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"circus_train data: {where}: {message}")


def _obj(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _fail(where, "expected a JSON object")
    return {str(key): item for key, item in value.items()}


def _fields(obj: dict[str, object], where: str, required: set[str] | frozenset[str]) -> None:
    missing = sorted(set(required) - obj.keys())
    unknown = sorted(obj.keys() - set(required))
    if missing:
        raise _fail(where, f"missing field(s) {', '.join(missing)}")
    if unknown:
        raise _fail(where, f"unknown field(s) {', '.join(unknown)}")


def _str(obj: dict[str, object], key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise _fail(where, f"{key!r} must be a non-empty string")
    return value


def _int(obj: dict[str, object], key: str, where: str) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"{key!r} must be an integer")
    return value


def _bool(obj: dict[str, object], key: str, where: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise _fail(where, f"{key!r} must be true or false")
    return value


def _list(obj: dict[str, object], key: str, where: str) -> list[object]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise _fail(where, f"{key!r} must be a list")
    return value


def _str_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise _fail(where, "expected a list of non-empty strings")
    return tuple(str(item) for item in value)


def _unique(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise _fail(where, f"duplicate id {item!r}")
        seen.add(item)


def _known(ids: tuple[str, ...] | list[str], known: Mapping[str, object], what: str, where: str) -> None:
    for item in ids:
        if item not in known:
            raise _fail(where, f"unknown {what} {item!r}")


def _read(name: str) -> dict[str, object]:
    """Read one data file and check its ``_about`` header; returns the object without it."""
    resource = files("rules.circus_train") / "data" / name
    try:
        raw = json.loads(resource.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise _fail(name, f"invalid JSON ({error})") from error
    obj = _obj(raw, name)
    if next(iter(obj), None) != "_about":
        raise _fail(name, 'the first key must be "_about"')
    about = _obj(obj.pop("_about"), f"{name} _about")
    _fields(about, f"{name} _about", {"public", "designed"})
    _str(about, "public", f"{name} _about")
    _str(about, "designed", f"{name} _about")
    return obj


def _expect_count(actual: int, expected: int, what: str, where: str) -> None:
    if actual != expected:
        raise _fail(where, f"expected {expected} {what}, found {actual}")


# --------------------------------------------------------------------------- sections


def _load_map() -> tuple[dict[str, CityDef], tuple[tuple[str, str], ...], dict[str, tuple[str, ...]]]:
    name = "map.json"
    obj = _read(name)
    _fields(obj, name, {"cities", "connections"})
    cities: dict[str, CityDef] = {}
    for index, raw in enumerate(_list(obj, "cities", name)):
        where = f"{name} cities[{index}]"
        item = _obj(raw, where)
        _fields(item, where, {"id", "name", "x", "y", "canadian"})
        city = CityDef(
            id=_str(item, "id", where),
            name=_str(item, "name", where),
            x=_int(item, "x", where),
            y=_int(item, "y", where),
            canadian=_bool(item, "canadian", where),
        )
        if city.id in cities:
            raise _fail(where, f"duplicate id {city.id!r}")
        cities[city.id] = city
    _expect_count(len(cities), CITY_COUNT, "cities", name)
    canadian = {city.id for city in cities.values() if city.canadian}
    if canadian != CANADIAN_CITIES:
        raise _fail(name, f"the Canadian cities must be {sorted(CANADIAN_CITIES)}, found {sorted(canadian)}")

    connections: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    neighbours: dict[str, set[str]] = {city_id: set() for city_id in cities}
    for index, raw in enumerate(_list(obj, "connections", name)):
        where = f"{name} connections[{index}]"
        pair = _str_list(raw, where)
        if len(pair) != 2:
            raise _fail(where, "a connection joins exactly two cities")
        _known(pair, cities, "city", where)
        a, b = pair
        if a == b:
            raise _fail(where, f"{a!r} is connected to itself")
        key = frozenset(pair)
        if key in seen:
            raise _fail(where, f"duplicate connection {a!r}-{b!r}")
        seen.add(key)
        connections.append((a, b))
        neighbours[a].add(b)
        neighbours[b].add(a)
    _expect_count(len(connections), CONNECTION_COUNT, "connections", name)
    adjacency = {city_id: tuple(sorted(neighbours[city_id])) for city_id in cities}
    reached = _bfs(adjacency, next(iter(cities)))
    unreached = sorted(set(cities) - reached.keys())
    if unreached:
        raise _fail(name, f"the railroad network is not connected; unreachable: {', '.join(unreached)}")
    return cities, tuple(connections), adjacency


def _load_destinations(cities: Mapping[str, CityDef]) -> tuple[str, ...]:
    name = "destinations.json"
    obj = _read(name)
    _fields(obj, name, {"cards"})
    cards = _str_list(obj["cards"], f"{name} cards")
    _unique(list(cards), f"{name} cards")
    _known(cards, cities, "city", f"{name} cards")
    _expect_count(len(cards), DESTINATION_COUNT, "Destination cards", name)
    expected = {city.id for city in cities.values() if not city.canadian}
    if set(cards) != expected:
        raise _fail(name, "there must be one Destination card for each non-Canadian city and no other")
    return cards


def _load_talent() -> dict[str, TalentType]:
    name = "talent.json"
    obj = _read(name)
    _fields(obj, name, {"types"})
    talent: dict[str, TalentType] = {}
    shorts: set[str] = set()
    for index, raw in enumerate(_list(obj, "types", name)):
        where = f"{name} types[{index}]"
        item = _obj(raw, where)
        _fields(item, where, {"id", "name", "short", "wage", "count", "animal"})
        kind = TalentType(
            id=_str(item, "id", where),
            name=_str(item, "name", where),
            short=_str(item, "short", where),
            wage=_int(item, "wage", where),
            count=_int(item, "count", where),
            animal=_bool(item, "animal", where),
        )
        if kind.id in talent:
            raise _fail(where, f"duplicate id {kind.id!r}")
        if kind.short in shorts:
            raise _fail(where, f"duplicate short code {kind.short!r}")
        if kind.wage < 0 or kind.count < 1:
            raise _fail(where, "wage must be at least 0 and count at least 1")
        shorts.add(kind.short)
        talent[kind.id] = kind
    _expect_count(len(talent), TALENT_TYPE_COUNT, "Talent types", name)
    _expect_count(sum(kind.count for kind in talent.values()), TALENT_COUNTER_COUNT, "Talent counters", name)
    return talent


def _load_specials() -> dict[str, SpecialCharacter]:
    name = "special_characters.json"
    obj = _read(name)
    _fields(obj, name, {"characters"})
    specials: dict[str, SpecialCharacter] = {}
    for index, raw in enumerate(_list(obj, "characters", name)):
        where = f"{name} characters[{index}]"
        item = _obj(raw, where)
        _fields(item, where, {"id", "name", "season", "ability"})
        special = SpecialCharacter(
            id=_str(item, "id", where),
            name=_str(item, "name", where),
            season=_str(item, "season", where),
            ability=_str(item, "ability", where),
        )
        if special.id in specials:
            raise _fail(where, f"duplicate id {special.id!r}")
        if special.season not in SEASONS:
            raise _fail(where, f"unknown season {special.season!r}")
        specials[special.id] = special
    _expect_count(len(specials), SPECIAL_COUNT, "Special Characters", name)
    for season, expected in SPECIALS_PER_SEASON.items():
        actual = sum(1 for special in specials.values() if special.season == season)
        _expect_count(actual, expected, f"{season} Special Characters", name)
    return specials


def _load_counter(
    raw: object, where: str, talent: Mapping[str, TalentType], specials: Mapping[str, SpecialCharacter]
) -> NewsCounter:
    item = _obj(raw, where)
    common = {"id", "season", "kind", "origin"}
    kind = _str(item, "kind", where)
    counter_id = _str(item, "id", where)
    season = _str(item, "season", where)
    origin = _str(item, "origin", where)
    if season not in SEASONS:
        raise _fail(where, f"unknown season {season!r}")
    if origin not in COUNTER_ORIGINS:
        raise _fail(where, f"unknown origin {origin!r}")
    if (kind == "special") != (origin == "rulebook"):
        raise _fail(where, 'origin "rulebook" is for the Special Character counters, and only for them')
    if kind == "performance":
        _fields(item, where, common | {"base", "demands", "two_week"})
        demands_obj = _obj(item["demands"], f"{where} demands")
        if not demands_obj:
            raise _fail(where, "a Performance Demand must demand at least one talent")
        _known(list(demands_obj), talent, "talent", where)
        demands = tuple((talent_id, _int(demands_obj, talent_id, where)) for talent_id in demands_obj)
        base = _int(item, "base", where)
        two_week = _bool(item, "two_week", where)
        if base < 1 or any(value < 1 for _, value in demands):
            raise _fail(where, "base points and demand values must be positive")
        if two_week and season != "red":
            raise _fail(where, "two-week shows exist only in August/September (red)")
        return NewsCounter(
            id=counter_id,
            season=season,
            kind=kind,
            base=base,
            demands=demands,
            two_week=two_week,
            origin=origin,
        )
    if kind == "points":
        _fields(item, where, common | {"points"})
        points = _int(item, "points", where)
        if points < 1:
            raise _fail(where, "a Points counter must be worth at least 1 VP")
        return NewsCounter(id=counter_id, season=season, kind=kind, points=points, origin=origin)
    if kind == "bankrupt":
        _fields(item, where, common | {"talent"})
        members = _str_list(item["talent"], f"{where} talent")
        if not members:
            raise _fail(where, "a Bankrupt Circus must show at least one Talent counter")
        _known(members, talent, "talent", where)
        return NewsCounter(id=counter_id, season=season, kind=kind, talent=members, origin=origin)
    if kind == "special":
        _fields(item, where, common | {"character"})
        character = _str(item, "character", where)
        _known([character], specials, "Special Character", where)
        if specials[character].season != season:
            raise _fail(where, f"{character!r} belongs to the {specials[character].season} counters")
        return NewsCounter(id=counter_id, season=season, kind=kind, character=character, origin=origin)
    raise _fail(where, f"unknown counter kind {kind!r}")


def _load_local_news(
    talent: Mapping[str, TalentType], specials: Mapping[str, SpecialCharacter]
) -> tuple[dict[str, Season], dict[str, NewsCounter]]:
    name = "local_news.json"
    obj = _read(name)
    _fields(obj, name, {"seasons", "counters"})
    seasons_obj = _obj(obj["seasons"], f"{name} seasons")
    if list(seasons_obj) != list(SEASONS):
        raise _fail(name, f"seasons must be {', '.join(SEASONS)} in that order")
    seasons: dict[str, Season] = {}
    for season_id, raw in seasons_obj.items():
        where = f"{name} seasons.{season_id}"
        item = _obj(raw, where)
        _fields(item, where, {"name", "money"})
        seasons[season_id] = Season(
            id=season_id, name=_str(item, "name", where), money=_int(item, "money", where)
        )

    counters: dict[str, NewsCounter] = {}
    for index, raw in enumerate(_list(obj, "counters", name)):
        counter = _load_counter(raw, f"{name} counters[{index}]", talent, specials)
        if counter.id in counters:
            raise _fail(f"{name} counters[{index}]", f"duplicate id {counter.id!r}")
        counters[counter.id] = counter

    _expect_count(len(counters), LOCAL_NEWS_COUNT, "Local News counters", name)
    placed = [counter.character for counter in counters.values() if counter.kind == "special"]
    if sorted(c for c in placed if c is not None) != sorted(specials):
        raise _fail(name, "there must be exactly one counter for each Special Character")
    for season, split in COUNTER_SPLIT.items():
        for kind, expected in split.items():
            actual = sum(1 for c in counters.values() if c.season == season and c.kind == kind)
            _expect_count(actual, expected, f"{season} {kind} counters", name)
    two_week = sum(1 for counter in counters.values() if counter.two_week)
    _expect_count(two_week, TWO_WEEK_COUNT, "two-week Performance Demands", name)
    return seasons, counters


def _load_effect(
    raw: object, where: str, talent: Mapping[str, TalentType], cities: Mapping[str, CityDef]
) -> EventEffect:
    item = _obj(raw, where)
    kind = _str(item, "kind", where)
    if kind not in _EFFECT_FIELDS:
        raise _fail(where, f"unknown effect kind {kind!r}")
    wanted = _EFFECT_FIELDS[kind]
    _fields(item, where, wanted | {"kind"})
    talents = _str_list(item["talents"], f"{where} talents") if "talents" in wanted else ()
    talent_id = _str(item, "talent", where) if "talent" in wanted else None
    city_ids = _str_list(item["cities"], f"{where} cities") if "cities" in wanted else ()
    effect = EventEffect(
        kind=kind,
        talents=talents,
        talent=talent_id,
        delta=_int(item, "delta", where) if "delta" in wanted else 0,
        points=_int(item, "points", where) if "points" in wanted else 0,
        amount=_int(item, "amount", where) if "amount" in wanted else 0,
        vp=_int(item, "vp", where) if "vp" in wanted else 0,
        per=_int(item, "per", where) if "per" in wanted else 0,
        cities=city_ids,
    )
    _known(talents, talent, "talent", where)
    if "talents" in wanted and (not talents or len(set(talents)) != len(talents)):
        raise _fail(where, "talents must be a non-empty list without repeats")
    if talent_id is not None:
        _known([talent_id], talent, "talent", where)
    _known(city_ids, cities, "city", where)
    if "cities" in wanted:
        if not city_ids or len(set(city_ids)) != len(city_ids):
            raise _fail(where, "cities must be a non-empty list without repeats")
        if any(cities[city_id].canadian for city_id in city_ids):
            raise _fail(where, "Canadian start cities cannot be closed")
    if "delta" in wanted and effect.delta == 0:
        raise _fail(where, "delta must not be 0")
    if kind in {"hire_range_delta", "steal_range_delta", "movement_delta"} and abs(effect.delta) != 1:
        raise _fail(where, f"{kind} changes by exactly 1 or -1")
    if "amount" in wanted and effect.amount == 0:
        raise _fail(where, "amount must not be 0")
    if "points" in wanted and effect.points < 1:
        raise _fail(where, "points must be positive")
    if "vp" in wanted and effect.vp < 1:
        raise _fail(where, "vp must be positive")
    if "per" in wanted and effect.per < 1:
        raise _fail(where, "per must be positive")
    return effect


def _load_events(talent: Mapping[str, TalentType], cities: Mapping[str, CityDef]) -> dict[str, EventCard]:
    name = "events.json"
    obj = _read(name)
    _fields(obj, name, {"cards"})
    events: dict[str, EventCard] = {}
    for index, raw in enumerate(_list(obj, "cards", name)):
        where = f"{name} cards[{index}]"
        item = _obj(raw, where)
        _fields(item, where, {"id", "title", "text", "effect"})
        card = EventCard(
            id=_str(item, "id", where),
            title=_str(item, "title", where),
            text=_str(item, "text", where),
            effect=_load_effect(item["effect"], f"{where} effect", talent, cities),
        )
        if card.id in events:
            raise _fail(where, f"duplicate id {card.id!r}")
        events[card.id] = card
    _expect_count(len(events), EVENT_COUNT, "Event cards", name)
    return events


# --------------------------------------------------------------------------- public API


@cache
def load_content() -> Content:
    """Load and validate every Circus Train data file (once per process)."""
    cities, connections, adjacency = _load_map()
    destinations = _load_destinations(cities)
    talent = _load_talent()
    specials = _load_specials()
    seasons, counters = _load_local_news(talent, specials)
    events = _load_events(talent, cities)
    return Content(
        cities=cities,
        adjacency=adjacency,
        destinations=destinations,
        talent=talent,
        specials=specials,
        counters=counters,
        events=events,
        connections=connections,
        seasons=seasons,
    )


def _bfs(adjacency: Mapping[str, tuple[str, ...]], start: str) -> dict[str, int]:
    distances = {start: 0}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        for neighbour in adjacency[city]:
            if neighbour not in distances:
                distances[neighbour] = distances[city] + 1
                queue.append(neighbour)
    return distances


def distance_map(content: Content, start: str) -> dict[str, int]:
    """Fewest railroad connections from ``start`` to every city (breadth-first search)."""
    if start not in content.adjacency:
        raise ValueError(f"unknown city {start!r}")
    return _bfs(content.adjacency, start)
