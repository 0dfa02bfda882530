"""The table's one front door: opens the store and wires the service, the keeper and the publisher
around it. The Discord layer holds one :class:`TableCore` and calls nothing else of the database."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from db.errors import StoreError
from db.life import LifeStore, Member, NotifyMode, Standing
from db.outbox import OutboxStore
from db.store import GameRecord, GameStore
from rules.core.errors import RulesError
from table import clocks, hours
from table.away import AwayDesk
from table.config import Shards
from table.errors import TableError
from table.keeper import ALL_KINDS, Keeper
from table.kits import check_kits
from table.model import ActResult, Table
from table.ownership import DEFAULT_LEASE, EveryGame, WorkClaim, claim_for
from table.publisher import Publisher
from table.renders import Renders, ThreadRenders, open_renders
from table.service import MAX_ID, TableService

log = logging.getLogger(__name__)


OUTBOX_KEPT = timedelta(days=1)  # how long a delivered outbox item is kept (to look into a complaint)


def utc_now() -> datetime:
    return datetime.now(UTC)


class TableCore:
    def __init__(self, store: GameStore, clock: Callable[[], datetime] = utc_now,
                 renders: Renders | None = None, claim: WorkClaim | None = None) -> None:
        self.store = store
        self.clock = clock
        self.renders: Renders = renders or ThreadRenders()
        self.claim: WorkClaim = claim or EveryGame()
        """Which games' background work is this process's (see table.ownership)."""
        self.life = LifeStore(store)
        self.outbox = OutboxStore(store)
        self.publisher = Publisher(store, self.outbox, clock, claim=self.claim)
        self.tables = TableService(store, self.life, clock, published=self.publisher.kick)
        self.away = AwayDesk(self.tables, self.life, clock)
        self.keeper = Keeper(self.tables, self.life, clock, self.away, claim=self.claim)

    @classmethod
    async def open(cls, db_path: str | Path, clock: Callable[[], datetime] = utc_now, *,
                   render_processes: int = 0, shards: Shards | None = None,
                   lease: timedelta = DEFAULT_LEASE) -> TableCore:
        """Check the game kits, open (creating and migrating) the database, and start the renderers:
        ``render_processes`` worker processes, or threads of this process when 0 (see table.renders).
        ``shards``: the Discord shards this process runs (None: all of them). Where another process may
        share the database (PostgreSQL, or shards), each game's background work is claimed with a lease
        lasting ``lease`` (see table.ownership)."""
        check_kits()
        store = await GameStore.open(db_path, clock=clock)
        try:
            return cls(store, clock, await open_renders(render_processes), claim_for(store, shards, clock, lease=lease))
        except BaseException:
            await store.close()
            raise

    async def close(self) -> None:
        await self.publisher.close()
        try:
            await self.claim.close()  # what this process held is free for the others at once
        except StoreError as error:  # its leases run out by themselves
            log.warning("The leases of this process could not be given back: %s", error)
        await self.renders.close()
        await self.store.close()

    # ----- after a move ---------------------------------------------------------------------------------
    async def after_move(self, result: ActResult) -> None:
        """Seats on autopilot move at once; a finished game's results are kept for the statistics."""
        if result.table.record.status == "finished":
            await self.keeper.record_results(result.table)
        else:
            await self.keeper.tick(result.table.id, kinds={"autopilot"})

    async def tick(self) -> int:
        """The scheduler's periodic work: everything due, then any delivery waiting for a retry, and
        delivered outbox items older than a day are forgotten (the log keeps what happened)."""
        done = await self.keeper.tick(None, ALL_KINDS)
        await self.publisher.resume()
        if self.claim.chores:
            await self.tables.write(self.outbox.prune(self.clock() - OUTBOX_KEPT))
        return done

    # ----- reading for the chat layer ------------------------------------------------------------------
    async def games_here(self, guild_id: int) -> list[GameRecord]:
        return await self.store.games_in_guild(guild_id, statuses=("lobby", "active"))

    async def games_of(self, user_id: int, guild_id: int | None) -> list[GameRecord]:
        return await self.store.games_of_user(user_id, guild_id, statuses=("lobby", "active"))

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]:
        return await self.store.games_in_guild(guild_id, statuses=("lobby",))

    async def record(self, game_id: int) -> GameRecord | None:
        return await self.store.get_game(game_id) if 0 < game_id <= MAX_ID else None

    async def is_seated(self, game_id: int, user_id: int) -> bool:
        return any(seat.user_id == user_id for seat in await self.store.seats(game_id))

    async def deadlines(self, table: Table) -> dict[int, datetime]:
        return await clocks.deadlines(self.life, table, self.clock())

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        return await self.store.game_in_thread(thread_id)

    async def awaits(self, record: GameRecord, user_id: int) -> bool:
        """Whether the game waits for this user (False for a game that cannot be read)."""
        if record.status != "active":
            return False
        try:
            table = await self.tables.table(record.id)
        except TableError as error:  # a damaged game must not break a listing
            log.info("Game %s left out of a listing: %s", record.id, error)
            return False
        return user_id in table.awaited_users()

    # ----- members and statistics ------------------------------------------------------------------------
    async def member(self, user_id: int) -> Member:
        return await self.life.member(user_id)

    async def set_hours(self, user_id: int, time_zone: str, start: int | None, end: int | None) -> None:
        await self.tables.write(self.life.set_hours(user_id, time_zone, start, end))

    async def set_notify(self, user_id: int, mode: NotifyMode) -> None:
        await self.tables.write(self.life.set_notify(user_id, mode))

    async def go_away(self, user_id: int, until: str, note: str | None) -> tuple[datetime, list[Table]]:
        """``/me away``: ``until`` is a duration or a day, read in the member's own time zone."""
        try:
            moment = hours.parse_until(until[:40], self.clock(), await self.life.member(user_id))
        except ValueError as error:
            raise TableError(str(error)) from error
        return await self.away.go_away(user_id, moment, note)

    async def come_back(self, user_id: int) -> list[Table]:
        return await self.away.come_back(user_id)

    async def note_dm_closed(self, user_id: int) -> bool:
        return await self.life.note_dm_closed(user_id)

    async def leaderboard(self, guild_id: int, kind: str) -> list[Standing]:
        return await self.life.leaderboard(guild_id, kind)

    async def player_record(self, guild_id: int, user_id: int) -> list[Standing]:
        return await self.life.player_record(guild_id, user_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self.tables.write(self.store.set_lobby_message(game_id, message_id))

    async def table(self, game_id: int, guild_id: int | None = None) -> Table:
        return await self.tables.table(game_id, guild_id)

    async def replay_image(self, game_id: int, frames: int) -> tuple[bytes, str] | None:
        """The animated replay of a finished game's public boards and its alt text (None when replays
        are off), drawn by the renderers' replay worker. The text describes the last frame: the final board."""
        if frames < 2:
            return None
        table = await self.tables.lobby_view(game_id)
        actions = [(logged.seat, logged.action) for logged in await self.store.actions(game_id)]
        record = table.record
        try:
            return await self.renders.replay(record.kind, table.title, table.names, record.options, record.seed,
                                             actions, frames)
        except (ValueError, RulesError) as error:
            log.warning("No replay for game %s: %s", game_id, error)
            return None
