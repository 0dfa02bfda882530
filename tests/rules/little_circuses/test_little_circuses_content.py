"""The components: counts the rulebook fixes, the designed data's own promises, and the data headers."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from importlib.resources import files

import pytest

from rules.little_circuses.content import COLOURS, TILE_ICONS, load_content


def test_one_hundred_and_fifty_attraction_tiles_in_five_colours() -> None:
    tiles = [t for t in load_content().tiles.values() if t.kind != "printed"]
    assert len(tiles) == 150
    assert Counter(t.kind for t in tiles) == {"starting": 70, "advanced": 80}
    assert Counter(t.colour for t in tiles) == dict.fromkeys(COLOURS, 30)
    assert len({t.name for t in tiles}) == 150
    for t in tiles:
        assert t.icons and set(t.icons) <= set(TILE_ICONS)
        assert (1 <= t.cost <= 4) if t.kind == "starting" else (2 <= t.cost <= 7)


def test_a_higher_cost_never_buys_fewer_icons_within_a_kind() -> None:
    for kind in ("starting", "advanced"):
        by_cost: dict[int, set[int]] = {}
        for t in load_content().tiles.values():
            if t.kind == kind:
                by_cost.setdefault(t.cost, set()).add(len(t.icons))
        costs = sorted(by_cost)
        for low, high in itertools.pairwise(costs):
            assert max(by_cost[low]) <= min(by_cost[high])


def test_every_icon_appears_on_tiles_of_both_kinds() -> None:
    for kind in ("starting", "advanced"):
        seen = {icon for t in load_content().tiles.values() if t.kind == kind for icon in t.icons}
        assert seen == set(TILE_ICONS)


def test_the_circus_board_prints_four_attractions_with_the_cotton_candy_vendor() -> None:
    content = load_content()
    printed = [content.tiles[t] for t in content.printed.values()]
    assert len(printed) == 4 and all(t.colour is None and t.cost == 0 for t in printed)
    assert content.tiles["cotton_candy"].icons == ("coin", "coin")
    xs = sorted(cell % content.grid_size for cell in content.printed)
    ys = sorted(cell // content.grid_size for cell in content.printed)
    assert xs == [2, 2, 3, 3] and ys == [2, 2, 3, 3]  # a 2 x 2 square in the middle


def test_the_track_runs_from_starterton_to_the_last_space_of_endsville() -> None:
    track = load_content().track
    assert track[0].label == "Welcome to Starterton" and track[-1].kind == "finale"
    assert track[-1].town == "Endsville"
    assert 28 <= len(track) <= 40
    kinds = Counter(space.kind for space in track)
    assert kinds["arrival"] == 1 and kinds["special"] == 4 and kinds["new_city"] == 4
    rows = sorted({space.row for space in track})
    for row in rows[1:]:
        first = next(space for space in track if space.row == row)
        assert first.kind == "new_city" and first.label == first.town
    assert next(space.town for space in track if space.kind == "new_city") == "Smallburg"
    arrival = next(space.index for space in track if space.kind == "arrival")
    specials = [space.index for space in track if space.kind == "special"]
    assert specials[0] < arrival < specials[1]


@pytest.mark.parametrize("name", ["tiles.json", "board.json", "circus_board.json", "specials.json"])
def test_every_data_file_says_what_is_public_and_what_is_designed(name: str) -> None:
    data = json.loads(files("rules.little_circuses").joinpath("data", name).read_text(encoding="utf-8"))
    about = data["_about"]
    assert about["public"].startswith("From the rulebook") and "Ringmaster" in about["designed"]
