"""Robot seats: seats the automatic player holds at a level, with no member behind them.

A robot moves through the one change path like any move (``Work.change(game_id, "robot")``), but it thinks
before, outside it: after every change (``TableCore.after_change``) a game that waits for a robot gets one
task here, which reads the game, has the thinker (table/thinking.py) decide from the state and version it read
— off the event loop, with no lock held — and applies the decision only if the game is still at that version,
or at a later one where the robot's seat sees exactly what it saw and the choice is still legal (in a
simultaneous step, the others' secret choices may move the version without telling the robot anything, and a
person's choice on an older panel stands there too). If anything the robot can see moved meanwhile (a public
move, a take-back), it reads the game again and thinks again. So two processes sharing a database can never
move a robot twice: the second finds its seat already moved, and its view changed with it. (Each game's robots
are also claimed like the keeper's work, so only one process thinks.)

**When a robot posts.** How long a decision takes depends on the position, including the robot's own hand,
which nobody else may learn. So a robot never posts before ``delay`` seconds after it began on its turn, and
when thinking took longer, at the next whole multiple of ``delay``: the moment only shows a count of whole
delays, which at 3 s (above a strong decision's p99 of ~2 s) is almost always one. A fixed delay also reads
as a player moving, not as an instant wall of moves. Nothing else about the thinking is told anywhere: the
log says which seat and game a failure was in, never what the state held.

**After a restart** nothing is lost: what a robot was thinking was never written, and :meth:`Robots.resume`
(at start-up and at every scheduler tick) wakes every game that waits for a robot, which then thinks again.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Final, Literal

from db.store import GameStore
from lang import tr
from rules.core.players import LEVELS, Level, level_words, parse_level
from table.errors import TableError
from table.model import Table
from table.ownership import EveryGame, WorkClaim
from table.service import TableService
from table.thinking import Moved, Thinker, ThinkingFailed, ThreadThinker, at_version, new_robot_secret, robot_seed

log = logging.getLogger(__name__)

ROBOT_DELAY: Final = 3.0
"""Seconds a robot waits from the start of its turn before its move (see the module's docstring)."""
WAITS_KEPT: Final = 10_000
MAX_TRIES: Final = 20
"""Decisions in a row a robot may throw away because the game moved meanwhile before it rests until the next
wake (a table busy with people's moves in a simultaneous step)."""


def robot_name(level: Level, number: int = 1) -> str:
    """A robot seat's name everywhere (boards, logs, the lobby): its level in it, a number from the second on. Named
    in the language spoken when it is seated (the name is kept with the seat, and covered by the game's fairness
    commitment, so it is never renamed later)."""
    words = level_words(level)
    return tr("🤖 Robot ({level})", level=words) if number <= 1 else \
        tr("🤖 Robot {number} ({level})", number=number, level=words)


def robot_level(text: str) -> Level:
    """A robot's level from a name (a refusal that lists the levels for anything else)."""
    try:
        return parse_level(text)
    except ValueError:
        raise TableError(tr("A robot plays at one of these levels: {levels}.", levels=", ".join(LEVELS))) from None


class Robots:
    def __init__(self, tables: TableService, store: GameStore, thinker: Thinker | None = None,
                 claim: WorkClaim | None = None, delay: float = ROBOT_DELAY,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.store = store
        self.thinker: Thinker = thinker or ThreadThinker()
        self.claim: WorkClaim = claim or EveryGame()
        self.delay = delay
        self.monotonic = monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # games woken while their task was already running
        self._secrets: dict[int, str] = {}  # each game's robot secret once read (it never changes)
        self.moved = 0
        """Robot moves made by this process (for the benchmarks and the tests)."""
        self.recomputed = 0
        """Decisions thrown away because the game moved while the robot thought."""
        self.thinking = 0
        """Robot decisions being thought right now (the tests measure the event loop meanwhile)."""
        self.waited: deque[float] = deque(maxlen=WAITS_KEPT)
        """Seconds from the start of each robot's turn to its move being saved, the latest ``WAITS_KEPT`` (the
        benchmarks read it)."""

    # ----- the lobby ------------------------------------------------------------------------------------------
    async def add(self, game_id: int, user_id: int, level: str, may_manage: bool = False,
                  guild_id: int | None = None) -> Table:
        """Seat a robot at ``level`` in the lobby (the game's creator or a server manager); it counts toward the
        game's player limit like anyone."""
        chosen = robot_level(level)
        async with self.tables.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            self._may_seat_robots(table, user_id, may_manage, "add")
            limit = table.game.max_players
            if len(table.seats) >= limit:
                raise TableError(tr("This game is full: {game} takes at most {limit} players, robots included.",
                                    game=tr(table.game.name), limit=limit))
            # A robot's id is negative (no Discord id is) and its number the smallest free one, so each robot of a
            # game has its own id and name.
            change.speak_publicly()  # its name is shown to everyone: in the game's language
            taken = {-seat.user_id for seat in table.seats if seat.robot is not None}
            number = next(count for count in range(1, limit + 2) if count not in taken)
            change.write(lambda: self.store.add_seat(game_id, -number, robot_name(chosen, number), max_seats=limit,
                                                     robot=chosen))
            change.write(lambda: self.store.robot_secret(game_id, new_robot_secret))
        return await self.tables.table(game_id)

    async def remove(self, game_id: int, user_id: int, seat: int | None, may_manage: bool = False,
                     guild_id: int | None = None) -> Table:
        """Take a robot out of the lobby: the one in ``seat`` (0-based), or the last robot seated when None."""
        async with self.tables.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            self._may_seat_robots(table, user_id, may_manage, "remove")
            robots = [taken for taken in table.seats if taken.robot is not None]
            if not robots:
                raise TableError(tr("There is no robot in this game to remove."))
            if seat is None:
                leaving = robots[-1]
            elif not 0 <= seat < len(table.seats):
                raise TableError(tr("This game has no seat {number}; it has {count}.", number=seat + 1,
                                    count=len(table.seats)))
            elif table.seats[seat].robot is None:
                raise TableError(tr("Seat {number} is a player's, not a robot's; only robots can be removed.",
                                    number=seat + 1))
            else:
                leaving = table.seats[seat]
            change.write(lambda: self.store.remove_seat(game_id, leaving.user_id))
        return await self.tables.table(game_id)

    @staticmethod
    def _may_seat_robots(table: Table, user_id: int, may_manage: bool, verb: str) -> None:
        if table.record.status != "lobby":
            if table.record.status != "active":
                raise TableError(tr("This game is over."))
            raise TableError(tr("This game has already started; robots can only be added in its lobby.")
                             if verb == "add" else
                             tr("This game has already started; robots can only be removed in its lobby."))
        if user_id != table.record.creator_id and not may_manage:
            raise TableError(tr("Only the game's creator or a server manager can add robots.") if verb == "add"
                             else tr("Only the game's creator or a server manager can remove robots."))

    # ----- waking ---------------------------------------------------------------------------------------------
    def wake(self, game_id: int) -> None:
        """Have the game's robots move if it waits for one (a task of its own; at most one a game)."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.create_task(self._play(game_id), name=f"ringmaster-robots-{game_id}")

    async def resume(self) -> int:
        """Wake every game that waits for a robot (at start-up, and at each scheduler tick in case a wake was
        lost); returns how many."""
        games = await self.store.robot_waits()
        for game_id in games:
            self.wake(game_id)
        return len(games)

    async def idle(self) -> None:
        """Wait until no robot is thinking or waiting to move (tests, and stopping cleanly)."""
        while True:
            running = [task for task in self._tasks.values() if not task.done()]
            if not running:
                return
            await asyncio.wait(running)

    async def close(self) -> None:
        """Stop thinking: a robot interrupted moves after the next start (nothing of its turn was written)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
        await self.thinker.close()

    # ----- playing --------------------------------------------------------------------------------------------
    async def _play(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                mine = await self.claim.mine({game_id}, "keeper")
                try:
                    moved = game_id in mine and await self.move(game_id)
                finally:
                    await self.claim.done(mine, "keeper")
                if not moved and game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as error:
            # Where and what kind only: the error's text might quote a state read from the database.
            log.error("Game %s: a robot could not move (%s)", game_id, type(error).__name__)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
                self._secrets.pop(game_id, None)  # read again next time: a finished game's is never needed

    def _robot_awaited(self, table: Table) -> int | None:
        if table.record.status != "active" or table.state is None or table.record.damage is not None:
            return None
        return next((seat for seat in table.awaited() if table.is_robot(seat)), None)

    async def move(self, game_id: int) -> bool:
        """One robot move in the game if it waits for a robot (the lowest such seat); False when it waits for
        none, or the game kept moving while the robot thought (``MAX_TRIES`` times)."""
        began = self.monotonic()
        for _ in range(MAX_TRIES):
            try:
                table = await self.tables.table(game_id)
            except TableError:
                return False  # gone or damaged: nothing for a robot to do
            seat = self._robot_awaited(table)
            if seat is None:
                return False
            outcome = await self._think_and_move(table, seat, began)
            if outcome != "again":
                return outcome == "moved"
            self.recomputed += 1
        return False

    async def _think_and_move(self, table: Table, seat: int, began: float) -> Literal["moved", "again", "stop"]:
        """One decision and its move: ``again`` when the position moved under it (think again), ``stop`` when it
        failed (the next wake, or the next tick, tries again)."""
        assert table.state is not None
        version = table.record.version
        level = robot_level(table.seats[seat].robot or "normal")
        secret = self._secrets.get(table.id)
        if secret is None:
            secret = self._secrets[table.id] = await self.store.robot_secret(table.id, new_robot_secret)
        self.thinking += 1
        try:
            thought = await self.thinker.decide(table.record.kind, table.game.state_to_json(table.state), seat,
                                                level, robot_seed(secret, version, seat))
        except ThinkingFailed as failure:
            log.error("Game %s: %s", table.id, failure)
            return "stop"
        finally:
            self.thinking -= 1
        chosen = at_version(version, table.game.action_from_json(thought.action_json),
                            table.game.view(table.state, seat))
        await self._pace(began)
        try:
            await self.tables.act(table.id, None, None, chosen, seat=seat, cause="robot")
        except Moved:
            return "again"
        except TableError:  # the seat is no longer awaited, or the rules refused: never the refusal's words,
            # which may name what the robot holds
            log.info("Game %s: robot seat %s did not move (its decision was refused)", table.id, seat + 1)
            return "stop"
        self.moved += 1
        self.waited.append(self.monotonic() - began)
        return "moved"

    async def _pace(self, began: float) -> None:
        """Wait until the next whole multiple of ``delay`` since ``began`` (at least one)."""
        if self.delay <= 0:
            return
        elapsed = self.monotonic() - began
        due = max(1, math.ceil(elapsed / self.delay)) * self.delay
        await self.sleep(max(0.0, due - elapsed))
