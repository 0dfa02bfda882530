"""The strong automatic player for Circus Train: samples drawn from a seat's view keep that view, vary what
it cannot see and never carry the true hidden state into a decision; the rollout policy is the heuristic's;
a strong seat plays a whole game."""

from __future__ import annotations

from typing import Any

import pytest

from rules.circus_train import strong
from rules.circus_train.content import load_content
from rules.circus_train.game import CircusTrain
from rules.circus_train.state import CircusTrainState
from rules.core.arena import play
from rules.core.players import decide
from rules.core.rng import Rng

GAME = CircusTrain()
# Event cards and Special Characters add hidden parts (the dealt Event cards) and public banks to sample.
OPTIONS: dict[str, Any] = {"events": True, "special_characters": True}


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few iterations keep these tests fast; what they prove does not depend on the budget."""
    monkeypatch.setattr(strong, "ITERATIONS", 12)
    monkeypatch.setattr(strong, "HORIZON", 12)


def mid_game(seed: int, weeks: int) -> tuple[CircusTrainState, int]:
    """A state after ``weeks`` weeks of play between heuristic players, at a seat's choice of Action card
    with more than one card in hand."""
    state = GAME.new_game(["Ann", "Bob", "Cy"], OPTIONS, seed)
    rng = Rng.from_seed(seed)
    while True:
        pending = state.pending
        assert pending is not None, "the game ended before the position was reached"
        seat = pending.seat
        legal = GAME.legal_actions(state, seat)
        if (state.week >= weeks and pending.kind == "choose" and len(legal) > 1
                and len(state.circuses[seat].hand) > 1):
            return state, seat
        action = legal[0] if len(legal) == 1 else GAME.auto_action(GAME.view(state, seat), legal, rng)
        state, _ = GAME.apply(state, seat, action)


def reshuffled(state: CircusTrainState, seat: int, rng: Rng) -> CircusTrainState:
    """The same position as ``seat`` sees it, with everything it cannot see arranged differently: the other
    players' hands in another order, the bag and the Destination deck in another order, other Event cards
    dealt, the Special Character Bank in another order and another future for the dice."""
    other = GAME.state_from_json(GAME.state_to_json(state))
    for index, circus in enumerate(other.circuses):
        if index != seat:
            circus.hand.reverse()
    rng.shuffle(other.bag)
    rng.shuffle(other.destinations)
    rng.shuffle(other.special_bank)
    unused = sorted(card for card in load_content().events
                    if card not in other.event_deck and card != other.event)
    other.event_deck = unused[:len(other.event_deck)]
    other.rng = rng.next_u64()
    return other


def hidden_parts(state: CircusTrainState, seat: int) -> dict[str, Any]:
    return {"hands": [c.hand for i, c in enumerate(state.circuses) if i != seat], "bag": state.bag,
            "destinations": state.destinations, "events": state.event_deck, "rng": state.rng}


def test_the_arranged_state_differs_only_in_what_the_seat_cannot_see() -> None:
    state, seat = mid_game(seed=11, weeks=6)
    other = reshuffled(state, seat, Rng.from_seed(99))
    assert GAME.view(other, seat) == GAME.view(state, seat)
    for part in ("bag", "destinations", "events", "rng"):
        assert hidden_parts(other, seat)[part] != hidden_parts(state, seat)[part], part
    assert hidden_parts(other, seat)["hands"] != hidden_parts(state, seat)["hands"]


@pytest.mark.parametrize(("seed", "weeks"), [(11, 6), (23, 12), (37, 20)])
def test_samples_and_strong_decisions_are_the_same_for_states_the_seat_cannot_tell_apart(seed: int,
                                                                                       weeks: int) -> None:
    state, seat = mid_game(seed, weeks)
    other = reshuffled(state, seat, Rng.from_seed(seed + 1))
    for stream in (1, 2, 3):
        one = GAME.determinize(state, seat, Rng.from_seed(stream))
        two = GAME.determinize(other, seat, Rng.from_seed(stream))
        assert GAME.state_to_json(one) == GAME.state_to_json(two)
    first = decide(GAME, state, seat, "strong", Rng.from_seed(5))
    second = decide(GAME, other, seat, "strong", Rng.from_seed(5))
    assert first.action == second.action
    assert first.estimates == second.estimates
    assert sum(estimate.visits for estimate in first.estimates) == strong.ITERATIONS


def test_a_sample_keeps_the_seats_view_and_plays_to_the_end() -> None:
    state, seat = mid_game(seed=23, weeks=8)
    sample = GAME.determinize(state, seat, Rng.from_seed(4))
    assert GAME.view(sample, seat) == GAME.view(state, seat)
    # The other hands are rebuilt from the decks and the face-up discards: they hold the true cards.
    for index, (true, drawn) in enumerate(zip(state.circuses, sample.circuses, strict=True)):
        assert sorted(drawn.hand) == sorted(true.hand), index
    assert sorted(sample.bag) == sorted(state.bag)
    assert sorted(sample.destinations) == sorted(state.destinations)
    assert sample.event not in sample.event_deck and len(sample.event_deck) == len(state.event_deck)
    rng = Rng.from_seed(8)
    steps = 0
    while GAME.to_act(sample):
        actor = min(GAME.to_act(sample))
        legal = GAME.legal_actions(sample, actor)
        action = legal[0] if len(legal) == 1 else GAME.rollout_action(sample, actor, legal, rng)
        sample, _ = GAME.apply(sample, actor, action)  # apply checks the action is legal
        steps += 1
    outcome = GAME.outcome(sample)
    assert outcome is not None and steps > 50
    assert GAME.evaluate(sample) == tuple(1.0 / len(outcome.winners) if s in outcome.winners else 0.0
                                          for s in range(3))


def test_samples_vary_what_the_seat_cannot_see() -> None:
    state, seat = mid_game(seed=37, weeks=5)
    one = GAME.determinize(state, seat, Rng.from_seed(1))
    two = GAME.determinize(state, seat, Rng.from_seed(2))
    for part in ("bag", "destinations", "events", "rng"):
        assert hidden_parts(one, seat)[part] != hidden_parts(two, seat)[part], part
    assert GAME.view(one, seat) == GAME.view(two, seat)


def test_the_rollout_policy_chooses_as_the_heuristic_does() -> None:
    state = GAME.new_game(["Ann", "Bob", "Cy"], {}, 3)
    rng = Rng.from_seed(3)
    compared = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = legal[0]
        if len(legal) > 1:
            action = GAME.auto_action(GAME.view(state, seat), legal, Rng(rng.state))
            assert GAME.rollout_action(state, seat, legal, Rng(rng.state)) == action
            rng.next_u64()
            compared += 1
        state, _ = GAME.apply(state, seat, action)
    assert compared > 100


def test_chances_of_an_unfinished_game_are_probabilities_favouring_the_leader() -> None:
    state, _ = mid_game(seed=11, weeks=24)
    chances = GAME.evaluate(state)
    assert len(chances) == 3 and all(0.0 < chance < 1.0 for chance in chances)
    assert sum(chances) == pytest.approx(1.0)
    margins = strong.margins(state)
    assert chances.index(max(chances)) == margins.index(max(margins))
    richer = GAME.state_from_json(GAME.state_to_json(state))
    richer.circuses[0].vp += 20
    assert GAME.evaluate(richer)[0] > chances[0]


@pytest.mark.parametrize("options", [{}, {"advanced": True, "events": True, "special_characters": True},
                                     {"easier": True}])
def test_a_strong_seat_plays_a_whole_game_against_normal_seats(options: dict[str, Any],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "ITERATIONS", 4)
    monkeypatch.setattr(strong, "HORIZON", 4)
    played = play(GAME, ("normal", "strong", "normal"), seed=17, options=options)
    assert played.outcome.ranking and len(played.outcome.scores) == 3
    assert len(played.choices[1]) > 20


def test_a_solitaire_strong_player_finishes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "ITERATIONS", 4)
    monkeypatch.setattr(strong, "HORIZON", 4)
    played = play(GAME, ("strong",), seed=5)
    assert played.outcome.result is not None
