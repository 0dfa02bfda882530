"""The game store on real SQLite files and a real PostgreSQL server: the game lifecycle, optimistic
concurrency (within one store and across two stores on one database), seats and the listing queries."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from db import (
    AlreadySeated,
    GameFull,
    GameNotActive,
    GameNotFound,
    GameNotInLobby,
    GameRecord,
    GameStore,
    InvalidStatusChange,
    NotSeated,
    SeatTaken,
    StaleVersion,
    StoreBusy,
    StoreError,
    connections,
)

from db_helpers import raw

GUILD, OTHER_GUILD, CHANNEL = 1000, 2000, 1100
ANN, BOB, CAT, DAN = 11, 22, 33, 44
BIG = 1_234_567_890_123_456_789  # a realistic Discord snowflake


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "ringmaster.db"


@pytest.fixture
async def store(database: str) -> AsyncIterator[GameStore]:
    async with await GameStore.open(database) as opened:
        yield opened


async def _lobby(store: GameStore, *users: tuple[int, str], guild: int = GUILD) -> GameRecord:
    game = await store.create_game("circus_train", guild, CHANNEL, users[0][0] if users else ANN, {}, seed=42)
    for user_id, name in users:
        await store.add_seat(game.id, user_id, name)
    record = await store.get_game(game.id)
    assert record is not None
    return record


async def _started(store: GameStore, *users: tuple[int, str], guild: int = GUILD) -> GameRecord:
    lobby = await _lobby(store, *users, guild=guild)
    return await store.start_game(lobby.id, lobby.version, {"turn": 0}, thread_id=5000 + lobby.id)


def _raw_counts(path: Path | str, game_id: int) -> tuple[object, object]:
    [(count,)] = raw(path, "SELECT count(*) FROM actions WHERE game_id = ?", (game_id,))
    [(snapshot,)] = raw(path, "SELECT snapshot FROM games WHERE id = ?", (game_id,))
    return count, snapshot


# ----- the lifecycle -----------------------------------------------------------------------------


async def test_create_seat_start_and_record_actions(store: GameStore, database: str) -> None:
    game = await store.create_game("circus_train", BIG, BIG + 1, ANN, {"advanced": True, "x": [1, 2]}, seed=2**62)
    assert game.status == "lobby" and game.version == 0 and game.snapshot is None
    assert game.options == {"advanced": True, "x": [1, 2]} and game.seed == 2**62
    assert game.guild_id == BIG and game.channel_id == BIG + 1 and game.creator_id == ANN
    assert game.thread_id is None and game.lobby_message_id is None and game.board_message_id is None
    assert game.created_at.tzinfo is not None and game.created_at == game.updated_at

    ann = await store.add_seat(game.id, ANN, "Ann")
    bob = await store.add_seat(game.id, BOB, "Bob")
    assert (ann.seat, ann.user_id, ann.display_name) == (0, ANN, "Ann")
    assert (bob.seat, bob.user_id, bob.display_name) == (1, BOB, "Bob")
    assert await store.seats(game.id) == [ann, bob]

    lobby = await store.get_game(game.id)
    assert lobby is not None and lobby.version == 2  # each seat change is a new version

    started = await store.start_game(game.id, lobby.version, {"turn": 0, "players": ["Ann", "Bob"]}, thread_id=77)
    assert started.status == "active" and started.version == 3 and started.thread_id == 77
    assert started.snapshot == {"turn": 0, "players": ["Ann", "Bob"]}

    v4 = await store.record_action(game.id, 3, 0, {"kind": "move", "to": "boston"},
                                   [{"kind": "moved", "data": {"seat": 0}, "private_to": None}], {"turn": 1})
    v5 = await store.record_action(game.id, v4, 1, {"kind": "pass"}, [], {"turn": 2, "note": "ünïcode ✓"})
    assert (v4, v5) == (4, 5)

    current = await store.get_game(game.id)
    assert current is not None
    assert current.version == 5 and current.status == "active"
    assert current.snapshot == {"turn": 2, "note": "ünïcode ✓"}
    assert current.updated_at >= started.updated_at

    log = await store.actions(game.id)
    assert [(a.version, a.seat, a.action, a.events) for a in log] == [
        (4, 0, {"kind": "move", "to": "boston"}, [{"kind": "moved", "data": {"seat": 0}, "private_to": None}]),
        (5, 1, {"kind": "pass"}, []),
    ]
    assert [a.version for a in await store.actions(game.id, after_version=4)] == [5]
    assert [a.version for a in await store.actions(game.id, limit=1)] == [4]
    assert await store.actions(game.id, after_version=5) == []

    history = await store.history(game.id)
    assert history is not None
    assert history.game == current and history.seats == [ann, bob] and history.actions == log
    assert history.player_names == ["Ann", "Bob"]

    assert _raw_counts(database, game.id)[0] == 2


async def test_the_log_is_moved_into_the_file_every_so_many_commits(db_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's own automatic checkpoints are off (they would sync the disk on the event loop): the
    store moves the log into the file from a thread every CHECKPOINT_EVERY commits."""
    monkeypatch.setattr(connections, "CHECKPOINT_EVERY", 4)

    def games_in_the_file_alone() -> int:  # ``immutable`` reads the main file and ignores the log
        with sqlite3.connect(f"file:{db_path}?immutable=1", uri=True) as raw:
            if not raw.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchall():
                return 0  # not even the schema has left the log yet
            return int(raw.execute("SELECT count(*) FROM games").fetchone()[0])

    async with await GameStore.open(db_path) as store:
        for n in range(3):
            await store.create_game("circus_train", 1, 2, 3, {}, seed=n)
        assert games_in_the_file_alone() == 0  # three commits: all still in the log
        await store.create_game("circus_train", 1, 2, 3, {}, seed=3)
        assert store.database.checkpoints is not None and store.database.checkpoints.running is not None
        await store.database.checkpoints.running
        assert games_in_the_file_alone() == 4


async def test_the_connection_uses_wal_and_foreign_keys(sqlite_store: GameStore, db_path: Path) -> None:
    store = sqlite_store
    settings = await store.settings()
    assert settings["journal_mode"] == "wal"
    assert settings["foreign_keys"] == 1
    assert settings["synchronous"] == 1  # NORMAL
    # SQLite itself never waits (that would stop the event loop): the store waits for a busy file
    # asynchronously, as the tests of two writers below show.
    assert int(settings["busy_timeout"]) == 0
    assert (db_path.parent / (db_path.name + "-wal")).exists()
    # Foreign keys are enforced on the store's own connection.
    with pytest.raises(sqlite3.IntegrityError):
        await store.database.writer.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES (999, 0, 1, 'x', 'now')")


async def test_reads_go_on_while_a_write_is_open(store: GameStore) -> None:
    """Listing games or loading one never queues behind a move being saved (WAL readers), and sees the
    state before that move until it commits."""
    game = await _started(store, (ANN, "Ann"))
    writing, release = asyncio.Event(), asyncio.Event()

    async def slow_move() -> None:
        async with store.database.write() as conn:
            await conn.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game.id,))
            writing.set()
            await release.wait()

    move = asyncio.create_task(slow_move())
    await writing.wait()
    seen = await asyncio.wait_for(store.get_game(game.id), timeout=5)
    assert seen is not None and seen.version == game.version  # not blocked, and nothing half-written
    release.set()
    await move
    after = await store.get_game(game.id)
    assert after is not None and after.version == game.version + 1
    async with store.database.read() as conn:
        # The readers can only read.
        query = "SHOW default_transaction_read_only" if store.postgres else "PRAGMA query_only"
        assert [tuple(row) for row in await conn.execute_fetchall(query)] in ([(1,)], [("on",)])


async def test_finishing_through_the_last_action(store: GameStore) -> None:
    game = await _started(store, (ANN, "Ann"))
    version = await store.record_action(game.id, game.version, 0, {"kind": "last"}, [], {"over": True},
                                        status="finished")
    finished = await store.get_game(game.id)
    assert finished is not None and finished.status == "finished" and finished.version == version
    with pytest.raises(GameNotActive, match="This game is over"):
        await store.record_action(game.id, version, 0, {"kind": "late"}, [], {"over": True})
    assert len(await store.actions(game.id)) == 1
    assert await store.active_games() == []


async def test_status_changes_are_guarded(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"))
    with pytest.raises(InvalidStatusChange, match="abandon it instead"):
        await store.set_status(lobby.id, "finished", lobby.version)
    with pytest.raises(StaleVersion):
        await store.set_status(lobby.id, "abandoned", lobby.version - 1)
    abandoned = await store.set_status(lobby.id, "abandoned", lobby.version)
    assert abandoned.status == "abandoned" and abandoned.version == lobby.version + 1
    with pytest.raises(InvalidStatusChange, match="This game was abandoned"):
        await store.set_status(lobby.id, "abandoned", abandoned.version)
    with pytest.raises(GameNotInLobby, match="abandoned"):
        await store.start_game(lobby.id, abandoned.version, {})

    game = await _started(store, (BOB, "Bob"))
    with pytest.raises(GameNotInLobby, match="already started"):
        await store.start_game(game.id, game.version, {})
    done = await store.set_status(game.id, "finished", game.version)
    assert done.status == "finished"
    with pytest.raises(ValueError, match="unknown game status"):
        await store.set_status(game.id, "paused", done.version)  # type: ignore[arg-type]
    with pytest.raises(GameNotActive):
        await store.record_action(game.id, done.version, 0, {"kind": "x"}, [], {})


async def test_actions_are_refused_before_the_start(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"))
    with pytest.raises(GameNotActive, match="not started yet"):
        await store.record_action(lobby.id, lobby.version, 0, {"kind": "x"}, [], {})


async def test_metadata_changes_no_version(store: GameStore) -> None:
    game = await _started(store, (ANN, "Ann"))
    await store.set_thread(game.id, BIG)
    await store.set_lobby_message(game.id, BIG + 1)
    await store.set_board_message(game.id, BIG + 2)
    after = await store.get_game(game.id)
    assert after is not None
    assert (after.thread_id, after.lobby_message_id, after.board_message_id) == (BIG, BIG + 1, BIG + 2)
    assert after.version == game.version and after.updated_at == game.updated_at
    assert await store.game_in_thread(BIG) == after
    assert await store.game_in_thread(BIG + 9) is None
    await store.set_board_message(game.id, None)
    cleared = await store.get_game(game.id)
    assert cleared is not None and cleared.board_message_id is None
    with pytest.raises(GameNotFound):
        await store.set_board_message(999, 1)


async def test_unknown_games(store: GameStore) -> None:
    assert await store.get_game(999) is None
    assert await store.history(999) is None
    assert await store.seats(999) == []
    assert await store.actions(999) == []
    for write in (store.add_seat(999, ANN, "Ann"), store.remove_seat(999, ANN), store.start_game(999, 0, {}),
                  store.record_action(999, 0, 0, {"kind": "x"}, [], {}), store.set_status(999, "abandoned", 0)):
        with pytest.raises(GameNotFound, match="no longer exists"):
            await write


async def test_bad_input_is_refused_before_writing(store: GameStore) -> None:
    with pytest.raises(ValueError, match="64 bits"):
        await store.create_game("circus_train", GUILD, CHANNEL, ANN, {}, seed=2**64)
    with pytest.raises(ValueError, match="kind"):
        await store.create_game("", GUILD, CHANNEL, ANN, {}, seed=1)
    game = await _started(store, (ANN, "Ann"))
    with pytest.raises(ValueError):
        await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"bad": float("nan")})
    with pytest.raises(ValueError, match="seat"):
        await store.record_action(game.id, game.version, -1, {"kind": "x"}, [], {})
    assert await store.actions(game.id) == []
    assert await store.games_in_guild(GUILD) == [game]


async def test_timestamps_come_from_the_clock(database: str) -> None:
    moments = iter(datetime(2024, 5, 1, 12, 0, tzinfo=UTC) + timedelta(minutes=n) for n in range(100))
    async with await GameStore.open(database, clock=lambda: next(moments)) as store:
        game = await store.create_game("circus_train", GUILD, CHANNEL, ANN, {}, seed=1)
        seat = await store.add_seat(game.id, ANN, "Ann")
        assert game.created_at == datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
        assert seat.joined_at == datetime(2024, 5, 1, 12, 1, tzinfo=UTC)
    assert raw(database, "SELECT created_at FROM games") == [("2024-05-01T12:00:00+00:00",)]


async def test_the_log_is_append_only(sqlite_store: GameStore, db_path: Path) -> None:
    store = sqlite_store
    game = await _started(store, (ANN, "Ann"))
    await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"n": 1})
    conn = sqlite3.connect(db_path)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("UPDATE actions SET seat = 3")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM actions")
        conn.rollback()
        with conn:
            conn.execute("DELETE FROM games WHERE id = ?", (game.id,))  # a whole game may go, log and all
        assert conn.execute("SELECT count(*) FROM actions").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 0
    finally:
        conn.close()


# ----- optimistic concurrency --------------------------------------------------------------------


async def test_a_stale_write_is_refused_and_changes_nothing(store: GameStore, database: str) -> None:
    game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
    current = await store.record_action(game.id, game.version, 0, {"kind": "a"}, [], {"n": 1})
    before = _raw_counts(database, game.id)
    with pytest.raises(StaleVersion) as refused:
        await store.record_action(game.id, game.version, 1, {"kind": "b"}, [], {"n": 99})
    error = refused.value
    assert (error.game_id, error.expected_version, error.actual_version) == (game.id, game.version, current)
    assert str(error) == "This board is out of date: the game has moved on since it was posted."
    assert isinstance(error, StoreError) and error.message == str(error)
    assert _raw_counts(database, game.id) == before
    after = await store.get_game(game.id)
    assert after is not None and after.version == current and after.snapshot == {"n": 1}
    # A version from the future is just as stale.
    with pytest.raises(StaleVersion):
        await store.record_action(game.id, current + 1, 1, {"kind": "b"}, [], {"n": 99})
    assert _raw_counts(database, game.id) == before


async def test_concurrent_actions_in_one_store_one_wins(store: GameStore) -> None:
    game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
    results = await asyncio.gather(
        *(store.record_action(game.id, game.version, seat % 2, {"kind": "click", "n": seat}, [], {"by": seat})
          for seat in range(5)),
        return_exceptions=True)
    _exactly_one_won(results, game.version)
    await _nothing_lost(store, game, results)


async def test_concurrent_actions_from_two_stores_on_one_database_one_wins(store: GameStore, database: str) -> None:
    game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
    async with await GameStore.open(database) as other:
        results = await asyncio.gather(
            store.record_action(game.id, game.version, 0, {"kind": "click", "n": 0}, [], {"by": 0}),
            other.record_action(game.id, game.version, 1, {"kind": "click", "n": 1}, [], {"by": 1}),
            return_exceptions=True)
        _exactly_one_won(results, game.version)
        await _nothing_lost(store, game, results)
        assert await other.get_game(game.id) == await store.get_game(game.id)


async def test_a_writer_waits_for_another_process_then_sees_its_commit(sqlite_store: GameStore,
                                                                       db_path: Path) -> None:
    """Another process holds the write lock: both stores queue up (no "database is locked"), and
    once it lets go exactly one of them wins."""
    store = sqlite_store
    game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
    blocker = sqlite3.connect(db_path, isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        async with await GameStore.open(db_path) as other:
            tasks = [asyncio.create_task(writer.record_action(game.id, game.version, n, {"kind": "k", "n": n}, [],
                                                              {"by": n}))
                     for n, writer in enumerate((store, other))]
            await asyncio.sleep(0.3)
            assert not any(task.done() for task in tasks)
            blocker.execute("ROLLBACK")
            results = await asyncio.gather(*tasks, return_exceptions=True)
        _exactly_one_won(results, game.version)
        await _nothing_lost(store, game, results)
    finally:
        blocker.close()


async def test_a_write_lock_held_too_long_is_reported_as_busy(db_path: Path) -> None:
    async with await GameStore.open(db_path, busy_timeout=0.1) as store:
        game = await _started(store, (ANN, "Ann"))
        blocker = sqlite3.connect(db_path, isolation_level=None)
        try:
            blocker.execute("BEGIN IMMEDIATE")
            with pytest.raises(StoreBusy, match="try again"):
                await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {})
            blocker.execute("ROLLBACK")
        finally:
            blocker.close()
        # The store is usable again afterwards.
        assert await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {}) == game.version + 1


async def test_start_refuses_a_roster_that_changed(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"), (BOB, "Bob"))
    await store.add_seat(lobby.id, CAT, "Cat")  # joins after the caller read the lobby
    with pytest.raises(StaleVersion):
        await store.start_game(lobby.id, lobby.version, {"players": ["Ann", "Bob"]})
    still = await store.get_game(lobby.id)
    assert still is not None and still.status == "lobby" and still.snapshot is None


def _exactly_one_won(results: Sequence[object], expected_version: int) -> None:
    winners = [result for result in results if not isinstance(result, BaseException)]
    losers = [result for result in results if isinstance(result, BaseException)]
    assert winners == [expected_version + 1], results
    assert losers and all(isinstance(loser, StaleVersion) for loser in losers), results
    assert all(loser.actual_version == expected_version + 1 for loser in losers if isinstance(loser, StaleVersion))


async def _nothing_lost(store: GameStore, game: GameRecord, results: Sequence[object]) -> None:
    winner = next(n for n, result in enumerate(results) if not isinstance(result, BaseException))
    after = await store.get_game(game.id)
    assert after is not None and after.version == game.version + 1 and after.snapshot == {"by": winner}
    log = await store.actions(game.id)
    assert len(log) == 1 and log[0].version == game.version + 1 and log[0].action["n"] == winner


# ----- seats -------------------------------------------------------------------------------------


async def test_seating_rules(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"))
    with pytest.raises(AlreadySeated, match="already seated"):
        await store.add_seat(lobby.id, ANN, "Ann again")
    with pytest.raises(SeatTaken, match="Seat 1 is already taken"):
        await store.add_seat(lobby.id, BOB, "Bob", seat=0)
    cat = await store.add_seat(lobby.id, CAT, "Cat", seat=2)
    bob = await store.add_seat(lobby.id, BOB, "Bob", max_seats=3)
    assert (cat.seat, bob.seat) == (2, 1)  # the lowest free seat
    with pytest.raises(GameFull, match="all 3 seats are taken"):
        await store.add_seat(lobby.id, DAN, "Dan", max_seats=3)
    with pytest.raises(NotSeated):
        await store.remove_seat(lobby.id, DAN)
    assert [s.user_id for s in await store.seats(lobby.id)] == [ANN, BOB, CAT]


async def test_racing_for_the_last_seat_one_gets_it(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"))
    results = await asyncio.gather(
        *(store.add_seat(lobby.id, user, f"U{user}", max_seats=2) for user in (BOB, CAT, DAN)), return_exceptions=True)
    assert sum(not isinstance(result, BaseException) for result in results) == 1
    assert sum(isinstance(result, GameFull) for result in results) == 2
    assert len(await store.seats(lobby.id)) == 2


async def test_remove_seat_renumbers_in_order(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan"))
    remaining = await store.remove_seat(lobby.id, BOB)
    assert [(s.seat, s.user_id, s.display_name) for s in remaining] == [(0, ANN, "Ann"), (1, CAT, "Cat"),
                                                                        (2, DAN, "Dan")]
    assert await store.seats(lobby.id) == remaining
    remaining = await store.remove_seat(lobby.id, ANN)
    assert [(s.seat, s.user_id) for s in remaining] == [(0, CAT), (1, DAN)]
    remaining = await store.remove_seat(lobby.id, DAN)
    assert [(s.seat, s.user_id) for s in remaining] == [(0, CAT)]
    joined = await store.add_seat(lobby.id, BOB, "Bob")
    assert joined.seat == 1
    after = await store.get_game(lobby.id)
    assert after is not None and after.version == lobby.version + 4


async def test_seats_cannot_change_outside_the_lobby(store: GameStore) -> None:
    game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
    with pytest.raises(GameNotInLobby, match="already started, so its seats can no longer change"):
        await store.remove_seat(game.id, BOB)
    with pytest.raises(GameNotInLobby):
        await store.add_seat(game.id, CAT, "Cat")
    assert [s.user_id for s in await store.seats(game.id)] == [ANN, BOB]
    after = await store.get_game(game.id)
    assert after is not None and after.version == game.version
    finished = await store.set_status(game.id, "finished", game.version)
    with pytest.raises(GameNotInLobby, match="This game is over"):
        await store.remove_seat(finished.id, ANN)


# ----- listings ----------------------------------------------------------------------------------


async def test_listing_queries(store: GameStore) -> None:
    lobby = await _lobby(store, (ANN, "Ann"), (BOB, "Bob"))
    active = await _started(store, (BOB, "Bob"), (CAT, "Cat"))
    elsewhere = await _started(store, (ANN, "Ann"), guild=OTHER_GUILD)
    done = await _started(store, (ANN, "Ann"), (CAT, "Cat"))
    done = await store.set_status(done.id, "finished", done.version)
    dropped = await _lobby(store, (DAN, "Dan"))
    dropped = await store.set_status(dropped.id, "abandoned", dropped.version)

    def ids(games: list[GameRecord]) -> list[int]:
        return [game.id for game in games]

    assert ids(await store.games_in_guild(GUILD)) == [lobby.id, active.id]
    assert ids(await store.games_in_guild(GUILD, statuses=("finished", "abandoned"))) == [done.id, dropped.id]
    assert ids(await store.games_in_guild(GUILD, statuses=("lobby", "active", "finished", "abandoned"))) == [
        lobby.id, active.id, done.id, dropped.id]
    assert ids(await store.games_in_guild(OTHER_GUILD)) == [elsewhere.id]
    assert await store.games_in_guild(999) == []

    assert ids(await store.games_of_user(ANN)) == [lobby.id, elsewhere.id]
    assert ids(await store.games_of_user(ANN, guild_id=GUILD)) == [lobby.id]
    assert ids(await store.games_of_user(ANN, statuses=("finished",))) == [done.id]
    assert ids(await store.games_of_user(CAT)) == [active.id]
    assert ids(await store.games_of_user(DAN)) == []
    assert ids(await store.games_of_user(DAN, statuses=("abandoned",))) == [dropped.id]

    assert ids(await store.active_games()) == [active.id, elsewhere.id]
    assert ids(await store.games_with_status(("lobby",))) == [lobby.id]
    with pytest.raises(ValueError):
        await store.games_in_guild(GUILD, statuses=())


async def test_everything_survives_reopening(database: str) -> None:
    async with await GameStore.open(database) as store:
        game = await _started(store, (ANN, "Ann"), (BOB, "Bob"))
        await store.record_action(game.id, game.version, 1, {"kind": "x"}, [{"kind": "e", "data": {}}], {"n": 1})
        before = await store.history(game.id)
    async with await GameStore.open(database) as store:
        assert await store.history(game.id) == before
        assert [g.id for g in await store.active_games()] == [game.id]


async def test_a_closed_store_refuses_work(database: str) -> None:
    store = await GameStore.open(database)
    await store.close()
    await store.close()  # twice is fine
    with pytest.raises(RuntimeError, match="closed"):
        await store.get_game(1)
