"""Two real bot processes on one PostgreSQL server, under a fault: each is the product's own start-up
(``bench/load_bot.py``: ``load_config`` and ``build_bot``, with ``RINGMASTER_DB`` the test server's URL and
``RINGMASTER_SHARDS`` ``0/2`` and ``1/2``), in an OS process of its own, against one stand-in Discord of two
shards in this process. Games are played in a guild of each shard; then the process of shard 0 is killed
(SIGKILL) in the middle of a move: saved, answered to the player, its board not yet on Discord. Restarted, it
posts that board; every answered move is in the database and on the board, and nothing is doubled.

Boards are drawn as tiny pictures (``--cheap-renders``): the point here is the processes, not the drawing.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import sys
from pathlib import Path
from typing import Any

from postgres_server import PostgresServer

from db_helpers import raw
from discord_standin import Discord, standin
from discord_table import board, board_version, custom_ids, open_game, play_one

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("alice", "bob")
GUILDS = [{"name": "Big Top"}, {"name": "Sideshow"}]  # on shard 0 and shard 1 (guilds take the shards in turn)
START_TIMEOUT = 60.0
MOVES_BEFORE = 3  # moves per game before the fault


class BotProcess:
    """``bench/load_bot.py`` (the load benchmark's bot process) running some shards of the bot."""

    def __init__(self, folder: Path, shards: str) -> None:
        self.shards = shards
        self.log_path = folder / f"bot-{shards.replace('/', '-of-')}.log"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, d: Discord, database: str) -> None:
        args = [sys.executable, str(ROOT / "bench" / "load_bot.py"), "--port", str(d.server.port),
                "--token", d.server.token, "--db", database, "--shards", self.shards, "--guild", str(d.guild.id),
                "--global-commands", "--cheap-renders", "--lag", str(self.log_path.with_suffix(".lag"))]
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE, stderr=log,
                                                                cwd=str(ROOT))
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), START_TIMEOUT)
        assert line.strip() == b"READY", f"the bot of shards {self.shards} did not start:\n{self.log()[-3000:]}"

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to Discord or to the database."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")
        return ""


def games_by_thread(url: str) -> dict[int, tuple[int, int]]:
    """Per thread id: the game's id and version, as saved."""
    rows = raw(url, "SELECT id, thread_id, version FROM games WHERE thread_id IS NOT NULL")
    return {number(thread): (number(game), number(version)) for game, thread, version in rows}


def number(value: object) -> int:
    assert isinstance(value, int)
    return value


def player_moves(url: str, game_id: int) -> list[int]:
    """The versions of the moves the players made themselves (not the table's own moves)."""
    return [number(row[0]) for row in raw(url, "SELECT version FROM actions WHERE game_id = ? AND automatic = 0 "
                                               "ORDER BY version", (game_id,))]


def logged_versions(url: str, game_id: int) -> list[int]:
    return [number(row[0]) for row in raw(url, "SELECT version FROM actions WHERE game_id = ? ORDER BY version",
                                          (game_id,))]


def boards_in(d: Discord, thread: Any) -> list[Any]:
    return [m for m in d.messages_in(thread) if any(c.startswith("rm:hand:") for c in custom_ids(m))]


async def board_at(d: Discord, thread: Any, version: int) -> Any:
    """The thread's newest board, once it shows ``version``."""
    return await d.wait_for(lambda: board(d, thread) if board_version(board(d, thread)) == version else None,
                            timeout=20, what=f"the board of version {version}", check_errors=False)


async def test_a_process_killed_mid_move_loses_and_doubles_no_answered_move(
        postgres: PostgresServer, tmp_path: Path) -> None:
    url = await postgres.new_database()
    async with standin(tmp_path, bot=False, shards=2, guilds=GUILDS) as d:
        d.bot_elsewhere = True  # the bots are the processes below
        bots = [BotProcess(tmp_path, "0/2"), BotProcess(tmp_path, "1/2")]
        try:
            await asyncio.gather(*(bot.start(d, url) for bot in bots))
            threads = [await open_game(d, PLAYERS, {"kind": "circus_train"},
                                       channel=d.server.channel("games", guild), command="game new")
                       for guild in d.guilds]
            answered = [0, 0]  # choices whose answer reached the player, per game
            for _ in range(MOVES_BEFORE):
                for number, thread in enumerate(threads):
                    await play_one(d, thread, PLAYERS)
                    answered[number] += 1
            for shard, guild in enumerate(d.guilds):  # each guild's presses went to its own shard's process
                assert {int(data["guild_id"]) for event, data in d.server.sent_events(shard)
                        if event == "INTERACTION_CREATE"} == {guild.id}

            # Shard 0's next move is saved and answered, but Discord holds its board (the bot's request hangs);
            # shard 1 moves at the same time. Then shard 0's process dies.
            held = d.hang("*", rf"/channels/{threads[0].id}/messages(/\d+)?", seconds=60, times=20)
            await asyncio.gather(play_one(d, threads[0], PLAYERS), play_one(d, threads[1], PLAYERS))
            answered = [count + 1 for count in answered]
            await d.wait_for(lambda: held.fired or None, what="the board's post to hang", check_errors=False)
            killed_at = games_by_thread(url)[threads[0].id][1]
            await bots[0].kill()
            held.cancel()
            posted = board_version(board(d, threads[0]))
            assert posted is not None and posted < killed_at  # the move is saved, its board not posted

            await bots[0].start(d, url)  # the same shard's process again: it posts what was left

            for number, thread in enumerate(threads):
                game_id, version = games_by_thread(url)[thread.id]
                await board_at(d, thread, version)
                assert len(player_moves(url, game_id)) == answered[number]  # every answered move, once
                assert logged_versions(url, game_id) == list(range(logged_versions(url, game_id)[0], version + 1))
                shown = [board_version(m) for m in boards_in(d, thread)]
                assert len(shown) == len(set(shown))  # no board posted twice
            assert killed_at <= games_by_thread(url)[threads[0].id][1]

            # The restarted process plays on: its guild's buttons still work.
            for number, thread in enumerate(threads):
                await play_one(d, thread, PLAYERS)
                game_id, version = games_by_thread(url)[thread.id]
                assert len(player_moves(url, game_id)) == answered[number] + 1
                await board_at(d, thread, version)
        finally:
            await asyncio.gather(*(bot.stop() for bot in bots))
        logs = "\n".join(bot.log() for bot in bots)
        assert not re.findall(r"^\S+ \S+ (ERROR|CRITICAL) .*$", logs, re.MULTILINE)
