"""The designed cards follow the rulebook's numbers, and the data files say what is designed."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files

from rules.wanderzirkus.content import COLOURS, EFFECTS, REGIONS, load_content


def test_ninety_artists_thirty_of_them_six_starting_sets_with_stop_signs() -> None:
    artists = load_content().artists.values()
    assert len(artists) == 90
    starting = [a for a in artists if a.starting]
    assert len(starting) == 30 and all(a.stop for a in starting)
    assert Counter(a.colour for a in starting) == {colour: 6 for colour in COLOURS}
    assert not any(a.stop for a in artists if not a.starting)
    for number in range(1, 7):
        assert sorted(load_content().artists[c].colour for c in load_content().starting_set(number)) == sorted(COLOURS)


def test_effects_on_every_artist_but_starting_and_yellow_ones_all_six_present() -> None:
    others = [a for a in load_content().artists.values() if not a.starting]
    assert len(others) == 60
    for a in others:
        assert (a.effect is None) == (a.colour == "yellow")
    assert Counter(a.effect for a in others if a.effect) == {effect: 8 for effect in EFFECTS}


def test_yellow_artists_have_the_most_connections_coins_and_bottom_coins() -> None:
    artists = load_content().artists.values()

    def mean_connections(colour: str) -> float:
        chosen = [a for a in artists if a.colour == colour]
        return sum(len(a.left) + len(a.right) for a in chosen) / len(chosen)

    yellow = mean_connections("yellow")
    assert all(yellow > mean_connections(colour) for colour in COLOURS if colour != "yellow")
    for a in artists:
        coins = sum(c.coin for c in a.left + a.right)
        assert coins == 0 or a.colour == "yellow"
        assert a.bottom_coin == (a.colour == "yellow" and not a.starting)
        assert sum(c.coin for c in a.left) <= 1 and sum(c.coin for c in a.right) <= 1
    assert sum(1 for a in artists if a.colour == "yellow" and any(c.coin for c in a.left + a.right)) >= 10


def test_four_plus_marks_leave_forty_artists_for_two_or_three_players() -> None:
    content = load_content()
    assert len(content.stack_artists(2)) == len(content.stack_artists(3)) == 40
    assert len(content.stack_artists(4)) == 60
    marked = Counter(a.colour for a in content.artists.values() if a.four_plus)
    assert marked == {colour: 4 for colour in COLOURS}


def test_forty_cities_demanding_two_to_four_colours_in_five_regions() -> None:
    cities = load_content().cities.values()
    assert len(cities) == 40
    assert Counter(c.region for c in cities) == {region: 8 for region in REGIONS}
    assert {len(c.colours) for c in cities} == {2, 3, 4}
    for city in cities:
        assert len(set(city.colours)) == len(city.colours)
        assert 2 <= city.vp <= 7
        assert city.vp > {2: 1, 3: 3, 4: 5}[len(city.colours)]


def test_data_files_say_what_is_public_and_what_is_designed() -> None:
    for name in ("artists.json", "cities.json"):
        raw = json.loads(files("rules.wanderzirkus").joinpath("data", name).read_text(encoding="utf-8"))
        assert set(raw["_about"]) == {"public", "designed"}
        assert "Ringmaster" in raw["_about"]["designed"]
