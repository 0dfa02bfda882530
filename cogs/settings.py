"""A member's own settings: time zone and active hours (deadlines only run inside them) and how they
are told it is their turn."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting
from cogs.runtime import RingmasterBot, core_of
from table import hours
from table.errors import TableError


class SettingsCog(commands.Cog, name="Settings"):
    me = app_commands.Group(name="me", description="Your own Ringmaster settings")

    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    @me.command(name="hours", description="Your time zone and active hours (deadlines only run inside them)")
    @app_commands.describe(time_zone="An IANA time zone, e.g. Europe/Berlin", start="When your day starts, e.g. 08:00",
                           end="When it ends, e.g. 23:00 (leave both out for all day)")
    async def set_hours(self, interaction: discord.Interaction, time_zone: str, start: str | None = None,
                        end: str | None = None) -> None:
        try:
            hours.zone(time_zone[:80])
            if (start is None) != (end is None):
                raise ValueError("Give both a start and an end for your active hours, or neither.")
            first = hours.parse_clock(start[:20]) if start is not None else None
            last = hours.parse_clock(end[:20]) if end is not None else None
        except ValueError as error:
            raise TableError(str(error)) from error
        await acting.answer_first(interaction)
        await core_of(interaction).set_hours(interaction.user.id, time_zone, first, last)
        span = f"from {start} to {end}" if start is not None else "all day"
        await acting.reply(interaction, f"Saved: {time_zone}, active {span}. Your turn clocks only run in those hours, "
                           "and reminders never come outside them.")

    @me.command(name="notify", description="How I tell you it is your turn")
    @app_commands.describe(mode="mention in the game's thread, a direct message, or nothing")
    async def set_notify(self, interaction: discord.Interaction, mode: Literal["mention", "dm", "none"]) -> None:
        await acting.answer_first(interaction)
        await core_of(interaction).set_notify(interaction.user.id, mode)
        words = {"mention": "I will mention you in the game's thread.",
                 "dm": "I will send you a direct message (or mention you in the thread if I cannot).",
                 "none": "I will not ping you; the thread still shows when it is your turn."}
        await acting.reply(interaction, words[mode])

    @me.command(name="settings", description="Show your time zone, active hours and notifications")
    async def show_settings(self, interaction: discord.Interaction) -> None:
        await acting.answer_first(interaction)
        member = await core_of(interaction).member(interaction.user.id)
        if member.active_from is None or member.active_to is None:
            span = "all day"
        else:
            span = (f"{member.active_from // 60:02d}:{member.active_from % 60:02d}–"
                    f"{member.active_to // 60:02d}:{member.active_to % 60:02d}")
        await acting.reply(interaction, f"Time zone {member.time_zone}, active {span}, notifications: {member.notify}.")


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(SettingsCog(bot))
