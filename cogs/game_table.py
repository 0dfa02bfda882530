"""Loads the shared table (the /game commands, lobby, boards and persistent buttons) and the life of
days-long games (deadlines, autopilot, recaps, seats changing hands, statistics)."""

from discord.ext import commands

from cogs.table.cog import setup_table
from cogs.table.life_cog import setup_life


async def setup(bot: commands.Bot) -> None:
    await setup_table(bot)
    await setup_life(bot)
