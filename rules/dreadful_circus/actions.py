"""Every decision a Dreadful Circus player makes, as a small value object.

A bid is built one coin or Contract at a time, then the wagon is placed; a seller inspects one
wagon, then accepts or declines it; card effects ask one small question at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class DraftPick:
    """Draft variant: keep one card of the packet in front of you and pass the rest left."""

    kind: ClassVar[str] = "draft_pick"
    card: str


@dataclass(frozen=True)
class PlaceAttraction:
    """Set-up and end of game: place an Attraction from your hand into your Tableau."""

    kind: ClassVar[str] = "place_attraction"
    card: str


@dataclass(frozen=True)
class PlaceNothing:
    """End of game: place no Attraction from your hand."""

    kind: ClassVar[str] = "place_nothing"


@dataclass(frozen=True)
class MakeOffer:
    """A Seller chooses the card to offer (face down until every Seller has chosen)."""

    kind: ClassVar[str] = "make_offer"
    card: str


@dataclass(frozen=True)
class AddCoin:
    kind: ClassVar[str] = "add_coin"
    coin: str


@dataclass(frozen=True)
class AddContract:
    kind: ClassVar[str] = "add_contract"
    contract: str


@dataclass(frozen=True)
class TakeCoin:
    """Take a coin back out of your wagon before placing it."""

    kind: ClassVar[str] = "take_coin"
    coin: str


@dataclass(frozen=True)
class TakeContract:
    kind: ClassVar[str] = "take_contract"
    contract: str


@dataclass(frozen=True)
class PlaceWagon:
    """Cover the wagon and place it next to an Offer (0 = the 1st Seller's): the bid is final."""

    kind: ClassVar[str] = "place_wagon"
    offer: int


@dataclass(frozen=True)
class Inspect:
    """A Seller looks into one wagon next to their Offer."""

    kind: ClassVar[str] = "inspect"
    owner: int


@dataclass(frozen=True)
class Accept:
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline:
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class LoadCoin:
    """Load the Wagon with one coin for the player resolving a card."""

    kind: ClassVar[str] = "load_coin"
    coin: str


@dataclass(frozen=True)
class LoadContract:
    kind: ClassVar[str] = "load_contract"
    contract: str


@dataclass(frozen=True)
class TakeLoaded:
    """Take the contents of one Loaded Wagon (the others go back to their owners)."""

    kind: ClassVar[str] = "take_loaded"
    owner: int


@dataclass(frozen=True)
class PlayCard:
    """Play a card from your hand: an Attraction goes to your Tableau, a Performance resolves."""

    kind: ClassVar[str] = "play_card"
    card: str


@dataclass(frozen=True)
class TakeAttraction:
    """Move an Attraction from another player's Tableau into yours."""

    kind: ClassVar[str] = "take_attraction"
    owner: int
    card: str


@dataclass(frozen=True)
class DiscardAttraction:
    """Discard an Attraction from another player's Tableau."""

    kind: ClassVar[str] = "discard_attraction"
    owner: int
    card: str


@dataclass(frozen=True)
class ReturnContract:
    kind: ClassVar[str] = "return_contract"
    contract: str


@dataclass(frozen=True)
class StopReturning:
    kind: ClassVar[str] = "stop_returning"


@dataclass(frozen=True)
class CopyCard:
    """Distorted Mirrors or Twisted Corridors: copy the effect of this Attraction."""

    kind: ClassVar[str] = "copy_card"
    owner: int
    card: str


Action = (
    DraftPick | PlaceAttraction | PlaceNothing | MakeOffer | AddCoin | AddContract | TakeCoin | TakeContract
    | PlaceWagon | Inspect | Accept | Decline | LoadCoin | LoadContract | TakeLoaded | PlayCard
    | TakeAttraction | DiscardAttraction | ReturnContract | StopReturning | CopyCard
)

ACTION_TYPES: tuple[type[Action], ...] = (
    DraftPick, PlaceAttraction, PlaceNothing, MakeOffer, AddCoin, AddContract, TakeCoin, TakeContract,
    PlaceWagon, Inspect, Accept, Decline, LoadCoin, LoadContract, TakeLoaded, PlayCard,
    TakeAttraction, DiscardAttraction, ReturnContract, StopReturning, CopyCard,
)
