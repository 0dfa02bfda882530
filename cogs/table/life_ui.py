"""Persistent buttons of a game's life (see cogs/table/ui.py for how DynamicItems keep working after a
restart). Custom ids:

- ``rm:reclaim:<game>:<seat>`` — "Take my seat back" after an automatic move.
- ``rm:handover:<game>:<seat>:<from>:<to>`` — the member offered a seat accepts it.
- ``rm:undo:<game>:<version>`` — another player agrees to take back the action logged at ``version``.
- ``rm:recap:<game>`` — what changed privately for me since my last move (ephemeral).
- ``rm:log:<game>:<page>`` — a page of the public log (ephemeral), with buttons to turn pages.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from cogs.table.life_cog import LifeCog


def _cog(interaction: discord.Interaction) -> LifeCog:
    client = interaction.client
    assert isinstance(client, commands.Bot)
    cog = client.get_cog("Async life")
    assert cog is not None
    return cog  # type: ignore[return-value]


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"rm:reclaim:(?P<game>\d+):(?P<seat>\d+)"):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(discord.ui.Button(label="Take my seat back", style=discord.ButtonStyle.success, emoji="✋",
                                           custom_id=f"rm:reclaim:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReclaimButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).reclaim(interaction, self.game_id, self.seat)


class HandoverButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"rm:handover:(?P<game>\d+):(?P<seat>\d+):(?P<giver>\d+):(?P<taker>\d+)"):
    def __init__(self, game_id: int, seat: int, giver: int, taker: int) -> None:
        super().__init__(discord.ui.Button(label="Accept the seat", style=discord.ButtonStyle.success,
                                           custom_id=f"rm:handover:{game_id}:{seat}:{giver}:{taker}"))
        self.game_id, self.seat, self.giver, self.taker = game_id, seat, giver, taker

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HandoverButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["giver"]), int(match["taker"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).accept_seat(interaction, self.game_id, self.seat, self.giver, self.taker)


class UndoAgreeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"rm:undo:(?P<game>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Agree to take it back", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rm:undo:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UndoAgreeButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).agree_to_take_back(interaction, self.game_id, self.version)


class RecapButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rm:recap:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="What changed for me", style=discord.ButtonStyle.secondary,
                                           emoji="📜", custom_id=f"rm:recap:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RecapButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).show_recap(interaction, self.game_id)


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rm:log:(?P<game>\d+):(?P<page>\d+)"):
    def __init__(self, game_id: int, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"rm:log:{game_id}:{page}"))
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).show_log_page(interaction, self.game_id, self.page, edit=True)


LIFE_ITEMS = (ReclaimButton, HandoverButton, UndoAgreeButton, RecapButton, LogPageButton)


def single(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return view


def log_pages_view(game_id: int, page: int, pages: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogPageButton(game_id, page - 1, "◀ Older"))
    if page < pages:
        view.add_item(LogPageButton(game_id, page + 1, "Newer ▶"))
    return view
