"""Moves that need no one at the table, on a real SQLite file without Discord: forced moves and standing
answers are saved in the same write as the move that led to them, logged and marked as automatic, tell
nobody, replay exactly, can be turned off, and go back with the move they followed; standing answers are
set, listed, refused and cleared per seat, and a player learns of them in their next recap."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from db.store import ActionRecord, GameStore
from rules.core.rng import Rng
from table import compose, standing
from table.core import TableCore
from table.errors import TableError
from table.model import ActResult, Table
from table.service import TableService

GUILD, CHANNEL = 1, 2
USERS = (11, 12, 13, 14)
NAMES = ("Ann", "Ben", "Cy", "Di")


async def started(database: str, kind: str, players: int, **settings: Any) -> tuple[TableCore, Table]:
    store = await GameStore.open(database)
    core = TableCore(store)
    table = await core.tables.create(kind, GUILD, CHANNEL, USERS[0], NAMES[0], {}, **settings)
    for user, name in zip(USERS[1:players], NAMES[1:players], strict=True):
        await core.tables.join(table.id, user, name)
    return core, await core.tables.start(table.id, USERS[0], thread_id=99)


def automatic_choice(seed: int) -> Any:
    rng = Rng.from_seed(seed)

    def choose(table: Table, seat: int) -> Any:
        assert table.state is not None
        return table.game.auto_action(table.game.view(table.state, seat), table.game.legal_actions(table.state, seat),
                                      rng)
    return choose


async def play_until(service: TableService, game_id: int, done: Any, moves: int = 600) -> ActResult:
    """Players make their own moves (the automatic player's choices, as if clicked) until ``done(result)``."""
    choose = automatic_choice(game_id)
    for _ in range(moves):
        table = await service.table(game_id)
        assert not table.over, "the game ended first"
        result = await service.act(game_id, table.awaited_users()[0], None, choose)
        if done(result):
            return result
    raise AssertionError("it never happened")


async def snapshot_matches_replay(service: TableService, game_id: int) -> None:
    table = await service.table(game_id)
    replayed = await service.replay(table.record, table.kit, table.names)
    assert json.dumps(table.game.state_to_json(replayed), sort_keys=True) == \
        json.dumps(table.game.state_to_json(table.state), sort_keys=True)


async def test_a_forced_move_is_saved_with_the_move_before_it_marked_and_unannounced(database: str) -> None:
    core, table = await started(database, "circus_train", 2)
    service = core.tables
    result = await play_until(service, table.id, lambda r: any(m.reason == "forced" for m in r.follow_ups))
    forced = [move for move in result.follow_ups if move.reason == "forced"]
    logged = await service.store.actions(table.id)
    chain = logged[-1 - len(result.follow_ups):]
    assert chain[0].automatic_reason is None and not chain[0].automatic  # the player's own move
    assert [(a.seat, a.automatic, a.automatic_reason) for a in chain[1:]] == [
        (move.seat, True, move.reason) for move in result.follow_ups]
    assert [a.version for a in chain] == list(range(chain[0].version, result.table.record.version + 1))
    assert len({a.created_at for a in chain}) == 1  # one write
    # The board of that move lists the forced move, marked, and pings only whom the game now waits for.
    board = [item for item in await core.outbox.pending(table.id) if item.kind == "board"][-1]
    sentences = [line for line in board.payload["text"].split("\n") if line.startswith("• 🤖 only choice: ")]
    assert sentences, board.payload["text"]
    assert set(board.payload["mentions"]) <= set(result.table.awaited_users())
    log = await service.public_log(result.table)
    assert sum(line.startswith("🤖 only choice: ") for line in log) >= len(forced)
    await snapshot_matches_replay(service, table.id)
    await service.store.close()


async def test_with_forced_moves_off_every_decision_is_asked(database: str) -> None:
    core, table = await started(database, "circus_train", 2, forced_moves=False)
    assert table.record.forced_moves is False and "Forced moves: off" in compose.lobby_text(table)
    service = core.tables
    asked_alone = 0
    choose = automatic_choice(7)
    for _ in range(150):
        current = await service.table(table.id)
        if current.over:
            break
        assert current.state is not None
        seat = current.awaited()[0]
        asked_alone += len(current.game.legal_actions(current.state, seat)) == 1
        result = await service.act(table.id, current.user_of(seat), None, choose)
        assert result.follow_ups == ()
    assert asked_alone > 0  # single choices came, and were asked
    assert all(a.automatic_reason is None for a in await service.store.actions(table.id))
    await service.store.close()


async def test_a_move_and_the_forced_moves_after_it_are_taken_back_together(database: str) -> None:
    core, table = await started(database, "circus_train", 2)
    service = core.tables
    taken = False
    for _ in range(40):
        result = await play_until(service, table.id, lambda r: bool(r.follow_ups))
        before = await service.state_at(result.table, result.table.record.version - len(result.follow_ups) - 1)
        kept = len(await service.store.actions(table.id)) - 1 - len(result.follow_ups)
        mover = result.table.user_of(result.seat)
        try:
            outcome = await core.keeper.take_back(table.id, mover)
        except TableError as refused:  # it drew a card or a roll: never taken back
            assert "cannot be taken back" in str(refused)
            continue
        if not outcome.done:
            other = next(user for user in USERS[:2] if user != mover)
            outcome = await core.keeper.take_back(table.id, other, agreeing=True, version=outcome.version)
        assert outcome.done
        after = await service.table(table.id)
        assert after.game.state_to_json(after.state) == after.game.state_to_json(before)
        assert len(await service.store.actions(table.id)) == kept  # the forced moves went with it
        taken = True
        break
    assert taken
    await snapshot_matches_replay(service, table.id)
    await service.store.close()


# ----- standing answers ---------------------------------------------------------------------------------
async def test_standing_answers_are_listed_set_refused_and_cleared(database: str) -> None:
    core, table = await started(database, "dreadful_circus", 4)
    service = core.tables
    lines = await standing.standing_lines(service, table, 1)
    assert [line.decision.key for line in lines] == ["sell", "load_wagon"]
    assert all(line.answer is None for line in lines)
    text = standing.standing_text(table, lines)
    assert "Selling your Offer" in text and "`accept_first`" in text and "Ask me" in text
    with pytest.raises(TableError, match="no decision called 'bidding'"):
        await standing.set_answer(service, table.id, USERS[1], GUILD, "bidding", "accept_first")
    with pytest.raises(TableError, match="no answer called 'always'"):
        await standing.set_answer(service, table.id, USERS[1], GUILD, "sell", "always")
    with pytest.raises(TableError, match="not seated"):
        await standing.set_answer(service, table.id, 99, GUILD, "sell", "accept_first")
    _, decision, answer, _ = await standing.set_answer(service, table.id, USERS[1], GUILD, "sell", "accept_good")
    assert decision.key == "sell" and answer is not None and answer.key == "accept_good"
    assert await service.life.standing(table.id) == {1: {"sell": "accept_good"}}
    lines = await standing.standing_lines(service, table, 1)
    assert lines[0].answer == answer and lines[1].answer is None
    await standing.set_answer(service, table.id, USERS[1], GUILD, "sell", standing.ASK)
    assert await service.life.standing(table.id) == {}
    await service.store.close()


async def test_a_standing_answer_is_played_when_its_decision_comes_and_told_in_the_next_recap(database: str) -> None:
    core, table = await started(database, "dreadful_circus", 4)
    service = core.tables
    for user in USERS:
        await standing.set_answer(service, table.id, user, GUILD, "sell", "accept_first")
    result = await play_until(service, table.id, lambda r: any(m.reason == "standing" for m in r.follow_ups))
    answered = [move for move in result.follow_ups if move.reason == "standing"]
    assert {move.decision for move in answered} == {"sell"}
    seller = answered[0].seat
    logged = await service.store.actions(table.id)
    assert any(a.seat == seller and a.automatic_reason == "standing" for a in logged)
    # Nobody was asked to sell: the seller was never awaited for it on a board.
    boards = [item for item in await core.outbox.pending(table.id) if item.kind == "board"]
    assert boards and all("choosing a wagon next to" not in item.payload["text"] for item in boards)
    lines, _ = await service.herald.recap(result.table, result.table.user_of(seller), limit=100)
    assert any(line.startswith("🤖 standing answer: ") for line in lines)
    await snapshot_matches_replay(service, table.id)
    await service.store.close()


async def test_an_answer_set_while_its_decision_waits_is_played_at_once(database: str) -> None:
    core, table = await started(database, "dreadful_circus", 4)
    service = core.tables
    await play_until(service, table.id, lambda r: r.table.state is not None and r.table.state.phase == "sell")
    waiting = await service.table(table.id)
    assert waiting.state is not None
    [seller] = waiting.awaited()
    version = waiting.record.version
    _, _, _, played = await standing.set_answer(service, table.id, waiting.user_of(seller), GUILD, "sell",
                                                "accept_first")
    assert played
    after = await service.table(table.id)
    assert after.record.version > version
    first = (await service.store.actions(table.id, after_version=version))[0]
    assert first.automatic_reason == "standing" and first.seat == seller
    await snapshot_matches_replay(service, table.id)
    await service.store.close()


async def test_a_seat_handed_over_keeps_no_standing_answers_nor_time_away(database: str) -> None:
    core, table = await started(database, "dreadful_circus", 4)
    await standing.set_answer(core.tables, table.id, USERS[2], GUILD, "load_wagon", "least")
    await core.go_away(USERS[2], "2d", None)
    await core.tables.life.hand_over(table.id, 2, USERS[2], 77)
    assert await core.tables.life.standing(table.id) == {}
    [seat] = [clock for clock in await core.life.clocks(table.id) if clock.seat == 2]
    assert seat.user_id == 77 and seat.away_since is None and seat.away_used == 0
    await core.tables.store.close()


async def test_a_forced_move_that_tells_nothing_is_still_named_but_a_silent_standing_answer_is_not(
        database: str) -> None:
    """Declining to buy tells nothing, yet a forced move is the only choice of an open step: its line names
    it. A standing answer may answer a secret step (a plan revealed with the step): it adds no line."""
    core, table = await started(database, "circus_train", 2)
    await core.store.close()

    def silent(reason: str | None) -> ActionRecord:
        return ActionRecord(table.id, 9, 1, {"kind": "decline_buy"}, [], datetime.now(UTC), True, reason)
    assert compose.logged_sentences(table, silent("forced")) == ["🤖 only choice: Ben: Don't buy it."]
    assert compose.logged_sentences(table, silent("standing")) == []
    assert compose.logged_sentences(table, silent(None)) == []
