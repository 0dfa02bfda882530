"""The one path for every change to a game: the unit of work.

Every change — a player's move from a slash command or a panel, a deadline's or an autopilot's move, a forced
move, a standing answer, a take-back, a reclaim, a hand-over, a vote, an abandon, a repair, a note in the
thread, the sandbox's moves — is made inside :meth:`Work.change`:

1. the game's lock is taken (across processes too, on PostgreSQL) and the game is loaded under it;
2. the caller checks what it must (the version a panel was built at, who may act) and records on the
   :class:`Change` what the change writes (``change.write``), what it publishes (``change.publish``) and the
   game it leads to (``change.became``);
3. everything is written in **one transaction** (``GameStore.transaction``): the log, the snapshot, the seats,
   the outbox and — when the change finishes the game — its results for the statistics, with what the
   :attr:`Work.preparers` add to it just before (a seat left alone to answer: ``table/nudge.py``). A refusal
   anywhere before the end writes nothing;
4. once the lock is given back, what must follow a change runs **in one place** (:attr:`Work.followers`, set
   by :class:`~table.core.TableCore`): the publisher's kick, moves the table plays by itself (forced moves and
   standing answers a change made playable), and seats on autopilot the game now waits for.

No other code takes a game's lock or writes a game. Learned from boardgame.io's single update path and from
event-sourcing libraries' one ``save()``: a follow-up nobody has to remember is a follow-up nobody forgets.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, ExitStack, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from db.errors import StoreError
from db.life import LifeStore
from db.outbox import OutboxItem
from db.store import GameStore
from lang import speaking
from table.errors import DamagedGame, refusal
from table.model import ActResult, Table

log = logging.getLogger(__name__)

Cause = Literal[
    "player",  # a player's move (a slash command, a panel's choice, the sandbox's)
    "deadline",  # the automatic player after a missed deadline
    "autopilot",  # the automatic player for a seat on autopilot
    "robot",  # a robot seat's move (table/robots.py)
    "forced",  # moves that need no one (a forced move, a standing answer) played on their own
    "standing",  # a standing answer set (and played at once if its decision is waiting)
    "start", "lobby", "take_back", "reclaim", "seat", "handover", "vote", "abandon", "repair", "remind", "away",
    "note", "digest", "nudge",
    "hint",  # a seat asked for a suggestion: its count of suggestions, the game's mark of having used hints
    "lesson",  # a practising seat was shown a lesson (table/practice.py): the lessons it has seen
]
MOVES: frozenset[Cause] = frozenset({"player", "deadline", "autopilot", "robot", "forced", "standing"})
"""The causes of changes that are moves: each plays the moves that need no one (forced moves, standing answers)
right after itself, in the same change."""
UNATTENDED: frozenset[Cause] = frozenset({"deadline", "autopilot", "robot", "forced", "remind", "digest", "nudge"})
"""The causes of changes the table makes by itself, with nobody's interaction to answer: everything they compose is
for the game's thread (or a member's direct messages), so they speak the game's language from the start."""
Loading = Literal["state", "plain", "healthy"]
"""How a change loads its game: ``state`` (the game with its state; a damaged save refuses), ``plain`` (record
and seats only, for games whose save may be damaged) or ``healthy`` (the state if it can be read, else plain)."""

Write = Callable[[], Awaitable[Any]]


class Loader(Protocol):
    """What the unit of work needs of the table service to read a game."""

    async def table(self, game_id: int, guild_id: int | None = None) -> Table: ...

    async def lobby_view(self, game_id: int, guild_id: int | None = None) -> Table: ...

    def keep_state(self, game_id: int, version: int, state: Any) -> None: ...


@dataclass(eq=False)
class Change:
    """What one change does to one game, gathered while it is made and written when it ends."""

    table: Table
    """The game as loaded under the lock."""
    cause: Cause
    after: Table | None = None
    """The game after the change, where its state, version or status changed."""
    result: ActResult | None = None
    """The move made, for a change that is a move."""
    wakes: bool = False
    """Whether the change may have made the game wait for a seat the table plays (autopilot, forced moves)."""
    _writes: list[Write] = field(default_factory=list)
    _items: list[OutboxItem] = field(default_factory=list)
    _speech: ExitStack = field(default_factory=ExitStack)

    def speak_publicly(self) -> None:
        """From here to the end of the change, speak the game's language: what follows is composed for the game's
        thread. A person's change calls it once its checks are done, so a refusal is still in the reader's language
        (the language of the interaction being served) and the posts are in the game's."""
        self._speech.enter_context(speaking(self.table.language))

    @property
    def game_id(self) -> int:
        return self.table.id

    def write(self, operation: Write) -> None:
        """A store write to make in the change's transaction (called then, in the order given)."""
        self._writes.append(operation)

    def publish(self, *items: OutboxItem) -> None:
        """Items for the game's outbox, written in the change's transaction after its writes."""
        self._items.extend(items)

    def became(self, after: Table, result: ActResult | None = None) -> None:
        """The game after the change (and the move, if it was one)."""
        self.after = after
        self.result = result
        self.wakes = True

    @property
    def finished(self) -> bool:
        """Whether this change ended the game with a result (an abandoned game has none)."""
        return (self.after is not None and self.after.record.status == "finished"
                and self.table.record.status != "finished")

    @property
    def empty(self) -> bool:
        return not self._writes and not self._items


Follower = Callable[[Change], Awaitable[None]]


def results_of(table: Table) -> list[tuple[int, int, int, int]]:
    """A finished game's ``(seat, user, score, place)`` rows for the statistics (none without an outcome)."""
    if table.state is None:
        return []
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return []
    return [(seat, table.user_of(seat), outcome.scores[seat], place)
            for place, seats in enumerate(outcome.ranking, start=1) for seat in seats]


class Work:
    """The unit of work of every change to a game (see the module's docstring)."""

    def __init__(self, store: GameStore, life: LifeStore, loader: Loader) -> None:
        self.store = store
        self.life = life
        self.loader = loader
        self.followers: list[Follower] = []
        """What runs after every change, in order, once the game's lock is given back."""
        self.preparers: list[Follower] = []
        """What looks at every change just before it is written, still under the lock, and may add writes to it
        (facts that must be written with the change itself, such as a seat left alone: table.nudge)."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, game_id: int) -> AbstractAsyncContextManager[Any]:
        """The game's lock: one per game while anyone holds or waits for it, forgotten afterwards; with a
        store shared by several processes (PostgreSQL), the game's lock across them is taken inside it."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock if self.store.locks is None else self.store.locks.around(lock, game_id)

    @asynccontextmanager
    async def change(self, game_id: int, cause: Cause, *, guild_id: int | None = None,
                     loading: Loading = "state") -> AsyncIterator[Change]:
        """Make one change to a game: the block gets the :class:`Change` with the game loaded under its lock,
        records on it what to write, and everything is written in one transaction when the block ends (nothing
        if it raises). What must follow runs after the lock is given back."""
        async with self._lock(game_id):
            change = Change(await self._load(game_id, guild_id, loading), cause)
            with change._speech:  # the language spoken is given back when the block ends
                if cause in UNATTENDED:
                    change.speak_publicly()
                yield change
                await self._commit(change)
        await self.follow(change)

    async def _load(self, game_id: int, guild_id: int | None, loading: Loading) -> Table:
        if loading == "state":
            return await self.loader.table(game_id, guild_id)
        if loading == "healthy":
            try:
                return await self.loader.table(game_id, guild_id)
            except DamagedGame:
                pass  # read without its state: a damaged game can still be abandoned or repaired
        return await self.loader.lobby_view(game_id, guild_id)

    async def _commit(self, change: Change) -> None:
        for prepare in self.preparers:
            await prepare(change)
        if change.empty:
            return
        rows = results_of(change.after) if change.finished and change.after is not None else []
        try:
            async with self.store.transaction():
                for operation in change._writes:
                    await operation()
                if change._items:
                    await self.store.enqueue(change.game_id, change._items)
                if rows:
                    await self.life.record_results(change.game_id, rows)
        except StoreError as error:
            raise refusal(error) from error
        after = change.after
        if after is not None and after.state is not None:
            self.loader.keep_state(after.id, after.record.version, after.state)

    async def follow(self, change: Change) -> None:
        """Run what must follow a change; a follower's trouble is logged and never undoes the change."""
        if change.empty:
            return
        for follower in self.followers:
            try:
                await follower(change)
            except Exception:
                log.exception("Game %s: what follows a %s change failed", change.game_id, change.cause)

    async def create(self, create: Callable[[], Awaitable[int]]) -> int:
        """A new game's row and its creator's seat, in one transaction (nobody else can know the game yet, so
        there is no lock to take); returns its id."""
        try:
            async with self.store.transaction():
                return await create()
        except StoreError as error:
            raise refusal(error) from error

    async def write(self, operation: Awaitable[Any]) -> Any:
        """A write that is no game's (a member's settings, the scheduler's bookkeeping); its refusals become the
        table's."""
        try:
            return await operation
        except StoreError as error:
            raise refusal(error) from error


def answers_with(answers: Mapping[int, Mapping[str, str]], seat: int, decision: str,
                 answer: str | None) -> dict[int, dict[str, str]]:
    """The standing answers of a game's seats with one seat's answer set (None: cleared)."""
    merged = {key: dict(value) for key, value in answers.items()}
    own = merged.setdefault(seat, {})
    if answer is None:
        own.pop(decision, None)
    else:
        own[decision] = answer
    return merged


__all__: Sequence[str] = ["MOVES", "UNATTENDED", "Cause", "Change", "Follower", "Loading", "Work", "answers_with",
                          "results_of"]
