"""Dreadful Circus game state: plain dataclasses with an exact JSON round trip (rules.core.serial).

Seats are numbered clockwise, so "the player to the left" of seat s is seat s + 1 (mod n).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.options import OptionValue

# Phases, in the order a game passes through them.
DRAFT, START, OFFER, BID, SELL, EFFECT, FINAL, ENDING, OVER = (
    "draft", "start", "offer", "bid", "sell", "effect", "final", "ending", "over")


@dataclass
class Wagon:
    """A bid (or a Loaded Wagon). Contents are secret: only the owner, and a seller while
    inspecting it, may see them."""

    coins: dict[str, int] = field(default_factory=dict)
    contracts: dict[str, int] = field(default_factory=dict)
    offer: int | None = None  # index into ``offers``; public once placed
    forced: bool = False  # a Seller's wagon, or the only offer: the offer cannot be chosen
    placed: bool = False
    declined: bool = False

    def empty(self) -> bool:
        return not any(self.coins.values()) and not any(self.contracts.values())


@dataclass
class Seat:
    """One player: their hand and screen (secret) and their Tableau (public)."""

    hand: list[str]
    coins: dict[str, int]
    contracts: dict[str, int]
    tableau: list[str] = field(default_factory=list)
    choice: str | None = None  # a secret simultaneous choice not yet revealed ("" = none)
    packet: list[str] = field(default_factory=list)  # draft: the cards being picked from
    drafted: list[str] = field(default_factory=list)  # draft: the cards picked so far
    wagon: Wagon | None = None


@dataclass
class Offer:
    seller: int
    card: str
    inspecting: int | None = None  # the wagon (by owner) the seller is looking into
    declined: list[int] = field(default_factory=list)
    winner: int | None = None
    done: bool = False


@dataclass
class Task:
    """A card effect waiting for decisions: a Performance being resolved, or an end-game Attraction."""

    kind: str
    seat: int  # the player resolving the card
    card: str
    loaders: list[int] = field(default_factory=list)  # Load the Wagon: seats still to load
    loaded: dict[int, Wagon] = field(default_factory=dict)  # Load the Wagon: what each seat loaded
    returned: int = 0  # Contracts returned so far (swap_contracts)
    started: bool = False  # set when the task reaches the front of the queue and asks its first question


@dataclass
class DreadfulCircusState:
    players: list[str]
    options: dict[str, OptionValue]
    rng: int
    seats: list[Seat]
    deck: list[str]
    bag: list[str]  # Contracts in the bag, in draw order
    phase: str
    first_seller: int
    second_seller: int | None
    discard: list[str] = field(default_factory=list)
    round: int = 0
    offers: list[Offer] = field(default_factory=list)
    selling: int = 0  # the offer being resolved in the sell phase
    tasks: list[Task] = field(default_factory=list)
    copies: dict[str, str] = field(default_factory=dict)  # Mirrors/Corridors card id -> copied card id
    redeals: int = 0
