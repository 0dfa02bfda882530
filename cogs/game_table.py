"""Loads the shared table (the /game commands, lobby, boards and persistent buttons)."""

from discord.ext import commands

from cogs.table.cog import setup_table


async def setup(bot: commands.Bot) -> None:
    await setup_table(bot)
