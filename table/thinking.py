"""Where automatic players think: off the event loop, never under a game's lock, and (for the strong level)
in worker processes at a lower priority than the renders and the bot itself.

A strong decision is a tree search of ~0.1-0.25 s of processor (up to ~2 s); in the bot's process it would
hold the interpreter from every interaction being answered. :class:`ProcessThinker` sends such decisions to a
small pool of worker processes started like the render workers (the same forkserver, so a worker never inherits
the bot's threads mid-use, and it ends with the bot: see table/lifeline.py), each at ``THINK_NICENESS``: a
member waiting for their panel or a board being drawn takes the processor first, a robot posting a little later
goes unnoticed. Cheap levels (``easy``, ``normal``) cost a few milliseconds and run in a thread of the bot's
process (``asyncio.to_thread``): a trip to a worker would cost more than the decision. :class:`ThreadThinker`
thinks in threads only (tests, and machines where extra processes are unwelcome).

Workers receive the game's kind, the state as JSON, the seat, the level and a seed, and answer with JSON:
the caller holds no lock while they think, and applies the answer only if the game is still at the version
it was computed for (table/robots.py).

The robot's random stream is its own (:func:`robot_seed`): derived from a per-game robot secret, the game's
version and the seat, never from the game's committed seed, so the fairness record is unchanged and nobody who
learns the committed seed after the game can replay what a robot would have done.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import secrets
import signal
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from rules.core.players import Level, decide, parse_level
from rules.core.rng import Rng
from rules.registry import get_game
from table import lifeline
from table.renders import PRELOAD

# Between the board workers (4) and the web's pictures (19): a robot's move is awaited by nobody in particular,
# so boards and interactions go first, but it still comes before a web page's picture nobody may look at.
THINK_NICENESS = 10


@dataclass(frozen=True)
class Choice:
    """One root choice a strong decision weighed: the action's words (for the seat that decides), the action,
    the search's mean reward after it (about its chance to win, in [0, 1]) and how often it chose it."""

    label: str
    action_json: dict[str, Any]
    value: float
    visits: int


@dataclass(frozen=True)
class Thought:
    """A decision as JSON: the action, and (when asked for and the level searched) the best root choices."""

    action_json: dict[str, Any]
    estimates: tuple[Choice, ...] = ()


def new_robot_secret() -> str:
    """A game's robot secret: random at the game's creation, stored with it, never shown."""
    return secrets.token_hex(16)


def robot_seed(secret: str, version: int, seat: int) -> int:
    """The seed of a robot's random stream for one decision: its own, apart from the game's committed seed,
    and different at every version and seat (so two robots never mirror each other)."""
    digest = hashlib.blake2b(f"{secret}:{version}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def searches(kind: str, level: Level) -> bool:
    """Whether a decision at ``level`` in ``kind`` is a search (costly: a worker's job)."""
    return level == "strong" and bool(get_game(kind).supports_search)


# ----- what a worker runs (module level, so worker processes import it by name) ---------------------------------
def think(kind: str, state_json: Any, seat: int, level: str, seed: int, want_estimates: bool) -> Thought:
    """One decision from plain data. Errors say what failed, never what the state holds: a hand must not reach a
    log through an exception's message."""
    game = get_game(kind)
    state = game.state_from_json(state_json)
    decision = decide(game, state, seat, parse_level(level), Rng.from_seed(seed))
    estimates: tuple[Choice, ...] = ()
    if want_estimates:
        estimates = tuple(Choice(game.describe_action(state, seat, estimate.action),
                                 game.action_to_json(estimate.action), estimate.value, estimate.visits)
                          for estimate in decision.estimates)
    return Thought(game.action_to_json(decision.action), estimates)


def _start_thinker(bot: int) -> None:
    """A worker ends with the bot, leaves Ctrl+C to it (as the render workers do, table/renders.py), and yields
    the processor to the bot and to the render workers."""
    lifeline.follow(bot)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(THINK_NICENESS)


def _ready() -> int:
    return os.getpid()


class Moved(Exception):
    """The game is no longer at the version a decision was made for."""


def at_version(version: int, action: Any, seat_view: Any = None) -> Callable[[Any, int], Any]:
    """A chooser (for ``TableService.act``) that plays ``action`` only in the position it was decided for: the
    game still at ``version``, or — given the deciding seat's view then (``seat_view``) — a later version where
    that seat sees exactly the same and the action is still legal (in a simultaneous step the others' secret
    choices move the version without changing anything the seat knows, as a person's panel stays valid:
    ``TableService._choice_made_earlier``). Otherwise :class:`Moved` is raised and nothing is written."""
    def chosen(table: Any, seat: int) -> Any:
        if table.record.version == version:
            return action
        if (seat_view is None or table.game.view(table.state, seat) != seat_view
                or action not in table.game.legal_actions(table.state, seat)):
            raise Moved()
        return action
    return chosen


class ThinkingFailed(Exception):
    """A decision could not be made (``str()`` names the game and seat, nothing of the state)."""


class Thinker(Protocol):
    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        """The seat's decision at ``level`` from its state (JSON) with the random stream ``seed``."""

    async def close(self) -> None: ...


class ThreadThinker:
    """Thinks in threads of the bot's own process (every level)."""

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        return await _guarded(asyncio.to_thread(think, kind, state_json, seat, level, seed, want_estimates),
                              kind, seat)

    async def close(self) -> None:
        return None


class ProcessThinker:
    """Strong decisions in ``workers`` low-priority worker processes; cheap levels in a thread of this process."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("a thinking pool needs at least one worker")
        # The render workers' forkserver and preload (setting the same preload again changes nothing).
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        self.workers = workers
        self._pool: Executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_thinker,
                                                   initargs=(os.getpid(),))

    async def start(self) -> None:
        """Start every worker now, so the first robot's move is not the slow one."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _ready) for _ in range(self.workers)))

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        work: Awaitable[Thought]
        # Every strong decision goes to a worker, searching or not (a game whose search has not landed plays
        # strong as normal): what a strong robot costs the bot's process never depends on the game.
        if level != "strong":
            work = asyncio.to_thread(think, kind, state_json, seat, level, seed, want_estimates)
        else:
            work = asyncio.get_running_loop().run_in_executor(self._pool, think, kind, state_json, seat, level,
                                                              seed, want_estimates)
        return await _guarded(work, kind, seat)

    async def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


async def _guarded(work: Awaitable[Thought], kind: str, seat: int) -> Thought:
    try:
        result: Thought = await work
    except asyncio.CancelledError:
        raise
    except Exception as error:
        # The error's type only: its message may quote the state (a card in a hand).
        raise ThinkingFailed(f"The automatic player of seat {seat + 1} in a {kind} game could not decide "
                             f"({type(error).__name__}).") from None
    return result


async def open_thinker(processes: int) -> Thinker:
    """A thinker with ``processes`` worker processes for searches, or threads only when 0."""
    if processes <= 0:
        return ThreadThinker()
    thinker = ProcessThinker(processes)
    await thinker.start()
    return thinker
