"""The Discord stand-in, proven with the real bot (``bot.build_bot``) and a test-only cog.

The ``Probe`` cog below is a test fixture, not product code: it exercises what the game cogs will
need (plain, ephemeral and deferred answers, threads with a PNG, persistent buttons, select menus,
autocomplete, subcommand groups, option types, permission refusals, archived threads) so that the
stand-in is shown to carry each of them end to end through discord.py.

The faults (failed and hanging requests, deleted threads, permissions taken and given back) are shown
with a bare discord.py bot instead, whose own REST calls meet them: what discord.py raises for each is
what the game cogs will have to handle.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from discord_standin import BotError, CommandUnavailable, Discord, UsageError, standin
from standin_helpers import board_png

CITIES = ["Albany", "Atlanta", "Baltimore", "Boston", "Buffalo", "Chicago"]


def record_click(db_path: Path, user_id: int) -> int:
    """The probe's "game state": clicks kept in the bot's SQLite database, so a restart can read them."""
    with sqlite3.connect(db_path) as db:
        db.execute("CREATE TABLE IF NOT EXISTS clicks (user_id INTEGER NOT NULL)")
        db.execute("INSERT INTO clicks VALUES (?)", (user_id,))
        return int(db.execute("SELECT COUNT(*) FROM clicks").fetchone()[0])


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"probe:count:(?P<n>\d+)"):
    """A persistent button: its state lives in its custom_id, so it works after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Clicked {n} times", style=discord.ButtonStyle.primary,
                                           custom_id=f"probe:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View],
                             match: re.Match[str], /) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        clicks = record_click(interaction.client.config.db_path, interaction.user.id)  # type: ignore[attr-defined]
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"Count: {self.n + 1} ({clicks} in the database)", view=view)


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="probe:pick", placeholder="Pick the acts", min_values=1, max_values=2,
                       options=[discord.SelectOption(label=name, value=name.lower())
                                for name in ("Clowns", "Acrobats", "Lions")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[PickView]) -> None:
        await interaction.response.send_message(f"You picked {' and '.join(select.values)}.", ephemeral=True)


class BidModal(discord.ui.Modal, title="Your secret bid"):
    amount: discord.ui.TextInput[BidModal] = discord.ui.TextInput(label="Amount", custom_id="probe:bid:amount",
                                                                  max_length=3)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You bid {int(self.amount.value)}.", ephemeral=True)


class Probe(commands.Cog):
    probe = app_commands.Group(name="probe", description="Stand-in probes")
    admin = app_commands.Group(name="admin", description="Nested probes", parent=probe)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.gates: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(CounterButton)

    @app_commands.command(name="hello", description="Say hello")
    async def hello(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello, {interaction.user.display_name}!")

    @app_commands.command(name="secret", description="Whisper")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Only you can read this.", ephemeral=True)

    @app_commands.command(name="types", description="Echo typed options")
    async def types(self, interaction: discord.Interaction, text: str, count: int, flag: bool, who: discord.Member,
                    where: discord.TextChannel | None = None) -> None:
        place = where.name if where else "-"
        await interaction.response.send_message(
            f"{text!r} {count!r} {flag!r} {type(who).__name__}:{who.display_name}:{who.id} {place}")

    @app_commands.command(name="board", description="Open a game thread with a board image")
    async def board(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.defer(thinking=True)
        stage = "creating the thread"
        try:
            thread = await interaction.channel.create_thread(name="Game 1", type=discord.ChannelType.public_thread)
            stage = "posting the board"
            await thread.send("Round 1", file=discord.File(io.BytesIO(board_png()), "board.png"))
        except discord.Forbidden as error:
            perms = interaction.app_permissions
            await interaction.edit_original_response(
                content=f"Forbidden {error.status}/{error.code} while {stage}; "
                        f"create_public_threads={perms.create_public_threads} attach_files={perms.attach_files}")
            return
        await interaction.followup.send(f"The game is on in {thread.mention}.")

    @app_commands.command(name="note", description="Write in a game thread")
    async def note(self, interaction: discord.Interaction, thread: app_commands.AppCommandThread, text: str) -> None:
        target = await thread.fetch()
        reopened = False
        try:
            await target.send(text)
        except discord.HTTPException as error:
            if error.code != 50083:  # Thread is archived
                raise
            await target.edit(archived=False)
            await target.send(text)
            reopened = True
        await interaction.response.send_message(
            "Noted" + (" (the thread was archived; I reopened it)." if reopened else "."), ephemeral=True)

    @app_commands.command(name="counter", description="A persistent button")
    async def counter(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("Count: 0", view=view)

    @app_commands.command(name="pick", description="A select menu")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Which acts?", view=PickView(timeout=60))

    @app_commands.command(name="lifecycle", description="Answer, edit, followups, delete")
    async def lifecycle(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        await interaction.edit_original_response(content="two")
        await interaction.followup.send("three", ephemeral=True)
        extra = await interaction.followup.send("four", wait=True)
        await extra.delete()
        original = await interaction.original_response()
        await interaction.followup.send(f"the answer now says {original.content}", ephemeral=True)

    @app_commands.command(name="slow", description="Answers when the test lets it")
    async def slow(self, interaction: discord.Interaction) -> None:
        await self.gates["slow"].wait()
        await interaction.response.send_message("finally")

    @app_commands.command(name="patient", description="Defers, then answers when the test lets it")
    async def patient(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await self.gates["first"].wait()
        await interaction.followup.send("first result")
        await self.gates["second"].wait()
        await interaction.followup.send("second result")

    @app_commands.command(name="bid", description="A modal")
    async def bid(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidModal(custom_id="probe:bid"))

    @app_commands.command(name="boom", description="Raises")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("boom: the probe failed on purpose")

    @app_commands.command(name="reset", description="Managers only")
    @app_commands.default_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Reset done.", ephemeral=True)

    @probe.command(name="move", description="Move to a city")
    async def move(self, interaction: discord.Interaction, city: str, spaces: int = 1) -> None:
        await interaction.response.send_message(f"Moved {spaces} to {city}.")

    @move.autocomplete("city")
    async def move_city(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c.lower()) for c in CITIES if c.lower().startswith(current.lower())]

    @admin.command(name="status", description="A subcommand inside a subcommand group")
    async def status(self, interaction: discord.Interaction, verbose: bool = False) -> None:
        await interaction.response.send_message(f"All quiet (verbose={verbose}).", ephemeral=True)


def probe_bot(driver: Discord) -> Probe:
    assert driver.bot is not None
    cog = driver.bot.get_cog("Probe")  # type: ignore[attr-defined]
    assert isinstance(cog, Probe)
    return cog


# ----------------------------------------------------------------------------------------------- tests


async def test_the_real_bot_logs_in_connects_and_syncs_to_the_dev_guild(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        bot = discord_.bot
        server = discord_.server
        assert bot is not None and bot.user is not None
        assert bot.user.id == server.application_id
        assert [g.id for g in bot.guilds] == [discord_.guild.id]
        guild = bot.guilds[0]
        assert sorted(c.name for c in guild.text_channels) == ["games", "general"]
        assert guild.me is not None
        assert guild.get_member(discord_.user("alice").id) is None  # no members intent, as on Discord
        assert server.global_commands == {}  # dev_guild set: commands go to that guild only
        assert {"hello", "board", "probe", "reset"} <= set(server.guild_commands[guild.id])
        assert server.guild_commands[guild.id]["reset"]["default_member_permissions"] == str(1 << 5)


async def test_slash_command_replies_with_text(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "hello")
        answer = await handle.response()
        assert answer.type == 4
        assert answer.content == "Hello, alice!"
        assert not answer.ephemeral
        assert discord_.last_message("general") is handle.message
        assert discord_.last_message("general").interaction is handle.record


async def test_ephemeral_reply_is_flag_64_and_private(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        answer = await (await discord_.slash("bob", "general", "secret")).response()
        assert answer.ephemeral and answer.flags & 64
        assert answer.content == "Only you can read this."
        assert discord_.messages_in("general") == []
        assert [m.content for m in discord_.messages_in("general", include_ephemeral=True)] == [answer.content]


async def test_options_are_typed_from_the_synced_command(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        carol = discord_.user("carol")
        handle = await discord_.slash("alice", "general", "types",
                                      {"text": "hi", "count": 3, "flag": True, "who": "carol", "where": "games"})
        assert (await handle.response()).content == f"'hi' 3 True Member:carol:{carol.id} games"
        with pytest.raises(UsageError, match="takes an integer"):
            await discord_.slash("alice", "general", "types", {"text": "hi", "count": "3", "flag": True, "who": "bob"})
        with pytest.raises(UsageError, match="needs option"):
            await discord_.slash("alice", "general", "types", {"text": "hi"})


async def test_subcommands_autocomplete_and_manager_only_commands(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        choices = await discord_.autocomplete("alice", "games", "probe move", {}, focused="city")
        assert [c["name"] for c in choices] == CITIES
        choices = await discord_.autocomplete("alice", "games", "probe move", {"city": "b"}, focused="city")
        assert choices == [{"name": c, "value": c.lower()} for c in ("Baltimore", "Boston", "Buffalo")]

        moved = await discord_.slash("alice", "games", "probe move", {"city": "boston", "spaces": 2})
        assert (await moved.response()).content == "Moved 2 to boston."
        nested = await discord_.slash("bob", "games", "probe admin status", {"verbose": True})
        assert (await nested.response()).content == "All quiet (verbose=True)."

        with pytest.raises(CommandUnavailable):
            await discord_.slash("alice", "games", "reset")
        reset = await discord_.slash("mia", "games", "reset")  # mia is the server manager
        assert (await reset.response()).content == "Reset done."


async def test_thread_with_a_png_board_after_a_deferred_answer(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "games", "board")
        assert (await handle.response()).type == 5  # "thinking"
        answer = await handle.settled()
        thread = discord_.thread("Game 1")
        assert thread.parent_id == discord_.channel("games").id and thread.type == 11
        assert answer.content == f"The game is on in <#{thread.id}>."
        assert handle.followups == [answer]  # the first followup after a defer fills the loading message
        post = discord_.last_message(thread)
        assert post.content == "Round 1"
        [png] = discord_.png_attachments(post)
        assert (png.filename, png.content_type, png.width, png.height) == ("board.png", "image/png", 64, 48)
        assert png.data == board_png()
        assert discord_.bot is not None
        await discord_.wait_for(lambda: discord_.bot and discord_.bot.get_channel(thread.id), what="THREAD_CREATE")
        async with aiohttp.ClientSession() as session, session.get(png.url) as served:
            assert served.status == 200 and await served.read() == png.data


async def test_persistent_button_survives_a_restart(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        first_bot = discord_.bot
        board = await discord_.slash("alice", "general", "counter")
        await board.response()
        message = board.message
        assert message is not None and message.custom_ids == ["probe:count:0"]

        click = await discord_.click("bob", message, "probe:count:0")
        answer = await click.response()
        assert answer.type == 7 and answer.content == "Count: 1 (1 in the database)"

        second_bot = await discord_.restart_bot()
        assert second_bot is not first_bot and first_bot is not None and first_bot.is_closed()
        assert discord_.server.identify_count == 2
        click = await discord_.click("carol", message, "probe:count:1")
        assert (await click.response()).content == "Count: 2 (2 in the database)"
        assert message.custom_ids == ["probe:count:2"]


async def test_select_menu_on_the_answer_message(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "pick")
        await handle.response()
        assert handle.message is not None
        picked = await discord_.select("bob", handle.message, "probe:pick", ["clowns", "lions"])
        answer = await picked.response()
        assert (answer.content, answer.ephemeral) == ("You picked clowns and lions.", True)
        with pytest.raises(UsageError, match="offers"):
            await discord_.select("bob", handle.message, "probe:pick", ["tigers"])


async def test_modal_submission(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("carol", "games", "bid")
        modal = await handle.response()
        assert (modal.type, modal.data["title"], modal.custom_ids) == (9, "Your secret bid", ["probe:bid:amount"])
        with pytest.raises(UsageError, match="only carol"):
            await discord_.submit_modal("bob", handle, {"probe:bid:amount": "5"})
        submitted = await discord_.submit_modal("carol", handle, {"probe:bid:amount": "7"})
        answer = await submitted.response()
        assert (answer.content, answer.ephemeral) == ("You bid 7.", True)


async def test_answer_edit_followups_and_delete(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "lifecycle")
        await handle.followup(2)
        assert handle.message is not None
        assert handle.message.content == "two" and handle.message.versions[0]["content"] == "one"
        three, four, last = handle.followups
        assert (three.content, three.ephemeral) == ("three", True)
        assert (four.content, four.deleted) == ("four", True)
        assert (last.content, last.ephemeral) == ("the answer now says two", True)
        assert [m.content for m in discord_.messages_in("general")] == ["two"]


async def test_an_answer_later_than_three_seconds_is_refused(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "slow")
        discord_.advance_clock(3.5)  # no real waiting: the stand-in's clock moves on
        probe_bot(discord_).gates["slow"].set()
        refused = await handle.refusal()
        assert (refused.status, refused.code, refused.error) == (404, 10062, "Unknown interaction")
        await discord_.expect_error(r"10062.*Unknown interaction")
        assert handle.record.response is None and discord_.messages_in("general") == []


async def test_a_deferred_answer_may_follow_up_for_fifteen_minutes(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "patient")
        gates = probe_bot(discord_).gates
        assert (await handle.response()).deferred
        discord_.advance_clock(10)
        gates["first"].set()
        assert (await handle.settled()).content == "first result"
        discord_.advance_clock(15 * 60)
        gates["second"].set()
        await discord_.expect_error(r"401 Unauthorized \(error code: 50027\): Invalid Webhook Token")
        assert [m.content for m in handle.followups] == ["first result"]


async def test_a_second_answer_to_one_interaction_is_refused(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "hello")
        await handle.response()
        await discord_.redeliver(handle)  # the same interaction again, as a gateway replay may do
        await discord_.expect_error(r"40060.*already been acknowledged")
        assert [(c.status, c.code) for c in handle.attempts] == [(200, None), (400, 40060)]
        assert [m.content for m in discord_.messages_in("general")] == ["Hello, alice!"]


@pytest.mark.parametrize(("denied", "stage"), [("create_public_threads", "creating the thread"),
                                               ("attach_files", "posting the board")])
async def test_permission_denial_surfaces_as_forbidden(tmp_path: Path, denied: str, stage: str) -> None:
    async with standin(tmp_path, cogs=[Probe], deny={"games": [denied]}) as discord_:
        handle = await discord_.slash("alice", "games", "board")
        answer = await handle.settled()
        flags = {"create_public_threads": denied != "create_public_threads", "attach_files": denied != "attach_files"}
        assert answer.content == (f"Forbidden 403/50013 while {stage}; create_public_threads="
                                  f"{flags['create_public_threads']} attach_files={flags['attach_files']}")
        assert [(r.status, r.code) for r in discord_.refusals] == [(403, 50013)]
        bit = 1 << 35 if denied == "create_public_threads" else 1 << 15
        assert int(handle.record.payload["app_permissions"]) & bit == 0
        # The other channel is not affected.
        other = await discord_.slash("alice", "general", "board")
        assert (await other.settled()).content.startswith("The game is on")


async def test_an_archived_thread_refuses_posts_until_unarchived(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        await (await discord_.slash("alice", "games", "board")).settled()
        thread = discord_.thread("Game 1")
        bot = discord_.bot
        assert bot is not None
        await discord_.wait_for(lambda: bot.get_channel(thread.id), what="THREAD_CREATE")
        await discord_.archive(thread)
        await discord_.wait_for(lambda: bot.get_channel(thread.id) is None, what="THREAD_UPDATE (archived)")

        handle = await discord_.slash("bob", "games", "note", {"thread": thread, "text": "Bob takes the lead"})
        assert (await handle.response()).content == "Noted (the thread was archived; I reopened it)."
        assert [(r.status, r.code, r.message) for r in discord_.refusals] == [(400, 50083, "Thread is archived")]
        assert not thread.archived
        assert discord_.last_message(thread).content == "Bob takes the lead"
        await discord_.wait_for(lambda: bot.get_channel(thread.id), what="THREAD_UPDATE (unarchived)")


async def test_an_exception_in_a_command_fails_the_test_at_once(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        handle = await discord_.slash("alice", "general", "boom")
        # BotError (with the traceback) as soon as discord.py logs it, not a TimeoutError after 30 s.
        with pytest.raises(BotError, match="boom: the probe failed on purpose"):
            await handle.response(timeout=30)


async def test_the_bot_resumes_after_a_dropped_gateway_connection(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        await discord_.drop_connection()
        assert (discord_.server.identify_count, discord_.server.resume_count) == (1, 1)
        answer = await (await discord_.slash("alice", "general", "hello")).response()
        assert answer.content == "Hello, alice!"

        await discord_.server.drop_connection()  # an interaction sent while the bot is away is replayed
        missed = await discord_.slash("bob", "general", "hello")
        assert (await missed.response()).content == "Hello, bob!"
        assert discord_.server.resume_count == 2


async def test_member_requests_and_a_permission_change_at_run_time(tmp_path: Path) -> None:
    async with standin(tmp_path, cogs=[Probe]) as discord_:
        bot = discord_.bot
        assert bot is not None
        [guild] = bot.guilds
        found = await guild.query_members("ca")
        assert [(m.id, m.name) for m in found] == [(discord_.user("carol").id, "carol")]

        games = guild.get_channel(discord_.channel("games").id)
        assert isinstance(games, discord.TextChannel) and games.permissions_for(guild.me).attach_files
        await discord_.deny_bot("games", "attach_files")
        await discord_.wait_for(lambda: not games.permissions_for(guild.me).attach_files, what="CHANNEL_UPDATE")


async def test_a_member_mentions_the_bot(tmp_path: Path) -> None:
    async with standin(tmp_path) as discord_:  # the real bot alone: its mention prefix answers "help"
        await discord_.post("alice", "general", f"<@{discord_.server.application_id}> help")
        reply = await discord_.wait_for(lambda: next((m for m in discord_.messages_in("general")
                                                      if m.author.bot), None), what="the bot's reply")
        assert "help" in reply.content


async def test_the_stand_in_answers_like_discord(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False) as discord_:
        server = discord_.server
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{server.api_base}/users/@me",
                                   headers={"Authorization": f"Bot {server.token}"}) as me:
                assert me.headers["Content-Type"] == "application/json"  # exactly (pitfall 1)
                assert (await me.json())["id"] == str(server.application_id)
            async with session.get(f"{server.api_base}/users/@me", headers={"Authorization": "Bot wrong"}) as bad:
                assert bad.status == 401
            async with session.get(f"{server.api_base}/no/such/route") as missing:
                assert missing.status == 404
                assert json.loads(await missing.text())["code"] == 0
        assert server.unhandled == ["GET /api/v10/no/such/route"]
        server.unhandled.clear()  # claimed: otherwise leaving the stand-in fails the test
