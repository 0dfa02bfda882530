"""Every interaction is answered right when something is at fault, through the real discord.py client: a
move saved in a locked thread is answered as saved and the missing permission named is Manage Threads;
a move whose answer Discord refuses, or whose answer hits a bug, is answered as saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs import acting
from cogs.acting import MOVE_SAVED

from discord_standin import Discord, standin
from discord_table import (
    awaited,
    board,
    board_changed,
    board_version,
    cheap_renders,
    core_of,
    custom_ids,
    mark,
    open_game,
    play_one,
    quick_retries,
    take_turn,
)

PLAYERS = ("alice", "bob")


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


async def version_of(d: Discord, thread: Any) -> int:
    record = await core_of(d).game_in_thread(thread.id)
    return int((await core_of(d).tables.table(record.id)).record.version)


def notices(d: Discord) -> list[str]:
    return [m.content for m in d.messages_in("games") if "I cannot post" in m.content]


async def bot_sees_locked(d: Discord, thread: Any, locked: bool = True) -> None:
    """Wait for THREAD_UPDATE to reach the bot's cache (which keeps no archived thread)."""
    def seen() -> bool:
        cached = d.bot.get_channel(thread.id)  # type: ignore[union-attr]
        return cached is None if thread.archived else getattr(cached, "locked", None) is locked
    await d.wait_for(seen, what="the bot to see the thread's lock")


async def test_a_move_in_a_locked_thread_is_answered_and_manage_threads_is_named(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        await d.deny_bot("games", ["manage_threads"])
        await d.lock(thread)
        await bot_sees_locked(d, thread)
        before = await version_of(d, thread)
        shown = mark(d, thread)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        choice = await d.click(mover, panel.message, custom_ids(panel.message)[0])
        answer = await choice.answer()
        # The panel's own message can still be changed: the member gets their next step as usual.
        assert answer.ephemeral and answer.content != MOVE_SAVED and "went wrong" not in answer.content
        assert not choice.followups and not choice.refused
        assert await version_of(d, thread) == before + 1
        [notice] = await d.wait_for(lambda: notices(d) or None, what="the notice about permissions")
        assert "Manage Threads" in notice and "locked" in notice and "Send Messages in Threads" not in notice
        assert mark(d, thread) == shown  # Discord refused the board: nothing reached the locked thread
        # A moderator unlocks the thread: the board the move made is delivered, nobody has to do anything.
        await d.lock(thread, locked=False)
        await bot_sees_locked(d, thread, locked=False)
        changed = await board_changed(d, thread, shown)
        assert board_version(changed) == await version_of(d, thread)
        assert len(notices(d)) == 1


async def test_a_move_in_an_archived_and_locked_thread_is_answered_as_saved(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        await d.deny_bot("games", ["manage_threads"])
        await d.archive(thread, locked=True)
        await bot_sees_locked(d, thread)
        before = await version_of(d, thread)
        choice = await d.click(mover, panel.message, custom_ids(panel.message)[0])
        answer = await choice.answer()
        # Discord refused to change the panel in the archived thread: the member still learns the move counted.
        assert answer.ephemeral and answer.content == MOVE_SAVED
        assert [m.content for m in choice.followups] == [MOVE_SAVED]
        assert await version_of(d, thread) == before + 1
        [notice] = await d.wait_for(lambda: notices(d) or None, what="the notice about permissions")
        assert "Manage Threads" in notice and "Send Messages in Threads" not in notice


async def test_without_send_messages_in_threads_that_is_the_permission_named(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        quick_retries(d)
        thread = await open_game(d, PLAYERS)
        await d.deny_bot("games", ["send_messages_in_threads"])
        before = await version_of(d, thread)
        await play_one(d, thread, PLAYERS)
        assert await version_of(d, thread) == before + 1
        [notice] = await d.wait_for(lambda: notices(d) or None, what="the notice about permissions")
        assert "Send Messages in Threads" in notice and "Manage Threads" not in notice and "locked" not in notice


async def choose_first(d: Discord, thread: Any) -> Any:
    """The awaited player plays their first listed choice with /circus choose; returns the handle."""
    mover = awaited(d, board(d, thread), PLAYERS)
    assert mover is not None
    [choice, *_] = await d.autocomplete(mover, thread, "circus choose", {}, focused="option")
    return await d.slash(mover, thread, "circus choose", {"option": choice["value"]})


async def test_a_move_whose_answer_discord_refuses_is_answered_as_saved(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, PLAYERS)
        before = await version_of(d, thread)
        # Discord refuses the answer carrying the next choices, once (discord.py would retry a 5xx itself).
        refused = d.fail("POST", r"/webhooks/\d+/[^/]+", status=400, code=50083, message="Thread is archived")
        moved = await choose_first(d, thread)
        answer = await moved.settled()
        assert refused.fired == 1
        assert answer.ephemeral and answer.content == MOVE_SAVED
        assert await version_of(d, thread) == before + 1  # saved once: nothing invites a second try


async def test_a_bug_after_the_move_is_logged_and_the_move_answered_as_saved(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, PLAYERS)
        before = await version_of(d, thread)

        def broken(table: object, user_id: int) -> tuple[str, None]:
            raise RuntimeError("a bug in the panel")

        monkeypatch.setattr(acting, "panel_for", broken)
        moved = await choose_first(d, thread)
        record = await d.expect_error("was saved, but answering it failed")
        assert record.exc_info is not None and "a bug in the panel" in str(record.exc_info[1])
        answer = await moved.settled()
        assert answer.ephemeral and answer.content == MOVE_SAVED
        assert await version_of(d, thread) == before + 1
