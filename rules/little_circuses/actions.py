"""Every decision a Little Circuses player makes, as a small value object.

A space is a few of these per seat: choose how to build (raise funds, hire help, or pick a tile and
then its place), move the Highlight, then one decision per icon that offers a choice (which Public
a clown advances, whether an elephant or the money bills cash a Public in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class OpenAt:
    """Opening night: put the Highlight on one of the four printed attractions."""

    kind: ClassVar[str] = "open_at"
    cell: int


@dataclass(frozen=True)
class RaiseFunds:
    """Build option A: gain $2."""

    kind: ClassVar[str] = "raise_funds"


@dataclass(frozen=True)
class HireHelp:
    """Build option B: take a tile from the market into your hand."""

    kind: ClassVar[str] = "hire_help"


@dataclass(frozen=True)
class HireFaceUp:
    """Build option B for the holder of Special Attraction card 6: buy one of the face-up Advanced
    tiles instead of a face-down one."""

    kind: ClassVar[str] = "hire_face_up"
    tile: str


@dataclass(frozen=True)
class ChooseTile:
    """Build option C, first step: the unbuilt tile to build."""

    kind: ClassVar[str] = "choose_tile"
    tile: str


@dataclass(frozen=True)
class PlaceTile:
    """Build option C, second step: where the chosen tile goes (next to or on top of an attraction)."""

    kind: ClassVar[str] = "place_tile"
    cell: int


@dataclass(frozen=True)
class Back:
    """Put the chosen tile back and choose the build again."""

    kind: ClassVar[str] = "back"


@dataclass(frozen=True)
class MoveHighlight:
    """Execute: move the Highlight to an orthogonally adjacent attraction."""

    kind: ClassVar[str] = "move_highlight"
    cell: int


@dataclass(frozen=True)
class AdvancePublic:
    """Clown: move a Public from this bleacher space (2, 4 or 6) one space up."""

    kind: ClassVar[str] = "advance_public"
    space: int


@dataclass(frozen=True)
class CashPublic:
    """Elephant (Fame) or money bills ($): remove a Public from this space for its value."""

    kind: ClassVar[str] = "cash_public"
    space: int


@dataclass(frozen=True)
class ChooseSpecial:
    """Special Attractions: take this card (by its number) and perform its action."""

    kind: ClassVar[str] = "choose_special"
    card: str


@dataclass(frozen=True)
class TakeShowcase:
    """Card 6: take one of the face-up Advanced tiles."""

    kind: ClassVar[str] = "take_showcase"
    tile: str


@dataclass(frozen=True)
class TakeFromHand:
    """Handy Mandy: take a face-up unbuilt tile from another player's hand."""

    kind: ClassVar[str] = "take_from_hand"
    owner: int
    tile: str


@dataclass(frozen=True)
class ChooseRival:
    """A red card's interaction (rob, snub, lure): the other player it targets."""

    kind: ClassVar[str] = "choose_rival"
    seat: int


@dataclass(frozen=True)
class DrawFaceDown:
    """A tent icon of card 6's holder: take the top face-down tile rather than a face-up one."""

    kind: ClassVar[str] = "draw_face_down"


@dataclass(frozen=True)
class Pass:
    """Decline an optional icon or effect (an elephant, the money bills, a face-up tile)."""

    kind: ClassVar[str] = "pass"


Action = (
    OpenAt | RaiseFunds | HireHelp | HireFaceUp | ChooseTile | PlaceTile | Back | MoveHighlight | AdvancePublic
    | CashPublic | ChooseSpecial | TakeShowcase | TakeFromHand | ChooseRival | DrawFaceDown | Pass
)

ACTION_TYPES: tuple[type[Action], ...] = (
    OpenAt, RaiseFunds, HireHelp, HireFaceUp, ChooseTile, PlaceTile, Back, MoveHighlight, AdvancePublic,
    CashPublic, ChooseSpecial, TakeShowcase, TakeFromHand, ChooseRival, DrawFaceDown, Pass,
)
