"""Whose background work is a game's? The one place that decides it for every background loop.

A game's background work comes in two jobs: the keeper's (its reminders, deadlines and automatic moves)
and the outbox's (delivering what its outbox holds after a restart or a failure, so its replay and its
seed reveal). Each must be done by exactly one bot process at a time, however many run. Moves need no
claim: the process that hears a player's interaction makes the move, and delivers what it posts itself
(holding the game's outbox lease meanwhile, where there are leases).

- :class:`EveryGame` is the one process of a plain deployment (SQLite, no shards): everything is its own,
  at no cost.
- :class:`LeaseClaim` takes a lease in the database per game and job (``db.leases``: ``FOR UPDATE SKIP
  LOCKED`` on PostgreSQL) for a set time, renews it while it works and gives it back when done: what one
  process holds, the others leave alone, and a lease left by a process that died runs out and is taken
  over. Used wherever several processes may share the database (PostgreSQL, or shards).
- :class:`GuildShards` is the earlier rule by guild (a game is the process's whose shards hear its
  guild); it needs no database, but a process that dies takes its games' background work with it.

A loop asks :meth:`WorkClaim.mine` for the games it may work on (each game it gets counts once more as
in use), keeps a long piece of work its own with :meth:`WorkClaim.renew`, and says :meth:`WorkClaim.done`
once for every game it got: the lease is given back when no loop of the process uses it any more.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Final, Literal, Protocol

from db.leases import LeaseStore
from db.store import GameStore
from table.config import Shards

Job = Literal["keeper", "outbox"]
DEFAULT_LEASE: Final = timedelta(seconds=60)


class WorkClaim(Protocol):
    async def mine(self, game_ids: Iterable[int], job: Job = "keeper") -> set[int]:
        """The games among ``game_ids`` whose ``job`` this process does now; each one counts once more as in
        use until :meth:`done`."""

    async def renew(self, game_id: int, job: Job) -> bool:
        """Whether the game's ``job`` is still this process's, keeping it so for a while (during long work)."""

    async def done(self, game_ids: Iterable[int], job: Job) -> None:
        """One use less of each game (once for every time :meth:`mine` gave it)."""

    async def runs_out(self, game_ids: Iterable[int], job: Job) -> dict[int, datetime]:
        """When the hold of another process on ``job`` of these games ends unless renewed (games nobody else
        holds are left out): the moment to try again for work a process that died left."""

    async def close(self) -> None:
        """Give back everything held (a process stopping)."""

    @property
    def chores(self) -> bool:
        """Whether this process does the chores that belong to no game (forgetting old outbox items)."""

    @property
    def shared(self) -> bool:
        """Whether a game may come to this process from another that worked on it a moment ago (so what was
        read before claiming it is read again)."""


class _Unleased:
    """A claim without leases: nothing to renew, to give back or to close; a game is always one process's."""

    @property
    def shared(self) -> bool:
        return False

    async def renew(self, game_id: int, job: Job) -> bool:
        return True

    async def done(self, game_ids: Iterable[int], job: Job) -> None:
        return None

    async def runs_out(self, game_ids: Iterable[int], job: Job) -> dict[int, datetime]:
        return {}

    async def close(self) -> None:
        return None


class EveryGame(_Unleased):
    """One process for the whole bot: every game's work is its own."""

    async def mine(self, game_ids: Iterable[int], job: Job = "keeper") -> set[int]:
        return set(game_ids)

    @property
    def chores(self) -> bool:
        return True


class GuildShards(_Unleased):
    """A process running ``shards``: the games of the guilds on those shards are its own; the process
    running shard 0 does the chores."""

    def __init__(self, store: GameStore, shards: Shards) -> None:
        self.store = store
        self.shards = shards
        self._guilds: dict[int, int] = {}  # game → its guild; a game never moves to another guild

    async def mine(self, game_ids: Iterable[int], job: Job = "keeper") -> set[int]:
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


def process_name() -> str:
    """This process's name as a lease holder: the host, the process id and a few random letters (so a
    restarted process with a recycled id is never taken for its predecessor)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class LeaseClaim:
    """Leases in the database (see the module's docstring). ``length``: how long a lease lasts unless
    renewed, and so how long the work of a process that died waits before another takes it over."""

    def __init__(self, store: GameStore, clock: Callable[[], datetime], *, holder: str | None = None,
                 length: timedelta = DEFAULT_LEASE) -> None:
        if length <= timedelta(0):
            raise ValueError("a lease must last a while")
        self.leases = LeaseStore(store)
        self.clock = clock
        self.holder = holder or process_name()
        self.length = length
        self._until: dict[tuple[Job, int], datetime] = {}  # the leases held and when each runs out
        self._uses: Counter[tuple[Job, int]] = Counter()

    @property
    def shared(self) -> bool:
        return True

    @property
    def chores(self) -> bool:
        # Forgetting old delivered outbox items is the same whoever does it, and twice is harmless.
        return True

    async def mine(self, game_ids: Iterable[int], job: Job = "keeper") -> set[int]:
        ids = set(game_ids)
        if not ids:
            return set()
        now = self.clock()
        until = now + self.length
        taken = await self.leases.claim(job, ids, self.holder, now, until)
        for game_id in ids:
            if game_id in taken:
                self._until[job, game_id] = until
                self._uses[job, game_id] += 1
            elif not self._uses[job, game_id]:
                self._until.pop((job, game_id), None)
        return taken

    async def renew(self, game_id: int, job: Job) -> bool:
        """Renewed once half the lease has run out (a write then, none before)."""
        now = self.clock()
        until = self._until.get((job, game_id))
        if until is not None and until - now > self.length / 2:
            return True
        taken = await self.leases.claim(job, {game_id}, self.holder, now, now + self.length)
        if game_id in taken:
            self._until[job, game_id] = now + self.length
            return True
        self._until.pop((job, game_id), None)  # lost: it ran out and another process took it over
        return False

    async def done(self, game_ids: Iterable[int], job: Job) -> None:
        idle = []
        for game_id in game_ids:
            key = (job, game_id)
            if self._uses[key] > 0:
                self._uses[key] -= 1
            if not self._uses[key]:
                del self._uses[key]
                if self._until.pop(key, None) is not None:
                    idle.append(game_id)
        await self.leases.release(job, idle, self.holder)

    async def runs_out(self, game_ids: Iterable[int], job: Job) -> dict[int, datetime]:
        return {game_id: until for game_id, (holder, until) in (await self.leases.held(job, game_ids)).items()
                if holder != self.holder}

    async def close(self) -> None:
        held = list(self._until)
        self._until.clear()
        self._uses.clear()
        for job in ("keeper", "outbox"):
            await self.leases.release(job, [game_id for kind, game_id in held if kind == job], self.holder)


def claim_for(store: GameStore, shards: Shards | None, clock: Callable[[], datetime], *,
              lease: timedelta = DEFAULT_LEASE) -> WorkClaim:
    """The claim of a process on ``store`` running ``shards`` (None: the whole bot): leases wherever
    another process may share the database (PostgreSQL, or a process of some shards), else everything."""
    if store.postgres or shards is not None:
        return LeaseClaim(store, clock, length=lease)
    return EveryGame()
