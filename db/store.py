"""The game store: every hosted game, its seats and its action log, in one SQLite file.

The store knows no game's rules. A game row holds what the Discord layer needs to find and resume
it (kind, guild/channel/thread/message ids, status) and what the rules need to rebuild it: the
``options`` and ``seed`` it was created with, its seats (whose display names, in seat order, are the
player names given to ``new_game``), the current ``snapshot`` (the rules' ``state_to_json``) and the
append-only log of accepted actions. Replaying ``new_game(seat names, options, seed)`` followed by
every logged action, in version order, must give the snapshot; :meth:`GameStore.history` reads all
of it in one consistent read.

Optimistic concurrency
----------------------
Every game has a ``version``. It starts at 0 and goes up by exactly one with every change a posted
board, a button or a decision could be stale against: each seat joining or leaving the lobby, the
start, each recorded action, each action taken back, each repair and each status change (abandon,
finish). Metadata — the thread, the lobby/board message ids, the damage mark — never changes it.

- The caller reads a game (``GameRecord.version``), decides, and writes with
  ``expected_version=<what it read>``. The write succeeds only if the game is still at that
  version; otherwise it raises :class:`~db.errors.StaleVersion` and changes nothing.
  Buttons and selects should carry the game id and version in their ``custom_id`` and pass that
  version back, so a click on an outdated board is refused ("This board is out of date …")
  instead of acting on a position the player never saw.
- :meth:`GameStore.record_action` writes the new snapshot with ``version = version + 1 WHERE
  version = expected`` and appends the action with that new version **in the same transaction**:
  the snapshot and the log can never disagree, and no accepted action is lost or applied twice.
- Seat changes in the lobby are not guarded (joining is not a decision about a position) but do
  bump the version, so :meth:`GameStore.start_game` refuses to start a roster that changed after the
  caller built the starting state from it.
- Every write is one transaction of the store's :class:`~db.database.Database` (``store.database``; how
  writes are serialised is in :mod:`db.database`): a ``BEGIN IMMEDIATE`` transaction, which takes
  SQLite's write lock before reading the version, so two stores (two processes) on the same file queue
  up rather than interleave, and the later one sees the earlier one's commit and gets ``StaleVersion``.
  Nothing is ever silently overwritten. A write that waits longer than ``busy_timeout`` for the lock
  raises :class:`~db.errors.StoreBusy`. :meth:`GameStore.transaction` makes several writes one.

What a change publishes (``outbox=[OutboxItem(...)]`` on record_action, start_game, set_status,
repair and ``LifeStore.take_back``; ``board_since``, the version at which the thread's current board
began) is written in the change's own transaction: see :mod:`db.outbox`.

Trouble stays small. A game whose save cannot be read comes back with ``GameRecord.damage`` set
(never an exception that breaks the listings of a whole server); it records no action
(:class:`~db.errors.GameDamaged`) until :meth:`GameStore.repair`. SQLite itself failing — a full disk,
a read-only or damaged file — raises :class:`~db.errors.StorageUnavailable` with a sentence a player
can read, after the transaction was rolled back: the game is as it was.

Seats are numbered from 0 (the rules' seat index). Removing a seat in the lobby renumbers the seats
after it, keeping the join order. Timestamps are timezone-aware UTC datetimes, stored as ISO-8601.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from types import TracebackType
from typing import Any

from db.actions import ActionLog
from db.backend import Connection
from db.database import Database, change, placeholders
from db.errors import (
    AlreadySeated,
    GameFull,
    GameNotFound,
    GameNotInLobby,
    InvalidStatusChange,
    NotSeated,
    SeatTaken,
    StaleVersion,
)
from db.games import TRANSITIONS, Games
from db.outbox import publish
from db.records import (
    ALL_STATUSES,
    GAME_COLUMNS,
    OPEN_STATUSES,
    ActionRecord,
    ChainedAction,
    GameHistory,
    GameRecord,
    GameStatus,
    GameVersion,
    OutboxItem,
    SeatRecord,
    encode_items,
)
from db.records import check_board_since as _board_since
from db.records import check_id as _check_id
from db.records import check_status as _check_status
from db.records import dump as _dump
from db.records import game as _game

__all__ = [
    "ALL_STATUSES",
    "OPEN_STATUSES",
    "ActionRecord",
    "ChainedAction",
    "GameHistory",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "GameVersion",
    "OutboxItem",
    "SeatRecord",
]


def _statuses(statuses: Iterable[str]) -> list[GameStatus]:
    chosen = [_check_status(status) for status in statuses]
    if not chosen:
        raise ValueError("statuses must name at least one status")
    return chosen


class GameStore(ActionLog):
    """Async access to the game database. Open with ``await GameStore.open(path)`` (or
    ``async with await GameStore.open(path) as store``) and close when done. Its methods on the action
    log (:meth:`record_action`, :meth:`actions`, :meth:`last_own_version`, :meth:`history`) are
    :class:`~db.actions.ActionLog`'s."""

    def __init__(self, database: Database) -> None:
        """Use :meth:`open` (or build one on an open :class:`~db.database.Database`)."""
        self.database = database
        """The connections and transactions this store (and every store built on it) works on."""
        self.games = Games(database)
        """The statements on games' rows and seats, for the stores built on this one."""
        self.path = database.path
        self.locks = database.locks
        """Games' locks across processes (PostgreSQL); None on SQLite, where one process owns the file."""
        self.postgres = database.postgres

    # ----- opening and closing ----------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, busy_timeout: float = 5.0,
                   clock: Callable[[], datetime] | None = None) -> GameStore:
        """Open (creating it and its parent folders if needed) and migrate the database at ``path``: a
        SQLite file, or a PostgreSQL server's ``postgresql://user:password@host:port/database`` URL (a
        writing connection, readers beside it and one for the games' :attr:`locks`).

        ``busy_timeout`` is how many seconds a write waits for another process's write to finish (on
        PostgreSQL: for a row another process holds, and a move for its game's lock).
        ``clock`` (for tests) returns the current time as an aware datetime.

        Raises :class:`~db.errors.StorageUnavailable` (naming the file, or the URL without its password)
        when the database cannot be used — cannot be opened or created, is read-only, is not a database, the
        server cannot be reached — and
        :class:`~db.errors.SchemaTooNew` for a database from a newer release (left untouched).
        """
        return cls(await Database.open(path, busy_timeout=busy_timeout, clock=clock))

    async def close(self) -> None:
        """Close the connections (waiting for any operation in progress). Safe to call twice."""
        await self.database.close()

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    async def settings(self) -> dict[str, int | str]:
        """The writing connection's SQLite settings and schema version (for health checks and tests); on
        PostgreSQL its server version instead."""
        return await self.database.settings()

    # ----- transactions -----------------------------------------------------------------------
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One transaction for several writes: every write of this store (and of the stores built on it:
        ``LifeStore``, ``OutboxStore``, …) that this task makes inside the block joins it, and so do its
        reads, which see what the block wrote. Committed when the block ends, rolled back — all of it — if
        the block raises. The table's unit of work (``table/work.py``) writes a whole change this way: its
        log, snapshot, seats, results and publications together or not at all. Nested blocks join the
        outer one. (:meth:`Database.transaction <db.database.Database.transaction>`.)"""
        return self.database.transaction()

    # ----- games ------------------------------------------------------------------------------
    async def create_game(self, kind: str, guild_id: int, channel_id: int, creator_id: int,
                          options: Mapping[str, Any], seed: int, seed_salt: str = "", *,
                          deadline_minutes: int | None = None, autopilot_after: int = 3,
                          forced_moves: bool = True, away_bank_minutes: int = 7 * 24 * 60,
                          autopilot_level: str = "normal", robot_secret: str = "", language: str = "en") -> GameRecord:
        """A new game in its lobby, at version 0, with no seats and no snapshot. ``robot_secret``: the root of
        its robots' random streams (never shown; see table.thinking)."""
        if deadline_minutes is not None and deadline_minutes <= 0:
            raise ValueError("a deadline must be a positive number of minutes")
        if autopilot_after <= 0:
            raise ValueError("autopilot_after must be at least 1")
        if away_bank_minutes < 0:
            raise ValueError("an away bank cannot be negative")
        if not kind:
            raise ValueError("kind must name a game")
        for name, value in (("guild_id", guild_id), ("channel_id", channel_id), ("creator_id", creator_id),
                            ("seed", seed)):
            _check_id(name, value)
        options_json = _dump(dict(options))
        async with self.database.write() as conn:
            now = self.database.now()
            rows = list(await conn.execute_fetchall(
                "INSERT INTO games (kind, guild_id, channel_id, creator_id, status, options, seed, seed_salt, "
                "deadline_minutes, autopilot_after, forced_moves, away_bank_minutes, autopilot_level, robot_secret, "
                "language, version, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id",
                (kind, guild_id, channel_id, creator_id, options_json, seed, seed_salt, deadline_minutes,
                 autopilot_after, int(forced_moves), away_bank_minutes, autopilot_level, robot_secret, language,
                 now, now)))
            return await self.games.record(conn, int(rows[0][0]))

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self.database.read() as conn:
            try:
                return await self.games.record(conn, game_id)
            except GameNotFound:
                return None

    async def game_version(self, game_id: int, seat: int | None = None) -> GameVersion | None:
        """The game's version, status and place, and who holds ``seat``, in one read of small columns: no
        snapshot or options is read or decoded, so a page polling for news costs next to nothing."""
        async with self.database.read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT g.id, g.guild_id, g.channel_id, g.status, g.version, "
                "(SELECT s.user_id FROM seats s WHERE s.game_id = g.id AND s.seat = ?) AS seat_user "
                "FROM games g WHERE g.id = ?", (-1 if seat is None else seat, game_id)))
        if not rows:
            return None
        row = rows[0]
        return GameVersion(row["id"], row["guild_id"], row["channel_id"], _check_status(row["status"]), row["version"],
                           row["seat_user"])

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        """The game played in a Discord thread (the latest, should a thread ever hold several)."""
        games = await self._listed("g.thread_id = ?", (thread_id,))
        return games[-1] if games else None

    async def start_game(self, game_id: int, expected_version: int, snapshot: Any,
                         thread_id: int | None = None, awaited: Collection[int] = (), *,
                         outbox: Sequence[OutboxItem] = (), board_since: int | None = None) -> GameRecord:
        """Lobby → active with the starting snapshot (built from the current seats), version + 1.
        ``thread_id`` None keeps the thread already set, if any. ``awaited``: the seats the game
        waits for first (their clocks start now). ``outbox`` and ``board_since`` as in :meth:`record_action`."""
        if thread_id is not None:
            _check_id("thread_id", thread_id)
        snapshot_json, items, since = _dump(snapshot), encode_items(outbox), _board_since(board_since)
        async with self.database.write() as conn:
            row = await self.games.row(conn, game_id, locked=True)
            if row["version"] != expected_version:
                raise StaleVersion(game_id, expected_version, row["version"])
            if row["status"] != "lobby":
                raise GameNotInLobby(game_id, row["status"])
            await change(
                conn,
                "UPDATE games SET status = 'active', snapshot = ?, thread_id = COALESCE(?, thread_id), "
                "board_since = COALESCE(?, board_since), version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                (snapshot_json, thread_id, since, self.database.now(), game_id, expected_version))
            await self.games.start_clocks(conn, game_id, awaited)
            await publish(conn, game_id, items, self.database.now())
            return await self.games.record(conn, game_id)

    async def repair(self, game_id: int, expected_version: int, snapshot: Any, awaited: Collection[int], *,
                     outbox: Sequence[OutboxItem] = (), board_since: int | None = None) -> int:
        """Save a state rebuilt (by the caller, from the seed and the log) for a damaged game: writes the
        snapshot, clears ``damage``, version + 1 and restarts the seats' clocks as :meth:`record_action`
        does; returns the new version. Works on any started game, damaged or not.
        Raises StaleVersion, GameNotActive (a game still in its lobby), GameNotFound."""
        snapshot_text, items, since = _dump(snapshot), encode_items(outbox), _board_since(board_since)
        async with self.database.write() as conn:
            new_version = await self.games.advance(conn, game_id, expected_version, snapshot_text, board_since=since,
                                                   repairing=True)
            await self.games.start_clocks(conn, game_id, awaited)
            await publish(conn, game_id, items, self.database.now())
            return new_version

    async def set_status(self, game_id: int, status: GameStatus, expected_version: int, *,
                         outbox: Sequence[OutboxItem] = ()) -> GameRecord:
        """Abandon a lobby or an active game, or finish an active one; version + 1. ``outbox`` as in
        :meth:`record_action`."""
        status = _check_status(status)
        items = encode_items(outbox)
        async with self.database.write() as conn:
            row = await self.games.row(conn, game_id, locked=True)
            if row["version"] != expected_version:
                raise StaleVersion(game_id, expected_version, row["version"])
            if status not in TRANSITIONS[row["status"]]:
                raise InvalidStatusChange(game_id, row["status"], status)
            await change(conn, "UPDATE games SET status = ?, version = version + 1, updated_at = ? "
                         "WHERE id = ? AND version = ?", (status, self.database.now(), game_id, expected_version))
            await change(conn, "UPDATE seats SET due_at = NULL WHERE game_id = ?", (game_id,))
            await publish(conn, game_id, items, self.database.now())
            return await self.games.record(conn, game_id)

    # ----- the outbox (reading and settling items: db/outbox.py) -----------------------------------------------
    async def enqueue(self, game_id: int, items: Sequence[OutboxItem]) -> list[int]:
        """Save things to publish that change no version (an announcement in the thread), in one
        transaction; returns their outbox ids in order. Raises GameNotFound."""
        encoded = encode_items(items)
        async with self.database.write() as conn:
            await self.games.row(conn, game_id, locked=True)
            return await publish(conn, game_id, encoded, self.database.now())

    # ----- metadata (no version change) ------------------------------------------------------------------
    async def set_damage(self, game_id: int, reason: str | None) -> None:
        """Mark the game's save as unreadable (``reason``: a short phrase such as "its saved state is not
        valid JSON"), or None to clear the mark. Metadata: no version change. While marked, the game gets
        no seat deadlines and records no action (GameDamaged) until :meth:`repair`."""
        if reason is not None and (not isinstance(reason, str) or not reason.strip()):
            raise ValueError("a damage reason must be a non-empty sentence, or None")
        text = None if reason is None else reason.strip()[:300]
        async with self.database.write() as conn:
            if await change(conn, "UPDATE games SET damage = ? WHERE id = ?", (text, game_id)) == 0:
                raise GameNotFound(game_id)

    async def _set_metadata(self, game_id: int, column: str, value: int | None) -> None:
        if value is not None:
            _check_id(column, value)
        async with self.database.write() as conn:
            if await change(conn, f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id)) == 0:
                raise GameNotFound(game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Metadata: no version change."""
        await self._set_metadata(game_id, "thread_id", thread_id)

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        """Metadata: no version change."""
        await self._set_metadata(game_id, "lobby_message_id", message_id)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        """Metadata: no version change."""
        await self._set_metadata(game_id, "board_message_id", message_id)

    async def set_hints(self, game_id: int, hints: bool | None) -> None:
        """Whether the game's panels offer "Suggest" (None: decided from the seating when it starts). A setting,
        not a move: no version change."""
        async with self.database.write() as conn:
            if await change(conn, "UPDATE games SET hints = ? WHERE id = ?",
                            (None if hints is None else int(hints), game_id)) == 0:
                raise GameNotFound(game_id)

    async def count_hint(self, game_id: int, seat: int) -> None:
        """One more suggestion asked for by ``seat``: the game's mark of having used hints. No version change (the
        game did not move), so a panel open meanwhile stays good."""
        async with self.database.write() as conn:
            if await change(conn, "UPDATE seats SET hints = hints + 1 WHERE game_id = ? AND seat = ?",
                            (game_id, seat)) == 0:
                raise GameNotFound(game_id)

    async def set_practice(self, game_id: int) -> None:
        """Mark a game as a practice game (one person learning against robots): a setting, no version change."""
        async with self.database.write() as conn:
            if await change(conn, "UPDATE games SET practice = 1 WHERE id = ?", (game_id,)) == 0:
                raise GameNotFound(game_id)

    async def lessons_seen(self, game_id: int, seat: int) -> set[str]:
        """The lessons (decision kinds) already explained to ``seat`` in this game."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall("SELECT lesson FROM lessons WHERE game_id = ? AND seat = ?",
                                               (game_id, seat))
        return {str(row[0]) for row in rows}

    async def note_lesson(self, game_id: int, seat: int, lesson: str) -> None:
        """Remember that ``lesson`` was explained to ``seat`` (once: noting it again changes nothing)."""
        async with self.database.write() as conn:
            await conn.execute("INSERT INTO lessons (game_id, seat, lesson) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                               (game_id, seat, lesson))

    # ----- seats ------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in seat order (empty for an unknown game)."""
        async with self.database.read() as conn:
            return await self.games.seats(conn, game_id)

    async def add_seat(self, game_id: int, user_id: int, display_name: str, *, seat: int | None = None,
                       max_seats: int | None = None, robot: str | None = None) -> SeatRecord:
        """Seat a user in the lobby: in the next free seat, or in ``seat`` if given; version + 1. ``robot``: the
        seat is a robot's at that level (``user_id`` then negative: no Discord member has it).

        Raises AlreadySeated, SeatTaken (``seat`` occupied), GameFull (``max_seats`` reached),
        GameNotInLobby, GameNotFound. The check and the insert are one transaction, so two users
        racing for the last seat cannot both get it.
        """
        _check_id("user_id", user_id)
        if seat is not None and (seat < 0 or (max_seats is not None and seat >= max_seats)):
            raise ValueError(f"seat {seat} is outside this game's seats")
        async with self.database.write() as conn:
            row = await self.games.row(conn, game_id, locked=True)
            if row["status"] != "lobby":
                raise GameNotInLobby(game_id, row["status"])
            current = await self.games.seats(conn, game_id)
            if any(taken.user_id == user_id for taken in current):
                raise AlreadySeated(game_id, user_id)
            occupied = {taken.seat for taken in current}
            if seat is not None and seat in occupied:
                raise SeatTaken(game_id, seat)
            if max_seats is not None and len(current) >= max_seats:
                raise GameFull(game_id, max_seats)
            if seat is None:
                seat = next(number for number in range(len(current) + 1) if number not in occupied)
            now = self.database.now()
            await change(
                conn, "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at, robot) "
                "VALUES (?, ?, ?, ?, ?, ?)", (game_id, seat, user_id, display_name, now, robot))
            await self.games.bump(conn, game_id)
            return SeatRecord(game_id, seat, user_id, display_name, datetime.fromisoformat(now), robot)

    async def remove_seat(self, game_id: int, user_id: int) -> list[SeatRecord]:
        """Unseat a user in the lobby; the seats after theirs move up one, keeping their order.
        Returns the remaining seats; version + 1. Raises NotSeated, GameNotInLobby, GameNotFound."""
        async with self.database.write() as conn:
            row = await self.games.row(conn, game_id, locked=True)
            if row["status"] != "lobby":
                raise GameNotInLobby(game_id, row["status"])
            current = await self.games.seats(conn, game_id)
            leaving = next((taken for taken in current if taken.user_id == user_id), None)
            if leaving is None:
                raise NotSeated(game_id, user_id)
            await change(conn, "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, leaving.seat))
            # One row at a time, lowest first, so (game_id, seat) stays unique after every update.
            for number, taken in enumerate(other for other in current if other is not leaving):
                if taken.seat != number:
                    await change(conn, "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                                 (number, game_id, taken.seat))
            await self.games.bump(conn, game_id)
            return await self.games.seats(conn, game_id)

    async def robot_secret(self, game_id: int, make: Callable[[], str]) -> str:
        """The game's robot secret, made with ``make`` and kept the first time it is asked for (a game created
        before robots existed has none). Raises GameNotFound."""
        async with self.database.write() as conn:
            row = list(await conn.execute_fetchall("SELECT robot_secret FROM games WHERE id = ?", (game_id,)))
            if not row:
                raise GameNotFound(game_id)
            if row[0]["robot_secret"]:
                return str(row[0]["robot_secret"])
            # Only an empty secret is replaced, so two processes asking at once keep the first one written.
            await change(conn, "UPDATE games SET robot_secret = ? WHERE id = ? AND robot_secret = ''",
                         (make(), game_id))
            row = list(await conn.execute_fetchall("SELECT robot_secret FROM games WHERE id = ?", (game_id,)))
            return str(row[0]["robot_secret"])

    async def robot_waits(self) -> list[int]:
        """The games being played that wait for a robot now (healthy ones), oldest first: the robots to get
        going again after a restart."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.robot IS NOT NULL AND s.awaited_since IS NOT NULL AND g.status = 'active' "
                "AND g.damage IS NULL ORDER BY s.game_id")
            return [int(row["game_id"]) for row in rows]

    # ----- listings ---------------------------------------------------------------------------
    async def games_in_guild(self, guild_id: int, statuses: Iterable[GameStatus] = OPEN_STATUSES) -> list[GameRecord]:
        """The guild's games with one of ``statuses`` (by default the open ones), oldest first."""
        chosen = _statuses(statuses)
        return await self._listed(f"g.guild_id = ? AND g.status IN ({placeholders(len(chosen))})",
                                  (guild_id, *chosen))

    async def games_of_user(self, user_id: int, guild_id: int | None = None,
                            statuses: Iterable[GameStatus] = OPEN_STATUSES) -> list[GameRecord]:
        """Games where ``user_id`` holds a seat (in ``guild_id`` if given), oldest first."""
        chosen = _statuses(statuses)
        where = f"s.user_id = ? AND g.status IN ({placeholders(len(chosen))})"
        params: list[object] = [user_id, *chosen]
        if guild_id is not None:
            where += " AND g.guild_id = ?"
            params.append(guild_id)
        return await self._listed(where, params, join_seats=True)

    async def game_ids_of_user(self, user_id: int, statuses: Iterable[GameStatus] = OPEN_STATUSES) -> list[int]:
        """The ids of the games where ``user_id`` holds a seat, on every server, oldest first: a player's inbox
        loads each game itself (through the table's cache), so their saves are not decoded here."""
        chosen = _statuses(statuses)
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id WHERE s.user_id = ? "
                f"AND g.status IN ({placeholders(len(chosen))}) ORDER BY g.id", (user_id, *chosen))
        return [int(row[0]) for row in rows]

    async def games_with_status(self, statuses: Iterable[GameStatus]) -> list[GameRecord]:
        chosen = _statuses(statuses)
        return await self._listed(f"g.status IN ({placeholders(len(chosen))})", chosen)

    async def active_games(self) -> list[GameRecord]:
        """Every game being played, in every guild: what to resume after a restart."""
        return await self.games_with_status(("active",))

    async def _listed(self, where: str, params: Sequence[object], *, join_seats: bool = False) -> list[GameRecord]:
        columns = ", ".join(f"g.{column.strip()}" for column in GAME_COLUMNS.split(","))
        source = "games AS g JOIN seats AS s ON s.game_id = g.id" if join_seats else "games AS g"
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(f"SELECT {columns} FROM {source} WHERE {where} ORDER BY g.id", params)
            return [_game(row) for row in rows]
