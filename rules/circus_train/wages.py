"""Paying Wages: pay for every Talent counter, or release those you cannot afford (and, in the
Advanced Game, red-light any you choose, at a cost in Reputation or Victory Points)."""

from __future__ import annotations

from rules.circus_train import modifiers
from rules.circus_train.calendar import week
from rules.circus_train.scoring import gain_vp
from rules.circus_train.state import REPUTATION_BOTTOM, CircusTrainState, Pending
from rules.core.events import Event


def _pending(state: CircusTrainState) -> Pending:
    assert state.pending is not None and state.pending.kind == "wages"
    return state.pending


def voluntary_release_allowed(state: CircusTrainState) -> bool:
    """Red-lighting: Advanced Game only, and never in the solitaire end-of-game wages."""
    return modifiers.advanced(state) and not _pending(state).final


def affordable(state: CircusTrainState) -> bool:
    pending = _pending(state)
    circus = state.circuses[pending.seat]
    return modifiers.wages_due(state, circus) <= circus.money


def needs_no_choice(state: CircusTrainState) -> bool:
    """Pay at once when nothing is left to decide: the wages are affordable and there is either no
    red-lighting in this game or no talent left to red-light."""
    circus = state.circuses[_pending(state).seat]
    return affordable(state) and (not voluntary_release_allowed(state) or not any(circus.talent.values()))


def pay(state: CircusTrainState, log: list[Event]) -> None:
    pending = _pending(state)
    circus = state.circuses[pending.seat]
    due = modifiers.wages_due(state, circus)
    circus.money -= due
    log.append(Event("wages_paid", {"seat": pending.seat, "amount": due}))


def release(state: CircusTrainState, talent: str, log: list[Event]) -> None:
    pending = _pending(state)
    seat = pending.seat
    circus = state.circuses[seat]
    circus.talent[talent] -= 1
    if circus.talent[talent] == 0:
        del circus.talent[talent]
    pending.released[talent] = pending.released.get(talent, 0) + 1
    forced = not affordable_before_release(state, talent)
    log.append(Event("released", {"seat": seat, "talent": talent, "forced": forced}))
    if modifiers.advanced(state) and not pending.final:
        if week(state.week).early:
            circus.reputation = min(REPUTATION_BOTTOM, circus.reputation + 1)
            log.append(Event("reputation_changed", {"seat": seat, "level": circus.reputation}))
        else:
            gain_vp(state, seat, -3)
            log.append(Event("vp_lost", {"seat": seat, "vp": 3}))


def affordable_before_release(state: CircusTrainState, talent: str) -> bool:
    """Whether the wages could have been paid with that counter still on the train."""
    pending = _pending(state)
    circus = state.circuses[pending.seat]
    due = modifiers.wages_due(state, circus) + modifiers.wage_of(state, circus, talent)
    return due <= circus.money
