"""The nudge that matters: when one seat alone holds up a step every other seat of it has answered (a step all
seats decide at once, say), its player gets one gentle reminder that everyone else has chosen — once per wait,
within their active hours, never saying what the others chose (only that they did, which every board shows).

How it is kept exactly once:

- The change that leaves a seat alone marks it (``seats.alone_since``) **in its own transaction** (a preparer of
  the unit of work, :meth:`Nudger.prepare`), so no restart can lose the fact.
- The scheduler's tick (:meth:`Nudger.tick`) picks the marked seats whose moment has come — an hour of their
  player's active time after they were left alone, so a player who is about to answer anyway is not chased —
  and sends each nudge through the game's unit of work: under the game's lock (across processes too), the
  seat's wait is marked nudged (``seats.nudged_wait``, guarded, so a second process or a second tick finds it
  done and writes nothing) in the same transaction as the nudge's outbox item, which the outbox delivers once.

"Once per wait": once per holdout, since a seat whose own move starts the next round of a step decided at once
keeps one running clock (see table.keeper); a seat is nudged again only after it has moved itself.
A seat on autopilot is never nudged (it moves at once); a player away is not nudged while away, and a player
who asked for no notifications is not nudged at all.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Final

from db.life import LifeStore, Member, SeatClock
from lang import speaking, tr
from table import clocks, compose, hours, publications
from table.clocks import Clock
from table.errors import TableError
from table.herald import jump_link
from table.ownership import WorkClaim
from table.service import TableService
from table.work import Change

log = logging.getLogger(__name__)

NUDGE_AFTER: Final = timedelta(hours=1)
"""Active time of the player's between being left alone and the nudge: gentle, not a chase."""


class _Done(Exception):
    """The nudge of this wait went out already (another tick or process), or the wait is over: write nothing."""


def left_alone(change: Change) -> int | None:
    """The seat a change leaves alone holding up a step that every other seat awaited with it has answered:
    it was awaited with others before the change and is the only one awaited after it (None: no such seat)."""
    before, after = change.table, change.after
    if after is None or after.state is None or before.state is None or after.record.status != "active":
        return None
    waiting = after.awaited()
    if len(waiting) != 1 or after.solo:
        return None
    seat = waiting[0]
    earlier = before.awaited()
    return seat if seat in earlier and len(earlier) > 1 else None


class Nudger:
    def __init__(self, tables: TableService, life: LifeStore, clock: Clock, claim: WorkClaim) -> None:
        self.tables = tables
        self.life = life
        self.clock = clock
        self.claim = claim

    async def prepare(self, change: Change) -> None:
        """Mark the seat a change leaves alone, in the change's own transaction. A seat's own move answers any
        nudge it had: the next time it is left alone (the next round of a step decided at once, say) is a new
        holdout, even where its clock runs on as one wait."""
        game_id = change.game_id
        if change.result is not None:
            mover = change.result.seat
            change.write(lambda: self.life.moved_since_nudge(game_id, mover))
        seat = left_alone(change)
        if seat is not None:
            change.write(lambda: self.life.mark_alone(game_id, seat))

    def due(self, clock: SeatClock, alone: datetime, now: datetime, away: bool, member: Member) -> bool:
        """Whether the nudge of a seat left alone at ``alone`` goes out ``now``."""
        if clock.awaited_since is None or clock.autopilot or away or clock.user_id < 0:  # < 0: a robot
            return False
        return now >= hours.after_active(alone, NUDGE_AFTER, member) and hours.is_active(now, member)

    async def tick(self) -> int:
        """Send every nudge due now (in this process's games); returns how many went out."""
        now = self.clock()
        marked = await self.life.left_alone()
        if not marked:
            return 0
        members = await self.life.members({clock.user_id for clock, _ in marked})
        due = [clock for clock, alone in marked
               if self.due(clock, alone, now, members[clock.user_id].away_at(now), members[clock.user_id])]
        mine = await self.claim.mine({clock.game_id for clock in due}, "keeper")
        sent = 0
        try:
            for clock in due:
                if clock.game_id not in mine:
                    continue  # another process looks after this game
                try:
                    sent += await self.nudge(clock)
                except TableError as error:
                    log.info("No nudge in game %s for seat %s: %s", clock.game_id, clock.seat, error)
        finally:
            await self.claim.done(mine, "keeper")
        return sent

    async def nudge(self, clock: SeatClock) -> int:
        """One seat's nudge, through the game's unit of work; 1 if it went out (or was dropped for good)."""
        assert clock.awaited_since is not None
        since = clock.awaited_since
        try:
            async with self.tables.work.change(clock.game_id, "nudge") as change:
                table = change.table
                if table.state is None or table.awaited() != [clock.seat]:
                    # The step moved on (the seat is still awaited, with others now): no nudge for this moment.
                    change.write(lambda: self.life.forget_alone(clock.game_id, clock.seat, whole_wait=False))
                    return 0
                mentioned, direct = await self.tables.herald.split(table, [clock.seat])
                if not mentioned and not direct:
                    # No notifications wanted (or the seat's pings are held): this wait gets none.
                    change.write(lambda: self.life.forget_alone(clock.game_id, clock.seat, whole_wait=True))
                    return 0

                async def mark() -> None:
                    if not await self.life.mark_nudged(clock.game_id, clock.seat, since):
                        raise _Done()
                change.write(mark)
                deadline = await clocks.deadline_of(self.life, clock)
                when = " " + tr("Your time runs out {time}.", time=compose.timestamp(deadline, 'R')) if deadline \
                    else ""
                # The thread reads only that the others have chosen (every board shows who is still awaited);
                # the direct message may add the seat's own prompt, for its player alone.
                public = tr("👋 {player}, everyone else has chosen in {title}; it only waits for you now.",
                            player=compose.mention(clock.user_id), title=table.title) + when
                if direct:
                    # A direct message is the member's own: in their language (the thread's fallback in the game's).
                    with speaking((await self.life.member(clock.user_id)).language or table.language):
                        private = tr("👋 Everyone else has chosen in **{title}**; it only waits for you now: {prompt}",
                                     title=table.title, prompt=table.game.prompt(table.state, clock.seat))
                        if deadline:
                            private += " " + tr("Your time runs out {time}.", time=compose.timestamp(deadline, 'R'))
                    private += f"\n{jump_link(table)}"
                    change.publish(publications.direct(clock.user_id, private, public))
                else:
                    change.publish(publications.note(public, mentions=[clock.user_id]))
        except _Done:
            return 0
        return 1
