"""Resolving action icons (and Special Attraction effects) one at a time, left to right.

Icons that need no decision resolve at once. An icon that offers a real choice (which Public a clown
advances, whether an elephant or the money bills cash a Public in, which face-up tile to take, which
rival a red card targets) stops the seat's queue and sets its step to "icon" until it answers.
A choice with only one possible answer is not asked: it is carried out.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.little_circuses import market
from rules.little_circuses.actions import (
    Action,
    AdvancePublic,
    CashPublic,
    ChooseRival,
    DrawFaceDown,
    Pass,
    TakeFromHand,
    TakeShowcase,
)
from rules.little_circuses.state import BLEACHER_SPACES, Circus, LittleCircusesState

ROB_AMOUNT = 2
SNUB_AMOUNT = 2
TOP_SPACE = 8


def slot(space: int) -> int:
    """Index into ``Circus.bleacher`` of a bleacher space (2, 4, 6, 8)."""
    return BLEACHER_SPACES.index(space)


def occupied(circus: Circus, spaces: tuple[int, ...] = BLEACHER_SPACES) -> list[int]:
    return [space for space in spaces if circus.bleacher[slot(space)] > 0]


def rivals(state: LittleCircusesState, seat: int, effect: str) -> list[int]:
    """The other players a rob, snub or lure can target, in seat order."""
    others = [other for other in range(len(state.players)) if other != seat]
    if effect == "rob":
        return [o for o in others if state.circuses[o].money > 0]
    if effect == "snub":
        return [o for o in others if state.circuses[o].fame > 0]
    return [o for o in others if state.circuses[o].bleacher[0] > 0]


def choices(state: LittleCircusesState, seat: int) -> list[Action]:
    """The answers the icon at the head of the seat's queue offers (empty: nothing to decide)."""
    circus = state.circuses[seat]
    icon = circus.icons[0]
    if icon == "clown":
        return [AdvancePublic(space) for space in occupied(circus, BLEACHER_SPACES[:-1])]
    if icon in ("elephant", "bills"):
        found = occupied(circus)
        return [*(CashPublic(space) for space in found), Pass()] if found else []
    if icon == "tent" and market.buys_face_up(state, seat):
        face_down: list[Action] = [DrawFaceDown()] if market.pile(state) else []
        return [*(TakeShowcase(t) for t in state.showcase), *face_down]
    if icon in ("showcase", "poach"):
        options: list[Action] = [TakeShowcase(t) for t in state.showcase]
        if icon == "poach":
            options += [TakeFromHand(owner, t) for owner in range(len(state.players)) if owner != seat
                        for t in state.circuses[owner].hand]
        return [*options, Pass()] if options else []
    if icon in ("rob", "snub", "lure"):
        return [ChooseRival(other) for other in rivals(state, seat, icon)]
    return []


def run(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    """Resolve the seat's icons until one needs a decision (its step becomes "icon") or none is left."""
    circus = state.circuses[seat]
    circus.step = ""
    while circus.icons:
        icon = circus.icons[0]
        if icon in _AUTOMATIC and not (icon == "tent" and market.buys_face_up(state, seat)):
            circus.icons.pop(0)
            _AUTOMATIC[icon](state, seat, events)
            continue
        options = choices(state, seat)
        if len(options) > 1:
            circus.step = "icon"
            return
        circus.icons.pop(0)
        if options:
            carry_out(state, seat, icon, options[0], events)
        else:
            events.append(Event("icon_idle", {"seat": seat, "icon": icon}))


def answer(state: LittleCircusesState, seat: int, action: Action, events: list[Event]) -> None:
    """The seat's answer to the icon at the head of its queue; then the queue goes on."""
    circus = state.circuses[seat]
    icon = circus.icons.pop(0)
    carry_out(state, seat, icon, action, events)
    run(state, seat, events)


def carry_out(state: LittleCircusesState, seat: int, icon: str, action: Action, events: list[Event]) -> None:
    circus = state.circuses[seat]
    if isinstance(action, AdvancePublic):
        circus.bleacher[slot(action.space)] -= 1
        circus.bleacher[slot(action.space) + 1] += 1
        events.append(Event("public_advanced", {"seat": seat, "from": action.space, "to": action.space + 2}))
    elif isinstance(action, CashPublic):
        circus.bleacher[slot(action.space)] -= 1
        if icon == "elephant":
            circus.fame += action.space
        else:
            circus.money += action.space
        events.append(Event("public_cashed", {"seat": seat, "space": action.space,
                                              "gain": "fame" if icon == "elephant" else "money"}))
    elif isinstance(action, Pass):
        events.append(Event("icon_declined", {"seat": seat, "icon": icon}))
    elif isinstance(action, TakeShowcase):
        market.take_showcase(state, seat, action.tile, events)
    elif isinstance(action, DrawFaceDown):
        _tent(state, seat, events)
    elif isinstance(action, TakeFromHand):
        state.circuses[action.owner].hand.remove(action.tile)
        circus.hand.append(action.tile)
        events.append(Event("tile_poached", {"seat": seat, "owner": action.owner, "tile": action.tile}))
    elif isinstance(action, ChooseRival):
        _interact(state, seat, icon, action.seat, events)


def _interact(state: LittleCircusesState, seat: int, icon: str, target: int, events: list[Event]) -> None:
    circus, rival = state.circuses[seat], state.circuses[target]
    if icon == "rob":
        amount = min(ROB_AMOUNT, rival.money)
        rival.money -= amount
        circus.money += amount
        events.append(Event("robbed", {"seat": seat, "target": target, "amount": amount}))
    elif icon == "snub":
        amount = min(SNUB_AMOUNT, rival.fame)
        rival.fame -= amount
        events.append(Event("snubbed", {"seat": seat, "target": target, "amount": amount}))
    else:
        rival.bleacher[0] -= 1
        circus.bleacher[0] += 1
        events.append(Event("lured", {"seat": seat, "target": target}))


def _star(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    state.circuses[seat].fame += 1
    events.append(Event("fame_gained", {"seat": seat, "amount": 1}))


def _coin(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    state.circuses[seat].money += 1
    events.append(Event("money_gained", {"seat": seat, "amount": 1}))


def _admit(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    state.circuses[seat].bleacher[0] += 1
    events.append(Event("public_admitted", {"seat": seat}))


def _tent(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    if not market.draw(state, seat, events):
        events.append(Event("market_empty", {"seat": seat}))


def _gift_money(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    for other, circus in enumerate(state.circuses):
        if other != seat:
            circus.money += 1
    events.append(Event("gift", {"seat": seat, "gift": "money"}))


def _gift_fame(state: LittleCircusesState, seat: int, events: list[Event]) -> None:
    for other, circus in enumerate(state.circuses):
        if other != seat:
            circus.fame += 1
    events.append(Event("gift", {"seat": seat, "gift": "fame"}))


_AUTOMATIC = {"star": _star, "coin": _coin, "admit": _admit, "tent": _tent,
              "gift_money": _gift_money, "gift_fame": _gift_fame}
