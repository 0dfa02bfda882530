"""The store's facts about a game's life (db/life.py) on a real SQLite file: seat clocks kept with
every action, missed deadlines and autopilot, members' settings, results and standings, votes,
actions taken back (still in the log, left out of replays) and seats changing hands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db.errors import AlreadySeated, NotSeated, StaleVersion
from db.life import LifeStore
from db.store import GameStore

ANN, BEN, CAT = 11, 12, 13


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def started(database: str, clock: Clock, awaited: tuple[int, ...] = (0,)) -> tuple[GameStore, LifeStore, int]:
    store = await GameStore.open(database, clock=clock)
    game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5, deadline_minutes=60, autopilot_after=2)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    await store.start_game(game.id, game.version + 2, {"s": 0}, thread_id=3, awaited=awaited)
    return store, LifeStore(store), game.id


async def test_clocks_start_when_a_seat_is_awaited_and_run_through_its_own_steps(database: str) -> None:
    clock = Clock()
    store, life, game = await started(database, clock)
    [ann, ben] = await life.clocks(game)
    assert ann.awaited_since == clock.now and ben.awaited_since is None
    assert (ann.deadline_minutes, ann.autopilot_after) == (60, 2)
    version = (await store.get_game(game)).version  # type: ignore[union-attr]
    clock.now += timedelta(minutes=10)
    version = await store.record_action(game, version, 0, {"kind": "x"}, [], {"s": 1}, awaited=[0])
    assert (await life.clocks(game))[0].awaited_since == clock.now - timedelta(minutes=10)  # the same wait
    clock.now += timedelta(minutes=10)
    await store.record_action(game, version, 0, {"kind": "x"}, [], {"s": 2}, awaited=[1])
    [ann, ben] = await life.clocks(game)
    assert ann.awaited_since is None and ben.awaited_since == clock.now
    await store.close()


async def test_missed_deadlines_lead_to_autopilot_until_reclaimed(database: str) -> None:
    store, life, game = await started(database, Clock())
    first = await life.note_missed(game, 0)
    assert first is not None and not first.autopilot
    after = await life.note_missed(game, 0)
    assert after is not None
    assert after.autopilot and after.missed == 2
    await life.set_autopilot(game, 0, False)
    [ann, _] = await life.clocks(game)
    assert not ann.autopilot and ann.missed == 0
    await life.note_missed(game, 0)
    version = (await store.get_game(game)).version  # type: ignore[union-attr]
    await store.record_action(game, version, 0, {"kind": "x"}, [], {}, awaited=[0])  # played by Ann herself
    assert (await life.clocks(game))[0].missed == 0
    await life.mark_reminded(game, 0)
    assert (await life.clocks(game))[0].reminded
    await store.close()


async def test_members_settings(database: str) -> None:
    store, life, _ = await started(database, Clock())
    assert (await life.member(ANN)).notify == "mention" and (await life.member(ANN)).time_zone == "UTC"
    await life.set_hours(ANN, "Europe/Berlin", 480, 1380)
    await life.set_notify(ANN, "dm")
    ann = await life.member(ANN)
    assert (ann.time_zone, ann.active_from, ann.active_to, ann.notify) == ("Europe/Berlin", 480, 1380, "dm")
    assert await life.note_dm_closed(ANN) and not await life.note_dm_closed(ANN)
    with pytest.raises(ValueError):
        await life.set_notify(ANN, "carrier pigeon")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await life.set_hours(ANN, "UTC", 480, None)
    await store.close()


async def test_results_make_leaderboards_and_records(database: str) -> None:
    store, life, game = await started(database, Clock())
    version = (await store.get_game(game)).version  # type: ignore[union-attr]
    await store.record_action(game, version, 0, {"kind": "x"}, [], {}, status="finished", awaited=[])
    await life.record_results(game, [(0, ANN, 30, 1), (1, BEN, 20, 2)])
    await life.record_results(game, [(0, ANN, 99, 1)])  # written once; a repeat changes nothing
    [first, second] = await life.leaderboard(1, "circus_train")
    assert (first.key, first.played, first.won, first.best) == (ANN, 1, 1, 30)
    assert (second.key, second.won, second.average) == (BEN, 0, 20.0)
    assert await life.leaderboard(2, "circus_train") == []
    [ben] = await life.player_record(1, BEN)
    assert (ben.key, ben.played, ben.won) == ("circus_train", 1, 0)
    await store.close()


async def test_votes_are_counted_once_per_member_and_topic(database: str) -> None:
    store, life, game = await started(database, Clock())
    assert await life.vote(game, "abandon", ANN) == {ANN}
    assert await life.vote(game, "abandon", ANN) == {ANN}
    assert await life.vote(game, "abandon", BEN) == {ANN, BEN}
    assert await life.votes(game, "undo:7") == set()
    await store.close()


async def test_a_taken_back_action_stays_logged_but_leaves_replays(database: str) -> None:
    store, life, game = await started(database, Clock())
    version = (await store.get_game(game)).version  # type: ignore[union-attr]
    first = await store.record_action(game, version, 0, {"kind": "a"}, [], {"s": 1}, awaited=[0])
    second = await store.record_action(game, first, 0, {"kind": "b"}, [], {"s": 2}, awaited=[1])
    with pytest.raises(StaleVersion):
        await life.take_back(game, first, second, {"s": 1}, awaited=[0])
    newest = await life.take_back(game, second, second, {"s": 1}, awaited=[0])
    assert newest == second + 1
    assert [a.action["kind"] for a in await store.actions(game)] == ["a"]
    history = await store.history(game)
    assert history is not None and history.game.snapshot == {"s": 1} and len(history.actions) == 1
    again = await store.record_action(game, newest, 0, {"kind": "c"}, [], {"s": 3}, awaited=[1])
    assert [a.version for a in await store.actions(game)] == [first, again]
    await store.close()


async def test_a_seat_changes_hands_only_from_its_holder_to_someone_not_seated(database: str) -> None:
    store, life, game = await started(database, Clock())
    with pytest.raises(AlreadySeated):
        await life.hand_over(game, 0, ANN, BEN)
    with pytest.raises(NotSeated):
        await life.hand_over(game, 0, BEN, CAT)
    await life.hand_over(game, 0, ANN, CAT)
    seats = await store.seats(game)
    assert [(s.user_id, s.display_name) for s in seats] == [(CAT, "Ann"), (BEN, "Ben")]  # the seat keeps its name
    await store.close()
