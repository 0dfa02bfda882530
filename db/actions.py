"""The action log: every accepted action of a game, appended in the transaction that writes the snapshot it
produced, and read back in version order for replay.

The log is append-only (the schema refuses to change or delete a logged action; a whole game may go, log and
all). Each action is logged at the version it made: :meth:`ActionLog.record_action` advances the game's
version by one per logged action through :meth:`Games.advance <db.games.Games.advance>`, guarded by the
version the caller read, and inserts the actions at the versions in between **in the same transaction**, so
the snapshot and the log never disagree. An action the table played for a seat needing no one — a forced move,
a standing answer — is logged as ``automatic`` with its reason (:data:`AUTOMATIC_REASONS`); one the automatic
player chose has no reason. An action taken back (:meth:`LifeStore.take_back <db.life.LifeStore.take_back>`)
stays in the log, named in ``undone``, and every read here leaves it out (:data:`NOT_UNDONE`).

:class:`ActionLog` holds :class:`~db.store.GameStore`'s methods on the log (``GameStore`` is one; call them
on the store).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, Final

from db.database import Database, change
from db.errors import GameNotFound, InvalidStatusChange
from db.games import TRANSITIONS, Games
from db.outbox import publish
from db.records import ActionRecord, ChainedAction, GameHistory, GameStatus, OutboxItem, encode_items
from db.records import action as _action
from db.records import check_board_since as _board_since
from db.records import check_status as _check_status
from db.records import dump as _dump

__all__ = ["ACTION_COLUMNS", "AUTOMATIC_REASONS", "NOT_UNDONE", "ActionLog"]

ACTION_COLUMNS: Final = ("a.game_id, a.version, a.seat, a.action, a.events, a.created_at, a.automatic, "
                         "a.automatic_reason")
AUTOMATIC_REASONS: Final = ("forced", "standing")
# Actions taken back (see db/life.py) stay in the append-only log but are left out of every replay.
NOT_UNDONE: Final = "NOT EXISTS (SELECT 1 FROM undone AS u WHERE u.game_id = a.game_id AND u.version = a.version)"


def chained_row(link: ChainedAction) -> tuple[int, str, str, int, str | None]:
    """``(seat, action JSON, events JSON, automatic, reason)`` of one action to log, checked before any write."""
    if isinstance(link.seat, bool) or not isinstance(link.seat, int) or link.seat < 0:
        raise ValueError(f"seat must be a seat number, not {link.seat!r}")
    if link.reason is not None and link.reason not in AUTOMATIC_REASONS:
        raise ValueError(f"an automatic action's reason is one of {AUTOMATIC_REASONS}, not {link.reason!r}")
    automatic = link.automatic or link.reason is not None
    return (link.seat, _dump(dict(link.action)), _dump([dict(event) for event in link.events]), int(automatic),
            link.reason)


class ActionLog:
    """:class:`~db.store.GameStore`'s methods on the action log, on the store's :class:`~db.database.Database`
    and :class:`~db.games.Games`."""

    database: Database
    games: Games

    async def record_action(self, game_id: int, expected_version: int, seat: int, action_json: Mapping[str, Any],
                            events_json: Sequence[Mapping[str, Any]], snapshot: Any,
                            status: GameStatus | None = None, *, awaited: Collection[int] | None = None,
                            restart: Collection[int] = (), automatic: bool = False,
                            automatic_reason: str | None = None,
                            then: Sequence[ChainedAction] = (), outbox: Sequence[OutboxItem] = (),
                            board_since: int | None = None) -> int:
        """Append one accepted action and the snapshot it produced, in one transaction; returns the
        new version. ``status`` (e.g. ``'finished'`` when the action ended the game) is set with it.
        ``awaited`` (the seats the game waits for afterwards) keeps the seats' clocks in the same
        transaction: a seat newly awaited starts its clock now, a seat no longer awaited stops it, and
        the acting seat's run of missed deadlines ends when it acted itself (``automatic`` False);
        ``restart``: seats whose wait broke off and began again within the logged actions (their clocks
        start anew).
        ``automatic_reason`` says why an automatic action needed no one ("forced", "standing"; None for
        the automatic player). ``then``: actions the table played for seats right after this one (forced
        moves, standing answers), logged after it at the following versions; ``snapshot`` is the state
        after the last of them, and the game's version goes up by one per logged action.
        ``outbox``: what the action must publish, saved in the same transaction (all or nothing with
        the action); ``board_since``, if given, becomes the game's ``board_since``.

        Raises StaleVersion if the game is not at ``expected_version`` (nothing is written),
        GameNotActive if it is not being played, GameDamaged if its save was marked damaged,
        GameNotFound if it does not exist.
        """
        chain = [ChainedAction(seat, action_json, events_json, automatic_reason, automatic), *then]
        rows = [chained_row(link) for link in chain]
        if status is not None:
            status = _check_status(status)
            if status not in TRANSITIONS["active"] | {"active"}:
                raise InvalidStatusChange(game_id, "active", status)
        snapshot_text, items, since = _dump(snapshot), encode_items(outbox), _board_since(board_since)
        async with self.database.write() as conn:
            last_version = await self.games.advance(conn, game_id, expected_version, snapshot_text, status=status,
                                                    board_since=since, steps=len(rows))
            now = self.database.now()
            for version, row in enumerate(rows, start=expected_version + 1):
                await change(
                    conn,
                    "INSERT INTO actions (game_id, version, seat, action, events, created_at, automatic, "
                    "automatic_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, version, *row[:3], now, *row[3:]))
            if not automatic:
                await change(conn, "UPDATE seats SET missed = 0 WHERE game_id = ? AND seat = ?", (game_id, seat))
            if awaited is not None:
                await self.games.start_clocks(conn, game_id, awaited, restart=restart)
            if status is not None and status != "active":
                await change(conn, "UPDATE seats SET due_at = NULL WHERE game_id = ?", (game_id,))
            await publish(conn, game_id, items, self.database.now())
            return last_version

    async def actions(self, game_id: int, after_version: int = 0, limit: int | None = None) -> list[ActionRecord]:
        """Logged actions with version > ``after_version``, oldest first (at most ``limit``), leaving out
        actions that were taken back."""
        sql = (f"SELECT {ACTION_COLUMNS} FROM actions AS a "
               f"WHERE a.game_id = ? AND a.version > ? AND {NOT_UNDONE} ORDER BY a.version")
        params: list[object] = [game_id, after_version]
        if limit is not None:
            if limit < 0:
                raise ValueError("limit must not be negative")
            sql += " LIMIT ?"
            params.append(limit)
        async with self.database.read() as conn:
            return [_action(row) for row in await conn.execute_fetchall(sql, params)]

    async def each_action(self, game_id: int, after_version: int = 0) -> Iterator[ActionRecord]:
        """The same actions as :meth:`actions`, decoded one at a time as they are iterated: a reader that turns
        each into something smaller (a game's public log) lets each go before the next is decoded, instead of
        holding a whole log's records at once — which the garbage collector then promotes, and walks, as
        long-lived."""
        sql = (f"SELECT {ACTION_COLUMNS} FROM actions AS a "
               f"WHERE a.game_id = ? AND a.version > ? AND {NOT_UNDONE} ORDER BY a.version")
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(sql, [game_id, after_version])
        return (_action(row) for row in rows)

    async def newest_actions(self, game_id: int, after_version: int, limit: int) -> tuple[list[ActionRecord], int]:
        """The newest ``limit`` logged actions with version > ``after_version``, newest first, and how many
        such actions there are in all (actions taken back left out): what a player's inbox reads of a game's
        log, whose older part it does not need."""
        where = f"WHERE a.game_id = ? AND a.version > ? AND {NOT_UNDONE}"
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {ACTION_COLUMNS} FROM actions AS a {where} ORDER BY a.version DESC LIMIT ?",
                (game_id, after_version, limit))
            counted = list(await conn.execute_fetchall(f"SELECT COUNT(*) FROM actions AS a {where}",
                                                       (game_id, after_version)))
        return [_action(row) for row in rows], int(counted[0][0])

    async def last_own_version(self, game_id: int, seat: int) -> int:
        """The version of the seat's newest action taken by its player (not by the automatic player, not
        taken back); 0 when it has none. What came after it is what the player has not seen themselves."""
        sql = (f"SELECT MAX(a.version) FROM actions AS a WHERE a.game_id = ? AND a.seat = ? AND a.automatic = 0 "
               f"AND {NOT_UNDONE}")
        async with self.database.read() as conn:
            rows = list(await conn.execute_fetchall(sql, (game_id, seat)))
        return int(rows[0][0] or 0)

    async def history(self, game_id: int) -> GameHistory | None:
        """The game, its seats and its whole log, read in one transaction (for replay and audits)."""
        async with self.database.read(snapshot=True) as conn:
            try:
                game = await self.games.record(conn, game_id)
            except GameNotFound:
                return None
            seats = await self.games.seats(conn, game_id)
            rows = await conn.execute_fetchall(
                f"SELECT {ACTION_COLUMNS} FROM actions AS a WHERE a.game_id = ? AND {NOT_UNDONE} "
                "ORDER BY a.version", (game_id,))
            return GameHistory(game, seats, [_action(row) for row in rows])
