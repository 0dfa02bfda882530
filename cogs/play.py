"""Playing a turn through the board's buttons: "Take your turn" opens the awaited player's private
panel, a panel's choice is played, and "My hand" shows the asker's private view. The moves themselves go
through ``cogs/acting.py`` like every game command.

Across a player's games: ``/me inbox`` lists them all, on every server (composed in ``table/inbox.py``), and
"Next game" (a panel's button, ``/me next``) opens the panel of the next game waiting for them, with the same
checks as "Take your turn"."""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs import acting
from cogs.buttons import OutOfDate
from cogs.runtime import RingmasterBot, core_of
from cogs.views import inbox_pages_view, why_not_view, with_next_game
from lang import N_, command, tr
from table import compose, inbox
from table.errors import ChoiceGone, TableError
from table.model import Table

WHY_NOT = N_("❓ Pick a choice you cannot make right now, and I will tell you the rule that stops it.")
NOTHING_TEMPTING = N_("Every choice this decision could take is on your panel: nothing here is against the rules.")
NOTHING_WAITS = N_("No other game is waiting for you right now. `{command}` lists all your games.")


def turn_panel(table: Table, user_id: int) -> tuple[str, discord.ui.View | None]:
    """The private panel "Take your turn" opens, or the refusal that says why there is none."""
    if table.record.status != "active" or table.state is None:
        raise TableError(tr("This game has not started yet.") if table.record.status == "lobby"
                         else tr("This game is over."))
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError(tr("You are not seated in this game."))
    if seat not in table.awaited():
        raise TableError(table.game.explain_waiting(table.state, seat))
    return acting.panel_for(table, user_id)


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
        content, view = turn_panel(table, interaction.user.id)
        content = await acting.with_lesson(interaction, table, content)
        await acting.reply(interaction, content, view=view or discord.utils.MISSING)

    async def choose(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
        try:
            await acting.choose_index(interaction, game_id, version, index, edit_panel=True, any_server=True)
        except ChoiceGone as error:  # a place beyond the panel's own choices: a forged or outdated button
            raise OutOfDate() from error

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        await acting.answer_first(interaction)
        await acting.show_private(interaction, await core_of(interaction).table(game_id, interaction.guild_id))

    async def suggest(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """"Suggest": the strong player's choice for the asker, answered to them alone (the panel stays as it is,
        so they can still choose on it). Any server: a panel "Next game" opened may be another server's."""
        await acting.answer_first(interaction)
        table, suggestion = await core_of(interaction).suggest(game_id, interaction.user.id, version)
        await acting.reply(interaction, suggestion.text(table.kit.name))

    async def why_not_list(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """"Why not…?" on a practice game's panel: a menu of choices that are not legal now, for the asker alone."""
        await acting.answer_first(interaction)
        _, tempting = await core_of(interaction).tempting(game_id, interaction.user.id, version)
        if not tempting:
            await acting.reply(interaction, tr(NOTHING_TEMPTING))
            return
        await acting.reply(interaction, tr(WHY_NOT), view=why_not_view(game_id, version, [t.label for t in tempting]))

    async def why_not(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
        """A choice picked from "Why not…?": the rules' own sentence why it is not legal now, privately."""
        await acting.answer_first(interaction)
        answer = await core_of(interaction).why_not(game_id, interaction.user.id, version, index)
        await acting.reply(interaction, answer)

    async def next_game(self, interaction: discord.Interaction, after: int | None, *, edit: bool = False) -> None:
        """The private panel of the next game waiting for the asker after game ``after`` (oldest wait first, on
        any server): in place of the panel the button is on (``edit``), else as a new private answer."""
        await acting.answer_first(interaction, edit=edit)
        table = await core_of(interaction).next_waiting(interaction.user.id, after)
        if table is None:
            await acting.reply(interaction, tr(NOTHING_WAITS, command=command("me inbox")), edit=edit,
                               view=with_next_game(None, after or 0) if edit else discord.utils.MISSING)
            return
        content, view = turn_panel(table, interaction.user.id)
        content = await acting.with_lesson(interaction, table, content)
        # The game may be on another server than the one asking: the panel names it and links to its board.
        link = f"<{inbox.board_link(table.record)}>"
        header = tr("🎪 **{game}** · [newest board]({link})", game=table.title, link=link)
        await acting.reply(interaction, compose.fit_lines([header, *content.split("\n")]), edit=edit,
                           view=with_next_game(view, table.id))

    async def inbox_page(self, interaction: discord.Interaction, page: int, *, edit: bool = False) -> None:
        """One page of the asker's inbox, read anew (a page turned shows the games as they are now)."""
        await acting.answer_first(interaction, edit=edit)
        pages = inbox.inbox_pages(await core_of(interaction).inbox(interaction.user.id))
        page = min(max(1, page), len(pages))
        await acting.reply(interaction, pages[page - 1], edit=edit, view=inbox_pages_view(page, len(pages)),
                           allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(PlayCog(bot))
