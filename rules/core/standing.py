"""Standing answers: decisions a game asks outside a player's own turn, answered in advance.

A game declares, once, the kinds of decisions that come to a player while someone else's turn is under
way (placing another player's released Talent, a seller looking into wagons, loading a wagon for someone
else's card, ...) and the answers a player may set for each. When such a decision comes and its player
set an answer, the table plays the answer at once (see ``Game.standing_decision`` and
``Game.standing_choice``); otherwise the player is asked as usual.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StandingAnswer:
    """One answer a player may set: ``key`` is stored, ``label`` is what the player reads ("Raise funds")."""

    key: str
    label: str


@dataclass(frozen=True)
class StandingDecision:
    """A kind of decision that can be answered in advance: ``label`` names it ("Another player's released
    Talent"), ``when`` says in one sentence when it comes, ``answers`` are the choices a player may set."""

    key: str
    label: str
    when: str
    answers: tuple[StandingAnswer, ...]

    def answer(self, key: str) -> StandingAnswer | None:
        return next((answer for answer in self.answers if answer.key == key), None)


def find(decisions: tuple[StandingDecision, ...], key: str) -> StandingDecision | None:
    return next((decision for decision in decisions if decision.key == key), None)
