"""Each awaited seat's deadline, counted in its player's active hours and stopped while they are away
(see :mod:`table.hours`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime

from db.life import LifeStore, Member, SeatClock
from table import hours
from table.model import Table

Clock = Callable[[], datetime]


async def deadline_of(life: LifeStore, clock: SeatClock) -> datetime | None:
    """When this seat's current decision falls to its automatic player (None: no deadline)."""
    if clock.awaited_since is None or clock.deadline_minutes is None:
        return None
    member = await life.member(clock.user_id)
    return hours.deadline(clock.awaited_since, clock.deadline_minutes, member, hours.seat_pause(clock, member))


async def deadlines(life: LifeStore, table: Table, now: datetime, newly: Collection[int] = (),
                    seat_clocks: Sequence[SeatClock] | None = None,
                    members: Mapping[int, Member] | None = None) -> dict[int, datetime]:
    """The deadline of every awaited seat not on autopilot; ``newly`` awaited seats start their clock
    ``now`` (they are being saved in the same breath). A solo game has none: nobody is kept waiting.
    ``seat_clocks``: the game's clocks, and ``members`` the settings of its players, if the caller has read
    them already."""
    minutes = table.record.deadline_minutes
    if table.state is None or minutes is None or table.over or table.solo:
        return {}
    clocks = {clock.seat: clock for clock in (seat_clocks if seat_clocks is not None
                                              else await life.clocks(table.id))}
    waiting = [seat for seat in table.awaited()
               if not (seat in clocks and clocks[seat].autopilot) and not table.is_robot(seat)]
    users = {table.user_of(seat) for seat in waiting}
    if members is None or not users <= members.keys():
        members = await life.members(users)
    found: dict[int, datetime] = {}
    for seat in waiting:
        clock = clocks.get(seat)
        since = now if clock is None or clock.awaited_since is None or seat in newly else clock.awaited_since
        member = members[table.user_of(seat)]
        pause = hours.seat_pause(clock, member) if clock is not None else None  # a player away stops the clock
        found[seat] = hours.deadline(since, minutes, member, pause)
    return found
