"""The server's own secrets, kept in the database so that what they sign outlives a restart.

``SecretStore(store)`` works on the store's :class:`~db.database.Database` (like ``LifeStore``). A secret is
made once, by whoever asks for it first: :meth:`SecretStore.get_or_make` inserts the value it is given
only when none is kept yet, so two processes opening the same database at once end up with the same
secret.
"""

from __future__ import annotations

from collections.abc import Callable

from db.database import change
from db.store import GameStore

__all__ = ["SecretStore"]


class SecretStore:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.database = store.database

    async def get_or_make(self, name: str, make: Callable[[], str]) -> str:
        """The secret kept under ``name``; ``make()`` gives its value the first time it is asked for."""
        if not name or len(name) > 100:
            raise ValueError("a secret's name is between 1 and 100 characters")
        async with self.database.write() as conn:
            rows = list(await conn.execute_fetchall("SELECT value FROM secrets WHERE name = ?", (name,)))
            if rows:
                return str(rows[0][0])
            # Another process may insert the same name meanwhile (PostgreSQL locks no table here): the first
            # one kept wins, and both read it back.
            await change(conn, "INSERT OR IGNORE INTO secrets (name, value, created_at) VALUES (?, ?, ?)",
                         (name, make(), self.database.now()))
            rows = list(await conn.execute_fetchall("SELECT value FROM secrets WHERE name = ?", (name,)))
        return str(rows[0][0])
