"""Every interaction is answered right when something is at fault, through the real discord.py client: a
move saved in a locked thread is answered as saved and the missing permission named is Manage Threads;
a button id no template takes, or one pointing past what exists, is answered privately that the button is
out of date, and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs import acting
from cogs.acting import MOVE_SAVED as MOVE_SAVED_MESSAGE
from cogs.buttons import OUT_OF_DATE as OUT_OF_DATE_MESSAGE

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

# The sentences as an English member reads them, their command filled in.
MOVE_SAVED = MOVE_SAVED_MESSAGE.format(command="/game status")
OUT_OF_DATE = OUT_OF_DATE_MESSAGE.format(command="/game status")
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


def forged_ids(game: int, version: int) -> list[tuple[str, str]]:
    return [
        ("unknown kind", f"rm:nope:{game}"),
        ("nothing after the prefix", "rm:"),
        ("too few parts", f"rm:do:{game}"),
        ("too many parts", f"rm:hand:{game}:1"),
        ("letters for a number", f"rm:turn:x{game}:{version}"),
        ("a line break", f"rm:hand:{game}\n"),
        ("an index of five digits", f"rm:do:{game}:{version}:12345"),
        ("a version of twenty digits", f"rm:turn:{game}:{'9' * 20}"),
        ("a log page of six digits", f"rm:log:{game}:123456"),
        ("a menu page of three digits", f"rm:pick:{game}:{version}:100"),
        ("an index beyond the choices", f"rm:do:{game}:{version}:9999"),
        ("a menu beyond the five a panel has", f"rm:pick:{game}:{version}:7"),
        ("a log page beyond the pages", f"rm:log:{game}:500"),
        ("page zero of the log", f"rm:log:{game}:0"),
        ("a guide section beyond the sections", "rm:guide:circus_train:99"),
        ("a guide of no game", "rm:guide:no_such_game:0"),
    ]


async def test_forged_and_out_of_bounds_ids_are_answered_out_of_date_and_change_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, PLAYERS)
        record = await core_of(d).game_in_thread(thread.id)
        version = await version_of(d, thread)
        latest = board(d, thread)
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        shown = (latest.content, len(latest.versions), len(d.messages_in(thread)))
        panel_edits = len(panel.message.versions)
        for why, custom_id in forged_ids(record.id, version):
            for message in (latest, panel.message):  # on the public board and on the member's own panel
                handle = await d.forge_click(mover, message, custom_id)
                answer = await handle.answer()
                assert answer.ephemeral and answer.content == OUT_OF_DATE, (why, custom_id, answer.content)
                assert not handle.refused, (why, custom_id)  # answered once, and in time
        assert await version_of(d, thread) == version
        latest = board(d, thread)
        assert (latest.content, len(latest.versions), len(d.messages_in(thread))) == shown
        assert len(panel.message.versions) == panel_edits
        # The real buttons still answer once each: the catch-all stands aside for every id it does not own.
        choice = await d.click(mover, panel.message, custom_ids(panel.message)[0])
        await d.wait_for(lambda: len(panel.message.versions) > panel_edits or None, what="the panel's next choices")
        assert len(choice.attempts) == 1 and not choice.refused and not choice.followups
        assert await version_of(d, thread) == version + 1


async def test_a_forged_menu_choice_beyond_the_choices_is_out_of_date(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, PLAYERS)
        record = await core_of(d).game_in_thread(thread.id)
        version = await version_of(d, thread)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        # A tampered client sends a menu of its own with a value past the legal choices.
        handle = await d.forge_select(mover, panel.message, f"rm:pick:{record.id}:{version}:0", ["999"])
        answer = await handle.answer()
        assert answer.ephemeral and answer.content == OUT_OF_DATE
        assert await version_of(d, thread) == version
