"""Posting through the real discord.py client and the stand-in, where the publisher meets the worst:
a bot process killed after Discord took a board but before the outbox knew (the board is in the thread
once after the restart: the post carries its outbox item's id as an enforced nonce); a board whose post
failed before a restart (in the thread as soon as the bot is back, not when its backoff would have
ended); and an outbox item this version cannot read (set aside with its reason logged, the game's next
board posted all the same)."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

from db.outbox import OutboxItem

from bot_processes import BotProcess, boards_in
from db_helpers import raw
from discord_standin import Discord, standin
from discord_table import (
    MESSAGES,
    awaited,
    board,
    board_version,
    cheap_renders,
    core_of,
    mark,
    open_game,
    play_one,
    quick_retries,
)

PLAYERS = ("alice", "bob", "carol")
BACK_WITHIN = 10.0  # seconds after a restart by which a post left pending is in the thread


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


async def game_id_of(d: Discord, thread: Any) -> int:
    record = await core_of(d).game_in_thread(thread.id)
    assert record is not None
    return record.id


def saved_board(database: Path, thread: Any) -> tuple[int, int | None]:
    """The game's version and the board message it remembers, as saved."""
    [(version, message_id)] = raw(database, "SELECT version, board_message_id FROM games WHERE thread_id = ?",
                                  (thread.id,))
    assert isinstance(version, int) and (message_id is None or isinstance(message_id, int))
    return version, message_id


def pending(database: Path, kind: str | None = None) -> int:
    sql = "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL" + (" AND kind = ?" if kind else "")
    [(count,)] = raw(database, sql, (kind,) if kind else ())
    assert isinstance(count, int)
    return count


async def test_a_board_discord_took_just_before_the_process_died_is_posted_once(tmp_path: Path) -> None:
    database = tmp_path / "ringmaster.sqlite3"
    async with standin(tmp_path, bot=False, members=PLAYERS) as d:
        d.bot_elsewhere = True  # the bot is the process below
        bot = BotProcess(tmp_path, "0/1")
        try:
            await bot.start(d, str(database))
            thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
            # Discord makes the next new message in the thread at once but holds its answer: the bot, still
            # waiting, is killed, and its outbox never learns that the board went out.
            taken = d.answer_late("POST", rf"/channels/{thread.id}/messages", seconds=60)
            for _ in range(30):
                if taken.fired:
                    break
                await play_one(d, thread, PLAYERS)
            await d.wait_for(lambda: taken.fired or None, what="a new board's post", check_errors=False)
            version, _ = saved_board(database, thread)
            await d.wait_for(lambda: board_version(board(d, thread)) == version or None, check_errors=False,
                             what="Discord to have made the board")
            await bot.kill()
            posted = boards_in(d, thread)
            assert pending(database, "board") >= 1  # made on Discord, not known so in the outbox

            asked = len(d.requests("POST", rf"/channels/{thread.id}/messages"))
            await bot.start(d, str(database))  # the restarted process delivers what was left: the board again
            await d.wait_for(lambda: pending(database) == 0 or None, timeout=20, what="every post delivered",
                             check_errors=False)
            assert [m.id for m in boards_in(d, thread)] == [m.id for m in posted]  # posted once
            assert saved_board(database, thread) == (version, posted[-1].id)
            again = d.requests("POST", rf"/channels/{thread.id}/messages")[asked:]
            assert again and {r.status for r in again} == {200}  # posted again: Discord answered with the first

            await play_one(d, thread, PLAYERS)  # and the game goes on
            await d.wait_for(lambda: board_version(board(d, thread)) == saved_board(database, thread)[0] or None,
                             timeout=20, what="the next board", check_errors=False)
        finally:
            await bot.stop()
        assert not re.findall(r"^\S+ \S+ (ERROR|CRITICAL) .*$", bot.log(), re.MULTILINE)


async def test_a_post_that_failed_before_a_restart_is_delivered_as_soon_as_the_bot_is_back(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, PLAYERS)
        before = mark(d, thread)
        publisher = core_of(d).publisher
        publisher.backoff = (3600.0,)  # after some failures the next try is long off
        outage = d.fail("*", MESSAGES, status=503, times=10_000)
        await play_one(d, thread, PLAYERS)
        game_id = await game_id_of(d, thread)
        await d.wait_for(lambda: outage.fired or None, what="the board's post to fail")
        await publisher.idle()
        [waiting, *_] = await core_of(d).outbox.pending(game_id)
        assert waiting.attempts >= 1 and waiting.next_attempt_at > core_of(d).clock()
        assert mark(d, thread) == before
        await d.stop_bot()
        outage.cancel()  # Discord is back while the bot is down
        await d.start_bot()
        latest = await d.wait_for(lambda: board(d, thread) if mark(d, thread) != before else None,
                                  timeout=BACK_WITHIN, what="the board, at once after the restart")
        table = await core_of(d).tables.table(game_id)
        assert board_version(latest) == table.record.version
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None and str(d.user(mover).id) in latest.content


async def test_an_item_no_version_can_read_is_set_aside_and_the_next_board_still_comes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        game_id = await game_id_of(d, thread)
        core = core_of(d)
        # A row as another (newer, or broken) version might have saved it: a button this one has no name for.
        [bad] = await core.store.enqueue(game_id, [OutboxItem("note", {
            "text": "Juggle along!", "mentions": [], "controls": [["juggle", 3]]})])
        before = mark(d, thread)
        with caplog.at_level(logging.WARNING, logger="table.publisher"):
            await play_one(d, thread, PLAYERS)
            latest = await d.wait_for(lambda: board(d, thread) if mark(d, thread) != before else None,
                                      what="the next board")
            await core.publisher.idle()
        table = await core.tables.table(game_id)
        assert board_version(board(d, thread)) == table.record.version and latest is not None
        assert not any("Juggle along" in m.content for m in d.messages_in(thread))
        assert not await core.outbox.pending(game_id)
        [aside] = await core.outbox.aside(game_id)
        assert aside.id == bad and aside.last_error is not None and "unknown control 'juggle'" in aside.last_error
        [logged] = [r.getMessage() for r in caplog.records
                    if r.levelno == logging.WARNING and f"item {bad}" in r.getMessage()]
        assert f"Game {game_id}" in logged and "note" in logged and "unknown control 'juggle'" in logged
