"""The table as a cog: the /game commands every game shares, the lobby, posting boards to game
threads, and the handlers behind the persistent buttons. Game cogs call ``create_lobby``,
``act_and_post`` and ``game_autocomplete`` instead of repeating any of this."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table import life_ui, present, ui
from cogs.table.keeper import Keeper
from cogs.table.notify import Notifier
from cogs.table.service import DEFAULT_AUTOPILOT_AFTER, ActResult, Table, TableError, TableService
from db.errors import StoreError
from db.life import LifeStore
from db.store import GameStore
from rules.core.errors import RulesError
from rules.registry import GAMES

log = logging.getLogger(__name__)
SHUTDOWN_GRACE = 10.0  # seconds an in-flight interaction may take to finish when the bot stops

NEEDED_IN_CHANNEL = ("create_public_threads", "send_messages_in_threads", "attach_files")
PERMISSION_WORDS = {"create_public_threads": "Create Public Threads", "send_messages_in_threads":
                    "Send Messages in Threads", "attach_files": "Attach Files"}


async def refuse(interaction: discord.Interaction, sentence: str) -> None:
    """An ephemeral refusal, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(sentence, ephemeral=True)
    else:
        await interaction.response.send_message(sentence, ephemeral=True)


class TableCog(commands.Cog, name="Table"):
    game_group = app_commands.Group(name="game", description="Ringmaster games in this server", guild_only=True)

    def __init__(self, bot: commands.Bot, db_path: str) -> None:
        self.bot = bot
        self.db_path = db_path
        self.service: TableService | None = None
        self.keeper: Keeper | None = None
        self.notifier: Notifier | None = None
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[None]:
        """Marks an interaction being served, so shutting down waits for it instead of cutting it off."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def cog_load(self) -> None:
        Path(self.db_path).parent.mkdir(parents=True, exist_ok=True)
        self.service = TableService(await GameStore.open(self.db_path, clock=self.now))
        life = LifeStore(self.service.store)
        self.keeper = Keeper(self.service, life, self.now)
        self.notifier = Notifier(self.bot, self.service, life)
        self.bot.add_dynamic_items(*ui.ALL_ITEMS)

    def now(self) -> datetime:
        """The current time: the bot's ``clock`` if it has one (tests set a controllable one)."""
        clock: Callable[[], datetime] | None = getattr(self.bot, "clock", None)
        return clock() if clock is not None else datetime.now(UTC)

    @property
    def life(self) -> Keeper:
        assert self.keeper is not None
        return self.keeper

    @property
    def notify(self) -> Notifier:
        assert self.notifier is not None
        return self.notifier

    async def with_deadlines(self, table: Table) -> Table:
        """The table with each awaited seat's deadline, for the "who acts" lines."""
        if (table.state is None or table.record.deadline_minutes is None or table.game.is_over(table.state)
                or len(table.seats) == 1):
            return table
        for clock in await self.life.life.clocks(table.id):
            due = await self.life.deadline_of(clock)
            if due is not None and not clock.autopilot:
                table.deadlines[clock.seat] = due
        return table

    async def cog_unload(self) -> None:
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=SHUTDOWN_GRACE)
        except TimeoutError:
            log.warning("Closing the game store with %d interactions still being served", self._in_flight)
        if self.service is not None:
            await self.service.store.close()

    @property
    def tables(self) -> TableService:
        assert self.service is not None
        return self.service

    # ----- shared entry points for game cogs ------------------------------------------------------------
    async def create_lobby(self, interaction: discord.Interaction, kind: str, options: dict[str, object], *,
                           deadline_minutes: int | None = None, autopilot_after: int = DEFAULT_AUTOPILOT_AFTER) -> None:
        async with self.working():
            await self._create_lobby(interaction, kind, options, deadline_minutes, autopilot_after)

    async def _create_lobby(self, interaction: discord.Interaction, kind: str, options: dict[str, object],
                            deadline_minutes: int | None = None,
                            autopilot_after: int = DEFAULT_AUTOPILOT_AFTER) -> None:
        """Post a lobby for a new game in this channel (the game's thread opens at Start)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, "Games are played in a server channel, not in direct messages.")
            return
        if isinstance(interaction.channel, discord.Thread):
            await refuse(interaction, "Start a new game from a text channel, not inside a thread.")
            return
        missing = self.missing_permissions(interaction)
        if missing:
            await refuse(interaction, missing)
            return
        try:
            table = await self.tables.create(kind, interaction.guild_id, interaction.channel_id, interaction.user.id,
                                             interaction.user.display_name, options,
                                             deadline_minutes=deadline_minutes, autopilot_after=autopilot_after)
        except (TableError, RulesError) as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(present.lobby_text(table), view=ui.lobby_view(table.id, True),
                                                allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await self.tables.store.set_lobby_message(table.id, message.id)

    def missing_permissions(self, interaction: discord.Interaction) -> str | None:
        perms = interaction.app_permissions
        missing = [PERMISSION_WORDS[name] for name in NEEDED_IN_CHANNEL if not getattr(perms, name)]
        if not missing:
            return None
        return (f"I need the {', '.join(missing)} permission{'s' if len(missing) > 1 else ''} in this channel "
                "to host a game here; ask a server manager to grant them.")

    async def act_and_post(self, interaction: discord.Interaction, game_id: int, version: int | None,
                           choose: Callable[[Table, int], Any], *, edit_panel: bool = False) -> None:
        async with self.working():
            await self._act_and_post(interaction, game_id, version, choose, edit_panel=edit_panel)

    async def _act_and_post(self, interaction: discord.Interaction, game_id: int, version: int | None,
                           choose: Callable[[Table, int], Any], *, edit_panel: bool = False) -> None:
        """Apply one action for the user, post the new board in the thread, then answer them
        privately with their next choices (or a short confirmation)."""
        if not interaction.response.is_done():
            if edit_panel:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            result = await self.tables.act(game_id, interaction.user.id, version, choose)
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await self.post_update(result)
        content, view = self.panel_for(result.table, interaction.user.id)
        if edit_panel:
            await interaction.edit_original_response(content=content, view=view)
        else:
            await interaction.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)

    def panel_for(self, table: Table, user_id: int) -> tuple[str, discord.ui.View | None]:
        """The private panel of choices for a user the game awaits, or a line saying who is awaited."""
        assert table.state is not None
        seat = table.seat_of(user_id)
        if table.game.is_over(table.state):
            return "The game is over; the final scores are in the thread.", None
        if seat is None or seat not in table.game.to_act(table.state):
            names = " and ".join(table.names[s] for s in sorted(table.game.to_act(table.state)))
            return f"Done. The game now waits for {names}.", None
        legal = table.game.legal_actions(table.state, seat)
        labels = [table.game.describe_action(table.state, seat, action) for action in legal]
        text = [*present.private_lines(table, seat), table.game.prompt(table.state, seat)]
        return present.fit_lines(text), ui.choices_view(table.id, table.record.version, labels)

    async def post_update(self, result: ActResult) -> None:
        """The board after an action. While nobody new is awaited and a player goes on with their own
        turn, or players finish their parts of a simultaneous step, the last board message is updated in
        place (no new message, no ping). When someone new is awaited, or the game ends, a new board is
        posted that mentions exactly the newly awaited players."""
        table = await self.with_deadlines(result.table)
        newly = result.newly_awaited
        over = table.state is None or table.game.is_over(table.state)
        simultaneous = len(result.awaited_before) > 1
        if (not newly and not over and (result.continues_own_step or simultaneous)
                and await self.update_board(result)):
            self.bot.dispatch("ringmaster_update", result)
            return
        actor = table.names[result.seat] + (" (automatic player)" if result.automatic else "")
        header = f"**{present.title(table)}** · {actor}"
        await self.post_board(table, present.update_text(table, result.events, header), ping=newly, recap=True)
        if over:
            await self.reveal_seed(table)
        self.bot.dispatch("ringmaster_update", result)

    async def reveal_seed(self, table: Table) -> None:
        """Once a game has ended: reveal its seed in the thread, with the record that proves it."""
        thread = await self.thread_of(table)
        if thread is None:
            return
        try:
            table, record = await self.tables.game_record(table.id)
            await thread.send(present.reveal_text(table), file=present.record_file(table, record),
                              allowed_mentions=discord.AllowedMentions.none())
        except (TableError, discord.HTTPException) as error:
            log.warning("Could not reveal the seed of game %s: %s", table.id, error)

    async def update_board(self, result: ActResult) -> bool:
        """Edit the last board message with the new events; False when it cannot be edited."""
        table = await self.with_deadlines(result.table)
        thread = await self.thread_of(table)
        if thread is None or table.record.board_message_id is None:
            return False
        try:
            message = await thread.fetch_message(table.record.board_message_id)
            text = present.extend_update(message.content, table, result.events, table.names[result.seat])
            file = await present.board_file(table)
            await message.edit(content=text, attachments=[file] if file is not None else [],
                               view=ui.board_view(table.id, table.record.version, False),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("Could not update the board of game %s, posting a new one: %s", table.id, error)
            return False
        return True

    async def post_board(self, table: Table, text: str, ping: list[int] | None = None, recap: bool = False) -> None:
        """Post a new board message. ``ping``: the users to notify (default: everyone awaited), each
        the way they chose (a mention here, a direct message, or nothing); with ``recap`` each
        notified player also gets the public events since their own last move."""
        thread = await self.thread_of(table)
        if thread is None:
            log.warning("Game %s has no reachable thread", table.id)
            return
        over = table.state is None or table.game.is_over(table.state)
        file = await present.board_file(table)
        mentioned, direct = await self.notify.split(table.awaited_users() if ping is None else ping)
        recaps = {user: await self.notify.recap(table, user, skip_last=1) if recap else [] for user in mentioned}
        text = present.with_recaps(text, [self.notify.recap_text(user, lines) for user, lines in recaps.items()],
                                   present.awaited_line(table))
        kwargs: dict[str, Any] = {"view": ui.board_view(table.id, table.record.version, over),
                                  "allowed_mentions": discord.AllowedMentions(
                                      users=[discord.Object(id=user) for user in mentioned], everyone=False,
                                      roles=False)}
        if file is not None:
            kwargs["file"] = file
        try:
            message = await thread.send(text, **kwargs)
        except discord.HTTPException as error:
            log.warning("Could not post the board of game %s: %s", table.id, error)
            return
        await self.tables.store.set_board_message(table.id, message.id)
        for user in direct:
            lines = await self.notify.recap(table, user, skip_last=1) if recap else []
            seat = table.seat_of(user)
            prompt = table.game.prompt(table.state, seat) if seat is not None and table.state is not None else ""
            body = "\n".join(part for part in (f"🎪 **{present.title(table)}** is waiting for you: {prompt}",
                                                self.notify.recap_text(user, lines)) if part)
            await self.notify.deliver_directly(thread, table, [user], body)

    async def thread_of(self, table: Table) -> discord.Thread | None:
        thread_id = table.record.thread_id
        if thread_id is None:
            return None
        channel = self.bot.get_channel(thread_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(thread_id)
            except discord.HTTPException:
                return None
        if not isinstance(channel, discord.Thread):
            return None
        if channel.archived:
            try:
                await channel.edit(archived=False)
            except discord.HTTPException:
                return None
        return channel

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        records = await self.tables.store.games_of_user(interaction.user.id, interaction.guild_id,
                                                         statuses=("lobby", "active"))
        choices = []
        for record in records:
            label = f"#{record.id} {GAMES[record.kind].name} ({record.status})"
            if current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label, value=record.id))
        return choices[:25]

    async def context_table(self, interaction: discord.Interaction, game: int | None) -> Table | None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, "Games are played in a server channel, not in direct messages.")
            return None
        try:
            return await self.tables.table_in_context(interaction.guild_id, interaction.channel_id,
                                                      interaction.user.id, game)
        except TableError as error:
            await refuse(interaction, str(error))
            return None

    # ----- button handlers ------------------------------------------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, verb: str, game_id: int) -> None:
        async with self.working():
            await self._lobby_button(interaction, verb, game_id)

    async def _lobby_button(self, interaction: discord.Interaction, verb: str, game_id: int) -> None:
        if verb == "start":
            await self.start_game(interaction, game_id)
            return
        table = await self.change_seat(interaction, verb, game_id)
        if table is None:
            return
        await interaction.response.edit_message(content=present.lobby_text(table),
                                                view=ui.lobby_view(table.id, True),
                                                allowed_mentions=discord.AllowedMentions.none())

    async def change_seat(self, interaction: discord.Interaction, verb: str, game_id: int) -> Table | None:
        """Join or leave a lobby; a refusal is answered here and gives None."""
        try:
            await self.tables.table(game_id, interaction.guild_id)
            if verb == "join":
                return await self.tables.join(game_id, interaction.user.id, interaction.user.display_name)
            return await self.tables.leave(game_id, interaction.user.id)
        except TableError as error:
            await refuse(interaction, str(error))
            return None

    async def start_game(self, interaction: discord.Interaction, game_id: int) -> None:
        async with self.working():
            await self._start_game(interaction, game_id)

    async def _start_game(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            table = await self.tables.table(game_id, interaction.guild_id)
            self.tables.check_startable(table, interaction.user.id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        missing = self.missing_permissions(interaction)
        if missing:
            await refuse(interaction, missing)
            return
        await interaction.response.defer()
        channel = self.bot.get_channel(table.record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            await interaction.followup.send("I cannot find this game's channel any more.", ephemeral=True)
            return
        try:
            thread = await channel.create_thread(name=present.title(table), type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except discord.Forbidden:
            await interaction.followup.send("I am not allowed to create threads here; ask a server manager for "
                                            "the Create Public Threads permission.", ephemeral=True)
            return
        try:
            table = await self.with_deadlines(await self.tables.start(game_id, interaction.user.id, thread.id))
        except TableError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        await interaction.edit_original_response(content=present.lobby_text(table) + f"\nPlay in {thread.mention}.",
                                                 view=ui.lobby_view(table.id, False),
                                                 allowed_mentions=discord.AllowedMentions.none())
        try:
            await thread.send(present.commitment_line(table), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("Could not post the fairness commitment of game %s: %s", table.id, error)
        players = ", ".join(present.mention(seat.user_id) for seat in table.seats)
        await self.post_board(table, f"**{present.title(table)}** begins! Players: {players}.\n"
                                     f"{present.awaited_line(table)}")

    async def open_turn(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        async with self.working():
            await self._open_turn(interaction, game_id, version)

    async def _open_turn(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        try:
            table = await self.tables.table(game_id, interaction.guild_id)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        if table.record.status != "active" or table.state is None:
            await refuse(interaction, "This game is over." if table.record.status != "lobby"
                         else "This game has not started yet.")
            return
        # The button's version is not checked: the panel is built from the current state, so a click
        # on an older board (another seat acted since, as happens in simultaneous steps) is still useful.
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "You are not seated in this game.")
            return
        if seat not in table.game.to_act(table.state):
            await refuse(interaction, table.game.explain_waiting(table.state, seat))
            return
        content, view = self.panel_for(table, interaction.user.id)
        await interaction.response.send_message(content, view=view or discord.utils.MISSING, ephemeral=True)

    async def choose(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
        def pick(table: Table, seat: int) -> Any:
            assert table.state is not None
            legal = table.game.legal_actions(table.state, seat)
            if not legal:
                raise TableError(table.game.explain_waiting(table.state, seat))
            if not 0 <= index < len(legal):
                raise TableError("That choice is no longer on offer.")
            return legal[index]

        await self.act_and_post(interaction, game_id, version, pick, edit_panel=True)

    async def show_private(self, interaction: discord.Interaction, game_id: int | None = None,
                           table: Table | None = None) -> None:
        async with self.working():
            await self._show_private(interaction, game_id, table)

    async def _show_private(self, interaction: discord.Interaction, game_id: int | None = None,
                           table: Table | None = None) -> None:
        if table is None:
            assert game_id is not None
            try:
                table = await self.tables.table(game_id, interaction.guild_id)
            except TableError as error:
                await refuse(interaction, str(error))
                return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "You are not seated in this game, so you have no hand to see.")
            return
        if table.state is None:
            await refuse(interaction, "This game has not started yet.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await present.private_file(table, seat)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        lines = present.private_lines(table, seat)
        await interaction.followup.send(present.fit_lines(lines) if lines else "You hold nothing secret right now.",
                                        **kwargs)

    # ----- /game commands -------------------------------------------------------------------------------
    @game_group.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(kind="Which game", options="Variants as key=value pairs, e.g. advanced=true events=true",
                           deadline_hours="Hours each player has per turn (counted in their active hours); "
                                          "none if left out",
                           autopilot_after="Missed deadlines in a row before the automatic player keeps a seat "
                                           "(default 3)")
    @app_commands.choices(kind=[app_commands.Choice(name=g.name, value=k) for k, g in GAMES.items()])
    async def new(self, interaction: discord.Interaction, kind: str, options: str = "",
                  deadline_hours: app_commands.Range[float, 0.25, 336.0] | None = None,
                  autopilot_after: app_commands.Range[int, 1, 20] = 3) -> None:
        parsed: dict[str, object] = {}
        for pair in options.replace(",", " ").split():
            key, sep, value = pair.partition("=")
            if not sep or not key:
                await refuse(interaction, f"Write each option as key=value (for example advanced=true), not {pair!r}.")
                return
            parsed[key.strip()] = value.strip()
        deadline = None if deadline_hours is None else round(deadline_hours * 60)
        await self.create_lobby(interaction, kind, parsed, deadline_minutes=deadline, autopilot_after=autopilot_after)

    @game_group.command(name="list", description="Games in this server that are open or in progress")
    async def list_games(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, "Games are played in a server channel.")
            return
        records = await self.tables.store.games_in_guild(interaction.guild_id, statuses=("lobby", "active"))
        lines = [f"#{r.id} {GAMES[r.kind].name} — {r.status}" + (f" in <#{r.thread_id}>" if r.thread_id else "")
                 for r in records]
        await interaction.response.send_message("\n".join(lines) or "No games here yet: start one with /game new.",
                                                ephemeral=True)

    @game_group.command(name="mine", description="Your games in this server")
    async def my_games(self, interaction: discord.Interaction) -> None:
        records = await self.tables.store.games_of_user(interaction.user.id, interaction.guild_id,
                                                         statuses=("lobby", "active"))
        lines = []
        for record in records:
            table = await self.tables.table(record.id)
            waiting = interaction.user.id in table.awaited_users()
            lines.append(f"#{record.id} {table.game.name} — {record.status}"
                         + (" — **your move**" if waiting else "")
                         + (f" in <#{record.thread_id}>" if record.thread_id else ""))
        await interaction.response.send_message("\n".join(lines) or "You are not in any game here.", ephemeral=True)

    @game_group.command(name="status", description="Show a game's board and who is awaited")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.context_table(interaction, game)
        if table is None:
            return
        if table.state is None:
            await interaction.response.send_message(present.lobby_text(table), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await present.board_file(table)
        text = f"**{present.title(table)}** ({table.record.status})\n{present.awaited_line(table)}"
        kwargs: dict[str, Any] = {"ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        await interaction.followup.send(text[:present.MESSAGE_LIMIT], **kwargs)

    @game_group.command(name="log", description="Read a game's log, page by page")
    @app_commands.describe(game="The game number (defaults to this thread's game)", page="Page number (1 is oldest)")
    async def show_log(self, interaction: discord.Interaction, game: int | None = None,
                       page: app_commands.Range[int, 1, 10000] | None = None) -> None:
        table = await self.context_table(interaction, game)
        if table is None:
            return
        lines = await self.tables.public_log(table)
        pages = max(1, -(-len(lines) // present.LOG_PAGE_LINES))
        number = min(page or pages, pages)
        text, _ = present.log_page(lines, number)
        await interaction.response.send_message(text, view=life_ui.log_pages_view(table.id, number, pages),
                                                ephemeral=True)

    @game_group.command(name="hand", description="See your own hand and private information (only you see it)")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.context_table(interaction, game)
        if table is not None:
            await self.show_private(interaction, table=table)

    @game_group.command(name="deadline", description="Set the turn deadline of a game you created, before it starts")
    @app_commands.describe(game="The game number", hours="Hours each player has per turn, counted in their active "
                           "hours (0 for no deadline)",
                           autopilot_after="Missed deadlines in a row before the automatic player keeps a seat")
    async def deadline(self, interaction: discord.Interaction, game: int, hours: app_commands.Range[float, 0.0, 336.0],
                       autopilot_after: app_commands.Range[int, 1, 20] = DEFAULT_AUTOPILOT_AFTER) -> None:
        try:
            table = await self.tables.table(game, interaction.guild_id)
            if interaction.user.id != table.record.creator_id:
                raise TableError("Only the player who created this game can set its deadline.")
            if table.record.status != "lobby":
                raise TableError("The deadline is set before the game starts; this one has already started.")
            minutes = round(hours * 60) or None
            if minutes is not None and minutes < 15:
                raise TableError("A deadline shorter than a quarter of an hour leaves nobody time to play.")
            await self.life.life.set_deadline(game, minutes, autopilot_after)
        except (TableError, StoreError) as error:
            await refuse(interaction, str(error))
            return
        text = (f"Each player now has {hours:g} hours per turn (in their active hours); after {autopilot_after} "
                "missed deadlines in a row the automatic player keeps the seat." if minutes else "No turn deadline.")
        await interaction.response.send_message(text, ephemeral=True)
        await self.refresh_lobby(await self.tables.table(game))

    @game_group.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game="The game number")
    async def join(self, interaction: discord.Interaction, game: int) -> None:
        await self.seat_command(interaction, "join", game, "You have a seat in {}.")

    @game_group.command(name="leave", description="Give up your seat in a game that has not started")
    @app_commands.describe(game="The game number")
    async def leave(self, interaction: discord.Interaction, game: int) -> None:
        await self.seat_command(interaction, "leave", game, "You left {}.")

    async def seat_command(self, interaction: discord.Interaction, verb: str, game: int, done: str) -> None:
        table = await self.change_seat(interaction, verb, game)
        if table is not None:
            await self.refresh_lobby(table)
            await interaction.response.send_message(done.format(present.title(table)), ephemeral=True)

    @game_group.command(name="start", description="Start a game you created")
    @app_commands.describe(game="The game number")
    async def start(self, interaction: discord.Interaction, game: int) -> None:
        await self.start_game(interaction, game)

    @game_group.command(name="abandon", description="Abandon a game (creator or manager), or vote to abandon it")
    @app_commands.describe(game="The game number (defaults to this thread's game)")
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with self.working():
            await self._abandon(interaction, game)

    async def _abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        table = await self.context_table(interaction, game)
        if table is None:
            return
        member = interaction.user
        is_manager = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        try:
            if member.id != table.record.creator_id and not is_manager and table.seat_of(member.id) is not None:
                table, votes, needed = await self.life.vote_to_abandon(table.id, member.id, interaction.guild_id)
                if table.record.status != "abandoned":
                    await interaction.response.send_message(
                        f"Your vote to abandon {present.title(table)} is counted ({votes} of the {needed} needed).",
                        ephemeral=True)
                    thread = await self.thread_of(table)
                    if thread is not None:
                        await thread.send(f"{member.mention} votes to abandon this game ({votes} of {needed} votes "
                                          "needed; seated players vote with /game abandon).",
                                          allowed_mentions=discord.AllowedMentions.none())
                    return
            else:
                table = await self.tables.abandon(table.id, interaction.user.id, is_manager)
        except TableError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(f"{present.title(table)} is abandoned.", ephemeral=True)
        await self.refresh_lobby(table)
        thread = await self.thread_of(table)
        if thread is not None:
            by = interaction.user.mention if member.id == table.record.creator_id or is_manager else "a majority vote"
            await thread.send(f"**{present.title(table)}** was abandoned by {by}.",
                              allowed_mentions=discord.AllowedMentions.none())
            if table.state is not None:
                await self.reveal_seed(table)

    @game_group.command(name="rules", description="How a game is played here")
    @app_commands.describe(kind="Which game")
    @app_commands.choices(kind=[app_commands.Choice(name=g.name, value=k) for k, g in GAMES.items()])
    async def rules(self, interaction: discord.Interaction, kind: str) -> None:
        game = GAMES[kind]
        options = "\n".join(f"• **{spec.key}** — {spec.description}" for spec in game.option_specs)
        text = (f"**{game.name}** ({game.min_players}–{game.max_players} players). Start one with "
                f"`/game new kind:{game.name}` (add `deadline_hours` for a turn deadline), "
                "press Join, and the creator presses Start. In the game's thread, press **Take your turn** "
                "on the newest board (or use the game's slash commands) and **My hand** to see your cards.\n"
                f"Options:\n{options}")
        await interaction.response.send_message(text[:present.MESSAGE_LIMIT], ephemeral=True)

    @status.autocomplete("game")
    @show_log.autocomplete("game")
    @hand.autocomplete("game")
    @join.autocomplete("game")
    @leave.autocomplete("game")
    @start.autocomplete("game")
    @abandon.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await self.game_autocomplete(interaction, current)

    async def refresh_lobby(self, table: Table) -> None:
        if table.record.lobby_message_id is None:
            return
        channel = self.bot.get_channel(table.record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        try:
            message = channel.get_partial_message(table.record.lobby_message_id)
            await message.edit(content=present.lobby_text(table),
                               view=ui.lobby_view(table.id, table.record.status == "lobby"),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("Could not refresh the lobby of game %s: %s", table.id, error)


async def setup_table(bot: commands.Bot) -> None:
    config = getattr(bot, "config", None)
    db_path = getattr(config, "db_path", "ringmaster.sqlite3")
    await bot.add_cog(TableCog(bot, str(db_path)))
