"""Background work claimed with leases in the database (db/leases.py, table/ownership.py ``LeaseClaim``),
on SQLite and on PostgreSQL: two table cores on one database — two processes, each with its own store
and its own name — do each due deadline once, and what a core that died left in the outbox is delivered
by the other once its lease has run out, not before: by a core starting up, the moment it runs out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta

import pytest

from db.leases import LeaseStore
from db.store import GameRecord, GameStore
from table.config import Shards
from table.core import TableCore
from table.delivery import Delivery
from table.ownership import EveryGame, LeaseClaim, claim_for
from table.publications import Parcel

from db_helpers import Clock

GUILD, CHANNEL, ANN, BEN = 4 << 22, 2, 11, 12
LEASE = timedelta(seconds=60)
SHORT_LEASE = timedelta(seconds=2)  # for the one test on the real clock


class Courier:
    """Notes the items it delivers; while ``stuck``, a delivery never ends (a process hanging, then dying)."""

    def __init__(self, *, stuck: bool = False) -> None:
        self.items: list[int] = []
        self.stuck = stuck
        self.began = asyncio.Event()
        self.delivered = asyncio.Event()

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        self.began.set()
        if self.stuck:
            await asyncio.Event().wait()
        self.items.append(item.id)
        self.delivered.set()
        return Delivery()

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        raise AssertionError("nothing is missing")

    async def reopen(self, game: GameRecord) -> int | None:
        raise AssertionError("no thread is gone")


@pytest.fixture
async def two_stores(database: str, clock: Clock) -> AsyncIterator[list[GameStore]]:
    stores = [await GameStore.open(database, clock=clock) for _ in range(2)]
    try:
        yield stores
    finally:
        for store in stores:
            await store.close()


def two_cores(stores: list[GameStore], clock: Clock) -> list[TableCore]:
    return [TableCore(store, clock, claim=LeaseClaim(store, clock, holder=name, length=LEASE))
            for name, store in zip(("first", "second"), stores, strict=True)]


async def start_game(core: TableCore) -> int:
    table = await core.tables.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=240,
                                     autopilot_after=3)
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=99)
    return table.id


async def test_a_lease_is_one_holders_until_it_runs_out_or_is_given_back(store: GameStore, clock: Clock) -> None:
    leases = LeaseStore(store)
    now = clock()
    assert await leases.claim("keeper", [1, 2], "first", now, now + LEASE) == {1, 2}
    assert await leases.claim("keeper", [1, 2, 3], "second", now, now + LEASE) == {3}
    assert await leases.claim("outbox", [1], "second", now, now + LEASE) == {1}  # each job its own lease
    assert await leases.claim("keeper", [1], "first", now, now + LEASE) == {1}  # renewed by its holder
    later = now + LEASE
    assert await leases.claim("keeper", [1, 2], "second", later - timedelta(seconds=1), later) == set()
    assert await leases.claim("keeper", [1], "second", later, later + LEASE) == {1}  # ran out: taken over
    assert await leases.release("keeper", [1, 2, 3], "first") == 1  # only its own: game 2
    assert await leases.holders("keeper") == {1: "second", 3: "second"}
    assert await leases.claim("keeper", [2], "first", now, now + LEASE) == {2}
    assert await leases.claim("keeper", [], "first", now, now + LEASE) == set()


async def test_a_claim_keeps_its_lease_while_in_use_and_gives_it_back_when_done(store: GameStore,
                                                                                clock: Clock) -> None:
    first = LeaseClaim(store, clock, holder="first", length=LEASE)
    second = LeaseClaim(store, clock, holder="second", length=LEASE)
    assert await first.mine([5], "outbox") == {5}
    assert await first.mine([5], "outbox") == {5}  # two loops of one process use it
    await first.done([5], "outbox")
    assert await second.mine([5], "outbox") == set()  # still in use by the other loop
    await first.done([5], "outbox")
    assert await LeaseStore(store).holders("outbox") == {}
    assert await second.mine([5], "outbox") == {5}
    clock.now += LEASE / 4
    assert await second.renew(5, "outbox")  # plenty left: nothing written
    clock.now += LEASE
    assert await first.renew(5, "outbox")  # the second's ran out: the first takes it
    assert not await second.renew(5, "outbox")  # lost
    await first.close()
    assert await LeaseStore(store).holders("outbox") == {}
    assert isinstance(claim_for(store, Shards(0, 0, 2), clock), LeaseClaim)
    assert isinstance(claim_for(store, None, clock), LeaseClaim if store.postgres else EveryGame)


async def test_two_cores_on_one_database_fire_each_deadline_once(two_stores: list[GameStore], clock: Clock) -> None:
    cores = two_cores(two_stores, clock)
    games = [await start_game(cores[n % 2]) for n in range(4)]
    clock.now += timedelta(hours=4, minutes=1)  # every game's first deadline has passed
    done = await asyncio.gather(*(core.tick() for core in cores))
    assert sum(done) == len(games)
    assert await asyncio.gather(*(core.tick() for core in cores)) == [0, 0]  # nothing is done twice
    for game_id in games:
        clocks = await cores[0].life.clocks(game_id)
        assert sorted(clock.missed for clock in clocks) == [0, 1]  # one seat missed one deadline, once
        logged = await two_stores[0].actions(game_id)
        assert logged and all(entry.automatic for entry in logged)
    assert await LeaseStore(two_stores[0]).holders("keeper") == {}  # every lease given back when done


async def test_a_dead_cores_pending_posts_are_taken_over_after_its_lease_not_before(
        two_stores: list[GameStore], clock: Clock) -> None:
    alive, dying = two_cores(two_stores, clock)
    stuck, courier = Courier(stuck=True), Courier()
    dying.publisher.courier, alive.publisher.courier = stuck, courier
    game_id = await start_game(dying)  # its start posts; the dying core begins delivering, and hangs
    await asyncio.wait_for(stuck.began.wait(), 5)
    pending = [row.id for row in await dying.outbox.pending(game_id)]
    assert pending
    assert await LeaseStore(two_stores[0]).holders("outbox") == {game_id: "second"}
    # The dying core's work is not taken from it while its lease lasts.
    assert await alive.publisher.resume() == 0
    clock.now += LEASE - timedelta(seconds=1)
    assert await alive.publisher.resume() == 0
    assert await alive.tick() == 0 and courier.items == []
    # It is gone (it never gives its lease back); once the lease has run out, the other delivers everything.
    clock.now += timedelta(seconds=1)
    assert await alive.publisher.resume() == 1
    await alive.publisher.idle()
    assert courier.items == pending
    assert await alive.outbox.pending(game_id) == []
    assert await LeaseStore(two_stores[0]).holders("outbox") == {}
    await dying.publisher.close()  # the test's end: the hanging delivery is cut off


async def test_a_post_waits_while_another_core_delivers_the_game_then_goes(two_stores: list[GameStore],
                                                                        clock: Clock) -> None:
    first, second = two_cores(two_stores, clock)
    game_id = await start_game(first)  # no courier yet: nothing is delivered
    assert await second.claim.mine([game_id], "outbox") == {game_id}  # the second core is delivering it
    couriers = [Courier(), Courier()]
    first.publisher.courier, second.publisher.courier = couriers
    first.publisher.backoff = (0.01,)
    first.publisher.kick(game_id)
    await first.publisher.idle()
    assert couriers[0].items == []  # refused: the lease is the second core's
    await second.claim.done([game_id], "outbox")
    await asyncio.sleep(0.05)  # the first core tries again shortly
    await first.publisher.idle()
    assert couriers[0].items and couriers[1].items == []
    await first.close()
    await second.close()


async def test_a_dead_cores_deadlines_are_kept_by_the_other_after_its_lease(two_stores: list[GameStore],
                                                                         clock: Clock) -> None:
    alive, dying = two_cores(two_stores, clock)
    game_id = await start_game(alive)
    clock.now += timedelta(hours=4, minutes=1)  # the deadline has passed
    # The dying core claims the game's deadline at its tick and dies before doing it (nothing given back).
    assert await dying.claim.mine([game_id], "keeper") == {game_id}
    assert await alive.tick() == 0
    clock.now += LEASE - timedelta(seconds=1)
    assert await alive.tick() == 0
    clock.now += timedelta(seconds=1)
    assert await alive.tick() == 1  # taken over once the lease has run out
    assert sorted(seat.missed for seat in await alive.life.clocks(game_id)) == [0, 1]
    assert await alive.tick() == 0


def real_time() -> datetime:
    return datetime.now(UTC)


async def test_a_starting_core_takes_a_dead_ones_posts_over_the_moment_its_lease_runs_out(database: str) -> None:
    # On the real clock: no scheduler tick is run here, so only the lease running out can set the heir going.
    stores = [await GameStore.open(database, clock=real_time) for _ in range(2)]
    try:
        dying, heir = (TableCore(store, real_time, claim=LeaseClaim(store, real_time, holder=name, length=SHORT_LEASE))
                       for name, store in zip(("dying", "heir"), stores, strict=True))
        stuck, courier = Courier(stuck=True), Courier()
        dying.publisher.courier, heir.publisher.courier = stuck, courier
        game_id = await start_game(dying)  # its start posts; the dying core begins delivering, and hangs
        await asyncio.wait_for(stuck.began.wait(), 5)
        pending = [row.id for row in await dying.outbox.pending(game_id)]
        assert pending
        # The heir starts up while the dead core's lease still lasts: nothing is its own yet ...
        assert await heir.publisher.resume() == 0
        assert courier.items == []
        # ... and, with no further tick, it delivers everything once the lease has run out.
        await asyncio.wait_for(courier.delivered.wait(), 30)
        await heir.publisher.idle()
        assert courier.items == pending
        assert await heir.outbox.pending(game_id) == []
        await dying.publisher.close()  # the test's end: the hanging delivery is cut off
        await heir.close()
    finally:
        for store in stores:
            await store.close()
