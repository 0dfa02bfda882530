"""The daily digest at the table, without Discord, with a controllable clock, on SQLite and PostgreSQL: it comes
once at the player's chosen local hour, across a day boundary and a daylight-saving change, moved into their
active hours, never while they are away, nothing when nothing waits, and not twice after a restart or with two
processes on one PostgreSQL database."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from postgres_server import PostgresServer

from db.store import GameStore
from table.core import TableCore

GUILD, OTHER_GUILD, CHANNEL, ANN, BEN = 1, 5, 2, 11, 12


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def first_choice(table: Any, seat: int) -> Any:
    return table.game.legal_actions(table.state, seat)[0]


async def new_game(core: TableCore, guild: int = GUILD, thread: int = 99, hours: int = 96) -> int:
    table = await core.tables.create("circus_train", guild, CHANNEL, ANN, "Ann", {}, deadline_minutes=hours * 60)
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=thread)
    return table.id


async def wait_for(core: TableCore, game_id: int, user: int) -> None:
    """Play first choices until the game waits for ``user`` alone."""
    for _ in range(100):
        table = await core.tables.table(game_id)
        if table.awaited_users() == [user]:
            return
        await core.tables.act(game_id, table.awaited_users()[0], None, first_choice)
    raise AssertionError("the game never waited for the user")


async def digests(core: TableCore, *game_ids: int) -> list[Any]:
    return [item for game_id in game_ids for item in await core.outbox.pending(game_id)
            if item.kind == "direct" and "daily digest" in item.payload["text"]]


async def test_the_digest_comes_once_at_the_local_hour_across_a_day_boundary(database: str) -> None:
    # Auckland is 13 hours ahead in December: 08:00 there is 19:00 UTC the day before.
    clock = Clock(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(database, clock=clock), clock)
    try:
        await core.set_hours(ANN, "Pacific/Auckland", None, None)
        await core.set_digest(ANN, 8 * 60)
        first = await new_game(core, hours=30)
        second = await new_game(core, OTHER_GUILD, thread=98)  # another server: the digest lists it too
        await wait_for(core, first, ANN)
        clock.now += timedelta(hours=1)
        await wait_for(core, second, ANN)
        clock.now = datetime(2026, 12, 1, 18, 59, tzinfo=UTC)
        assert await core.tick() == 0 and await digests(core, first, second) == []
        clock.now = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
        assert await core.tick() == 1
        [digest] = await digests(core, first, second)
        assert digest.game_id == first and digest.payload["user"] == ANN  # sent with the oldest wait's game
        text = digest.payload["text"]
        assert "2 games wait for you" in text
        assert text.index(f"#{first}") < text.index(f"#{second}")  # oldest wait first
        assert f"https://discord.com/channels/{GUILD}/99" in text
        assert f"https://discord.com/channels/{OTHER_GUILD}/98" in text
        assert "1 with a deadline in the next day" in text and text.count("⏳ due <t:") == 1 and ":R>" in text
        # Where DMs are closed, the thread learns only that a digest was meant for Ann, and pings her alone.
        assert "@" not in digest.payload["fallback"].replace(f"<@{ANN}>", "") and "#" not in digest.payload["fallback"]
        clock.now += timedelta(hours=3)
        assert await core.tick() == 0  # once a day
        clock.now = datetime(2026, 12, 2, 18, 59, tzinfo=UTC)  # the next local day, a minute early
        await core.tick()  # (the first game's deadline passed meanwhile: its automatic player moved)
        assert len(await digests(core, first, second)) == 1
        clock.now = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
        await core.tick()
        assert len(await digests(core, first, second)) == 2
    finally:
        await core.close()


async def test_the_digest_keeps_its_local_hour_through_a_daylight_saving_change(database: str) -> None:
    # Berlin moves its clocks forward on 28 March 2027: 08:00 is 07:00 UTC the day before and 06:00 UTC after.
    clock = Clock(datetime(2027, 3, 26, 12, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(database, clock=clock), clock)
    try:
        await core.set_hours(ANN, "Europe/Berlin", None, None)
        await core.set_digest(ANN, 8 * 60)
        game = await new_game(core)
        await wait_for(core, game, ANN)
        clock.now = datetime(2027, 3, 27, 6, 59, tzinfo=UTC)
        assert await core.tick() == 0
        clock.now = datetime(2027, 3, 27, 7, 0, tzinfo=UTC)
        assert await core.tick() == 1
        clock.now = datetime(2027, 3, 28, 5, 59, tzinfo=UTC)
        assert await core.tick() == 0
        clock.now = datetime(2027, 3, 28, 6, 0, tzinfo=UTC)  # 08:00 summer time
        assert await core.tick() == 1
        clock.now = datetime(2027, 3, 28, 7, 0, tzinfo=UTC)  # what would have been 08:00 without the change
        assert await core.tick() == 0
        assert len(await digests(core, game)) == 2
    finally:
        await core.close()


async def test_no_digest_when_nothing_waits_or_while_away_and_one_inside_active_hours(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 5, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(database, clock=clock), clock)
    try:
        await core.set_hours(ANN, "UTC", 9 * 60, 22 * 60)
        await core.set_digest(ANN, 7 * 60)  # before the day starts: it comes when the active hours open
        game = await new_game(core)
        await wait_for(core, game, BEN)
        clock.now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
        assert await core.tick() == 0 and await digests(core, game) == []  # nothing waits for Ann: nothing
        await wait_for(core, game, ANN)
        clock.now += timedelta(hours=1)
        assert await core.tick() == 0  # the day's digest was done: nothing later that day at another hour
        clock.now = datetime(2026, 12, 2, 8, 59, tzinfo=UTC)
        assert await core.tick() == 0  # 07:00 is outside Ann's hours: not yet
        await core.go_away(ANN, "1d", None)
        clock.now = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
        assert await core.tick() == 0 and await digests(core, game) == []  # away: no digest
        clock.now = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)  # back (the away ended at 08:59)
        await core.tick()
        [digest] = await digests(core, game)
        assert "1 game waits for you" in digest.payload["text"]
        await core.set_digest(ANN, None)
        clock.now = datetime(2026, 12, 4, 9, 0, tzinfo=UTC)
        await core.tick()
        assert len(await digests(core, game)) == 1  # turned off
    finally:
        await core.close()


async def test_a_restart_sends_no_second_digest(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 6, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(database, clock=clock), clock)
    await core.set_digest(ANN, 8 * 60)
    game = await new_game(core)
    await wait_for(core, game, ANN)
    clock.now = datetime(2026, 12, 1, 8, 30, tzinfo=UTC)
    assert await core.tick() == 1
    await core.close()
    again = TableCore(await GameStore.open(database, clock=clock), clock)
    try:
        assert await again.tick() == 0
        clock.now += timedelta(hours=2)
        assert await again.tick() == 0
        assert len(await digests(again, game)) == 1
    finally:
        await again.close()


async def test_a_digest_missed_by_an_outage_comes_late_once(database: str) -> None:
    clock = Clock(datetime(2026, 12, 1, 6, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(database, clock=clock), clock)
    try:
        await core.set_digest(ANN, 23 * 60)
        game = await new_game(core)
        await wait_for(core, game, ANN)
        clock.now = datetime(2026, 12, 2, 1, 0, tzinfo=UTC)  # no process ran at 23:00; past midnight now
        assert await core.tick() == 1
        assert await core.tick() == 0
        clock.now = datetime(2026, 12, 2, 6, 0, tzinfo=UTC)  # the 1st's digest is done; the 2nd's is not due
        assert await core.tick() == 0
    finally:
        await core.close()


async def test_two_processes_on_postgresql_send_one_digest(postgres: PostgresServer) -> None:
    url = await postgres.new_database()
    clock = Clock(datetime(2026, 12, 1, 6, 0, tzinfo=UTC))
    cores = [TableCore(await GameStore.open(url, clock=clock), clock) for _ in range(2)]
    try:
        await cores[0].set_digest(ANN, 8 * 60)
        await cores[0].set_digest(BEN, 8 * 60)
        games = [await new_game(cores[0], thread=90 + number) for number in range(3)]
        for game in games:
            await wait_for(cores[0], game, ANN)
        clock.now = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
        for _ in range(3):  # both processes tick at once, again and again
            await asyncio.gather(*(core.tick() for core in cores))
        found = await digests(cores[1], *games)
        assert [item.payload["user"] for item in found] == [ANN]  # Ben has nothing waiting: nothing
        assert "3 games wait for you" in found[0].payload["text"]
    finally:
        for core in cores:
            await core.close()


async def test_a_long_digest_fits_one_message_and_is_never_cut_mid_line(db_path: Any) -> None:
    clock = Clock(datetime(2026, 12, 1, 6, 0, tzinfo=UTC))
    core = TableCore(await GameStore.open(db_path, clock=clock), clock)
    try:
        await core.set_digest(ANN, 8 * 60)
        games = []
        for number in range(40):
            games.append(await new_game(core, thread=1000 + number))
            await wait_for(core, games[-1], ANN)
        clock.now = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
        assert await core.tick() == 1
        [digest] = await digests(core, *games)
        text = digest.payload["text"]
        assert len(text) <= 2000
        head, *lines, tail = text.split("\n")
        assert head.startswith("📬 **Your daily digest**: 40 games wait for you")
        links = [f"https://discord.com/channels/{GUILD}/{1000 + number}" for number in range(len(lines))]
        assert [line.rsplit(" · ", 1)[1] for line in lines] == links  # whole lines, oldest wait first
        assert tail == f"…and {40 - len(lines)} more: /me inbox lists them all."
    finally:
        await core.close()
