"""Playing a turn through the board's buttons: "Take your turn" opens the awaited player's private
panel, a panel's choice is played, and "My hand" shows the asker's private view. The moves themselves go
through ``cogs/acting.py`` like every game command."""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs import acting
from cogs.buttons import OutOfDate
from cogs.runtime import RingmasterBot, core_of
from table.errors import ChoiceGone, TableError


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.play_handlers = self

    async def cog_unload(self) -> None:
        self.bot.play_handlers = None

    async def open_turn(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        # The button's version is not checked: the panel is built from the current state, so a click on an
        # older board (another seat acted since, as happens in simultaneous steps) is still useful.
        await acting.answer_first(interaction)
        table = await core_of(interaction).table(game_id, interaction.guild_id)
        if table.record.status != "active" or table.state is None:
            raise TableError("This game has not started yet." if table.record.status == "lobby"
                             else "This game is over.")
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("You are not seated in this game.")
        if seat not in table.awaited():
            raise TableError(table.game.explain_waiting(table.state, seat))
        content, view = acting.panel_for(table, interaction.user.id)
        await acting.reply(interaction, content, view=view or discord.utils.MISSING)

    async def choose(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
        try:
            await acting.choose_index(interaction, game_id, version, index, edit_panel=True)
        except ChoiceGone as error:  # a place beyond the panel's own choices: a forged or outdated button
            raise OutOfDate() from error

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        await acting.answer_first(interaction)
        await acting.show_private(interaction, await core_of(interaction).table(game_id, interaction.guild_id))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(PlayCog(bot))
