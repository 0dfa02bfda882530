"""Optional rule: Event cards. Five of the 26 are dealt; one is drawn at each month's end, its
immediate effect happens at once and its lasting effect holds until the next card replaces it."""

from __future__ import annotations

from rules.circus_train.content import load_content
from rules.circus_train.scoring import gain_vp
from rules.circus_train.state import CircusTrainState
from rules.core.events import Event

LASTING = frozenset({"wage_delta", "hire_range_delta", "steal_range_delta", "movement_delta", "talent_bonus",
                     "performance_money_delta", "closed_cities", "bank_price_delta"})


def _most(state: CircusTrainState, talent: str) -> list[int]:
    counts = [c.talent.get(talent, 0) for c in state.circuses]
    top = max(counts)
    return [seat for seat, n in enumerate(counts) if n == top] if top > 0 else []


def draw_event(state: CircusTrainState, log: list[Event]) -> None:
    if state.event is not None:
        log.append(Event("event_discarded", {"event": state.event}))
        state.event = None
    if not state.event_deck:
        return
    state.event = state.event_deck.pop()
    log.append(Event("event_drawn", {"event": state.event}))
    effect = load_content().events[state.event].effect
    circuses = state.circuses
    if effect.kind == "money_each":
        for seat, circus in enumerate(circuses):
            circus.money = max(0, circus.money + effect.amount)
            log.append(Event("event_money", {"seat": seat, "amount": effect.amount}))
    elif effect.kind == "money_most_talent" and effect.talent:
        for seat in _most(state, effect.talent):
            circuses[seat].money += effect.amount
            log.append(Event("event_money", {"seat": seat, "amount": effect.amount}))
    elif effect.kind == "vp_most_talent" and effect.talent:
        leaders = _most(state, effect.talent)
        if len(leaders) == 1:
            gain_vp(state, leaders[0], effect.vp)
            log.append(Event("event_vp", {"seat": leaders[0], "vp": effect.vp}))
    elif effect.kind == "vp_fewest_vp":
        fewest = min(c.vp for c in circuses)
        for seat, circus in enumerate(circuses):
            if circus.vp == fewest:
                gain_vp(state, seat, effect.vp)
                log.append(Event("event_vp", {"seat": seat, "vp": effect.vp}))
    elif effect.kind == "lose_talent_most" and effect.talent:
        for seat in _most(state, effect.talent):
            circuses[seat].talent[effect.talent] -= 1
            state.talent_bank[effect.talent] += 1
            log.append(Event("event_talent_lost", {"seat": seat, "talent": effect.talent}))
    elif effect.kind == "specials_return":
        for seat, circus in enumerate(circuses):
            for special in circus.specials:
                log.append(Event("event_special_lost", {"seat": seat, "special": special}))
            state.special_bank.extend(circus.specials)
            circus.specials = []
    elif effect.kind == "vp_per_performances" and effect.per > 0:
        for seat, circus in enumerate(circuses):
            vp = len(circus.performances) // effect.per
            if vp:
                gain_vp(state, seat, vp)
                log.append(Event("event_vp", {"seat": seat, "vp": vp}))
