"""Persistence: SQLite via aiosqlite — schema, migrations, the game store; knows no Discord, no one game.

- :mod:`db.schema` — the forward-only migrations (``PRAGMA user_version``) and :func:`~db.schema.migrate`.
- :mod:`db.store` — :class:`~db.store.GameStore`: games, seats and the append-only action log, with
  optimistic concurrency on each game's ``version`` (the contract is in that module's docstring).
- :mod:`db.errors` — the refusals, each carrying a sentence a player can read.

Replaying a game needs nothing game-specific from here: :meth:`GameStore.history` returns the seed,
options, seat names (the ``players`` given to ``new_game``) and the logged actions in order; the
caller feeds them to the game's rules.
"""

from db.errors import (
    AlreadySeated,
    GameFull,
    GameNotActive,
    GameNotFound,
    GameNotInLobby,
    InvalidStatusChange,
    MigrationFailed,
    NotSeated,
    SchemaError,
    SchemaTooNew,
    SeatTaken,
    StaleVersion,
    StoreBusy,
    StoreError,
)
from db.schema import LATEST_VERSION, migrate
from db.store import (
    ALL_STATUSES,
    OPEN_STATUSES,
    ActionRecord,
    GameHistory,
    GameRecord,
    GameStatus,
    GameStore,
    SeatRecord,
)

__all__ = [
    "ALL_STATUSES",
    "LATEST_VERSION",
    "OPEN_STATUSES",
    "ActionRecord",
    "AlreadySeated",
    "GameFull",
    "GameHistory",
    "GameNotActive",
    "GameNotFound",
    "GameNotInLobby",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "InvalidStatusChange",
    "MigrationFailed",
    "NotSeated",
    "SchemaError",
    "SchemaTooNew",
    "SeatRecord",
    "SeatTaken",
    "StaleVersion",
    "StoreBusy",
    "StoreError",
    "migrate",
]
