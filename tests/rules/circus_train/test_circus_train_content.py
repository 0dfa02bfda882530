"""Circus Train component data: the rulebook's counts, cross-references and the designed counters' ranges."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest

import rules.circus_train.content as content_module
from rules.circus_train.content import (
    EFFECT_KINDS,
    IMMEDIATE_EFFECT_KINDS,
    LASTING_EFFECT_KINDS,
    Content,
    NewsCounter,
    distance_map,
    load_content,
)

SEASONS = ("green", "yellow", "red")
DATA_FILES = (
    "map.json",
    "destinations.json",
    "talent.json",
    "special_characters.json",
    "local_news.json",
    "events.json",
)
TALENT_IDS = ("acrobats", "cannonballs", "big_cats", "clowns", "freaks", "horses", "elephants")


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def _raw(name: str) -> dict[str, object]:
    data = json.loads((files("rules.circus_train") / "data" / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _performances(content: Content, season: str, origin: str) -> list[NewsCounter]:
    return [
        c
        for c in content.counters.values()
        if c.season == season and c.kind == "performance" and c.origin == origin
    ]


# --------------------------------------------------------------------------- headers


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_file_opens_with_about(name: str) -> None:
    data = _raw(name)
    assert next(iter(data)) == "_about"
    about = data["_about"]
    assert isinstance(about, dict)
    assert set(about) == {"public", "designed"}
    assert all(isinstance(text, str) and text for text in about.values())


def test_load_content_is_cached(content: Content) -> None:
    assert load_content() is content


# --------------------------------------------------------------------------- map


def test_map_has_27_cities_and_30_connections(content: Content) -> None:
    assert len(content.cities) == 27
    assert len(content.connections) == 30
    assert sum(len(n) for n in content.adjacency.values()) == 2 * 30
    assert {c.id for c in content.cities.values() if c.canadian} == {"winnipeg", "toronto", "montreal"}
    assert list(content.cities)[:3] == ["winnipeg", "duluth", "st_paul"]
    assert content.cities["st_paul"].name == "St. Paul"
    assert (content.cities["winnipeg"].x, content.cities["winnipeg"].y) == (35, 25)


def test_adjacency_is_sorted_and_symmetric(content: Content) -> None:
    for city, neighbours in content.adjacency.items():
        assert list(neighbours) == sorted(neighbours)
        for other in neighbours:
            assert city in content.adjacency[other]
    dead_ends = sorted(c for c, n in content.adjacency.items() if len(n) == 1)
    assert dead_ends == ["louisville", "milwaukee", "omaha", "richmond", "st_louis"]


def test_graph_is_connected_and_distances(content: Content) -> None:
    for start in content.cities:
        distances = distance_map(content, start)
        assert set(distances) == set(content.cities)
    from_winnipeg = distance_map(content, "winnipeg")
    assert from_winnipeg["winnipeg"] == 0
    assert from_winnipeg["duluth"] == 1
    assert from_winnipeg["chicago"] == 3
    assert distance_map(content, "toronto")["detroit"] == 1
    with pytest.raises(ValueError):
        distance_map(content, "atlantis")


def test_destinations_are_the_24_non_canadian_cities(content: Content) -> None:
    assert len(content.destinations) == 24
    assert len(set(content.destinations)) == 24
    assert list(content.destinations) == [c.id for c in content.cities.values() if not c.canadian]


# --------------------------------------------------------------------------- talent and specials


def test_talent_types_wages_and_66_counters(content: Content) -> None:
    assert tuple(content.talent) == TALENT_IDS
    wages = {t.id: t.wage for t in content.talent.values()}
    assert wages == {
        "acrobats": 3,
        "cannonballs": 6,
        "big_cats": 12,
        "clowns": 1,
        "freaks": 6,
        "horses": 6,
        "elephants": 12,
    }
    counts = {t.id: t.count for t in content.talent.values()}
    assert counts == {
        "acrobats": 12,
        "cannonballs": 7,
        "big_cats": 7,
        "clowns": 14,
        "freaks": 8,
        "horses": 12,
        "elephants": 6,
    }
    assert sum(counts.values()) == 66
    assert {t.id for t in content.talent.values() if t.animal} == {"horses", "big_cats", "elephants"}
    assert len({t.short for t in content.talent.values()}) == 7


def test_six_special_characters_by_season(content: Content) -> None:
    seasons = {s.id: s.season for s in content.specials.values()}
    assert seasons == {
        "brakeman_bill": "green",
        "ringmaster_ronald": "green",
        "smuggler_sam": "green",
        "engineer_eddie": "green",
        "big_bertha": "yellow",
        "trainer_ted": "yellow",
    }
    assert all(s.ability.endswith(".") for s in content.specials.values())


# --------------------------------------------------------------------------- Local News counters


def test_87_counters_with_the_season_split(content: Content) -> None:
    assert len(content.counters) == 87
    split = Counter((c.season, c.kind) for c in content.counters.values())
    assert split == {
        ("green", "performance"): 16,
        ("green", "points"): 3,
        ("green", "bankrupt"): 8,
        ("green", "special"): 4,
        ("yellow", "performance"): 16,
        ("yellow", "points"): 4,
        ("yellow", "bankrupt"): 7,
        ("yellow", "special"): 2,
        ("red", "performance"): 20,
        ("red", "points"): 7,
    }
    for season in SEASONS:
        regular = [c for c in content.season_counters(season) if c.kind != "special"]
        assert len(regular) == 27


def test_counter_ids_and_order(content: Content) -> None:
    ids = list(content.counters)
    expected = (
        [f"g{i:02d}" for i in range(1, 28)]
        + [f"y{i:02d}" for i in range(1, 28)]
        + [f"r{i:02d}" for i in range(1, 28)]
        + [f"sp{i}" for i in range(1, 7)]
    )
    assert ids == expected


def test_origins(content: Content) -> None:
    origins = Counter(c.origin for c in content.counters.values())
    assert origins == {"first-edition": 61, "designed": 20, "rulebook": 6}
    assert all(c.origin == "rulebook" for c in content.counters.values() if c.kind == "special")
    first = Counter((c.season, c.kind) for c in content.counters.values() if c.origin == "first-edition")
    assert first == {
        ("green", "performance"): 12,
        ("green", "points"): 2,
        ("green", "bankrupt"): 6,
        ("yellow", "performance"): 12,
        ("yellow", "points"): 3,
        ("yellow", "bankrupt"): 5,
        ("red", "performance"): 15,
        ("red", "points"): 6,
    }


def test_first_edition_spot_checks(content: Content) -> None:
    g01 = content.counters["g01"]
    assert (g01.base, g01.demands, g01.two_week) == (2, (("acrobats", 5), ("clowns", 5)), False)
    assert content.counters["g20"].talent == ("clowns", "acrobats")
    assert content.counters["g17"].points == 2
    twins = [
        c
        for c in _performances(content, "yellow", "first-edition")
        if dict(c.demands) == {"clowns": 5, "big_cats": 10, "freaks": 5}
    ]
    assert len(twins) == 2
    r04 = content.counters["r04"]
    assert r04.two_week and r04.base == 10 and len(r04.demands) == 7


def test_two_week_shows_only_red(content: Content) -> None:
    two_week = [c for c in content.counters.values() if c.two_week]
    assert len(two_week) == 13
    assert all(c.season == "red" and c.kind == "performance" for c in two_week)
    assert sum(1 for c in _performances(content, "red", "first-edition") if c.two_week) == 10


def test_counter_references(content: Content) -> None:
    characters = []
    for c in content.counters.values():
        if c.kind == "performance":
            assert c.demands and all(t in content.talent for t, _ in c.demands)
            assert len({t for t, _ in c.demands}) == len(c.demands)
        elif c.kind == "bankrupt":
            assert c.talent and all(t in content.talent for t in c.talent)
        elif c.kind == "special":
            assert c.character in content.specials
            assert content.specials[c.character].season == c.season
            characters.append(c.character)
        else:
            assert c.kind == "points" and c.points > 0
    assert sorted(characters) == sorted(content.specials)


def test_seasons_money(content: Content) -> None:
    assert {s.id: s.money for s in content.seasons.values()} == {"green": 5, "yellow": 10, "red": 20}


def test_designed_counters_stay_in_first_edition_ranges(content: Content) -> None:
    for season in SEASONS:
        first = [c for c in content.season_counters(season) if c.origin == "first-edition"]
        designed = [c for c in content.season_counters(season) if c.origin == "designed"]
        assert designed
        first_perf = [c for c in first if c.kind == "performance"]
        for c in (c for c in designed if c.kind == "performance"):
            # Base points: per show length (red has two-week and one-week shows).
            bases = [f.base for f in first_perf if f.two_week == c.two_week]
            assert bases, c.id
            assert min(bases) <= c.base <= max(bases), c.id
            # Number of demanded talents.
            sizes = [len(f.demands) for f in first_perf]
            assert min(sizes) <= len(c.demands) <= max(sizes), c.id
            # Each demanded talent's value.
            for talent, value in c.demands:
                values = [v for f in first_perf for t, v in f.demands if t == talent]
                assert values, (c.id, talent)
                assert min(values) <= value <= max(values), (c.id, talent, value)
        points = [f.points for f in first if f.kind == "points"]
        for c in (c for c in designed if c.kind == "points"):
            assert min(points) <= c.points <= max(points), c.id
        bankrupt_sizes = {len(f.talent) for f in first if f.kind == "bankrupt"}
        for c in (c for c in designed if c.kind == "bankrupt"):
            assert len(c.talent) in bankrupt_sizes, c.id
            assert len(set(c.talent)) == len(c.talent), c.id


def test_known_first_edition_ranges(content: Content) -> None:
    green = _performances(content, "green", "first-edition")
    assert {v for c in green for t, v in c.demands if t == "elephants"} == {15}
    assert {c.base for c in green} == {2, 3}
    red = _performances(content, "red", "first-edition")
    assert {c.base for c in red if c.two_week} == {7, 10, 15}
    assert {c.base for c in red if not c.two_week} == {5}


def test_every_talent_demanded_in_every_season(content: Content) -> None:
    for season in SEASONS:
        performances = [c for c in content.season_counters(season) if c.kind == "performance"]
        demanded = Counter(t for c in performances for t, _ in c.demands)
        assert set(demanded) == set(TALENT_IDS), season
        # No type dominates: the most-demanded type is asked for at most three times as often as the least.
        assert max(demanded.values()) <= 3 * min(demanded.values()), (season, demanded)


# --------------------------------------------------------------------------- events


def test_26_events_using_every_effect_kind(content: Content) -> None:
    assert len(content.events) == 26
    assert list(content.events) == [f"e{i:02d}" for i in range(1, 27)]
    kinds = {e.effect.kind for e in content.events.values()}
    assert kinds == set(EFFECT_KINDS)
    assert LASTING_EFFECT_KINDS.isdisjoint(IMMEDIATE_EFFECT_KINDS)
    assert len({e.title for e in content.events.values()}) == 26


def test_event_references_and_sizes(content: Content) -> None:
    for card in content.events.values():
        effect = card.effect
        assert card.title and card.text
        assert all(t in content.talent for t in effect.talents)
        assert effect.talent is None or effect.talent in content.talent
        kind = effect.kind
        if kind == "wage_delta":
            assert effect.talents and 1 <= abs(effect.delta) <= 3
        elif kind in {"hire_range_delta", "steal_range_delta", "movement_delta"}:
            assert abs(effect.delta) == 1
        elif kind == "talent_bonus":
            assert effect.talent is not None and 3 <= effect.points <= 10
        elif kind == "closed_cities":
            assert 2 <= len(effect.cities) <= 4
            assert all(c in content.cities and not content.cities[c].canadian for c in effect.cities)
        elif kind in {"money_each", "money_most_talent"}:
            assert 5 <= abs(effect.amount) <= 15
        elif kind in {"vp_most_talent", "vp_fewest_vp"}:
            assert 1 <= effect.vp <= 4
        elif kind == "vp_per_performances":
            assert effect.per >= 1
        if kind in {"money_most_talent", "vp_most_talent", "lose_talent_most", "talent_bonus"}:
            assert effect.talent is not None
        assert effect.lasting == (kind in LASTING_EFFECT_KINDS)
    specials_card = next(e for e in content.events.values() if e.effect.kind == "specials_return")
    assert "no effect" in specials_card.text


def test_events_mix_good_and_bad_news(content: Content) -> None:
    signed = [
        e.effect.delta or e.effect.amount
        for e in content.events.values()
        if e.effect.kind
        in {"wage_delta", "hire_range_delta", "performance_money_delta", "bank_price_delta", "money_each"}
    ]
    assert any(v > 0 for v in signed) and any(v < 0 for v in signed)


# --------------------------------------------------------------------------- validation


def _broken(monkeypatch: pytest.MonkeyPatch, name: str, edit: Callable[[dict[str, Any]], None]) -> str:
    """Load the content with one file edited in memory; return the ValueError message."""
    original = content_module._read

    def read(file_name: str) -> dict[str, object]:
        data = original(file_name)
        if file_name == name:
            data = copy.deepcopy(data)
            edit(data)
        return data

    monkeypatch.setattr(content_module, "_read", read)
    with pytest.raises(ValueError) as error:
        load_content.__wrapped__()
    return str(error.value)


def test_rejects_a_duplicate_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    message = _broken(monkeypatch, "map.json", lambda d: d["connections"].append(["duluth", "winnipeg"]))
    assert "duplicate connection" in message


def test_rejects_an_unknown_talent_in_a_demand(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["counters"][0]["demands"]["jugglers"] = 5

    assert "unknown talent 'jugglers'" in _broken(monkeypatch, "local_news.json", edit)


def test_rejects_a_green_two_week_show(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["counters"][0]["two_week"] = True

    assert "two-week" in _broken(monkeypatch, "local_news.json", edit)


def test_rejects_a_wrong_talent_total(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["types"][0]["count"] += 1

    assert "expected 66 Talent counters, found 67" in _broken(monkeypatch, "talent.json", edit)


def test_rejects_an_unknown_closed_city(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict[str, Any]) -> None:
        card = next(c for c in data["cards"] if c["effect"]["kind"] == "closed_cities")
        card["effect"]["cities"] = ["gotham"]

    assert "unknown city 'gotham'" in _broken(monkeypatch, "events.json", edit)
