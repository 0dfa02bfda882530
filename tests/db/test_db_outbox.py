"""The outbox on real SQLite files (db/outbox.py): items saved in the same transaction as the change
they publish (all or nothing), read back in order, settled (delivered, failed, pruned) and kept across
a restart; and ``games.board_since`` kept with each change."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import aiosqlite
import pytest

from db import (
    LATEST_VERSION,
    GameNotFound,
    GameRecord,
    GameStore,
    OutboxItem,
    OutboxRow,
    OutboxStore,
    StaleVersion,
)
from db.life import LifeStore
from db.outbox import OutboxItem as OutboxItemFromOutbox
from db.schema import MIGRATIONS, migrate

from db_helpers import START, Clock, raw

ANN, BEN = 11, 12


async def _lobby(store: GameStore) -> GameRecord:
    game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    record = await store.get_game(game.id)
    assert record is not None
    return record


async def _started(store: GameStore, *items: OutboxItem) -> GameRecord:
    lobby = await _lobby(store)
    return await store.start_game(lobby.id, lobby.version, {"s": 0}, thread_id=3, awaited=[0], outbox=items,
                                  board_since=lobby.version + 1)


def _item(n: int, kind: str = "note") -> OutboxItem:
    return OutboxItem(kind, {"n": n, "text": f"message {n} ✓", "mentions": [ANN]})


# ----- the schema ----------------------------------------------------------------------------------


async def test_version_4_adds_the_outbox_and_the_games_columns(sqlite_store: GameStore, db_path: Path) -> None:
    assert LATEST_VERSION >= 4
    columns = {row[1]: (row[2], row[3], row[4]) for row in raw(db_path, "PRAGMA table_info(outbox)")}
    assert columns == {
        "id": ("INTEGER", 0, None), "game_id": ("INTEGER", 1, None), "kind": ("TEXT", 1, None),
        "payload": ("TEXT", 1, None), "created_at": ("TEXT", 1, None), "attempts": ("INTEGER", 1, "0"),
        "next_attempt_at": ("TEXT", 1, None), "last_error": ("TEXT", 0, None), "delivered_at": ("TEXT", 0, None),
    }
    [sql] = raw(db_path, "SELECT sql FROM sqlite_master WHERE name = 'outbox'")[0]
    assert "AUTOINCREMENT" in str(sql) and "ON DELETE CASCADE" in str(sql)
    rows = raw(db_path, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'")
    indexes = {name: sql for name, sql in rows}
    assert "(game_id, id) WHERE delivered_at IS NULL" in str(indexes["outbox_pending_by_game"])
    assert "(next_attempt_at) WHERE delivered_at IS NULL" in str(indexes["outbox_pending_by_due"])
    games = {row[1]: (row[2], row[3]) for row in raw(db_path, "PRAGMA table_info(games)")}
    assert games["damage"] == ("TEXT", 0) and games["board_since"] == ("INTEGER", 0)
    # The planner uses the partial indexes for the publisher's two questions.
    plan = " ".join(str(row[-1]) for row in raw(
        db_path, "EXPLAIN QUERY PLAN SELECT id FROM outbox WHERE game_id = 1 AND delivered_at IS NULL ORDER BY id"))
    assert "outbox_pending_by_game" in plan


async def test_a_version_3_db_path_is_upgraded_keeping_its_games(db_path: Path) -> None:
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await migrate(conn, MIGRATIONS[:3])
        await conn.execute("INSERT INTO games (kind, guild_id, channel_id, creator_id, seed, snapshot, version, "
                           "status, created_at, updated_at) VALUES ('circus_train', 1, 2, 3, 4, '{\"s\":1}', 7, "
                           "'active', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
    async with await GameStore.open(db_path) as store:
        [game] = await store.active_games()
        assert (game.snapshot, game.version, game.board_since, game.damage) == ({"s": 1}, 7, None, None)
        assert await OutboxStore(store).pending(game.id) == []


# ----- writing items with the change they publish -------------------------------------------------


async def test_items_are_saved_with_the_start_the_action_the_status_and_the_take_back(
        store: GameStore, clock: Clock) -> None:
    outbox = OutboxStore(store)
    game = await _started(store, _item(1, "board"))
    assert game.board_since == game.version
    clock.tick()
    v1 = await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}, awaited=[1],
                                   outbox=[_item(2), _item(3, "direct")], board_since=game.version + 1)
    clock.tick()
    v2 = await LifeStore(store).take_back(game.id, v1, v1, {"s": 0}, [0], outbox=[_item(4)], board_since=v1 + 1)
    clock.tick()
    finished = await store.set_status(game.id, "abandoned", v2, outbox=[_item(5, "lobby")])
    rows = await outbox.pending(game.id)
    assert [(row.kind, row.payload["n"]) for row in rows] == [("board", 1), ("note", 2), ("direct", 3), ("note", 4),
                                                               ("lobby", 5)]
    assert rows[1].payload == {"n": 2, "text": "message 2 ✓", "mentions": [ANN]}
    assert all(isinstance(row, OutboxRow) and row.game_id == game.id for row in rows)
    assert [row.created_at for row in rows] == [START, START + timedelta(minutes=1), START + timedelta(minutes=1),
                                                START + timedelta(minutes=2), START + timedelta(minutes=3)]
    assert all(row.next_attempt_at == row.created_at and row.attempts == 0 and row.last_error is None
               for row in rows)
    assert rows == sorted(rows, key=lambda row: row.id)
    assert finished.board_since == v1 + 1  # set_status leaves the board where it began


async def test_board_since_is_set_only_when_given(store: GameStore) -> None:
    lobby = await _lobby(store)
    assert lobby.board_since is None
    game = await store.start_game(lobby.id, lobby.version, {"s": 0}, awaited=[0])
    assert game.board_since is None
    v1 = await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}, board_since=game.version)
    v2 = await store.record_action(game.id, v1, 0, {"kind": "x"}, [], {"s": 2})
    after = await store.get_game(game.id)
    assert after is not None and after.version == v2 and after.board_since == game.version
    with pytest.raises(ValueError, match="board_since"):
        await store.record_action(game.id, v2, 0, {"kind": "x"}, [], {"s": 3}, board_since=-1)


async def test_a_refused_write_saves_no_item(store: GameStore, database: str) -> None:
    game = await _started(store)
    v1 = await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}, outbox=[_item(1)])
    with pytest.raises(StaleVersion):
        await store.record_action(game.id, game.version, 1, {"kind": "late"}, [], {"s": 9}, outbox=[_item(2)],
                                  board_since=99)
    with pytest.raises(StaleVersion):
        await store.set_status(game.id, "abandoned", game.version, outbox=[_item(3)])
    with pytest.raises(StaleVersion):
        await LifeStore(store).take_back(game.id, game.version, v1, {"s": 0}, [0], outbox=[_item(4)])
    with pytest.raises(StaleVersion):
        await store.start_game(game.id, game.version - 1, {"s": 0}, outbox=[_item(5)])
    assert [row.payload["n"] for row in await OutboxStore(store).pending(game.id)] == [1]
    after = await store.get_game(game.id)
    assert after is not None and after.version == v1 and after.board_since == game.board_since
    assert raw(database, "SELECT count(*) FROM outbox") == [(1,)]


async def test_an_item_that_cannot_be_saved_leaves_no_action(sqlite_store: GameStore, db_path: Path) -> None:
    store = sqlite_store
    game = await _started(store)
    # Make the db_path itself refuse outbox rows (a real failure inside the transaction).
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("CREATE TRIGGER refuse_items BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'no room'); END")
    conn.close()
    with pytest.raises(sqlite3.IntegrityError, match="no room"):
        await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}, awaited=[1],
                                  outbox=[_item(1)], board_since=game.version + 1)
    after = await store.get_game(game.id)
    assert after is not None
    assert (after.version, after.snapshot, after.board_since) == (game.version, {"s": 0}, game.board_since)
    assert await store.actions(game.id) == []
    assert raw(db_path, "SELECT seat FROM seats WHERE awaited_since IS NOT NULL") == [(0,)]  # clocks as before
    # Without items the same write goes through.
    assert await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}) == game.version + 1


async def test_items_are_checked_before_anything_is_written(store: GameStore) -> None:
    game = await _started(store)
    with pytest.raises(ValueError):
        OutboxItem("note", {"bad": float("nan")})
    with pytest.raises(TypeError):
        OutboxItem("note", {"bad": object()})
    with pytest.raises(ValueError, match="kind"):
        OutboxItem("", {})
    with pytest.raises(TypeError, match="mapping"):
        OutboxItem("note", ["not", "an", "object"])  # type: ignore[arg-type]
    item = OutboxItem("note", {"n": 1})
    with pytest.raises(TypeError, match="sequence of OutboxItem"):
        await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1},
                                  outbox=item)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="OutboxItem"):
        await store.enqueue(game.id, [{"kind": "note"}])  # type: ignore[list-item]
    assert await store.actions(game.id) == [] and await OutboxStore(store).pending(game.id) == []
    # An item is a value: it is encoded (and so checked) when made, and a payload changed afterwards
    # changes nothing of what is saved, so nothing unchecked is ever written.
    payload: dict[str, object] = {"n": 1}
    late = OutboxItem("note", payload)
    payload["bad"] = float("inf")
    await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"s": 1}, outbox=[late])
    assert [row.payload for row in await OutboxStore(store).pending(game.id)] == [{"n": 1}]
    assert OutboxItemFromOutbox is OutboxItem


async def test_enqueue_changes_no_version(store: GameStore, clock: Clock) -> None:
    game = await _started(store)
    clock.tick(5)
    ids = await store.enqueue(game.id, [_item(1), _item(2)])
    assert len(ids) == 2 and ids[0] < ids[1]
    assert await store.enqueue(game.id, []) == []
    after = await store.get_game(game.id)
    assert after is not None and after.version == game.version and after.updated_at == game.updated_at
    rows = await OutboxStore(store).pending(game.id)
    assert [row.id for row in rows] == ids and rows[0].created_at == clock.now
    with pytest.raises(GameNotFound):
        await store.enqueue(999, [_item(3)])


# ----- reading and settling -----------------------------------------------------------------------


async def test_due_games_are_those_whose_first_item_is_due_oldest_first(store: GameStore, clock: Clock) -> None:
    outbox = OutboxStore(store)
    first = await _started(store)
    second = await _started(store)
    assert await outbox.due_games() == []
    [a1] = await store.enqueue(second.id, [_item(1)])
    clock.tick()
    [b1] = await store.enqueue(first.id, [_item(2)])
    assert await outbox.due_games() == [second.id, first.id]  # by the oldest item
    assert await outbox.due_games(START - timedelta(seconds=1)) == []
    assert await outbox.due_games(START) == [second.id]
    # The first item of `second` fails and backs off: the game waits, even for a newer item behind it.
    assert await outbox.failed(a1, "HTTP 503 Service Unavailable", clock.now + timedelta(minutes=10)) == 1
    clock.tick()
    await store.enqueue(second.id, [_item(3)])
    assert await outbox.due_games() == [first.id]
    assert await outbox.due_games(clock.now + timedelta(minutes=9)) == [second.id, first.id]
    [head, _] = await outbox.pending(second.id)
    assert (head.id, head.attempts, head.last_error) == (a1, 1, "HTTP 503 Service Unavailable")
    assert head.next_attempt_at == START + timedelta(minutes=11)
    assert await outbox.failed(a1, "x" * 5000, clock.now) == 2
    [head, _] = await outbox.pending(second.id)
    assert head.last_error is not None and len(head.last_error) == 1000 and head.next_attempt_at == clock.now
    assert await outbox.due_games() == [second.id, first.id]
    assert await outbox.delivered(b1)
    assert await outbox.due_games() == [second.id]
    with pytest.raises(ValueError, match="timezone-aware"):
        await outbox.due_games(datetime(2026, 1, 1))


async def test_delivered_marks_the_item_and_sets_the_board_message(store: GameStore, database: str,
                                                                    clock: Clock) -> None:
    outbox = OutboxStore(store)
    game = await _started(store, _item(1, "board"), _item(2))
    [board, note] = await outbox.pending(game.id)
    clock.tick(2)
    board_message = 1_234_567_890_123_456_789
    assert await outbox.delivered(board.id, board_message_id=board_message)
    after = await store.get_game(game.id)
    assert after is not None and after.board_message_id == board_message
    assert after.version == game.version and after.updated_at == game.updated_at  # metadata only
    assert [row.id for row in await outbox.pending(game.id)] == [note.id]
    assert raw(database, "SELECT delivered_at FROM outbox WHERE id = ?", (board.id,)) == [(clock.now.isoformat(),)]
    # Twice, or an unknown item: nothing changes.
    assert not await outbox.delivered(board.id, board_message_id=5)
    assert not await outbox.delivered(9999, board_message_id=5)
    assert await outbox.failed(board.id, "late", clock.now) == 0
    again = await store.get_game(game.id)
    assert again is not None and again.board_message_id == board_message
    assert await outbox.delivered(note.id)
    assert (await store.get_game(game.id)).board_message_id == board_message  # type: ignore[union-attr]
    assert await outbox.pending(game.id) == []


async def test_prune_forgets_only_items_delivered_before_the_instant(store: GameStore, clock: Clock) -> None:
    outbox = OutboxStore(store)
    game = await _started(store, _item(1), _item(2), _item(3))
    first, second, third = await outbox.pending(game.id)
    clock.tick(60)
    await outbox.delivered(first.id)
    clock.tick(60)
    await outbox.delivered(second.id)
    assert await outbox.prune(START + timedelta(minutes=60)) == 0  # strictly before
    assert await outbox.prune(START + timedelta(minutes=61)) == 1
    assert await outbox.prune(clock.now + timedelta(days=1)) == 1
    assert [row.id for row in await outbox.pending(game.id)] == [third.id]  # undelivered items stay


async def test_items_survive_a_restart_and_go_with_their_game(database: str, clock: Clock) -> None:
    async with await GameStore.open(database, clock=clock) as store:
        game = await _started(store, _item(1), _item(2))
        other = await _started(store, _item(3))
        await OutboxStore(store).failed((await OutboxStore(store).pending(game.id))[0].id, "down", START)
    async with await GameStore.open(database, clock=clock) as store:
        outbox = OutboxStore(store)
        rows = await outbox.pending(game.id)
        assert [(row.payload["n"], row.attempts, row.last_error) for row in rows] == [(1, 1, "down"), (2, 0, None)]
        assert await outbox.due_games() == [game.id, other.id]
    async with await GameStore.open(database, clock=clock) as store, store.database.write() as conn:
        await conn.execute("DELETE FROM games WHERE id = ?", (game.id,))
    assert raw(database, "SELECT game_id FROM outbox") == [(other.id,)]
    # AUTOINCREMENT: ids are never reused, so delivery order stays the order of saving.
    async with await GameStore.open(database, clock=clock) as store:
        [new] = await store.enqueue(other.id, [_item(4)])
        assert new > max(row.id for row in rows)


async def test_times_compare_as_instants_whatever_their_fraction_or_zone(store: GameStore, clock: Clock) -> None:
    outbox = OutboxStore(store)
    game = await _started(store)
    [item] = await store.enqueue(game.id, [_item(1)])  # created at START exactly (no fraction of a second)
    assert await outbox.due_games(START + timedelta(microseconds=1)) == [game.id]
    assert await outbox.due_games(START - timedelta(microseconds=1)) == []
    await outbox.failed(item, "slow", START + timedelta(milliseconds=500))
    assert await outbox.due_games(START + timedelta(milliseconds=400)) == []
    assert await outbox.due_games(START + timedelta(seconds=1)) == [game.id]
    berlin = timezone(timedelta(hours=1))
    assert await outbox.due_games(datetime(2026, 11, 30, 10, 0, 0, 600_000, tzinfo=berlin)) == [game.id]
    assert await outbox.due_games(datetime(2026, 11, 30, 10, 0, 0, 400_000, tzinfo=berlin)) == []
    [row] = await outbox.pending(game.id)
    assert row.next_attempt_at == START + timedelta(milliseconds=500) and row.next_attempt_at.tzinfo is not None
