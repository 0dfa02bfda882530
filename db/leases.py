"""Leases on games' background work, taken in the database so that exactly one process does each game's.

A game's background work comes in jobs — ``keeper``: its reminders, deadlines and automatic moves;
``outbox``: delivering what its outbox holds — each done by the process holding the game's lease on it
(a row of ``leases``: the holder's name and when the lease runs out). :meth:`LeaseStore.claim` takes the
leases on one job of several games at once in one write
transaction: those nobody holds, those whose lease ran out (their holder died, or stopped working on
them), and the holder's own (which it renews). Every other game is left to its holder.

- On PostgreSQL the rows are read ``FOR UPDATE SKIP LOCKED``: a row another process is claiming or
  releasing right now is skipped, not waited for, and the rows read are locked until the new holder is
  written in the same transaction, so two processes never both take one lease. Missing rows are first
  inserted as free rows, in id order (two processes inserting the same ids in the same order never
  deadlock).
- On SQLite the write transaction (``BEGIN IMMEDIATE``) holds the whole file: the same statements
  without ``SKIP LOCKED`` are already exclusive.

A lease released (:meth:`LeaseStore.release`) is deleted; only its holder can release it. Times are the
store's ISO UTC text, compared as text; a free row's ``expires_at`` is ``''``, earlier than any instant.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from db.database import change
from db.records import iso
from db.store import GameStore

__all__ = ["LeaseStore"]


class LeaseStore:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.database = store.database
        self._skip_locked = " FOR UPDATE SKIP LOCKED" if store.postgres else ""

    async def claim(self, job: str, game_ids: Iterable[int], holder: str, now: datetime,
                    until: datetime) -> set[int]:
        """Take (or renew) the leases on ``job`` of ``game_ids`` for ``holder`` until ``until``, where nobody
        else holds one that runs past ``now``; returns the games whose lease ``holder`` now has."""
        ids = sorted(set(game_ids))
        if not ids:
            return set()
        if not holder:
            raise ValueError("a lease's holder must have a name")
        marks = ", ".join("?" * len(ids))
        async with self.database.write() as conn:
            await conn.executemany(
                "INSERT OR IGNORE INTO leases (game_id, job, holder, expires_at) VALUES (?, ?, '', '')",
                [(game_id, job) for game_id in ids])
            rows = await conn.execute_fetchall(
                f"SELECT game_id FROM leases WHERE job = ? AND game_id IN ({marks}) AND (holder = ? OR expires_at <= ?)"
                f"{self._skip_locked}", (job, *ids, holder, iso(now)))
            taken = sorted(int(row[0]) for row in rows)
            if taken:
                await conn.execute(
                    "UPDATE leases SET holder = ?, expires_at = ? WHERE job = ? "
                    f"AND game_id IN ({', '.join('?' * len(taken))})", (holder, iso(until), job, *taken))
        return set(taken)

    async def release(self, job: str, game_ids: Iterable[int], holder: str) -> int:
        """Give up ``holder``'s leases on ``job`` of ``game_ids`` (another's are left alone); returns how many."""
        ids = sorted(set(game_ids))
        if not ids:
            return 0
        async with self.database.write() as conn:
            return await change(
                conn, f"DELETE FROM leases WHERE job = ? AND holder = ? AND game_id IN ({', '.join('?' * len(ids))})",
                (job, holder, *ids))

    async def held(self, job: str, game_ids: Iterable[int]) -> dict[int, tuple[str, datetime]]:
        """Who holds the lease on ``job`` of each of ``game_ids`` and until when (games without a holder are
        left out), run out or not."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT game_id, holder, expires_at FROM leases WHERE job = ? AND holder <> '' "
                f"AND game_id IN ({', '.join('?' * len(ids))})", (job, *ids))
        return {int(row[0]): (str(row[1]), datetime.fromisoformat(str(row[2]))) for row in rows}

    async def holders(self, job: str) -> dict[int, str]:
        """Who holds each lease on ``job`` (game → holder; '' for a free row), run out or not: for the
        operator and tests."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall("SELECT game_id, holder FROM leases WHERE job = ?", (job,))
        return {int(row[0]): str(row[1]) for row in rows}
