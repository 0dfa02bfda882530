"""Persistent buttons and menus. Each is a DynamicItem: its state lives in its custom id, so it keeps
working after a restart without any view being re-registered per message.

Custom ids (Discord allows 100 characters):
- ``rm:lobby:<join|leave|start>:<game>`` — lobby buttons.
- ``rm:turn:<game>:<version>`` — "Take your turn" on a posted board; opens the awaited player's choices.
- ``rm:hand:<game>`` — "My hand / private info" on a posted board (always shows the current state).
- ``rm:do:<game>:<version>:<index>`` — one choice in a player's private panel: ``legal_actions[index]``
  of the game at that version. A different current version means the panel is out of date.
- ``rm:pick:<game>:<version>:<page>`` — the same as a select menu when there are many choices; each
  option's value is the index.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.table.life_ui import RecapButton

if TYPE_CHECKING:
    from cogs.table.cog import TableCog

BUTTON_LABEL = 80
SELECT_LABEL = 100
BUTTONS_AT_MOST = 20  # four rows of five; more choices go into select menus
QUIET = ("pass", "stop", "decline", "don't", "stay")


def _cog(interaction: discord.Interaction) -> TableCog:
    client = interaction.client
    assert isinstance(client, commands.Bot)
    cog = client.get_cog("Table")
    assert cog is not None
    return cog  # type: ignore[return-value]


LOBBY_LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
                "start": ("Start", discord.ButtonStyle.primary)}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"rm:lobby:(?P<verb>join|leave|start):(?P<game>\d+)"):
    def __init__(self, verb: str, game_id: int) -> None:
        label, style = LOBBY_LABELS[verb]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rm:lobby:{verb}:{game_id}"))
        self.verb, self.game_id = verb, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["verb"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).lobby_button(interaction, self.verb, self.game_id)


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rm:turn:(?P<game>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Take your turn", style=discord.ButtonStyle.primary, emoji="🎪",
                                           custom_id=f"rm:turn:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TurnButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).open_turn(interaction, self.game_id, self.version)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rm:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary, emoji="🃏",
                                           custom_id=f"rm:hand:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).show_private(interaction, self.game_id)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"rm:do:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)"):
    def __init__(self, game_id: int, version: int, index: int, label: str = "Choose") -> None:
        quiet = label.lower().startswith(QUIET)
        style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL], style=style,
                                           custom_id=f"rm:do:{game_id}:{version}:{index}"))
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).choose(interaction, self.game_id, self.version, self.index)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"rm:pick:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, version: int, page: int,
                 options: Sequence[discord.SelectOption] = ()) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"rm:pick:{game_id}:{version}:{page}", placeholder="Choose…",
            options=list(options) or [discord.SelectOption(label="…", value="0")])
        super().__init__(select)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values or not values[0].isdigit():
            await interaction.response.send_message("Choose one of the listed options.", ephemeral=True)
            return
        await _cog(interaction).choose(interaction, self.game_id, self.version, int(values[0]))


ALL_ITEMS = (LobbyButton, TurnButton, HandButton, ChoiceButton, ChoiceSelect)


def lobby_view(game_id: int, open_: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if open_:
        for verb in ("join", "leave", "start"):
            view.add_item(LobbyButton(verb, game_id))
    return view


def board_view(game_id: int, version: int, over: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if not over:
        view.add_item(TurnButton(game_id, version))
    view.add_item(HandButton(game_id))
    if not over:
        view.add_item(RecapButton(game_id))
    return view


def choices_view(game_id: int, version: int, labels: Sequence[str]) -> discord.ui.View:
    """A player's private panel: buttons for a few choices, select menus for many."""
    view = discord.ui.View(timeout=None)
    if len(labels) <= BUTTONS_AT_MOST:
        for index, label in enumerate(labels):
            view.add_item(ChoiceButton(game_id, version, index, label))
        return view
    for page, start in enumerate(range(0, min(len(labels), 125), 25)):
        options = [discord.SelectOption(label=label[:SELECT_LABEL], value=str(start + offset))
                   for offset, label in enumerate(labels[start:start + 25])]
        view.add_item(ChoiceSelect(game_id, version, page, options))
    return view
