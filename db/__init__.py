"""Persistence: SQLite via ``sqlite3`` on the event loop's thread, or PostgreSQL via asyncpg (a
``postgresql://`` URL) — schema, migrations, the game store; knows no Discord, no one game.

- :mod:`db.backend`, :mod:`db.pg_connection`, :mod:`db.pg_schema`, :mod:`db.game_locks` — the store's SQL on
  PostgreSQL: the connection that translates it, the schema there, and games' locks across processes
  (see docs/deploy.md).

- :mod:`db.schema` — the forward-only migrations (``PRAGMA user_version``) and :func:`~db.schema.migrate`.
- :mod:`db.database` — :class:`~db.database.Database`, the seam under every store: its connections, its
  transactions (:meth:`~db.database.Database.write`, :meth:`~db.database.Database.read`,
  :meth:`~db.database.Database.transaction`, the last one ambient: a task's writes and reads join it),
  :func:`~db.database.change` and the store's clock; a store's ``store.database``.
- :mod:`db.games` — :class:`~db.games.Games`: the statements on a game's row and seats that the stores run
  inside their transactions (the version's guard, the seats' clocks); a store's ``store.games``.
- :mod:`db.store` — :class:`~db.store.GameStore`: games, seats and the append-only action log, with
  optimistic concurrency on each game's ``version`` (the contract is in that module's docstring);
  a game's damage (:meth:`~db.store.GameStore.set_damage`, :meth:`~db.store.GameStore.repair`).
  Its methods on the log are in :mod:`db.actions` (:class:`~db.actions.ActionLog`, mixed into it).
- :mod:`db.connections` — opening its connections: write-ahead logging, and the read-only connections
  beside the one that writes.
- :mod:`db.records` — the values it hands out (:class:`GameRecord`, :class:`SeatRecord`,
  :class:`ActionRecord`, :class:`GameHistory`, :class:`OutboxItem`) and how rows become them; a game
  whose save cannot be read comes back with ``damage`` set instead of raising.
- :mod:`db.outbox` — :class:`OutboxStore`: the items each change saved to publish, read and settled by
  the per-game publisher (written with ``outbox=[OutboxItem(...)]`` in the change's own transaction,
  through :func:`~db.outbox.publish`).
- :mod:`db.life` — :class:`~db.life.LifeStore`: seat clocks, autopilot, members, results, votes, undo.
- :mod:`db.secrets` — :class:`~db.secrets.SecretStore`: the server's own secrets (the web companion's link key),
  made once and kept. :mod:`db.leases` — :class:`~db.leases.LeaseStore`: which process does each game's
  background work.

Every store is built on a :class:`~db.store.GameStore` (``LifeStore(store)``, …) and works on its
``store.database`` and ``store.games`` only: no store reaches into another's private parts.
- :mod:`db.startup` — :func:`check_database`: opens the file and proves it can be written, before the bot starts.
- :mod:`db.errors` — the refusals, each carrying a sentence a player can read; SQLite itself failing
  (full disk, read-only or damaged file) is :class:`StorageUnavailable`, never a raw ``sqlite3`` error.

Replaying a game needs nothing game-specific from here: :meth:`GameStore.history` returns the seed,
options, seat names (the ``players`` given to ``new_game``) and the logged actions in order; the
caller feeds them to the game's rules.
"""

from db.database import Database
from db.errors import (
    STORAGE_CAUSES,
    AlreadySeated,
    GameDamaged,
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
    StorageUnavailable,
    StoreBusy,
    StoreError,
)
from db.outbox import OutboxRow, OutboxStore
from db.records import OutboxItem
from db.schema import LATEST_VERSION, migrate
from db.startup import check_database
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
    "STORAGE_CAUSES",
    "ActionRecord",
    "AlreadySeated",
    "Database",
    "GameDamaged",
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
    "OutboxItem",
    "OutboxRow",
    "OutboxStore",
    "SchemaError",
    "SchemaTooNew",
    "SeatRecord",
    "SeatTaken",
    "StaleVersion",
    "StorageUnavailable",
    "StoreBusy",
    "StoreError",
    "check_database",
    "migrate",
]
