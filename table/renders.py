"""Where boards, hands and replays are drawn: off the event loop, and by default off its process.

Drawing a board takes tens of milliseconds of pure Python and Pillow work; in the bot's own process it
would compete for the interpreter with every interaction being answered. :class:`ProcessRenders` draws
in a small pool of worker processes (a second, single worker for replays, at a lower priority, one at a
time, so a finished game's animation never delays a board). :class:`ThreadRenders` draws in threads of
the bot's process: for tests that replace the renderers with cheap ones, and for machines where extra
processes are unwelcome (``RINGMASTER_RENDER_PROCESSES=0``).

Two priorities. What Discord waits for (a move's board, a player's hand) is drawn at once. What a web page
asks for (its board when the thread's is not kept, a hand, a past step, a replay page's steps: ``page_*``,
``past_board`` and ``later``) waits while a Discord render waits for a worker, runs one at a time, and in
its own worker process at the lowest priority (in a thread, with no processes): five hundred pages opened
during play once took the one board worker from Discord, boards then waiting ~270 ms instead of ~60 ms.

Both keep the last boards drawn, keyed by the public view's digest: a move that leaves the public view
unchanged (about three in ten) reuses the image instead of drawing the same bytes again.

Workers receive only views (plain JSON-like data) and kinds, never a game's state or a private view of
another seat; what a worker draws is exactly what the caller asked for.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import signal
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from lang import current, speaking, tr
from render.arena import keep_freed_blocks
from render.replay import animate, pick_frames, replay_views
from rules.core.game import View
from table import allocator, lifeline
from table.kits import DESCRIPTION_LIMIT, kit

log = logging.getLogger(__name__)

T = TypeVar("T")

# Recent boards kept by view digest (140 KB on average, a few hundred at most). A move whose public view
# did not change is posted without drawing at all (``same_picture``), so what this serves is a board asked
# for again soon after it was drawn: a delivery retried, the web companion's page opened from the thread.
# Under bench/load.py not one of 300 boards was found here; 128 boards held 18 MB of the bot's ~100 MB.
CACHED_BOARDS = 48
# The replay worker runs at the lowest priority there is: it takes the processor only when boards and the
# bot leave it idle (at 10 it still took ~10% of a busy core from them). A replay is never urgent, and
# one now costs ~1-3 s of processor, well under the ~6 s between two games ending at 1,000 live games.
REPLAY_NICENESS = 19
# Board workers yield to the bot's own process: a member waiting for their panel must not queue behind a
# picture, while a board posted a few milliseconds later goes unnoticed.
BOARD_NICENESS = 4
# A board worker hands its heap's free pages back every this many pictures: 2-5 ms of CPU once per ~5 s
# of drawing at 20 moves/s (under 0.1 %), against 12-20 MB of free heap kept resident after a few minutes.
TRIM_EVERY = 100
# The web's worker too: a page's picture is never urgent, and at 19 it takes a core only when the bot and the
# board workers leave it idle.
WEB_NICENESS = 19
# Low-priority jobs running at once: one keeps the web's share of the machine bounded whatever the crowd.
WEB_SHARE = 1
# Low-priority jobs that may wait their turn; one more is refused (``RendersBusy``) rather than queued behind
# minutes of drawing that nobody would wait for (a page left after 30 s is not asked again).
WEB_QUEUE = 64
# Loaded by the forkserver every worker is forked from. (Drawing what every board shares there as well,
# so workers would share those pages, cost more than it saved: measured with bench/worker_memory.py, the
# forkserver grew by 27 MB and a worker and a replay process still made most of it their own.) The guard makes
# the forkserver die with the bot (table/lifeline.py).
PRELOAD = ("table.renders", "table.forkserver_guard")


class RendersBusy(Exception):
    """A low-priority job refused because too many wait already (``str()`` says what to do)."""

    def __init__(self) -> None:
        super().__init__(tr("The pictures are busy being drawn for the players right now; this page will be ready "
                            "in a few seconds, so try again then."))


class Renders(Protocol):
    async def board(self, kind: str, view: View) -> list[bytes]:
        """The public board's images (one, or several for very big tables) from the spectator view."""

    async def hand(self, kind: str, view: View) -> bytes:
        """A seat's private image from that seat's own view."""

    async def past_board(self, kind: str, view: View) -> bytes:
        """A past step's public board (the first image only), for the web companion's replay, at the low
        priority: drawn but not kept, so paging through a finished game never pushes live games' boards out."""

    async def page_board(self, kind: str, view: View) -> list[bytes]:
        """The public board for a web page: the one drawn for the thread if it is kept (or being drawn), else
        drawn at the low priority and not kept."""

    async def page_hand(self, kind: str, view: View) -> bytes:
        """A seat's private image for its web page (from that seat's own view), at the low priority."""

    async def later(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` at the low priority, in the web's worker (a module-level function and plain
        arguments, as a worker process receives them): e.g. replaying a game for its replay page. Raises
        :class:`RendersBusy` when too many low-priority jobs wait already (as ``page_*`` and ``past_board`` do)."""

    async def replay(self, kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                     actions: Sequence[tuple[int, Mapping[str, Any]]], frames: int) -> tuple[bytes, str]:
        """A finished game's animation from its public boards, and its alt text."""

    async def aside(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the background worker, as a replay is drawn (its own process at the lowest
        priority, one job at a time): a finished game's chart and review (``table/reviews.py``)."""

    async def close(self) -> None: ...


def view_digest(kind: str, view: View) -> str:
    """A short fingerprint of what a board shows: equal views draw equal boards."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(f"{kind}\n{text}".encode(), digest_size=16).hexdigest()


def _kept_as(kind: str, view: View) -> str:
    """A drawn board's key in the cache: what it shows, in the language it is written in."""
    return f"{current()}:{view_digest(kind, view)}"


# ----- what a worker runs (module level, so worker processes can import it by name) -------------------
class _Trimming:
    """Counts a worker's pictures and hands its heap's free pages back every ``TRIM_EVERY`` of them
    (``allocator.trim``): the caches of text and sprites evict entries among blocks still in use, and
    the holes left would otherwise stay resident for good. Off in the bot's own process (threads)."""

    every = 0
    drawn = 0

    @classmethod
    def count(cls) -> None:
        if cls.every:
            cls.drawn += 1
            if cls.drawn % cls.every == 0:
                allocator.trim()


def in_language(language: str, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` speaking ``language``: every job carries the language it is drawn in (that of the
    game, or of the reader of a private picture), since a worker's thread or process shares no context with the
    caller's."""
    with speaking(language):
        return function(*args)


def draw_board(kind: str, view: View) -> list[bytes]:
    images = kit(kind).board_images(view)
    _Trimming.count()
    return images


def draw_hand(kind: str, view: View) -> bytes:
    image = kit(kind).render_hand(view)
    _Trimming.count()
    return image


def draw_past_board(kind: str, view: View) -> bytes:
    image = kit(kind).render_board(view)
    _Trimming.count()
    return image


def draw_replay(kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                actions: Sequence[tuple[int, Mapping[str, Any]]], frames: int) -> tuple[bytes, str]:
    game_kit = kit(kind)
    views = replay_views(game_kit.game, players, options, seed, actions)
    # Drawn one at a time as the animation takes them, never encoded as PNG on the way.
    picture = animate((game_kit.board_image(views[index]) for index in pick_frames(len(views), frames)),
                      palette=game_kit.board_palette)
    words = tr("An animation of {title} from the first move to the end. At the end: {board}", title=title,
               board=game_kit.board_alt(views[-1]))
    return picture, words[:DESCRIPTION_LIMIT]


def _outlive_nothing(bot: int) -> None:
    """A worker ends with the bot (``bot``: its process id), however the bot ends (see table/lifeline.py), and
    leaves Ctrl+C to it: a terminal sends SIGINT to every process of the foreground group, and a worker
    interrupted would break the pool while the bot, stopping cleanly, still draws the boards under way."""
    lifeline.follow(bot)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_worker(bot: int) -> None:
    _outlive_nothing(bot)
    allocator.tune()
    keep_freed_blocks()
    _Trimming.every = TRIM_EVERY
    os.nice(BOARD_NICENESS)


def _start_web_worker(bot: int) -> None:
    _outlive_nothing(bot)
    allocator.tune()
    keep_freed_blocks()
    _Trimming.every = TRIM_EVERY
    os.nice(WEB_NICENESS)


def _start_replay_worker(bot: int) -> None:
    _outlive_nothing(bot)
    allocator.tune()
    keep_freed_blocks()
    os.nice(REPLAY_NICENESS)


def _ready() -> int:
    return os.getpid()


class _BoardCache:
    def __init__(self, size: int = CACHED_BOARDS) -> None:
        self.size = size
        self._boards: OrderedDict[str, list[bytes]] = OrderedDict()
        self._drawing: dict[str, asyncio.Future[list[bytes]]] = {}

    def kept(self, key: str) -> asyncio.Future[list[bytes]] | list[bytes] | None:
        """The board kept under ``key``, or the drawing of it under way, without drawing anything."""
        return self._boards.get(key) or self._drawing.get(key)

    async def get(self, key: str, draw: Callable[[], asyncio.Future[list[bytes]]]) -> list[bytes]:
        found = self._boards.get(key)
        if found is not None:
            self._boards.move_to_end(key)
            return found
        pending = self._drawing.get(key)
        if pending is None:  # one drawing per view, however many ask for it at once
            pending = draw()
            self._drawing[key] = pending
        try:
            images = await asyncio.shield(pending)
        finally:
            self._drawing.pop(key, None)
        self._boards[key] = images
        self._boards.move_to_end(key)
        while len(self._boards) > self.size:
            self._boards.popitem(last=False)
        return images


class Priorities:
    """Discord's renders first: a low-priority job starts only while fewer than ``room`` Discord renders are in
    flight (so none of them waits for a worker), and at most ``share`` such jobs run at once; up to ``queue``
    others wait in order of arrival, and one more is refused (:class:`RendersBusy`). Discord's renders never
    wait for this queue."""

    def __init__(self, room: int, share: int = WEB_SHARE, queue: int = WEB_QUEUE) -> None:
        self.room = room
        self.share = share
        self.queue = queue
        self.urgent = 0
        """Discord's renders in flight (drawing or queued at the pool)."""
        self.running = 0
        """Low-priority jobs running."""
        self._waiting: deque[asyncio.Future[None]] = deque()

    @property
    def waiting(self) -> int:
        """Low-priority jobs waiting for their turn."""
        return len(self._waiting)

    async def first(self, start: Callable[[], Awaitable[T]]) -> T:
        """A Discord render: started at once."""
        self.urgent += 1
        try:
            return await start()
        finally:
            self.urgent -= 1
            self._wake()

    async def after(self, start: Callable[[], Awaitable[T]]) -> T:
        """A low-priority job: started when Discord's renders leave room for it."""
        if self._waiting or not self._free():
            if len(self._waiting) >= self.queue:
                raise RendersBusy()
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():  # its turn had come: give it to the next one
                    self.running -= 1
                    self._wake()
                else:  # gone before its turn: it holds no place in the queue
                    self._waiting.remove(waiter)
                raise
        else:
            self.running += 1
        try:
            return await start()
        finally:
            self.running -= 1
            self._wake()

    def _free(self) -> bool:
        return self.urgent < self.room and self.running < self.share

    def _wake(self) -> None:
        while self._waiting and self._free():
            waiter = self._waiting.popleft()
            if not waiter.done():
                self.running += 1
                waiter.set_result(None)


class _PooledRenders:
    def __init__(self, boards: Executor | None, replays: Executor | None, room: int) -> None:
        self._boards = boards
        self._replays = replays
        self._cache = _BoardCache()
        self._web_pool: Executor | None = None
        self.priorities = Priorities(room)

    def _run(self, executor: Executor | None, function: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        return asyncio.get_running_loop().run_in_executor(executor, in_language, current(), function, *args)

    def _web(self) -> Executor | None:
        """Where low-priority jobs run (None: the default thread pool)."""
        return self._web_pool

    async def _first(self, function: Callable[..., T], *args: Any) -> T:
        return await self.priorities.first(lambda: self._run(self._boards, function, *args))

    async def later(self, function: Callable[..., T], *args: Any) -> T:
        return await self.priorities.after(lambda: self._run(self._web(), function, *args))

    async def board(self, kind: str, view: View) -> list[bytes]:
        return await self._cache.get(_kept_as(kind, view),
                                     lambda: asyncio.ensure_future(self._first(draw_board, kind, view)))

    async def hand(self, kind: str, view: View) -> bytes:
        return await self._first(draw_hand, kind, view)

    async def page_board(self, kind: str, view: View) -> list[bytes]:
        kept = self._cache.kept(_kept_as(kind, view))
        if isinstance(kept, list):
            return kept
        if kept is not None:
            return await asyncio.shield(kept)
        return await self.later(draw_board, kind, view)

    async def page_hand(self, kind: str, view: View) -> bytes:
        return await self.later(draw_hand, kind, view)

    async def past_board(self, kind: str, view: View) -> bytes:
        return await self.later(draw_past_board, kind, view)

    async def replay(self, kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                     actions: Sequence[tuple[int, Mapping[str, Any]]], frames: int) -> tuple[bytes, str]:
        return await self._run(self._replays, draw_replay, kind, title, list(players), dict(options), seed,
                               [(seat, dict(action)) for seat, action in actions], frames)

    async def aside(self, function: Callable[..., T], *args: Any) -> T:
        return await self._run(self._replays, function, *args)

    async def close(self) -> None:
        for executor in (self._boards, self._replays, self._web_pool):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)

    def trouble(self) -> str | None:
        """Why the renderers cannot draw (None: they can), for the readiness check: a board worker that died
        breaks its whole pool for good (``BrokenProcessPool`` at every later drawing)."""
        executor = self._boards
        if not isinstance(executor, ProcessPoolExecutor):
            return None  # threads of this process: they live as long as it does
        # The pool's own record of its workers: no public API tells whether it is broken.
        if getattr(executor, "_broken", False):
            return "the render worker pool is broken (a worker died)"
        processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
        dead = [pid for pid, process in processes.items() if not process.is_alive()]
        return f"render workers {dead} are not running" if dead else None


class ThreadRenders(_PooledRenders):
    """Draws in the default thread pool of the bot's own process (renderers looked up at each call, so
    tests may replace them). A web picture waits until no Discord render is in flight at all: here it would
    take the interpreter from the bot itself."""

    def __init__(self) -> None:
        super().__init__(None, None, room=1)


class ProcessRenders(_PooledRenders):
    """Draws in ``workers`` processes (boards and hands), plus one lowest-priority process for the web's
    pictures (started with the first of them) and one for each replay."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("a render pool needs at least one worker")
        # forkserver: workers never inherit the bot's threads (the database's, the event loop's) mid-use.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        self.workers = workers
        self._context = context
        self._one_replay = asyncio.Lock()
        # Room for one Discord render a worker: a web picture starts only while none of them waits for a worker,
        # and then draws in its own process at the lowest priority, so the processor goes to the boards first.
        super().__init__(ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                                             initargs=(os.getpid(),)), None, room=workers + 1)

    def _web(self) -> Executor | None:
        if self._web_pool is None:
            self._web_pool = ProcessPoolExecutor(1, mp_context=self._context, initializer=_start_web_worker,
                                                 initargs=(os.getpid(),))
        return self._web_pool

    async def replay(self, kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                     actions: Sequence[tuple[int, Mapping[str, Any]]], frames: int) -> tuple[bytes, str]:
        # One replay at a time, each in a process of its own that ends with it: drawing forty boards leaves
        # a worker holding a couple of hundred megabytes that nothing needs until the next game ends.
        async with self._one_replay:
            worker = ProcessPoolExecutor(1, mp_context=self._context, initializer=_start_replay_worker,
                                         initargs=(os.getpid(),))
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    worker, in_language, current(), draw_replay, kind, title, list(players), dict(options), seed,
                    [(seat, dict(action)) for seat, action in actions], frames)
            finally:
                await asyncio.to_thread(worker.shutdown)

    async def aside(self, function: Callable[..., T], *args: Any) -> T:
        # Like a replay: one at a time, in a process of its own that ends with it (a review's search holds memory
        # nothing needs afterwards), at the lowest priority, so boards and the bot have the processor first.
        async with self._one_replay:
            worker = ProcessPoolExecutor(1, mp_context=self._context, initializer=_start_replay_worker,
                                         initargs=(os.getpid(),))
            try:
                return await asyncio.get_running_loop().run_in_executor(worker, in_language, current(), function,
                                                                        *args)
            finally:
                await asyncio.to_thread(worker.shutdown)

    async def start(self) -> None:
        """Start every board worker now (each imports the renderers and their fonts once), so the first
        board of the day is not the slow one. The replay worker starts with each replay."""
        await asyncio.gather(*(self._run(self._boards, _ready) for _ in range(self.workers)))


async def open_renders(processes: int) -> Renders:
    """Renders in ``processes`` worker processes, or in threads of this process when 0."""
    if processes <= 0:
        return ThreadRenders()
    renders = ProcessRenders(processes)
    await renders.start()
    return renders


def default_processes() -> int:
    """One worker per core beyond the one the bot itself uses (at least one, at most four)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))
