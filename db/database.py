"""The database every store works on: its connections, the transactions their statements run in, and the
store's clock. The seam under the stores — :class:`~db.store.GameStore`, :class:`~db.life.LifeStore`,
:class:`~db.outbox.OutboxStore`, :class:`~db.leases.LeaseStore`, :class:`~db.secrets.SecretStore` — which
all share one :class:`Database` (``store.database``) and write through nothing else.

- :meth:`Database.write` — one ``BEGIN IMMEDIATE`` transaction on the writing connection: committed if the
  block finishes, rolled back if it raises.
- :meth:`Database.read` — a connection to read on (with ``snapshot=True``: one read transaction, so several
  queries see the same instant).
- :meth:`Database.transaction` — one transaction for several writes: every write and read of this
  database that the task makes inside the block joins it (the table's unit of work).
- :func:`change` — run one data-changing statement inside them, returning how many rows it changed;
  :meth:`Database.now` — the store's clock as stored text; :func:`placeholders` — ``?, ?, ?``.

How writes are serialised
-------------------------
Every write runs under one ``asyncio.Lock`` on one connection, so coroutines never interleave inside a
transaction; reads go through read-only connections beside it. On SQLite the statements run on the event
loop's own thread (:mod:`db.inline` says why). Every write is a ``BEGIN IMMEDIATE`` transaction, which takes
SQLite's write lock before reading anything (a game's version): two stores (two processes) on the same file
queue up (for ``busy_timeout``, waiting asynchronously) rather than interleave, and the later one sees the
earlier one's commit (and gets ``StaleVersion`` from the game store). Nothing is ever silently overwritten.
A write that waits longer than ``busy_timeout`` for the lock raises :class:`~db.errors.StoreBusy`.

SQLite itself failing — a full disk, a read-only or damaged file — raises
:class:`~db.errors.StorageUnavailable` with a sentence a player can read, after the transaction was rolled
back: what it was changing is as it was.

One transaction for several writes
----------------------------------
The transaction a task has open through :meth:`Database.transaction` is ambient: :meth:`~Database.write`
and :meth:`~Database.read` called by that same task, on the same database, hand out its connection instead
of starting their own, so the stores built on the database need nothing passed to them to join it. Only the
task that opened it joins it: a task started inside the block (a delivery, a timer) waits for the
transaction to end, like any other writer.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Protocol

from db.backend import Connection, is_postgres
from db.connections import Checkpoints, begin_immediate, open_postgres, open_sqlite
from db.errors import StorageUnavailable, StoreBusy, StoreError, storage_error
from db.game_locks import GameLocks
from db.pg_connection import redact
from db.pg_schema import postgres_schema_version
from db.records import utc_now
from db.schema import schema_version

__all__ = ["Database", "change", "placeholders"]

# The transaction a task has open through :meth:`Database.transaction`: the database, its connection and the
# task. Only that task joins it: a task started inside the block inherits the variable but not the transaction.
_OPEN: ContextVar[tuple[Database, Connection, asyncio.Task[Any] | None] | None] = ContextVar(
    "ringmaster_open_transaction", default=None)


async def change(conn: Connection, sql: str, params: Sequence[object]) -> int:
    """Run one data-changing statement; returns how many rows it changed. One trip to the database
    thread (a cursor would cost a second one to close it); ``total_changes`` is read once the thread is
    done with the statement."""
    before = conn.total_changes
    await conn.execute_fetchall(sql, params)
    return conn.total_changes - before


def placeholders(count: int) -> str:
    """``count`` question marks for an ``IN (...)`` list."""
    return ", ".join("?" * count)


class _RolledBack(Exception):
    """Ends :meth:`Database.check_writable`'s transaction without keeping its write."""


class OnDatabase(Protocol):
    """A store built on a :class:`Database` (the game store, and the stores beside it take one)."""

    @property
    def database(self) -> Database: ...


class Database:
    """The connections of one database and the transactions on them. Open with ``await Database.open(path)``
    (or through :meth:`GameStore.open <db.store.GameStore.open>`) and close when done."""

    def __init__(self, conn: Connection, path: str, clock: Callable[[], datetime], *,
                 readers: Sequence[Connection] = (), locks: GameLocks | None = None,
                 busy_timeout: float = 5.0) -> None:
        """Use :meth:`open`."""
        self._conn: Connection | None = conn
        self.busy_timeout = busy_timeout
        """Seconds a write waits for another process's write (see :meth:`open`)."""
        self._lock = asyncio.Lock()
        # Read-only connections beside the one that writes (WAL lets them read while it writes); a
        # ":memory:" database has none and reads on the writing connection, under its lock.
        self._readers: asyncio.Queue[Connection] = asyncio.Queue()
        for reader in readers:
            self._readers.put_nowait(reader)
        self._reader_count = len(readers)
        self._clock = clock
        self.path = path
        """The SQLite file, or the PostgreSQL URL without its password."""
        self.locks = locks
        """Games' locks across processes (PostgreSQL); None on SQLite, where one process owns the file."""
        self.postgres = locks is not None
        self.checkpoints = Checkpoints(path) if not self.postgres and path != ":memory:" else None
        """What moves a SQLite file's log into it, from a thread (an in-memory database and PostgreSQL have none)."""
        self.on_failure: Callable[[StoreError], None] | None = None
        """Told of every time the database itself fails (StorageUnavailable, StoreBusy), for the metrics."""

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, busy_timeout: float = 5.0,
                   clock: Callable[[], datetime] | None = None) -> Database:
        """Open (creating and migrating it if needed) the database at ``path``; the arguments and the errors
        are :meth:`GameStore.open <db.store.GameStore.open>`'s."""
        location = os.fspath(path)
        if is_postgres(location):
            writer, readers, locker = await open_postgres(location, busy_timeout)
            return cls(writer, redact(location), clock or utc_now, readers=readers,
                       locks=GameLocks(locker, busy_timeout), busy_timeout=busy_timeout)
        conn, sqlite_readers = await open_sqlite(location, busy_timeout)
        return cls(conn, location, clock or utc_now, readers=sqlite_readers, busy_timeout=busy_timeout)

    async def close(self) -> None:
        """Close the connections (waiting for any operation in progress). Safe to call twice."""
        if self.locks is not None:
            await self.locks.close()
        async with self._lock:
            if self.checkpoints is not None:
                await self.checkpoints.close()
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()
            while self._reader_count:
                reader = await self._readers.get()
                self._reader_count -= 1
                await reader.close()

    async def settings(self) -> dict[str, int | str]:
        """The writing connection's SQLite settings and schema version (for health checks and tests); on
        PostgreSQL its server version instead."""
        async with self._lock:
            conn = self._connection()
            result: dict[str, int | str] = {}
            if self.postgres:
                rows = list(await conn.execute_fetchall("SHOW server_version"))
                result["server_version"] = str(rows[0][0])
                result["schema_version"] = await postgres_schema_version(conn)  # type: ignore[arg-type]
                return result
            for pragma in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout"):
                rows = list(await conn.execute_fetchall(f"PRAGMA {pragma}"))
                result[pragma] = rows[0][0]
            result["schema_version"] = await schema_version(conn)
            return result

    @property
    def writer(self) -> Connection:
        """The writing connection itself, outside any transaction and lock: only for a connection's own
        settings (health checks, tests that make the disk fail). Data is written through :meth:`write`."""
        return self._connection()

    def _connection(self) -> Connection:
        if self._conn is None:
            raise RuntimeError("the game store is closed")
        return self._conn

    def now(self) -> str:
        """The store's clock, as the ISO-8601 UTC text every timestamp is stored as."""
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must return timezone-aware datetimes")
        return now.astimezone(UTC).isoformat()

    # ----- transactions -----------------------------------------------------------------------
    def _joined(self) -> Connection | None:
        """The connection of the transaction this task has open on this database, if any."""
        current = _OPEN.get()
        if current is None or current[0] is not self or current[2] is not asyncio.current_task():
            return None
        return current[1]

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One transaction for several writes: every write of this database (through any of the stores built
        on it: ``GameStore``, ``LifeStore``, ``OutboxStore``, …) that this task makes inside the block joins
        it, and so do its reads, which see what the block wrote. Committed when the block ends, rolled back —
        all of it — if the block raises. Nested blocks join the outer one."""
        async with self.write() as conn:
            yield conn

    @asynccontextmanager
    async def read(self, *, snapshot: bool = False) -> AsyncIterator[Connection]:
        """Exclusive use of a connection for reading; with ``snapshot``, inside one read
        transaction so that several queries see the same instant. SQLite failing (a damaged file, a
        disk error) raises StorageUnavailable, a lock held too long StoreBusy. Inside
        :meth:`transaction`, the transaction's own connection (it sees what the transaction wrote)."""
        joined = self._joined()
        if joined is not None:
            yield joined
            return
        async with self._reader() as conn:
            try:
                await self._recover(conn)
                if not snapshot:
                    yield conn
                    return
                await conn.execute("BEGIN")
                try:
                    yield conn
                finally:
                    await self._end(conn, "COMMIT")
            except sqlite3.Error as error:
                problem = storage_error(error, reading=True)
                if problem is None:
                    raise
                self._failed(problem)
                raise problem from error
            except (StorageUnavailable, StoreBusy) as problem:  # PostgreSQL's, made by db.pg_connection
                self._failed(problem)
                raise

    @asynccontextmanager
    async def _reader(self) -> AsyncIterator[Connection]:
        """A connection to read on: a free reader, or the writing connection when there are none."""
        if not self._reader_count:
            async with self._lock:
                yield self._connection()
            return
        self._connection()  # refuses once the database is closed
        conn = await self._readers.get()
        try:
            yield conn
        finally:
            self._readers.put_nowait(conn)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed if the block finishes, rolled back if
        it raises (including a refusal such as StaleVersion). SQLite failing (a full disk, a
        read-only or damaged file) raises StorageUnavailable after the rollback, a lock held too long
        StoreBusy: either way nothing was written. Inside :meth:`transaction` it joins that one."""
        joined = self._joined()
        if joined is not None:
            yield joined
            return
        async with self._lock:
            conn = self._connection()
            try:
                await self._recover(conn)
                if self.postgres:
                    await conn.execute("BEGIN IMMEDIATE")
                else:
                    await begin_immediate(conn, self.busy_timeout)
                try:
                    token = _OPEN.set((self, conn, asyncio.current_task()))
                    try:
                        yield conn
                    finally:
                        _OPEN.reset(token)
                    await conn.execute("COMMIT")
                    if self.checkpoints is not None:
                        self.checkpoints.committed()
                except BaseException:
                    await self._end(conn, "ROLLBACK")
                    raise
            except sqlite3.Error as error:
                problem = storage_error(error)
                if problem is None:
                    raise
                self._failed(problem)
                raise problem from error
            except (StorageUnavailable, StoreBusy) as problem:  # PostgreSQL's, made by db.pg_connection
                self._failed(problem)
                raise

    def _failed(self, problem: StoreError) -> None:
        if self.on_failure is not None:
            self.on_failure(problem)

    async def check_writable(self) -> None:
        """Prove that a write goes through now (for the readiness check): a row written in a transaction
        that is then rolled back, so nothing is kept. Raises StorageUnavailable or StoreBusy when it cannot."""
        try:
            async with self.write() as conn:
                await conn.execute("INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)",
                                   ("health-check", "", self.now()))
                raise _RolledBack()
        except _RolledBack:
            pass

    @staticmethod
    async def _recover(conn: Connection) -> None:
        # A transaction can only be left open if a caller was cancelled mid-way; never build on it.
        if conn.in_transaction:
            await conn.execute("ROLLBACK")

    @staticmethod
    async def _end(conn: Connection, statement: str) -> None:
        if conn.in_transaction:
            try:
                await conn.execute(statement)
            except sqlite3.Error:
                if statement != "ROLLBACK":
                    raise
