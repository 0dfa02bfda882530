"""The row of a show: where a card may go, and what the row looks like to the scoring.

A card goes to the right of the last column when that column's right-side connections and the card's
left-side connections share a colour. A purple card may also go on top of a purple column that is
still last (a stack of acrobats); the card after a stack may continue from the right side of any one
card of the stack, and the player chooses which.
"""

from __future__ import annotations

from rules.wanderzirkus.content import PAUSE, card
from rules.wanderzirkus.state import Column

STACK = -1
"""``Place.target`` for putting a purple card on top of the purple stack."""


def placements(show: list[Column], card_id: str) -> list[int]:
    """Every place ``card_id`` may go: STACK, or the index of the last column's card to continue
    from. An empty show takes any card as its first (target 0)."""
    if not show:
        return [0]
    last = show[-1]
    new = card(card_id)
    targets: list[int] = []
    if new.colour == "purple" and card(last.cards[-1]).colour == "purple":
        targets.append(STACK)
    left = new.left_colours()
    targets.extend(index for index, below in enumerate(last.cards) if card(below).right_colours() & left)
    return targets


def can_play(show: list[Column], card_id: str) -> bool:
    return bool(placements(show, card_id))


def lay(show: list[Column], card_id: str, target: int) -> None:
    """Put the card in the row at a place ``placements`` allowed."""
    if not show:
        show.append(Column([card_id]))
    elif target == STACK:
        show[-1].cards.append(card_id)
    else:
        show[-1].exit = target
        show.append(Column([card_id]))


def lay_pause(show: list[Column]) -> None:
    """The Pause card goes to the right of the last card; after a stack it leans on the top card."""
    show[-1].exit = len(show[-1].cards) - 1
    show.append(Column([PAUSE]))


def artists_in(show: list[Column]) -> list[str]:
    return [card_id for column in show for card_id in column.cards if card_id != PAUSE]


def length(show: list[Column]) -> int:
    """The show's length for the announcement: every artist, stacked ones included; not the Pause."""
    return len(artists_in(show))


def stop_signs(show: list[Column]) -> int:
    return sum(1 for card_id in artists_in(show) if card(card_id).stop)


def positions(show: list[Column]) -> list[str]:
    """The colour at each place of the row, left to right (a stack is one purple place; the Pause
    is a place of its own, "pause")."""
    return [card(column.cards[-1]).colour for column in show]


def effects_in(show: list[Column], exclude: str) -> list[str]:
    """The distinct effect symbols in the show, in row order, other than on card ``exclude`` and other
    than the copy symbol itself."""
    found: list[str] = []
    for card_id in artists_in(show):
        effect = card(card_id).effect
        if card_id != exclude and effect is not None and effect != "copy" and effect not in found:
            found.append(effect)
    return found
