"""The automatic player: greedy choices from the seat's view and legal actions only.

It values an attraction by its icons (a new Public and a clown are worth more while the bleacher can
use them; tiles from a tent are worth less as Endsville nears), builds the best tile it can afford
next to its Highlight so the next execute finds it fresh, steers the Highlight to the freshest
neighbour (looking one move further), grows one Public to 8 before cashing it, and collects colours
for the Variety Prize.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.rng import Rng
from rules.little_circuses.actions import Action

MIDDAY_EXECUTE = 8.0  # an execute at Midday earns now; a build only pays later
BASE_VALUE = {"star": 1.0, "coin": 0.9, "admit": 2.2, "clown": 1.6, "elephant": 2.0, "bills": 1.6, "tent": 1.8,
              "showcase": 2.5, "poach": 3.0, "rob": 1.8, "snub": 1.5, "lure": 2.0, "gift_money": -0.5,
              "gift_fame": -0.6}


def progress(view: dict[str, Any]) -> float:
    """0 at the start of the track, 1 at the finale."""
    return float(view["space_index"]) / (len(view["track"]) - 1)


def icon_value(icon: str, me: dict[str, Any], late: float) -> float:
    value = BASE_VALUE.get(icon, 0.0)
    publics = me["publics"]
    if icon in ("elephant", "bills"):
        best = max(publics, default=0)
        value = best * (0.55 if icon == "elephant" else 0.4) if best else 0.2
    if icon == "clown" and not any(p < 8 for p in publics):
        value = 0.3
    if icon in ("admit", "clown"):
        value *= 1.0 - 0.6 * late
    if icon == "tent":
        value *= 1.0 - 0.7 * late
    return value


def tile_value(tile: dict[str, Any], me: dict[str, Any], late: float) -> float:
    return sum(icon_value(icon, me, late) for icon in tile["icons"])


def _cells(me: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {cell["cell"]: cell for cell in me["circus"]}


def _neighbours(cell: int, size: int) -> list[int]:
    x, y = cell % size, cell // size
    return [(y + dy) * size + x + dx for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))
            if 0 <= x + dx < size and 0 <= y + dy < size]


def move_value(view: dict[str, Any], me: dict[str, Any], cell: int) -> float:
    """The attraction's icons if it has no Use marker, plus the best fresh attraction beyond it."""
    cells, late = _cells(me), progress(view)
    here = cells[cell]
    value = 0.0 if here["used"] else tile_value(here["tile"], me, late)
    left = me["highlight"]["cell"] if me["highlight"] else None
    onward = [tile_value(cells[n]["tile"], me, late) for n in _neighbours(cell, view["grid_size"])
              if n in cells and not cells[n]["used"] and n != left]
    return value + 0.5 * max(onward, default=0.0)


def place_value(view: dict[str, Any], me: dict[str, Any], cell: int, tile: dict[str, Any]) -> float:
    cells = _cells(me)
    size = view["grid_size"]
    highlight = me["highlight"]["cell"] if me["highlight"] else -1
    value = 0.0
    if cell in cells:
        covered = cells[cell]["tile"]
        value -= 4.0 + tile_value(covered, me, progress(view))
        if covered["colour"] is not None and me["colours"][covered["colour"]] <= me["variety_sets"] + 1:
            value -= 6.0
        if cell == highlight:
            value -= 3.0
    if cell in _neighbours(highlight, size):
        value += 3.0
    value += 0.5 * sum(1 for n in _neighbours(cell, size) if n in cells and not cells[n]["used"])
    return value


def build_value(view: dict[str, Any], me: dict[str, Any], tile: dict[str, Any]) -> float:
    late = progress(view)
    colours = me["colours"]
    variety = 6.0 if tile["colour"] and colours[tile["colour"]] == min(colours.values()) else 0.0
    uses_left = max(0.5, 4.0 * (1.0 - late))
    return tile_value(tile, me, late) * uses_left * 0.6 + variety - 0.8 * float(tile["cost"]) + 3.0


def score(view: dict[str, Any], me: dict[str, Any], action: Action) -> float:
    a: Any = action
    kind = action.kind
    late = progress(view)
    you = view["you"]
    if kind == "open_at":
        return tile_value(_cells(me)[a.cell]["tile"], me, late)
    if kind == "raise_funds":
        return 2.5 if me["money"] < 4 else 1.5
    if kind == "hire_help":
        return (4.0 if me["hand_count"] < 3 else 2.0) * (1.0 - late)
    if kind == "choose_tile":
        tiles = [*me["hand"], *you["secret"]]
        tile = next(t for t in tiles if t["id"] == a.tile)
        return build_value(view, me, tile)
    if kind == "place_tile":
        return place_value(view, me, a.cell, you["plan_tile"])
    if kind == "back":
        return -100.0
    if kind == "move_highlight":
        return move_value(view, me, a.cell) + (MIDDAY_EXECUTE if view["stage"] == "midday" else 0.0)
    if kind == "advance_public":
        return float(a.space)
    if kind == "cash_public":
        space = float(a.space)
        worth = space * (1.0 if you["icon"] == "elephant" else 0.75)
        keep = space / 2 + (2.0 * (1.0 - late) if space < 8 else 0.0)
        return worth - keep
    if kind == "pass":
        return 0.0
    if kind == "choose_special":
        card = next(c for c in view["specials"] if c["id"] == a.card)
        return sum(icon_value(e, me, late) for e in card["effects"]) - 0.1 * float(card["initiative"])
    if kind in ("take_showcase", "take_from_hand", "hire_face_up"):
        pool = [*view["showcase"], *(t for p in view["players"] for t in p["hand"])]
        tile = next(t for t in pool if t["id"] == a.tile)
        bought = 1.0 + tile_value(tile, me, late) - 0.3 * float(tile["cost"])
        return bought * (1.0 - late) if kind == "hire_face_up" else bought
    if kind == "draw_face_down":
        return 2.0 * (1.0 - late)
    if kind == "choose_rival":
        rival = view["players"][a.seat]
        return float(rival["fame"] + rival["money"])
    return 0.0


def choose(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    me = view["players"][view["seat"]]
    scored = [(score(view, me, action), index) for index, action in enumerate(legal)]
    top = max(value for value, _ in scored)
    best = [index for value, index in scored if value >= top - 1e-9]
    return legal[best[rng.below(len(best))]]
