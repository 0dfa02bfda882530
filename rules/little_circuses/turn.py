"""Carrying out one legal action. Choices made for a simultaneous space are only recorded here (they
stay private); ``flow.advance`` resolves them once every seat has chosen."""

from __future__ import annotations

from rules.core.events import Event
from rules.little_circuses import flow, icons
from rules.little_circuses.actions import (
    Action,
    Back,
    ChooseSpecial,
    ChooseTile,
    HireFaceUp,
    HireHelp,
    MoveHighlight,
    OpenAt,
    PlaceTile,
    RaiseFunds,
)
from rules.little_circuses.state import LittleCircusesState

SECRET_STEPS = ("opening", "build", "midday", "place", "move")


def resolve(state: LittleCircusesState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    circus = state.circuses[seat]
    step = circus.step
    if isinstance(action, OpenAt):
        circus.plan, circus.plan_cell, circus.step = "opening", action.cell, ""
    elif isinstance(action, RaiseFunds):
        if step == "fallback":
            circus.step = ""
            flow.raise_funds(state, seat, events)
        else:
            circus.plan, circus.step = "funds", ""
    elif isinstance(action, HireHelp):
        circus.plan, circus.step = "hire", ""
    elif isinstance(action, HireFaceUp):
        circus.plan, circus.plan_tile, circus.step = "hire", action.tile, ""
    elif isinstance(action, ChooseTile):
        circus.plan_tile = action.tile
        circus.step = "fallback_place" if step == "fallback" else "place"
    elif isinstance(action, Back):
        circus.plan_tile = None
        if step == "fallback_place":
            circus.step = "fallback"
        else:
            circus.step = "build" if flow.space(state).kind == "full_day" else "midday"
    elif isinstance(action, PlaceTile):
        circus.plan, circus.plan_cell, circus.step = "build", action.cell, ""
        if step == "fallback_place":
            flow.build(state, seat, events)
    elif isinstance(action, MoveHighlight):
        circus.plan, circus.plan_cell, circus.step = "execute", action.cell, ""
    elif isinstance(action, ChooseSpecial):
        circus.step = ""
        flow.take_special(state, seat, action.card, events)
    else:
        icons.answer(state, seat, action, events)
    if circus.plan and not circus.step and step in SECRET_STEPS:
        events.append(Event("choice_made", {"seat": seat}))  # what was chosen stays private for now
    flow.advance(state, events)
    return events
