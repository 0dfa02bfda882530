"""Shared helpers for the Dreadful Circus rules tests: exact positions built from a real game,
cards found by name, and decisions driven through ``DreadfulCircus.apply`` so the real legality
checks run on every step.

Nothing here imports discord: the rules tests exercise the pure ``rules`` package only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.events import Event
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import Action, AddCoin, PlaceAttraction, PlaceWagon
from rules.dreadful_circus.content import CONTRACT_TYPES, load_content
from rules.dreadful_circus.game import DreadfulCircus
from rules.dreadful_circus.state import OVER, DreadfulCircusState

GAME = DreadfulCircus()
NAMES = ("Erica", "Mike", "Tom", "Kate", "Natalie", "Olga", "Pete", "Rosa")


def card_ids(name: str) -> list[str]:
    """Every copy of the card called ``name``, in file order."""
    ids = [c.id for c in load_content().cards.values() if c.name == name]
    assert ids, f"no card called {name!r}"
    return ids


def cid(name: str, copy: int = 0) -> str:
    return card_ids(name)[copy]


def new_game(players: int = 4, seed: int = 1, **options: bool) -> DreadfulCircusState:
    return GAME.new_game(list(NAMES[:players]), dict(options), seed)


def apply(state: DreadfulCircusState, seat: int, action: Action) -> tuple[DreadfulCircusState, list[Event]]:
    return GAME.apply(state, seat, action)


def run(state: DreadfulCircusState, *moves: tuple[int, Action]) -> tuple[DreadfulCircusState, list[Event]]:
    """Apply (seat, action) pairs in order, collecting every event."""
    events: list[Event] = []
    for seat, action in moves:
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [event.data for event in events if event.kind == kind]


def contracts(**counts: int) -> dict[str, int]:
    return {kind: counts.get(kind, 0) for kind in CONTRACT_TYPES}


def coins(copper: int = 0, silver: int = 0, gold: int = 0) -> dict[str, int]:
    return {"copper": copper, "silver": silver, "gold": gold}


def started(players: int = 4, seed: int = 1, **options: bool) -> DreadfulCircusState:
    """A game whose starting Attractions were placed through ``apply`` (the first of each hand):
    the 1st Seller's Offer is awaited."""
    state = new_game(players, seed, **options)
    for seat in range(players):
        first = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceAttraction))
        state, _ = GAME.apply(state, seat, first)
    assert state.phase == "offer"
    return state


def bid_copper(state: DreadfulCircusState, seat: int, offer: int = 0, copper: int = 1) -> DreadfulCircusState:
    """Put ``copper`` Copper in the wagon and place it next to ``offer``."""
    for _ in range(copper):
        state, _ = GAME.apply(state, seat, AddCoin("copper"))
    state, _ = GAME.apply(state, seat, PlaceWagon(offer))
    return state


Screen = tuple[dict[str, int], dict[str, int]]


def scored_state(players: int, tableaux: Sequence[Sequence[str]], screens: Sequence[Screen],
                 first_seller: int = 0) -> DreadfulCircusState:
    """A finished game with exactly these Tableaux and (coins, contracts) behind the screens."""
    state = new_game(players)
    for seat, (tableau, (coin_counts, contract_counts)) in enumerate(zip(tableaux, screens, strict=True)):
        state.seats[seat].tableau = list(tableau)
        state.seats[seat].hand = []
        state.seats[seat].coins = dict(coin_counts)
        state.seats[seat].contracts = dict(contract_counts)
    state.first_seller = first_seller
    state.phase = OVER
    return state


def final_state(players: int, hands: Sequence[Sequence[str]], tableaux: Sequence[Sequence[str]],
                screens: Sequence[Screen], first_seller: int = 0) -> DreadfulCircusState:
    """The moment the game ends: every hand holds these cards, the last Attraction is to be chosen."""
    state = scored_state(players, tableaux, screens, first_seller)
    for seat, hand in enumerate(hands):
        state.seats[seat].hand = list(hand)
    state.phase = "effect"
    flow.begin_final(state, [])
    return state


class LookedUp:
    """A language's translations that note every message looked up (context, English)."""

    def __init__(self, real: Any, asked: set[tuple[str | None, str]]) -> None:
        self.real, self.asked = real, asked

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return str(self.real.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add((None, singular))
        return str(self.real.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return str(self.real.pgettext(context, message))
