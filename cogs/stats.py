"""Statistics of a server's finished games: a game's leaderboard and ratings, and a player's record (also
``/game stats``, in the lobby cog's group)."""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs import acting
from cogs.runtime import RingmasterBot, core_of
from lang import tr, trc, trn
from table import compose
from table.errors import TableError
from table.kits import KITS

KIND_CHOICES = [app_commands.Choice(name=entry.name, value=kind) for kind, entry in KITS.items()]


class Standing(Protocol):
    """One line of a player's record, as the core reads it."""

    @property
    def key(self) -> int | str: ...
    @property
    def played(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def average(self) -> float: ...
    @property
    def best(self) -> int: ...


def record_line(row: Standing, rating: Any = None) -> str:
    """A player's record in one game, with their rating there (", rating 23.4 (mean 31.0 ± 2.5)") if they have
    one."""
    game = KITS[str(row.key)].name if str(row.key) in KITS else str(row.key)
    fields = {"game": game, "played": row.played, "won": row.won, "average": format(row.average, ".1f"),
              "best": row.best}
    if rating is None:
        return tr("{game}: played {played}, won {won}, average {average}, best {best}", **fields)
    return tr("{game}: played {played}, won {won}, average {average}, best {best}, rating {rating} (mean {mu} ± "
              "{sigma})", rating=format(rating.ordinal, ".1f"), mu=format(rating.mu, ".1f"),
              sigma=format(rating.sigma, ".1f"), **fields)


async def rating_of(core: Any, guild_id: int, row: Standing, user_id: int) -> Any:
    """A player's rating in that game here (None: not rated)."""
    return await core.rating_of(guild_id, str(row.key), user_id)


def asked_in_server(interaction: discord.Interaction, kind: str) -> int:
    """The server a statistics question is asked in, or the sentence why it cannot be answered."""
    if interaction.guild_id is None:
        raise TableError(tr("Statistics belong to a server; ask in one."))
    if kind not in KITS:
        raise TableError(tr("Choose one of the listed games."))
    return interaction.guild_id


async def leaderboard_text(core: Any, guild_id: int, kind: str) -> str:
    """A game's leaderboard in a server: its people ranked, robots apart (a robot is no player to rank)."""
    name = KITS[kind].name
    rows = await core.leaderboard(guild_id, kind)
    robots = await core.robot_standings(guild_id, kind)
    if not rows and not robots:
        return tr("No {game} game has finished here yet.", game=name)
    lines = [tr("**{game} — leaderboard**", game=name)]
    lines += [tr("{place}. {player}: {won} won of {played}, average {average}, best {best}", place=place,
                 player=compose.mention(int(row.key)), won=row.won, played=row.played,
                 average=format(row.average, ".1f"), best=row.best) for place, row in enumerate(rows, start=1)]
    if robots:
        results = [tr("{level}: {won} won of {played}, average {average}", level=trc("command", str(row.key)),
                      won=row.won, played=row.played, average=format(row.average, ".1f")) for row in robots]
        lines.append(tr("Robots (not ranked): {robots}", robots="; ".join(results)))
    return "\n".join(lines)[:compose.MESSAGE_LIMIT]


async def ratings_text(core: Any, guild_id: int, kind: str) -> str:
    """A game's skill ratings in a server (OpenSkill), people ranked, robots by level apart."""
    name = KITS[kind].name
    people, robots = await core.ratings(guild_id, kind)
    if not people and not robots:
        return tr("No rated {game} game has ended here yet (solo games, games with hints and abandoned games are not "
                  "rated).", game=name)
    lines = [tr("**{game} — ratings** (a cautious estimate: the mean less three deviations)", game=name)]
    lines += [trn("{place}. {player}: {rating} (mean {mu} ± {sigma}, {n} game)",
                  "{place}. {player}: {rating} (mean {mu} ± {sigma}, {n} games)", shown.games, place=place,
                  player=compose.mention(shown.user or 0), rating=format(shown.ordinal, ".1f"),
                  mu=format(shown.mu, ".1f"), sigma=format(shown.sigma, ".1f"))
              for place, shown in enumerate(people, start=1)]
    if robots:
        lines.append(tr("Robots, by level:"))
        lines += [trn("- {level}: {rating} (mean {mu} ± {sigma}, {n} game)",
                      "- {level}: {rating} (mean {mu} ± {sigma}, {n} games)", shown.games,
                      level=trc("command", str(shown.robot)), rating=format(shown.ordinal, ".1f"),
                      mu=format(shown.mu, ".1f"), sigma=format(shown.sigma, ".1f")) for shown in robots]
    return "\n".join(lines)[:compose.MESSAGE_LIMIT]


async def game_stats_text(core: Any, guild_id: int, kind: str) -> str:
    """``/game stats``: a game's ratings and its leaderboard together, within one message."""
    return f"{await ratings_text(core, guild_id, kind)}\n\n{await leaderboard_text(core, guild_id, kind)}"[
        :compose.MESSAGE_LIMIT]


class StatsCog(commands.Cog, name="Statistics"):
    stats = app_commands.Group(name="stats", description="Statistics of this server's games", guild_only=True)

    def __init__(self, bot: RingmasterBot) -> None:
        self.bot = bot

    @stats.command(name="leaderboard", description="The best players of a game in this server")
    @app_commands.describe(kind="Which game")
    @app_commands.choices(kind=KIND_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, kind: str) -> None:
        guild_id = asked_in_server(interaction, kind)
        await acting.answer_first(interaction)
        await acting.reply(interaction, await leaderboard_text(core_of(interaction), guild_id, kind))

    @stats.command(name="ratings", description="A game's skill ratings in this server (OpenSkill), robots apart")
    @app_commands.describe(kind="Which game")
    @app_commands.choices(kind=KIND_CHOICES)
    async def ratings(self, interaction: discord.Interaction, kind: str) -> None:
        guild_id = asked_in_server(interaction, kind)
        await acting.answer_first(interaction)
        await acting.reply(interaction, await ratings_text(core_of(interaction), guild_id, kind))

    @stats.command(name="record", description="A player's record in this server (default: yours)")
    @app_commands.describe(member="Whose record")
    async def record(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        if interaction.guild_id is None:
            raise TableError(tr("Statistics belong to a server; ask in one."))
        who = member or interaction.user
        await acting.answer_first(interaction)
        core = core_of(interaction)
        rows = await core.player_record(interaction.guild_id, who.id)
        hinted = await core.player_record(interaction.guild_id, who.id, hinted=True)
        if not rows and not hinted:
            await acting.reply(interaction, tr("{name} has not finished a game here yet.",
                                               name=who.display_name[:40]))
            return
        lines = [tr("**{name}'s record**", name=who.display_name[:40])]
        for row in rows:
            lines.append(record_line(row, await rating_of(core, interaction.guild_id, row, who.id)))
        if hinted:
            lines.append(tr("With hints (someone asked for suggestions; not in the standings):"))
            lines += [record_line(row) for row in hinted]
        await acting.reply(interaction, "\n".join(lines)[:compose.MESSAGE_LIMIT])


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, RingmasterBot)
    await bot.add_cog(StatsCog(bot))
