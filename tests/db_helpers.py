"""What the store's tests share: a controllable clock, and reading or changing the database behind the
store's back with a plain connection, as a disk fault or a hand edit would (a SQLite file, or a PostgreSQL
URL: the same SQL, in SQLite's words, is turned into PostgreSQL's as the store does). The fixtures built on
them (``clock``, ``database``, ``db_path``, ``store``) are in ``conftest.py``."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg

from db.backend import is_postgres
from db.pg_connection import to_postgres

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


class Clock:
    """The store's clock in these tests: time moves only when the test says so."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def tick(self, minutes: float = 1) -> datetime:
        self.now += timedelta(minutes=minutes)
        return self.now


def raw(path: Path | str, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Read the database directly."""
    if is_postgres(path):
        return _on_postgres(str(path), sql, params)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql, params).fetchall()


def tamper(path: Path | str, sql: str, params: tuple[object, ...] = ()) -> None:
    """Change the database behind the store's back, in one committed transaction."""
    if is_postgres(path):
        _on_postgres(str(path), sql, params)
        return
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(sql, params)


def _on_postgres(url: str, sql: str, params: tuple[object, ...]) -> list[tuple[object, ...]]:
    """One statement on its own connection, run to the end on a thread of its own (the caller's event loop
    may be running: a test calls this between two awaits)."""
    async def run() -> list[tuple[object, ...]]:
        conn = await asyncpg.connect(url)
        try:
            return [tuple(row) for row in await conn.fetch(to_postgres(sql).sql, *params)]
        finally:
            await conn.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run()).result()
