"""Lasting effects of the month's Event card and of Special Characters, read by the other rules."""

from __future__ import annotations

from rules.circus_train.content import EventEffect, load_content
from rules.circus_train.state import REPUTATION_TRACK, Circus, CircusTrainState


def lasting(state: CircusTrainState, kind: str) -> EventEffect | None:
    """The current Event card's effect if it is a lasting one of this kind."""
    if state.event is None:
        return None
    effect = load_content().events[state.event].effect
    return effect if effect.kind == kind else None


def delta(state: CircusTrainState, kind: str) -> int:
    effect = lasting(state, kind)
    return effect.delta if effect else 0


def advanced(state: CircusTrainState) -> bool:
    return bool(state.options["advanced"])


def solitaire(state: CircusTrainState) -> bool:
    return len(state.players) == 1


def uses_vp(state: CircusTrainState) -> bool:
    return not solitaire(state) and not state.options["easier"]


def hire_range(state: CircusTrainState, circus: Circus) -> int:
    """The highest die roll that hires: 1-4 in the Basic Game, the Reputation track when advanced."""
    base = REPUTATION_TRACK[circus.reputation] if advanced(state) else 4
    return base + delta(state, "hire_range_delta")


def steal_range(state: CircusTrainState, circus: Circus) -> int:
    base = REPUTATION_TRACK[circus.reputation] if advanced(state) else 4
    return base + delta(state, "steal_range_delta")


def recruit_range(state: CircusTrainState, circus: Circus) -> int:
    return REPUTATION_TRACK[circus.reputation] if advanced(state) else 4


def wage_of(state: CircusTrainState, circus: Circus, talent: str) -> int:
    """Wages for one counter of ``talent`` this week."""
    if talent == "elephants" and "trainer_ted" in circus.specials:
        return 1
    base = load_content().talent[talent].wage * (2 if solitaire(state) else 1)
    effect = lasting(state, "wage_delta")
    if effect and talent in effect.talents:
        base += effect.delta
    return max(0, base)


def wages_due(state: CircusTrainState, circus: Circus) -> int:
    return sum(wage_of(state, circus, talent) * count for talent, count in circus.talent.items())


def movement_bonus(state: CircusTrainState, circus: Circus) -> int:
    return 1 if "brakeman_bill" in circus.specials else 0


def closed(state: CircusTrainState, city: str) -> bool:
    effect = lasting(state, "closed_cities")
    return effect is not None and city in effect.cities
