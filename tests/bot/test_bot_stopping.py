"""A clean stop and a hard one, on a real bot process: the product's own ``bot.main()`` (``tests/bot_main.py``)
against the stand-in Discord in this process.

- SIGTERM in the middle of moves: the move being served is finished and answered, a member pressing a button
  meanwhile is told the bot is restarting, the process exits 0; no answered move is lost and every game's
  board shows its last move after the next start (or before the exit).
- A second signal while the first stop waits for a post Discord holds ends the process at once (128 + the
  signal), and the move it had saved is there after the next start, its board posted then.
- After a SIGKILL of a bot drawing in worker processes, no process of it is left: not a render worker, not
  the forkserver, not multiprocessing's resource tracker.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

from bot import FORCED_EXIT, STOP_BOUND
from cogs.runtime import RESTARTING

from db_helpers import raw
from discord_standin import Discord, standin
from discord_table import awaited, board, board_version, custom_ids, open_game, play_one, take_turn
from repo_paths import REPO

PLAYERS = ("alice", "bob")
START_TIMEOUT = 60.0
CALLBACK = r"/interactions/\d+/[^/]+/callback"
CHANNELS = ("games", "general", "backstage")  # a game in each (a channel's first thread is its game's)


class BotProcess:
    """``python tests/bot_main.py``: the bot's own start-up and signal handling, in a process (and a session)
    of its own."""

    def __init__(self, d: Discord, folder: Path, *, render_processes: int = 0) -> None:
        self.d = d
        self.folder = folder
        self.database = folder / "ringmaster.sqlite3"
        self.log_path = folder / "bot.log"
        self.render_processes = render_processes
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        environment = {key: value for key, value in os.environ.items() if not key.startswith("RINGMASTER_")}
        environment.update(RINGMASTER_TOKEN=self.d.server.token, RINGMASTER_DB=str(self.database),
                           RINGMASTER_DEV_GUILD=str(self.d.guild.id), RINGMASTER_LOG_LEVEL="INFO",
                           RINGMASTER_RENDER_PROCESSES=str(self.render_processes))
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, str(REPO / "tests" / "bot_main.py"), str(self.d.server.port), "--cheap-renders",
                stdout=asyncio.subprocess.PIPE, stderr=log, cwd=self.folder, env=environment,
                start_new_session=True)
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), START_TIMEOUT)
        assert line.strip() == b"READY", f"the bot did not start:\n{self.log()[-3000:]}"

    def signal(self, number: int) -> None:
        assert self.process is not None
        self.process.send_signal(number)

    async def logged(self, text: str, after: int = 0) -> None:
        """Wait until the bot's log holds ``text`` (past its first ``after`` characters)."""
        await self.d.wait_for(lambda: text in self.log()[after:] or None, what=f"the bot to log {text!r}",
                              check_errors=False)

    async def ended(self, within: float) -> int:
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), within)

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), STOP_BOUND + 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")
        return ""

    def errors(self) -> list[str]:
        return re.findall(r"^\S+ \S+ (?:ERROR|CRITICAL) .*$", self.log(), re.MULTILINE)


def saved(database: Path) -> dict[int, int]:
    """Per thread: the game's saved version."""
    return {int(str(thread)): int(str(version)) for thread, version in
            raw(database, "SELECT thread_id, version FROM games WHERE thread_id IS NOT NULL")}


def player_moves(database: Path, thread_id: int) -> int:
    return int(str(raw(database, "SELECT COUNT(*) FROM actions a JOIN games g ON g.id = a.game_id "
                                 "WHERE g.thread_id = ? AND a.automatic = 0", (thread_id,))[0][0]))


async def board_shows(d: Discord, thread: Any, version: int) -> None:
    await d.wait_for(lambda: board_version(board(d, thread)) == version or None, timeout=30,
                     what=f"the board of version {version}", check_errors=False)


async def open_panel(d: Discord, thread: Any) -> tuple[str, Any]:
    mover = awaited(d, board(d, thread), PLAYERS)
    assert mover is not None
    panel = (await take_turn(d, mover, thread)).message
    assert panel is not None
    return mover, panel


async def press(d: Discord, member: str, panel: Any) -> Any:
    chosen = custom_ids(panel)[0]
    if chosen.startswith("rm:pick:"):
        return await d.select(member, panel, chosen, ["0"])
    return await d.click(member, panel, chosen)


async def test_sigterm_in_the_middle_of_moves_finishes_them_turns_newcomers_away_and_exits_0(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False, channels=CHANNELS) as d:
        d.bot_elsewhere = True  # the bot is the process below
        bot = BotProcess(d, tmp_path)
        try:
            await bot.start()
            threads = [await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=channel, command="game new")
                       for channel in CHANNELS]
            answered = {thread.id: 0 for thread in threads}
            for thread in threads:
                await play_one(d, thread, PLAYERS)
                answered[thread.id] += 1

            # Two moves under way: game 0's press is being served (Discord holds the answer to its
            # acknowledgement for two seconds), and game 1's board is being posted (Discord holds that answer).
            first, first_panel = await open_panel(d, threads[0])
            second, second_panel = await open_panel(d, threads[1])
            held = d.answer_late("POST", CALLBACK, seconds=2)
            first_press = await press(d, first, first_panel)
            await d.wait_for(lambda: held.fired or None, what="the first press to be acknowledged")
            posting = d.answer_late("*", rf"/channels/{threads[1].id}/messages(/\d+)?", seconds=2)
            second_press = await press(d, second, second_panel)
            await d.wait_for(lambda: posting.fired or None, what="the second move's board to be on its way")
            mark = len(bot.log())
            bot.signal(signal.SIGTERM)
            await bot.logged("Stopping on SIGTERM", mark)

            # A member arriving now is told, privately, to come back.
            latecomer = await d.click(PLAYERS[0], board(d, threads[2]), next(
                c for c in custom_ids(board(d, threads[2])) if c.startswith("rm:turn:")))
            answer = await latecomer.answer()
            assert answer.content == RESTARTING
            assert answer.flags & 64  # ephemeral

            assert await bot.ended(STOP_BOUND + 10) == 0, bot.log()[-3000:]
            # Both moves under way were finished and answered before the exit (the bot is gone: an answer that
            # is not there now never comes).
            for handle in (first_press, second_press):
                assert "try again" not in (await handle.answer(timeout=0.5)).content
            answered[threads[0].id] += 1
            answered[threads[1].id] += 1
            versions = saved(bot.database)
            for thread in threads:
                assert player_moves(bot.database, thread.id) == answered[thread.id]
            assert "Ringmaster stopped" in bot.log()

            await bot.start()  # what was not posted before the exit is posted now
            for thread in threads:
                await board_shows(d, thread, versions[thread.id])
                shown = [board_version(m) for m in d.messages_in(thread)
                         if any(c.startswith("rm:hand:") for c in custom_ids(m))]
                assert len(shown) == len(set(shown))  # no board posted twice
            assert saved(bot.database) == versions
        finally:
            await bot.stop()
        assert bot.process is not None and bot.process.returncode == 0
        assert not bot.errors()


async def test_a_second_signal_ends_the_process_at_once_and_the_saved_move_is_posted_after(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False) as d:
        d.bot_elsewhere = True
        bot = BotProcess(d, tmp_path)
        try:
            await bot.start()
            thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
            await play_one(d, thread, PLAYERS)
            # Discord holds every post and edit in the thread: the next move is saved and answered, its board not.
            hanging = d.hang("*", rf"/channels/{thread.id}/messages(/\d+)?", seconds=120, times=50)
            mover, panel = await open_panel(d, thread)
            edits = len(panel.versions)
            await press(d, mover, panel)
            await d.wait_for(lambda: len(d.message(panel.id).versions) > edits or None, timeout=30,
                             what="the move's answer")
            version = saved(bot.database)[thread.id]
            assert board_version(board(d, thread)) != version

            mark = len(bot.log())
            bot.signal(signal.SIGTERM)
            await bot.logged("Stopping on SIGTERM", mark)  # and now waiting for the board Discord holds
            bot.signal(signal.SIGINT)
            assert await bot.ended(STOP_BOUND / 2) == FORCED_EXIT + signal.SIGINT
            assert "SIGINT again: stopping at once" in bot.log()
            hanging.cancel()

            await bot.start()
            await board_shows(d, thread, version)
            assert saved(bot.database)[thread.id] == version
        finally:
            await bot.stop()


def session_processes(session: int) -> dict[int, str]:
    """The live processes (zombies left out) of a session, by pid: their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            stat = (entry / "stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()  # after the command's name, which may hold spaces
            state, sid = fields[0], int(fields[3])
            if sid == session and state != "Z":
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    return found


async def test_after_a_sigkill_no_process_of_the_bot_is_left(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False) as d:
        d.bot_elsewhere = True
        bot = BotProcess(d, tmp_path, render_processes=2)
        try:
            await bot.start()
            thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
            await play_one(d, thread, PLAYERS)  # boards drawn in the workers
            assert bot.process is not None
            session = bot.process.pid  # the bot leads a session of its own (start_new_session)
            before = session_processes(session)
            others = {pid: line for pid, line in before.items() if pid != session}
            assert any("multiprocessing.forkserver" in line for line in others.values()), before
            assert len(others) >= 4, before  # the forkserver, two workers, the resource tracker

            bot.signal(signal.SIGKILL)
            # Its exit status, not process.wait(): that also waits for the bot's stdout to close, which a
            # process left behind would keep open for good.
            await d.wait_for(lambda: bot.process is not None and bot.process.returncode is not None, timeout=20,
                             what="the bot to be killed", check_errors=False)
            await d.wait_for(lambda: not session_processes(session) or None, timeout=20,
                             what=f"every process of the killed bot to end (left: {session_processes(session)})",
                             check_errors=False)
        finally:
            if bot.process is not None:
                for pid in session_processes(bot.process.pid):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)  # leave nothing behind, whatever the test found
            await bot.stop()
