"""What a seat may see. The face-down Advanced tiles in a hand, the order of both piles, the random
state and every seat's not-yet-resolved choice for the current space are hidden: a view shows only
counts and "ready" flags for them, and a seat sees its own.

The shape of ``view(state, seat)`` (JSON data; a spectator passes ``seat=None``) is a contract:
keys may be added, never renamed or removed.

- ``game``: "little_circuses"; ``seat``: int or None (whose view this is).
- ``options``: {"special_side": "blue" | "red"}.
- ``grid_size``: int (a circus spreads over cells x, y in 0..grid_size-1; cell = y * grid_size + x).
- ``track``: list of every space of the Master of Ceremonies board, in order, each
  {"index": int, "kind": "welcome"|"full_day"|"midday"|"arrival"|"special"|"new_city"|"finale",
  "label": str, "town": str, "row": int, "column": int, "day": int}.
- ``space``: that same dict for John's current space (``track[space_index]``); ``space_index``: int.
- ``stage``: "opening" | "build" | "fallback" | "execute" | "midday" | "icons" | "special" | "over".
- ``order``: list of seats on the Player Order track, left to right.
- ``awaiting``: list of seats whose decision the game is waiting for (sorted).
- ``players``: one dict per seat, in seat order:
  ``seat`` int, ``name`` str, ``order_position`` int (0 = leftmost), ``fame`` int, ``money`` int,
  ``bleacher`` [n2, n4, n6, n8] (Publics on spaces 2, 4, 6, 8), ``publics`` list of the Publics'
  values ascending (e.g. [2, 4, 8]), ``circus``: list of occupied cells in cell order, each
  {"cell": int, "x": int, "y": int, "tile": TILE, "depth": int (tiles in the stack, 1 = not built
  over), "covered": [tile id, ...] (bottom first), "used": bool (a Use marker), "highlight": bool},
  ``highlight``: {"cell", "x", "y"} or None (before opening night), ``used``: list of cells with a
  Use marker, ``hand``: list of TILE (unbuilt tiles kept face up — public), ``secret_count``: int
  (unbuilt face-down Advanced tiles), ``hand_count``: int (both), ``card``: CARD or None (the Special
  Attraction taken this week), ``awaited``: bool, ``ready``: bool (has submitted a still-private
  choice for this space), ``icons_left``: list of icon names still to resolve, ``source``: TILE,
  CARD or None (what those icons come from), ``colours``: {colour: face-up built count},
  ``variety_sets``: int, ``final``: None, or once over {"before", "variety", "cash", "act",
  "audience", "total"} (ints).
- ``piles``: {"starting": int, "advanced": int} (face-down tiles left; "starting" is 0 after the
  Arrival of New Acts), ``market``: "starting" | "advanced" (where hired help and tents draw from),
  ``arrived``: bool.
- ``showcase``: list of TILE (the face-up Advanced tiles, only card 6 takes them).
- ``specials``: list of CARD for all 7 cards on the side in play, by number, each with ``taken_by``.
- ``you``: None for a spectator; for a seat {"secret": list of TILE (its face-down tiles), "step": str
  (what it is asked: "opening", "build", "midday", "place", "fallback", "fallback_place", "move",
  "icon", "special" or ""), "plan": str ("" | "opening" | "funds" | "hire" | "build" | "execute"),
  "plan_tile": TILE or None, "plan_cell": int or None, "icon": str or None (the icon being decided)}.
- ``over``: bool; ``winners``: list of seats once over, else [];
  ``result``: the solo chart's verdict once a solo game is over, else None.

TILE = {"id": str, "name": str, "colour": "green"|"yellow"|"red"|"blue"|"purple" or None (the
printed attractions), "kind": "starting"|"advanced"|"printed", "cost": int, "icons": [str, ...]}
with icons among "tent", "elephant", "clown", "coin", "admit", "bills", "star", left to right.
CARD = {"id": str, "number": int, "initiative": int, "side": "blue"|"red", "name": str,
"effects": [str, ...] (tile icons or "showcase", "rob", "snub", "lure", "poach", "gift_money",
"gift_fame"), "taken_by": int or None}.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from lang import speaking
from rules.little_circuses import board, flow, scoring
from rules.little_circuses.content import card_side, load_content, tile
from rules.little_circuses.state import BLEACHER_SPACES, Circus, LittleCircusesState


@cache
def _tile_data(tile_id: str) -> dict[str, Any]:
    return tile(tile_id).to_json()


def tile_json(tile_id: str) -> dict[str, Any]:
    """A fresh copy of the tile's data (views are built many times per action: the data is made once)."""
    data = _tile_data(tile_id)
    return {**data, "icons": list(data["icons"])}


@cache
def _track() -> tuple[dict[str, Any], ...]:
    return tuple(space.to_json() for space in load_content().track)


def card_json(state: LittleCircusesState, number: str) -> dict[str, Any]:
    return {**card_side(number, flow.side(state)).to_json(), "taken_by": state.taken.get(number)}


def _source(state: LittleCircusesState, circus: Circus) -> dict[str, Any] | None:
    if not circus.icons or not circus.source:
        return None
    if circus.source.startswith("card:"):
        return card_json(state, circus.source.removeprefix("card:"))
    return tile_json(circus.source)


def _cell(circus: Circus, cell: int) -> dict[str, Any]:
    stack = circus.stacks[cell]
    size = load_content().grid_size
    return {"cell": cell, "x": cell % size, "y": cell // size, "tile": tile_json(stack[-1]), "depth": len(stack),
            "covered": stack[:-1], "used": cell in circus.used, "highlight": cell == circus.highlight}


def _player(state: LittleCircusesState, seat: int) -> dict[str, Any]:
    circus = state.circuses[seat]
    highlight = None
    if circus.highlight is not None:
        x, y = board.xy(circus.highlight)
        highlight = {"cell": circus.highlight, "x": x, "y": y}
    publics = [space for count, space in zip(circus.bleacher, BLEACHER_SPACES, strict=True) for _ in range(count)]
    final = state.final[seat] if state.final else None
    return {
        "seat": seat,
        "name": state.players[seat],
        "order_position": state.order.index(seat),
        "fame": circus.fame,
        "money": circus.money,
        "bleacher": list(circus.bleacher),
        "publics": publics,
        "circus": [_cell(circus, cell) for cell in sorted(circus.stacks)],
        "highlight": highlight,
        "used": sorted(circus.used),
        "hand": [tile_json(t) for t in circus.hand],
        "secret_count": len(circus.secret),
        "hand_count": len(circus.hand) + len(circus.secret),
        "card": card_json(state, circus.card) if circus.card else None,
        "awaited": bool(circus.step),
        "ready": bool(circus.plan) and not circus.step and state.stage in ("opening", "build", "midday", "execute"),
        "icons_left": list(circus.icons),
        "source": _source(state, circus),
        "colours": board.colour_counts(circus),
        "variety_sets": board.variety_sets(circus),
        "final": dict(final) if final else None,
    }


def _you(state: LittleCircusesState, seat: int) -> dict[str, Any]:
    circus = state.circuses[seat]
    return {
        "secret": [tile_json(t) for t in circus.secret],
        "step": circus.step,
        "plan": circus.plan,
        "plan_tile": tile_json(circus.plan_tile) if circus.plan_tile else None,
        "plan_cell": circus.plan_cell,
        "icon": circus.icons[0] if circus.step == "icon" else None,
    }


def view(state: LittleCircusesState, seat: int | None) -> dict[str, Any]:
    content = load_content()
    over = state.stage == "over"
    result = None
    if over:
        # A view is data, the same in every language: the solo verdict stays English (text.chart_text shows it).
        with speaking("en"):
            result = scoring.outcome(state)
    return {
        "game": "little_circuses",
        "seat": seat,
        "options": dict(state.options),
        "grid_size": content.grid_size,
        "track": [dict(space) for space in _track()],
        "space": dict(_track()[state.space]),
        "space_index": state.space,
        "stage": state.stage,
        "order": list(state.order),
        "awaiting": sorted(flow.awaited(state)),
        "players": [_player(state, index) for index in range(len(state.players))],
        "piles": {"starting": len(state.starting_pile), "advanced": len(state.advanced_pile)},
        "market": "advanced" if state.arrived else "starting",
        "arrived": state.arrived,
        "showcase": [tile_json(t) for t in state.showcase],
        "specials": [card_json(state, number) for number in content.cards],
        "you": _you(state, seat) if seat is not None else None,
        "over": over,
        "winners": list(result.winners) if result else [],
        "result": result.result if result else None,
    }
