"""What the store needs of a database connection, whichever server is behind it, and how a location
names one.

The store's SQL is written once, in SQLite's words with ``?`` placeholders, and sent through a
:class:`Connection`. For SQLite that is :class:`db.inline.InlineConnection` (``sqlite3`` on the event
loop's thread, nothing added on the hot path); for PostgreSQL it is
:class:`db.pg_connection.PgConnection`, which turns the same SQL into PostgreSQL's and the server's
failures into the store's errors.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable, Iterator
from typing import Any, Protocol

__all__ = ["POSTGRES_SCHEMES", "Connection", "Row", "is_postgres"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(location: object) -> bool:
    """Whether a database location (``RINGMASTER_DB``) is a PostgreSQL URL rather than a SQLite file."""
    return isinstance(location, str) and location.strip().lower().startswith(POSTGRES_SCHEMES)


class Row(Protocol):
    """A result row: its columns by name or by position."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The calls the store makes on a connection (aiosqlite's names, which the schema tests' own
    aiosqlite connections also answer); :class:`~db.pg_connection.PgConnection` offers it too.

    ``total_changes`` counts the rows changed by every statement so far (how the store learns what one
    statement changed); ``in_transaction`` tells whether a transaction is open.
    """

    @property
    def total_changes(self) -> int: ...

    @property
    def in_transaction(self) -> bool: ...

    def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> Awaitable[Any]: ...

    def execute_fetchall(self, sql: str, parameters: Iterable[Any] | None = None) -> Awaitable[Iterable[Row]]: ...

    def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> Awaitable[Any]: ...

    async def close(self) -> None: ...
