"""The outbox: what a change must publish, saved in the change's own transaction and delivered later.

Writing
-------
:meth:`GameStore.record_action`, :meth:`~GameStore.start_game`, :meth:`~GameStore.set_status`,
:meth:`~GameStore.repair` and :meth:`LifeStore.take_back <db.life.LifeStore.take_back>` take
``outbox=[OutboxItem(kind, payload), ...]`` and insert the items inside their ``BEGIN IMMEDIATE``
transaction: a refused write (StaleVersion, …) leaves no item, and an item that cannot be written
leaves no action. :meth:`GameStore.enqueue` saves items that change no version (an announcement).
``kind`` and the JSON-object ``payload`` are the table's words; the store never reads them. All of them
insert through :func:`publish`, inside the caller's transaction.

Reading and settling
--------------------
``OutboxStore(store)`` works on the store's :class:`~db.database.Database` (like ``LifeStore``). A
per-game publisher delivers a game's items in ``id`` order:

- :meth:`OutboxStore.due_games` — the games whose *oldest* undelivered item is due
  (``next_attempt_at <= now``). Delivery is ordered, so a later item waits behind the first: a game
  whose first item is backing off after a failure is not due, whatever comes after it.
- :meth:`OutboxStore.pending` — a game's undelivered items, oldest first.
- :meth:`OutboxStore.delivered` — mark one delivered (and, in the same transaction, remember the
  board message it posted); :meth:`OutboxStore.failed` — count a failed attempt and when to retry.
- :meth:`OutboxStore.set_aside` — take an item that can never be delivered out of the queue, saying why:
  it is kept (``last_error`` begins with ``"set aside: "``; :meth:`OutboxStore.aside` lists them) for
  the operator to inspect, but no longer pending, so it cannot hold up its game.
- :meth:`OutboxStore.waiting_games` — every game with an undelivered item, due or not (at start-up);
  :meth:`OutboxStore.last_waiting` — the id of a game's newest undelivered item of some kinds.
- :meth:`OutboxStore.prune` — forget items delivered before an instant (set-aside items stay).

Delivery is at least once: an item posted just before a crash, and not yet marked delivered, is
delivered again after the restart. Deleting a game deletes its items.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from db.backend import Connection
from db.database import OnDatabase, change
from db.records import OutboxItem, check_id, iso

__all__ = ["OutboxItem", "OutboxRow", "OutboxStore", "publish"]

_ROW_COLUMNS: Final = "id, game_id, kind, payload, created_at, attempts, next_attempt_at, last_error"
_MAX_ERROR: Final = 1000
SET_ASIDE: Final = "set aside: "
"""How ``last_error`` begins for an item set aside."""


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One undelivered outbox item as saved."""

    id: int
    """Its place in the delivery order (increasing, never reused)."""
    game_id: int
    kind: str
    payload: dict[str, Any]
    """As saved; a payload damaged on disk reads as ``{"damaged": <why>}`` (set it aside) rather than
    raising and holding up every later item of its game."""
    created_at: datetime
    attempts: int
    """Failed deliveries so far."""
    next_attempt_at: datetime
    """Not to be tried before this instant (``created_at`` until a delivery fails)."""
    last_error: str | None


async def publish(conn: Connection, game_id: int, encoded: Sequence[tuple[str, str]], now: str) -> list[int]:
    """Insert outbox items (from :func:`~db.records.encode_items`) inside the caller's transaction, due at
    ``now`` (:meth:`Database.now <db.database.Database.now>`); returns their outbox ids in order."""
    ids = []
    for kind, payload in encoded:
        rows = list(await conn.execute_fetchall("INSERT INTO outbox (game_id, kind, payload, created_at, "
                                                "next_attempt_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
                                                (game_id, kind, payload, now, now)))
        ids.append(int(rows[0][0]))
    return ids


class OutboxStore:
    def __init__(self, store: OnDatabase) -> None:
        """``store``: the game store (anything on the database); the game store itself writes its changes'
        items through :func:`publish`, so this module imports nothing of it."""
        self.database = store.database

    async def pending(self, game_id: int) -> list[OutboxRow]:
        """The game's undelivered items, oldest (lowest id) first (empty for an unknown game)."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_ROW_COLUMNS} FROM outbox WHERE game_id = ? AND delivered_at IS NULL ORDER BY id",
                (game_id,))
        return [_row(row) for row in rows]

    async def due_games(self, now: datetime | None = None) -> list[int]:
        """Games whose oldest undelivered item may be tried at ``now`` (the store's clock if None),
        ordered by that item (the game waiting longest first)."""
        moment = iso(now) if now is not None else self.database.now()
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT o.game_id FROM outbox AS o WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? "
                "AND o.id = (SELECT MIN(p.id) FROM outbox AS p WHERE p.game_id = o.game_id AND p.delivered_at IS NULL) "
                "ORDER BY o.id", (moment,))
        return [row["game_id"] for row in rows]

    async def waiting_games(self) -> list[int]:
        """Every game with an undelivered item, due or backing off, ordered by its oldest such item."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT game_id, MIN(id) AS oldest FROM outbox WHERE delivered_at IS NULL GROUP BY game_id "
                "ORDER BY oldest")
        return [row["game_id"] for row in rows]

    async def last_waiting(self, game_id: int, *, excluding: Collection[str] = ()) -> int | None:
        """The id of the game's newest undelivered item whose kind is not in ``excluding`` (None: none)."""
        kinds = sorted(excluding)
        but = f" AND kind NOT IN ({', '.join('?' * len(kinds))})" if kinds else ""
        async with self.database.read() as conn:
            rows = list(await conn.execute_fetchall(
                f"SELECT MAX(id) AS newest FROM outbox WHERE game_id = ? AND delivered_at IS NULL{but}",
                (game_id, *kinds)))
        return int(rows[0]["newest"]) if rows and rows[0]["newest"] is not None else None

    async def set_aside(self, item_id: int, reason: str) -> bool:
        """Take an undelivered item out of the queue for good, keeping it (and ``reason``) for inspection.
        Returns False if it was delivered already or no longer exists."""
        async with self.database.write() as conn:
            return bool(await change(
                conn, "UPDATE outbox SET last_error = ?, delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
                ((SET_ASIDE + str(reason))[:_MAX_ERROR], self.database.now(), item_id)))

    async def aside(self, game_id: int) -> list[OutboxRow]:
        """The game's items set aside, oldest first (``last_error`` says why)."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {_ROW_COLUMNS} FROM outbox WHERE game_id = ? AND delivered_at IS NOT NULL "
                "AND last_error LIKE ? ORDER BY id", (game_id, SET_ASIDE + "%"))
        return [_row(row) for row in rows]

    async def delivered(self, item_id: int, *, board_message_id: int | None = None) -> bool:
        """Mark an item delivered now; with ``board_message_id`` (the board message the item posted), set
        that game's ``board_message_id`` in the same transaction. Returns False, changing nothing, if
        the item was already delivered or no longer exists (its game was deleted)."""
        if board_message_id is not None:
            check_id("board_message_id", board_message_id)
        async with self.database.write() as conn:
            changed = await change(
                conn, "UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
                (self.database.now(), item_id))
            if changed and board_message_id is not None:
                await change(
                    conn, "UPDATE games SET board_message_id = ? WHERE id = (SELECT game_id FROM outbox WHERE id = ?)",
                    (board_message_id, item_id))
            return bool(changed)

    async def failed(self, item_id: int, error: str, retry_at: datetime) -> int:
        """Count a failed delivery: ``error`` (a short description, kept for the operator) and not before
        ``retry_at``. Returns the item's failed attempts so far (0: no such undelivered item)."""
        async with self.database.write() as conn:
            await change(
                conn, "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? "
                      "WHERE id = ? AND delivered_at IS NULL", (str(error)[:_MAX_ERROR], iso(retry_at), item_id))
            rows = list(await conn.execute_fetchall(
                "SELECT attempts FROM outbox WHERE id = ? AND delivered_at IS NULL", (item_id,)))
        return int(rows[0]["attempts"]) if rows else 0

    async def prune(self, older_than: datetime) -> int:
        """Delete the items delivered before ``older_than``; returns how many. Undelivered items stay, and so
        do items set aside (kept for the operator until their game is deleted)."""
        async with self.database.write() as conn:
            return await change(
                conn, "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ? "
                      "AND (last_error IS NULL OR last_error NOT LIKE ?)", (iso(older_than), SET_ASIDE + "%"))


def _row(row: Any) -> OutboxRow:
    return OutboxRow(row["id"], row["game_id"], row["kind"], _payload(row["payload"]),
                     datetime.fromisoformat(row["created_at"]), row["attempts"],
                     datetime.fromisoformat(row["next_attempt_at"]), row["last_error"])


def _payload(text: str) -> dict[str, Any]:
    # Written by OutboxItem.encoded (always a JSON object); a damaged payload reads as {"damaged": ...}
    # rather than stopping every later item of its game.
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return {"damaged": "the payload is not valid JSON"}
    return value if isinstance(value, dict) else {"damaged": "the payload is not a JSON object"}
