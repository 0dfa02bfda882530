"""The web companion in the bot: started with the bot when ``RINGMASTER_WEB`` is set (on the bot's own
event loop) and stopped with it, the ``/game web`` command that gives a member their links, and which
games are open to anyone on the web.

A game's spectator and replay pages open without a link only when anyone could read its thread anyway:
its server is listed in Discord's Server Discovery and everyone may view its channel. Every other game's
pages open only from a signed link: the board's **Follow on the web** button, or ``/game web``.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting
from cogs.runtime import RingmasterBot, bot_of
from lang import N_, tr
from table.errors import TableError
from web.companion import Companion, Placed

log = logging.getLogger("ringmaster.web")

GAME = "The game number (defaults to this thread's game)"
OFF = N_("This bot has no web pages: whoever runs it has not set RINGMASTER_WEB (see the README), so there is "
         "nothing to link to.")


@app_commands.command(name="web", description="Links to follow a game on the web, and your seat's private page")
@app_commands.describe(game=GAME)
async def web_links(interaction: discord.Interaction, game: int | None = None) -> None:
    """The asker's links, privately: their seat's page (if seated), the spectator page and the replay."""
    companion = bot_of(interaction).web
    if companion is None:
        raise TableError(tr(OFF))
    await acting.answer_first(interaction)
    table = await acting.context_table(interaction, game)
    if table.state is None:
        raise TableError(tr("This game has not started yet; its web pages open when it starts."))
    lines = [tr("🌐 **{game}** on the web:", game=table.title)]
    buttons = discord.ui.View(timeout=None)
    seat = table.seat_of(interaction.user.id)
    if seat is not None:
        private = companion.seat_link(table, seat)
        lines.append(tr("• Your seat's page shows your hand, so keep its link to yourself; it works for a week: "
                        "{link}", link=private))
        buttons.add_item(discord.ui.Button(label=tr("My seat's page"), url=private, emoji="🃏"))
    follow = companion.follow_link(table.record)
    lines.append(tr("• The spectator page shows what the thread shows: {link}", link=follow))
    lines.append(tr("• The replay, move by move: {link}", link=follow + "/replay"))
    buttons.add_item(discord.ui.Button(label=tr("Follow on the web"), url=follow, emoji="🌐"))
    await acting.reply(interaction, "\n".join(lines), view=buttons)


@web_links.autocomplete("game")
async def _game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await acting.game_autocomplete(interaction, current)


class WebCog(commands.Cog, name="Web"):
    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("game")
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("/game web belongs to the /game group, which the lobby cog adds first")
        group.add_command(web_links)
        settings = self.bot.config.web
        if settings is None:
            return
        companion = await Companion.create(self.bot.core, settings, is_open=self.is_open)
        if self.bot.operations.shares_web(self.bot.config):
            self.bot.operations.share(companion.app)  # RINGMASTER_HEALTH names the companion's address
        try:
            await companion.start(settings.host, settings.port)
        except OSError as error:  # the bot still hosts its games; only the pages are missing
            log.error("The web companion could not listen on %s:%s (%s); the bot runs without web pages",
                      settings.host, settings.port, error.strerror or error)
            return
        self.bot.web = companion

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("game")
        if isinstance(group, app_commands.Group):
            group.remove_command("web")
        if self.bot.web is not None:
            companion, self.bot.web = self.bot.web, None
            await companion.stop()

    def is_open(self, record: Placed) -> bool:
        """Whether anyone may follow the game without a link: a discoverable server, a channel everyone reads."""
        guild = self.bot.get_guild(record.guild_id)
        if guild is None or "DISCOVERABLE" not in guild.features:
            return False
        channel = guild.get_channel(record.channel_id)
        return channel is not None and channel.permissions_for(guild.default_role).view_channel


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(WebCog(bot))
