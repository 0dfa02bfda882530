"""The /game commands every game shares: opening a lobby, joining, leaving and starting; the lists of
games; a game's status, log and hand; its deadline; abandoning or repairing it; how a game is played.
Thin: each command asks the table core and answers with what it says."""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting, stats
from cogs.buttons import OutOfDate
from cogs.parsing import quoted, within
from cogs.runtime import RingmasterBot, bot_of, core_of
from cogs.views import guide_view, lobby_view
from lang import LANGUAGES, N_, PSEUDO, command, speaking, tr, trc, trn
from rules.core.players import DEFAULT_LEVEL, LEVELS
from table import compose, guides
from table.core import DEFAULT_AUTOPILOT_AFTER, DEFAULT_AWAY_BANK_DAYS
from table.errors import TableError
from table.kits import KITS
from table.model import Table

log = logging.getLogger(__name__)

KIND_CHOICES = [app_commands.Choice(name=entry.name, value=kind) for kind, entry in KITS.items()]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
# Each language by its own name (the pseudo-language is for the tests, never offered).
LANGUAGE_CHOICES = [app_commands.Choice(name=language.name, value=code) for code, language in LANGUAGES.items()
                    if code != PSEUDO]
NO_PRIVATE_THREAD_HERE = N_("A practice game needs a private thread, and this channel cannot have one: use "
                            "`{command}` in a server's text channel.")
NO_PRIVATE_THREAD_PERMISSION = N_("I am not allowed to open a private thread here; ask a server manager for the "
                                  "Create Private Threads, Send Messages in Threads and Attach Files permissions, or "
                                  "use `{command}` in another channel.")
GAME = "The game number (defaults to this thread's game)"


def is_manager(interaction: discord.Interaction) -> bool:
    return isinstance(interaction.user, discord.Member) and interaction.user.guild_permissions.manage_guild


class LobbyCog(commands.Cog, name="Lobby"):
    game_group = app_commands.Group(name="game", description="Ringmaster games in this server", guild_only=True)

    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.lobby_handlers = self

    async def cog_unload(self) -> None:
        self.bot.lobby_handlers = None

    # ----- the lobby ------------------------------------------------------------------------------------
    @game_group.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(kind="Which game", options="Variants as key=value pairs, e.g. advanced=true events=true",
                           deadline_hours="Hours each player has per turn (counted in their active hours); "
                                          "none if left out",
                           autopilot_after="Missed deadlines in a row before the automatic player keeps a seat "
                                           "(default 3)",
                           forced_moves="Play a move at once when it is a player's only legal choice (default on)",
                           away_bank_days="Days per player that being away (/me away) stops their clock (default 7)",
                           robots="Robot seats to add at once (they count toward the game's players)",
                           robot_level="How well those robots play (default normal)",
                           autopilot_level="How well the automatic player plays for missed deadlines and seats on "
                                           "autopilot (default normal)",
                           hints="Offer Suggest on players' private panels (default: on for one person, off for more)",
                           language="The language of the game's posts and boards (default: this server's language)")
    @app_commands.choices(kind=KIND_CHOICES, robot_level=LEVEL_CHOICES, autopilot_level=LEVEL_CHOICES,
                          language=LANGUAGE_CHOICES)
    async def new(self, interaction: discord.Interaction, kind: str, options: str = "",
                  deadline_hours: app_commands.Range[float, 0.25, 336.0] | None = None,
                  autopilot_after: app_commands.Range[int, 1, 20] = DEFAULT_AUTOPILOT_AFTER,
                  forced_moves: bool = True,
                  away_bank_days: app_commands.Range[int, 0, 30] = DEFAULT_AWAY_BANK_DAYS,
                  robots: app_commands.Range[int, 0, 7] = 0, robot_level: str = DEFAULT_LEVEL,
                  autopilot_level: str = DEFAULT_LEVEL, hints: bool | None = None,
                  language: str | None = None) -> None:
        if kind not in KITS:
            raise TableError(tr("Choose one of the listed games."))
        within(autopilot_after, 1, 20, N_("the number of missed deadlines before autopilot"))
        within(away_bank_days, 0, 30, N_("an away bank in days"))
        if deadline_hours is not None:
            within(deadline_hours, 0.25, 336, N_("a turn deadline in hours"))
        parsed: dict[str, object] = {}
        for pair in options.replace(",", " ").split():
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise TableError(tr("Write each option as key=value (for example advanced=true), not {text}.",
                                    text=quoted(pair)))
            parsed[key.strip()] = value.strip()
        if robot_level not in LEVELS or autopilot_level not in LEVELS:
            raise TableError(tr("The automatic player plays at one of these levels: {levels}.",
                                levels=", ".join(LEVELS)))
        if language is not None and language not in LANGUAGES:
            raise TableError(tr("Choose one of the listed languages."))
        most = KITS[kind].game.max_players - 1  # the creator holds a seat
        if not 0 <= robots <= most:
            raise TableError(trn("{game} takes at most {players} players, so at most {n} robot besides you.",
                                 "{game} takes at most {players} players, so at most {n} robots besides you.", most,
                                 game=KITS[kind].name, players=most + 1))
        deadline = None if deadline_hours is None else round(deadline_hours * 60)
        await acting.create_lobby(interaction, kind, parsed, deadline_minutes=deadline, autopilot_after=autopilot_after,
                                  forced_moves=forced_moves, away_bank_minutes=away_bank_days * 24 * 60,
                                  robots=robots, robot_level=robot_level, autopilot_level=autopilot_level,
                                  hints=hints, language=language)

    async def lobby_button(self, interaction: discord.Interaction, verb: str, game_id: int) -> None:
        await acting.answer_first(interaction, edit=True)
        if verb == "start":
            await self.start_game(interaction, game_id)
            return
        table = await self.change_seat(interaction, verb, game_id)
        with speaking(table.language):  # the lobby message is public
            text, view = compose.lobby_text(table), lobby_view(table.id, True)
        await acting.reply(interaction, text, edit=True, view=view, allowed_mentions=discord.AllowedMentions.none())

    async def robot_button(self, interaction: discord.Interaction, what: str, game_id: int) -> None:
        """A lobby's robot buttons: the lobby message shows the seats as they now are."""
        await acting.answer_first(interaction, edit=True)
        core = core_of(interaction)
        if what == "remove":
            table = await core.remove_robot(game_id, interaction.user.id, may_manage=is_manager(interaction),
                                            guild_id=interaction.guild_id)
        else:
            table = await core.add_robot(game_id, interaction.user.id, what, may_manage=is_manager(interaction),
                                         guild_id=interaction.guild_id)
        with speaking(table.language):  # the lobby message is public
            text, view = compose.lobby_text(table), lobby_view(table.id, True)
        await acting.reply(interaction, text, edit=True, view=view, allowed_mentions=discord.AllowedMentions.none())

    async def change_seat(self, interaction: discord.Interaction, verb: str, game_id: int) -> Table:
        core = core_of(interaction)
        if verb == "join":
            return await core.join(game_id, interaction.user.id, interaction.user.display_name, interaction.guild_id)
        return await core.leave(game_id, interaction.user.id, interaction.guild_id)

    @game_group.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game="The game number")
    async def join(self, interaction: discord.Interaction, game: int) -> None:
        await self.seat_command(interaction, "join", game, N_("You have a seat in {game}."))

    @game_group.command(name="leave", description="Give up your seat in a game that has not started")
    @app_commands.describe(game="The game number")
    async def leave(self, interaction: discord.Interaction, game: int) -> None:
        await self.seat_command(interaction, "leave", game, N_("You left {game}."))

    async def seat_command(self, interaction: discord.Interaction, verb: str, game: int, done: str) -> None:
        await acting.answer_first(interaction)
        table = await self.change_seat(interaction, verb, game)
        await acting.reply(interaction, tr(done, game=table.title))
        await self.refresh_lobby(table)

    async def refresh_lobby(self, table: Table) -> None:
        if table.record.lobby_message_id is None:
            return
        channel = self.bot.get_channel(table.record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        with speaking(table.language):  # the lobby message is public
            text, view = compose.lobby_text(table), lobby_view(table.id, table.record.status == "lobby")
        try:
            await channel.get_partial_message(table.record.lobby_message_id).edit(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("Could not refresh the lobby of game %s: %s", table.id, error)

    @game_group.command(name="start", description="Start a game you created")
    @app_commands.describe(game="The game number")
    async def start(self, interaction: discord.Interaction, game: int) -> None:
        await acting.answer_first(interaction)  # privately: a refusal must not be posted in the channel
        await self.start_game(interaction, game)

    async def start_game(self, interaction: discord.Interaction, game_id: int) -> None:
        core = core_of(interaction)
        table = await core.table(game_id, interaction.guild_id)
        core.check_startable(table, interaction.user.id)
        missing = acting.missing_permissions(interaction)
        if missing:
            raise TableError(missing)
        channel = self.bot.get_channel(table.record.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise TableError(tr("I cannot find this game's channel any more."))
        async with bot_of(interaction).working():
            with speaking(table.language):  # the thread's name is public
                title = table.title
            try:
                thread = await channel.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=10080)
            except discord.Forbidden as error:
                raise TableError(tr("I am not allowed to create threads here; ask a server manager for the Create "
                                    "Public Threads permission.")) from error
            table = await core.start(game_id, interaction.user.id, thread.id)
            with speaking(table.language):  # the lobby message, where the button was pressed, is public
                text, view = compose.lobby_text(table), lobby_view(table.id, False)
            await interaction.edit_original_response(content=text, view=view,
                                                     allowed_mentions=discord.AllowedMentions.none())

    @game_group.command(name="practice", description="Learn a game: play it alone against robots in a private thread, "
                                                      "with lessons and hints")
    @app_commands.describe(kind="Which game", level="How well the robots play (default easy)",
                           robots="How many robots (default: the game's smallest table, e.g. 2, or 3 for Dreadful "
                                  "Circus)")
    @app_commands.choices(kind=KIND_CHOICES, level=LEVEL_CHOICES)
    async def practice(self, interaction: discord.Interaction, kind: str, level: str = "easy",
                       robots: app_commands.Range[int, 1, 7] | None = None) -> None:
        await acting.answer_first(interaction)  # privately: the practice is the asker's own
        if level not in LEVELS:
            raise TableError(tr("The robots play at one of these levels: {levels}.", levels=", ".join(LEVELS)))
        core = core_of(interaction)
        core.check_practice(kind, robots)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel) or interaction.guild_id is None:
            raise TableError(tr(NO_PRIVATE_THREAD_HERE, command=command("game practice")))
        perms = interaction.app_permissions
        if not (perms.create_private_threads and perms.send_messages_in_threads and perms.attach_files):
            raise TableError(tr(NO_PRIVATE_THREAD_PERMISSION, command=command("game practice")))
        name = tr("Practice: {game} — {name}", game=KITS[kind].name, name=interaction.user.display_name)[:100]
        async with bot_of(interaction).working():
            try:
                thread = await channel.create_thread(name=name, type=discord.ChannelType.private_thread,
                                                     invitable=False, auto_archive_duration=10080)
                await thread.add_user(interaction.user)
            except discord.Forbidden as error:
                raise TableError(tr(NO_PRIVATE_THREAD_PERMISSION, command=command("game practice"))) from error
            except discord.HTTPException as error:
                log.warning("No private thread for a practice game in channel %s: %s", channel.id, error)
                raise TableError(tr(NO_PRIVATE_THREAD_HERE, command=command("game practice"))) from error
            try:
                table = await core.practice(kind, interaction.guild_id, channel.id, interaction.user.id,
                                            interaction.user.display_name, level=level, robots=robots,
                                            thread_id=thread.id)
            except Exception:
                try:  # nobody will play in it: the thread goes with the game that was not made
                    await thread.delete()
                except discord.HTTPException as failure:
                    log.warning("An empty practice thread %s could not be deleted: %s", thread.id, failure)
                raise
        await acting.reply(interaction, trn(
            "🎓 Your practice game of {game} is ready in {thread}: you against {n} {level} robot. The first time each "
            "kind of decision comes up, your panel explains it; **Show me** gives the strong player's choice and **Why "
            "not…?** the rule behind a choice you cannot make. Practice games are not rated.",
            "🎓 Your practice game of {game} is ready in {thread}: you against {n} {level} robots. The first time each "
            "kind of decision comes up, your panel explains it; **Show me** gives the strong player's choice and **Why "
            "not…?** the rule behind a choice you cannot make. Practice games are not rated.",
            len(table.seats) - 1, game=table.kit.name, thread=thread.mention, level=trc("command", level)))

    @game_group.command(name="deadline", description="Set the turn deadline of a game you created, before it starts")
    @app_commands.describe(game="The game number", hours="Hours each player has per turn, counted in their active "
                           "hours (0 for no deadline)",
                           autopilot_after="Missed deadlines in a row before the automatic player keeps a seat")
    async def deadline(self, interaction: discord.Interaction, game: int, hours: app_commands.Range[float, 0.0, 336.0],
                       autopilot_after: app_commands.Range[int, 1, 20] = DEFAULT_AUTOPILOT_AFTER) -> None:
        within(hours, 0, 336, N_("a turn deadline in hours"))
        within(autopilot_after, 1, 20, N_("the number of missed deadlines before autopilot"))
        await acting.answer_first(interaction)
        minutes = round(hours * 60) or None
        table = await core_of(interaction).set_deadline(game, interaction.user.id, minutes, autopilot_after,
                                                              interaction.guild_id)
        text = (tr("Each player now has {hours} hours per turn (in their active hours); after {n} missed deadlines "
                   "in a row the automatic player keeps the seat.", hours=format(hours, "g"), n=autopilot_after)
                if minutes else tr("No turn deadline."))
        await acting.reply(interaction, text)
        await self.refresh_lobby(table)

    @game_group.command(name="hints", description="Turn Suggest on or off in a game you created (or manage), before "
                                                  "it starts")
    @app_commands.describe(game="The game number", on="Offer Suggest on players' private panels")
    async def hints(self, interaction: discord.Interaction, game: int, on: bool) -> None:
        await acting.answer_first(interaction)
        table = await core_of(interaction).set_hints(game, interaction.user.id, on, interaction.guild_id,
                                                     may_manage=is_manager(interaction))
        await acting.reply(interaction, tr("{game}: hints are on.", game=table.title) if on
                           else tr("{game}: hints are off.", game=table.title))
        await self.refresh_lobby(table)

    # ----- games here -----------------------------------------------------------------------------------
    @game_group.command(name="list", description="Games in this server that are open or in progress")
    async def list_games(self, interaction: discord.Interaction) -> None:
        guild_id, _ = acting.in_server(interaction)
        await acting.answer_first(interaction)
        lines = [self.listing(record) for record in await core_of(interaction).games_here(guild_id)]
        await acting.reply(interaction, "\n".join(lines)[:compose.MESSAGE_LIMIT]
                           or tr("No games here yet: start one with {command}.", command=command("game new")))

    @game_group.command(name="mine", description="Your games in this server")
    async def my_games(self, interaction: discord.Interaction) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        lines = []
        for record in await core.games_of(interaction.user.id, interaction.guild_id):
            awaited = await core.awaits(record, interaction.user.id)
            lines.append(tr("{game} — **your move**", game=self.listing(record)) if awaited else self.listing(record))
        await acting.reply(interaction, "\n".join(lines)[:compose.MESSAGE_LIMIT]
                           or tr("You are not in any game here."))

    @staticmethod
    def listing(record: Any) -> str:
        line = tr("#{number} {game} — {status}", number=record.id, game=KITS[record.kind].name,
                  status=acting.status_words(record.status))
        if record.damage is not None:
            line = tr("{game} — ⚠️ save damaged", game=line)
        thread = f"<#{record.thread_id}>"
        return tr("{game} in {thread}", game=line, thread=thread) if record.thread_id else line

    @game_group.command(name="status", description="Show a game's board and who is awaited")
    @app_commands.describe(game=GAME)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        if table.state is None:
            await acting.reply(interaction, compose.lobby_text(table))
            return
        core = core_of(interaction)
        table.deadlines = await core.deadlines(table)
        view = table.public_view()
        text = f"**{table.title}** ({acting.status_words(table.record.status)})\n{compose.awaited_line(table)}"
        pictures = await core.renders.board(table.record.kind, view)
        alt = table.kit.board_alt(view)
        await interaction.followup.send(text[:compose.MESSAGE_LIMIT], ephemeral=True,
                                        files=[discord.File(io.BytesIO(picture), filename=f"board-{n}.png" if n else
                                                            "board.png", description=alt)
                                               for n, picture in enumerate(pictures)])

    @game_group.command(name="log", description="Read a game's log, page by page")
    @app_commands.describe(game=GAME, page="Page number (1 is oldest; the newest page if left out)")
    async def show_log(self, interaction: discord.Interaction, game: int | None = None,
                       page: app_commands.Range[int, 1, 10000] | None = None) -> None:
        if page is not None:
            within(page, 1, 10000, N_("a log page"))
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        life = bot_of(interaction).life_handlers
        if life is None:
            raise TableError(tr("That part of the bot is starting up; please try again in a moment."))
        await life.show_log_page(interaction, table.id, page)

    @game_group.command(name="hand", description="See your own hand and private information (only you see it)")
    @app_commands.describe(game=GAME)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        await acting.show_private(interaction, table)

    # ----- ending or mending a game ---------------------------------------------------------------------
    @game_group.command(name="abandon", description="Abandon a game (creator or manager), or vote to abandon it")
    @app_commands.describe(game=GAME)
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        guild_id, _ = acting.in_server(interaction)
        await acting.answer_first(interaction)
        core = core_of(interaction)
        record = await self.named_game(interaction, game)
        user = interaction.user
        seated = await core.is_seated(record.id, user.id)
        if user.id != record.creator_id and not is_manager(interaction) and seated:
            table, votes, needed = await core.vote_to_abandon(record.id, user.id, guild_id)
            if table.record.status != "abandoned":
                await acting.reply(interaction, tr("Your vote to abandon {game} is counted ({votes} of the {needed} "
                                                   "needed).", game=table.title, votes=votes, needed=needed))
                return
        else:
            table = await core.abandon(record.id, user.id, is_manager(interaction))
        await acting.reply(interaction, tr("{game} is abandoned.", game=table.title))

    @game_group.command(name="repair", description="Rebuild a game whose save is damaged from its action log")
    @app_commands.describe(game=GAME)
    async def repair(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        record = await self.named_game(interaction, game)
        core = core_of(interaction)
        table = await core.repair(record.id, interaction.user.id, is_manager(interaction), interaction.guild_id)
        await interaction.followup.send(tr("{game} was rebuilt from its action log; a fresh board is in its thread.",
                                           game=table.title), ephemeral=True)

    @game_group.command(name="stats", description="A game's skill ratings and leaderboard in this server")
    @app_commands.describe(kind="Which game")
    @app_commands.choices(kind=stats.KIND_CHOICES)
    async def game_stats(self, interaction: discord.Interaction, kind: str) -> None:
        guild_id = stats.asked_in_server(interaction, kind)
        await acting.answer_first(interaction)
        await acting.reply(interaction, await stats.game_stats_text(core_of(interaction), guild_id, kind))

    @game_group.command(name="export", description="The record of an ended game to keep: JSON and a plain-text log")
    @app_commands.describe(game=GAME)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        guild_id, _ = acting.in_server(interaction)
        await acting.answer_first(interaction)
        record = await self.named_game(interaction, game)
        table, export, text = await core_of(interaction).game_export(record.id, guild_id)
        stem = f"{table.record.kind}-{table.id}"
        data = json.dumps(export, ensure_ascii=False, indent=1).encode()
        await acting.reply(interaction, tr("The record of {game}: every move and public event, the options, the "
                                           "players and the seed. Check it with `python -m rules verify {file}`; the "
                                           "sandbox imports it to replay and review.", game=table.title,
                                           file=stem + ".json"),
                           files=[discord.File(io.BytesIO(data), filename=f"{stem}.json",
                                               description=tr("The record of {game}, as JSON.", game=table.title)),
                                  discord.File(io.BytesIO(text.encode()), filename=f"{stem}.txt",
                                               description=tr("The log of {game}, as plain text.",
                                                              game=table.title))])

    async def named_game(self, interaction: discord.Interaction, game: int | None) -> Any:
        """The record of the game named or of this thread, even if its save is damaged."""
        guild_id, channel_id = acting.in_server(interaction)
        core = core_of(interaction)
        record = await core.record(game) if game is not None else await core.game_in_thread(channel_id)
        if record is None and game is None:
            return (await acting.context_table(interaction, None)).record
        if record is None or record.guild_id != guild_id:
            raise TableError(tr("There is no game #{number} in this server.", number=game) if game is not None
                             else tr("Name the game with the game option, or use the command in its thread."))
        return record

    @game_group.command(name="rules", description="How a game is played here: goal, a turn, scoring, variants")
    @app_commands.describe(kind="Which game", section="Which part of the guide (the first if left out)")
    @app_commands.choices(kind=KIND_CHOICES)
    async def rules(self, interaction: discord.Interaction, kind: str, section: str | None = None) -> None:
        if kind not in KITS:
            raise TableError(tr("Choose one of the listed games."))
        await self.show_guide(interaction, kind, guides.find(kind, section), False)

    @rules.autocomplete("section")
    async def _section_choices(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        kind = str(getattr(interaction.namespace, "kind", "") or "")
        if kind not in KITS:
            return []
        return [app_commands.Choice(name=s.title, value=s.title) for s in guides.guide(kind)
                if current.lower() in s.title.lower()][:25]

    async def show_guide(self, interaction: discord.Interaction, kind: str, index: int, edit: bool) -> None:
        if edit and (kind not in KITS or not 0 <= index < len(guides.guide(kind))):  # a button past the guide
            raise OutOfDate()
        if kind not in KITS:
            raise TableError(tr("Choose one of the listed games."))
        text, count = guides.page(kind, index)
        view = guide_view(kind, index, count, [s.title for s in guides.guide(kind)])
        await acting.show_page(interaction, text, view, edit)

    @status.autocomplete("game")
    @show_log.autocomplete("game")
    @hand.autocomplete("game")
    @leave.autocomplete("game")
    @start.autocomplete("game")
    @abandon.autocomplete("game")
    @repair.autocomplete("game")
    @deadline.autocomplete("game")
    @hints.autocomplete("game")
    @export.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await acting.game_autocomplete(interaction, current)

    @join.autocomplete("game")
    async def _lobby_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await acting.lobby_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(LobbyCog(bot))
