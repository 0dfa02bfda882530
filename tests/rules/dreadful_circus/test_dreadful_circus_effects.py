"""Performance cards resolved after a round, one small decision at a time: Load the Wagon,
coins from the supply, Contracts from the bag, playing a card, taking and discarding Attractions."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import (
    DiscardAttraction,
    LoadCoin,
    LoadContract,
    PlayCard,
    ReturnContract,
    StopReturning,
    TakeAttraction,
    TakeLoaded,
)
from rules.dreadful_circus.content import load_content
from rules.dreadful_circus.state import DreadfulCircusState, Task

from dreadful_circus_helpers import GAME, apply, cid, contracts, find, kinds, run, started


def resolving(card_name: str, seat: int = 0, players: int = 4) -> tuple[DreadfulCircusState, list[Event]]:
    """A game in which ``seat`` has just won the Performance ``card_name``, about to resolve it."""
    state = started(players, seed=3)
    state.offers = []
    state.phase = "effect"
    state.tasks = [Task(kind=load_content().cards[cid(card_name)].effect, seat=seat, card=cid(card_name))]
    events: list[Event] = []
    flow.continue_tasks(state, events)
    return state, events


def test_elastic_marcella_every_other_player_loads_a_contract_and_the_winner_takes_one() -> None:
    state, events = resolving("Elastic Marcella")
    assert GAME.to_act(state) == frozenset({1, 2, 3})
    assert GAME.view(state, None)["task"]["loaders"] == [1, 2, 3]
    loads = {}
    for seat in (1, 2, 3):
        kind = next(k for k, n in state.seats[seat].contracts.items() if n)
        loads[seat] = kind
        assert LoadCoin("copper") not in GAME.legal_actions(state, seat)
        state, events = apply(state, seat, LoadContract(kind))
        assert find(events, "wagon_loaded") == [{"seat": seat, "for": 0}]
    assert GAME.to_act(state) == frozenset({0})
    loaded = GAME.view(state, 0)["loaded"]
    assert [w["owner"] for w in loaded] == [1, 2, 3] and loaded[1]["contracts"][loads[2]] == 1
    assert GAME.view(state, 1)["loaded"] is None and GAME.view(state, None)["loaded"] is None
    before = dict(state.seats[0].contracts)
    others = {seat: dict(state.seats[seat].contracts) for seat in (1, 3)}
    state, events = apply(state, 0, TakeLoaded(2))
    assert state.seats[0].contracts[loads[2]] == before[loads[2]] + 1
    for seat in (1, 3):  # the other wagons went back
        assert state.seats[seat].contracts[loads[seat]] == others[seat][loads[seat]] + 1
    assert [e.private_to for e in events if e.kind in ("loaded_received", "loaded_lost")] == [0, 2]
    assert state.phase == "offer" and not state.tasks


def test_a_player_with_nothing_to_load_is_skipped() -> None:
    state = started(4, seed=3)
    state.seats[2].coins = {"copper": 0, "silver": 0, "gold": 0}
    state.phase = "effect"
    state.tasks = [Task(kind="load_keep", seat=0, card=cid("Pickpocket Clowns"))]
    flow.continue_tasks(state, [])
    assert GAME.to_act(state) == frozenset({1, 3})
    with pytest.raises(IllegalAction, match="asks for a coin, not a Contract"):
        apply(state, 1, LoadContract(next(k for k, n in state.seats[1].contracts.items() if n)))
    gold = state.seats[0].coins["gold"]
    state, _ = run(state, (1, LoadCoin("gold")), (3, LoadCoin("gold")))
    assert state.seats[0].coins["gold"] == gold + 2 and state.seats[1].coins["gold"] == 0
    assert not state.tasks


@pytest.mark.parametrize(("name", "gained"), [("Human Cannonball", {"gold": 1}), ("Juggling Twins", {"silver": 2}),
                                               ("Tightrope Walker", {"copper": 3})])
def test_coins_come_from_the_supply(name: str, gained: dict[str, int]) -> None:
    state, events = resolving(name)
    assert find(events, "coins_gained") == [{"seat": 0, "coins": gained}]
    coin, count = next(iter(gained.items()))
    assert state.seats[0].coins[coin] == {"copper": 3, "silver": 2, "gold": 1}[coin] + count


def test_fortune_teller_draws_contracts_in_secret() -> None:
    state = started(4, seed=3)
    bag = len(state.bag)
    state, events = resolving("Fortune Teller")
    assert len(state.bag) == bag - 2 and sum(state.seats[0].contracts.values()) == 8
    assert find(events, "contracts_drawn") == [{"seat": 0, "count": 2}]
    assert [e.private_to for e in events if e.kind == "contracts_received"] == [0]


def test_fortune_teller_with_an_empty_bag_draws_nothing() -> None:
    state = started(4, seed=3)
    state.bag = []
    state.phase = "effect"
    state.tasks = [Task(kind="draw_contracts", seat=0, card=cid("Fortune Teller"))]
    events: list[Event] = []
    flow.continue_tasks(state, events)
    assert find(events, "contracts_drawn") == [{"seat": 0, "count": 0}] and "contracts_received" not in kinds(events)


def test_fire_breather_discards_another_players_attraction() -> None:
    state, _ = resolving("Fire Breather")
    target = state.seats[2].tableau[0]
    assert DiscardAttraction(0, state.seats[0].tableau[0]) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"Choose another player's card, not one of yours\."):
        apply(state, 0, DiscardAttraction(0, state.seats[0].tableau[0]))
    state, events = apply(state, 0, DiscardAttraction(2, target))
    assert state.seats[2].tableau == [] and state.discard[-1] == target
    assert GAME.describe_event(events[0], state.players).startswith("Erica's Fire Breather discards")


def test_sword_swallower_takes_only_collection_cards() -> None:
    state = started(4, seed=3)
    state.seats[1].tableau = [cid("Frosty Cones"), cid("Freak Show")]
    state.phase = "effect"
    state.tasks = [Task(kind="steal_collection", seat=0, card=cid("Sword Swallower"))]
    flow.continue_tasks(state, [])
    assert TakeAttraction(1, cid("Frosty Cones")) in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"Freak Show is not a Collection card\."):
        apply(state, 0, TakeAttraction(1, cid("Freak Show")))
    state, _ = apply(state, 0, TakeAttraction(1, cid("Frosty Cones")))
    assert cid("Frosty Cones") in state.seats[0].tableau and state.seats[1].tableau == [cid("Freak Show")]


def test_grand_parade_plays_a_card_from_hand_and_a_performance_resolves_at_once() -> None:
    state = started(4, seed=3)
    state.seats[0].hand = [cid("Freak Show"), cid("Human Cannonball"), cid("Fire Breather"), cid("Bearded Lady")]
    state.phase = "effect"
    state.tasks = [Task(kind="play_card", seat=0, card=cid("Grand Parade")),
                   Task(kind="gain_coins", seat=1, card=cid("Juggling Twins"))]
    flow.continue_tasks(state, [])
    state, events = apply(state, 0, PlayCard(cid("Human Cannonball")))
    # The played Performance resolves before the next bought card.
    assert [d["seat"] for d in find(events, "coins_gained")] == [0, 1]
    assert state.seats[0].coins["gold"] == 2 and len(state.seats[0].hand) == 3


def test_contortionist_duo_returns_up_to_two_contracts_and_draws_as_many() -> None:
    state = started(4, seed=3)
    state.seats[0].contracts = contracts(paris=3)
    state.phase = "effect"
    state.tasks = [Task(kind="swap_contracts", seat=0, card=cid("Contortionist Duo"))]
    flow.continue_tasks(state, [])
    assert GAME.legal_actions(state, 0) == [ReturnContract("paris"), StopReturning()]
    with pytest.raises(IllegalAction, match="no Contract of that type"):
        apply(state, 0, ReturnContract("london"))
    bag = len(state.bag)
    state, events = run(state, (0, ReturnContract("paris")), (0, ReturnContract("paris")))
    assert sum(state.seats[0].contracts.values()) == 3 and len(state.bag) == bag
    assert find(events, "contracts_drawn") == [{"seat": 0, "count": 2}]
    assert not state.tasks


def test_a_card_with_no_target_has_no_effect() -> None:
    state = started(4, seed=3)
    for seat in state.seats[1:]:
        seat.tableau = []
    state.phase = "effect"
    state.tasks = [Task(kind="discard_attraction", seat=0, card=cid("Fire Breather"))]
    events: list[Event] = []
    flow.continue_tasks(state, events)
    assert "no_effect" in kinds(events) and state.phase == "offer"


def test_returning_no_contract_draws_none() -> None:
    state = started(4, seed=3)
    state.phase = "effect"
    state.tasks = [Task(kind="swap_contracts", seat=0, card=cid("Contortionist Duo"))]
    flow.continue_tasks(state, [])
    held, bag = dict(state.seats[0].contracts), len(state.bag)
    state, events = apply(state, 0, StopReturning())
    assert state.seats[0].contracts == held and len(state.bag) == bag
    assert "contracts_drawn" not in kinds(events)
