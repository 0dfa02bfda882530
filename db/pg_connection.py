"""The store's connection to a PostgreSQL server: the same calls as aiosqlite's connection (see
:class:`db.backend.Connection`), so the store's one body of SQL serves both databases.

:class:`PgConnection` wraps one asyncpg connection and, for every statement the store sends:

- turns SQLite's words into PostgreSQL's (:func:`to_postgres`, worked out once per distinct statement):
  ``?`` placeholders become ``$1, $2, …``; ``INSERT OR IGNORE`` becomes ``ON CONFLICT DO NOTHING``;
  ``IS ?`` becomes ``IS NOT DISTINCT FROM``; SQLite's planner hints (``INDEXED BY``, ``CROSS JOIN … ON``
  to fix the join order) are dropped; ``BEGIN IMMEDIATE`` (SQLite's write lock) is a plain ``BEGIN``, since
  PostgreSQL locks rows as they are written, and a snapshot read's ``BEGIN`` is ``REPEATABLE READ`` so its
  queries see one instant, as SQLite's read transaction does;
- counts the rows each statement changed (``total_changes``), from the server's command status;
- turns the server failing into the store's errors (:func:`postgres_error`): a full disk, a read-only
  server, a lost or refused connection become :class:`~db.errors.StorageUnavailable`; a lock held too
  long or a deadlock becomes :class:`~db.errors.StoreBusy`;
- opens a new connection when the old one was lost between transactions (a server restart), never in the
  middle of one: a transaction whose connection died fails whole.

Integers are BIGINT on PostgreSQL (Discord ids are 64-bit); timestamps and JSON stay text, as in SQLite,
so every record reads the same from both.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, NoReturn
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from db.errors import StorageUnavailable, StoreBusy, StoreError

__all__ = ["PgConnection", "connect", "postgres_error", "redact", "to_postgres"]

CONNECT_TIMEOUT: Final = 10.0  # seconds to reach the server before it counts as unreachable


@dataclass(frozen=True, slots=True)
class Translated:
    sql: str
    returns_rows: bool
    """A query (or a change with RETURNING): fetched; anything else is executed for its command status."""
    transaction: str | None
    """"begin", "commit" or "rollback" for the statements that open or close a transaction."""


_LITERAL: Final = re.compile(r"('(?:[^']|'')*')")
_CHANGES: Final = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE"})


@functools.lru_cache(maxsize=2048)
def to_postgres(sql: str) -> Translated:
    """The PostgreSQL form of one statement of the store's SQLite SQL (see the module's docstring)."""
    head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
    if head == "BEGIN":
        immediate = "IMMEDIATE" in sql.upper()
        return Translated("BEGIN" if immediate else "BEGIN ISOLATION LEVEL REPEATABLE READ", False, "begin")
    if head in ("COMMIT", "END"):
        return Translated("COMMIT", False, "commit")
    if head == "ROLLBACK":
        return Translated("ROLLBACK", False, "rollback")
    parts = _LITERAL.split(sql)
    ignore = False
    number = 0
    returning = False
    for index in range(0, len(parts), 2):  # even parts are code, odd parts string literals
        code = parts[index]
        if re.search(r"\bINSERT\s+OR\s+IGNORE\b", code, re.IGNORECASE):
            ignore = True
            code = re.sub(r"\bINSERT\s+OR\s+IGNORE\b", "INSERT", code, flags=re.IGNORECASE)
        code = re.sub(r"\s*\bINDEXED\s+BY\s+\w+", "", code, flags=re.IGNORECASE)
        code = re.sub(r"\bCROSS\s+JOIN\b", "JOIN", code, flags=re.IGNORECASE)
        code = re.sub(r"\bIS\s+NOT\s+\?", "IS DISTINCT FROM ?", code, flags=re.IGNORECASE)
        code = re.sub(r"\bIS\s+\?", "IS NOT DISTINCT FROM ?", code, flags=re.IGNORECASE)
        returning = returning or re.search(r"\bRETURNING\b", code, re.IGNORECASE) is not None
        pieces = code.split("?")
        rebuilt = [pieces[0]]
        for piece in pieces[1:]:
            number += 1
            rebuilt.append(f"${number}{piece}")
        parts[index] = "".join(rebuilt)
    text = "".join(parts).rstrip().rstrip(";")
    if ignore:
        text += " ON CONFLICT DO NOTHING"
    return Translated(text, head in ("SELECT", "WITH", "VALUES", "SHOW") or returning, None)


def _status_count(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    words = status.split()
    if words and words[0] in _CHANGES and words[-1].isdigit():
        return int(words[-1])
    return 0


_CAUSE_OF_STATE: Final[dict[str, str]] = {
    "53100": "full",
    "25006": "read-only",
    "XX001": "corrupt",
    "XX002": "corrupt",
}
_BUSY_STATES: Final = frozenset({"40001", "40P01", "55P03", "57014"})
_UNREACHABLE_STATES: Final = frozenset({"57P01", "57P02", "57P03", "3D000", "28000", "28P01", "53300"})


def postgres_error(error: BaseException, *, path: str | None = None, reading: bool = False) -> StoreError | None:
    """The store's error for a failure of the server or the connection to it (StorageUnavailable,
    StoreBusy); None for anything else (a bug, a broken constraint), which goes up as it came."""
    state = getattr(error, "sqlstate", None) if isinstance(error, asyncpg.PostgresError) else None
    if isinstance(state, str):
        if state in _BUSY_STATES:
            return StoreBusy()
        cause = _CAUSE_OF_STATE.get(state)
        if cause is None and state.startswith("58"):
            cause = "io"
        if cause is None and (state.startswith("08") or state in _UNREACHABLE_STATES):
            cause = "unreachable"
        return None if cause is None else StorageUnavailable(cause, path=path, reading=reading)
    if isinstance(error, OSError | asyncpg.InterfaceError):  # refused, reset, timed out, closed under us
        if isinstance(error, asyncpg.InterfaceError) and "closed" not in str(error):
            return None
        return StorageUnavailable("unreachable", path=path, reading=reading)
    return None


def redact(url: str) -> str:
    """The URL without its password, fit for a log line or an operator's message."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "the PostgreSQL server"


async def connect(url: str, *, read_only: bool = False, busy_timeout: float = 5.0) -> PgConnection:
    """A connection to the server at ``url``; raises StorageUnavailable ("unreachable", naming the URL
    without its password) when it cannot be had."""
    conn = PgConnection(url, read_only=read_only, busy_timeout=busy_timeout)
    try:
        await conn.reopen()
    except StoreError as error:
        if isinstance(error, StorageUnavailable):
            raise StorageUnavailable(error.cause, path=redact(url)) from error
        raise
    return conn


class PgConnection:
    """One asyncpg connection behind aiosqlite's calls (see the module's docstring). Not for concurrent
    use: the store hands each connection to one task at a time, as it does SQLite's."""

    def __init__(self, url: str, *, read_only: bool, busy_timeout: float) -> None:
        self.url = url
        self.read_only = read_only
        self.busy_timeout = busy_timeout
        self._raw: Any = None
        self._changes = 0
        self._open_transaction = False
        self._closed = False

    # ----- the calls the store makes -------------------------------------------------------------------
    @property
    def total_changes(self) -> int:
        return self._changes

    @property
    def in_transaction(self) -> bool:
        return self._open_transaction

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> list[Any]:
        return await self.execute_fetchall(sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None) -> list[Any]:
        statement = to_postgres(sql)
        args = tuple(parameters) if parameters is not None else ()
        if statement.transaction == "rollback":
            await self._rollback()
            return []
        raw = await self._live(statement.transaction == "begin")
        try:
            if statement.returns_rows:
                rows: list[Any] = await raw.fetch(statement.sql, *args)
                if statement.sql.split(None, 1)[0].upper() in _CHANGES:
                    self._changes += len(rows)
                return rows
            status = await raw.execute(statement.sql, *args)
        except Exception as error:
            self._fail(error)
        finally:
            if statement.transaction == "commit":
                self._open_transaction = False
        if statement.transaction == "begin":
            self._open_transaction = True
        self._changes += _status_count(str(status))
        return []

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> None:
        statement = to_postgres(sql)
        rows = [tuple(row) for row in parameters]
        raw = await self._live(False)
        try:
            await raw.executemany(statement.sql, rows)
        except Exception as error:
            self._fail(error)

    async def run_script(self, script: str) -> None:
        """Run PostgreSQL's own SQL as it is, several statements at once (the schema's scripts)."""
        raw = await self._live(False)
        try:
            await raw.execute(script)
        except Exception as error:
            self._fail(error)

    async def close(self) -> None:
        self._closed = True
        raw, self._raw = self._raw, None
        self._open_transaction = False
        if raw is not None and not raw.is_closed():
            try:
                await asyncio.wait_for(raw.close(), timeout=self.busy_timeout)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
                raw.terminate()

    # ----- keeping the connection ----------------------------------------------------------------------
    async def reopen(self) -> None:
        """(Re)connect; StorageUnavailable ("unreachable") when the server cannot be had."""
        settings = {"application_name": "ringmaster",
                    "lock_timeout": str(int(self.busy_timeout * 1000))}
        if self.read_only:
            settings["default_transaction_read_only"] = "on"
        try:
            self._raw = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT, server_settings=settings)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError) as error:
            problem = postgres_error(error, reading=self.read_only)
            raise (problem or StorageUnavailable("unreachable", reading=self.read_only)) from error
        self._open_transaction = False

    async def _live(self, beginning: bool) -> Any:
        """The connection to send a statement on: reconnected if it was lost between transactions."""
        if self._closed:
            raise RuntimeError("the game store is closed")
        if self._raw is None or self._raw.is_closed():
            if self._open_transaction and not beginning:
                # The transaction died with its connection: nothing of it was committed.
                raise StorageUnavailable("unreachable", reading=self.read_only)
            await self.reopen()
        return self._raw

    async def _rollback(self) -> None:
        was_open, self._open_transaction = self._open_transaction, False
        if not was_open or self._raw is None or self._raw.is_closed():
            return
        try:
            await self._raw.execute("ROLLBACK")
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            # The server ends a transaction whose connection is lost; a connection that cannot roll back
            # is not trusted with another.
            self._raw.terminate()

    def _fail(self, error: Exception) -> NoReturn:
        """Raise the store's error for ``error`` (from it), or ``error`` itself when it is not the server's."""
        if isinstance(error, asyncpg.InterfaceError) and self._raw is not None and self._raw.is_closed():
            raise StorageUnavailable("unreachable", reading=self.read_only) from error
        problem = postgres_error(error, reading=self.read_only)
        if problem is None:
            raise error
        raise problem from error
