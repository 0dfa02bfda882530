"""The schema and its migrations, on real SQLite files."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from db.errors import MigrationFailed, SchemaTooNew
from db.schema import LATEST_VERSION, MIGRATIONS, migrate, schema_version, split_statements
from db.store import GameStore


def _user_version(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _schema(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT type || ':' || name, sql FROM sqlite_master WHERE sql IS NOT NULL").fetchall()
    finally:
        conn.close()
    return dict(rows)


async def test_an_empty_file_is_migrated_to_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "folder" / "ringmaster.db"
    async with await GameStore.open(path) as store:
        settings = await store.settings()
    assert path.exists()
    assert LATEST_VERSION == len(MIGRATIONS) >= 1
    assert _user_version(path) == LATEST_VERSION == settings["schema_version"]
    schema = _schema(path)
    for name in ("table:games", "table:seats", "table:actions", "index:games_by_guild_status",
                 "index:games_by_status", "index:games_by_thread", "index:seats_by_user",
                 "trigger:actions_no_update", "trigger:actions_no_delete"):
        assert name in schema, name
    assert "CHECK (status IN ('lobby', 'active', 'finished', 'abandoned'))" in schema["table:games"]
    assert "ON DELETE CASCADE" in schema["table:seats"] and "UNIQUE (game_id, user_id)" in schema["table:seats"]
    assert "PRIMARY KEY (game_id, version)" in schema["table:actions"]


async def test_opening_again_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    async with await GameStore.open(path) as store:
        game = await store.create_game("circus_train", 1, 2, 3, {"advanced": True}, seed=7)
    before = _schema(path)
    async with await GameStore.open(path) as store:
        assert await store.get_game(game.id) == game
        assert await migrate(store.database.writer) == LATEST_VERSION
    assert _schema(path) == before
    assert _user_version(path) == LATEST_VERSION


async def test_a_database_from_a_future_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    async with await GameStore.open(path):
        pass
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 3}")
    with pytest.raises(SchemaTooNew) as refused:
        await GameStore.open(path)
    assert refused.value.found == LATEST_VERSION + 3 and refused.value.supported == LATEST_VERSION
    message = str(refused.value)
    assert f"schema version {LATEST_VERSION + 3}" in message and "newer release" in message
    assert _user_version(path) == LATEST_VERSION + 3  # untouched


async def test_only_the_missing_migrations_run_each_in_its_own_transaction(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    async with await GameStore.open(path) as store:
        await store.create_game("circus_train", 1, 2, 3, {}, seed=1)
    extra = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT 'a;b');"
    broken = "CREATE TABLE doomed (id INTEGER); INSERT INTO no_such_table VALUES (1);"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, (*MIGRATIONS, extra)) == LATEST_VERSION + 1
        with pytest.raises(MigrationFailed) as failed:
            await migrate(conn, (*MIGRATIONS, extra, broken))
        assert failed.value.version == LATEST_VERSION + 2
        assert "no_such_table" in str(failed.value)
        assert await schema_version(conn) == LATEST_VERSION + 1
        assert not conn.in_transaction
        rows = list(await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'"))
    names = {row[0] for row in rows}
    assert "notes" in names and "doomed" not in names
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT count(*) FROM games").fetchone()[0] == 1  # data kept


async def test_a_migration_that_breaks_a_foreign_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    async with await GameStore.open(path):
        pass
    orphan = ("INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) "
              "VALUES (999, 0, 1, 'Ghost', '2024-01-01T00:00:00+00:00');")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(MigrationFailed, match="foreign key"):
            await migrate(conn, (*MIGRATIONS, orphan))
        assert await schema_version(conn) == LATEST_VERSION
        fk = list(await conn.execute_fetchall("PRAGMA foreign_keys"))
        assert fk[0][0] == 1  # restored after migrating


async def test_two_processes_opening_a_new_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    stores = await asyncio.gather(*(GameStore.open(path) for _ in range(4)))
    try:
        assert _user_version(path) == LATEST_VERSION
        game = await stores[0].create_game("circus_train", 1, 2, 3, {}, seed=1)
        assert await stores[3].get_game(game.id) == game
    finally:
        for store in stores:
            await store.close()


def test_statements_split_where_sqlite_ends_them() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (a TEXT DEFAULT 'x;y');
    CREATE TRIGGER t_guard BEFORE DELETE ON t
    BEGIN
        SELECT RAISE(ABORT, 'no; never');
    END;
    /* trailing */
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[0].endswith("DEFAULT 'x;y');")
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(ValueError, match="unterminated"):
        split_statements("CREATE TRIGGER x BEFORE DELETE ON t BEGIN SELECT 1;")


async def test_a_version_1_database_gains_the_seed_salt_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "ringmaster.db"
    with sqlite3.connect(path) as conn:
        for statement in split_statements(MIGRATIONS[0]):
            conn.execute(statement)
        conn.execute("INSERT INTO games (kind, guild_id, channel_id, creator_id, seed, created_at, updated_at) "
                     "VALUES ('circus_train', 1, 2, 3, 99, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')")
        conn.execute("PRAGMA user_version = 1")
    async with await GameStore.open(path) as store:
        game = await store.get_game(1)
        fresh = await store.create_game("circus_train", 1, 2, 3, {}, seed=5, seed_salt="ab" * 16)
    assert game is not None and (game.seed, game.seed_salt) == (99, "")
    assert fresh.seed_salt == "ab" * 16
    assert _user_version(path) == LATEST_VERSION >= 2
