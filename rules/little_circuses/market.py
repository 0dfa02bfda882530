"""The tiles not yet in play: the face-down market pile (Starting tiles until the Arrival of New Acts,
Advanced tiles after it), the four face-up Advanced tiles, and how a tile reaches a hand.

A Starting tile is kept face up, so drawing one is public. An Advanced tile drawn from the face-down
pile is kept face down: only its owner learns which it is (a private event); everyone else learns
only that a face-down tile was taken.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.rng import Rng
from rules.little_circuses.state import LittleCircusesState

SHOWCASE_SIZE = 4
ARRIVAL_DRAW = 2


def pile(state: LittleCircusesState) -> list[str]:
    return state.advanced_pile if state.arrived else state.starting_pile


def draw(state: LittleCircusesState, seat: int, events: list[Event]) -> bool:
    """One tile from the market into the seat's hand; False when the market is empty."""
    tiles = pile(state)
    if not tiles:
        return False
    tile = tiles.pop()
    circus = state.circuses[seat]
    if state.arrived:
        circus.secret.append(tile)
        events.append(Event("secret_tile_drawn", {"seat": seat, "tile": tile}, private_to=seat))
        events.append(Event("tile_drawn", {"seat": seat, "tile": None}))
    else:
        circus.hand.append(tile)
        events.append(Event("tile_drawn", {"seat": seat, "tile": tile}))
    return True


def arrival(state: LittleCircusesState, events: list[Event]) -> None:
    """Arrival of New Acts: Starting tiles leave, Advanced tiles are shuffled, four turned face up,
    and every player (in player order) draws two face down."""
    returned = len(state.starting_pile)
    state.starting_pile = []
    state.arrived = True
    rng = Rng(state.rng)
    rng.shuffle(state.advanced_pile)
    state.rng = rng.state
    state.showcase = [state.advanced_pile.pop() for _ in range(min(SHOWCASE_SIZE, len(state.advanced_pile)))]
    events.append(Event("new_acts", {"returned": returned, "showcase": list(state.showcase)}))
    for seat in state.order:
        for _ in range(ARRIVAL_DRAW):
            draw(state, seat, events)


FACE_UP_BUYER = "6"  # Madame Adam (blue) / Handy Mandy (red)


def buys_face_up(state: LittleCircusesState, seat: int) -> bool:
    """Whether the seat may buy the face-up Advanced tiles now: only while holding Special Attraction
    card 6, and only while some lie face up."""
    return state.circuses[seat].card == FACE_UP_BUYER and bool(state.showcase)


def take_showcase(state: LittleCircusesState, seat: int, tile: str, events: list[Event]) -> None:
    """Card 6 takes a face-up tile into the hand (face up); a new one is turned up from the pile."""
    state.showcase.remove(tile)
    state.circuses[seat].hand.append(tile)
    refill = state.advanced_pile.pop() if state.advanced_pile else None
    if refill is not None:
        state.showcase.append(refill)
    events.append(Event("showcase_taken", {"seat": seat, "tile": tile, "refill": refill}))
