"""The life of a days-long game in Discord: the scheduler that drives reminders, deadlines, automatic
moves and outbox retries; taking a seat back; putting a seat on autopilot; handing a seat over; taking a
move back; recaps and the paged log.

The scheduler keeps nothing in memory: every tick asks the core what is due, so after a restart
reminders, deadlines and undelivered posts simply carry on. Tests call :meth:`LifeCog.tick` with a
controllable clock (the bot's ``clock``) instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting
from cogs.buttons import OutOfDate
from cogs.runtime import RingmasterBot, core_of
from cogs.views import log_pages_view
from lang import tr
from table import compose, standing
from table.errors import TableError
from table.model import Table

log = logging.getLogger(__name__)

RECAP_ON_REQUEST = 30  # recap lines when a player asks (a ping carries fewer, beside the board)
GAME = "The game number (defaults to this thread's game)"


class LifeCog(commands.Cog, name="Async life"):
    seat = app_commands.Group(name="seat", description="Your seat in a game", guild_only=True)

    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.life_handlers = self
        self._task = asyncio.create_task(self._run(), name="ringmaster-scheduler")

    async def cog_unload(self) -> None:
        self.bot.life_handlers = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # ----- the scheduler --------------------------------------------------------------------------------
    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        await self.bot.core.resume_posting()  # what a previous run saved but could not post
        await self.bot.core.resume_robots()  # robots a previous run stopped while they thought
        while True:
            await asyncio.sleep(self.bot.tick_seconds)
            try:
                async with self.bot.working():
                    await self.tick()
            except Exception:
                log.exception("The scheduler's tick failed; it will try again")

    async def tick(self) -> int:
        """Do everything due now; returns how many reminders, deadlines, automatic moves, nudges and digests were
        done."""
        done = await self.bot.core.tick()
        await self.bot.core.posting_idle()
        return done

    # ----- seats ----------------------------------------------------------------------------------------
    async def reclaim(self, interaction: discord.Interaction, game_id: int) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        await core.reclaim(game_id, interaction.user.id, interaction.guild_id)
        await acting.reply(interaction, tr("Your seat is yours again; the automatic player has stepped aside."))

    @seat.command(name="reclaim", description="Take your seat back from the automatic player")
    @app_commands.describe(game=GAME)
    async def reclaim_command(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        await self.reclaim(interaction, (await acting.context_table(interaction, game)).id)

    @seat.command(name="autopilot", description="Let the automatic player play a seat (yours, or a vanished player's)")
    @app_commands.describe(game=GAME, player="Whose seat (creator or server manager only; default: yours)")
    async def autopilot(self, interaction: discord.Interaction, game: int | None = None,
                        player: discord.Member | None = None) -> None:
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        target = None
        if player is not None:
            target = table.seat_of(player.id)
            if target is None:
                raise TableError(tr("{name} has no seat in this game.", name=player.display_name[:40]))
        manager = isinstance(interaction.user, discord.Member) and interaction.user.guild_permissions.manage_guild
        core = core_of(interaction)
        left = player is not None and await self.left_server(interaction, player.id)
        table, seat = await core.set_autopilot(table.id, interaction.user.id, target, manager, interaction.guild_id,
                                               member_left=left)
        await acting.reply(interaction, tr("The automatic player now plays {name}'s seat.", name=table.names[seat]))

    @staticmethod
    async def left_server(interaction: discord.Interaction, user_id: int) -> bool:
        """Whether a member has left the server (a seat they left behind may go to the automatic player)."""
        guild = interaction.guild
        if guild is None or guild.get_member(user_id) is not None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    @seat.command(name="handover", description="Offer your seat to another member of this server")
    @app_commands.describe(member="Who should take your seat", game=GAME)
    async def handover(self, interaction: discord.Interaction, member: discord.Member, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        core = core_of(interaction)
        await core.offer_seat(table.id, interaction.user.id, member.id, member.bot, interaction.guild_id)
        await acting.reply(interaction, tr("You offered your seat to {name}.", name=member.display_name[:40]))

    async def accept_seat(self, interaction: discord.Interaction, game_id: int, seat: int, giver: int,
                          taker: int) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        table = await core.hand_over(game_id, seat, giver, taker, interaction.user.id)
        await acting.reply(interaction, tr("You now play {name}'s seat in {game}.", name=table.names[seat],
                                           game=table.title))

    # ----- taking a move back ---------------------------------------------------------------------------
    @seat.command(name="undo", description="Take back your last move")
    @app_commands.describe(game=GAME)
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        await self.take_back(interaction, (await acting.context_table(interaction, game)).id, agreeing=False)

    async def agree_to_take_back(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        await self.take_back(interaction, game_id, agreeing=True, version=version)

    async def take_back(self, interaction: discord.Interaction, game_id: int, *, agreeing: bool,
                        version: int | None = None) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        outcome = await core.take_back(game_id, interaction.user.id, interaction.guild_id, agreeing, version)
        if outcome.done:
            answer = tr("The move is taken back.")
        elif agreeing:
            answer = tr("Noted.")
        else:
            answer = tr("That move drew cards or dice or revealed something, so the others must agree; I have asked "
                        "them in the thread.")
        await acting.reply(interaction, answer)

    # ----- standing answers -----------------------------------------------------------------------------
    @seat.command(name="standing", description="Answer in advance the decisions that come outside your turn")
    @app_commands.describe(game=GAME, decision="Which decision (leave out to list them)",
                           answer="Your answer, played at once when the decision comes ('ask' to be asked again)")
    async def standing_answers(self, interaction: discord.Interaction, game: int | None = None,
                               decision: str | None = None, answer: str | None = None) -> None:
        await acting.answer_first(interaction)
        table = await acting.context_table(interaction, game)
        core = core_of(interaction)
        if decision is None or answer is None:
            if answer is not None:
                raise TableError(tr("Name the decision the answer is for, with the decision option."))
            table, lines = await core.standing_lines(table.id, interaction.user.id, interaction.guild_id)
            if decision is not None:
                chosen = standing.decision_named(table, decision)
                lines = [line for line in lines if line.decision is chosen]
            await acting.reply(interaction, standing.standing_text(table, lines)[:compose.MESSAGE_LIMIT])
            return
        table, chosen, answered, played = await core.set_standing(table.id, interaction.user.id,
                                                                  interaction.guild_id, decision, answer)
        if answered is None:
            text = tr("{decision}: you will be asked, as usual.", decision=chosen.label)
        elif played:
            text = tr("{decision}: {answer}. It is played for you when the decision comes. The decision was waiting "
                      "for you, so it has been played now.", decision=chosen.label, answer=answered.label)
        else:
            text = tr("{decision}: {answer}. It is played for you when the decision comes.", decision=chosen.label,
                      answer=answered.label)
        await acting.reply(interaction, text)

    @standing_answers.autocomplete("decision")
    async def _decision_choices(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        table = await self._autocomplete_table(interaction)
        if table is None:
            return []
        return [app_commands.Choice(name=d.label[:100], value=d.key) for d in table.game.standing_decisions
                if current.lower() in d.label.lower() or current.lower() in d.key][:25]

    @standing_answers.autocomplete("answer")
    async def _answer_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = await self._autocomplete_table(interaction)
        key = str(getattr(interaction.namespace, "decision", "") or "")
        chosen = None if table is None else next((d for d in table.game.standing_decisions if d.key == key), None)
        if chosen is None:
            return []
        found = [app_commands.Choice(name=a.label[:100], value=a.key) for a in chosen.answers]
        found.append(app_commands.Choice(name=standing.ASK_LABEL, value=standing.ASK))
        return [c for c in found if current.lower() in c.name.lower() or current.lower() in c.value][:25]

    @staticmethod
    async def _autocomplete_table(interaction: discord.Interaction) -> Table | None:
        game = getattr(interaction.namespace, "game", None)
        try:
            return await acting.context_table(interaction, game if isinstance(game, int) else None)
        except TableError:
            return None

    # ----- recaps and the log ---------------------------------------------------------------------------
    async def show_recap(self, interaction: discord.Interaction, game_id: int) -> None:
        await acting.answer_first(interaction)
        _, public, earlier, private = await core_of(interaction).recap(game_id, interaction.user.id,
                                                                       interaction.guild_id, RECAP_ON_REQUEST)
        parts = [compose.recap_text(interaction.user.id, public, earlier, limit=RECAP_ON_REQUEST)
                 or tr("Nothing public has happened since your last move.")]
        if private:
            parts.append("\n".join([tr("🔒 Only for you:"), *(f"• {line}" for line in private[-8:])]))
        await acting.reply(interaction, compose.fit_lines(parts))

    @seat.command(name="recap", description="What happened since your last move, including what only you saw")
    @app_commands.describe(game=GAME)
    async def recap(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await acting.answer_first(interaction)
        await self.show_recap(interaction, (await acting.context_table(interaction, game)).id)

    async def show_log_page(self, interaction: discord.Interaction, game_id: int, page: int | None,
                            edit: bool = False) -> None:
        await acting.answer_first(interaction, edit=edit)
        core = core_of(interaction)
        table = await core.table(game_id, interaction.guild_id)
        lines = await core.public_log(table)
        text, pages = compose.log_page(lines, page or 10**9)
        if edit and page is not None and not 1 <= page <= pages:  # a page button pointing past the log
            raise OutOfDate()
        number = min(max(1, page or pages), pages)
        await acting.show_page(interaction, text, log_pages_view(table.id, number, pages), edit)

    @reclaim_command.autocomplete("game")
    @autopilot.autocomplete("game")
    @handover.autocomplete("game")
    @undo.autocomplete("game")
    @recap.autocomplete("game")
    @standing_answers.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await acting.game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(LifeCog(bot))
