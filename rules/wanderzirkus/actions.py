"""Every decision a Der Wanderzirkus player makes, as a small value object.

A show is played one small step at a time: play a card, then (after a purple stack) choose where it
goes, then decide its effect; the swap token, the Pause card and stopping are steps of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class ChooseArtist:
    """Set-up (two of four) or a purchase (one of two): keep this artist."""

    kind: ClassVar[str] = "choose_artist"
    card: str


@dataclass(frozen=True)
class ChooseCity:
    """Set-up or a purchase: keep this city (one of two)."""

    kind: ClassVar[str] = "choose_city"
    city: str


@dataclass(frozen=True)
class TakePair:
    """Travel: take the pair of one artist and one city at this place in the middle of the table."""

    kind: ClassVar[str] = "take_pair"
    pair: int


@dataclass(frozen=True)
class Announce:
    """Announce how many artists your show will consist of at least."""

    kind: ClassVar[str] = "announce"
    count: int


@dataclass(frozen=True)
class PlayCard:
    """Play this hand card to the right of your show (or on top of a purple stack)."""

    kind: ClassVar[str] = "play_card"
    card: str


@dataclass(frozen=True)
class Place:
    """Where the card just played goes after a purple stack: ``target`` -1 stacks it on top;
    0 or more continues the row to the right of that card of the stack (0 is the bottom card)."""

    kind: ClassVar[str] = "place"
    target: int


@dataclass(frozen=True)
class PlacePause:
    """Lay the Pause card to the right of the last card (once per round, -4 VP)."""

    kind: ClassVar[str] = "place_pause"


@dataclass(frozen=True)
class UseSwap:
    """Return the swap token: draw 2 cards, then put 2 hand cards back on the deck."""

    kind: ClassVar[str] = "use_swap"


@dataclass(frozen=True)
class ReturnCard:
    """Swap token: put this hand card back on the deck."""

    kind: ClassVar[str] = "return_card"
    card: str


@dataclass(frozen=True)
class StopShow:
    """End your show now."""

    kind: ClassVar[str] = "stop_show"


@dataclass(frozen=True)
class UseEffect:
    """Trigger the effect of the card just played (draw to 4, or look at a deck card)."""

    kind: ClassVar[str] = "use_effect"


@dataclass(frozen=True)
class SkipEffect:
    """Let the effect of the card just played lapse (or stop putting cards back)."""

    kind: ClassVar[str] = "skip_effect"


@dataclass(frozen=True)
class CopyEffect:
    """Copy effect: use this effect symbol of another card in your show."""

    kind: ClassVar[str] = "copy_effect"
    effect: str


@dataclass(frozen=True)
class TuckCard:
    """Effect: put this hand card under your deck."""

    kind: ClassVar[str] = "tuck_card"
    card: str


@dataclass(frozen=True)
class RecycleCard:
    """Effect: put this hand card on top of your deck (the deck is shuffled when you are done)."""

    kind: ClassVar[str] = "recycle_card"
    card: str


@dataclass(frozen=True)
class MovePeeked:
    """Effect: move the card looked at (top card under the deck; bottom card on top). Leaving it is
    ``SkipEffect``."""

    kind: ClassVar[str] = "move_peeked"


@dataclass(frozen=True)
class BuyArtist:
    """Spend Coins: 5 coins to draw 2 artists and keep one."""

    kind: ClassVar[str] = "buy_artist"


@dataclass(frozen=True)
class BuyCity:
    """Spend Coins: 3 coins to draw 2 cities and keep one for next round."""

    kind: ClassVar[str] = "buy_city"


@dataclass(frozen=True)
class BuySwapToken:
    """Spend Coins: 3 coins for a swap token (you may own one at most)."""

    kind: ClassVar[str] = "buy_swap_token"


@dataclass(frozen=True)
class EndSpending:
    """Spend Coins: keep the rest of your coins."""

    kind: ClassVar[str] = "end_spending"


Action = (
    ChooseArtist | ChooseCity | TakePair | Announce | PlayCard | Place | PlacePause | UseSwap | ReturnCard
    | StopShow | UseEffect | SkipEffect | CopyEffect | TuckCard | RecycleCard | MovePeeked | BuyArtist | BuyCity
    | BuySwapToken | EndSpending
)

ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseArtist, ChooseCity, TakePair, Announce, PlayCard, Place, PlacePause, UseSwap, ReturnCard, StopShow,
    UseEffect, SkipEffect, CopyEffect, TuckCard, RecycleCard, MovePeeked, BuyArtist, BuyCity, BuySwapToken,
    EndSpending,
)
