"""A game's row and its seats as the statements of a transaction see them: what every store that changes a game
(:class:`~db.store.GameStore`, :class:`~db.life.LifeStore`) runs inside its :meth:`Database.write
<db.database.Database.write>` block. The contract they keep — the version, its guard, the seats' clocks — is
:mod:`db.store`'s.

- :meth:`Games.row` — the game's row (``locked``: held until the transaction ends, for a write that decides
  from it); :meth:`Games.record` — the same as a :class:`~db.records.GameRecord`; :meth:`Games.seats` — its
  seats in seat order.
- :meth:`Games.bump` — version + 1 (a seat joining or leaving the lobby).
- :meth:`Games.advance` — the guarded snapshot write of every action-like change (an action, a repair, an
  action taken back): version + the number of logged actions, only from the version the caller read.
- :meth:`Games.start_clocks` — which seats the game waits for now, and since when.
- :data:`TRANSITIONS` — the status changes a game may make.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from db.backend import Connection, Row
from db.database import Database, change, placeholders
from db.errors import GameDamaged, GameNotActive, GameNotFound, StaleVersion
from db.records import GAME_COLUMNS, GameRecord, GameStatus, SeatRecord, Snapshots, game, seat

__all__ = ["TRANSITIONS", "Games"]

# Status changes allowed through set_status / record_action(status=...).
TRANSITIONS: Final[dict[str, frozenset[str]]] = {
    "lobby": frozenset({"abandoned"}),
    "active": frozenset({"finished", "abandoned"}),
    "finished": frozenset(),
    "abandoned": frozenset(),
}


class Games:
    """The statements on the ``games`` and ``seats`` tables that run inside a transaction of ``database`` (its
    clock, and its server's way of locking a row). One per :class:`~db.store.GameStore` (``store.games``),
    shared by the stores built on it."""

    def __init__(self, database: Database) -> None:
        self.database = database
        # A write that reads a game before changing it locks its row on PostgreSQL (SQLite's BEGIN IMMEDIATE
        # already holds the whole file).
        self._sql = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
        self._sql_locked = self._sql + (" FOR UPDATE" if database.postgres else "")
        # The games being played are read several times a move; their snapshots are decoded once a version.
        self.snapshots = Snapshots()

    async def row(self, conn: Connection, game_id: int, *, locked: bool = False) -> Row:
        """The game's row; ``locked`` (in a write that decides from it): held until the transaction ends.
        Raises GameNotFound."""
        rows = list(await conn.execute_fetchall(self._sql_locked if locked else self._sql, (game_id,)))
        if not rows:
            raise GameNotFound(game_id)
        return rows[0]

    async def record(self, conn: Connection, game_id: int) -> GameRecord:
        """The game as a record (its snapshot decoded once a version). Raises GameNotFound."""
        return game(await self.row(conn, game_id), self.snapshots)

    @staticmethod
    async def seats(conn: Connection, game_id: int) -> list[SeatRecord]:
        """The game's seats in seat order (empty for an unknown game)."""
        rows = await conn.execute_fetchall(
            "SELECT game_id, seat, user_id, display_name, joined_at, robot, hints FROM seats WHERE game_id = ? "
            "ORDER BY seat",
            (game_id,))
        return [seat(row) for row in rows]

    async def bump(self, conn: Connection, game_id: int) -> None:
        """Version + 1, unguarded (the lobby's seat changes)."""
        await change(conn, "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?",
                     (self.database.now(), game_id))

    async def advance(self, conn: Connection, game_id: int, expected_version: int, snapshot_text: str, *,
                      status: GameStatus | None = None, board_since: int | None = None,
                      repairing: bool = False, steps: int = 1) -> int:
        """The guarded snapshot write of every action-like change: version + ``steps`` (one per logged
        action) only if the game is at ``expected_version`` and active and not marked damaged
        (``repairing``: started, damage cleared); returns the new version. Raises StaleVersion,
        GameNotActive, GameDamaged, GameNotFound."""
        guard = "status != 'lobby'" if repairing else "status = 'active' AND damage IS NULL"
        changed = await change(
            conn,
            "UPDATE games SET snapshot = ?, version = version + ?, status = COALESCE(?, status), "
            "board_since = COALESCE(?, board_since), damage = CASE WHEN ? = 1 THEN NULL ELSE damage END, "
            "updated_at = ? "
            f"WHERE id = ? AND version = ? AND {guard}",
            (snapshot_text, steps, status, board_since, int(repairing), self.database.now(), game_id,
             expected_version))
        if changed == 0:
            row = await self.row(conn, game_id)
            if row["version"] != expected_version:
                raise StaleVersion(game_id, expected_version, row["version"])
            if row["status"] != "active" and (not repairing or row["status"] == "lobby"):
                raise GameNotActive(game_id, row["status"])
            raise GameDamaged(game_id, row["damage"])
        return expected_version + steps

    async def start_clocks(self, conn: Connection, game_id: int, awaited: Collection[int],
                           restart: Collection[int] = ()) -> None:
        """Seats in ``awaited`` keep a running clock or start one now; the others stop theirs. A seat
        going on with its own turn keeps its clock: the deadline is for the whole wait, not each step.
        Seats in ``restart`` start a new wait now even if they were awaited before."""
        now = self.database.now()
        waiting = sorted(set(awaited))
        anew = sorted(set(restart) & set(waiting))
        if anew:
            await change(conn, f"UPDATE seats SET awaited_since = NULL WHERE game_id = ? "
                               f"AND seat IN ({placeholders(len(anew))})", (game_id, *anew))
        marks = placeholders(len(waiting)) if waiting else "NULL"
        await change(conn, f"UPDATE seats SET awaited_since = NULL, reminded = 0, due_at = NULL "
                           f"WHERE game_id = ? AND seat NOT IN ({marks})", (game_id, *waiting))
        # A new wait is due for a look at once if it can ever come to something (an automatic player's
        # move, a deadline, the end of its player's away: see table.away); the scheduler then sets the exact
        # moment (see table.keeper). A robot's seat never is: it has no deadline, and its moves are the robots'
        # own (table.robots).
        await change(conn, f"UPDATE seats SET awaited_since = ?, reminded = 0, due_at = CASE WHEN robot IS NULL "
                           f"AND (autopilot <> 0 OR away_since IS NOT NULL "
                           f"OR (SELECT deadline_minutes FROM games WHERE id = ?) IS NOT NULL) THEN ? END "
                           f"WHERE game_id = ? AND seat IN ({marks}) AND awaited_since IS NULL",
                     (now, game_id, now, game_id, *waiting))
