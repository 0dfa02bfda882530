"""The strong automatic player's part of Dreadful Circus: samples drawn from a seat's view decide nothing
from what the seat cannot see, keep everything it can, are playable to the end and really vary; the
rollout policy is the heuristic player; and a strong seat plays a whole game."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.core.arena import play
from rules.core.clone import clone
from rules.core.players import decide
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.dreadful_circus import strong
from rules.dreadful_circus.actions import PlaceAttraction
from rules.dreadful_circus.content import CONTRACT_TYPES
from rules.dreadful_circus.state import BID, DreadfulCircusState

from dreadful_circus_helpers import GAME, new_game

TINY = SearchBudget(iterations=12, horizon=12)


def _heuristic_step(state: DreadfulCircusState, seat: int, rng: Rng) -> DreadfulCircusState:
    legal = GAME.legal_actions(state, seat)
    state, _ = GAME.apply(state, seat, GAME.auto_action(GAME.view(state, seat), legal, rng))
    return state


def _bidding(seed: int, me: int) -> DreadfulCircusState:
    """A 4-player game played by the heuristic player into a later round's bidding, where ``me`` is still
    filling its wagon and the other bidders have placed theirs."""
    state = new_game(4, seed)
    rng = Rng.from_seed(seed)
    while True:
        awaited = sorted(GAME.to_act(state))
        if state.phase == BID and state.round >= 4 and awaited == [me]:
            return state
        seat = next((s for s in awaited if s != me), awaited[0])
        state = _heuristic_step(state, seat, rng)


def _twin(state: DreadfulCircusState, me: int) -> DreadfulCircusState:
    """The same position with everything ``me`` cannot see changed: the other hands, the deck and the
    buried discard dealt differently, the bag reordered, other screens and placed wagons holding other
    goods, and another future for the game's generator."""
    twin = clone(state)
    others = [s for s in range(len(state.seats)) if s != me]
    pool = [c for s in others for c in twin.seats[s].hand] + twin.deck
    pool.reverse()
    position = 0
    for s in others:
        size = len(twin.seats[s].hand)
        twin.seats[s].hand = pool[position:position + size]
        position += size
    twin.deck = pool[position:]
    twin.bag.reverse()
    first, second = others[0], others[1]
    twin.seats[first].contracts, twin.seats[second].contracts = (twin.seats[second].contracts,
                                                                 twin.seats[first].contracts)
    twin.seats[first].coins["gold"] = twin.seats[first].coins.get("gold", 0) + 2
    for s in others:
        wagon = twin.seats[s].wagon
        if wagon is not None and wagon.placed:
            wagon.coins["silver"] = wagon.coins.get("silver", 0) + 1
    twin.rng ^= 0x5EED
    return twin


def _hidden_parts(state: DreadfulCircusState, me: int) -> object:
    others = [s for s in range(len(state.seats)) if s != me]
    return ([state.seats[s].hand for s in others], state.bag, state.deck,
            [state.seats[s].coins for s in others], [state.seats[s].contracts for s in others],
            [state.seats[s].wagon for s in others], state.rng)


@pytest.mark.parametrize("seed", [3, 8])
def test_what_the_seat_cannot_see_never_reaches_its_sample_or_its_decision(seed: int) -> None:
    me = 2
    state = _bidding(seed, me)
    twin = _twin(state, me)
    assert GAME.view(twin, me) == GAME.view(state, me)
    assert _hidden_parts(twin, me) != _hidden_parts(state, me)
    for stream in range(5):
        first = GAME.determinize(state, me, Rng.from_seed(stream))
        second = GAME.determinize(twin, me, Rng.from_seed(stream))
        assert GAME.state_to_json(first) == GAME.state_to_json(second)
    budget = SearchBudget(iterations=40, horizon=20)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strong, "budget", lambda state, seat: budget)
        one = decide(GAME, state, me, "strong", Rng.from_seed(11))
        other = decide(GAME, twin, me, "strong", Rng.from_seed(11))
    assert one.action == other.action
    assert one.estimates == other.estimates
    assert len(one.estimates) > 1


def test_secret_choices_already_made_never_reach_the_sample_or_the_decision() -> None:
    """Set-up: three seats have chosen their starting Attraction in secret, the fourth is choosing. Two
    games where those three chose other cards, from hands dealt otherwise, look the same to the fourth."""
    me = 3
    state = new_game(4, seed=6)
    twin = clone(state)
    hands = [list(state.seats[seat].hand) for seat in range(3)]
    for seat in range(3):
        attractions = [a.card for a in GAME.legal_actions(state, seat) if isinstance(a, PlaceAttraction)]
        state.seats[seat].choice = attractions[0]
        twin.seats[seat].hand = list(reversed(hands[(seat + 1) % 3]))
        twin.seats[seat].choice = next(a.card for a in GAME.legal_actions(twin, seat)
                                       if isinstance(a, PlaceAttraction))
    twin.rng ^= 0xC0FFEE
    assert [s.choice for s in state.seats] != [s.choice for s in twin.seats]
    assert GAME.view(twin, me) == GAME.view(state, me)
    assert GAME.to_act(state) == {me}
    for stream in range(5):
        first = GAME.determinize(state, me, Rng.from_seed(stream))
        assert GAME.state_to_json(first) == GAME.state_to_json(GAME.determinize(twin, me, Rng.from_seed(stream)))
        assert all(first.seats[s].choice in first.seats[s].hand for s in range(3))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strong, "budget", lambda state, seat: TINY)
        one = decide(GAME, state, me, "strong", Rng.from_seed(2))
        other = decide(GAME, twin, me, "strong", Rng.from_seed(2))
    assert (one.action, one.estimates) == (other.action, other.estimates)


def test_samples_differ_in_what_is_hidden_from_one_stream_to_another() -> None:
    me = 1
    state = _bidding(5, me)
    first = GAME.determinize(state, me, Rng.from_seed(1))
    second = GAME.determinize(state, me, Rng.from_seed(2))
    assert _hidden_parts(first, me) != _hidden_parts(second, me)
    others = [s for s in range(4) if s != me]
    assert [first.seats[s].hand for s in others] != [second.seats[s].hand for s in others]
    assert first.bag != second.bag
    # What the seat holds and sees is kept in both.
    for sample in (first, second):
        assert sample.seats[me].hand == state.seats[me].hand
        assert sample.seats[me].coins == state.seats[me].coins
        assert [seat.tableau for seat in sample.seats] == [seat.tableau for seat in state.seats]
        # Contracts are neither made nor lost: the sample holds the box's 55, 11 of each type.
        held = {kind: sample.bag.count(kind) for kind in CONTRACT_TYPES}
        for seat in sample.seats:
            for goods in (seat.contracts, seat.wagon.contracts if seat.wagon else {}):
                for kind, count in goods.items():
                    held[kind] += count
        assert held == dict.fromkeys(CONTRACT_TYPES, 11)


@pytest.mark.parametrize(("players", "draft"), [(4, False), (5, True), (8, False)])
def test_every_sample_keeps_the_seat_view_and_plays_to_the_end(players: int, draft: bool) -> None:
    state = new_game(players, seed=players, draft=draft)
    rng = Rng.from_seed(players)
    step = 0
    while GAME.to_act(state):
        if step % 9 == 0:
            for seat in range(players):
                sample = GAME.determinize(state, seat, Rng.from_seed(step * 10 + seat))
                pending = strong._pending(state, seat)
                assert _settled(GAME.view(sample, seat), pending) == _settled(GAME.view(state, seat), pending), (
                    state.phase, seat)
                assert all(GAME.legal_actions(sample, s) for s in GAME.to_act(sample))
                if step % 45 == 0:
                    _play_out(sample, rng)
        state = _heuristic_step(state, min(GAME.to_act(state)), rng)
        step += 1
    assert state.phase == "over"


def _settled(view: dict[str, Any], pending: frozenset[int]) -> dict[str, Any]:
    """The view without what differs once the other seats' pending choices in the step being decided are
    sampled: who is still awaited, whether they have chosen, and where their wagons stand."""
    view = copy.deepcopy(view)
    view["awaiting"] = [s for s in view["awaiting"] if s not in pending]
    for s in pending:
        view["players"][s]["chosen"] = None
        view["players"][s]["wagon"] = None
    for offer in view["offers"]:
        offer["wagons"] = [s for s in offer["wagons"] if s not in pending]
    return view


def _play_out(sample: DreadfulCircusState, rng: Rng) -> None:
    for _ in range(5000):
        awaited = GAME.to_act(sample)
        if not awaited:
            break
        seat = min(awaited)
        legal = GAME.legal_actions(sample, seat)
        assert legal, (sample.phase, seat)
        sample, _ = GAME.apply(sample, seat, GAME.rollout_action(sample, seat, legal, rng))
    assert GAME.outcome(sample) is not None
    values = GAME.evaluate(sample)
    assert sum(values) == pytest.approx(1.0)


def test_the_rollout_policy_is_the_heuristic_player() -> None:
    """Inside the search the other seats play as the heuristic player: the same choices from the state as
    ``auto_action`` makes from the view, for the same random stream."""
    for seed in range(3):
        state = new_game(4 + seed, seed=seed, draft=seed == 1)
        rng = Rng.from_seed(seed)
        compared = 0
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            before = rng.state
            chosen = GAME.auto_action(GAME.view(state, seat), legal, rng)
            assert GAME.rollout_action(state, seat, legal, Rng(before)) == chosen, (state.phase, chosen)
            compared += len(legal) > 1
            state, _ = GAME.apply(state, seat, chosen)
        assert compared > 100


def test_estimates_favour_the_seat_ahead_and_sum_to_one() -> None:
    state = _bidding(3, 0)
    even = GAME.evaluate(state)
    assert sum(even) == pytest.approx(1.0)
    richer = clone(state)
    richer.seats[1].coins["gold"] = richer.seats[1].coins.get("gold", 0) + 5
    ahead = GAME.evaluate(richer)
    assert ahead[1] > even[1]
    assert all(ahead[s] < even[s] for s in (0, 2, 3))


def test_a_strong_seat_plays_a_whole_game_against_heuristic_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "budget", lambda state, seat: TINY)
    played = play(GAME, ["normal", "strong", "normal", "normal"], seed=4)
    assert played.outcome.ranking
    assert len(played.choices[1]) > 20
    assert sorted(s for place in played.outcome.ranking for s in place) == [0, 1, 2, 3]
