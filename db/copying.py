"""Copying a SQLite game database into an empty PostgreSQL one, row for row, and proving the copy equal.

What ``python -m db migrate-to`` does with the database itself (``table/migrate.py`` adds the replay of every
game, which needs the games' rules and so does not belong here):

- :func:`copy_database` refuses a location that is not a PostgreSQL URL, a SQLite file that is not there, and a
  PostgreSQL database that already holds anything (a row in one of the store's tables, or tables that are not
  the store's): a copy never mixes with what is there. It brings the SQLite file to the current schema first
  (as starting the bot would), creates the schema on PostgreSQL, then copies every table of the schema in
  one transaction, parents before the tables that refer to them, keeping every column as it is (ids too), and
  sets each identity sequence past the largest id ever given (for the outbox, whose ids are never reused,
  SQLite's own counter: the newest items may have been delivered and removed).
- :func:`compare_databases` reads every row of both databases again and says, per game, which tables differ
  (a row missing, added or changed), and which tables without a game (members, secrets) differ.

The table list comes from the SQLite file itself, so a table added by a later migration is copied without a
change here. A table or column the schema's migrations do not make (added to the file by hand or by another
program) is refused before the PostgreSQL database is touched.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import asyncpg

from db.backend import is_postgres
from db.errors import StorageUnavailable, StoreError
from db.pg_connection import connect as pg_connect
from db.pg_connection import postgres_error, redact
from db.pg_schema import migrate_postgres, postgres_schema_version
from db.records import decode_text
from db.schema import MIGRATIONS, split_statements
from db.store import GameStore

__all__ = ["CopyRefused", "Differences", "compare_databases", "copy_database", "table_order"]

BATCH: Final = 2_000  # rows read from SQLite and sent to PostgreSQL at a time (snapshots can be large)
_VERSION_TABLE: Final = "schema_version"  # PostgreSQL's record of its schema version, not a table to copy


class CopyRefused(StoreError):
    """The copy was not started (or was rolled back whole); ``message`` tells the operator why."""


@dataclass(frozen=True)
class SourceTable:
    name: str
    columns: tuple[str, ...]
    parents: frozenset[str]
    """Tables its foreign keys refer to (copied before it)."""


@dataclass
class Differences:
    """What :func:`compare_databases` found: per game id, the tables whose rows differ; per table without a
    game column, whether it differs; and how many rows each side holds per table."""

    games: dict[int, list[str]] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)


def _read_only(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    conn.text_factory = decode_text
    return conn


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def source_tables(conn: sqlite3.Connection) -> list[SourceTable]:
    """The store's tables in the SQLite file, with their columns in order and the tables they refer to."""
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    tables = []
    for name in names:
        columns = tuple(row[1] for row in conn.execute(f"PRAGMA table_info({_quote(name)})"))
        parents = frozenset(row[2] for row in conn.execute(f"PRAGMA foreign_key_list({_quote(name)})")) - {name}
        tables.append(SourceTable(name, columns, parents))
    return tables


def table_order(tables: Sequence[SourceTable]) -> list[SourceTable]:
    """``tables`` with every table after the ones it refers to (so foreign keys hold row by row)."""
    ordered: list[SourceTable] = []
    placed: set[str] = set()
    waiting = list(tables)
    while waiting:
        ready = [table for table in waiting if table.parents <= placed]
        if not ready:
            raise ValueError(f"the tables {', '.join(t.name for t in waiting)} refer to each other in a circle")
        for table in ready:
            ordered.append(table)
            placed.add(table.name)
            waiting.remove(table)
    return ordered


def _batches(conn: sqlite3.Connection, table: SourceTable) -> Iterator[list[tuple[Any, ...]]]:
    cursor = conn.execute(f"SELECT {', '.join(map(_quote, table.columns))} FROM {_quote(table.name)}")
    while rows := cursor.fetchmany(BATCH):
        yield rows


async def _target_tables(conn: Any) -> dict[str, set[str]]:
    rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                            "WHERE table_schema = current_schema()")
    tables: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        tables[row["table_name"]].add(row["column_name"])
    return dict(tables)


async def _refuse_unless_empty(url: str) -> None:
    """Refuse a PostgreSQL database that holds anything: rows in the store's tables, or tables of its own."""
    shown = redact(url)
    conn = await pg_connect(url)
    try:
        raw = await _connect(url)
        try:
            tables = await _target_tables(raw)
            if await postgres_schema_version(conn) == 0:
                if tables:
                    raise CopyRefused(f"The PostgreSQL database {shown} already holds tables that are not "
                                      f"Ringmaster's ({', '.join(sorted(tables))}); copy into an empty database.")
            else:
                for name in sorted(set(tables) - {_VERSION_TABLE}):
                    if await raw.fetchval(f"SELECT EXISTS (SELECT 1 FROM {_quote(name)})"):
                        raise CopyRefused(f"The PostgreSQL database {shown} is not empty (its table {name} holds "
                                          f"rows); copy into a new, empty database so nothing already there is "
                                          f"mixed with the copy.")
        finally:
            await raw.close()
        await migrate_postgres(conn)
    finally:
        await conn.close()


def _sequence_starts(source: sqlite3.Connection) -> dict[str, int]:
    """The largest id SQLite ever gave per AUTOINCREMENT table (ids it will never give again)."""
    exists = source.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone()
    if not exists:
        return {}
    return {str(name): int(seq) for name, seq in source.execute("SELECT name, seq FROM sqlite_sequence")}


async def _reset_sequences(raw: Any, given: dict[str, int]) -> None:
    """Every identity column continues after the largest id copied (or ever given, for AUTOINCREMENT)."""
    identities = await raw.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                 "WHERE table_schema = current_schema() AND is_identity = 'YES'")
    for row in identities:
        table, column = row["table_name"], row["column_name"]
        largest = await raw.fetchval(f"SELECT COALESCE(MAX({_quote(column)}), 0) FROM {_quote(table)}")
        after = max(int(largest), given.get(table, 0))
        await raw.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
                          _quote(table), column, max(after, 1), after > 0)


def schema_tables() -> dict[str, tuple[str, ...]]:
    """The tables and columns the schema's migrations make (on an empty database in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS:
            for statement in split_statements(script):
                conn.execute(statement)
        return {table.name: table.columns for table in source_tables(conn)}
    finally:
        conn.close()


def _refuse_unknown_tables(tables: Sequence[SourceTable]) -> None:
    """A table or column the schema does not make (added to the file by hand, or by another program) is
    not Ringmaster's to copy."""
    known = schema_tables()
    for table in tables:
        if table.name not in known:
            raise CopyRefused(f"The SQLite file holds a table {table.name} that Ringmaster's schema does not have; "
                              f"remove it from a copy of the file, or copy it yourself, before moving the games.")
        if set(table.columns) != set(known[table.name]):
            extra = ", ".join(sorted(set(table.columns) ^ set(known[table.name])))
            raise CopyRefused(f"The table {table.name} of the SQLite file has columns the schema does not ({extra}); "
                              f"this release cannot copy it.")


def _check_source(source: str) -> None:
    if not Path(source).is_file():
        raise CopyRefused(f"There is no SQLite game database at {source} to copy (name it with --from, or set "
                          f"RINGMASTER_DB to its path).")


def _open_source(source: str) -> sqlite3.Connection:
    _check_source(source)
    try:
        return _read_only(source)
    except sqlite3.Error as error:
        raise CopyRefused(f"The SQLite game database {source} cannot be read: {error}.") from error


async def copy_database(source: str, target_url: str) -> dict[str, int]:
    """Copy every table of the SQLite file ``source`` into the empty PostgreSQL database ``target_url``;
    returns the rows copied per table. Raises :class:`CopyRefused` (nothing copied) or the store's
    StorageUnavailable / SchemaTooNew (naming the database) when a database cannot be used."""
    if not is_postgres(target_url):
        raise CopyRefused(f"migrate-to copies into a PostgreSQL database: give its URL, such as "
                          f"postgresql://user:password@host:5432/ringmaster, not {redact(target_url)!r}.")
    _check_source(source)
    # Brought to the current schema as starting the bot would (the copy's schema is the current one).
    await (await GameStore.open(source)).close()
    conn = _open_source(source)
    try:
        conn.execute("BEGIN")  # one read transaction: every table (and SQLite's id counters) as of one instant
        tables = table_order(source_tables(conn))
        _refuse_unknown_tables(tables)  # before the PostgreSQL database is touched
        await _refuse_unless_empty(target_url)
        given = _sequence_starts(conn)
        raw = await _connect(target_url)
        try:
            target = await _target_tables(raw)
            for table in tables:
                if set(table.columns) != target.get(table.name, set()):
                    raise CopyRefused(f"The table {table.name} has other columns on PostgreSQL than in the SQLite "
                                      f"file; this release cannot copy it.")
            copied: dict[str, int] = {}
            async with raw.transaction():
                for table in tables:
                    copied[table.name] = await _copy_table(conn, raw, table)
                await _reset_sequences(raw, given)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
            problem = postgres_error(error, path=redact(target_url))
            if problem is None:
                raise CopyRefused(f"PostgreSQL refused the copy, so nothing was copied: {error}.") from error
            raise problem from error
        finally:
            await raw.close()
    finally:
        conn.close()  # ends the read transaction
    return copied


async def _copy_table(conn: sqlite3.Connection, raw: Any, table: SourceTable) -> int:
    """Send one table's rows; a row PostgreSQL cannot hold (a NUL character in a text, say) refuses the
    copy naming the table (the server's message names no value)."""
    copied = 0
    for rows in _batches(conn, table):
        try:
            await raw.copy_records_to_table(table.name, records=rows, columns=list(table.columns))
        except (asyncpg.DataError, asyncpg.IntegrityConstraintViolationError) as error:
            raise CopyRefused(f"PostgreSQL cannot hold a row of the table {table.name} as the SQLite file has it "
                              f"({error}), so nothing was copied.") from error
        copied += len(rows)
    return copied


async def _connect(url: str) -> Any:
    try:
        return await asyncpg.connect(url)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError) as error:
        raise StorageUnavailable("unreachable", path=redact(url)) from error


def _row_digest(row: Sequence[Any]) -> int:
    """One row as a number; a table's rows sum to a digest that does not depend on their order."""
    text = repr(tuple(row)).encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(text, digest_size=16).digest(), "big")


Digests = tuple[dict[int, int], int, int]
"""Per game id the sum of its rows' digests; the sum over rows without a game; the number of rows."""


def _add(digests: dict[int, int], key: int, value: int) -> None:
    digests[key] = (digests.get(key, 0) + value) % (1 << 128)


async def compare_databases(source: str, target_url: str) -> Differences:
    """Every table's rows in the SQLite file against PostgreSQL's, game by game."""
    differences = Differences()
    conn = _open_source(source)
    raw = await _connect(target_url)
    try:
        for table in source_tables(conn):
            columns = ", ".join(map(_quote, table.columns))
            by_game = "game_id" in table.columns
            position = table.columns.index("game_id") if by_game else -1
            mine: dict[int, int] = {}
            theirs: dict[int, int] = {}
            for rows in _batches(conn, table):
                for row in rows:
                    _add(mine, int(row[position]) if by_game else 0, _row_digest(row))
                differences.rows[table.name] = differences.rows.get(table.name, 0) + len(rows)
            async with raw.transaction():
                cursor = raw.cursor(f"SELECT {columns} FROM {_quote(table.name)}", prefetch=BATCH)
                async for record in cursor:
                    row = tuple(record)
                    _add(theirs, int(row[position]) if by_game else 0, _row_digest(row))
            for key in sorted(set(mine) | set(theirs)):
                if mine.get(key) == theirs.get(key):
                    continue
                if by_game:
                    differences.games.setdefault(key, []).append(table.name)
                elif table.name not in differences.tables:
                    differences.tables.append(table.name)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
        problem = postgres_error(error, path=redact(target_url), reading=True)
        if problem is None:
            raise
        raise problem from error
    finally:
        await raw.close()
        conn.close()
    return differences
