"""Opening the connections a store works on. SQLite: the file tried first, write-ahead logging switched
on (retrying while another process reads), the schema migrated, and the read-only connections beside the
writer. PostgreSQL: the writer (which creates or migrates the schema), its readers and the connection that
holds the games' locks across processes."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Final

import aiosqlite

from db.errors import MigrationFailed, SchemaTooNew, StorageUnavailable, StoreBusy, storage_error
from db.pg_connection import PgConnection, redact
from db.pg_connection import connect as pg_connect
from db.pg_schema import migrate_postgres
from db.records import decode_text
from db.schema import LATEST_VERSION, migrate, schema_version


def is_busy(error: sqlite3.OperationalError) -> bool:
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


READERS: Final = 2  # read-only connections per store: enough to keep reads off the writer's queue


async def open_readers(location: str, busy_timeout: float) -> list[aiosqlite.Connection]:
    readers: list[aiosqlite.Connection] = []
    try:
        for _ in range(READERS):
            reader = await aiosqlite.connect(location, isolation_level=None, timeout=busy_timeout)
            readers.append(reader)
            reader.row_factory = sqlite3.Row
            reader.text_factory = decode_text
            await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            await reader.execute("PRAGMA query_only = ON")
    except BaseException:
        for reader in readers:
            await reader.close()
        raise
    return readers


def try_to_open(location: str) -> None:
    sqlite3.connect(location).close()


async def enable_wal(conn: aiosqlite.Connection, timeout: float) -> bool:
    """Switch the file to write-ahead logging (persistent; a no-op once done); False if SQLite refused
    (it does for a read-only file not yet in WAL mode).

    Switching needs an exclusive lock, and SQLite answers "database is locked" at once, without
    waiting, when another connection is reading the file: so retry until ``timeout``.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    delay = 0.005
    while True:
        try:
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            if loop.time() >= deadline:
                raise StoreBusy() from error
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.1)
    return str(rows[0][0]).lower() in ("wal", "memory")


async def open_sqlite(location: str, busy_timeout: float) -> tuple[aiosqlite.Connection, list[aiosqlite.Connection]]:
    """The writing connection to the SQLite file at ``location`` (created with its folders if needed, in WAL
    mode, migrated) and the readers beside it. Errors name the file."""
    try:
        if location != ":memory:":
            Path(location).parent.mkdir(parents=True, exist_ok=True)
            # Try the file on a plain connection first: when aiosqlite's own connect fails, its worker
            # thread may outlive the event loop and print a traceback (aiosqlite 0.22).
            await asyncio.to_thread(try_to_open, location)
        conn = await aiosqlite.connect(location, isolation_level=None, timeout=busy_timeout)
    except (OSError, sqlite3.Error) as error:
        raise storage_error(error, path=location) or StorageUnavailable("cannot-open", path=location) from error
    try:
        conn.row_factory = sqlite3.Row
        conn.text_factory = decode_text
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        await conn.execute("PRAGMA foreign_keys = ON")
        found = await schema_version(conn)
        if found > LATEST_VERSION:  # refused before anything (even the journal mode) changes
            raise SchemaTooNew(found, LATEST_VERSION)
        if not await enable_wal(conn, busy_timeout):
            raise StorageUnavailable("read-only", path=location)
        await conn.execute("PRAGMA synchronous = NORMAL")
        await migrate(conn)
        readers = [] if location == ":memory:" else await open_readers(location, busy_timeout)
    except BaseException as error:
        await conn.close()
        problem = named(storage_error(error, path=location) or error, location)
        if problem is error:
            raise
        raise problem from error
    return conn, readers


async def open_postgres(url: str, busy_timeout: float) -> tuple[PgConnection, list[PgConnection], PgConnection]:
    """The writing connection to the PostgreSQL database at ``url`` (its schema created or migrated), the
    readers beside it and the connection that holds the games' locks. Errors name the URL without its
    password."""
    opened: list[PgConnection] = []
    try:
        writer = await pg_connect(url, busy_timeout=busy_timeout)
        opened.append(writer)
        await migrate_postgres(writer)
        for _ in range(READERS):
            opened.append(await pg_connect(url, read_only=True, busy_timeout=busy_timeout))
        opened.append(await pg_connect(url, busy_timeout=busy_timeout))
    except BaseException as error:
        for conn in opened:
            await conn.close()
        problem = named(error, redact(url))
        if problem is error:
            raise
        raise problem from error
    return opened[0], opened[1:-1], opened[-1]


def named(error: BaseException, path: str) -> BaseException:
    """The operator's form of a database error met while opening: the same error naming the database."""
    if isinstance(error, StorageUnavailable) and error.path is None:
        return StorageUnavailable(error.cause, path=path)
    if isinstance(error, SchemaTooNew) and error.path is None:
        return SchemaTooNew(error.found, error.supported, path=path)
    if isinstance(error, MigrationFailed) and error.path is None:
        return MigrationFailed(error.version, error.reason, path=path)
    return error
