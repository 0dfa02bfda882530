"""The life of a days-long game, without Discord: which seats are due a reminder, an automatic move
or their autopilot; taking an action back; handing a seat over; votes to abandon; results for the
statistics. Every change goes through the table service's per-game lock, like every move.

Time comes from an injected clock, so tests drive deadlines by setting the clock, never by sleeping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from cogs.table import hours
from cogs.table.service import STALE, ActResult, Table, TableError, TableService
from db.errors import StoreError
from db.life import LifeStore, SeatClock
from rules.core.events import Event
from rules.core.rng import Rng

Clock = Callable[[], datetime]
DueKind = Literal["remind", "deadline", "autopilot"]
MAX_STEPS_PER_WAIT = 60  # a missed deadline's automatic decisions at most (a solo game never stops waiting)


@dataclass(frozen=True)
class Due:
    """Something the scheduler must do now for one seat."""

    kind: DueKind
    clock: SeatClock


@dataclass(frozen=True)
class TakeBack:
    """The outcome of asking to take an action back: done, or waiting for the others to agree."""

    table: Table
    done: bool
    version: int  # the logged action concerned
    waiting_for: list[int]  # users whose agreement is still needed


class Keeper:
    def __init__(self, tables: TableService, life: LifeStore, clock: Clock) -> None:
        self.tables = tables
        self.life = life
        self.clock = clock

    # ----- time -----------------------------------------------------------------------------------------
    async def deadline_of(self, clock: SeatClock) -> datetime | None:
        """When this seat's current decision falls to its automatic player (None: no deadline)."""
        if clock.awaited_since is None or clock.deadline_minutes is None:
            return None
        member = await self.life.member(clock.user_id)
        return hours.deadline(clock.awaited_since, clock.deadline_minutes, member)

    async def due(self) -> list[Due]:
        """Every reminder, passed deadline and autopilot move that is due now, oldest wait first."""
        now = self.clock()
        found: list[tuple[datetime, Due]] = []
        clocks = await self.life.clocks()
        seats = Counter(clock.game_id for clock in clocks)
        for clock in clocks:
            if clock.awaited_since is None:
                continue
            if clock.autopilot:
                found.append((clock.awaited_since, Due("autopilot", clock)))
                continue
            if clock.deadline_minutes is None or seats[clock.game_id] == 1:
                continue  # a solo player keeps nobody waiting, so their game has no deadline
            member = await self.life.member(clock.user_id)
            if now >= hours.deadline(clock.awaited_since, clock.deadline_minutes, member):
                found.append((clock.awaited_since, Due("deadline", clock)))
            elif not clock.reminded and now >= hours.reminder(clock.awaited_since, clock.deadline_minutes, member):
                found.append((clock.awaited_since, Due("remind", clock)))
        return [due for _, due in sorted(found, key=lambda pair: (pair[0], pair[1].clock.game_id, pair[1].clock.seat))]

    async def play_for(self, game_id: int, seat: int) -> ActResult:
        """One decision by the seat's automatic player, from the seat's view and legal actions only."""
        def automatic_choice(table: Table, seat: int) -> Any:
            assert table.state is not None
            legal = table.game.legal_actions(table.state, seat)
            rng = Rng.from_seed(table.record.seed ^ (table.record.version * 0x9E3779B97F4A7C15))
            return table.game.auto_action(table.game.view(table.state, seat), legal, rng)
        return await self.tables.act(game_id, None, None, automatic_choice, seat=seat)

    async def deadline_passed(self, game_id: int, seat: int) -> tuple[list[ActResult], SeatClock]:
        """A missed deadline: the automatic player finishes the seat's wait (every decision of its turn,
        or of its part of a simultaneous step), and one miss is counted; enough misses in a row put the
        seat on autopilot until its player reclaims it."""
        results = [await self.play_for(game_id, seat)]
        while len(results) < MAX_STEPS_PER_WAIT:
            table = results[-1].table
            if table.state is None or seat not in table.game.to_act(table.state):
                break
            results.append(await self.play_for(game_id, seat))
        return results, await self.life.note_missed(game_id, seat)

    # ----- seats --------------------------------------------------------------------------------------
    async def seat_of(self, game_id: int, user_id: int, guild_id: int | None = None) -> tuple[Table, int]:
        table = await self.tables.table(game_id, guild_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated in this game.")
        if table.record.status != "active":
            raise TableError("This game is not being played." if table.record.status == "lobby"
                             else "This game is over.")
        return table, seat

    async def reclaim(self, game_id: int, user_id: int, guild_id: int | None = None) -> Table:
        table, seat = await self.seat_of(game_id, user_id, guild_id)
        [clock] = [c for c in await self.life.clocks(game_id) if c.seat == seat]
        if not clock.autopilot:
            raise TableError("Your seat is not on autopilot; you are playing it yourself.")
        await self.life.set_autopilot(game_id, seat, False)
        return table

    async def set_autopilot(self, game_id: int, user_id: int, seat: int | None, may_manage: bool,
                            guild_id: int | None = None) -> tuple[Table, int]:
        """Put a seat on autopilot: one's own, or — for the game's creator or a server manager — any
        seat whose player has gone (a seat left empty by someone who vanished)."""
        table = await self.tables.table(game_id, guild_id)
        if table.record.status != "active":
            raise TableError("Only a game being played has seats to put on autopilot.")
        own = table.seat_of(user_id)
        target = own if seat is None else seat
        if target is None or not 0 <= target < len(table.seats):
            raise TableError("Name the seat to put on autopilot; you have none in this game.")
        if target != own and not (may_manage or user_id == table.record.creator_id):
            raise TableError("Only the game's creator or a server manager can put someone else's seat on autopilot.")
        await self.life.set_autopilot(game_id, target, True)
        return table, target

    async def hand_over(self, game_id: int, seat: int, from_user: int, to_user: int, accepter: int) -> Table:
        """The member offered the seat accepts it; the player who offered it must still hold it."""
        if accepter != to_user:
            raise TableError("This seat was offered to someone else; only they can accept it.")
        async with self.tables.lock(game_id):
            table = await self.tables.table(game_id)
            if table.record.status != "active":
                raise TableError("This game is over, so its seats can no longer change hands.")
            if table.seat_of(to_user) is not None:
                raise TableError("You already have a seat in this game.")
            if table.seat_of(from_user) != seat:
                raise TableError("That offer is out of date: the seat is no longer held by whoever offered it.")
            try:
                await self.life.hand_over(game_id, seat, from_user, to_user)
            except StoreError as error:
                raise TableError(str(error)) from error
            return await self.tables.table(game_id)

    # ----- votes to abandon ---------------------------------------------------------------------------
    async def vote_to_abandon(self, game_id: int, user_id: int, guild_id: int | None = None) -> tuple[Table, int, int]:
        """A seated player's vote; a majority of the seated players abandons the game. Returns the table,
        the votes so far and the votes needed."""
        async with self.tables.lock(game_id):
            table = await self.tables.table(game_id, guild_id)
            if table.record.status in ("finished", "abandoned"):
                raise TableError("This game is already over.")
            if table.seat_of(user_id) is None:
                raise TableError("Only the seated players can vote to abandon this game.")
            voters = await self.life.vote(game_id, "abandon", user_id)
            seated = {seat.user_id for seat in table.seats}
            needed = len(seated) // 2 + 1
            votes = len(voters & seated)
            if votes >= needed:
                try:
                    await self.tables.store.set_status(game_id, "abandoned", table.record.version)
                except StoreError as error:
                    raise TableError(str(error)) from error
                table = await self.tables.table(game_id)
            return table, votes, needed

    # ----- taking an action back ----------------------------------------------------------------------
    async def take_back(self, game_id: int, user_id: int, guild_id: int | None = None,
                        agreeing: bool = False) -> TakeBack:
        """Take back the game's last action for the player who made it. Alone when the step drew no
        randomness, revealed nothing and nobody has acted since; otherwise once every other seated
        player agrees (``agreeing`` is that agreement being given, by ``user_id``)."""
        async with self.tables.lock(game_id):
            table = await self.tables.table(game_id, guild_id)
            if table.record.status != "active" or table.state is None:
                raise TableError("Only a game being played can have a move taken back.")
            logged = await self.tables.store.actions(game_id)
            if not logged:
                raise TableError("Nothing has been played yet, so there is nothing to take back.")
            last = logged[-1]
            owner = table.user_of(last.seat)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated in this game.")
            if not agreeing and last.seat != seat:
                raise TableError(f"Only the last move can be taken back, and it was {table.names[last.seat]}'s.")
            before = await self.tables._state_at(table, last.version - 1)
            events = [Event.from_json(raw) for raw in last.events]
            alone = table.game.can_take_back_alone(before, table.state, last.seat, events)
            others = sorted({s.user_id for s in table.seats} - {owner})
            if not alone:
                agreed = await self.life.vote(game_id, f"undo:{last.version}", user_id) if agreeing else \
                    await self.life.votes(game_id, f"undo:{last.version}")
                waiting = [user for user in others if user not in agreed]
                if waiting:
                    return TakeBack(table, False, last.version, waiting)
            try:
                await self.life.take_back(game_id, table.record.version, last.version,
                                          table.game.state_to_json(before), table.game.to_act(before))
            except StoreError as error:
                raise TableError(STALE if "version" in str(error) else str(error)) from error
            return TakeBack(await self.tables.table(game_id), True, last.version, [])

    # ----- results ------------------------------------------------------------------------------------
    async def record_results(self, table: Table) -> None:
        """A finished game's scores and places, for the server's statistics."""
        if table.state is None or table.record.status != "finished":
            return
        outcome = table.game.outcome(table.state)
        if outcome is None:
            return
        rows = [(seat, table.user_of(seat), outcome.scores[seat], place)
                for place, seats in enumerate(outcome.ranking, start=1) for seat in seats]
        await self.life.record_results(table.id, rows)
