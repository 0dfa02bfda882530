"""The load benchmark's PostgreSQL: a server of its own for one run, and the cached world copied into it.

The server is the tests' (``tests/postgres_server.py``: a cluster made with ``initdb`` in a temporary
folder, started with ``pg_ctl`` as the unprivileged ``nobody`` when run as root, listening on a unix
socket in that folder), with the durability a deployment would keep instead of the tests' none: every
commit is written to the server's log at once and synced to disk within a moment
(``synchronous_commit = off``; a crash of the machine may lose the last fraction of a second, never
corrupt), which is what the bot's SQLite file does in WAL mode with ``synchronous = NORMAL``.

The world is the one built through the table core for SQLite (``load_world.py``), copied row for row: the
SQLite copy of the run is opened by the store first, so it is at the latest schema, the same tables and
columns as a PostgreSQL database the store created; each table goes over with ``COPY``, the games' own
foreign keys unchecked while it does (the rows come from a database that kept them), and the identity
counters (games, outbox) are set past the copied ids, as the bot would have left them.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

import asyncpg

from db import GameStore
from tests.postgres_server import PostgresServer

# As durable as the SQLite file of the single-process bot (see the module's docstring).
SETTINGS = {"fsync": "on", "synchronous_commit": "off", "full_page_writes": "on"}
FIRST_TABLES = ("games", "actions")  # copied first, for readability of the log; order does not matter


def start_server() -> PostgresServer:
    server = PostgresServer(SETTINGS)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    return server


async def copy_world(sqlite_path: Path, url: str) -> tuple[int, float]:
    """Copy every row of the SQLite database at ``sqlite_path`` into the empty database at ``url`` (both
    brought to the latest schema by the store first); returns the rows copied and the seconds it took."""
    started = time.monotonic()
    for location in (str(sqlite_path), url):
        store = await GameStore.open(location)
        await store.close()
    with contextlib.closing(sqlite3.connect(sqlite_path)) as source:
        names = [name for (name,) in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        names.sort(key=lambda name: (name not in FIRST_TABLES, name))
        # An AUTOINCREMENT counter (the outbox's) never goes back, even below ids pruned since.
        counters = dict(source.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
        conn = await asyncpg.connect(url)
        copied = 0
        try:
            async with conn.transaction():
                await conn.execute("SET LOCAL session_replication_role = replica")  # no foreign key checks
                targets = {row["tablename"] for row in await conn.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
                for name in names:
                    if name not in targets:
                        raise RuntimeError(f"the SQLite world has a table {name!r} the PostgreSQL schema lacks")
                    columns = [row[1] for row in source.execute(f"PRAGMA table_info({name})")]
                    rows = source.execute(f"SELECT {', '.join(columns)} FROM {name}").fetchall()
                    if rows:
                        await conn.copy_records_to_table(name, records=rows, columns=columns)
                        copied += len(rows)
                    for column in columns:
                        sequence = await conn.fetchval("SELECT pg_get_serial_sequence($1, $2)", name, column)
                        if sequence is not None:
                            highest = max(counters.get(name, 0), max(int(row[columns.index(column)] or 0)
                                                                     for row in rows) if rows else 0)
                            await conn.execute("SELECT setval($1, $2, false)", sequence, highest + 1)
            await conn.execute("ANALYZE")
        finally:
            await conn.close()
    return copied, time.monotonic() - started
