"""The life of a days-long game in Discord: the scheduler behind reminders, deadlines and autopilot;
taking a seat back; handing a seat over; taking a move back; recaps; the paged log; members' time
zones and notification settings; statistics and leaderboards.

The scheduler keeps nothing in memory: every tick reads the seat clocks from the database
(``Keeper.due``), so after a restart reminders and deadlines simply carry on. Tests call ``tick``
with a controllable clock (the bot's ``clock``) instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table import hours, life_ui, present
from cogs.table.cog import TableCog, refuse
from cogs.table.keeper import Due, Keeper
from cogs.table.service import ActResult, Table, TableError
from db.life import Member
from render.replay import animate, pick_frames, replay_views
from rules.core.errors import RulesError
from rules.registry import GAMES

log = logging.getLogger(__name__)

TICK_SECONDS = 60.0
MAX_AUTOMATIC_STEPS = 200  # automatic decisions in one tick, so a tick always ends
ALL_KINDS = frozenset({"remind", "deadline", "autopilot"})
DEFAULT_REPLAY_FRAMES = 40
RECAP_ON_REQUEST = 30  # recap lines when a player asks (a ping carries fewer, beside the board)


def serving(method: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Count an interaction as being served while ``method`` runs, so shutting down waits for it."""
    @functools.wraps(method)
    async def wrapper(self: LifeCog, *args: Any, **kwargs: Any) -> None:
        async with self.table_cog.working():
            await method(self, *args, **kwargs)
    return wrapper


class LifeCog(commands.Cog, name="Async life"):
    me = app_commands.Group(name="me", description="Your own Ringmaster settings and record")
    seat = app_commands.Group(name="seat", description="Your seat in a game", guild_only=True)
    stats = app_commands.Group(name="stats", description="Statistics of this server's games", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._table_cog: TableCog | None = None

    @property
    def table_cog(self) -> TableCog:
        # Kept from loading time: while the bot shuts down the table cog leaves the bot's list before
        # the work it waits for (this cog's included) has finished.
        assert self._table_cog is not None
        return self._table_cog

    @property
    def keeper(self) -> Keeper:
        return self.table_cog.life

    async def cog_load(self) -> None:
        cog = self.bot.get_cog("Table")
        assert isinstance(cog, TableCog), "the table cog is loaded first"
        self._table_cog = cog
        self.bot.add_dynamic_items(*life_ui.LIFE_ITEMS)
        self._task = asyncio.create_task(self._run(), name="ringmaster-scheduler")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # ----- the scheduler --------------------------------------------------------------------------------
    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            await asyncio.sleep(float(getattr(self.bot, "tick_seconds", TICK_SECONDS)))
            try:
                async with self.table_cog.working():
                    await self.tick()
            except Exception:
                log.exception("The scheduler's tick failed; it will try again")

    async def tick(self, game_id: int | None = None, kinds: frozenset[str] = ALL_KINDS) -> int:
        """Do everything due now (for one game, or all; only the given kinds); returns how many things
        were done."""
        done = 0
        while done < MAX_AUTOMATIC_STEPS:
            due = [d for d in await self.keeper.due()
                   if (game_id is None or d.clock.game_id == game_id) and d.kind in kinds]
            handled = [await self.handle(item) for item in due]
            done += sum(handled)
            if not any(handled):
                break
        return done

    async def handle(self, due: Due) -> bool:
        """Carry out one due thing; False when there was nothing to do after all."""
        clock = due.clock
        if due.kind == "remind":
            await self.remind(clock.game_id, clock.seat, clock.user_id)
            await self.keeper.life.mark_reminded(clock.game_id, clock.seat)
            return True
        try:
            if due.kind == "deadline":
                results, after = await self.keeper.deadline_passed(clock.game_id, clock.seat)
                note = f"{results[0].table.names[clock.seat]} missed the deadline, so the automatic player moved."
                if after.autopilot:
                    note += (f" After {after.missed} missed deadlines in a row the automatic player keeps the seat "
                             "until its player takes it back.")
            else:
                results, note = [await self.keeper.play_for(clock.game_id, clock.seat)], ""
        except TableError as error:
            # Another tick got there first, or the game moved on: nothing is due after all.
            log.info("No automatic move in game %s for seat %s: %s", clock.game_id, clock.seat, error)
            return False
        for result in results:
            await self.table_cog.post_update(result)
        if note:
            table = results[-1].table
            await self.announce(table, note, life_ui.single(life_ui.ReclaimButton(table.id, clock.seat)))
        return True

    async def remind(self, game_id: int, seat: int, user_id: int) -> None:
        table = await self.table_cog.with_deadlines(await self.table_cog.tables.table(game_id))
        if table.state is None or seat not in table.game.to_act(table.state):
            return
        due = table.deadlines.get(seat)
        when = f" Your time runs out {discord.utils.format_dt(due, 'R')} ({discord.utils.format_dt(due, 'f')})." \
            if due is not None else ""
        text = f"⏰ {present.title(table)} is waiting for you: {table.game.prompt(table.state, seat)}.{when}"
        mentioned, direct = await self.table_cog.notify.split([user_id])
        thread = await self.table_cog.thread_of(table)
        if thread is None:
            return
        if direct:
            await self.table_cog.notify.deliver_directly(thread, table, direct, text)
        elif mentioned:
            with contextlib.suppress(discord.HTTPException):
                await thread.send(f"{present.mention(user_id)} {text}",
                                  allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=user_id)]))

    async def announce(self, table: Table, text: str, view: discord.ui.View | None = None) -> None:
        thread = await self.table_cog.thread_of(table)
        if thread is None:
            return
        try:
            await thread.send(text[:present.MESSAGE_LIMIT], view=view or discord.utils.MISSING,
                              allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("Could not post to game %s: %s", table.id, error)

    @commands.Cog.listener()
    async def on_ringmaster_update(self, result: ActResult) -> None:
        """After every move: seats on autopilot move at once; a finished game's results are kept."""
        if self.table_cog.service is None or self.bot.is_closed():
            return  # the bot is shutting down
        table = result.table
        if table.record.status == "finished":
            async with self.table_cog.working():
                await self.keeper.record_results(table)
                await self.post_replay(table)
            return
        async with self.table_cog.working():
            await self.tick(table.id, kinds=frozenset({"autopilot"}))

    async def post_replay(self, table: Table) -> None:
        """The animated replay of a finished game's public boards, drawn off the event loop."""
        config = getattr(self.bot, "config", None)
        limit = int(getattr(config, "replay_frames", DEFAULT_REPLAY_FRAMES))
        draw = present.renderer(table.record.kind, "render_board")
        history = await self.table_cog.tables.store.history(table.id)
        if limit < 2 or draw is None or history is None:
            return
        actions = [(logged.seat, logged.action) for logged in history.actions]

        def build() -> bytes:
            views = replay_views(table.game, table.names, table.record.options, table.record.seed, actions)
            return animate([draw(views[index]) for index in pick_frames(len(views), limit)])

        try:
            data = await asyncio.to_thread(build)
        except (ValueError, RulesError) as error:
            log.warning("No replay for game %s: %s", table.id, error)
            return
        thread = await self.table_cog.thread_of(table)
        if thread is None:
            return
        try:
            name = f"{table.record.kind}-{table.id}-replay.webp"
            await thread.send(f"🎞️ **{present.title(table)}**, replayed from its first move to the final scores.",
                              file=discord.File(io.BytesIO(data), filename=name))
        except discord.HTTPException as error:
            log.warning("Could not post the replay of game %s: %s", table.id, error)

    # ----- seats ----------------------------------------------------------------------------------------
    @serving
    async def reclaim(self, interaction: discord.Interaction, game_id: int, seat: int | None = None) -> None:
        try:
            table = await self.keeper.reclaim(game_id, interaction.user.id, interaction.guild_id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message("Your seat is yours again; the automatic player has stepped aside.",
                                                ephemeral=True)
        await self.announce(table, f"{interaction.user.mention} takes their seat back from the automatic player.")

    @seat.command(name="reclaim", description="Take your seat back from the automatic player")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def reclaim_command(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.table_cog.context_table(interaction, game)
        if table is not None:
            await self.reclaim(interaction, table.id)

    @seat.command(name="autopilot", description="Let the automatic player play a seat (yours, or a vanished player's)")
    @app_commands.describe(game="The game number (defaults to this thread's game)",
                           player="Whose seat (creator or server manager only; default: yours)")
    async def autopilot(self, interaction: discord.Interaction, game: int | None = None,
                        player: discord.Member | None = None) -> None:
        table = await self.table_cog.context_table(interaction, game)
        if table is None:
            return
        target = None
        if player is not None:
            target = table.seat_of(player.id)
            if target is None:
                await refuse(interaction, f"{player.display_name} has no seat in this game.")
                return
        manager = isinstance(interaction.user, discord.Member) and interaction.user.guild_permissions.manage_guild
        try:
            table, seat = await self.keeper.set_autopilot(table.id, interaction.user.id, target, manager,
                                                          interaction.guild_id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(f"The automatic player now plays {table.names[seat]}'s seat.",
                                                ephemeral=True)
        await self.announce(table, f"🤖 The automatic player takes over {table.names[seat]}'s seat (set by "
                                   f"{interaction.user.mention}); the player can take it back with one click.",
                            life_ui.single(life_ui.ReclaimButton(table.id, seat)))
        async with self.table_cog.working():
            await self.tick(table.id, kinds=frozenset({"autopilot"}))

    @seat.command(name="handover", description="Offer your seat to another member of this server")
    @app_commands.describe(member="Who should take your seat", game="The game number (defaults to this thread's game)")
    async def handover(self, interaction: discord.Interaction, member: discord.Member, game: int | None = None) -> None:
        table = await self.table_cog.context_table(interaction, game)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.record.status != "active":
            await refuse(interaction, "You can only hand over a seat you hold in a game being played.")
            return
        if member.bot or member.id == interaction.user.id or table.seat_of(member.id) is not None:
            await refuse(interaction, f"{member.display_name} cannot take your seat: choose a member who is not "
                                      "already playing this game.")
            return
        await interaction.response.send_message(f"You offered your seat to {member.display_name}.", ephemeral=True)
        await self.announce(table, f"{interaction.user.mention} offers their seat ({table.names[seat]}) in "
                                   f"{present.title(table)} to {member.mention}, who can accept below.",
                            life_ui.single(life_ui.HandoverButton(table.id, seat, interaction.user.id, member.id)))

    @serving
    async def accept_seat(self, interaction: discord.Interaction, game_id: int, seat: int, giver: int,
                          taker: int) -> None:
        try:
            table = await self.keeper.hand_over(game_id, seat, giver, taker, interaction.user.id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(f"You now play {table.names[seat]}'s seat in {present.title(table)}.",
                                                ephemeral=True)
        await self.announce(table, f"{interaction.user.mention} takes over {table.names[seat]}'s seat from "
                                   f"{present.mention(giver)}.")

    # ----- taking a move back ---------------------------------------------------------------------------
    @seat.command(name="undo", description="Take back your last move")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.table_cog.context_table(interaction, game)
        if table is not None:
            await self.take_back(interaction, table.id, agreeing=False)

    async def agree_to_take_back(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        await self.take_back(interaction, game_id, agreeing=True, version=version)

    @serving
    async def take_back(self, interaction: discord.Interaction, game_id: int, *, agreeing: bool,
                        version: int | None = None) -> None:
        try:
            if agreeing and version is not None:
                logged = await self.table_cog.tables.store.actions(game_id)
                if not logged or logged[-1].version != version:
                    raise TableError("That move can no longer be taken back: the game has moved on.")
            outcome = await self.keeper.take_back(game_id, interaction.user.id, interaction.guild_id, agreeing)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        table = outcome.table
        if not outcome.done:
            waiting = ", ".join(present.mention(user) for user in outcome.waiting_for)
            await interaction.response.send_message(
                "Noted." if agreeing else "That move drew cards or dice or revealed something, so the others must "
                                          "agree; I have asked them in the thread.", ephemeral=True)
            if not agreeing:
                await self.announce(table, f"{interaction.user.mention} asks to take back their last move. "
                                           f"Waiting for {waiting} to agree.",
                                    life_ui.single(life_ui.UndoAgreeButton(table.id, outcome.version)))
            return
        await interaction.response.send_message("The move is taken back.", ephemeral=True)
        table = await self.table_cog.with_deadlines(table)
        await self.table_cog.post_board(table, f"**{present.title(table)}** · a move was taken back.\n"
                                               f"{present.awaited_line(table)}")

    # ----- recaps and the log ---------------------------------------------------------------------------
    @serving
    async def show_recap(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            table = await self.table_cog.tables.table(game_id, interaction.guild_id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        if table.seat_of(interaction.user.id) is None:
            await refuse(interaction, "You are not seated in this game.")
            return
        public = await self.table_cog.notify.recap(table, interaction.user.id)
        private = await self.table_cog.notify.private_recap(table, interaction.user.id)
        parts = [self.table_cog.notify.recap_text(interaction.user.id, public, limit=RECAP_ON_REQUEST)
                 or "Nothing public has happened since your last move."]
        if private:
            parts.append("🔒 Only for you:\n" + "\n".join(f"• {line}" for line in private[-8:]))
        await interaction.response.send_message(present.fit_lines(parts), ephemeral=True)

    @serving
    async def show_log_page(self, interaction: discord.Interaction, game_id: int, page: int | None,
                            edit: bool = False) -> None:
        try:
            table = await self.table_cog.tables.table(game_id, interaction.guild_id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        lines = await self.table_cog.tables.public_log(table)
        pages = max(1, -(-len(lines) // present.LOG_PAGE_LINES))
        number = min(max(1, page or pages), pages)
        text, _ = present.log_page(lines, number)
        view = life_ui.log_pages_view(table.id, number, pages)
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    @seat.command(name="recap", description="What happened since your last move, including what only you saw")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def recap(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.table_cog.context_table(interaction, game)
        if table is not None:
            await self.show_recap(interaction, table.id)

    # ----- members' settings ----------------------------------------------------------------------------
    @me.command(name="hours", description="Your time zone and active hours (deadlines only run inside them)")
    @app_commands.describe(time_zone="An IANA time zone, e.g. Europe/Berlin", start="When your day starts, e.g. 08:00",
                           end="When it ends, e.g. 23:00 (leave both out for all day)")
    async def set_hours(self, interaction: discord.Interaction, time_zone: str, start: str | None = None,
                        end: str | None = None) -> None:
        try:
            hours.zone(time_zone)
            if (start is None) != (end is None):
                raise ValueError("Give both a start and an end for your active hours, or neither.")
            first = hours.parse_clock(start) if start is not None else None
            last = hours.parse_clock(end) if end is not None else None
        except ValueError as error:
            await refuse(interaction, str(error))
            return
        await self.keeper.life.set_hours(interaction.user.id, time_zone, first, last)
        span = f"from {start} to {end}" if start is not None else "all day"
        await interaction.response.send_message(f"Saved: {time_zone}, active {span}. Your turn clocks only run in "
                                                "those hours, and reminders never come outside them.", ephemeral=True)

    @me.command(name="notify", description="How I tell you it is your turn")
    @app_commands.describe(mode="mention in the game's thread, a direct message, or nothing")
    async def set_notify(self, interaction: discord.Interaction,
                         mode: Literal["mention", "dm", "none"]) -> None:
        await self.keeper.life.set_notify(interaction.user.id, mode)
        words = {"mention": "I will mention you in the game's thread.",
                 "dm": "I will send you a direct message (or mention you in the thread if I cannot).",
                 "none": "I will not ping you; the thread still shows when it is your turn."}
        await interaction.response.send_message(words[mode], ephemeral=True)

    @me.command(name="settings", description="Show your time zone, active hours and notifications")
    async def show_settings(self, interaction: discord.Interaction) -> None:
        member: Member = await self.keeper.life.member(interaction.user.id)
        if member.active_from is None or member.active_to is None:
            span = "all day"
        else:
            span = f"{member.active_from // 60:02d}:{member.active_from % 60:02d}–" \
                   f"{member.active_to // 60:02d}:{member.active_to % 60:02d}"
        await interaction.response.send_message(f"Time zone {member.time_zone}, active {span}, notifications: "
                                                f"{member.notify}.", ephemeral=True)

    # ----- statistics -----------------------------------------------------------------------------------
    @stats.command(name="leaderboard", description="The best players of a game in this server")
    @app_commands.describe(kind="Which game")
    @app_commands.choices(kind=[app_commands.Choice(name=g.name, value=k) for k, g in GAMES.items()])
    async def leaderboard(self, interaction: discord.Interaction, kind: str) -> None:
        assert interaction.guild_id is not None
        rows = await self.keeper.life.leaderboard(interaction.guild_id, kind)
        if not rows:
            await interaction.response.send_message(f"No {GAMES[kind].name} game has finished here yet.",
                                                    ephemeral=True)
            return
        lines = [f"**{GAMES[kind].name} — leaderboard**"]
        lines += [f"{place}. {present.mention(int(row.key))}: {row.won} won of {row.played}, average "
                  f"{row.average:.1f}, best {row.best}" for place, row in enumerate(rows, start=1)]
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @stats.command(name="record", description="A player's record in this server (default: yours)")
    @app_commands.describe(member="Whose record")
    async def record(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        who = member or interaction.user
        rows = await self.keeper.life.player_record(interaction.guild_id, who.id)
        if not rows:
            await interaction.response.send_message(f"{who.display_name} has not finished a game here yet.",
                                                    ephemeral=True)
            return
        lines = [f"**{who.display_name}'s record**"]
        lines += [f"{GAMES[str(row.key)].name if str(row.key) in GAMES else row.key}: played {row.played}, won "
                  f"{row.won}, average {row.average:.1f}, best {row.best}" for row in rows]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup_life(bot: commands.Bot) -> None:
    await bot.add_cog(LifeCog(bot))


