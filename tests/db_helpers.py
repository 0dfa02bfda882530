"""What the store's tests on real SQLite files share: a controllable clock, and reading or changing the
file behind the store's back with a plain connection, as a disk fault or a hand edit would. The
fixtures built on them (``clock``, ``db_path``, ``store``) are in ``conftest.py``."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

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


def raw(path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Read the file directly."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql, params).fetchall()


def tamper(path: Path, sql: str, params: tuple[object, ...] = ()) -> None:
    """Change the file behind the store's back, in one committed transaction."""
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(sql, params)
