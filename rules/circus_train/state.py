"""Circus Train game state: plain dataclasses with an exact JSON round trip (rules.core.serial)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.options import OptionValue

# Action cards. Basic Transit is in every deck twice.
CARD_NAMES = {
    "fast_transit": "Fast Transit",
    "rapid_transit": "Rapid Transit",
    "overnight_transit": "Overnight Transit",
    "basic_transit": "Basic Transit",
    "hold": "Hold",
    "overnight_hire": "Overnight Hire",
    "wages_transit": "Wages & Transit",
    "rest": "Rest",
}
FULL_DECK = ("fast_transit", "rapid_transit", "overnight_transit", "basic_transit", "basic_transit",
             "hold", "overnight_hire", "wages_transit", "rest")
CANADA = ("winnipeg", "toronto", "montreal")

# Reputation track, top to bottom: the highest die roll that hires or steals at each level.
REPUTATION_TRACK = (6, 5, 4, 3, 2, 2, 2, 1)
REPUTATION_START = 1  # the "5" space
REPUTATION_BOTTOM = len(REPUTATION_TRACK) - 1
BEST_PERFORMANCE_START = 10


@dataclass
class Circus:
    """One player's circus train and everything in front of them."""

    talent: dict[str, int]
    specials: list[str] = field(default_factory=list)
    money: int = 0
    vp: int = 0
    best: int = BEST_PERFORMANCE_START
    reputation: int = REPUTATION_START  # level on the track: 0 is the top
    hand: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    performances: list[str] = field(default_factory=list)  # Performance Demand counters held
    position: str | None = None
    performed_in_april: bool = False
    two_week_city: str | None = None  # a two-week show under way here
    two_week_ready: bool = False  # started on an earlier turn: this turn may complete it
    refilled_week: int = -1  # the week this hand was last taken back from the discards


@dataclass
class CityNews:
    """What lies on one city: one Performance Demand or Points counter, or Talent counters, and
    any Special Characters stacked there."""

    counter: str | None = None
    talent: dict[str, int] = field(default_factory=dict)
    specials: list[str] = field(default_factory=list)

    def has_news(self) -> bool:
        """Counts toward the 8/10/12 cities the board must hold (a lone Special does not)."""
        return self.counter is not None or any(self.talent.values())


@dataclass
class Pending:
    """The decision the game is waiting for, and the context of the turn it belongs to."""

    kind: str
    seat: int
    card: str | None = None  # the Action card being resolved
    moves: int = 0  # connections allowed in a "move" step
    then: str = ""  # what follows the move: "act", "special_hire", "wages" or "" (turn ends)
    failed: dict[str, int] = field(default_factory=dict)  # counters that failed this Hire action
    failed_talent: str | None = None  # the counter a Buy After Failure is offered for
    released: dict[str, int] = field(default_factory=dict)  # talent waiting for a city
    releaser: int = -1
    final: bool = False  # solitaire end-of-game wages
    picks: int = 0  # set-up talent picks left for this seat


@dataclass
class CircusTrainState:
    players: list[str]
    options: dict[str, OptionValue]
    rng: int
    circuses: list[Circus]
    board: dict[str, CityNews]
    talent_bank: dict[str, int]
    special_bank: list[str]
    bag: list[str]
    destinations: list[str]
    destination_discards: list[str]
    event_deck: list[str]
    event: str | None
    week: int
    first_player: int
    turns_taken: int  # turns played in the current round
    pending: Pending | None  # None once the game is over
    set_aside: list[str] = field(default_factory=list)  # later seasons' counters, not yet in the bag
    scored: bool = False
