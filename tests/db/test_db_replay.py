"""Replay through the store: a Circus Train game played through the rules contract and recorded
action by action is rebuilt, after reopening the file, from its seed, options, seat names and log
alone, and reaches exactly the stored snapshot.

The store itself knows no game; only this test brings the rules in."""

from __future__ import annotations

import random
from typing import Any

from db import GameHistory, GameStore
from rules.core.events import Event
from rules.registry import get_game

PLAYERS = ((101, "Ann"), (202, "Bob"), (303, "Cat"))
SEED = 20240501
STEPS = 60


def _rebuild(history: GameHistory, upto: int | None = None) -> Any:
    game = get_game(history.game.kind)
    state = game.new_game(history.player_names, history.game.options, history.game.seed)
    for record in history.actions:
        if upto is not None and record.version > upto:
            break
        state, _ = game.apply(state, record.seat, game.action_from_json(record.action))
    return state


async def test_seed_options_seats_and_log_rebuild_the_snapshot(database: str) -> None:
    path = database
    game = get_game("circus_train")
    chooser = random.Random(SEED)
    snapshots: dict[int, Any] = {}

    async with await GameStore.open(path) as store:
        record = await store.create_game(game.key, 1, 2, PLAYERS[0][0], {}, SEED)
        for user_id, name in PLAYERS:
            await store.add_seat(record.id, user_id, name)
        lobby = await store.get_game(record.id)
        assert lobby is not None
        names = [seat.display_name for seat in await store.seats(record.id)]
        state = game.new_game(names, lobby.options, lobby.seed)
        started = await store.start_game(record.id, lobby.version, game.state_to_json(state), thread_id=3)
        version = started.version
        snapshots[version] = game.state_to_json(state)

        for _ in range(STEPS):
            assert not game.is_over(state)
            seat = chooser.choice(sorted(game.to_act(state)))
            action = chooser.choice(game.legal_actions(state, seat))
            state, events = game.apply(state, seat, action)
            assert all(isinstance(event, Event) for event in events)
            version = await store.record_action(
                record.id, version, seat, game.action_to_json(action), [event.to_json() for event in events],
                game.state_to_json(state), status="finished" if game.is_over(state) else None)
            snapshots[version] = game.state_to_json(state)
        final_json = game.state_to_json(state)

    async with await GameStore.open(path) as reopened:
        history = await reopened.history(record.id)
        assert history is not None
        assert [g.id for g in await reopened.active_games()] == [record.id]

    assert history.game.version == version == started.version + STEPS
    assert history.game.snapshot == final_json
    assert [a.version for a in history.actions] == list(range(started.version + 1, version + 1))
    assert history.player_names == [name for _, name in PLAYERS]

    rebuilt = _rebuild(history)
    assert game.state_to_json(rebuilt) == history.game.snapshot
    # Any prefix of the log rebuilds the snapshot that was stored with it.
    for upto in (started.version, started.version + 1, started.version + STEPS // 2):
        assert game.state_to_json(_rebuild(history, upto)) == snapshots[upto]
    # The stored events are the rules' events, readable back as Event objects.
    state = game.new_game(history.player_names, history.game.options, history.game.seed)
    for logged in history.actions:
        state, events = game.apply(state, logged.seat, game.action_from_json(logged.action))
        assert [Event.from_json(raw) for raw in logged.events] == events
    assert any(logged.events for logged in history.actions)
