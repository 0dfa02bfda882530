"""The practice table without Discord: one operation opens and starts a game for one person against the game's
smallest sensible table of easy robots, hints on and marked practice; each lesson comes the first time its decision
comes up and never again (noted in the game's own record); "Why not…?" lists choices that are not legal and answers
each with the rules' own sentence, refusing outside practice games and on a moved game; the finished game is neither
rated nor in the standings."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from db.store import GameStore
from rules.core.lessons import LESSONS, lesson_key
from rules.core.players import decide
from rules.core.rng import Rng
from table.core import TableCore
from table.errors import StaleBoard, TableError
from table.model import Table
from table.practice import NOT_PRACTICE
from table.ratings import unrated_reason

GUILD, CHANNEL, ANN = 1, 2, 11


def easy_choice(table: Table, seat: int) -> Any:
    """Ann plays like the automatic player (always the first choice could go back and forth forever)."""
    assert table.state is not None
    return decide(table.game, table.state, seat, "normal", Rng.from_seed(table.record.version)).action


async def settled(core: TableCore, game_id: int) -> None:
    """Wait until the robots have moved as far as they can (the game waits for Ann, or is over)."""
    for _ in range(2000):
        table = await core.table(game_id)
        if table.record.status != "active" or ANN in table.awaited_users():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the robots never reached Ann's turn")


@pytest.mark.parametrize(("kind", "seats"), [("little_circuses", 3), ("dreadful_circus", 4)])
async def test_a_practice_game_teaches_once_answers_why_not_and_stays_unrated(tmp_path: Path, kind: str,
                                                                              seats: int) -> None:
    core = TableCore(await GameStore.open(tmp_path / "t.sqlite3"))
    core.robots.delay = 0
    try:
        table = await core.practice(kind, GUILD, CHANNEL, ANN, "Ann", thread_id=77)
        assert table.record.status == "active" and table.record.practice and table.record.hints
        assert len(table.seats) == seats and [seat.robot for seat in table.seats[1:]] == ["easy"] * (seats - 1)
        shown: list[str] = []
        moves = 0
        while True:
            await settled(core, table.id)
            table = await core.table(table.id)
            if table.record.status != "active":
                break
            assert table.state is not None
            seat = table.seat_of(ANN)
            assert seat is not None
            key = lesson_key(kind, table.game.legal_actions(table.state, seat))
            lesson = await core.lesson(table.id, ANN)
            if key in shown:
                assert lesson is None
            else:
                assert key is not None and lesson == LESSONS[kind][key]
                shown.append(key)
            assert await core.lesson(table.id, ANN) is None  # the same decision again: said once
            if moves % 5 == 0:
                _, tempting = await core.tempting(table.id, ANN, table.record.version)
                for index, choice in enumerate(tempting):
                    assert choice.action not in table.game.legal_actions(table.state, seat)
                    answer = await core.why_not(table.id, ANN, table.record.version, index)
                    why = table.game.explain_illegal(table.state, seat, choice.action)
                    assert answer == f"🚫 **{choice.label}?** {why}"
            await core.play(table.id, ANN, table.record.version, easy_choice)
            moves += 1
            assert moves < 1000
        assert len(shown) >= 3 and len(set(shown)) == len(shown)
        assert await core.store.lessons_seen(table.id, 0) == set(shown)
        assert table.record.status == "finished"
        assert unrated_reason(table) == "practice"
        assert await core.leaderboard(GUILD, kind) == [] and await core.robot_standings(GUILD, kind) == []
        with pytest.raises(TableError, match=r"This game is over\."):
            await core.tempting(table.id, ANN, table.record.version)
    finally:
        await core.close()


async def test_why_not_is_for_practice_games_and_their_current_panel(tmp_path: Path) -> None:
    core = TableCore(await GameStore.open(tmp_path / "t.sqlite3"))
    core.robots.delay = 0
    try:
        ordinary = await core.create("wanderzirkus", GUILD, CHANNEL, ANN, "Ann", {})
        await core.add_robot(ordinary.id, ANN, "easy")
        ordinary = await core.start(ordinary.id, ANN, 5)
        with pytest.raises(TableError) as refused:
            await core.tempting(ordinary.id, ANN, ordinary.record.version)
        assert str(refused.value) == NOT_PRACTICE.format(command="/game practice")
        assert await core.lesson(ordinary.id, ANN) is None

        with pytest.raises(TableError, match=r"A practice game of Dreadful Circus seats 3 to 7 robots besides you\."):
            await core.practice("dreadful_circus", GUILD, CHANNEL, ANN, "Ann", robots=1)
        table = await core.practice("wanderzirkus", GUILD, CHANNEL, ANN, "Ann", robots=1, thread_id=6)
        await settled(core, table.id)
        table = await core.table(table.id)
        with pytest.raises(StaleBoard):
            await core.tempting(table.id, ANN, table.record.version + 1)
    finally:
        await core.close()
