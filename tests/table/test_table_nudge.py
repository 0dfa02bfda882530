"""The nudge at the table, without Discord, with a controllable clock, on SQLite and PostgreSQL: a seat left alone
holding up a step every other seat has answered gets one gentle reminder per wait, an hour of its player's active
time later and inside their active hours, never saying what the others chose; not while away, not for a player
who wants no notifications, not in a game played in turns, and once only after a restart."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from postgres_server import PostgresServer

from db.store import GameStore
from table.core import TableCore
from table.nudge import NUDGE_AFTER

import sealed_guess
from sealed_guess import Pick

GUILD, CHANNEL, ANN, BEN, CAT = 1, 2, 11, 12, 13
NUDGE = "everyone else has chosen"


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(autouse=True)
def simultaneous_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    yield


async def open_core(database: str, clock: Clock) -> TableCore:
    return TableCore(await GameStore.open(database, clock=clock), clock)


async def new_game(core: TableCore, kind: str = "sealed_guess") -> int:
    table = await core.tables.create(kind, GUILD, CHANNEL, ANN, "Ann", {})
    await core.tables.join(table.id, BEN, "Ben")
    if kind == "sealed_guess":
        await core.tables.join(table.id, CAT, "Cat")
    await core.tables.start(table.id, ANN, thread_id=99)
    return table.id


async def pick(core: TableCore, game_id: int, user: int, number: int) -> None:
    await core.tables.act(game_id, user, None, lambda table, seat: Pick(number))


async def nudges(core: TableCore, game_id: int) -> list[Any]:
    return [item for item in await core.outbox.pending(game_id)
            if NUDGE in item.payload.get("text", "") or NUDGE in item.payload.get("fallback", "")]


async def test_the_seat_left_alone_is_nudged_once_per_wait(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    core = await open_core(database, clock)
    try:
        game = await new_game(core)
        await pick(core, game, BEN, 3)
        clock.now += timedelta(minutes=5)
        await pick(core, game, CAT, 2)  # Ann alone holds up the round now
        clock.now += NUDGE_AFTER - timedelta(minutes=1)
        assert await core.tick() == 0 and await nudges(core, game) == []  # gentle: an hour first
        clock.now += timedelta(minutes=1)
        assert await core.tick() == 1
        [nudge] = await nudges(core, game)
        assert nudge.kind == "note" and nudge.payload["mentions"] == [ANN]
        text = nudge.payload["text"]
        assert text.startswith(f"👋 <@{ANN}>, everyone else has chosen") and "3" not in text and "2" not in text
        clock.now += timedelta(hours=5)
        assert await core.tick() == 0  # once per wait
        # A new round is a new wait: left alone again, nudged again.
        clock.now += timedelta(minutes=1)
        await pick(core, game, ANN, 1)
        clock.now += timedelta(minutes=1)
        await pick(core, game, CAT, 1)
        await pick(core, game, BEN, 2)
        clock.now += NUDGE_AFTER
        assert await core.tick() == 1 and len(await nudges(core, game)) == 2
    finally:
        await core.close()


async def test_the_nudge_waits_for_active_hours_and_goes_by_direct_message(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 16, 30, tzinfo=UTC))
    core = await open_core(database, clock)
    try:
        await core.set_hours(ANN, "Europe/Berlin", 9 * 60, 18 * 60)  # 08:00–17:00 UTC in winter
        await core.set_notify(ANN, "dm")
        game = await new_game(core)
        await pick(core, game, BEN, 1)
        await pick(core, game, CAT, 2)
        clock.now = datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
        assert await core.tick() == 0  # half an hour was used before her day ended; the rest comes tomorrow
        clock.now = datetime(2026, 12, 2, 8, 29, tzinfo=UTC)
        assert await core.tick() == 0
        clock.now = datetime(2026, 12, 2, 8, 30, tzinfo=UTC)
        assert await core.tick() == 1
        [nudge] = await nudges(core, game)
        assert nudge.kind == "direct" and nudge.payload["user"] == ANN
        assert "Pick a number from 1 to 3" in nudge.payload["text"]  # her own prompt, to her alone
        assert "Pick a number" not in nudge.payload["fallback"]  # the thread's words say only that others chose
    finally:
        await core.close()


async def test_no_nudge_while_away_without_notifications_or_in_a_game_of_turns(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    core = await open_core(database, clock)
    try:
        away = await new_game(core)
        await core.go_away(ANN, "1d", None)
        await pick(core, away, BEN, 1)
        await pick(core, away, CAT, 2)
        clock.now += timedelta(hours=2)
        assert await core.tick() == 0 and await nudges(core, away) == []
        await core.come_back(ANN)
        await core.set_notify(BEN, "none")
        quiet = await new_game(core)
        await pick(core, quiet, ANN, 1)
        await pick(core, quiet, CAT, 2)
        clock.now += timedelta(hours=2)
        await core.tick()
        assert await nudges(core, quiet) == []
        turns = await new_game(core, "circus_train")
        for _ in range(30):  # a game played in turns: a seat whose turn comes is nobody's holdout
            table = await core.tables.table(turns)
            if table.over:
                break
            await core.tables.act(turns, table.awaited_users()[0], None,
                                  lambda table, seat: table.game.legal_actions(table.state, seat)[0])
            clock.now += timedelta(hours=2)
            await core.tick()
        assert await nudges(core, turns) == []
    finally:
        await core.close()


async def test_a_restart_keeps_the_seat_left_alone_and_nudges_it_once(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    core = await open_core(database, clock)
    game = await new_game(core)
    await pick(core, game, BEN, 1)
    await pick(core, game, CAT, 2)
    await core.close()
    clock.now += NUDGE_AFTER
    again = await open_core(database, clock)
    try:
        assert await again.tick() == 1
        assert await again.tick() == 0
        await again.close()
        again = await open_core(database, clock)
        assert await again.tick() == 0
        assert len(await nudges(again, game)) == 1
    finally:
        await again.close()


async def test_two_processes_on_postgresql_send_one_nudge(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    clock = Clock(datetime(2026, 12, 1, 10, 0, tzinfo=UTC))
    cores = [await open_core(url, clock) for _ in range(2)]
    try:
        game = await new_game(cores[0])
        await pick(cores[0], game, BEN, 1)
        await pick(cores[1], game, CAT, 2)  # the move that leaves Ann alone is the other process's
        clock.now += NUDGE_AFTER
        for _ in range(3):  # both processes tick at once, again and again
            await asyncio.gather(*(core.tick() for core in cores))
        assert len(await nudges(cores[0], game)) == 1
    finally:
        for core in cores:
            await core.close()
