"""Der Wanderzirkus game state: plain dataclasses with an exact JSON round trip (rules.core.serial).

Stacks and decks list their top card first. A show is a row of columns: one artist each, except a
purple stack (acrobats placed on one another, bottom first) and the Pause card (``"pause"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.options import OptionValue

ROUNDS = 5
HAND_SIZE = 3
STOP_SIGNS_TO_END = 4
PAUSE_VP = -4
ARTIST_PRICE = 5
CITY_PRICE = 3
SWAP_PRICE = 3
COINS_PER_VP = 3
REGION_VP = 2

@dataclass
class Column:
    """One place in the row of a show. ``exit`` is the card of a purple stack whose right side the
    show continued from (None while nothing lies to its right)."""

    cards: list[str]
    exit: int | None = None


@dataclass
class Circus:
    """One player's circus and everything in front of them."""

    artists: list[str]  # every artist owned, in the order acquired
    cities: list[str] = field(default_factory=list)  # on display this round
    bought_cities: list[str] = field(default_factory=list)  # bought this round, displayed next round
    kept_cities: list[str] = field(default_factory=list)  # Pro mode: fulfilled cities of new regions
    coins: int = 0
    swap_token: bool = True
    round_vp: list[int] = field(default_factory=list)  # victory points of each round scored
    announcement: int | None = None
    # The show (private while it runs).
    draw_pile: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    show: list[Column] = field(default_factory=list)
    show_state: str = "idle"  # "idle", "running" or "ended"
    end_reason: str = ""
    step: str = "play"  # the show decision asked: "play", "place", "effect", "peek", "recycle" or "swap"
    placing: str | None = None  # the card being placed while its position is chosen
    effect: str | None = None  # the effect being decided
    effect_card: str | None = None  # the card whose effect is being decided
    peeked: str | None = None  # the deck card looked at ("top" or "bottom" in ``peek_side``)
    peek_side: str = ""
    swap_left: int = 0  # cards still to put back after using the swap token
    pause_used: bool = False
    swap_used: bool = False  # this round (the Simplified game returns the token)
    # Private offers: set-up artists and cities, or a purchase's two cards.
    offer: list[str] = field(default_factory=list)
    city_offer: list[str] = field(default_factory=list)
    setup_done: bool = False
    bought_artist: bool = False
    bought_city: bool = False


@dataclass
class Scoring:
    """One seat's Round Scoring, every component listed (public once all shows have ended)."""

    seat: int
    announcement: int
    announced: int | None
    length: int
    cities: list[tuple[str, int]]  # (city, VP earned: 0 when not fulfilled)
    green: int
    blue: int
    red: int
    purple: int
    pause: int
    coins: int
    total: int


@dataclass
class WanderzirkusState:
    players: list[str]
    options: dict[str, OptionValue]
    rng: int
    circuses: list[Circus]
    artist_stack: list[str]
    city_stack: list[str]
    round: int = 1
    phase: str = "setup"  # "setup", "travel", "announce", "show", "spend" or "over"
    order: list[int] = field(default_factory=list)  # the sequence of a travel, announce or spend phase
    turn: int = 0  # index into ``order``
    pairs: list[tuple[str, str] | None] = field(default_factory=list)  # Travel: (artist, city); None once taken
    first_announcer: int = 0  # round 1: announcements go clockwise from here
    scorings: list[Scoring] = field(default_factory=list)  # the last Round Scoring
    spend_step: str = "menu"  # "menu", "pick_artist" or "pick_city" for the seat spending
    final_vp: list[int] = field(default_factory=list)  # after the game: every point, coins included

    @property
    def current(self) -> int | None:
        """The seat whose turn it is in a sequential phase."""
        if self.phase in ("travel", "announce", "spend") and self.turn < len(self.order):
            return self.order[self.turn]
        return None
