"""A game's lock across processes, for the read-apply-write of a move on PostgreSQL.

The table serialises the moves of one game within a process with an ``asyncio.Lock``; several bot
processes on one PostgreSQL database need the same across processes, or a move read by one process while
another writes would be refused as out of date although nothing the player saw had changed. A
:class:`GameLocks` hands out a PostgreSQL advisory lock per game (session-level, on a connection of its
own, so holding it keeps no transaction open and no writer waiting): taken after the process's own lock
and given back before it. A process that dies loses its connection, and the server releases its locks.

SQLite needs none (one process per file): the store has no ``GameLocks`` there, and the table's own lock
is all it takes.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import Final

from db.errors import StorageUnavailable, StoreBusy
from db.pg_connection import PgConnection

__all__ = ["GameLocks"]

log = logging.getLogger(__name__)

_NAMESPACE: Final = 0x47616D65  # "Game": the first key of every game's advisory lock
_FIRST_WAIT: Final = 0.002
_LONGEST_WAIT: Final = 0.05


def _key(game_id: int) -> int:
    """The game's id as the lock's second key (a signed 32-bit integer; ids wrap after four billion games,
    where two games would merely share a lock)."""
    low = game_id & 0xFFFFFFFF
    return low - (1 << 32) if low >= 1 << 31 else low


class GameLocks:
    """Advisory locks per game on one connection of their own (see the module's docstring)."""

    def __init__(self, conn: PgConnection, timeout: float) -> None:
        self._conn = conn
        self._timeout = timeout
        self._use = asyncio.Lock()  # one statement at a time on the connection

    def around(self, local: asyncio.Lock, game_id: int) -> AbstractAsyncContextManager[None]:
        """The process's own lock of the game, then the game's lock across processes."""
        return _Held(self, local, game_id)

    async def acquire(self, game_id: int) -> None:
        """Take the game's lock, waiting (without holding the connection) while another process has it;
        StoreBusy after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._timeout
        wait = _FIRST_WAIT
        while True:
            async with self._use:
                rows = list(await self._conn.execute_fetchall(
                    "SELECT pg_try_advisory_lock(?, ?)", (_NAMESPACE, _key(game_id))))
            if rows[0][0]:
                return
            if loop.time() >= deadline:
                raise StoreBusy()
            await asyncio.sleep(wait)
            wait = min(wait * 2, _LONGEST_WAIT)

    async def release(self, game_id: int) -> None:
        try:
            async with self._use:
                await self._conn.execute_fetchall("SELECT pg_advisory_unlock(?, ?)", (_NAMESPACE, _key(game_id)))
        except StorageUnavailable:
            # The connection is gone, and with it every lock it held: nothing is left to give back.
            log.warning("The lock of game %s went with its lost connection", game_id)

    async def close(self) -> None:
        async with self._use:
            await self._conn.close()


class _Held(AbstractAsyncContextManager[None]):
    __slots__ = ("_game_id", "_local", "_locks")

    def __init__(self, locks: GameLocks, local: asyncio.Lock, game_id: int) -> None:
        self._locks = locks
        self._local = local
        self._game_id = game_id

    async def __aenter__(self) -> None:
        await self._local.acquire()
        try:
            await self._locks.acquire(self._game_id)
        except BaseException:
            self._local.release()
            raise

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        try:
            await self._locks.release(self._game_id)
        finally:
            self._local.release()
