"""What only the PostgreSQL backend has: its schema made at once at the baseline and kept equal to SQLite's,
the migrations after it shared with SQLite, its version row, and a server that cannot be reached."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest
from postgres_server import PostgresServer

from db import GameStore, StorageUnavailable
from db.pg_connection import PgConnection, connect, redact, to_postgres
from db.pg_schema import migrate_postgres
from db.schema import LATEST_VERSION, MIGRATIONS, migrate

from db_helpers import raw

TABLES = ("games", "seats", "actions", "members", "results", "votes", "undone", "outbox", "standing", "secrets",
          "leases", "ratings", "rated_games", "reviews", "lessons")


async def _sqlite_columns(path: Path, migrations: tuple[str, ...]) -> dict[str, list[str]]:
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, migrations)
        found = {}
        for table in (*TABLES, "notes"):
            rows = list(await conn.execute_fetchall(f"PRAGMA table_info({table})"))
            if rows:
                found[table] = sorted(str(row[1]) for row in rows)
        return found


def _postgres_columns(url: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for table, column in raw(url, "SELECT table_name, column_name FROM information_schema.columns "
                                  "WHERE table_schema = 'public' AND table_name != 'schema_version'"):
        found.setdefault(str(table), []).append(str(column))
    return {table: sorted(columns) for table, columns in found.items()}


async def test_a_new_database_is_made_at_the_baseline_with_sqlites_tables(postgres: PostgresServer,
                                                                         tmp_path: Path) -> None:
    url = await postgres.empty_database()
    async with await GameStore.open(url) as store:
        assert (await store.settings())["schema_version"] == LATEST_VERSION
    assert raw(url, "SELECT version FROM schema_version") == [(LATEST_VERSION,)]
    assert _postgres_columns(url) == await _sqlite_columns(tmp_path / "same.sqlite3", MIGRATIONS)
    # Discord ids are 64-bit on both.
    assert raw(url, "SELECT data_type FROM information_schema.columns WHERE table_name = 'games' "
                    "AND column_name = 'guild_id'") == [("bigint",)]


async def test_a_later_migration_is_shared_by_both_databases(postgres: PostgresServer, tmp_path: Path) -> None:
    later = (*MIGRATIONS, "CREATE TABLE notes (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, text TEXT NOT NULL) "
                          "WITHOUT ROWID;\nALTER TABLE games ADD COLUMN note_count INTEGER NOT NULL DEFAULT 0;")
    url = await postgres.new_database()
    conn = await connect(url)
    try:
        assert await migrate_postgres(conn, later) == len(later)
        assert await migrate_postgres(conn, later) == len(later)  # nothing to do the second time
    finally:
        await conn.close()
    assert _postgres_columns(url) == await _sqlite_columns(tmp_path / "later.sqlite3", later)
    assert raw(url, "SELECT data_type FROM information_schema.columns WHERE table_name = 'notes' "
                    "AND column_name = 'user_id'") == [("bigint",)]
    assert raw(url, "SELECT version FROM schema_version") == [(len(later),)]


async def test_the_log_is_append_only_on_postgresql(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    async with await GameStore.open(url) as store:
        game = await store.create_game("circus_train", 1, 2, 3, {}, seed=4)
        await store.add_seat(game.id, 3, "Ann")
        started = await store.start_game(game.id, 1, {"turn": 0})
        await store.record_action(game.id, started.version, 0, {"kind": "x"}, [], {"n": 1})
        for statement in ("UPDATE actions SET seat = 3", "DELETE FROM actions"):
            with pytest.raises(Exception, match="append-only"):
                async with store.database.write() as conn:
                    await conn.execute(statement)
        async with store.database.write() as conn:
            await conn.execute("DELETE FROM games WHERE id = ?", (game.id,))  # a whole game may go, log and all
    assert raw(url, "SELECT count(*) FROM actions") == [(0,)]


async def test_a_server_that_cannot_be_reached_is_told_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://ringmaster:hunter2@/nowhere?host={tmp_path}"
    with pytest.raises(StorageUnavailable) as refused:
        await GameStore.open(url)
    assert refused.value.cause == "unreachable"
    assert "hunter2" not in str(refused.value) and "cannot be reached" in str(refused.value)
    assert redact("postgresql://u:secret@db.example:5432/games") == "postgresql://u:***@db.example:5432/games"


async def test_a_lost_connection_fails_the_write_whole_and_the_next_one_reconnects(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    async with await GameStore.open(url) as store:
        game = await store.create_game("circus_train", 1, 2, 3, {}, seed=4)
        writer = store.database.writer
        assert isinstance(writer, PgConnection)
        with pytest.raises(StorageUnavailable, match="could not save that"):
            async with store.database.write() as conn:
                await conn.execute("UPDATE games SET kind = 'x' WHERE id = ?", (game.id,))
                raw(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ringmaster' "
                         "AND backend_xid IS NOT NULL")
                await conn.execute("UPDATE games SET seed = 5 WHERE id = ?", (game.id,))
        again = await store.get_game(game.id)
        assert again is not None and again.kind == "circus_train"  # nothing of the broken write was kept
        await store.add_seat(game.id, 3, "Ann")  # the writer reconnected by itself
        assert [seat.user_id for seat in await store.seats(game.id)] == [3]


def test_sqlite_words_become_postgresql_words() -> None:
    assert to_postgres("SELECT a FROM t WHERE b = ? AND c IS ? AND d = '?'").sql == \
        "SELECT a FROM t WHERE b = $1 AND c IS NOT DISTINCT FROM $2 AND d = '?'"
    assert to_postgres("INSERT OR IGNORE INTO votes (a) VALUES (?)").sql == \
        "INSERT INTO votes (a) VALUES ($1) ON CONFLICT DO NOTHING"
    assert to_postgres("SELECT 1 FROM seats AS s INDEXED BY seats_by_due CROSS JOIN games AS g ON g.id = s.game_id"
                       ).sql == "SELECT 1 FROM seats AS s JOIN games AS g ON g.id = s.game_id"
    assert to_postgres("BEGIN IMMEDIATE").sql == "BEGIN"
    assert to_postgres("BEGIN").sql == "BEGIN ISOLATION LEVEL REPEATABLE READ"
