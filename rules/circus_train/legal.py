"""Which decisions are open now. The single source of legality: ``apply`` accepts exactly these."""

from __future__ import annotations

from itertools import combinations_with_replacement

from rules.circus_train import board, modifiers
from rules.circus_train.actions import (
    Action,
    BuyFailed,
    BuyTalent,
    ChooseStart,
    CircusParade,
    DeclineBuy,
    EddieReplay,
    LongMonthSteal,
    Pass,
    PayWages,
    Perform,
    PickTalent,
    PlaceReleased,
    PlayCard,
    PocketWages,
    Recruit,
    Release,
    ReplayCard,
    RestBonus,
    SamReputation,
    StayPut,
    Steal,
    StopHiring,
    Travel,
    TryHire,
)
from rules.circus_train.calendar import BANK_PRICE, week
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.flow import STARTING_PICKS, long_month_targets
from rules.circus_train.state import CANADA, REPUTATION_BOTTOM, CircusTrainState, Pending
from rules.circus_train.wages import affordable, voluntary_release_allowed

CARD_MOVES = {"fast_transit": 5, "rapid_transit": 3, "overnight_transit": 2, "overnight_hire": 2,
              "wages_transit": 2}
CARD_THEN = {"fast_transit": "", "rapid_transit": "", "overnight_transit": "act",
             "overnight_hire": "special_hire", "wages_transit": "wages"}
PARADE_COST = 10
BUY_AFTER_FAILURE = 10


def legal_actions(state: CircusTrainState, seat: int) -> list[Action]:
    pending = state.pending
    if pending is None or pending.seat != seat:
        return []
    builder = _BUILDERS[pending.kind]
    return builder(state, pending)


# ----- helpers shared with resolution --------------------------------------------------------------
def movement_allowance(state: CircusTrainState, seat: int, card: str) -> int:
    circus = state.circuses[seat]
    if card == "basic_transit":
        return 1 + modifiers.movement_bonus(state, circus)
    allowance = CARD_MOVES[card] + modifiers.movement_bonus(state, circus) + modifiers.delta(state, "movement_delta")
    return max(1, allowance)


def reachable(state: CircusTrainState, seat: int, allowance: int) -> list[str]:
    """Cities where a move of 1..allowance connections can end (a round trip ends at home)."""
    here = state.circuses[seat].position
    assert here is not None
    distances = distance_map(load_content(), here)
    cities = [c for c, d in distances.items() if 1 <= d <= allowance]
    if allowance >= 2:
        cities.append(here)
    return sorted(cities)


def booked_by(state: CircusTrainState, city: str, seat: int) -> int | None:
    """Another player staging a two-week show on this city's counter."""
    for other, circus in enumerate(state.circuses):
        if other != seat and circus.two_week_city == city:
            return other
    return None


def can_perform(state: CircusTrainState, seat: int) -> bool:
    city = state.circuses[seat].position
    if city is None or modifiers.closed(state, city):
        return False
    counter = board.city(state, city).counter
    return (counter is not None and load_content().counters[counter].kind == "performance"
            and booked_by(state, city, seat) is None)


def hire_options(state: CircusTrainState, seat: int, failed: dict[str, int]) -> list[Action]:
    circus = state.circuses[seat]
    city = circus.position
    if city is None or modifiers.closed(state, city):
        return []
    options: list[Action] = []
    for talent, count in sorted(board.city(state, city).talent.items()):
        if count - failed.get(talent, 0) > 0:
            options.append(TryHire(talent))
            if "smuggler_sam" in circus.specials:
                options.append(TryHire(talent, smuggle=True))
    return options


def act_options(state: CircusTrainState, seat: int, failed: dict[str, int]) -> list[Action]:
    perform: list[Action] = [Perform()] if can_perform(state, seat) else []
    return perform + hire_options(state, seat, failed)


def bank_price(state: CircusTrainState) -> int:
    return max(0, BANK_PRICE[week(state.week).season] + modifiers.delta(state, "bank_price_delta"))


def holdings(state: CircusTrainState, seat: int) -> dict[str, int]:
    """Counters that can change hands: talent by type, and each Special Character."""
    circus = state.circuses[seat]
    held = {t: n for t, n in circus.talent.items() if n > 0}
    held.update({special: 1 for special in circus.specials})
    return held


def steal_options(state: CircusTrainState, seat: int) -> list[Action]:
    """One or two counters from one opponent sharing your city."""
    here = state.circuses[seat].position
    options: list[Action] = []
    for target, circus in enumerate(state.circuses):
        if target == seat or circus.position != here:
            continue
        held = holdings(state, target)
        names = sorted(held)
        options.extend(Steal(target, (name,)) for name in names)
        options.extend(Steal(target, (a, b)) for a, b in combinations_with_replacement(names, 2)
                       if a != b or held[a] >= 2)
    return options


def buy_options(state: CircusTrainState, seat: int) -> list[Action]:
    if state.circuses[seat].money < bank_price(state):
        return []
    options: list[Action] = [BuyTalent(t) for t, n in state.talent_bank.items() if n > 0]
    if week(state.week).season == "red":
        options.extend(BuyTalent(s) for s in sorted(set(state.special_bank)))
    return options


def replay_allowed(state: CircusTrainState, seat: int) -> bool:
    circus = state.circuses[seat]
    if not modifiers.advanced(state):
        return False
    if week(state.week).early or modifiers.solitaire(state):
        return circus.reputation + 2 <= REPUTATION_BOTTOM
    return True


# ----- one builder per kind of decision --------------------------------------------------------------
def _pick_talent(state: CircusTrainState, p: Pending) -> list[Action]:
    return [PickTalent(t) for t in STARTING_PICKS if state.talent_bank[t] > 0]


def _choose_start(state: CircusTrainState, p: Pending) -> list[Action]:
    return [ChooseStart(c) for c in CANADA]


def _choose(state: CircusTrainState, p: Pending) -> list[Action]:
    circus = state.circuses[p.seat]
    options: list[Action] = [PlayCard(c) for c in sorted(set(circus.hand))]
    discards = sorted(set(circus.discards))
    if replay_allowed(state, p.seat):
        options.extend(ReplayCard(c) for c in discards)
    if "engineer_eddie" in circus.specials:
        options.extend(EddieReplay(c) for c in discards)
    if (modifiers.advanced(state) and not modifiers.solitaire(state) and week(state.week).early
            and circus.reputation < REPUTATION_BOTTOM):
        options.extend(PocketWages(5 * k) for k in range(1, REPUTATION_BOTTOM - circus.reputation + 1))
    if modifiers.advanced(state) and "smuggler_sam" in circus.specials and circus.reputation > 0:
        options.append(SamReputation())
    return options


def _move(state: CircusTrainState, p: Pending) -> list[Action]:
    # Moving is optional ("you may choose whether or not to move"): staying is offered as Stay, so a
    # round trip back to the same city is not offered beside it as a "move" that changes nothing.
    here = state.circuses[p.seat].position
    return [*(Travel(c) for c in reachable(state, p.seat, p.moves) if c != here), StayPut()]


def _basic(state: CircusTrainState, p: Pending) -> list[Action]:
    options: list[Action] = [Travel(c) for c in reachable(state, p.seat, p.moves)]
    options.extend(act_options(state, p.seat, {}))
    circus = state.circuses[p.seat]
    if modifiers.advanced(state) and circus.money >= PARADE_COST:
        if circus.reputation > 0:
            options.append(CircusParade("reputation"))
        options.append(CircusParade("vp"))
    return options


def _recruit(state: CircusTrainState, p: Pending) -> list[Action]:
    return [Recruit(), Pass()]


def _act(state: CircusTrainState, p: Pending) -> list[Action]:
    return [*act_options(state, p.seat, {}), Pass()]


def _special_hire(state: CircusTrainState, p: Pending) -> list[Action]:
    return [*hire_options(state, p.seat, {}), *steal_options(state, p.seat), *buy_options(state, p.seat), Pass()]


def _hire(state: CircusTrainState, p: Pending) -> list[Action]:
    return [*hire_options(state, p.seat, p.failed), StopHiring()]


def _hire_failed(state: CircusTrainState, p: Pending) -> list[Action]:
    buy: list[Action] = [BuyFailed()] if state.circuses[p.seat].money >= BUY_AFTER_FAILURE else []
    return [*buy, DeclineBuy()]


def _wages(state: CircusTrainState, p: Pending) -> list[Action]:
    circus = state.circuses[p.seat]
    can_pay = affordable(state)
    options: list[Action] = []
    if not can_pay or voluntary_release_allowed(state):
        options.extend(Release(t) for t, n in sorted(circus.talent.items()) if n > 0)
    if can_pay:
        options.append(PayWages())
    return options


def _place_released(state: CircusTrainState, p: Pending) -> list[Action]:
    return [PlaceReleased(c) for c in board.talent_cities(state)]


def _rest_bonus(state: CircusTrainState, p: Pending) -> list[Action]:
    options: list[Action] = [RestBonus(t) for t in ("clowns", "acrobats") if state.talent_bank[t] > 0]
    if state.circuses[p.seat].reputation > 0:
        options.append(RestBonus("reputation"))
    return [*options, Pass()]


def _long_month_steal(state: CircusTrainState, p: Pending) -> list[Action]:
    options: list[Action] = [LongMonthSteal(target, name) for target in long_month_targets(state, p.seat)
                             for name in sorted(holdings(state, target))]
    return [*options, Pass()]


_BUILDERS = {
    "pick_talent": _pick_talent, "choose_start": _choose_start, "choose": _choose, "move": _move,
    "basic": _basic, "recruit": _recruit, "act": _act, "special_hire": _special_hire, "hire": _hire,
    "hire_failed": _hire_failed, "wages": _wages, "place_released": _place_released,
    "rest_bonus": _rest_bonus, "long_month_steal": _long_month_steal,
}
