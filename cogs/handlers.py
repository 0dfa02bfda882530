"""What the persistent buttons call: small protocols, implemented by the cogs that own each job.

The buttons module (``cogs/buttons.py``) depends on these protocols only, and the cogs register
themselves on the bot when they load, so no module imports another in a circle and nothing is looked up
by a cog's name.
"""

from __future__ import annotations

from typing import Protocol

import discord


class LobbyHandlers(Protocol):
    async def lobby_button(self, interaction: discord.Interaction, verb: str, game_id: int) -> None: ...

    async def robot_button(self, interaction: discord.Interaction, what: str, game_id: int) -> None: ...

    async def show_guide(self, interaction: discord.Interaction, kind: str, index: int, edit: bool) -> None: ...


class PlayHandlers(Protocol):
    async def open_turn(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def choose(self, interaction: discord.Interaction, game_id: int, version: int, index: int) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def suggest(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def next_game(self, interaction: discord.Interaction, after: int | None, *, edit: bool = False) -> None: ...

    async def inbox_page(self, interaction: discord.Interaction, page: int, *, edit: bool = False) -> None: ...


class LifeHandlers(Protocol):
    async def reclaim(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def accept_seat(self, interaction: discord.Interaction, game_id: int, seat: int, giver: int,
                          taker: int) -> None: ...

    async def agree_to_take_back(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def show_recap(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def show_log_page(self, interaction: discord.Interaction, game_id: int, page: int | None,
                            edit: bool = False) -> None: ...
