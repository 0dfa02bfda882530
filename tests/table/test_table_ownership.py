"""Whose background work a game is (table/ownership.py), without Discord: a process running some shards
keeps the deadlines and delivers the pending posts of its own guilds' games only, a plain process of all
of them; two processes on one database between them do each game's work once."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from db.store import GameRecord, GameStore
from table.config import Shards
from table.core import TableCore
from table.delivery import Delivery
from table.ownership import EveryGame, GuildShards, LeaseClaim, claim_for
from table.publications import Parcel

EVEN, ODD = 4 << 22, 7 << 22  # guilds on shard 0 and shard 1 of 2 (Discord's rule: (id >> 22) % 2)
CHANNEL, ANN, BEN = 2, 11, 12


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Courier:
    """Notes which games it was asked to deliver for, and delivers nothing for real."""

    def __init__(self) -> None:
        self.games: list[int] = []

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        self.games.append(game.id)
        return Delivery()

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        raise AssertionError("nothing is missing")

    async def reopen(self, game: GameRecord) -> int | None:
        raise AssertionError("no thread is gone")


async def start_game(core: TableCore, guild: int) -> int:
    table = await core.tables.create("circus_train", guild, CHANNEL, ANN, "Ann", {}, deadline_minutes=240,
                                     autopilot_after=3)
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=99)
    return table.id


async def test_a_process_of_some_shards_claims_its_guilds_games_only(tmp_path: Path) -> None:
    clock = Clock()
    store = await GameStore.open(tmp_path / "games.sqlite3", clock=clock)
    try:
        plain = TableCore(store, clock)
        even, odd = await start_game(plain, EVEN), await start_game(plain, ODD)
        first, second = GuildShards(store, Shards(0, 0, 2)), GuildShards(store, Shards(1, 1, 2))
        assert await first.mine([even, odd, 999]) == {even}
        assert await second.mine([even, odd]) == {odd}
        assert await EveryGame().mine([even, odd]) == {even, odd}
        assert (first.chores, second.chores, EveryGame().chores) == (True, False, True)
        assert isinstance(claim_for(store, None, clock), EveryGame)
        assert isinstance(claim_for(store, Shards(0, 1, 2), clock), LeaseClaim)  # shards share the database
        both = GuildShards(store, Shards(0, 1, 2))
        assert await both.mine([even, odd]) == {even, odd}
    finally:
        await store.close()


async def test_two_processes_keep_each_deadline_and_deliver_each_post_once(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "games.sqlite3"
    stores = [await GameStore.open(path, clock=clock) for _ in range(2)]
    try:
        cores = [TableCore(store, clock, claim=GuildShards(store, Shards(n, n, 2))) for n, store in enumerate(stores)]
        even, odd = await start_game(cores[0], EVEN), await start_game(cores[1], ODD)
        couriers = [Courier(), Courier()]
        for core, courier in zip(cores, couriers, strict=True):
            core.publisher.courier = courier
        # A restart: both processes pick up what is pending, each its own games'.
        assert [await core.publisher.resume() for core in cores] == [1, 1]
        for core in cores:
            await core.publisher.idle()
        assert set(couriers[0].games) == {even} and set(couriers[1].games) == {odd}
        clock.now += timedelta(hours=4, minutes=1)  # both games' first deadline has passed
        assert [[due.clock.game_id for due in await core.keeper.due()] for core in cores] == [[even], [odd]]
        done = [await core.keeper.tick() for core in cores]
        assert done == [1, 1]
        assert [await core.keeper.tick() for core in cores] == [0, 0]  # nothing is done twice
        for game in (even, odd):
            logged = await stores[0].actions(game)
            assert logged and all(entry.automatic for entry in logged)
        # The plain process of a single deployment does everything.
        alone = TableCore(stores[0], clock)
        clock.now += timedelta(hours=4, minutes=1)
        assert {due.clock.game_id for due in await alone.keeper.due()} == {even, odd}
    finally:
        for store in stores:
            await store.close()
