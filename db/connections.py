"""Opening the connections a store works on. SQLite: the file tried first, write-ahead logging switched
on (retrying while another process reads), the schema migrated, and the read-only connections beside the
writer. PostgreSQL: the writer (which creates or migrates the schema), its readers and the connection that
holds the games' locks across processes."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Final, TypeVar

from db.backend import Connection
from db.errors import MigrationFailed, SchemaTooNew, StorageUnavailable, StoreBusy, storage_error
from db.inline import InlineConnection
from db.pg_connection import PgConnection, redact
from db.pg_connection import connect as pg_connect
from db.pg_schema import migrate_postgres
from db.records import decode_text
from db.schema import LATEST_VERSION, migrate, schema_version


def is_busy(error: sqlite3.OperationalError) -> bool:
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


log = logging.getLogger(__name__)

T = TypeVar("T")

READERS: Final = 2  # read-only connections per store: enough to keep reads off the writer's queue


async def open_readers(location: str, busy_timeout: float) -> list[InlineConnection]:
    readers: list[InlineConnection] = []
    try:
        for _ in range(READERS):
            readers.append(InlineConnection.open_read_only(location, busy_timeout, decode_text))
    except BaseException:
        for reader in readers:
            await reader.close()
        raise
    return readers


async def enable_wal(conn: Connection, timeout: float) -> bool:
    """Switch the file to write-ahead logging (persistent; a no-op once done); False if SQLite refused
    (it does for a read-only file not yet in WAL mode).

    Switching needs an exclusive lock, and SQLite answers "database is locked" at once, without
    waiting, when another connection is reading the file: so retry until ``timeout``.
    """
    rows = list(await while_busy(lambda: conn.execute_fetchall("PRAGMA journal_mode = WAL"), timeout, 0.005, 0.1))
    return str(rows[0][0]).lower() in ("wal", "memory")


async def open_sqlite(location: str, busy_timeout: float) -> tuple[InlineConnection, list[InlineConnection]]:
    """The writing connection to the SQLite file at ``location`` (created with its folders if needed, in WAL
    mode, migrated) and the readers beside it. Errors name the file.

    Both answer on the event loop's thread (:mod:`db.inline` says why). So that nothing stops the loop once
    the store is open, the writer's own waiting for a busy file is switched off (:func:`begin_immediate`
    waits instead) and so are its automatic checkpoints (:class:`Checkpoints` runs them in a thread)."""
    try:
        if location != ":memory:":
            Path(location).parent.mkdir(parents=True, exist_ok=True)
        conn = InlineConnection.open_writer(location, busy_timeout, decode_text)
    except (OSError, sqlite3.Error) as error:
        raise storage_error(error, path=location) or StorageUnavailable("cannot-open", path=location) from error
    try:
        await conn.execute("PRAGMA foreign_keys = ON")
        found = await schema_version(conn)
        if found > LATEST_VERSION:  # refused before anything (even the journal mode) changes
            raise SchemaTooNew(found, LATEST_VERSION)
        if not await enable_wal(conn, busy_timeout):
            raise StorageUnavailable("read-only", path=location)
        await conn.execute("PRAGMA synchronous = NORMAL")
        await migrate(conn)
        await conn.execute("PRAGMA busy_timeout = 0")
        await conn.execute("PRAGMA wal_autocheckpoint = 0")
        readers = [] if location == ":memory:" else await open_readers(location, busy_timeout)
    except BaseException as error:
        await conn.close()
        problem = named(storage_error(error, path=location) or error, location)
        if problem is error:
            raise
        raise problem from error
    return conn, readers


async def begin_immediate(conn: Connection, timeout: float) -> None:
    """Start a SQLite write transaction, waiting up to ``timeout`` seconds for another process's write to
    end without stopping the event loop (the writer's own ``busy_timeout`` is 0); StoreBusy after that."""
    await while_busy(lambda: conn.execute("BEGIN IMMEDIATE"), timeout, 0.002, 0.05)


async def while_busy(attempt: Callable[[], Awaitable[T]], timeout: float, first_delay: float,
                     longest_delay: float) -> T:
    """``attempt()``, tried again while SQLite answers "busy" or "locked", sleeping between tries (doubling
    from ``first_delay`` up to ``longest_delay``) so the event loop goes on; StoreBusy after ``timeout``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    delay = first_delay
    while True:
        try:
            return await attempt()
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            if loop.time() >= deadline:
                raise StoreBusy() from error
            await asyncio.sleep(delay)
            delay = min(delay * 2, longest_delay)


CHECKPOINT_EVERY: Final = 200  # commits between moves of the log into the file


def _checkpoint(location: str) -> None:
    conn = sqlite3.connect(location, timeout=1.0)
    try:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        conn.close()


class Checkpoints:
    """Moves SQLite's write-ahead log into the database file every ``CHECKPOINT_EVERY`` commits, in a
    worker thread: a checkpoint syncs the file to disk, which may take a while, and the writer commits on
    the event loop's thread (its automatic checkpoints are off). A PASSIVE checkpoint waits for no one and
    holds up no reader or writer; the last connection to close checkpoints the rest itself."""

    def __init__(self, location: str) -> None:
        self._location = location
        self._commits = 0
        self._running: asyncio.Task[None] | None = None

    def committed(self) -> None:
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY and self._running is None:
            self._commits = 0
            self._running = asyncio.get_running_loop().create_task(self._run())

    @property
    def running(self) -> asyncio.Task[None] | None:
        """The checkpoint under way, if one is."""
        return self._running

    async def _run(self) -> None:
        try:
            await asyncio.to_thread(_checkpoint, self._location)
        except sqlite3.Error as error:  # the next one tries again; a failing disk shows in the writes
            log.warning("Checkpoint of %s failed: %s", self._location, error)
        finally:
            self._running = None

    async def close(self) -> None:
        if self._running is not None:
            await self._running


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
