"""Circus Train's focus: the map around the seat's train (``map``). Every decision once the train is on the map is
read there: where to travel, the city's talent to hire or steal, where to perform, which card to play for a move;
the set-up's picks of talent and of a starting city need the whole board (no part)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.circus_train.header import header_height
from render.circus_train.layout import MAP_HEIGHT, WIDTH, city_point
from render.focus_box import Focus, window
from rules.circus_train.content import load_content


def focus(view: Mapping[str, Any], seat: int | None) -> Focus | None:
    players = list(view.get("players") or [])
    if seat is None or not 0 <= seat < len(players):
        return None
    city = players[seat].get("position")
    content = load_content()
    if not isinstance(city, str) or city not in content.cities:
        return None  # no train on the map yet: the whole board is the better picture
    # The header is a few pixels shorter on a board drawn tight; the map's window is a generous one either way.
    top = header_height(view)
    x, y = city_point(content, city)
    return Focus(window((x, top + y), (0, top, WIDTH, top + MAP_HEIGHT)), "map")
