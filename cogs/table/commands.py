"""What every game's cog shares besides the table itself: finding the table cog, the game a command
is about (refusing another game's), acting in it, the asker's seat for autocomplete, and the "choose
anything" command that picks one of the legal actions by its place in
the list (the same choice as a panel button, typed instead of clicked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.cog import TableCog, refuse
from cogs.table.service import STALE, Table, TableError
from rules.registry import GAMES

AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 entries
LABEL_LIMIT = 100


def table_cog_of(interaction: discord.Interaction) -> TableCog:
    client = interaction.client
    assert isinstance(client, commands.Bot)
    cog = client.get_cog("Table")
    assert isinstance(cog, TableCog)
    return cog


async def seat_in_context(interaction: discord.Interaction, kind: str) -> tuple[Table, int] | None:
    """The asker's game of ``kind`` here (named by the command's ``game`` option, else this thread's,
    else their only one) and their seat, for autocomplete; None when there is none to offer."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None
    try:
        table = await table_cog_of(interaction).tables.table_in_context(
            interaction.guild_id, interaction.channel_id, interaction.user.id,
            getattr(interaction.namespace, "game", None))
    except TableError:
        return None
    seat = table.seat_of(interaction.user.id)
    if table.state is None or seat is None or table.record.kind != kind:
        return None
    return table, seat


async def game_in_context(interaction: discord.Interaction, game: int | None, kind: str) -> Table | None:
    """The game a command is about (named, this thread's, or the asker's only one), if it is a game of
    ``kind``; otherwise the asker has been told why not and None is returned."""
    table = await table_cog_of(interaction).context_table(interaction, game)
    if table is None:
        return None
    if table.record.kind != kind:
        await refuse(interaction, f"Game #{table.id} is not a {GAMES[kind].name} game.")
        return None
    return table


async def act_in_game(interaction: discord.Interaction, game: int | None, kind: str,
                      build: Callable[[Table, int], Any]) -> None:
    """Apply the action ``build`` makes for the asker in their game of ``kind``, then post the board."""
    table = await game_in_context(interaction, game, kind)
    if table is not None:
        await table_cog_of(interaction).act_and_post(interaction, table.id, None, build)


async def listed_choices(interaction: discord.Interaction, current: str, kind: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for "choose": every legal action, labelled as the game says, valued
    ``<version>:<index>``."""
    found = await seat_in_context(interaction, kind)
    if found is None:
        return []
    table, seat = found
    assert table.state is not None
    version = table.record.version
    choices = []
    for index, action in enumerate(table.game.legal_actions(table.state, seat)):
        label = table.game.describe_action(table.state, seat, action)
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:LABEL_LIMIT], value=f"{version}:{index}"))
    return choices[:AUTOCOMPLETE_LIMIT]


async def choose_listed(interaction: discord.Interaction, option: str, game: int | None, kind: str) -> None:
    """Carry out the choice an autocomplete entry of ``listed_choices`` names."""
    version_text, _, index_text = option.partition(":")
    if not (version_text.isdigit() and index_text.isdigit()):
        await refuse(interaction, "Pick one of the offered choices from the list.")
        return
    index = int(index_text)

    def pick(table: Table, seat: int) -> Any:
        assert table.state is not None
        legal = table.game.legal_actions(table.state, seat)
        if not 0 <= index < len(legal):
            raise TableError(STALE)
        return legal[index]

    table = await game_in_context(interaction, game, kind)
    if table is not None:
        await table_cog_of(interaction).act_and_post(interaction, table.id, int(version_text), pick)
