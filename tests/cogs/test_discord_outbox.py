"""Posting survives Discord's failures, as players would meet them through the real discord.py client:
a 503, a request that hangs, a deleted thread, a missing Attach Files permission, and a restart between
saving a move and posting it. Each ends with the board delivered (in order, at the game's current
version) and the awaited player pinged — or the missing permission named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from discord_standin import Discord, standin
from discord_table import (
    MENTION,
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


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


async def game_of(d: Discord, thread: Any) -> Any:
    record = await core_of(d).game_in_thread(thread.id)
    assert record is not None
    return await core_of(d).tables.table(record.id)


async def assert_current(d: Discord, thread: Any) -> None:
    """The thread's newest board shows the game as it is now and mentions whom it awaits."""
    await core_of(d).publisher.idle()
    table = await game_of(d, thread)
    latest = board(d, thread)
    assert board_version(latest) in (table.record.version, None)
    if board_version(latest) is None:
        assert table.over
        return
    assert latest.id == table.record.board_message_id
    waiting = {str(user) for user in table.awaited_users()}
    assert waiting <= set(MENTION.findall(latest.content)), latest.content


async def until_someone_new_is_awaited(d: Discord, thread: Any) -> str:
    """Play until a move makes the game wait for someone else; returns whom it awaits now."""
    first = awaited(d, board(d, thread), PLAYERS)
    for _ in range(30):
        await play_one(d, thread, PLAYERS)
        await core_of(d).publisher.idle()
        now = awaited(d, board(d, thread), PLAYERS)
        if now != first:
            assert now is not None
            return now
    raise AssertionError("the game never moved on to another player")


async def test_a_503_is_retried_and_the_board_still_arrives_in_order(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        fault = d.fail("*", MESSAGES, status=503, times=2)
        newly = await until_someone_new_is_awaited(d, thread)
        await d.wait_for(lambda: fault.fired == 2 or None, what="the 503s")
        await assert_current(d, thread)
        assert str(d.user(newly).id) in MENTION.findall(board(d, thread).content)
        assert [r.status for r in d.requests(path=MESSAGES) if r.injected] == [503, 503]


async def test_a_hanging_request_costs_the_player_nothing_and_the_board_follows(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d, timeout=0.3)
        thread = await open_game(d, PLAYERS)
        fault = d.hang("*", MESSAGES, seconds=5, times=1)
        await until_someone_new_is_awaited(d, thread)
        assert fault.fired == 1
        await assert_current(d, thread)


async def test_a_deleted_thread_is_opened_again_and_the_game_goes_on_there(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        table = await game_of(d, thread)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        await d.delete_channel(thread)
        # The thread is gone, so the player moves with the game's command in the channel.
        [choice, *_] = await d.autocomplete(mover, "games", "circus choose", {"game": table.id}, focused="option")
        moved = await d.slash(mover, "games", "circus choose", {"option": choice["value"], "game": table.id})
        await moved.settled()
        fresh = await d.wait_for(lambda: next((t for t in d.threads() if t.id != thread.id
                                               and any(m.components for m in d.messages_in(t))), None),
                                 what="the game's new thread with a board")
        notes = [m.content for m in d.messages_in(fresh)]
        assert any("thread was deleted" in note for note in notes)
        await assert_current(d, fresh)
        # Commands in the new thread find the game.
        assert (await game_of(d, fresh)).id == table.id


async def test_a_missing_attach_files_permission_is_named_once_and_the_game_goes_on(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        await d.deny_bot("games", ["attach_files"])
        await until_someone_new_is_awaited(d, thread)
        await assert_current(d, thread)
        assert not d.png_attachments(board(d, thread))  # the board went out as text
        warnings = [m for m in d.messages_in("games") if "Attach Files" in m.content]
        assert len(warnings) == 1 and "permission" in warnings[0].content
        await until_someone_new_is_awaited(d, thread)
        assert len([m for m in d.messages_in("games") if "Attach Files" in m.content]) == 1  # told once
        await d.allow_bot("games", ["attach_files"])
        await until_someone_new_is_awaited(d, thread)
        await assert_current(d, thread)
        assert d.png_attachments(board(d, thread))  # images are back as soon as they can be


async def test_a_move_saved_but_not_posted_is_posted_after_a_restart(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        before = mark(d, thread)
        outage = d.fail("*", MESSAGES, status=503, times=10_000)
        table = await game_of(d, thread)
        await play_one(d, thread, PLAYERS)
        assert mark(d, thread) == before  # saved, but Discord refused the post
        assert (await game_of(d, thread)).record.version == table.record.version + 1
        await d.stop_bot()
        outage.cancel()  # Discord is back while the bot is down
        await d.start_bot()
        await d.wait_for(lambda: mark(d, thread) != before or None, what="the board after the restart")
        quick_retries(d)
        await assert_current(d, thread)
