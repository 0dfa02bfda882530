"""The stand-in's shards, proven with the real discord.py client: ``GET /gateway/bot`` recommends the
stand-in's shard count, IDENTIFY carries ``[shard_id, shard_count]``, each session hears only of the
guilds on its shard (READY, GUILD_CREATE, interactions, thread and message events), events of no guild
go to shard 0, and a shard's dropped connection resumes on its own."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from discord_standin import standin

GUILDS = [{"name": "Big Top"}, {"name": "Sideshow"}, {"name": "Midway"}]  # shards 0, 1, 0 of 2 (in turn)


class Whoami(commands.Cog):
    """Test-only: a command that says which shard of which bot answered."""

    def __init__(self, bot: commands.AutoShardedBot, name: str) -> None:
        self.bot = bot
        self.name = name

    @app_commands.command(name="whoami", description="Which bot answers")
    async def whoami(self, interaction: discord.Interaction) -> None:
        shard = interaction.guild.shard_id if interaction.guild is not None else None
        await interaction.response.send_message(f"{self.name} on shard {shard}")


def sharded(name: str, shard_ids: list[int] | None, shard_count: int | None) -> Any:
    """A factory of a small sharded bot with the ``/whoami`` command, synced globally."""
    async def build() -> discord.Client:
        # Without shard ids the client runs every shard, and without a count it asks GET /gateway/bot.
        shards: dict[str, Any] = {"shard_ids": shard_ids} if shard_ids is not None else {}
        bot = commands.AutoShardedBot(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                                      shard_count=shard_count, **shards)
        await bot.add_cog(Whoami(bot, name))

        async def sync() -> None:
            await bot.tree.sync()
        bot.setup_hook = sync  # type: ignore[method-assign]
        return bot
    return build


def guild_ids(bot: discord.Client) -> set[int]:
    return {guild.id for guild in bot.guilds}


async def test_a_client_without_a_shard_count_asks_for_it_and_runs_every_shard() -> None:
    async with standin(bot=False, shards=2, guilds=GUILDS) as d:
        bot = await d.start_bot(sharded("solo", None, None))
        assert isinstance(bot, discord.AutoShardedClient)
        assert d.requests("GET", "/gateway/bot") and bot.shard_count == 2
        assert d.server.connected_shards == [(0, 2), (1, 2)]
        assert guild_ids(bot) == {g.id for g in d.guilds}
        for seen in bot.guilds:
            assert seen.shard_id == (seen.id >> 22) % 2
        assert [seen.shard_id for seen in sorted(bot.guilds, key=lambda g: g.id)] == [0, 1, 0]
        names = {"Big Top": 0, "Sideshow": 1, "Midway": 0}
        for guild in d.guilds:
            channel = d.server.channel("general", guild)
            answer = await (await d.slash("alice", channel, "whoami")).response()
            assert answer.content == f"solo on shard {names[guild.name]}"


async def test_two_clients_each_hear_only_of_their_shards_guilds() -> None:
    async with standin(bot=False, shards=2, guilds=GUILDS) as d:
        first = await d.start_bot(sharded("first", [0], 2))
        second = await d.add_bot(sharded("second", [1], 2))
        assert d.bots == [first, second]
        on = {shard: {g.id for g in d.guilds if (g.id >> 22) % 2 == shard} for shard in (0, 1)}
        assert len(on[0]) == 2 and len(on[1]) == 1
        assert (guild_ids(first), guild_ids(second)) == (on[0], on[1])
        ready = {shard: next(data for event, data in d.server.sent_events(shard) if event == "READY")
                 for shard in (0, 1)}
        assert {shard: ready[shard]["shard"] for shard in (0, 1)} == {0: [0, 2], 1: [1, 2]}
        assert {int(g["id"]) for g in ready[1]["guilds"]} == on[1]
        for guild in d.guilds:
            shard = (guild.id >> 22) % 2
            answer = await (await d.slash("bob", d.server.channel("general", guild), "whoami")).response()
            assert answer.content == f"{('first', 'second')[shard]} on shard {shard}"
            created = [data for event, data in d.server.sent_events(1 - shard) if event == "INTERACTION_CREATE"
                       and int(data["guild_id"]) == guild.id]
            assert not created  # the other shard's session never heard of it


async def test_guild_events_follow_the_guild_and_others_go_to_shard_zero() -> None:
    async with standin(bot=False, shards=2, guilds=GUILDS) as d:
        first = await d.start_bot(sharded("first", [0], 2))
        second = await d.add_bot(sharded("second", [1], 2))
        sideshow = next(g for g in d.guilds if g.name == "Sideshow")
        general = d.server.channel("general", sideshow)
        text_channel = second.get_channel(general.id)
        assert isinstance(text_channel, discord.TextChannel)
        thread = await text_channel.create_thread(name="Acts", type=discord.ChannelType.public_thread)
        await d.wait_for(lambda: second.get_channel(thread.id), what="THREAD_CREATE on the guild's shard")
        await d.post("carol", general, "hello")
        await d.wait_for(lambda: any(event == "MESSAGE_CREATE" for event, _ in d.server.sent_events(1)),
                         what="MESSAGE_CREATE on the guild's shard")
        heard = {event for event, data in d.server.sent_events(0) if str(sideshow.id) in json.dumps(data)}
        assert not heard, heard
        assert first.get_channel(thread.id) is None
        await d.server.dispatch("USER_UPDATE", d.server.bot_user.payload())  # an event of no guild
        assert [e for e, _ in d.server.sent_events(0)].count("USER_UPDATE") == 1
        assert "USER_UPDATE" not in [e for e, _ in d.server.sent_events(1)]


async def test_one_shard_resumes_alone_and_a_bad_shard_is_refused() -> None:
    async with standin(bot=False, shards=2, guilds=GUILDS) as d:
        await d.start_bot(sharded("first", [0], 2))
        await d.add_bot(sharded("second", [1], 2))
        await d.drop_connection(shard_id=1)
        assert (d.server.identify_count, d.server.resume_count) == (2, 1)
        sideshow = next(g for g in d.guilds if g.name == "Sideshow")
        answer = await (await d.slash("alice", d.server.channel("general", sideshow), "whoami")).response()
        assert answer.content == "second on shard 1"
        async with aiohttp.ClientSession() as session, session.ws_connect(d.server.gateway_url) as ws:
            await ws.receive_json()  # HELLO
            await ws.send_json({"op": 2, "d": {"token": d.server.token, "intents": 0, "shard": [2, 2],
                                               "properties": {}}})
            closed = await ws.receive()
            assert closed.type is aiohttp.WSMsgType.CLOSE and ws.close_code == 4010


