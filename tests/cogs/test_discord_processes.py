"""Two real bot processes on one PostgreSQL server, under a fault: each is the product's own start-up
(``bench/load_bot.py``: ``load_config`` and ``build_bot``, with ``RINGMASTER_DB`` the test server's URL and
``RINGMASTER_SHARDS`` ``0/2`` and ``1/2``), in an OS process of its own, against one stand-in Discord of two
shards in this process. Games are played in the guilds of both shards; then the process of shard 0 is killed
(SIGKILL) in the middle of two moves: one saved and answered whose board Discord has not yet taken, one saved
and on the board whose answer Discord has not yet taken. Restarted, the process posts the missing board;
every saved move is in the log and on the board once, and the player who got no answer and presses again is
told the panel is out of date instead of playing twice.

Killed and NOT restarted, shard 0's process leaves its work to the other process (shard 1's): once its leases
run out (5 s here), the survivor posts the board the dead one was posting, and keeps a deadline that passed
in the dead process's guild, once; nothing is posted or played twice.

Boards are drawn as tiny pictures (``--cheap-renders``): the point here is the processes, not the drawing.
"""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from postgres_server import PostgresServer

from bot_processes import GUILDS, BotProcess, boards_in
from db_helpers import raw, tamper
from discord_standin import Discord, standin
from discord_table import awaited, board, board_version, custom_ids, open_game, play_one, take_turn

PLAYERS = ("alice", "bob")
MOVES_BEFORE = 2  # moves per game before the fault


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


async def board_at(d: Discord, thread: Any, version: int) -> Any:
    """The thread's newest board, once it shows ``version``."""
    return await d.wait_for(lambda: board(d, thread) if board_version(board(d, thread)) == version else None,
                            timeout=20, what=f"the board of version {version}", check_errors=False)


async def open_panel(d: Discord, thread: Any) -> tuple[str, Any]:
    """The awaited member opens their private panel; returns who and the panel message."""
    mover = awaited(d, board(d, thread), PLAYERS)
    assert mover is not None
    panel = (await take_turn(d, mover, thread)).message
    assert panel is not None
    return mover, panel


async def press(d: Discord, member: Any, panel: Any, chosen: str) -> Any:
    """A choice of a panel: a button, or a menu's first option."""
    if chosen.startswith("rm:pick:"):
        return await d.select(member, panel, chosen, ["0"])
    return await d.click(member, panel, chosen)


async def test_a_process_killed_mid_move_loses_and_doubles_no_answered_move(
        postgres: PostgresServer, tmp_path: Path) -> None:
    url = await postgres.new_database()
    async with standin(tmp_path, bot=False, shards=2, guilds=GUILDS) as d:
        d.bot_elsewhere = True  # the bots are the processes below
        bots = [BotProcess(tmp_path, "0/2"), BotProcess(tmp_path, "1/2")]
        try:
            await asyncio.gather(*(bot.start(d, url) for bot in bots))
            # Two games in the guild of shard 0 (held board, held answer), one in the guild of shard 1.
            big_top, sideshow = d.guilds
            places = [d.server.channel("games", big_top), d.server.channel("general", big_top),
                      d.server.channel("games", sideshow)]
            threads = [await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=place, command="game new")
                       for place in places]
            answered = [0, 0, 0]  # choices whose answer reached the player, per game
            for _ in range(MOVES_BEFORE):
                for number, thread in enumerate(threads):
                    await play_one(d, thread, PLAYERS)
                    answered[number] += 1
            for shard, guild in enumerate(d.guilds):  # each guild's presses went to its own shard's process
                assert {int(data["guild_id"]) for event, data in d.server.sent_events(shard)
                        if event == "INTERACTION_CREATE"} == {guild.id}

            # The fault, in shard 0's process: game 0's move is saved and answered but Discord holds its board;
            # game 1's move is saved and its board posted but Discord holds the answer. Shard 1 moves meanwhile.
            held_board = d.hang("*", rf"/channels/{threads[0].id}/messages(/\d+)?", seconds=60, times=20)
            await asyncio.gather(play_one(d, threads[0], PLAYERS), play_one(d, threads[2], PLAYERS))
            answered[0] += 1
            answered[2] += 1
            mover, panel = await open_panel(d, threads[1])
            chosen, edits = custom_ids(panel)[0], len(panel.versions)
            held_answer = d.hang("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", seconds=60)
            await press(d, mover, panel, chosen)
            await d.wait_for(lambda: (held_board.fired and held_answer.fired) or None,
                             what="the board's post and the answer to hang", check_errors=False)
            saved = {thread_id: version for thread_id, (_, version) in games_by_thread(url).items()}
            await bots[0].kill()
            held_board.cancel()
            posted = board_version(board(d, threads[0]))
            assert posted is not None and posted < saved[threads[0].id]  # saved and answered, its board not posted
            assert len(d.message(panel.id).versions) == edits  # the player's panel never showed the move

            await bots[0].start(d, url)  # the same shard's process again: it posts what was left

            # The player who got no answer presses their choice again: refused, never played twice.
            again = await press(d, mover, d.message(panel.id), chosen)
            refusal = await again.answer()
            assert "out of date" in refusal.content, refusal.content
            answered[1] += 1  # saved before the process died: in the log once, though its answer never came

            for number, thread in enumerate(threads):
                game_id, version = games_by_thread(url)[thread.id]
                assert version == saved[thread.id]  # nothing was played while the process was down or since
                await board_at(d, thread, version)
                assert len(player_moves(url, game_id)) == answered[number]  # every saved move, once
                assert logged_versions(url, game_id) == list(range(logged_versions(url, game_id)[0], version + 1))
                shown = [board_version(m) for m in boards_in(d, thread)]
                assert len(shown) == len(set(shown))  # no board posted twice

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


def pending_posts(url: str) -> int:
    return number(raw(url, "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")[0][0])


def with_text(d: Discord, thread: Any, text: str) -> list[Any]:
    return [m for m in d.messages_in(thread) if text in m.content]


async def test_a_killed_processes_posts_and_deadlines_are_taken_over_by_the_other_process(
        postgres: PostgresServer, tmp_path: Path) -> None:
    url = await postgres.new_database()
    async with standin(tmp_path, bot=False, shards=2, guilds=GUILDS) as d:
        d.bot_elsewhere = True
        dead, survivor = BotProcess(tmp_path, "0/2"), BotProcess(tmp_path, "1/2")
        try:
            await asyncio.gather(dead.start(d, url), survivor.start(d, url))
            big_top, sideshow = d.guilds
            # In the guild of shard 0: a game whose board the dying process is posting, and a game with a
            # deadline. In the guild of shard 1: a game the survivor plays on meanwhile.
            held = await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=d.server.channel("games", big_top),
                                   command="game new")
            timed = await open_game(d, PLAYERS, {"kind": "circus_train", "deadline_hours": 1},
                                    channel=d.server.channel("general", big_top), command="game new")
            own = await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=d.server.channel("games", sideshow),
                                  command="game new")
            threads = [held, timed, own]
            for _ in range(MOVES_BEFORE):
                for thread in threads:
                    await play_one(d, thread, PLAYERS)

            # Shard 0's process saves a move and answers it, and dies while Discord holds its board.
            held_board = d.hang("*", rf"/channels/{held.id}/messages(/\d+)?", seconds=60, times=20)
            await asyncio.gather(play_one(d, held, PLAYERS), play_one(d, own, PLAYERS))
            await d.wait_for(lambda: held_board.fired or None, what="the board's post to hang", check_errors=False)
            assert dead.process is not None
            dead_pid = dead.process.pid
            await dead.kill()
            held_board.cancel()
            saved = {thread_id: version for thread_id, (_, version) in games_by_thread(url).items()}
            held_id = games_by_thread(url)[held.id][0]
            [holder] = raw(url, "SELECT holder FROM leases WHERE job = 'outbox' AND game_id = ?", (held_id,))
            assert f":{dead_pid}:" in str(holder[0])  # the dead process holds the game's posts until its lease ends
            assert board_version(board(d, held)) != saved[held.id]  # saved and answered, its board not posted
            # While it lies dead, the timed game's awaited player lets the deadline pass (an hour and more).
            timed_id = games_by_thread(url)[timed.id][0]
            long_ago = (datetime.now(UTC) - timedelta(hours=2)).isoformat()
            tamper(url, "UPDATE seats SET awaited_since = ?, due_at = ? "
                        "WHERE game_id = ? AND awaited_since IS NOT NULL", (long_ago, long_ago, timed_id))
            [late] = [number(row[0]) for row in raw(url, "SELECT seat FROM seats WHERE game_id = ? AND "
                                                         "awaited_since IS NOT NULL", (timed_id,))]

            # The other process, never restarted, posts the dead one's board once its lease runs out ...
            await board_at(d, held, saved[held.id])
            # ... and keeps the deadline of the dead process's guild: the automatic player moves, once.
            await d.wait_for(lambda: with_text(d, timed, "missed the deadline") or None, timeout=20,
                             what="the deadline to be kept", check_errors=False)
            await d.wait_for(lambda: pending_posts(url) == 0 or None, timeout=20, what="every post delivered",
                             check_errors=False)
            assert len(with_text(d, timed, "missed the deadline")) == 1
            assert [number(row[0]) for row in raw(url, "SELECT missed FROM seats WHERE game_id = ? AND seat = ?",
                                                  (timed_id, late))] == [1]
            timed_version = games_by_thread(url)[timed.id][1]
            kept = raw(url, "SELECT seat, automatic FROM actions WHERE game_id = ? AND version > ?",
                       (timed_id, saved[timed.id]))
            assert kept and {(number(seat), number(automatic)) for seat, automatic in kept} == {(late, 1)}
            await board_at(d, timed, timed_version)

            for thread in threads:
                game_id, version = games_by_thread(url)[thread.id]
                assert len(player_moves(url, game_id)) == MOVES_BEFORE + (thread is not timed)  # every saved move, once
                assert logged_versions(url, game_id) == list(range(logged_versions(url, game_id)[0], version + 1))
                shown = [board_version(m) for m in boards_in(d, thread)]
                assert len(shown) == len(set(shown))  # no board posted twice
        finally:
            await asyncio.gather(dead.stop(), survivor.stop())
        logs = "\n".join(bot.log() for bot in (dead, survivor))
        assert not re.findall(r"^\S+ \S+ (ERROR|CRITICAL) .*$", logs, re.MULTILINE)
