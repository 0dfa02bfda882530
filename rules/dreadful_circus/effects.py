"""Card effects: Performances resolved after a round and the end-game Attractions, one small
question at a time. Tasks wait in ``state.tasks``; the first one is being resolved.

Coins come from a supply that never runs out (a ruling, see docs/dreadful_circus.md); Contracts come
from the bag, so a draw takes only what the bag still holds.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.rng import Rng
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, NOT_COPYABLE, card, load_content
from rules.dreadful_circus.state import DreadfulCircusState, Seat, Task, Wagon

LOAD_KINDS = frozenset({"load_take", "load_keep"})


def return_wagon(seat: Seat, wagon: Wagon) -> None:
    """Empty a wagon back behind its owner's screen."""
    for coin, count in wagon.coins.items():
        seat.coins[coin] = seat.coins.get(coin, 0) + count
    for kind, count in wagon.contracts.items():
        seat.contracts[kind] = seat.contracts.get(kind, 0) + count
    wagon.coins, wagon.contracts = {}, {}


def take_contents(seat: Seat, wagon: Wagon) -> None:
    """Someone else's wagon emptied behind this seat's screen."""
    return_wagon(seat, wagon)


def has_coins(seat: Seat) -> bool:
    return any(seat.coins.get(coin, 0) for coin in COIN_TYPES)


def has_contracts(seat: Seat) -> bool:
    return any(seat.contracts.get(kind, 0) for kind in CONTRACT_TYPES)


def draw_contracts(state: DreadfulCircusState, seat: int, count: int, events: list[Event]) -> None:
    drawn = [state.bag.pop() for _ in range(min(count, len(state.bag)))]
    for kind in drawn:
        state.seats[seat].contracts[kind] = state.seats[seat].contracts.get(kind, 0) + 1
    events.append(Event("contracts_drawn", {"seat": seat, "count": len(drawn)}))
    if drawn:
        events.append(Event("contracts_received", {"seat": seat, "contracts": sorted(drawn)}, private_to=seat))


def copy_targets(state: DreadfulCircusState, task: Task) -> list[tuple[int, str]]:
    """(owner, card) pairs a Mirrors (own Tableau) or Corridors (others' Tableaux) card may copy."""
    owners = [task.seat] if task.kind == "copy_own" else [s for s in range(len(state.seats)) if s != task.seat]
    return [(owner, card_id) for owner in owners for card_id in state.seats[owner].tableau
            if card_id != task.card and card(card_id).effect not in NOT_COPYABLE]


def other_attractions(state: DreadfulCircusState, seat: int, *, collections_only: bool) -> list[tuple[int, str]]:
    return [(owner, card_id) for owner in range(len(state.seats)) if owner != seat
            for card_id in state.seats[owner].tableau
            if not collections_only or card(card_id).effect == "collection"]


def _start(state: DreadfulCircusState, task: Task, events: list[Event]) -> bool:
    """Carry out what needs no decision; True if the task now waits for one, False if it is finished."""
    seat = state.seats[task.seat]
    params = card(task.card).params
    kind = task.kind
    if kind in ("crystal_balls", "copy_own", "copy_other") and task.card not in seat.tableau:
        return False  # discarded by an earlier Crystal Balls before its turn came
    events.append(Event("card_resolves", {"seat": task.seat, "card": task.card}))
    if kind == "gain_coins":
        gained = {str(coin): int(count) for coin, count in params["coins"].items()}
        for coin, count in gained.items():
            seat.coins[coin] = seat.coins.get(coin, 0) + count
        events.append(Event("coins_gained", {"seat": task.seat, "coins": gained}))
        return False
    if kind == "draw_contracts":
        draw_contracts(state, task.seat, int(params["count"]), events)
        return False
    if kind in LOAD_KINDS:
        wanted = has_coins if params["what"] == "coin" else has_contracts
        count = len(state.seats)
        task.loaders = [s for s in ((task.seat + step) % count for step in range(1, count)) if wanted(state.seats[s])]
        if not task.loaders:
            events.append(Event("no_effect", {"seat": task.seat, "card": task.card}))
            return False
        return True
    waiting = {
        # Only above the 3 cards every hand keeps for the end (designed so: see docs/dreadful_circus.md).
        "play_card": len(seat.hand) > load_content().hand_left_at_end,
        "swap_contracts": has_contracts(seat),
        "discard_attraction": bool(other_attractions(state, task.seat, collections_only=False)),
        "crystal_balls": bool(other_attractions(state, task.seat, collections_only=False)),
        "steal_collection": bool(other_attractions(state, task.seat, collections_only=True)),
        "copy_own": bool(copy_targets(state, task)),
        "copy_other": bool(copy_targets(state, task)),
    }[kind]
    if not waiting:
        events.append(Event("no_effect", {"seat": task.seat, "card": task.card}))
    return waiting


def run_until_decision(state: DreadfulCircusState, events: list[Event]) -> None:
    while state.tasks:
        task = state.tasks[0]
        if task.started:
            return
        if _start(state, task, events):
            task.started = True
            return
        state.tasks.pop(0)


def finish(state: DreadfulCircusState) -> Task:
    return state.tasks.pop(0)


# ----- decisions ---------------------------------------------------------------------------------

def load(state: DreadfulCircusState, seat: int, coin: str | None, contract: str | None,
         events: list[Event]) -> None:
    """One loader puts one coin or Contract in their wagon and passes it to the resolver."""
    task = state.tasks[0]
    screen = state.seats[seat]
    wagon = Wagon()
    if coin is not None:
        screen.coins[coin] -= 1
        wagon.coins[coin] = 1
    if contract is not None:
        screen.contracts[contract] -= 1
        wagon.contracts[contract] = 1
    task.loaded[seat] = wagon
    task.loaders.remove(seat)
    events.append(Event("wagon_loaded", {"seat": seat, "for": task.seat}))
    if task.loaders or task.kind != "load_keep":
        return
    resolver = state.seats[task.seat]
    gained: dict[str, int] = {}
    for loaded in task.loaded.values():
        for coin_kind, count in loaded.coins.items():
            gained[coin_kind] = gained.get(coin_kind, 0) + count
        take_contents(resolver, loaded)
    events.append(Event("loaded_kept", {"seat": task.seat, "wagons": len(task.loaded)}))
    events.append(Event("coins_received", {"seat": task.seat, "coins": gained}, private_to=task.seat))
    finish(state)


def take_loaded(state: DreadfulCircusState, owner: int, events: list[Event]) -> None:
    task = finish(state)
    resolver = state.seats[task.seat]
    chosen = task.loaded[owner]
    events.append(Event("loaded_taken", {"seat": task.seat, "owner": owner}))
    events.append(Event("loaded_received", {"seat": task.seat, "owner": owner, "coins": dict(chosen.coins),
                                            "contracts": dict(chosen.contracts)}, private_to=task.seat))
    events.append(Event("loaded_lost", {"seat": owner, "coins": dict(chosen.coins),
                                        "contracts": dict(chosen.contracts)}, private_to=owner))
    take_contents(resolver, chosen)
    for other, wagon in task.loaded.items():
        if other != owner:
            return_wagon(state.seats[other], wagon)


def play_card(state: DreadfulCircusState, card_id: str, events: list[Event]) -> None:
    task = finish(state)
    seat = state.seats[task.seat]
    seat.hand.remove(card_id)
    played = card(card_id)
    events.append(Event("card_played", {"seat": task.seat, "card": card_id}))
    if played.attraction:
        seat.tableau.append(card_id)
        events.append(Event("attraction_placed", {"seat": task.seat, "card": card_id, "when": "played"}))
    else:
        state.discard.append(card_id)
        state.tasks.insert(0, Task(kind=played.effect, seat=task.seat, card=card_id))


def take_attraction(state: DreadfulCircusState, owner: int, card_id: str, events: list[Event]) -> None:
    task = finish(state)
    state.seats[owner].tableau.remove(card_id)
    state.seats[task.seat].tableau.append(card_id)
    events.append(Event("attraction_taken", {"seat": task.seat, "owner": owner, "card": card_id}))


def discard_attraction(state: DreadfulCircusState, owner: int, card_id: str, events: list[Event]) -> None:
    task = finish(state)
    state.seats[owner].tableau.remove(card_id)
    state.discard.append(card_id)
    state.copies.pop(card_id, None)
    events.append(Event("attraction_discarded", {"seat": task.seat, "owner": owner, "card": card_id,
                                                 "by": task.card}))


def return_contract(state: DreadfulCircusState, kind: str, events: list[Event]) -> None:
    task = state.tasks[0]
    state.seats[task.seat].contracts[kind] -= 1
    rng = Rng(state.rng)
    state.bag.insert(rng.below(len(state.bag) + 1), kind)  # back into the bag, anywhere
    state.rng = rng.state
    task.returned += 1
    events.append(Event("contract_returned", {"seat": task.seat}))
    if task.returned >= int(card(task.card).params["count"]) or not has_contracts(state.seats[task.seat]):
        stop_returning(state, events)


def stop_returning(state: DreadfulCircusState, events: list[Event]) -> None:
    task = finish(state)
    if task.returned:
        draw_contracts(state, task.seat, task.returned, events)


def copy_card(state: DreadfulCircusState, owner: int, card_id: str, events: list[Event]) -> None:
    task = finish(state)
    state.copies[task.card] = card_id
    events.append(Event("card_copied", {"seat": task.seat, "card": task.card, "owner": owner, "copied": card_id}))
