"""Which decisions are open now. The single source of legality: ``apply`` accepts exactly these."""

from __future__ import annotations

from rules.little_circuses import board, icons, market
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
from rules.little_circuses.content import load_content, tile
from rules.little_circuses.state import LittleCircusesState

BUILD_STEPS = ("build", "midday", "fallback")


def unbuilt(state: LittleCircusesState, seat: int) -> list[str]:
    circus = state.circuses[seat]
    return [*circus.hand, *circus.secret]


def buildable_tiles(state: LittleCircusesState, seat: int) -> list[str]:
    """Unbuilt tiles the seat can pay for (there is always a cell to build on)."""
    money = state.circuses[seat].money
    return [t for t in unbuilt(state, seat) if tile(t).cost <= money]


def legal_actions(state: LittleCircusesState, seat: int) -> list[Action]:
    if not 0 <= seat < len(state.circuses):
        return []
    circus = state.circuses[seat]
    step = circus.step
    if step == "opening":
        return [OpenAt(cell) for cell in sorted(load_content().printed)]
    if step in BUILD_STEPS:
        options: list[Action] = [RaiseFunds()]
        if step != "fallback" and market.pile(state):
            options.append(HireHelp())
        if step != "fallback" and market.buys_face_up(state, seat):
            options += [HireFaceUp(t) for t in state.showcase]
        options += [ChooseTile(t) for t in buildable_tiles(state, seat)]
        if step == "midday":
            options += [MoveHighlight(cell) for cell in board.highlight_moves(circus)]
        return options
    if step in ("place", "fallback_place"):
        return [*(PlaceTile(cell) for cell in board.build_cells(circus)), Back()]
    if step == "move":
        return [MoveHighlight(cell) for cell in board.highlight_moves(circus)]
    if step == "icon":
        return icons.choices(state, seat)
    if step == "special":
        return [ChooseSpecial(number) for number in load_content().cards if number not in state.taken]
    return []
