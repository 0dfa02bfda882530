"""Work done once and kept by key: drawings (100 ms and more each), replayed histories and fairness checks
by the table core's render pool at its low priority, a game's public log and public part on the loop
(``get_drawn``), so a page, its images and every spectator polling it share one drawing of a game's current
board and one reading of its log, and two requests for the same thing at once wait for the same work.

Keys name exactly what was drawn, e.g. ``("board", game id, version)``: a game's new version is a new key,
and the oldest entries give way when the cache is full.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class OffLoopCache(Generic[T]):
    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache holds at least one entry")
        self.size = size
        self._done: OrderedDict[Hashable, T] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[T]] = {}

    def kept(self, key: Hashable) -> T | None:
        """The value kept under ``key``, if it is: nothing is made, nothing is awaited."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        return None

    async def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept under ``key``, made by ``make()`` in a worker thread if it is not kept yet."""
        return await self.get_drawn(key, lambda: asyncio.to_thread(make))

    async def get_drawn(self, key: Hashable, draw: Callable[[], Awaitable[T]]) -> T:
        """The value kept under ``key``, awaited from ``draw()`` (e.g. the render pool) if it is not kept yet."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            value = await draw()
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # whoever waits sees it; nobody waiting is not an unretrieved error
            raise
        finally:
            del self._running[key]
        future.set_result(value)
        self._done[key] = value
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._done)
