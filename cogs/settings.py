"""A member's own settings: time zone and active hours (deadlines only run inside them), how they are
told it is their turn, and time away (``/me away``: clocks stopped and pings held in all their games); and
``/me inbox`` and ``/me next``, across all of a member's games (answered by the play cog). Every ``/me`` command
works in a server or in a direct message with the bot."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting
from cogs.buttons import play_handlers
from cogs.runtime import RingmasterBot, core_of
from lang import N_, command, tr, trc
from table import compose, hours
from table.errors import TableError

NOTIFY_WORDS = {"mention": N_("I will mention you in the game's thread."),
                "dm": N_("I will send you a direct message (or mention you in the thread if I cannot)."),
                "none": N_("I will not ping you; the thread still shows when it is your turn.")}


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
                raise ValueError(tr("Give both a start and an end for your active hours, or neither."))
            first = hours.parse_clock(start[:20]) if start is not None else None
            last = hours.parse_clock(end[:20]) if end is not None else None
        except ValueError as error:
            raise TableError(str(error)) from error
        await acting.answer_first(interaction)
        await core_of(interaction).set_hours(interaction.user.id, time_zone, first, last)
        if start is not None:
            text = tr("Saved: {zone}, active from {start} to {end}. Your turn clocks only run in those hours, and "
                      "reminders never come outside them.", zone=time_zone, start=start, end=end)
        else:
            text = tr("Saved: {zone}, active all day. Your turn clocks only run in those hours, and reminders never "
                      "come outside them.", zone=time_zone)
        await acting.reply(interaction, text)

    @me.command(name="notify", description="How I tell you it is your turn, and your daily digest")
    @app_commands.describe(mode="mention in the game's thread, a direct message, or nothing",
                           digest="A daily direct message at this hour of yours listing the games waiting for you "
                                  "(e.g. 8 or 07:30), or off")
    async def set_notify(self, interaction: discord.Interaction, mode: Literal["mention", "dm", "none"] | None = None,
                         digest: str | None = None) -> None:
        if mode is None and digest is None:
            raise TableError(tr("Choose how I tell you it is your turn (mode), a time for your daily digest (digest), "
                                "or both."))
        at = parse_digest(digest) if digest is not None else None
        await acting.answer_first(interaction)
        core = core_of(interaction)
        words: list[str] = []
        if mode is not None:
            await core.set_notify(interaction.user.id, mode)
            words.append(tr(NOTIFY_WORDS[mode]))
        if digest is not None:
            await core.set_digest(interaction.user.id, at)
            words.append(digest_words(at, (await core.member(interaction.user.id)).time_zone))
        await acting.reply(interaction, " ".join(words))

    @me.command(name="away", description="Going away? Stop your turn clocks and hold your pings in all your games")
    @app_commands.describe(until="How long (3d, 36h, 1w) or until when (friday, 2026-12-04 18:00), in your time zone",
                           note="A word for the other players (shown in each game's thread)")
    async def away(self, interaction: discord.Interaction, until: str, note: str | None = None) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        moment, told = await core.go_away(interaction.user.id, until, note)
        games = ", ".join(table.title for table in told)
        if games:
            text = tr("You are away until {moment}. I told {games}. Your turn clocks stop and I will not ping you "
                      "until then (each game allows a few days of its away bank); {command} when you return.",
                      moment=compose.timestamp(moment), games=games, command=command("me back"))
        else:
            text = tr("You are away until {moment}. Your turn clocks stop and I will not ping you until then (each "
                      "game allows a few days of its away bank); {command} when you return.",
                      moment=compose.timestamp(moment), command=command("me back"))
        await acting.reply(interaction, text)

    @me.command(name="back", description="Back early from being away: your games carry on with you")
    async def back(self, interaction: discord.Interaction) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        back = await core.come_back(interaction.user.id)
        waiting = [table for table in back if interaction.user.id in table.awaited_users()]
        text = tr("Welcome back!")
        if waiting:
            games = ", ".join(f"{table.title}" + (f" (<#{table.record.thread_id}>)" if table.record.thread_id else "")
                              for table in waiting)
            text = tr("Welcome back! Waiting for you: {games}.", games=games)
        await acting.reply(interaction, text[:compose.MESSAGE_LIMIT])

    @me.command(name="settings", description="Show your time zone, active hours, notifications and time away")
    async def show_settings(self, interaction: discord.Interaction) -> None:
        await acting.answer_first(interaction)
        core = core_of(interaction)
        member = await core.member(interaction.user.id)
        if member.active_from is None or member.active_to is None:
            span = tr("all day")
        else:
            span = f"{clock_text(member.active_from)}–{clock_text(member.active_to)}"
        away = tr("not away")
        if member.away_at(core.clock()) and member.away_until is not None:
            until = compose.timestamp(member.away_until)
            away = (tr("away until {moment} ({note})", moment=until, note=member.away_note) if member.away_note
                    else tr("away until {moment}", moment=until))
        digest = (tr("no daily digest") if member.digest_at is None
                  else tr("daily digest at {time}", time=clock_text(member.digest_at)))
        await acting.reply(interaction, tr("Time zone {zone}, active {span}, notifications: {notify}, {digest}, "
                                           "{away}.", zone=member.time_zone, span=span,
                                           notify=trc("command", member.notify), digest=digest, away=away))

    # ----- one inbox across a player's games (see cogs/play.py and table/inbox.py) --------------------------
    @me.command(name="inbox", description="All your games on every server: the ones waiting for you first")
    async def inbox(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).inbox_page(interaction, 1)

    @me.command(name="next", description="Open your turn in the next game waiting for you, on any server")
    async def next_game(self, interaction: discord.Interaction) -> None:
        await play_handlers(interaction).next_game(interaction, None)


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_digest(text: str) -> int | None:
    """A digest's time of day (minutes after midnight) from "8", "08", "7:30" or "07:30"; None for "off"."""
    text = text.strip().lower()[:20]
    if text in ("off", "none", "no", "stop"):
        return None
    try:
        return hours.parse_clock(f"{text}:00" if text.isdigit() else text)
    except ValueError as error:
        raise TableError(tr("Write your digest's time as an hour of your day, like 8 or 07:30, or off to stop it; "
                            "{text} is neither.", text=repr(text))) from error


def digest_words(at: int | None, time_zone: str) -> str:
    if at is None:
        return tr("No daily digest from now on.")
    return tr("Your daily digest comes at {time} ({zone}) by direct message, listing the games waiting for you and "
              "their deadlines; nothing comes on a day when nothing waits, or while you are away. Set your time zone "
              "and hours with {command}.", time=clock_text(at), zone=time_zone, command=command("me hours"))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(SettingsCog(bot))
