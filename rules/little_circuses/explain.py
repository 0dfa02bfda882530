"""Why an action is refused, in a sentence the player can act on. Never names hidden things: another
player's face-down tiles are never named, and a tile the seat does not hold is "not in your hand"."""

from __future__ import annotations

from typing import Any

from rules.core.errors import quote
from rules.little_circuses import board
from rules.little_circuses.actions import Action
from rules.little_circuses.content import load_content
from rules.little_circuses.legal import unbuilt
from rules.little_circuses.state import BLEACHER_SPACES, LittleCircusesState
from rules.little_circuses.text import STEP_WORDS, where

STEP_OF_ACTION = {
    "open_at": {"opening"}, "raise_funds": {"build", "midday", "fallback"}, "hire_help": {"build", "midday"},
    "hire_face_up": {"build", "midday"}, "draw_face_down": {"icon"},
    "choose_tile": {"build", "midday", "fallback"}, "place_tile": {"place", "fallback_place"},
    "back": {"place", "fallback_place"}, "move_highlight": {"move", "midday"}, "advance_public": {"icon"},
    "cash_public": {"icon"}, "take_showcase": {"icon"}, "take_from_hand": {"icon"}, "choose_rival": {"icon"},
    "pass": {"icon"}, "choose_special": {"special"},
}
ICON_OF_ACTION = {"advance_public": ("clown",), "cash_public": ("elephant", "bills"),
                  "take_showcase": ("showcase", "poach", "tent"), "take_from_hand": ("poach",),
                  "draw_face_down": ("tent",),
                  "choose_rival": ("rob", "snub", "lure"), "pass": ("elephant", "bills", "showcase", "poach")}


def explain(state: LittleCircusesState, seat: int, action: Action) -> str:
    circus = state.circuses[seat]
    step = circus.step
    kind = action.kind
    if step not in STEP_OF_ACTION[kind]:
        if kind == "hire_help" and step == "fallback":
            return "No tile was left for you to hire: raise funds or build instead."
        return f"That is not a choice right now: you are {STEP_WORDS.get(step, 'waiting')}."
    a: Any = action
    if kind == "open_at":
        return f"Opening night starts on one of the four printed attractions, not on {_cell_text(a.cell)}."
    if kind == "hire_help":
        return "The market has no tile left to hire."
    if kind == "hire_face_up":
        if circus.card != "6":
            return "Only the player holding Special Attraction card 6 may buy the face-up tiles."
        return "That tile is not one of the face-up Advanced tiles."
    if kind == "choose_tile":
        if a.tile not in unbuilt(state, seat):
            return "That tile is not in your hand."
        cost = load_content().tiles[a.tile].cost
        return f"{load_content().tiles[a.tile].name} costs ${cost} and you have only ${circus.money}."
    if kind == "place_tile":
        return (f"{_capital(_cell_text(a.cell))} is not next to or on top of an attraction in your circus "
                f"(the circus spreads over {board.size()} x {board.size()} spaces).")
    if kind == "move_highlight":
        if circus.highlight is None:
            return "Your Highlight is not in your circus yet."
        return (f"The Highlight moves to an attraction orthogonally next to {where(circus.highlight)}; "
                f"{_cell_text(a.cell)} is not one.")
    if kind == "choose_special":
        if a.card not in load_content().cards:
            return f"There is no Special Attraction card {quote(a.card)}; they are numbered 1 to 7."
        return f"That card is gone: {state.players[state.taken[a.card]]} has already taken card {a.card} this week."
    return _explain_icon(state, seat, action)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cell_text(cell: int) -> str:
    size = board.size()
    return where(cell) if 0 <= cell < size * size else f"space {cell}"


def _explain_icon(state: LittleCircusesState, seat: int, action: Action) -> str:
    circus = state.circuses[seat]
    icon = circus.icons[0]
    a: Any = action
    kind = action.kind
    if kind == "pass" and icon not in ICON_OF_ACTION[kind]:
        return f"Each icon must be resolved: the {icon} cannot be skipped."
    if icon not in ICON_OF_ACTION[kind]:
        return f"You are resolving the {icon} icon; that answer belongs to another icon."
    if kind == "advance_public":
        if a.space == 8:
            return "No Public can be worth more than 8."
        return f"You have no Public on space {a.space} to advance."
    if kind == "cash_public":
        if a.space not in BLEACHER_SPACES:
            return "Bleacher spaces are 2, 4, 6 and 8."
        return f"You have no Public on space {a.space}."
    if kind == "take_showcase":
        return "That tile is not among the face-up Advanced tiles."
    if kind == "draw_face_down":
        return "The face-down pile is empty; take one of the face-up tiles."
    if kind == "take_from_hand":
        if a.owner == seat or not 0 <= a.owner < len(state.players):
            return "Handy Mandy takes a face-up tile from another player's hand."
        return f"There is no such face-up tile in {state.players[a.owner]}'s hand."
    if kind == "choose_rival":
        if a.seat == seat or not 0 <= a.seat < len(state.players):
            return "Choose another player."
        needs = {"rob": "no money", "snub": "no Fame", "lure": "no Public on space 2"}[icon]
        return f"There is nothing to take: {state.players[a.seat]} has {needs}."
    return f"That answer does not fit the {icon} icon."
