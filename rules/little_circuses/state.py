"""Little Circuses game state: plain dataclasses with an exact JSON round trip (rules.core.serial).

Cells of a circus are numbered ``y * grid_size + x``. A seat's ``step`` says what it is asked now
("" when nothing); what it has chosen for the current space stays in ``plan_*`` — private until
every seat has chosen and the space resolves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.options import OptionValue

BLEACHER_SPACES: tuple[int, ...] = (2, 4, 6, 8)
STARTING_MONEY = 5


@dataclass
class Circus:
    """One player's circus, bleacher, purse and hand."""

    money: int = STARTING_MONEY
    fame: int = 0
    bleacher: list[int] = field(default_factory=lambda: [1, 0, 0, 0])  # Publics on spaces 2, 4, 6, 8
    stacks: dict[int, list[str]] = field(default_factory=dict)  # cell -> attractions, bottom to top
    used: list[int] = field(default_factory=list)  # cells with a Use marker
    highlight: int | None = None
    hand: list[str] = field(default_factory=list)  # unbuilt tiles kept face up (public)
    secret: list[str] = field(default_factory=list)  # unbuilt Advanced tiles kept face down (private)
    card: str | None = None  # the Special Attraction card taken this week
    # ----- the decision under way
    step: str = ""
    plan: str = ""  # chosen for this space: "funds", "hire", "build", "execute", "opening"
    plan_tile: str | None = None
    plan_cell: int | None = None
    icons: list[str] = field(default_factory=list)  # icons (or card effects) still to resolve, left first
    source: str = ""  # the attraction or card the icons come from


@dataclass
class LittleCircusesState:
    players: list[str]
    options: dict[str, OptionValue]
    rng: int
    circuses: list[Circus]
    order: list[int]  # seats on the Player Order track, left to right
    space: int  # John's position on the track
    stage: str  # "opening", "build", "fallback", "execute", "midday", "icons", "special", "over"
    starting_pile: list[str]
    advanced_pile: list[str]
    showcase: list[str] = field(default_factory=list)  # the four face-up Advanced tiles
    arrived: bool = False  # Arrival of New Acts has happened
    chooser: int = 0  # index into ``order`` of the seat choosing a Special Attraction
    taken: dict[str, int] = field(default_factory=dict)  # card number -> seat, this week
    final: list[dict[str, int]] = field(default_factory=list)  # prize breakdown per seat once over
