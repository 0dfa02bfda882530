"""Refusals from the game store.

Every error carries ``message``: one sentence a player can read, so the Discord layer can answer a
refused click or command ephemerally with ``str(error)`` and nothing game-specific. The attributes
(game id, versions, status, …) are there for code that wants to decide what to do next, e.g.
re-post a fresh board after a :class:`StaleVersion`.

:class:`SchemaTooNew` and :class:`MigrationFailed` are for the operator, not for players: they stop
the bot from starting against a database it does not understand.

:class:`StorageUnavailable` is the database itself failing (a full disk, a read-only or damaged file, a
PostgreSQL server gone): :func:`storage_error` turns such a ``sqlite3`` error into it (and "database is
locked" into :class:`StoreBusy`); :mod:`db.pg_connection` does the same for PostgreSQL's errors, so nothing
above ``db`` ever sees a raw driver exception for them.
"""

from __future__ import annotations

import sqlite3
from typing import Final

__all__ = [
    "STORAGE_CAUSES",
    "AlreadySeated",
    "GameDamaged",
    "GameFull",
    "GameNotActive",
    "GameNotFound",
    "GameNotInLobby",
    "InvalidStatusChange",
    "MigrationFailed",
    "NotSeated",
    "SchemaError",
    "SchemaTooNew",
    "SeatTaken",
    "StaleVersion",
    "StorageUnavailable",
    "StoreBusy",
    "StoreError",
    "storage_error",
]

_STATUS_SENTENCES = {
    "lobby": "This game has not started yet.",
    "active": "This game has already started.",
    "finished": "This game is over.",
    "abandoned": "This game was abandoned.",
}


def _status_sentence(status: str) -> str:
    return _STATUS_SENTENCES.get(status, f"This game is {status}.")


class StoreError(Exception):
    """Base class of every refusal from ``db``; ``message`` is the human sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class GameNotFound(StoreError):
    def __init__(self, game_id: int) -> None:
        super().__init__("That game no longer exists.")
        self.game_id = game_id


class StaleVersion(StoreError):
    """The write was made against ``expected_version`` but the game is at ``actual_version``:
    someone else's write landed first. Nothing was changed."""

    def __init__(self, game_id: int, expected_version: int, actual_version: int) -> None:
        super().__init__("This board is out of date: the game has moved on since it was posted.")
        self.game_id = game_id
        self.expected_version = expected_version
        self.actual_version = actual_version

    def __repr__(self) -> str:
        return (f"StaleVersion(game_id={self.game_id}, expected_version={self.expected_version}, "
                f"actual_version={self.actual_version})")


class StoreBusy(StoreError):
    """Another process held the database's write lock for longer than the busy timeout."""

    def __init__(self) -> None:
        super().__init__("The game table is busy right now; please try again in a moment.")


class SeatTaken(StoreError):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"Seat {seat + 1} is already taken.")
        self.game_id = game_id
        self.seat = seat


class AlreadySeated(StoreError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__("You are already seated in this game.")
        self.game_id = game_id
        self.user_id = user_id


class NotSeated(StoreError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__("You are not seated in this game.")
        self.game_id = game_id
        self.user_id = user_id


class GameFull(StoreError):
    def __init__(self, game_id: int, max_seats: int) -> None:
        seats = "the only seat is" if max_seats == 1 else f"all {max_seats} seats are"
        super().__init__(f"This game is full: {seats} taken.")
        self.game_id = game_id
        self.max_seats = max_seats


class GameNotInLobby(StoreError):
    """Seats can only change, and a game can only start, while it is in its lobby."""

    def __init__(self, game_id: int, status: str) -> None:
        if status == "active":
            message = "This game has already started, so its seats can no longer change."
        else:
            message = _status_sentence(status)
        super().__init__(message)
        self.game_id = game_id
        self.status = status


class GameNotActive(StoreError):
    """Actions are only recorded while a game is active."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(_status_sentence(status))
        self.game_id = game_id
        self.status = status


class InvalidStatusChange(StoreError):
    def __init__(self, game_id: int, current: str, requested: str) -> None:
        if current in ("finished", "abandoned"):
            message = _status_sentence(current)
        elif requested == "finished" and current == "lobby":
            message = "A game that has not started cannot finish; abandon it instead."
        else:
            message = f"A game cannot go from {current} to {requested}."
        super().__init__(message)
        self.game_id = game_id
        self.current = current
        self.requested = requested


class SchemaError(StoreError):
    """The database file cannot be used by this version of the code."""


class SchemaTooNew(SchemaError):
    def __init__(self, found: int, supported: int, *, path: str | None = None) -> None:
        where = "The database" if path is None else f"The database {path}"
        super().__init__(
            f"{where} is at schema version {found}, but this version of Ringmaster only knows "
            f"versions up to {supported}; it was written by a newer release. Upgrade the bot (or restore "
            "an older backup) instead of opening it with this one."
        )
        self.found = found
        self.supported = supported
        self.path = path


class MigrationFailed(SchemaError):
    def __init__(self, version: int, reason: str, *, path: str | None = None) -> None:
        where = "the database" if path is None else f"the database {path}"
        super().__init__(f"Migrating {where} to schema version {version} failed: {reason}. "
                         "Nothing of that migration was applied.")
        self.version = version
        self.reason = reason
        self.path = path

class GameDamaged(StoreError):
    """The game's save was marked as unreadable (:meth:`GameStore.set_damage`): no action is recorded on
    it until :meth:`GameStore.repair` writes a rebuilt state."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"This game's save cannot be read ({reason}), so it is paused until it is repaired.")
        self.game_id = game_id
        self.reason = reason


STORAGE_CAUSES: Final[tuple[str, ...]] = ("full", "read-only", "io", "cannot-open", "corrupt", "unreachable")
"""The values of :attr:`StorageUnavailable.cause`."""

# cause -> (what a player is told, what the operator is told after "… the game database <path>: ")
_STORAGE_SENTENCES: Final[dict[str, tuple[str, str]]] = {
    "full": ("the game database's disk is full",
             "its disk is full (or the file reached its size limit); free some space and start the bot again"),
    "read-only": ("the game database is read-only",
                  "the file or its folder is read-only for the user running the bot; give that user write access "
                  "to both and start the bot again"),
    "io": ("the game database's disk reported a read or write error",
           "the disk reported a read or write error; check the disk and start the bot again"),
    "cannot-open": ("the game database file cannot be opened",
                    "the file cannot be opened; check that the path is right and that its folder exists and can "
                    "be written"),
    "corrupt": ("the game database file is damaged",
                "the file is not a SQLite database or is damaged; restore a backup or point the bot at another "
                "file"),
    "unreachable": ("the game database server cannot be reached",
                    "the PostgreSQL server cannot be reached or refused the connection; check that it is running, "
                    "that the URL (host, port, database, user, password) is right, and start the bot again"),
}


class StorageUnavailable(StoreError):
    """The database could not be used: ``cause`` is one of :data:`STORAGE_CAUSES` ("full", "read-only",
    "io", "cannot-open", "corrupt"; "unreachable": a PostgreSQL server that cannot be reached or refused the
    connection). The transaction was rolled back; nothing was changed.

    Without ``path`` the sentence is for a player whose command failed ("I could not save that: the game
    database's disk is full, so nothing was changed. …"); with ``path`` it is for the operator starting
    the bot, naming the file and what to do.
    """

    def __init__(self, cause: str, *, path: str | None = None, reading: bool = False) -> None:
        if cause not in _STORAGE_SENTENCES:
            raise ValueError(f"unknown storage trouble {cause!r}; expected one of {', '.join(STORAGE_CAUSES)}")
        for_player, for_operator = _STORAGE_SENTENCES[cause]
        if path is not None:
            message = f"Ringmaster cannot use the game database {path}: {for_operator}."
        else:
            attempt = "I could not read the games" if reading else "I could not save that"
            message = f"{attempt}: {for_player}, so nothing was changed. Please tell whoever runs this bot."
        super().__init__(message)
        self.cause = cause
        self.path = path


_CAUSE_OF_CODE: Final[dict[int, str]] = {
    sqlite3.SQLITE_FULL: "full",
    sqlite3.SQLITE_READONLY: "read-only",
    sqlite3.SQLITE_IOERR: "io",
    sqlite3.SQLITE_CANTOPEN: "cannot-open",
    sqlite3.SQLITE_CORRUPT: "corrupt",
    sqlite3.SQLITE_NOTADB: "corrupt",
}


def storage_error(error: BaseException, *, path: str | None = None, reading: bool = False) -> StoreError | None:
    """The store's error for a ``sqlite3`` error that means the database itself is unusable or busy
    (:class:`StorageUnavailable`, :class:`StoreBusy`); None for any other error (a bug, a constraint)."""
    code = getattr(error, "sqlite_errorcode", None) if isinstance(error, sqlite3.Error) else None
    if not isinstance(code, int):
        return None
    primary = code & 0xFF
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreBusy()
    cause = _CAUSE_OF_CODE.get(primary)
    return None if cause is None else StorageUnavailable(cause, path=path, reading=reading)
