"""How the game moves on: set-up, John's walk from space to space, and the resolution of each space
once every seat has chosen.

Each space with choices is played simultaneously: every seat gets a step, submits a private plan,
and when no seat is awaited any more the plans resolve in player order (builds first, then
executes). ``advance`` is called after every action and keeps the game moving until some seat must
decide again, or the game is over.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.options import OptionValue
from rules.core.rng import Rng
from rules.little_circuses import board, icons, market, scoring
from rules.little_circuses.content import Space, card_side, load_content, tile
from rules.little_circuses.legal import buildable_tiles
from rules.little_circuses.state import Circus, LittleCircusesState

STARTING_HAND = 5
RAISE_FUNDS = 2


def new_state(players: list[str], options: dict[str, OptionValue], rng: Rng) -> LittleCircusesState:
    content = load_content()
    order = list(range(len(players)))
    rng.shuffle(order)
    starting = content.starting_tiles()
    advanced = content.advanced_tiles()
    rng.shuffle(starting)
    rng.shuffle(advanced)
    circuses = [Circus(stacks=board.printed_stacks()) for _ in players]
    for position, seat in enumerate(order):
        circuses[seat].fame = position  # the Player Order space's starting Fame
    for circus in circuses:
        circus.hand = [starting.pop() for _ in range(STARTING_HAND)]
        circus.step = "opening"
    return LittleCircusesState(players=list(players), options=dict(options), rng=rng.state, circuses=circuses,
                               order=order, space=0, stage="opening", starting_pile=starting,
                               advanced_pile=advanced)


def space(state: LittleCircusesState) -> Space:
    return load_content().track[state.space]


def awaited(state: LittleCircusesState) -> frozenset[int]:
    return frozenset(seat for seat, circus in enumerate(state.circuses) if circus.step)


def advance(state: LittleCircusesState, events: list[Event]) -> None:
    """Resolve whatever is complete, stage after stage, until a seat must decide or the game ends."""
    while state.stage != "over" and not awaited(state):
        stage = state.stage
        if stage == "opening":
            _resolve_opening(state, events)
        elif stage in ("build", "midday"):
            _resolve_builds(state, events)
            state.stage = "fallback"
        elif stage == "fallback":
            if space(state).kind == "full_day":
                state.stage = "execute"
                for circus in state.circuses:
                    circus.step = "move"
            else:
                _resolve_executes(state, events)
        elif stage == "execute":
            _resolve_executes(state, events)
        elif stage == "special":
            _next_chooser(state, events)
        else:
            _next_space(state, events)


# ----- spaces ---------------------------------------------------------------------------------------
def _next_space(state: LittleCircusesState, events: list[Event]) -> None:
    """John moves one space on; automatic spaces happen at once."""
    state.space += 1
    here = space(state)
    events.append(Event("john_moves", {"space": state.space}))
    for circus in state.circuses:
        circus.plan, circus.plan_tile, circus.plan_cell = "", None, None
    if here.kind in ("full_day", "midday"):
        state.stage = "build" if here.kind == "full_day" else "midday"
        for circus in state.circuses:
            circus.step = state.stage
    elif here.kind == "arrival":
        market.arrival(state, events)
        state.stage = "icons"
    elif here.kind == "new_city":
        for circus in state.circuses:
            circus.used = []
        events.append(Event("new_city", {"town": here.town}))
        state.stage = "icons"
    elif here.kind == "special":
        state.stage = "special"
        state.chooser = 0
        state.taken = {}
        for circus in state.circuses:
            circus.card = None
        state.circuses[state.order[0]].step = "special"
    else:
        scoring.finish(state, events)
        state.stage = "over"


# ----- opening night -------------------------------------------------------------------------------
def _resolve_opening(state: LittleCircusesState, events: list[Event]) -> None:
    for seat in state.order:
        circus = state.circuses[seat]
        assert circus.plan_cell is not None
        circus.highlight = circus.plan_cell
        attraction = board.top(circus, circus.plan_cell)
        events.append(Event("opening_night", {"seat": seat, "tile": attraction}))
        circus.icons, circus.source = list(tile(attraction).icons), attraction
    state.stage = "icons"
    _run_all(state, events)


# ----- building ------------------------------------------------------------------------------------
def _resolve_builds(state: LittleCircusesState, events: list[Event]) -> None:
    """Build plans in player order; hiring help when the market runs dry falls back to a new choice."""
    for seat in state.order:
        circus = state.circuses[seat]
        if circus.plan == "funds":
            raise_funds(state, seat, events)
        elif circus.plan == "build":
            build(state, seat, events)
        elif circus.plan == "hire" and circus.plan_tile is not None:
            market.take_showcase(state, seat, circus.plan_tile, events)  # card 6 buys a face-up tile
        elif circus.plan == "hire" and not market.draw(state, seat, events):
            events.append(Event("no_help", {"seat": seat}))
            start_fallback(state, seat, events)


def start_fallback(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    """No tile was left to hire: raise funds or build instead (raise funds at once if nothing can be built)."""
    if buildable_tiles(state, seat):
        state.circuses[seat].step = "fallback"
    else:
        raise_funds(state, seat, events)


def raise_funds(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    state.circuses[seat].money += RAISE_FUNDS
    events.append(Event("funds_raised", {"seat": seat, "amount": RAISE_FUNDS}))


def build(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    """Place the planned tile (next to or on top of an attraction) and pay its cost. A Use marker or
    the Highlight on a covered cell stays there, so on the new tile."""
    circus = state.circuses[seat]
    built, cell = circus.plan_tile, circus.plan_cell
    assert built is not None and cell is not None
    if built in circus.hand:
        circus.hand.remove(built)
    else:
        circus.secret.remove(built)
    cost = tile(built).cost
    circus.money -= cost
    covered = circus.stacks[cell][-1] if cell in circus.stacks else None
    circus.stacks.setdefault(cell, []).append(built)
    events.append(Event("built", {"seat": seat, "tile": built, "cell": cell, "cost": cost, "covered": covered}))


# ----- executing -----------------------------------------------------------------------------------
def _resolve_executes(state: LittleCircusesState, events: list[Event]) -> None:
    """Move every executing Highlight in player order, then resolve the icons. Tents take their tiles
    at once, in player order: a tile in hand changes no other icon, so this is the same as taking it
    in its place in the row, and it settles who gets the last tiles."""
    executing = [seat for seat in state.order if state.circuses[seat].plan == "execute"]
    for seat in executing:
        circus = state.circuses[seat]
        left, cell = circus.highlight, circus.plan_cell
        assert left is not None and cell is not None
        if left not in circus.used:
            circus.used.append(left)
        circus.highlight = cell
        attraction = board.top(circus, cell)
        wasted = cell in circus.used
        events.append(Event("highlight_moved", {"seat": seat, "cell": cell, "tile": attraction, "left": left,
                                                "wasted": wasted}))
        if not wasted:
            circus.icons, circus.source = list(tile(attraction).icons), attraction
    for seat in executing:
        circus = state.circuses[seat]
        if market.buys_face_up(state, seat):
            continue  # card 6's holder chooses face up or face down for each tent, in its turn
        for _ in range(circus.icons.count("tent")):
            circus.icons.remove("tent")
            if not market.draw(state, seat, events):
                events.append(Event("market_empty", {"seat": seat}))
    state.stage = "icons"
    _run_all(state, events)


def _run_all(state: LittleCircusesState, events: list[Event]) -> None:
    for seat in state.order:
        if state.circuses[seat].icons:
            icons.run(state, seat, events)


# ----- special attractions -------------------------------------------------------------------------
def side(state: LittleCircusesState) -> str:
    return str(state.options["special_side"])


def take_special(state: LittleCircusesState, seat: int, number: str, events: list[Event]) -> None:
    card = card_side(number, side(state))
    state.taken[number] = seat
    circus = state.circuses[seat]
    circus.card = number
    events.append(Event("special_chosen", {"seat": seat, "card": number, "side": card.side}))
    circus.icons, circus.source = list(card.effects), f"card:{number}"
    icons.run(state, seat, events)


def _next_chooser(state: LittleCircusesState, events: list[Event]) -> None:
    """The next player chooses; after the last, the Player Order follows the cards' Initiative."""
    state.chooser += 1
    if state.chooser < len(state.order):
        state.circuses[state.order[state.chooser]].step = "special"
        return
    state.order.sort(key=lambda seat: int(state.circuses[seat].card or 0))
    events.append(Event("player_order", {"order": list(state.order)}))
    state.stage = "icons"
