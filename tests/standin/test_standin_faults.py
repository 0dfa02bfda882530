"""The Discord stand-in's faults, met by the real discord.py client: failed and hanging requests, deleted
threads and channels, permissions taken and given back, and the request log."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Awaitable
from pathlib import Path

import aiohttp
import discord
import pytest
from discord.ext import commands

from discord_standin import Channel, Discord, UsageError, standin
from standin_helpers import board_png

POSTS = r"/channels/\d+/messages"  # a post in any channel (not an edit: the whole path must match)


def bare_bot() -> commands.Bot:
    """A plain discord.py bot without commands: the tests below make its own REST calls meet the faults."""
    return commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())


def cached(discord_: Discord, channel: str | Channel) -> discord.TextChannel | discord.Thread:
    """The bot's cached object for a channel or thread of the stand-in."""
    assert discord_.bot is not None
    found = discord_.bot.get_channel(discord_.channel(channel).id)
    assert isinstance(found, discord.TextChannel | discord.Thread), found
    return found


async def open_thread(discord_: Discord, parent: str = "games", name: str = "Game 1") -> discord.Thread:
    """The bot opens a public thread and waits for THREAD_CREATE to cache it."""
    bot = discord_.bot
    text = cached(discord_, parent)
    assert bot is not None and isinstance(text, discord.TextChannel)
    made = await text.create_thread(name=name, type=discord.ChannelType.public_thread)
    thread = await discord_.wait_for(lambda: bot.get_channel(made.id), what="THREAD_CREATE")
    assert isinstance(thread, discord.Thread)
    return thread


def board_file() -> discord.File:
    return discord.File(io.BytesIO(board_png()), "board.png")


async def expect_unknown_channel(call: Awaitable[object]) -> None:
    with pytest.raises(discord.NotFound) as raised:
        await call
    assert (raised.value.status, raised.value.code, raised.value.text) == (404, 10003, "Unknown Channel")


@pytest.mark.parametrize(("status", "code", "error"), [(503, 0, discord.DiscordServerError),
                                                       (403, 50013, discord.Forbidden),
                                                       (404, 10003, discord.NotFound),
                                                       (400, 50035, discord.HTTPException)])
async def test_a_failed_request_is_raised_by_discord_py_and_nothing_is_posted(
        tmp_path: Path, status: int, code: int, error: type[discord.HTTPException]) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general = cached(discord_, "general")
        fault = discord_.fail("POST", POSTS, status=status, code=code)
        with pytest.raises(error) as raised:
            await general.send("Round 1")
        assert type(raised.value) is error  # DiscordServerError and the others are all HTTPExceptions
        assert (raised.value.status, raised.value.code) == (status, code)
        assert (fault.fired, fault.armed) == (1, False)
        assert discord_.messages_in("general") == []
        assert discord_.refusals == []  # an injected fault is not one of Discord's rules
        await general.send("Round 1")  # the fault fired once: the next post goes through
        assert [m.content for m in discord_.messages_in("general")] == ["Round 1"]


async def test_the_request_log_shows_the_retries_after_503s(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general = cached(discord_, "general")
        discord_.fail("POST", POSTS, times=2)

        async def post_with_retries(text: str, attempts: int = 3) -> discord.Message:
            for _ in range(attempts - 1):
                with contextlib.suppress(discord.DiscordServerError):  # 503: discord.py leaves retrying to us
                    return await general.send(text)
            return await general.send(text)

        await post_with_retries("Round 1")
        posts = discord_.requests("post", POSTS)
        assert [(r.status, r.code, r.injected) for r in posts] == [(503, 0, True), (503, 0, True), (200, None, False)]
        assert {r.api_path for r in posts} == {f"/channels/{general.id}/messages"}
        assert [r.method for r in discord_.requests(path=r"/users/@me")] == ["GET"]  # the login
        assert discord_.requests("POST", r"/channels/\d+") == []  # the whole path must match
        assert [m.content for m in discord_.messages_in("general")] == ["Round 1"]


async def test_a_429_is_waited_out_and_retried_by_discord_py(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general = cached(discord_, "general")
        fault = discord_.fail("POST", POSTS, status=429, retry_after=0.05)
        loop = asyncio.get_running_loop()
        start = loop.time()
        await general.send("Round 1")  # no exception: discord.py slept retry_after and tried again
        assert loop.time() - start >= 0.05
        assert fault.fired == 1
        assert [r.status for r in discord_.requests("POST", POSTS)] == [429, 200]
        assert [m.content for m in discord_.messages_in("general")] == ["Round 1"]


async def test_injected_answers_look_like_discords(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False) as discord_, aiohttp.ClientSession() as session:
        me = f"{discord_.server.api_base}/users/@me"
        auth = {"Authorization": f"Bot {discord_.server.token}"}
        discord_.fail("*", r"/users/@me")
        async with session.get(me, headers=auth) as failed:
            assert (failed.status, failed.headers["Content-Type"]) == (503, "application/json")
            assert await failed.json() == {"message": "503: Service Unavailable", "code": 0}
        discord_.fail("GET", r"/users/@me", status=429, retry_after=0.25)
        async with session.get(me, headers=auth) as limited:
            assert limited.status == 429 and limited.headers["Via"]  # without Via: a Cloudflare ban to discord.py
            assert await limited.json() == {"message": "You are being rate limited.", "code": 0,
                                            "retry_after": 0.25, "global": False}
        cancelled = discord_.fail("GET", r"/users/@me", times=5)
        cancelled.cancel()
        async with session.get(me, headers=auth) as served:
            assert served.status == 200
        assert (cancelled.fired, cancelled.armed) == (0, False)
        with pytest.raises(ValueError, match="error status"):
            discord_.fail("GET", r"/users/@me", status=200)
        with pytest.raises(ValueError, match="at least once"):
            discord_.fail("GET", r"/users/@me", times=0)
        with pytest.raises(ValueError, match="5xx"):
            discord_.hang("GET", r"/users/@me", seconds=1, status=404)


async def test_a_hang_delays_then_fails_without_effect_and_holds_up_nothing_else(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general, games = cached(discord_, "general"), cached(discord_, "games")
        fault = discord_.hang("POST", POSTS, seconds=0.2)
        loop = asyncio.get_running_loop()
        start = loop.time()
        hung = asyncio.create_task(general.send("Round 1"))
        await discord_.wait_for(lambda: fault.fired, what="the hang to catch the post")
        await games.send("Meanwhile")  # another channel is served while the first post hangs
        assert not hung.done()
        with pytest.raises(discord.DiscordServerError) as raised:
            await hung
        assert loop.time() - start >= 0.2
        assert (raised.value.status, raised.value.text) == (503, "503: Service Unavailable")
        assert discord_.messages_in("general") == []
        assert [m.content for m in discord_.messages_in("games")] == ["Meanwhile"]


async def test_a_bot_that_gives_up_on_a_hang_sees_no_late_effect(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general = cached(discord_, "general")
        discord_.hang("POST", POSTS, seconds=0.2)
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.05):
                await general.send("Round 1")
        await general.send("Round 1")  # the bot's retry is answered at once
        first, retry = discord_.requests("POST", POSTS)  # in order of arrival
        assert retry.status == 200
        await discord_.wait_for(lambda: first.status, what="the end of the hang")  # 0 while it hangs
        assert (first.status, first.injected) == (503, True)
        assert [m.content for m in discord_.messages_in("general")] == ["Round 1"]  # once, not twice


async def test_stopping_the_stand_in_ends_a_hang_at_once(tmp_path: Path) -> None:
    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession() as session:
        async def fetch_me(api_base: str, token: str) -> int:
            async with session.get(f"{api_base}/users/@me", headers={"Authorization": f"Bot {token}"}) as answer:
                return answer.status

        async with standin(tmp_path, bot=False) as discord_:
            fault = discord_.hang("GET", r"/users/@me", seconds=30)
            request = asyncio.create_task(fetch_me(discord_.server.api_base, discord_.server.token))
            await discord_.wait_for(lambda: fault.fired, what="the hang")
            stopping = loop.time()
        assert await request == 503
        assert loop.time() - stopping < 1


async def test_a_deleted_thread_is_unknown_channel_and_leaves_the_bots_cache(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        bot = discord_.bot
        assert isinstance(bot, commands.Bot)
        deleted: list[int] = []

        async def on_raw_thread_delete(event: discord.RawThreadDeleteEvent) -> None:
            deleted.append(event.thread_id)

        bot.add_listener(on_raw_thread_delete)
        thread = await open_thread(discord_, "games", "Game 1")
        await thread.send("Round 1")
        record = discord_.thread("Game 1")
        await discord_.delete_channel(record)
        await discord_.wait_for(lambda: deleted, what="THREAD_DELETE")
        assert deleted == [thread.id] and bot.get_channel(thread.id) is None

        await expect_unknown_channel(thread.send("Round 2"))
        await expect_unknown_channel(thread.edit(name="Game 1 (again)"))
        await expect_unknown_channel(bot.fetch_channel(thread.id))
        assert {(r.status, r.code) for r in discord_.refusals} == {(404, 10003)}
        assert [m.content for m in discord_.messages_in(record)] == ["Round 1"]  # kept for the test to read
        assert discord_.threads() == [] and record.deleted
        with pytest.raises(UsageError, match="deleted"):
            await discord_.post("alice", record, "Where did the game go?")
        await cached(discord_, "games").send("The parent is still there")


async def test_a_deleted_channel_takes_its_threads_along(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        bot = discord_.bot
        assert bot is not None
        games = cached(discord_, "games")
        thread = await open_thread(discord_, "games", "Game 1")
        await discord_.delete_channel("games")
        await discord_.wait_for(lambda: bot.get_channel(games.id) is None, what="CHANNEL_DELETE")
        assert bot.get_channel(thread.id) is None  # discord.py drops the threads of a deleted channel
        await expect_unknown_channel(games.send("Round 1"))
        await expect_unknown_channel(thread.send("Round 1"))
        assert discord_.threads() == []


async def test_attach_files_denied_then_allowed_again(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        thread = await open_thread(discord_, "games", "Game 1")
        me = thread.guild.me
        await discord_.deny_bot("games", "attach_files")
        await discord_.wait_for(lambda: not thread.permissions_for(me).attach_files, what="CHANNEL_UPDATE (deny)")
        with pytest.raises(discord.Forbidden) as raised:
            await thread.send("Round 1", file=board_file())
        assert (raised.value.status, raised.value.code) == (403, 50013)
        await thread.send("Round 1 (the board follows)")  # text alone still goes through

        await discord_.allow_bot("games", "attach_files")
        await discord_.wait_for(lambda: thread.permissions_for(me).attach_files, what="CHANNEL_UPDATE (allow)")
        posted = await thread.send("Round 1", file=board_file())
        assert [a.filename for a in posted.attachments] == ["board.png"]
        record = discord_.thread("Game 1")
        assert [m.content for m in discord_.messages_in(record)] == ["Round 1 (the board follows)", "Round 1"]
        [png] = discord_.png_attachments(discord_.last_message(record))
        assert png.data == board_png()
        assert [(r.status, r.code) for r in discord_.refusals] == [(403, 50013)]


async def test_in_a_thread_posting_takes_send_messages_in_threads_and_files_take_attach_files(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        games = cached(discord_, "games")
        thread = await open_thread(discord_, "games", "Game 1")
        me = thread.guild.me
        message = await thread.send("Round 1")

        # Send Messages is for the channel; in its threads, Send Messages in Threads is what counts.
        await discord_.deny_bot("games", "send_messages")
        await discord_.wait_for(lambda: not games.permissions_for(me).send_messages, what="CHANNEL_UPDATE")
        with pytest.raises(discord.Forbidden):
            await games.send("Who wants to play?")
        assert thread.permissions_for(me).attach_files  # discord.py agrees
        await thread.send("Round 2", file=board_file())

        # An edit that adds a file needs Attach Files, as a post does; a text edit does not.
        await discord_.deny_bot("games", "attach_files")
        await discord_.wait_for(lambda: not thread.permissions_for(me).attach_files, what="CHANNEL_UPDATE")
        with pytest.raises(discord.Forbidden):
            await message.edit(attachments=[board_file()])
        await message.edit(content="Round 1 (no board)")

        await discord_.deny_bot("games", "send_messages_in_threads")
        await discord_.wait_for(lambda: not thread.permissions_for(me).send_messages_in_threads, what="CHANNEL_UPDATE")
        with pytest.raises(discord.Forbidden):
            await thread.send("Round 3")
        assert [(r.method, r.status, r.code) for r in discord_.refusals] == [("POST", 403, 50013),
                                                                            ("PATCH", 403, 50013),
                                                                            ("POST", 403, 50013)]
        record = discord_.thread("Game 1")
        assert [m.content for m in discord_.messages_in(record)] == ["Round 1 (no board)", "Round 2"]
        assert discord_.messages_in(record)[0].attachments == []
