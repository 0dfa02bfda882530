"""What the bot checks before it starts: that its database (a SQLite file or a PostgreSQL server) can really
be used."""

from __future__ import annotations

import os

from db.errors import StorageUnavailable
from db.schema import schema_version
from db.store import GameStore

__all__ = ["check_database"]


async def check_database(path: str | os.PathLike[str]) -> None:
    """Open the database at ``path`` (creating and migrating it as :meth:`GameStore.open` does), prove
    that it can be written, and close it.

    The proof is a real write that leaves the data as it was: ``BEGIN IMMEDIATE; PRAGMA user_version =
    <its own value>; COMMIT`` appends a page to the write-ahead log (SQLite lets a read-only file begin an
    immediate transaction; only the write itself is refused); on PostgreSQL the schema version row is
    rewritten as it is. Raises
    :class:`~db.errors.StorageUnavailable` naming the file (read-only, cannot be opened, not a database,
    disk full or failing) or :class:`~db.errors.SchemaTooNew`; ``str(error)`` is one sentence for the
    person starting the bot.
    """
    location = os.fspath(path)
    store = await GameStore.open(location)
    try:
        async with store.database.write() as conn:
            if store.postgres:
                await conn.execute("UPDATE schema_version SET version = version")
            else:
                version = await schema_version(conn)
                await conn.execute(f"PRAGMA user_version = {int(version)}")
    except StorageUnavailable as error:
        raise StorageUnavailable(error.cause, path=store.path) from error
    finally:
        await store.close()
