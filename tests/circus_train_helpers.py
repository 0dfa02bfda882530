"""Shared helpers for the Circus Train rules tests: building exact positions, forcing dice, and
driving decisions through ``CircusTrain.apply`` so the real legality checks run on every step.

Nothing here imports discord: the rules tests exercise the pure ``rules`` package only.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rules.circus_train.actions import Action, ChooseStart, PickTalent, PlayCard, StayPut
from rules.circus_train.content import NewsCounter, load_content
from rules.circus_train.game import CircusTrain
from rules.circus_train.state import CircusTrainState, CityNews, Pending
from rules.core.events import Event
from rules.core.rng import Rng

GAME = CircusTrain()
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")

# Week indexes (0-based) of some useful weeks.
APRIL_1, APRIL_4 = 0, 3
MAY_1, MAY_5 = 4, 8
JUNE_1, JUNE_4 = 9, 12
JULY_1, JULY_5 = 13, 17
AUGUST_1, AUGUST_5 = 18, 22
SEPTEMBER_1, SEPTEMBER_4 = 23, 26


def options(**chosen: bool) -> dict[str, bool]:
    base = {"advanced": False, "special_characters": False, "events": False, "easier": False}
    base.update(chosen)
    return base


def new_game(players: int = 3, seed: int = 1, **chosen: bool) -> CircusTrainState:
    """A fresh game, still at the first talent pick."""
    return GAME.new_game(list(NAMES[:players]), options(**chosen), seed)


def setup_game(players: int = 3, seed: int = 1, **chosen: bool) -> CircusTrainState:
    """A game whose set-up (talent picks, start cities) was played through ``apply``: the first
    Action card of April's first week is awaited."""
    state = new_game(players, seed, **chosen)
    while state.pending is not None and state.pending.kind in ("pick_talent", "choose_start"):
        seat = state.pending.seat
        if state.pending.kind == "pick_talent":
            action: Action = PickTalent("horses")
        else:
            action = ChooseStart("toronto")
        state, _ = GAME.apply(state, seat, action)
    assert state.pending is not None and state.pending.kind == "choose"
    return state


def apply(state: CircusTrainState, seat: int, action: Action) -> tuple[CircusTrainState, list[Event]]:
    return GAME.apply(state, seat, action)


def run(state: CircusTrainState, seat: int, *actions: Action) -> tuple[CircusTrainState, list[Event]]:
    """Apply several actions for one seat, collecting every event."""
    events: list[Event] = []
    for action in actions:
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [event.data for event in events if event.kind == kind]


def give_turn(state: CircusTrainState, seat: int, *, last: bool = False, week: int | None = None) -> None:
    """Make ``seat`` the player now choosing an Action card. With ``last``, it is the round's final
    turn (its end runs the Roustabout phase); otherwise the round goes on after it."""
    count = len(state.players)
    if week is not None:
        state.week = week
    if last:
        state.first_player = (seat + 1) % count
        state.turns_taken = count - 1
    else:
        state.first_player = seat
        state.turns_taken = 0
    state.pending = Pending("choose", seat)


def clear_board(state: CircusTrainState, keep: dict[str, CityNews] | None = None) -> None:
    """Replace the whole map with exactly ``keep``."""
    state.board = dict(keep or {})


def fill_board(state: CircusTrainState, count: int, avoid: Sequence[str] = ()) -> None:
    """Put a Performance Demand counter (g01) on spare cities until ``count`` cities hold news, so
    that the Roustabout phase has nothing to draw. Avoids the cities named (Canada has no card)."""
    spare = [c for c in load_content().destinations if c not in state.board and c not in avoid]
    while sum(1 for n in state.board.values() if n.has_news()) < count:
        city = spare.pop(0)
        state.board[city] = CityNews(counter="g01")


def reset_circus(state: CircusTrainState, seat: int, **fields: Any) -> None:
    """Set the fields of one circus; talent defaults to a single Clown."""
    circus = state.circuses[seat]
    for name, value in fields.items():
        setattr(circus, name, value)


def rng_for(rolls: Sequence[int], start: int = 1) -> int:
    """An Rng state whose next dice are exactly ``rolls``."""
    seed = start
    while True:
        rng = Rng(seed)
        if all(rng.die() == roll for roll in rolls):
            return seed
        seed += 1


def force_dice(state: CircusTrainState, *rolls: int) -> None:
    state.rng = rng_for(rolls)


def city_name(city: str) -> str:
    return load_content().cities[city].name


def play_and_stay(state: CircusTrainState, seat: int, card: str = "fast_transit") -> tuple[CircusTrainState,
                                                                                            list[Event]]:
    """Play a movement card and stay put: a turn that changes nothing else."""
    return run(state, seat, PlayCard(card), StayPut())


def patch_counters(monkeypatch: pytest.MonkeyPatch, *counters: NewsCounter) -> None:
    """Add Local News counters to the loaded components for one test: a copy of the Content (made
    with ``dataclasses.replace``) is what every Circus Train module's ``load_content`` returns."""
    original = load_content()
    patched = dataclasses.replace(original, counters={**original.counters, **{c.id: c for c in counters}})
    for name, module in list(sys.modules.items()):
        if name.startswith("rules.circus_train") and getattr(module, "load_content", None) is load_content:
            monkeypatch.setattr(module, "load_content", lambda: patched)


def richmond_counter() -> NewsCounter:
    """The rulebook's Richmond example: 2 Base Points, Acrobats 5, Human Cannonballs 3 (green)."""
    return NewsCounter(id="richmond_example", season="green", kind="performance", base=2,
                       demands=(("acrobats", 5), ("cannonballs", 3)), origin="designed")
