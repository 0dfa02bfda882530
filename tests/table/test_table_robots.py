"""Robot seats without Discord (table/robots.py), on a real database of each kind: seated and removed in the
lobby with specific refusals, moving through the one change path only at the version they thought for,
thinking again when the game moved, never mentioned, messaged or timed, kept apart in the statistics, picked
up again after a restart, and never moving twice when two processes share the database."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from db.store import GameStore
from rules.core.players import Level
from rules.core.rng import Rng
from table import compose
from table.core import TableCore
from table.errors import TableError
from table.model import Table
from table.thinking import Thought, ThreadThinker

from db_helpers import Clock

GUILD, CHANNEL, THREAD = 1, 2, 99
ANN, BEN, CAL = 11, 12, 13


class GatedThinker:
    """Thinks like the real one, but only once the test opens the gate (the test moves the game meanwhile)."""

    def __init__(self) -> None:
        self.inner = ThreadThinker()
        self.gate = asyncio.Event()
        self.asked = 0
        self.thinking = asyncio.Event()

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        self.asked += 1
        self.thinking.set()
        await self.gate.wait()
        return await self.inner.decide(kind, state_json, seat, level, seed, want_estimates)

    async def close(self) -> None:
        return None


@pytest.fixture
async def core(database: str, clock: Clock) -> AsyncIterator[TableCore]:
    async with await GameStore.open(database, clock=clock) as store:
        opened = TableCore(store, clock)
        opened.robots.delay = 0
        yield opened
        await opened.robots.close()


async def lobby(core: TableCore, kind: str, *people: int, deadline: int | None = None) -> int:
    table = await core.create(kind, GUILD, CHANNEL, people[0], f"P{people[0]}", {}, deadline_minutes=deadline)
    for user in people[1:]:
        await core.join(table.id, user, f"P{user}")
    return table.id


def said(sentence: str) -> str:
    """The refusal exactly as a person reads it."""
    return f"^{re.escape(sentence)}$"


def person_move(table: Table, seat: int) -> Any:
    """A person's choice: the heuristic's, with a stream of their own (never the robots')."""
    assert table.state is not None
    legal = table.game.legal_actions(table.state, seat)
    return table.game.auto_action(table.game.view(table.state, seat), legal, Rng.from_seed(table.record.version))


async def play_out(core: TableCore, game_id: int) -> Table:
    """People move (a fixed choice each); robots move by themselves; until the game ends."""
    for _ in range(1500):
        await core.robots.idle()
        table = await core.table(game_id)
        if table.record.status != "active":
            return table
        people = [seat for seat in table.awaited() if not table.is_robot(seat)]
        assert people, "the game waits only for robots, and none is moving"
        await core.play(game_id, table.user_of(people[0]), None, person_move)
    raise AssertionError("the game did not end")


async def test_robots_are_seated_and_removed_in_the_lobby_with_specific_refusals(core: TableCore) -> None:
    game = await lobby(core, "little_circuses", ANN, BEN)
    with pytest.raises(TableError, match=said("Only the game's creator or a server manager can add robots.")):
        await core.add_robot(game, BEN, "strong")
    with pytest.raises(TableError, match=said("A robot plays at one of these levels: easy, normal, strong.")):
        await core.add_robot(game, ANN, "genius")
    with pytest.raises(TableError, match=said("There is no robot in this game to remove.")):
        await core.remove_robot(game, ANN)
    await core.add_robot(game, ANN, "strong")
    table = await core.add_robot(game, BEN, "easy", may_manage=True)
    assert table.names[2:] == ["🤖 Robot (strong)", "🤖 Robot 2 (easy)"]
    assert [seat.robot for seat in table.seats] == [None, None, "strong", "easy"]
    assert all(seat.user_id < 0 for seat in table.seats[2:])
    with pytest.raises(TableError, match=said("Seat 2 is a player's, not a robot's; only robots can be removed.")):
        await core.remove_robot(game, ANN, 1)
    table = await core.remove_robot(game, ANN, 2)
    assert table.names == ["P11", "P12", "🤖 Robot 2 (easy)"]
    table = await core.add_robot(game, ANN, "normal")
    assert table.names[3] == "🤖 Robot (normal)"  # the smallest free number
    for _ in range(3):
        await core.add_robot(game, ANN, "normal")
    full = "This game is full: Little Circuses takes at most 7 players, robots included."
    with pytest.raises(TableError, match=said(full)):
        await core.add_robot(game, ANN, "normal")
    lobby_line = compose.lobby_text(await core.lobby_view(game))
    assert "<@-" not in lobby_line and "🤖 Robot 2 (easy)" in lobby_line
    await core.start(game, ANN, THREAD)
    with pytest.raises(TableError, match=said("This game has already started; robots can only be added in its lobby.")):
        await core.add_robot(game, ANN, "strong")
    started = "This game has already started; robots can only be removed in its lobby."
    with pytest.raises(TableError, match=said(started)):
        await core.remove_robot(game, ANN)


async def test_one_person_and_robots_play_dreadful_circus_to_its_end_unmentioned_and_unmessaged(
        core: TableCore, clock: Clock) -> None:
    game = await lobby(core, "dreadful_circus", ANN, BEN, deadline=60)
    await core.add_robot(game, ANN, "strong")
    await core.add_robot(game, ANN, "normal")
    await core.start(game, ANN, THREAD)
    # A robot has no clock: however long it is awaited, no reminder or deadline comes for it.
    clock.now += timedelta(days=2)
    due = await core.keeper.due()
    assert due and all(item.clock.user_id > 0 for item in due)
    assert all(seat < 2 for seat in (await core.table(game)).deadlines)
    final = await play_out(core, game)
    assert final.record.status == "finished"
    rows = await core.outbox.pending(game)
    assert rows
    for row in rows:
        assert all(user > 0 for user in row.payload.get("mentions", [])), row.payload
        assert "<@-" not in json.dumps(row.payload, ensure_ascii=False)
        if row.kind == "direct":
            assert row.payload["user"] > 0
    assert "🤖 Robot (strong)" in json.dumps([row.payload for row in rows], ensure_ascii=False)
    logged = await core.actions(game)
    robot_moves = [entry for entry in logged if final.is_robot(entry.seat)]
    assert robot_moves and core.robots.moved == len([entry for entry in robot_moves
                                                      if entry.automatic_reason is None])
    # Statistics: the people's leaderboard has people only; the robots' results are kept apart, by level.
    board = await core.leaderboard(GUILD, "dreadful_circus")
    assert sorted(standing.key for standing in board) == [ANN, BEN]
    robots = await core.robot_standings(GUILD, "dreadful_circus")
    assert sorted(str(standing.key) for standing in robots) == ["normal", "strong"]
    assert all(standing.played == 1 for standing in robots)
    # The finished game waits for nobody: no nudge or deadline is left for anyone.
    clock.now += timedelta(days=3)
    assert await core.keeper.due() == []


async def test_a_robot_applies_its_decision_only_at_the_version_it_thought_for(core: TableCore) -> None:
    gated = GatedThinker()
    core.robots.thinker = gated
    game = await lobby(core, "little_circuses", ANN)
    await core.add_robot(game, ANN, "normal")
    started = await core.start(game, ANN, THREAD)
    assert sorted(started.awaited()) == [0, 1]  # both choose at once
    await gated.thinking.wait()
    # Ann moves while the robot thinks: what it thought is for a position that no longer is.
    await core.play(game, ANN, None, person_move)
    gated.gate.set()
    await core.robots.idle()
    assert gated.asked >= 2 and core.robots.recomputed == 1 and core.robots.moved >= 1
    logged = await core.actions(game)
    robot = [entry for entry in logged if entry.seat == 1 and entry.automatic_reason is None]
    assert robot and robot[0].version > logged[0].version  # after Ann's move, decided anew


async def test_a_restart_while_a_robot_thinks_loses_nothing(database: str, clock: Clock) -> None:
    async with await GameStore.open(database, clock=clock) as store:
        first = TableCore(store, clock)
        gated = GatedThinker()
        first.robots.thinker = gated
        game = await lobby(first, "circus_train", ANN)
        await first.add_robot(game, ANN, "strong")
        await first.start(game, ANN, THREAD)
        table = await first.table(game)
        while not set(table.awaited()) & table.robot_seats:
            await first.play(game, ANN, None, person_move)
            table = await first.table(game)
        await gated.thinking.wait()
        version = table.record.version
        await first.robots.close()  # the process stops while the robot thinks
        assert (await first.table(game)).record.version == version
    async with await GameStore.open(database, clock=clock) as store:
        second = TableCore(store, clock)
        second.robots.delay = 0
        assert await store.robot_waits() == [game]
        assert await second.resume_robots() == 1
        await second.robots.idle()
        after = await second.table(game)
        assert after.record.version > version and second.robots.moved >= 1
        assert any(entry.version == version + 1 and after.is_robot(entry.seat) for entry in await second.actions(game))
        await second.robots.close()


async def test_two_processes_never_move_a_robot_twice(database: str, clock: Clock) -> None:
    async with await GameStore.open(database, clock=clock) as one, \
            await GameStore.open(database, clock=clock) as other:
        first, second = TableCore(one, clock), TableCore(other, clock)
        gates = GatedThinker(), GatedThinker()
        first.robots.thinker, second.robots.thinker = gates
        first.robots.delay = second.robots.delay = 0
        game = await lobby(first, "little_circuses", ANN)
        await first.add_robot(game, ANN, "normal")
        await first.start(game, ANN, THREAD)
        await gates[0].thinking.wait()
        second.robots.wake(game)  # the other process hears of the game too (its tick, say)
        await gates[1].thinking.wait()
        for gate in gates:
            gate.gate.set()
        await asyncio.gather(first.robots.idle(), second.robots.idle())
        logged = await first.actions(game)
        robot = [entry for entry in logged if entry.seat == 1 and entry.automatic_reason is None]
        assert len(robot) == 1 and first.robots.moved + second.robots.moved == 1
        await first.robots.close()
        await second.robots.close()


async def test_a_robot_moves_at_whole_multiples_of_its_delay_whatever_it_thought(core: TableCore) -> None:
    now = [100.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    core.robots.delay = 3.0
    core.robots.monotonic = lambda: now[0]
    core.robots.sleep = sleep
    for thinking in (0.2, 2.9, 3.0, 4.1):
        now[0] = 100.0 + thinking
        await core.robots._pace(100.0)
        assert now[0] - 100.0 in (3.0, 6.0)
    assert slept == pytest.approx([2.8, 0.1, 0.0, 1.9])


async def test_the_autopilot_plays_at_the_level_chosen_for_the_game(core: TableCore) -> None:
    levels = "The automatic player plays at one of these levels: easy, normal, strong."
    with pytest.raises(TableError, match=said(levels)):
        await core.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, autopilot_level="genius")
    table = await core.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, autopilot_level="strong")
    assert (await core.lobby_view(table.id)).record.autopilot_level == "strong"
    plain = await core.create("circus_train", GUILD, CHANNEL, BEN, "Ben", {})
    assert (await core.lobby_view(plain.id)).record.autopilot_level == "normal"
    await core.join(table.id, CAL, "Cal")
    await core.start(table.id, ANN, THREAD)
    started = await core.table(table.id)
    seat = min(started.awaited())
    result = await core.keeper.play_for(table.id, seat)
    assert result.automatic and result.seat == seat


async def test_a_strong_autopilot_thinks_out_of_the_lock_and_again_when_the_game_moved(
        core: TableCore, monkeypatch: pytest.MonkeyPatch) -> None:
    import table.keeper
    monkeypatch.setattr(table.keeper, "searches", lambda kind, level: level == "strong")  # as once games search
    gated = GatedThinker()
    core.keeper.thinker = gated
    created = await core.create("little_circuses", GUILD, CHANNEL, ANN, "Ann", {}, autopilot_level="strong")
    await core.join(created.id, BEN, "Ben")
    started = await core.start(created.id, ANN, THREAD)
    assert sorted(started.awaited()) == [0, 1]
    playing = asyncio.create_task(core.keeper.play_for(created.id, 1))
    await gated.thinking.wait()
    await core.play(created.id, ANN, None, person_move)  # Ann moves while Ben's automatic player thinks
    gated.gate.set()
    result = await playing
    assert result.automatic and result.seat == 1 and gated.asked == 2
    logged = await core.actions(created.id)
    assert [entry.seat for entry in logged if entry.automatic_reason is None][:2] == [0, 1]


class Failing:
    """A thinker whose worker broke: what the robot's task logs must name no card."""

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        return await ThreadThinker().decide(kind, {"hand": ["secret card"]}, seat, level, seed)

    async def close(self) -> None:
        return None


async def test_a_robot_that_cannot_decide_stops_and_logs_nothing_of_the_state(
        core: TableCore, caplog: pytest.LogCaptureFixture) -> None:
    core.robots.thinker = Failing()
    game = await lobby(core, "little_circuses", ANN)
    await core.add_robot(game, ANN, "normal")
    with caplog.at_level("INFO"):
        await core.start(game, ANN, THREAD)
        await core.robots.idle()
    assert core.robots.moved == 0 and core.robots.recomputed == 0
    [failure] = [record.getMessage() for record in caplog.records if "could not decide" in record.getMessage()]
    assert failure.startswith("Game ") and "seat 2 in a little_circuses game" in failure
    assert not any("secret card" in record.getMessage() or record.exc_info for record in caplog.records)
    # The next wake (a move, or the scheduler's tick) tries again, with a thinker that works now.
    core.robots.thinker = ThreadThinker()
    assert await core.resume_robots() == 1
    await core.robots.idle()
    assert core.robots.moved == 1
