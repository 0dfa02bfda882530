"""The table's part of the health check and of the metrics, on SQLite and on PostgreSQL: the database proven
writable by a write that is rolled back (nothing kept), a read-only database found and counted as a database
error, the outbox's backlog and the live games read from the database, a stuck publisher found."""

from __future__ import annotations

from datetime import timedelta

import pytest

from db import GameStore, OutboxItem, StorageUnavailable
from db.secrets import SecretStore
from table.core import TableCore
from table.health import table_checks
from table.metrics import Metrics


def sample(metrics: Metrics, name: str, **labels: str) -> float:
    value = metrics.registry.get_sample_value(name, labels or None)
    return 0.0 if value is None else value


async def started_game(store: GameStore, kind: str = "circus_train") -> int:
    game = await store.create_game(kind, 1, 2, 11, {}, seed=5)
    await store.add_seat(game.id, 11, "Ann")
    await store.add_seat(game.id, 12, "Ben")
    started = await store.start_game(game.id, game.version + 2, {"turn": 0}, thread_id=3, awaited=[0])
    return started.id


async def test_the_database_is_proven_writable_without_keeping_anything(store: GameStore) -> None:
    await store.database.check_writable()
    await store.database.check_writable()  # the row of the first check was not kept
    assert await SecretStore(store).get_or_make("health-check", lambda: "kept") == "kept"


async def test_a_read_only_database_fails_the_check_and_is_counted(sqlite_store: GameStore) -> None:
    core = TableCore(sqlite_store, sqlite_store.database._clock)
    metrics = Metrics()
    core.measure(metrics)
    now = sqlite_store.database._clock()
    checks = await table_checks(core, now)
    assert checks["database"].ok and checks["publisher"].ok and checks["renders"].ok
    await sqlite_store.database.writer.execute("PRAGMA query_only = ON")
    with pytest.raises(StorageUnavailable):
        await sqlite_store.database.check_writable()
    checks = await table_checks(core, now)
    assert not checks["database"].ok
    assert checks["database"].detail["problem"].startswith("I could not save that: the game database is read-only")
    assert sample(metrics, "ringmaster_database_errors_total", kind="read-only") == 2
    await sqlite_store.database.writer.execute("PRAGMA query_only = OFF")
    assert (await table_checks(core, now))["database"].ok


async def test_the_backlog_and_live_games_are_read_and_a_stuck_publisher_found(store: GameStore) -> None:
    core = TableCore(store, store.database._clock)
    metrics = Metrics()
    first, second = await started_game(store), await started_game(store, "wanderzirkus")
    await store.enqueue(first, [OutboxItem("note", {"text": "a"}), OutboxItem("note", {"text": "b"})])
    now = store.database._clock()
    await metrics.read(store, now + timedelta(seconds=30))
    assert sample(metrics, "ringmaster_outbox_pending_items") == 2
    assert sample(metrics, "ringmaster_outbox_oldest_pending_seconds") == 30
    assert sample(metrics, "ringmaster_live_games", game="circus_train") == 1
    assert sample(metrics, "ringmaster_live_games", game="wanderzirkus") == 1
    checks = await table_checks(core, now + timedelta(seconds=601))
    assert not checks["publisher"].ok and checks["publisher"].detail["pending"] == 2
    assert "more than 600 s" in checks["publisher"].detail["problem"]
    assert (await table_checks(core, now + timedelta(seconds=599)))["publisher"].ok

    [oldest, newest] = await core.outbox.pending(first)
    await core.outbox.delivered(oldest.id)
    await core.outbox.set_aside(newest.id, "the chat service refused it")
    record = await store.get_game(second)
    assert record is not None
    await store.set_status(second, "abandoned", record.version)
    await metrics.read(store, now)
    assert sample(metrics, "ringmaster_outbox_pending_items") == 0
    assert sample(metrics, "ringmaster_outbox_oldest_pending_seconds") == 0
    assert sample(metrics, "ringmaster_outbox_set_aside_items") == 1
    assert sample(metrics, "ringmaster_live_games", game="wanderzirkus") == 0  # a kind whose games ended reads 0
    async with store.database.read() as conn:  # the checks kept nothing
        assert list(await conn.execute_fetchall("SELECT name FROM secrets")) == []
