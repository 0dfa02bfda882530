"""Every decision a Circus Train player makes, as a small value object.

A turn is a sequence of these: play a card, then travel, then perform or try one talent counter at a
time, then buy after a failed roll, and so on. Each is offered by ``legal_actions`` so Discord,
the terminal and automatic players can present it as a choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class PickTalent:
    """Set-up: take one starting Horse, Freak or Acrobat counter."""

    kind: ClassVar[str] = "pick_talent"
    talent: str


@dataclass(frozen=True)
class ChooseStart:
    """Set-up: place your train in a Canadian city."""

    kind: ClassVar[str] = "choose_start"
    city: str


@dataclass(frozen=True)
class PlayCard:
    kind: ClassVar[str] = "play_card"
    card: str


@dataclass(frozen=True)
class ReplayCard:
    """Advanced game: play a card from your discard pile for Reputation (or VP in Aug/Sep)."""

    kind: ClassVar[str] = "replay_card"
    card: str


@dataclass(frozen=True)
class EddieReplay:
    """Engineer Eddie: play a card from your discard pile for free, once."""

    kind: ClassVar[str] = "eddie_replay"
    card: str


@dataclass(frozen=True)
class PocketWages:
    """Advanced game, April-July: take money instead of playing a card, $5 per Reputation level."""

    kind: ClassVar[str] = "pocket_wages"
    amount: int


@dataclass(frozen=True)
class SamReputation:
    """Advanced game: send Smuggler Sam away to raise your Reputation one level."""

    kind: ClassVar[str] = "sam_reputation"


@dataclass(frozen=True)
class Travel:
    kind: ClassVar[str] = "travel"
    city: str


@dataclass(frozen=True)
class StayPut:
    kind: ClassVar[str] = "stay_put"


@dataclass(frozen=True)
class Recruit:
    """Roll to recruit the Special Character in the city you arrived at."""

    kind: ClassVar[str] = "recruit"


@dataclass(frozen=True)
class Perform:
    kind: ClassVar[str] = "perform"


@dataclass(frozen=True)
class TryHire:
    """Roll for one Talent counter in your city (or take it with Smuggler Sam)."""

    kind: ClassVar[str] = "try_hire"
    talent: str
    smuggle: bool = False


@dataclass(frozen=True)
class BuyFailed:
    """Pay $10 for the counter whose hiring roll just failed."""

    kind: ClassVar[str] = "buy_failed"


@dataclass(frozen=True)
class DeclineBuy:
    kind: ClassVar[str] = "decline_buy"


@dataclass(frozen=True)
class StopHiring:
    kind: ClassVar[str] = "stop_hiring"


@dataclass(frozen=True)
class Steal:
    """Special Hire: roll to steal one or two counters from one opponent in your city."""

    kind: ClassVar[str] = "steal"
    target: int
    talents: tuple[str, ...]


@dataclass(frozen=True)
class BuyTalent:
    """Special Hire: buy one counter from the Talent Bank at the month's price."""

    kind: ClassVar[str] = "buy_talent"
    talent: str


@dataclass(frozen=True)
class CircusParade:
    """Advanced game, Basic Transit: pay $10 for +1 Reputation ("reputation") or 2 VP ("vp")."""

    kind: ClassVar[str] = "circus_parade"
    reward: str


@dataclass(frozen=True)
class RestBonus:
    """Advanced game, Rest in Canada: a free Clown or Acrobat, or +1 Reputation."""

    kind: ClassVar[str] = "rest_bonus"
    choice: str


@dataclass(frozen=True)
class Release:
    """Wages: let one Talent counter go (forced when you cannot pay; red-lighting when advanced)."""

    kind: ClassVar[str] = "release"
    talent: str


@dataclass(frozen=True)
class PayWages:
    kind: ClassVar[str] = "pay_wages"


@dataclass(frozen=True)
class PlaceReleased:
    """The player to the right of a releasing player chooses the city the released talent joins."""

    kind: ClassVar[str] = "place_released"
    city: str


@dataclass(frozen=True)
class LongMonthSteal:
    """End of a long month: the player with the fewest VP takes one counter from an opponent."""

    kind: ClassVar[str] = "long_month_steal"
    target: int
    talent: str


@dataclass(frozen=True)
class Pass:
    """Decline what is offered now (act, Special Hire, recruit, rest bonus, long-month steal)."""

    kind: ClassVar[str] = "pass"


Action = (
    PickTalent | ChooseStart | PlayCard | ReplayCard | EddieReplay | PocketWages | SamReputation | Travel
    | StayPut | Recruit | Perform | TryHire | BuyFailed | DeclineBuy | StopHiring | Steal | BuyTalent
    | CircusParade | RestBonus | Release | PayWages | PlaceReleased | LongMonthSteal | Pass
)

ACTION_TYPES: tuple[type[Action], ...] = (
    PickTalent, ChooseStart, PlayCard, ReplayCard, EddieReplay, PocketWages, SamReputation, Travel,
    StayPut, Recruit, Perform, TryHire, BuyFailed, DeclineBuy, StopHiring, Steal, BuyTalent,
    CircusParade, RestBonus, Release, PayWages, PlaceReleased, LongMonthSteal, Pass,
)
