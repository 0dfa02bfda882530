"""The thinker: decisions from plain data, off the event loop, with the robot's own random stream."""

from __future__ import annotations

import os

import pytest

from rules.core.players import decide
from rules.core.rng import Rng
from rules.registry import get_game
from table.thinking import (
    THINK_NICENESS,
    Moved,
    ProcessThinker,
    ThinkingFailed,
    ThreadThinker,
    at_version,
    new_robot_secret,
    robot_seed,
    think,
)


def started(kind: str, players: int) -> tuple[object, object]:
    game = get_game(kind)
    state = game.new_game([f"P{index}" for index in range(players)], {}, seed=7)
    return game, state


def test_robot_seed_is_its_own_stream_per_game_version_and_seat() -> None:
    secret = new_robot_secret()
    assert new_robot_secret() != secret
    assert robot_seed(secret, 3, 1) == robot_seed(secret, 3, 1)
    assert len({robot_seed(secret, version, seat) for version in range(5) for seat in range(4)}) == 20
    assert robot_seed(new_robot_secret(), 3, 1) != robot_seed(secret, 3, 1)


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_think_gives_the_decision_of_the_players_module(level: str) -> None:
    game, state = started("dreadful_circus", 4)
    seat = min(game.to_act(state))  # type: ignore[attr-defined]
    thought = think("dreadful_circus", game.state_to_json(state), seat, level, 99, True)  # type: ignore[attr-defined]
    expected = decide(game, state, seat, level, Rng.from_seed(99))  # type: ignore[arg-type]
    assert thought.action_json == game.action_to_json(expected.action)  # type: ignore[attr-defined]
    assert game.action_from_json(thought.action_json) in game.legal_actions(state, seat)  # type: ignore[attr-defined]


async def test_thread_thinker_decides_and_hides_the_state_from_its_errors() -> None:
    game, state = started("circus_train", 3)
    seat = min(game.to_act(state))  # type: ignore[attr-defined]
    thinker = ThreadThinker()
    thought = await thinker.decide("circus_train", game.state_to_json(state), seat, "normal", 5)  # type: ignore[attr-defined]
    assert game.action_from_json(thought.action_json) in game.legal_actions(state, seat)  # type: ignore[attr-defined]
    with pytest.raises(ThinkingFailed) as refused:
        await thinker.decide("circus_train", {"secret hand": "ace of spades"}, seat, "normal", 5)
    assert "ace" not in str(refused.value)
    assert str(refused.value).startswith(f"The automatic player of seat {seat + 1} in a circus_train game could "
                                         "not decide (")
    assert refused.value.__cause__ is None and refused.value.__suppress_context__


async def test_process_thinker_searches_in_a_lower_priority_worker() -> None:
    game, state = started("little_circuses", 2)
    seat = min(game.to_act(state))  # type: ignore[attr-defined]
    thinker = ProcessThinker(1)
    try:
        await thinker.start()
        # The worker's niceness is the bot's plus THINK_NICENESS.
        future = thinker._pool.submit(os.nice, 0)
        assert future.result(timeout=30) == os.nice(0) + THINK_NICENESS
        thought = await thinker.decide("little_circuses", game.state_to_json(state), seat, "strong", 11, True)  # type: ignore[attr-defined]
        assert thought == think("little_circuses", game.state_to_json(state), seat, "strong", 11, True)  # type: ignore[attr-defined]
    finally:
        await thinker.close()


def test_a_decision_stands_only_where_its_seat_sees_what_it_saw() -> None:
    game, state = started("little_circuses", 2)
    seat = min(game.to_act(state))  # type: ignore[attr-defined]
    action = game.legal_actions(state, seat)[0]  # type: ignore[attr-defined]
    seen = game.view(state, seat)  # type: ignore[attr-defined]

    class Now:
        def __init__(self, version: int, state: object) -> None:
            self.record = type("Record", (), {"version": version})()
            self.game, self.state = game, state

    assert at_version(5, action)(Now(5, state), seat) == action
    with pytest.raises(Moved):
        at_version(5, action)(Now(6, state), seat)  # no view given: the version alone decides
    assert at_version(5, action, seen)(Now(6, state), seat) == action  # the others moved; nothing it sees did
    other = 1 - seat
    moved, _ = game.apply(state, other, game.legal_actions(state, other)[0])  # type: ignore[attr-defined]
    if game.view(moved, seat) != seen:  # type: ignore[attr-defined]
        with pytest.raises(Moved):
            at_version(5, action, seen)(Now(6, moved), seat)
    with pytest.raises(Moved):
        at_version(5, action, {"not": "what it saw"})(Now(6, state), seat)
