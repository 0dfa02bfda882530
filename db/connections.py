"""Opening the SQLite connections a store works on: the file tried first, write-ahead logging switched
on (retrying while another process reads), and the read-only connections beside the writer."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Final

import aiosqlite

from db.errors import StoreBusy
from db.inline import InlineConnection
from db.records import decode_text

# What the store reads and writes through (aiosqlite's connection where a caller migrates its own file).
Reading = aiosqlite.Connection | InlineConnection


def is_busy(error: sqlite3.OperationalError) -> bool:
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


log = logging.getLogger(__name__)

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


async def begin_immediate(conn: InlineConnection, timeout: float) -> None:
    """Start a write transaction, waiting up to ``timeout`` seconds for another process's write to end
    without stopping the event loop (the writer's own ``busy_timeout`` is 0); StoreBusy after that."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    delay = 0.002
    while True:
        try:
            await conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            if loop.time() >= deadline:
                raise StoreBusy() from error
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.05)


CHECKPOINT_EVERY: Final = 200  # commits between moves of the log into the file


def _checkpoint(location: str) -> None:
    conn = sqlite3.connect(location, timeout=1.0)
    try:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        conn.close()


class Checkpoints:
    """Moves the write-ahead log into the database file every ``CHECKPOINT_EVERY`` commits, in a worker
    thread: a checkpoint syncs the file to disk, which may take a while, and the writer commits on the
    event loop's thread (its automatic checkpoints are off). A PASSIVE checkpoint waits for no one and
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

    async def _run(self) -> None:
        try:
            await asyncio.to_thread(_checkpoint, self._location)
        except sqlite3.Error as error:  # the next one tries again; a disk that fails shows in the writes
            log.warning("Checkpoint of %s failed: %s", self._location, error)
        finally:
            self._running = None

    async def close(self) -> None:
        if self._running is not None:
            await self._running


async def enable_wal(conn: Reading, timeout: float) -> bool:
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
