"""The keeper of days-long games without Discord (cogs/table/keeper.py): what is due when, automatic
moves marked in the log, one missed deadline per wait, and games with nobody to keep waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db.outbox import OutboxStore
from db.store import GameStore
from table.core import TableCore
from table.keeper import Keeper

from db_helpers import raw

GUILD, CHANNEL, ANN, BEN = 1, 2, 11, 12


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def keeper_with_game(database: str, clock: Clock, players: int = 2) -> tuple[Keeper, int]:
    store = await GameStore.open(database, clock=clock)
    core = TableCore(store, clock)
    service, keeper = core.tables, core.keeper
    table = await service.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=240,
                                 autopilot_after=2)
    if players == 2:
        await service.join(table.id, BEN, "Ben")
    await service.start(table.id, ANN, thread_id=99)
    return keeper, table.id


async def test_reminder_then_deadline_then_one_miss_per_wait(database: str) -> None:
    clock = Clock()
    keeper, game = await keeper_with_game(database, clock)
    assert await keeper.due() == []
    clock.now += timedelta(hours=3, minutes=1)  # three quarters of four hours
    [remind] = await keeper.due()
    assert remind.kind == "remind"
    await keeper.life.mark_reminded(game, remind.clock.seat)
    assert await keeper.due() == []
    clock.now += timedelta(hours=1)
    [late] = await keeper.due()
    assert late.kind == "deadline" and await keeper.deadline_of(late.clock) == datetime(2026, 11, 30, 13, 0, tzinfo=UTC)
    results, after = await keeper.deadline_passed(game, late.clock.seat)
    assert all(result.automatic for result in results) and after.missed == 1 and not after.autopilot
    table = results[-1].table
    assert table.state is not None and late.clock.seat not in table.game.to_act(table.state)  # the wait is over
    logged = await keeper.tables.store.actions(game)
    assert logged and all(entry.automatic for entry in logged)
    assert all(line.startswith("🤖 ") for line in await keeper.tables.public_log(table))
    assert [d.kind for d in await keeper.due()] == []  # the other seat's clock has just started
    await keeper.tables.store.close()


async def test_a_solo_game_has_no_deadline(database: str) -> None:
    clock = Clock()
    keeper, game = await keeper_with_game(database, clock, players=1)
    clock.now += timedelta(days=30)
    assert await keeper.due() == []
    await keeper.life.set_autopilot(game, 0, True)  # but a solo seat may still be handed to the automatic player
    assert [d.kind for d in await keeper.due()] == ["autopilot"]
    await keeper.tables.store.close()


async def test_the_scheduler_forgets_delivered_outbox_items_after_a_day(database: str) -> None:
    clock = Clock()
    keeper, game = await keeper_with_game(database, clock)
    core = TableCore(keeper.tables.store, clock)
    pending = await core.outbox.pending(game)
    assert pending  # the start's commitment, board and lobby
    for row in pending:
        await core.outbox.delivered(row.id)

    def kept() -> int:
        [(count,)] = raw(database, "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL")
        return int(count)  # type: ignore[call-overload]

    await core.tick()
    assert kept() == len(pending)  # delivered a moment ago: still kept
    clock.now += timedelta(hours=25)
    await core.tick()
    assert kept() == 0  # a day later the tick has forgotten them
    await keeper.tables.store.close()


async def test_the_scheduler_reads_only_seats_that_are_due(database: str) -> None:
    """A tick looks at a new wait once, sets its exact next moment, and then reads nothing for it until
    that moment comes (through the index, whatever the number of live games)."""
    clock = Clock()
    keeper, _ = await keeper_with_game(database, clock)
    life = keeper.life
    [waiting] = await life.due_clocks(clock.now)  # a new wait is looked at once
    assert await keeper.due() == [] and await life.due_clocks(clock.now) == []
    clock.now += timedelta(hours=2, minutes=59)
    assert await life.due_clocks(clock.now) == []  # the reminder is at 3 h: nothing to read yet
    clock.now += timedelta(minutes=2)
    assert [c.seat for c in await life.due_clocks(clock.now)] == [waiting.seat]
    if keeper.tables.store.postgres:
        # PostgreSQL plans by its table statistics (a few rows are read whole), so only the index is checked.
        async with keeper.tables.store.database.read() as conn:
            indexes = [row[0] for row in await conn.execute_fetchall(
                "SELECT indexdef FROM pg_indexes WHERE tablename = 'seats'")]
        assert any("seats_by_due" in index and "due_at" in index for index in indexes), indexes
        await keeper.tables.store.close()
        return
    async with keeper.tables.store.database.read() as conn:
        plan = " ".join(str(tuple(row)) for row in await conn.execute_fetchall(
            "EXPLAIN QUERY PLAN " + life.CLOCK_SQL.replace("{index}", "") + " AND s.due_at <= ?", ("x",)))
    assert "SEARCH s USING INDEX seats_by_due" in plan  # chosen by the planner itself, not only when forced
    await keeper.tables.store.close()


async def test_new_active_hours_bring_a_waiting_seat_back_to_the_scheduler(database: str) -> None:
    clock = Clock()
    keeper, _ = await keeper_with_game(database, clock)
    [waiting] = await keeper.life.due_clocks(clock.now)
    await keeper.life.set_hours(waiting.user_id, "UTC", 8 * 60, 10 * 60)  # one hour left today, at 09:00
    assert await keeper.due() == []
    clock.now += timedelta(hours=4)  # 13:00: four hours of wall-clock time, but one of active time
    assert await keeper.due() == []
    await keeper.life.set_hours(waiting.user_id, "UTC", None, None)  # all day again: the reminder is late
    assert [d.kind for d in await keeper.due()] == ["deadline"]
    await keeper.tables.store.close()


async def test_a_reminder_by_direct_message_speaks_its_member_s_language(database: str) -> None:
    clock = Clock()
    keeper, game = await keeper_with_game(database, clock)
    table = await keeper.tables.table(game)
    assert table.state is not None and table.language == "en"
    [seat] = table.awaited()
    waiting = table.seats[seat].user_id
    await keeper.life.set_notify(waiting, "dm")
    await keeper.life.set_language(waiting, "de")
    clock.now += timedelta(hours=3, minutes=1)
    [remind] = await keeper.due()
    await keeper.remind(remind.clock)
    [parcel] = [row for row in await OutboxStore(keeper.tables.store).pending(game) if row.kind == "direct"]
    # The direct message in German, its public fallback (if it cannot be delivered) in the game's English.
    assert "wartet auf dich" in parcel.payload["text"] and "Circus Train" in parcel.payload["text"]
    assert parcel.payload["fallback"].startswith("⏰ ") and " in Circus Train #" in parcel.payload["fallback"]
    await keeper.tables.store.close()
