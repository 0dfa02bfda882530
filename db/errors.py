"""Refusals from the game store.

Every error carries ``message``: one sentence a player can read, so the Discord layer can answer a
refused click or command ephemerally with ``str(error)`` and nothing game-specific. The attributes
(game id, versions, status, …) are there for code that wants to decide what to do next, e.g.
re-post a fresh board after a :class:`StaleVersion`.

:class:`SchemaTooNew` and :class:`MigrationFailed` are for the operator, not for players: they stop
the bot from starting against a database it does not understand.
"""

from __future__ import annotations

__all__ = [
    "AlreadySeated",
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
    "StoreBusy",
    "StoreError",
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
    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"The database is at schema version {found}, but this version of Ringmaster only knows "
            f"versions up to {supported}; it was written by a newer release. Upgrade the bot (or restore "
            "an older backup) instead of opening it with this one."
        )
        self.found = found
        self.supported = supported


class MigrationFailed(SchemaError):
    def __init__(self, version: int, reason: str) -> None:
        super().__init__(f"Migrating the database to schema version {version} failed: {reason}. "
                         "Nothing of that migration was applied.")
        self.version = version
        self.reason = reason
