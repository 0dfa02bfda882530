"""Away mode at the table, on a real SQLite file without Discord and with a controllable clock: pings held
while away, a stretch ending on time brings the waiting game one recap and folds the pause into the wait,
a second away settles the first, and the bank a game lends is spent once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from db.store import GameStore
from table.core import TableCore
from table.errors import TableError

GUILD, CHANNEL, ANN, BEN = 1, 2, 11, 12


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def game(database: str, clock: Clock, **settings: Any) -> tuple[TableCore, int]:
    store = await GameStore.open(database, clock=clock)
    core = TableCore(store, clock)
    table = await core.tables.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=24 * 60,
                                     **settings)
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=99)
    return core, table.id


def first_choice(table: Any, seat: int) -> Any:
    return table.game.legal_actions(table.state, seat)[0]


async def ann_waited_for(core: TableCore, game_id: int) -> None:
    while (await core.tables.table(game_id)).awaited_users() != [ANN]:
        table = await core.tables.table(game_id)
        await core.tables.act(game_id, table.awaited_users()[0], None, first_choice)


async def notes(core: TableCore, game_id: int, mark: str) -> list[Any]:
    return [item for item in await core.outbox.pending(game_id) if mark in item.payload.get("text", "")]


async def test_pings_are_held_while_away(database: str) -> None:
    clock = Clock()
    core, game_id = await game(database, clock)
    await core.go_away(ANN, "3d", "at sea")
    [notice] = await notes(core, game_id, "🌴")
    assert "(at sea)" in notice.payload["text"] and notice.payload["mentions"] == []
    # Play until the game newly waits for Ann: the board that says so pings nobody.
    for _ in range(60):
        table = await core.tables.table(game_id)
        result = await core.tables.act(game_id, table.awaited_users()[0], None, first_choice)
        if ANN in [result.table.user_of(seat) for seat in result.newly_awaited]:
            break
    else:
        raise AssertionError("Ann was never newly awaited")
    board = [item for item in await core.outbox.pending(game_id) if item.kind == "board"][-1]
    assert ANN not in board.payload["mentions"]
    assert not [item for item in await core.outbox.pending(game_id) if item.kind == "direct"]
    await core.store.close()


async def test_a_stretch_that_ends_on_time_brings_one_recap_and_keeps_the_deadline(database: str) -> None:
    clock = Clock()
    core, game_id = await game(database, clock)
    await ann_waited_for(core, game_id)
    clock.now += timedelta(hours=2)
    await core.go_away(ANN, "2d", None)
    table = await core.tables.table(game_id)
    seat = table.seat_of(ANN)
    assert seat is not None
    assert (await core.deadlines(table))[seat] == clock.now + timedelta(days=2, hours=22)
    clock.now += timedelta(days=2, minutes=1)
    await core.tick()
    [welcome] = await notes(core, game_id, "👋")
    assert "is back" in welcome.payload["text"] and ANN in welcome.payload["mentions"]
    [settled] = [c for c in await core.life.clocks(game_id) if c.seat == seat]
    assert settled.away_since is None and settled.away_used == 2 * 24 * 60
    # The pause is folded into the wait: the deadline is where it was.
    assert (await core.deadlines(await core.tables.table(game_id)))[seat] == \
        datetime(2026, 11, 30, 11, 0, tzinfo=UTC) + timedelta(days=2, hours=22)
    await core.tick()
    assert len(await notes(core, game_id, "👋")) == 1  # once
    await core.store.close()


async def test_the_bank_is_spent_once_across_aways_and_a_second_away_settles_the_first(database: str) -> None:
    clock = Clock()
    core, game_id = await game(database, clock, away_bank_minutes=3 * 24 * 60)
    await ann_waited_for(core, game_id)
    await core.go_away(ANN, "2d", None)
    clock.now += timedelta(days=1)
    await core.go_away(ANN, "1w", "longer")  # still away: the same stretch, to end later; not told twice
    assert len(await notes(core, game_id, "🌴")) == 1
    clock.now += timedelta(days=1)
    await core.come_back(ANN)
    seat = (await core.tables.table(game_id)).seat_of(ANN)
    [clock_row] = [c for c in await core.life.clocks(game_id) if c.seat == seat]
    assert clock_row.away_used == 2 * 24 * 60 and clock_row.away_since is None
    clock.now += timedelta(hours=1)
    await core.go_away(ANN, "5d", None)  # one day of the bank is left
    texts = [item.payload["text"] for item in await notes(core, game_id, "🌴")]
    assert len(texts) == 2 and "up to 1 day of this game's away bank" in texts[-1]
    with pytest.raises(TableError, match="quarter of an hour"):
        await core.go_away(ANN, "10m", None)
    await core.store.close()


async def test_a_game_without_deadlines_that_starts_waiting_while_away_brings_the_player_back(
        database: str) -> None:
    """Nothing is due in a game without deadlines, but the ping held while away must still come: the end of
    the away is when the scheduler looks at the seat."""
    clock = Clock()
    store = await GameStore.open(database, clock=clock)
    core = TableCore(store, clock)
    table = await core.tables.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {})
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=99)
    await core.go_away(ANN, "2d", None)
    for _ in range(60):  # Ben plays until the game newly waits for Ann
        current = await core.tables.table(table.id)
        result = await core.tables.act(table.id, current.awaited_users()[0], None, first_choice)
        if ANN in [result.table.user_of(seat) for seat in result.newly_awaited]:
            break
    clock.now += timedelta(days=2, minutes=1)
    await core.tick()
    [welcome] = await notes(core, table.id, "👋")
    assert ANN in welcome.payload["mentions"]
    await core.store.close()
