"""Shared helpers for the Little Circuses rules tests: building exact positions (a circus's tiles,
Highlight, Use markers, bleacher, purse), moving John to a chosen space through the real flow, and
driving every decision through ``LittleCircuses.apply`` so the real legality checks run.

Nothing here imports discord: the rules tests exercise the pure ``rules`` package only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.core.events import Event
from rules.little_circuses import board, flow
from rules.little_circuses.actions import Action, OpenAt
from rules.little_circuses.content import load_content
from rules.little_circuses.game import LittleCircuses
from rules.little_circuses.state import LittleCircusesState

GAME = LittleCircuses()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
COTTON_CANDY = board.cell_at(2, 2)
TICKET_BOOTH = board.cell_at(3, 2)
PHOTO_STAND = board.cell_at(2, 3)
CLOWN_ALLEY = board.cell_at(3, 3)


def cell(x: int, y: int) -> int:
    return board.cell_at(x, y)


def new_game(players: int = 3, seed: int = 1, side: str = "blue") -> LittleCircusesState:
    """A fresh game, at opening night."""
    return GAME.new_game(list(NAMES[:players]), {"special_side": side}, seed)


def opened(players: int = 3, seed: int = 1, side: str = "blue") -> LittleCircusesState:
    """A game whose opening night was played on the cotton candy vendor by everyone: John now stands
    on the first Full Day and every seat chooses its build."""
    state = new_game(players, seed, side)
    for seat in range(players):
        state, _ = GAME.apply(state, seat, OpenAt(COTTON_CANDY))
    assert state.stage == "build" and flow.space(state).kind == "full_day"
    return state


def space_index(kind: str, nth: int = 0) -> int:
    """The track index of the nth space of a kind."""
    return [space.index for space in load_content().track if space.kind == kind][nth]


def goto(state: LittleCircusesState, index: int) -> list[Event]:
    """Move John so that his next step enters space ``index`` (nothing pending), through the real flow."""
    for circus in state.circuses:
        circus.step, circus.plan, circus.plan_tile, circus.plan_cell, circus.icons = "", "", None, None, []
    state.space = index - 1
    state.stage = "icons"
    events: list[Event] = []
    flow.advance(state, events)
    return events


def set_circus(state: LittleCircusesState, seat: int, *, tiles: Mapping[int, Sequence[str]] | None = None,
               highlight: int | None = None, used: Iterable[int] = (), bleacher: Sequence[int] | None = None,
               money: int | None = None, fame: int | None = None, hand: Sequence[str] | None = None,
               secret: Sequence[str] | None = None) -> None:
    """Lay out one circus exactly: ``tiles`` adds stacks (bottom first) to the printed attractions."""
    circus = state.circuses[seat]
    circus.stacks = board.printed_stacks()
    for where, stack in (tiles or {}).items():
        circus.stacks.setdefault(where, [])
        circus.stacks[where] = [*circus.stacks[where], *stack]
    circus.highlight = highlight if highlight is not None else circus.highlight
    circus.used = list(used)
    if bleacher is not None:
        circus.bleacher = list(bleacher)
    if money is not None:
        circus.money = money
    if fame is not None:
        circus.fame = fame
    if hand is not None:
        circus.hand = list(hand)
    if secret is not None:
        circus.secret = list(secret)


def apply(state: LittleCircusesState, seat: int, action: Action) -> tuple[LittleCircusesState, list[Event]]:
    return GAME.apply(state, seat, action)


def run(state: LittleCircusesState, *moves: tuple[int, Action]) -> tuple[LittleCircusesState, list[Event]]:
    """Apply (seat, action) pairs in turn, collecting every event."""
    events: list[Event] = []
    for seat, action in moves:
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [event.data for event in events if event.kind == kind]


def tiles_with(icons: Sequence[str], kind: str = "starting") -> str:
    """The id of a designed tile whose icons are exactly ``icons``."""
    for tile in load_content().tiles.values():
        if tile.kind == kind and list(tile.icons) == list(icons):
            return tile.id
    raise LookupError(f"no {kind} tile has icons {icons}")


def a_tile(colour: str, kind: str = "starting", skip: int = 0) -> str:
    """Some designed tile of a colour (the ``skip``-th one)."""
    found = [t.id for t in load_content().tiles.values() if t.colour == colour and t.kind == kind]
    return found[skip]


def queue_icons(state: LittleCircusesState, seat: int, row: Sequence[str]) -> list[Event]:
    """Put icons in the seat's queue as an execute would, and resolve up to the first decision."""
    from rules.little_circuses import icons

    events: list[Event] = []
    state.stage = "icons"
    for circus in state.circuses:
        circus.step = ""
    state.circuses[seat].icons = list(row)
    icons.run(state, seat, events)
    return events
