"""The strong automatic player of Little Circuses: its samples of the hidden state depend on the deciding
seat's view alone, keep that view, vary what the seat cannot see and can be played to the end; and a
strong seat plays a whole game against normal seats."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.arena import play
from rules.core.clone import clone
from rules.core.players import decide
from rules.core.rng import Rng
from rules.core.search import SearchBudget, step
from rules.little_circuses import board, strong
from rules.little_circuses.actions import HireHelp, MoveHighlight
from rules.little_circuses.game import LittleCircuses
from rules.little_circuses.state import LittleCircusesState
from rules.registry import GAMES

GAME = LittleCircuses()
SEAT = 0
TINY = SearchBudget(iterations=12, horizon=10)


def reach(seed: int, players: int, side: str, wanted: Any) -> LittleCircusesState:
    """Play normal seats from ``seed`` (the highest awaited seat first, so seat 0 decides last in every
    simultaneous step) until ``wanted(state)`` holds."""
    state = GAME.new_game([f"P{n}" for n in range(players)], {"special_side": side}, seed)
    rng = Rng.from_seed(seed)
    while GAME.to_act(state):
        if wanted(state):
            return state
        seat = max(GAME.to_act(state))
        state = step(GAME, state, seat, decide(GAME, state, seat, "normal", rng).action)
    raise AssertionError("the playout never reached the wanted position")


def seat_0_builds_after_arrival(state: LittleCircusesState) -> bool:
    """Seat 0 alone is awaited to build, after the Arrival of New Acts, while another seat holds face-down
    tiles and has chosen privately (a tile planned), so every kind of hidden thing is there."""
    return (state.arrived and state.stage == "build" and GAME.to_act(state) == frozenset({SEAT})
            and state.circuses[SEAT].step == "build" and any(c.secret for c in state.circuses[1:])
            and any(c.plan == "build" for c in state.circuses[1:]) and len(state.advanced_pile) > 4)


def seat_0_builds_before_arrival(state: LittleCircusesState) -> bool:
    return (not state.arrived and state.stage == "build" and GAME.to_act(state) == frozenset({SEAT})
            and state.space > 2)


def twin(state: LittleCircusesState, rng: Rng) -> LittleCircusesState:
    """The same position as seat 0 sees it, with everything it cannot see changed: the others' face-down
    tiles swapped with tiles from the pile, both piles reordered, the others' private plans replaced by
    other legal ones, and the game's random generator moved on."""
    other = clone(state)
    if other.arrived:
        for circus in other.circuses[1:]:
            for index in range(len(circus.secret)):
                pick = rng.below(len(other.advanced_pile))
                circus.secret[index], other.advanced_pile[pick] = other.advanced_pile[pick], circus.secret[index]
    rng.shuffle(other.advanced_pile)
    rng.shuffle(other.starting_pile)
    for circus in other.circuses[1:]:
        if circus.plan:
            circus.plan, circus.plan_tile, circus.plan_cell = ("hire", None, None) if circus.plan != "hire" else (
                "funds", None, None)
    other.rng = rng.next_u64()
    return other


def hidden(state: LittleCircusesState) -> Any:
    return (state.advanced_pile, state.starting_pile, [c.secret for c in state.circuses[1:]], state.rng)


@pytest.mark.parametrize("seed, players, side, wanted", [
    (11, 3, "blue", seat_0_builds_after_arrival),
    (12, 4, "red", seat_0_builds_after_arrival),
    (13, 3, "red", seat_0_builds_before_arrival),
])
def test_nothing_hidden_reaches_the_decision(seed: int, players: int, side: str, wanted: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "budget", lambda state, seat: TINY)
    state = reach(seed, players, side, wanted)
    other = twin(state, Rng.from_seed(seed * 7))
    assert hidden(other) != hidden(state)
    assert GAME.view(other, SEAT) == GAME.view(state, SEAT)
    for k in range(3):
        sample = GAME.determinize(state, SEAT, Rng.from_seed(k))
        assert GAME.state_to_json(GAME.determinize(other, SEAT, Rng.from_seed(k))) == GAME.state_to_json(sample)
        first = decide(GAME, state, SEAT, "strong", Rng.from_seed(k))
        second = decide(GAME, other, SEAT, "strong", Rng.from_seed(k))
        assert first == second
        assert len(first.estimates) == len(GAME.legal_actions(state, SEAT))


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who is still awaited: in a sample the other seats choose again for this space."""
    trimmed = {key: value for key, value in view.items() if key != "awaiting"}
    trimmed["players"] = [{key: value for key, value in player.items() if key not in ("awaited", "ready")}
                          for player in view["players"]]
    return trimmed


@pytest.mark.parametrize("seed, players, side, wanted", [
    (11, 3, "blue", seat_0_builds_after_arrival),
    (13, 3, "red", seat_0_builds_before_arrival),
])
def test_a_sample_keeps_the_view_and_plays_to_the_end(seed: int, players: int, side: str, wanted: Any) -> None:
    state = reach(seed, players, side, wanted)
    sample = GAME.determinize(state, SEAT, Rng.from_seed(5))
    assert public_part(GAME.view(sample, SEAT)) == public_part(GAME.view(state, SEAT))
    assert GAME.view(sample, SEAT)["you"] == GAME.view(state, SEAT)["you"]
    # The others plan again: every seat is awaited in the sample.
    assert GAME.to_act(sample) == frozenset(range(players))
    assert GAME.state_from_json(GAME.state_to_json(sample)) == sample
    rng = Rng.from_seed(9)
    steps = 0
    while GAME.to_act(sample):
        seat = min(GAME.to_act(sample))
        legal = GAME.legal_actions(sample, seat)
        sample, _ = GAME.apply(sample, seat, GAME.rollout_action(sample, seat, legal, rng))
        steps += 1
    outcome = GAME.outcome(sample)
    assert outcome is not None and steps > 10
    assert GAME.evaluate(sample) == tuple(1.0 / len(outcome.winners) if s in outcome.winners else 0.0
                                         for s in range(players))


def test_samples_vary_what_is_hidden() -> None:
    state = reach(11, 3, "blue", seat_0_builds_after_arrival)
    first = GAME.determinize(state, SEAT, Rng.from_seed(1))
    second = GAME.determinize(state, SEAT, Rng.from_seed(2))
    assert hidden(first) != hidden(second)
    assert [c.secret for c in first.circuses[1:]] != [c.secret for c in second.circuses[1:]]
    # The same tiles are unseen in both, dealt differently, and the seat's own face-down tiles stay its own.
    unseen = sorted([*first.advanced_pile, *(t for c in first.circuses[1:] for t in c.secret)])
    assert unseen == sorted([*second.advanced_pile, *(t for c in second.circuses[1:] for t in c.secret)])
    assert unseen == sorted([*state.advanced_pile, *(t for c in state.circuses[1:] for t in c.secret)])
    assert first.circuses[SEAT].secret == state.circuses[SEAT].secret


def test_the_evaluation_prefers_the_leader_and_sums_to_one() -> None:
    state = reach(11, 3, "blue", seat_0_builds_after_arrival)
    ahead = clone(state)
    ahead.circuses[SEAT].fame += 30
    before, after = GAME.evaluate(state), GAME.evaluate(ahead)
    assert after[SEAT] > before[SEAT]
    assert abs(sum(after) - 1.0) < 1e-9 and all(0.0 <= p <= 1.0 for p in after)


def test_a_strong_seat_plays_a_whole_game_against_normal_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "budget", lambda state, seat: SearchBudget(iterations=6, horizon=6))
    played = play(GAME, ["normal", "strong", "normal"], 21, {"special_side": "red"})
    assert len(played.outcome.scores) == 3 and played.outcome.winners
    assert len(played.choices[1]) > 30


def test_a_pending_midday_move_stays_hidden_while_a_seat_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a Midday, seat 0 hired help and found none while seat 1's move of its Highlight has not resolved
    yet: where seat 1 moves must not reach seat 0's decision, and the sample guesses whether it moves."""
    monkeypatch.setattr(strong, "budget", lambda state, seat: TINY)
    state = reach(11, 3, "blue", lambda s: s.stage == "midday" and len(GAME.to_act(s)) == 3 and s.space > 4)
    state.starting_pile = state.starting_pile[:1]  # one tile left for two players hiring help
    mover = next(seat for seat in (1, 2) if len(board.highlight_moves(state.circuses[seat])) > 1)
    hirer = 3 - mover
    moves = board.highlight_moves(state.circuses[mover])
    state = step(GAME, state, mover, MoveHighlight(moves[0]))
    state.order = [hirer, mover, SEAT]  # the other hirer takes the last tile first
    state = step(GAME, step(GAME, state, hirer, HireHelp()), SEAT, HireHelp())
    assert state.stage == "fallback" and GAME.to_act(state) == frozenset({SEAT})
    other = clone(state)
    other.circuses[mover].plan_cell = moves[1]
    assert GAME.view(other, SEAT) == GAME.view(state, SEAT)
    plans = set()
    for k in range(8):
        sample = GAME.determinize(state, SEAT, Rng.from_seed(k))
        assert GAME.state_to_json(GAME.determinize(other, SEAT, Rng.from_seed(k))) == GAME.state_to_json(sample)
        plans.add((sample.circuses[mover].plan, sample.circuses[hirer].plan))
    assert ("execute", "") in plans and ("", "") in plans
    assert decide(GAME, state, SEAT, "strong", Rng.from_seed(3)) == decide(GAME, other, SEAT, "strong",
                                                                             Rng.from_seed(3))


def test_the_strong_player_never_takes_back_its_own_step() -> None:
    """Choosing a tile and putting it back looked alike to the search, and a strong seat went back and forth for
    ever (seed 1000001 of the strength benchmark): "back" is never its choice while anything else is legal."""
    game = GAMES["little_circuses"]
    state = game.new_game(["Ann", "Bob", "Cat"], {}, 1000001)
    rng = Rng.from_seed(2)
    checked = 0
    while not game.is_over(state) and checked < 3:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if any(action.kind == "back" for action in legal):
            choice = decide(game, state, seat, "strong", Rng.from_seed(checked)).action
            assert choice.kind != "back" and choice in legal
            checked += 1
        state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat), legal, rng))
    assert checked == 3
