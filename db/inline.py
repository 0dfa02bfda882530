"""A SQLite connection that answers on the caller's own thread, with the few coroutine methods the store
uses (the same names as aiosqlite's).

Why not a connection thread: reading a game from a file in write-ahead-logging mode takes tens of
microseconds and never waits for a lock (readers see the last commit while a write is open), and a
write only appends to the log (``synchronous = NORMAL`` syncs nothing at commit), while handing each
statement to a thread and back costs several times that in thread switches and interpreter-lock
handoffs, paid by the event loop on every one of the thirty-odd statements a move makes.

What could stop the loop is kept off it by the store: waiting for another process's write (the writer's
``busy_timeout`` is 0 once open and :func:`db.connections.begin_immediate` retries asynchronously), and
moving the log into the file with its syncs (:class:`db.connections.Checkpoints`, in a worker thread).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Any


class InlineConnection:
    """``sqlite3`` behind ``await``: each call runs at once, on the calling thread."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    @classmethod
    def open_read_only(cls, location: str, busy_timeout: float,
                       text_factory: Callable[[bytes], str]) -> InlineConnection:
        conn = sqlite3.connect(location, isolation_level=None, timeout=busy_timeout, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.text_factory = text_factory
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            conn.execute("PRAGMA query_only = ON")
        except BaseException:
            conn.close()
            raise
        return cls(conn)

    @classmethod
    def open_writer(cls, location: str, busy_timeout: float, text_factory: Callable[[bytes], str]) -> InlineConnection:
        """The connection that writes; it waits up to ``busy_timeout`` for a lock while the store opens
        (migrations), and the store then sets that to 0 and waits asynchronously instead."""
        conn = sqlite3.connect(location, isolation_level=None, timeout=busy_timeout, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.text_factory = text_factory
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        except BaseException:
            conn.close()
            raise
        return cls(conn)

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    @property
    def total_changes(self) -> int:
        return self._conn.total_changes

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> sqlite3.Cursor:
        return self._conn.execute(sql, _sequence(parameters))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None) -> Iterable[sqlite3.Row]:
        rows: list[sqlite3.Row] = self._conn.execute(sql, _sequence(parameters)).fetchall()
        return rows

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> sqlite3.Cursor:
        return self._conn.executemany(sql, (_sequence(row) for row in parameters))

    async def close(self) -> None:
        self._conn.close()


def _sequence(parameters: Iterable[Any] | None) -> Sequence[Any]:
    if parameters is None:
        return ()
    return parameters if isinstance(parameters, Sequence) else tuple(parameters)
