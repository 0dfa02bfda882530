"""The stand-in honours enforced nonces as Discord does, met by the real discord.py client (2.7 sends
``enforce_nonce`` with any ``nonce``): a post made again with a nonce the bot used in that channel within
the last few minutes returns the first post's message and makes none; and ``answer_late`` does a
request at once but holds its answer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
from discord.ext import commands

from discord_standin import Discord, standin
from discord_standin.rest import NONCE_SECONDS

POSTS = r"/channels/\d+/messages"


def bare_bot() -> commands.Bot:
    return commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())


def cached(discord_: Discord, name: str) -> discord.TextChannel:
    assert discord_.bot is not None
    found = discord_.bot.get_channel(discord_.channel(name).id)
    assert isinstance(found, discord.TextChannel)
    return found


async def test_a_post_made_again_with_its_nonce_returns_the_first_message(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot, channels=["games", "general"]) as discord_:
        games, general = cached(discord_, "games"), cached(discord_, "general")
        first = await games.send("Round 1", nonce="rm41")
        again = await games.send("Round 1, again", nonce="rm41")
        assert again.id == first.id and again.content == "Round 1"
        assert [m.content for m in discord_.messages_in("games")] == ["Round 1"]
        elsewhere = await general.send("Round 1", nonce="rm41")  # a nonce is the channel's own
        other = await games.send("Round 2", nonce="rm42")
        assert len({first.id, elsewhere.id, other.id}) == 3
        plain = [await games.send("Round 3"), await games.send("Round 3")]  # discord.py's own random nonces
        assert plain[0].id != plain[1].id
        discord_.advance_clock(NONCE_SECONDS + 1)  # Discord forgets a nonce after a few minutes
        later = await games.send("Round 1, much later", nonce="rm41")
        assert later.id != first.id
        assert [m.content for m in discord_.messages_in("games")] == [
            "Round 1", "Round 2", "Round 3", "Round 3", "Round 1, much later"]


async def test_a_late_answer_comes_after_the_request_took_effect(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=bare_bot) as discord_:
        general = cached(discord_, "general")
        late = discord_.answer_late("POST", POSTS, seconds=60)
        sending = asyncio.create_task(general.send("Round 1", nonce="rm7"))
        posted = await discord_.wait_for(lambda: discord_.messages_in("general") or None, what="the post")
        assert late.fired == 1 and not sending.done()  # made, its answer still held
        sending.cancel()  # the bot gives up (or dies) without knowing
        again = await general.send("Round 1", nonce="rm7")  # its retry is answered with the first message
        assert again.id == posted[0].id and len(discord_.messages_in("general")) == 1
        assert [(r.status, r.injected) for r in discord_.requests("POST", POSTS)][-1] == (200, False)
