"""Moves that need no one: after a move, the table plays at once what nobody has to be asked for.

- A **forced move**: an awaited seat with exactly one legal action, in a step the rules call open
  (``Game.secret_step`` is False). In a secret or simultaneous step the seat waits like any other, since
  answering at once would tell the others that it had no choice.
- A **standing answer**: an awaited seat facing a decision its game declares (``Game.standing_decision``)
  for which its player set an answer in advance (``/seat standing``); the game turns the answer into an
  action from the seat's own view and legal actions (``Game.standing_choice``).

A pure function of the rules, the state and the answers: the table calls it under the game's lock, in the
same critical section as the move that led to it, and saves everything in one write. A chain of such
moves is bounded, so a game whose every move is forced (a solo game, say) still hands control back.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from rules.core.errors import RulesError
from rules.core.events import Event
from rules.core.game import Game

log = logging.getLogger(__name__)

Reason = Literal["forced", "standing"]
REASONS: Final[tuple[Reason, ...]] = ("forced", "standing")
MAX_FOLLOW_UPS = 40  # moves played for players after one move at most; the rest wait to be asked
Answers = Mapping[int, Mapping[str, str]]  # seat → decision → answer


@dataclass(frozen=True)
class FollowUp:
    """One move played for a seat: its action, what happened, and why nobody was asked."""

    seat: int
    action: Any
    events: list[Event]
    reason: Reason
    decision: str | None = None  # the standing decision answered, for a standing answer
    awaited: frozenset[int] = frozenset()  # the seats awaited after it


def waited_throughout(before: frozenset[int], after_first: frozenset[int], follow: Sequence[FollowUp]
                      ) -> frozenset[int]:
    """The seats awaited without a break from before a move, through it (``after_first``: awaited after it)
    and every move played after it. A seat whose wait broke off and began again within the chain is
    waited for anew: its clock restarts and it is told, like any seat newly awaited."""
    kept = before & after_first
    for move in follow:
        kept &= move.awaited
    return kept


def next_move(game: Game[Any, Any], state: Any, *, forced_moves: bool, answers: Answers
              ) -> tuple[int, Any, Reason, str | None] | None:
    """The first awaited seat (in seat order) whose decision needs no one, with its action; None if every
    awaited seat must be asked."""
    if game.is_over(state):
        return None
    for seat in sorted(game.to_act(state)):
        own = answers.get(seat)
        if own:
            view = game.view(state, seat)
            decision = game.standing_decision(view)
            if decision is not None and decision in own:
                legal = game.legal_actions(state, seat)
                action = game.standing_choice(view, legal, decision, own[decision])
                if action is not None and action in legal:
                    return seat, action, "standing", decision
        # secret_step first: it is cheap, and most simultaneous steps stop here without listing actions.
        if forced_moves and not game.secret_step(state, seat):
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                return seat, legal[0], "forced", None
    return None


def follow_ups(game: Game[Any, Any], state: Any, *, forced_moves: bool, answers: Answers,
               limit: int = MAX_FOLLOW_UPS) -> tuple[Any, list[FollowUp]]:
    """Play every move that needs no one, one after another, from ``state``; returns the state reached and
    the moves played (at most ``limit``)."""
    played: list[FollowUp] = []
    while len(played) < limit:
        found = next_move(game, state, forced_moves=forced_moves, answers=answers)
        if found is None:
            break
        seat, action, reason, decision = found
        try:
            state, events = game.apply(state, seat, action)
        except RulesError as error:  # a game whose declarations disagree with its rules: ask the player
            log.warning("%s refused the %s move %r for seat %s: %s", game.name, reason, action, seat, error)
            break
        played.append(FollowUp(seat, action, events, reason, decision, frozenset(game.to_act(state))))
    return state, played
