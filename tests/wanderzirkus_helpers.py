"""Shared helpers for the Der Wanderzirkus rules tests: games brought to a chosen phase through
``apply``, rigged hands and decks, and real cards found by their connections.

Nothing here imports discord: the rules tests exercise the pure ``rules`` package only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.events import Event
from rules.wanderzirkus.actions import Action, Announce, ChooseArtist, ChooseCity
from rules.wanderzirkus.content import Artist, card, load_content
from rules.wanderzirkus.game import Wanderzirkus
from rules.wanderzirkus.state import Column, WanderzirkusState

GAME = Wanderzirkus()
NAMES = ("Max", "Tina", "Tobias", "Ute", "Vera", "Willi")


def new_game(players: int = 2, seed: int = 1, **options: bool) -> WanderzirkusState:
    return GAME.new_game(list(NAMES[:players]), options, seed)


def apply(state: WanderzirkusState, seat: int, action: Action) -> tuple[WanderzirkusState, list[Event]]:
    return GAME.apply(state, seat, action)


def run(state: WanderzirkusState, seat: int, *actions: Action) -> tuple[WanderzirkusState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
    return state, events


def finish_setup(state: WanderzirkusState) -> WanderzirkusState:
    """Every seat keeps the first two artists and the first city offered."""
    for seat in range(len(state.players)):
        circus = state.circuses[seat]
        state, _ = run(state, seat, ChooseArtist(circus.offer[0]), ChooseArtist(circus.offer[1]))
        state, _ = apply(state, seat, ChooseCity(state.circuses[seat].city_offer[0]))
    return state


def to_show(state: WanderzirkusState, count: int = 1) -> WanderzirkusState:
    """Announce ``count`` for every seat in turn (nothing to do in the Simplified game)."""
    while state.phase == "announce":
        seat = state.order[state.turn]
        state, _ = apply(state, seat, Announce(count))
    assert state.phase == "show"
    return state


def show_game(players: int = 2, seed: int = 1, count: int = 1, **options: bool) -> WanderzirkusState:
    """A game in round 1's show phase."""
    return to_show(finish_setup(new_game(players, seed, **options)), count)


def rig(state: WanderzirkusState, seat: int, hand: Sequence[str], pile: Sequence[str] = (),
        show: Sequence[Sequence[str]] = ()) -> None:
    """Give ``seat`` exactly this hand, deck (top first) and show; its circus owns exactly these artists."""
    circus = state.circuses[seat]
    circus.hand = list(hand)
    circus.draw_pile = list(pile)
    circus.show = [Column(list(cards)) for cards in show]
    for column in circus.show[:-1]:
        column.exit = len(column.cards) - 1
    circus.artists = [c for c in [*hand, *pile, *(c for cards in show for c in cards)] if c != "pause"]
    circus.step = "play"
    circus.show_state = "running"


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [event.data for event in events if event.kind == kind]


def artists(colour: str, *, starting: bool = False, effect: str | None = None) -> list[Artist]:
    return [a for a in load_content().artists.values()
            if a.colour == colour and a.starting == starting and (effect is None or a.effect == effect)]


def connects(left_card: str, right_card: str) -> bool:
    return bool(card(left_card).right_colours() & card(right_card).left_colours())


def chain(colours: Sequence[str], *, first: str | None = None, avoid: Iterable[str] = ()) -> list[str]:
    """Distinct non-starting artists of these colours, each connecting to the one before (the first to
    ``first`` if given). Found by a depth-first search over the card list, so always the same cards."""
    used = set(avoid)

    def extend(done: list[str]) -> list[str] | None:
        if len(done) == len(colours):
            return done
        before = done[-1] if done else first
        for a in artists(colours[len(done)]):
            if a.id in used or a.id in done or (before is not None and not connects(before, a.id)):
                continue
            found = extend([*done, a.id])
            if found is not None:
                return found
        return None

    result = extend([])
    assert result is not None, f"no chain of {colours}"
    return result


def city_demanding(*colours: str) -> str:
    """A city demanding exactly these colours (any order)."""
    for city in load_content().cities.values():
        if set(city.colours) == set(colours):
            return city.id
    raise AssertionError(f"no city demands exactly {colours}")


def city_with(colour: str, *, vp: int | None = None) -> list[str]:
    return [c.id for c in load_content().cities.values() if colour in c.colours and (vp is None or c.vp == vp)]
