"""The publisher: delivers each game's outbox in order, one item at a time, never two of one game at
once, after the game's lock has been released.

Delivery itself is the chat client's job (a :class:`Courier`); this module decides what happens when it
fails:

- a passing failure (a 5xx answer, a timeout, a dropped connection, a rate limit) is retried with
  backoff, and nothing after it in the same game is delivered first, so the thread never shows an older
  board after a newer one;
- a missing permission is told once — the courier says in the channel (or to the game's creator) which
  permission is missing — and the item is retried until it goes through;
- a deleted thread is re-created by the courier and delivery goes on there;
- an item that retrying cannot cure is set aside: one this version cannot read (an unknown kind or
  control, a payload of the wrong shape: :class:`~table.publications.Unreadable`), one the chat service
  refuses for good (:class:`Rejected`: a 4xx other than a rate limit, a missing permission or a missing
  thread), and one whose delivery fails unexpectedly ``UNEXPECTED_LIMIT`` times in a row. It is logged at
  WARNING with the game, the item, its kind and the reason, kept in the outbox for inspection but no
  longer pending (``OutboxStore.set_aside``), and the game's later items are delivered.

Everything pending survives a restart: :meth:`Publisher.resume` picks up every game with due items
(of the games this process looks after, when several run; see ``table/ownership.py``), and at start-up
(``resume(everything=True)``) every game with pending items at once, those backing off included: the
timers that would have retried them died with the previous process. Where processes
share the database, a game's delivery holds the game's outbox lease while it runs, whether it delivers
what this process's own moves posted or what another process left: a game whose lease another process
holds is tried again shortly, and what a process that died left is taken over once its lease ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from db.outbox import OutboxRow, OutboxStore
from db.store import GameRecord, GameStore
from lang import speaking
from table.clocks import Clock
from table.delivery import Courier, Delivery, MissingPermissions, Rejected, ThreadGone, TryLater, Undeliverable
from table.ownership import EveryGame, WorkClaim
from table.publications import BACKGROUND_KINDS, Board, Parcel, Unreadable

log = logging.getLogger(__name__)

DEFAULT_BACKOFF: tuple[float, ...] = (1.0, 3.0, 10.0, 30.0, 120.0, 300.0)
DEFAULT_TIMEOUT = 20.0  # seconds one delivery may take before it counts as failed
TAKEOVER_MARGIN = 0.5  # seconds after another process's lease runs out before trying to take the game over
UNEXPECTED_LIMIT = 3  # unexpected failures in a row after which an item is set aside (a bug, not a passing fault)


def superseded(item: Parcel, later: Sequence[Parcel]) -> bool:
    """Whether a board edit is made redundant by a later edit of the same board still waiting: an edit's
    text lists every event since its board began, so only the last of a run of edits needs posting (a
    burst of moves, or a backlog after an outage, then costs one drawing instead of one per move). The
    later edit must draw its own picture: one that keeps the picture relies on this one's."""
    if not isinstance(item.publication, Board) or item.publication.mode != "edit":
        return False
    for other in later:
        if isinstance(other.publication, Board):
            return other.publication.mode == "edit" and not other.publication.same_picture
    return False


class Publisher:
    def __init__(self, store: GameStore, outbox: OutboxStore, clock: Clock, *,
                 backoff: Sequence[float] = DEFAULT_BACKOFF, timeout: float = DEFAULT_TIMEOUT,
                 claim: WorkClaim | None = None) -> None:
        self.store = store
        self.claim: WorkClaim = claim or EveryGame()
        """Whose games' pending items :meth:`resume` picks up (another process delivers the others')."""
        self.outbox = outbox
        self.clock = clock
        self.backoff = tuple(backoff)
        self.timeout = timeout
        self.courier: Courier | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._told: dict[int, tuple[str, ...]] = {}  # game → missing permissions already told about
        self._claimed: set[int] = set()  # games whose lease resume() took for a delivery not yet begun
        self._refused: dict[int, int] = {}  # game → deliveries in a row not begun, its lease being another's
        self._unexpected: dict[int, int] = {}  # item → unexpected failures in a row
        self._reached: dict[int, int] = {}  # game → the id of the last item this process delivered or set aside
        self._progress: dict[int, asyncio.Event] = {}  # game → set when an item of it is done with (for settle)
        self._closed = False

    # ----- starting deliveries --------------------------------------------------------------------------
    def kick(self, game_id: int) -> None:
        """Deliver the game's pending items soon (in order, after any delivery already running)."""
        if self._closed or self.courier is None:
            return
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        timer = self._timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drain(game_id),
                                                                      name=f"ringmaster-publish-{game_id}")

    async def settle(self, game_id: int, timeout: float) -> None:
        """Start delivering and wait up to ``timeout`` seconds for what the game's queue held at the call,
        except the seed reveal and the replay (drawing a replay takes a second; a move's answer waits for
        its own board, not for that). What is not delivered by then goes on in the background."""
        self.kick(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            return
        target = await self.outbox.last_waiting(game_id, excluding=BACKGROUND_KINDS)
        if target is None:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while self._reached.get(game_id, 0) < target:
                    task = self._tasks.get(game_id)
                    if (task is None or task.done()) and game_id in self._again and not self._closed:
                        self.kick(game_id)  # it ended as it was kicked again: start the next delivery now
                        task = self._tasks.get(game_id)
                    if task is None or task.done():
                        # It stopped short: a failure backing off (wait for its retry, if it comes in time) or
                        # another process's lease (nothing to wait for here).
                        timer = self._timers.get(game_id)
                        if timer is None or timer.cancelled():
                            return
                        await asyncio.sleep(max(0.0, timer.when() - asyncio.get_running_loop().time()) + 0.001)
                        continue
                    progress = self._progress.setdefault(game_id, asyncio.Event())
                    waiting = asyncio.ensure_future(progress.wait())
                    try:
                        await asyncio.wait({waiting, task}, return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        waiting.cancel()

    async def resume(self, *, everything: bool = False) -> int:
        """Start delivering every game with items due (at every scheduler tick) among this process's own
        games; returns how many. With ``everything`` (at start-up), every game with pending items, due or
        backing off: this process has no timer for what a previous process was waiting to retry."""
        if self._closed or self.courier is None:
            return 0
        due = await (self.outbox.waiting_games() if everything else self.outbox.due_games(self.clock()))
        mine = await self.claim.mine(due, "outbox")
        games = [game_id for game_id in due if game_id in mine]  # in due order: the longest waiting first
        for game_id in games:
            if game_id in self._claimed:  # its delivery has not begun yet: it holds the lease already
                await self.claim.done([game_id], "outbox")
            self._claimed.add(game_id)
            self.kick(game_id)
        others = [game_id for game_id in due if game_id not in mine]
        if others:
            # Held by another process, which may have died (this process may be its successor, starting
            # up): try again the moment its lease runs out, not a whole scheduler tick later.
            self._try_when(await self.claim.runs_out(others, "outbox"))
        return len(games)

    def _try_when(self, moments: dict[int, datetime]) -> None:
        """Deliver each game soon after its ``moment`` (by this process's clock), unless it is being
        delivered or already to be tried by then."""
        now = self.clock()
        loop = asyncio.get_running_loop()
        for game_id, moment in moments.items():
            task, timer = self._tasks.get(game_id), self._timers.get(game_id)
            at = loop.time() + max(0.0, (moment - now).total_seconds()) + TAKEOVER_MARGIN
            if (timer is not None and loop.time() < timer.when() <= at) or (task is not None and not task.done()):
                continue  # being delivered, or to be tried again by then anyway
            if timer is not None:
                timer.cancel()
            self._timers[game_id] = loop.call_at(at, self.kick, game_id)

    async def close(self) -> None:
        self._closed = True
        for timer in self._timers.values():
            timer.cancel()
        tasks = [task for task in self._tasks.values() if not task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def idle(self) -> None:
        """Wait until no delivery is running (for tests and shutdown)."""
        while running := [task for task in self._tasks.values() if not task.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    # ----- delivering -----------------------------------------------------------------------------------
    async def _drain(self, game_id: int) -> None:
        if not await self._take(game_id):
            # Another process is delivering this game's items (or died doing so): it delivers these too, or
            # they are taken over once its lease runs out; try again soon all the same.
            refused = self._refused[game_id] = self._refused.get(game_id, 0) + 1
            if not self._closed:
                delay = self.backoff[min(refused - 1, len(self.backoff) - 1)]
                self._timers[game_id] = asyncio.get_running_loop().call_later(delay, self.kick, game_id)
            return
        self._refused.pop(game_id, None)
        uses = 1  # the lease is given back as often as it was taken for this delivery
        try:
            while True:
                self._again.discard(game_id)
                await self._deliver_pending(game_id)
                if game_id in self._claimed:  # resume() took the lease again meanwhile
                    self._claimed.discard(game_id)
                    uses += 1
                if game_id not in self._again:
                    return
        finally:
            await self.claim.done([game_id] * uses, "outbox")
            if game_id in self._again and not self._closed:
                # kicked while the lease was being given back, after the last look at the queue
                asyncio.get_running_loop().call_soon(self.kick, game_id)

    async def _take(self, game_id: int) -> bool:
        """Whether this delivery may go ahead: the game's outbox lease taken by resume(), or taken now."""
        if game_id in self._claimed:
            self._claimed.discard(game_id)
            return True
        return game_id in await self.claim.mine({game_id}, "outbox")

    async def _deliver_pending(self, game_id: int) -> None:
        courier = self.courier
        assert courier is not None
        rows = await self.outbox.pending(game_id)
        parcels: list[Parcel | Unreadable] = []
        for row in rows:
            try:
                parcels.append(Parcel.of(row))
            except Unreadable as error:
                parcels.append(error)
        for index, (row, parcel) in enumerate(zip(rows, parcels, strict=True)):
            if not await self.claim.renew(game_id, "outbox"):
                return  # so slow that the lease ran out and another process took the rest over
            if isinstance(parcel, Unreadable):
                await self._set_aside(row, f"it cannot be read: {parcel.reason}")
                continue
            if superseded(parcel, [later for later in parcels[index + 1:] if isinstance(later, Parcel)]):
                await self.outbox.delivered(row.id)
                self._done(row)
                continue
            game = await self.store.get_game(game_id)
            if game is None:
                return
            try:
                delivery = await self._attempt(courier, game, parcel)
            except MissingPermissions as error:
                self._unexpected.pop(row.id, None)
                if self._told.get(game_id) != error.permissions:
                    self._told[game_id] = error.permissions
                    await self._tell(courier, game, error.permissions)
                await self._later(row, str(error))
                return
            except (TryLater, TimeoutError, OSError) as error:
                self._unexpected.pop(row.id, None)
                await self._later(row, str(error) or type(error).__name__)
                return
            except Rejected as error:
                await self._set_aside(row, f"the chat service refused it: {error}")
                continue
            except Exception as error:  # a bug in delivery must not silence the game: log it, retry later
                log.exception("Game %s: delivering %s item %s failed unexpectedly", game_id, row.kind, row.id)
                failures = self._unexpected[row.id] = self._unexpected.get(row.id, 0) + 1
                if failures >= UNEXPECTED_LIMIT:
                    await self._set_aside(row, f"its delivery failed unexpectedly {failures} times in a row, "
                                               f"last with {error!r}")
                    continue
                await self._later(row, f"unexpected: {error!r}")
                return
            self._unexpected.pop(row.id, None)
            if delivery.missing and self._told.get(game_id) != delivery.missing:
                self._told[game_id] = delivery.missing
                await self._tell(courier, game, delivery.missing)
            elif not delivery.missing:
                self._told.pop(game_id, None)
            await self.outbox.delivered(row.id, board_message_id=delivery.message_id if row.kind == "board" else None)
            self._done(row)

    async def _set_aside(self, row: OutboxRow, reason: str) -> None:
        """Take an item retrying cannot cure out of the game's queue, so the items after it go out."""
        log.warning("Game %s: the %s item %s is set aside (kept in the outbox, no longer delivered): %s",
                    row.game_id, row.kind, row.id, reason)
        self._unexpected.pop(row.id, None)
        await self.outbox.set_aside(row.id, reason)
        self._done(row)

    def _done(self, row: OutboxRow) -> None:
        """An item is done with (delivered, superseded or set aside): tell whoever settles on it."""
        self._reached[row.game_id] = max(self._reached.get(row.game_id, 0), row.id)
        progress = self._progress.pop(row.game_id, None)
        if progress is not None:
            progress.set()

    async def _attempt(self, courier: Courier, game: GameRecord, row: Parcel) -> Delivery:
        """One delivery, re-creating the game's thread once if it was deleted. What the courier words or draws
        as it delivers (buttons, pictures and their descriptions, a charts' captions) is in the game's language,
        whoever's interaction started the delivery."""
        with speaking(game.language):
            return await self._attempt_in_language(courier, game, row)

    async def _attempt_in_language(self, courier: Courier, game: GameRecord, row: Parcel) -> Delivery:
        try:
            return await asyncio.wait_for(courier.deliver(game, row), self.timeout)
        except ThreadGone:
            thread_id = await courier.reopen(game)
            if thread_id is None:
                raise TryLater("the game's thread is gone and a new one could not be made") from None
            await self.store.set_thread(game.id, thread_id)
            log.info("Game %s: its thread was deleted; it goes on in thread %s", game.id, thread_id)
            fresh = await self.store.get_game(game.id)
            assert fresh is not None
            return await asyncio.wait_for(courier.deliver(fresh, row), self.timeout)

    async def _tell(self, courier: Courier, game: GameRecord, permissions: Sequence[str]) -> None:
        try:
            with speaking(game.language):
                await asyncio.wait_for(courier.tell_missing(game, permissions), self.timeout)
        except (Undeliverable, TimeoutError, OSError) as error:
            log.warning("Game %s: could not tell anyone that permissions are missing: %s", game.id, error)

    async def _later(self, row: OutboxRow, error: str) -> None:
        delay = self.backoff[min(row.attempts, len(self.backoff) - 1)]
        log.info("Game %s: delivering %s item %s failed (%s); retrying in %.0f s", row.game_id, row.kind, row.id,
                 error, delay)
        await self.outbox.failed(row.id, error, self.clock() + timedelta(seconds=delay))
        if not self._closed:
            self._timers[row.game_id] = asyncio.get_running_loop().call_later(delay, self.kick, row.game_id)
