"""Opening the SQLite connections a store works on: the file tried first, write-ahead logging switched
on (retrying while another process reads), and the read-only connections beside the writer."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Final

import aiosqlite

from db.errors import StoreBusy
from db.records import decode_text


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
