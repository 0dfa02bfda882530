"""Whose background work is a game's? The one place that decides it for every background loop.

A game's background work — its reminders, deadlines and automatic moves (the keeper's tick), the
delivery of what its outbox still holds after a restart or a failure (the publisher's resume), and so
its replay and its seed reveal — must be done by exactly one bot process, however many run. Moves need
no claim: Discord sends a guild's interactions only to the process running that guild's shard.

:class:`EveryGame` is the one process of a plain deployment: everything is its own. :class:`GuildShards`
is a process running some of the bot's shards: a game is its own when the game's guild falls on one of
them, the same rule by which Discord routes that guild's interactions to it. Leases taken in the
database (``FOR UPDATE SKIP LOCKED``, taken over after a dead process's lease runs out) can replace this
rule later behind the same :class:`WorkClaim`, without touching the loops that ask it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from db.store import GameStore
from table.config import Shards


class WorkClaim(Protocol):
    async def mine(self, game_ids: Iterable[int]) -> set[int]:
        """The games among ``game_ids`` whose background work this process does now."""

    @property
    def chores(self) -> bool:
        """Whether this process does the chores that belong to no game (forgetting old outbox items)."""


class EveryGame:
    """One process for the whole bot: every game's work is its own."""

    async def mine(self, game_ids: Iterable[int]) -> set[int]:
        return set(game_ids)

    @property
    def chores(self) -> bool:
        return True


class GuildShards:
    """A process running ``shards``: the games of the guilds on those shards are its own; the process
    running shard 0 does the chores."""

    def __init__(self, store: GameStore, shards: Shards) -> None:
        self.store = store
        self.shards = shards
        self._guilds: dict[int, int] = {}  # game → its guild; a game never moves to another guild

    async def mine(self, game_ids: Iterable[int]) -> set[int]:
        owned = set()
        for game_id in set(game_ids):
            guild_id = await self._guild_of(game_id)
            if guild_id is not None and self.shards.owns(guild_id):
                owned.add(game_id)
        return owned

    async def _guild_of(self, game_id: int) -> int | None:
        if game_id not in self._guilds:
            record = await self.store.get_game(game_id)
            if record is None:
                return None  # not remembered: it may be a game being created right now
            self._guilds[game_id] = record.guild_id
        return self._guilds[game_id]

    @property
    def chores(self) -> bool:
        return self.shards.first == 0


def claim_for(store: GameStore, shards: Shards | None) -> WorkClaim:
    """The claim of a process running ``shards`` (None: the whole bot)."""
    return EveryGame() if shards is None else GuildShards(store, shards)
