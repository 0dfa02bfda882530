"""Why an action is refused, in a sentence the player can act on. Never names hidden things: another
player's face-down tiles are never named, and a tile the seat does not hold is "not in your hand"."""

from __future__ import annotations

from typing import Any

from lang import N_, tr
from rules.core.errors import quote
from rules.little_circuses import board
from rules.little_circuses.actions import Action
from rules.little_circuses.content import load_content
from rules.little_circuses.legal import unbuilt
from rules.little_circuses.names import icon_name, tile_name
from rules.little_circuses.state import BLEACHER_SPACES, LittleCircusesState
from rules.little_circuses.text import not_now, where

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
            return tr("No tile was left for you to hire: raise funds or build instead.")
        return not_now(step)
    a: Any = action
    if kind == "open_at":
        return tr("Opening night starts on one of the four printed attractions, not on {cell}.",
                  cell=_cell_text(a.cell))
    if kind == "hire_help":
        return tr("The market has no tile left to hire.")
    if kind == "hire_face_up":
        if circus.card != "6":
            return tr("Only the player holding Special Attraction card 6 may buy the face-up tiles.")
        return tr("That tile is not one of the face-up Advanced tiles.")
    if kind == "choose_tile":
        if a.tile not in unbuilt(state, seat):
            return tr("That tile is not in your hand.")
        chosen = load_content().tiles[a.tile]
        return tr("{tile} costs ${cost} and you have only ${money}.", tile=tile_name(chosen.name), cost=chosen.cost,
                  money=circus.money)
    if kind == "place_tile":
        return _capital(tr("{cell} is not next to or on top of an attraction in your circus (the circus spreads "
                           "over {size} x {size} spaces).", cell=_cell_text(a.cell), size=board.size()))
    if kind == "move_highlight":
        if circus.highlight is None:
            return tr("Your Highlight is not in your circus yet.")
        return tr("The Highlight moves to an attraction orthogonally next to {highlight}; {cell} is not one.",
                  highlight=where(circus.highlight), cell=_cell_text(a.cell))
    if kind == "choose_special":
        if a.card not in load_content().cards:
            return tr("There is no Special Attraction card {card}; they are numbered 1 to 7.", card=quote(a.card))
        return tr("That card is gone: {name} has already taken card {card} this week.",
                  name=state.players[state.taken[a.card]], card=a.card)
    return _explain_icon(state, seat, action)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cell_text(cell: int) -> str:
    size = board.size()
    return where(cell) if 0 <= cell < size * size else tr("space {cell}", cell=cell)


def _explain_icon(state: LittleCircusesState, seat: int, action: Action) -> str:
    circus = state.circuses[seat]
    icon = circus.icons[0]
    a: Any = action
    kind = action.kind
    if kind == "pass" and icon not in ICON_OF_ACTION[kind]:
        return tr("Each icon must be resolved: the {icon} cannot be skipped.", icon=icon_name(icon))
    if icon not in ICON_OF_ACTION[kind]:
        return tr("You are resolving the {icon} icon; that answer belongs to another icon.", icon=icon_name(icon))
    if kind == "advance_public":
        if a.space == 8:
            return tr("No Public can be worth more than 8.")
        return tr("You have no Public on space {space} to advance.", space=a.space)
    if kind == "cash_public":
        if a.space not in BLEACHER_SPACES:
            return tr("Bleacher spaces are 2, 4, 6 and 8.")
        return tr("You have no Public on space {space}.", space=a.space)
    if kind == "take_showcase":
        return tr("That tile is not among the face-up Advanced tiles.")
    if kind == "draw_face_down":
        return tr("The face-down pile is empty; take one of the face-up tiles.")
    if kind == "take_from_hand":
        if a.owner == seat or not 0 <= a.owner < len(state.players):
            return tr("Handy Mandy takes a face-up tile from another player's hand.")
        return tr("There is no such face-up tile in {name}'s hand.", name=state.players[a.owner])
    if kind == "choose_rival":
        if a.seat == seat or not 0 <= a.seat < len(state.players):
            return tr("Choose another player.")
        nothing = {"rob": N_("There is nothing to take: {name} has no money."),
                   "snub": N_("There is nothing to take: {name} has no Fame."),
                   "lure": N_("There is nothing to take: {name} has no Public on space 2.")}[icon]
        return tr(nothing, name=state.players[a.seat])
    return tr("That answer does not fit the {icon} icon.", icon=icon_name(icon))
