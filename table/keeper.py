"""The life of a days-long game: reminders, missed deadlines and autopilot; taking a seat back, putting
a seat on autopilot, handing a seat over; votes to abandon; taking an action back; results for the
statistics. Every change goes through the unit of work (:mod:`table.work`), like every move: under the
game's lock, written in one transaction with what it must say in the game's outbox.

Time comes from an injected clock, so tests drive deadlines by setting the clock, never by sleeping.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final, Literal

from db.life import LifeStore, Member, SeatClock
from lang import command, speaking, tr
from rules.core.events import Event
from rules.core.players import DEFAULT_LEVEL, LEVELS, Level, decide
from rules.core.rng import Rng
from table import clocks, compose, hours, publications
from table.away import AwayDesk
from table.clocks import Clock
from table.errors import TableError
from table.herald import jump_link
from table.model import ActResult, Table
from table.ownership import EveryGame, WorkClaim
from table.service import TableService
from table.thinking import Moved, Thinker, at_version, searches
from table.work import Cause

log = logging.getLogger(__name__)

DueKind = Literal["remind", "deadline", "autopilot", "back", "bank_out"]
ALL_KINDS: Final = frozenset({"remind", "deadline", "autopilot", "back", "bank_out"})
MAX_STEPS_PER_WAIT = 60  # a missed deadline's automatic decisions at most (a solo game never stops waiting)
MAX_AUTOMATIC_STEPS = 200  # automatic decisions in one tick, so a tick always ends
SEARCH_TRIES = 3  # searches thrown away because the game moved, before the quick player decides instead


def handover_topic(seat: int, to_user: int) -> str:
    """Where an offer of ``seat`` to ``to_user`` is kept: the offering player's vote on this topic."""
    return f"handover:{seat}:{to_user}"


def undo_topic(version: int) -> str:
    """Where a request to take back the action logged at ``version`` and the agreements to it are kept."""
    return f"undo:{version}"


def _automatic_seed(table: Table) -> int:
    # The automatic player's stream as it always was (the game's seed and version): the normal level decides as
    # before. The seed is secret until the game ends, and the choice is made from the seat's view only.
    return (table.record.seed ^ (table.record.version * 0x9E3779B97F4A7C15)) & (2**64 - 1)


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
    def __init__(self, tables: TableService, life: LifeStore, clock: Clock, away: AwayDesk | None = None, *,
                 claim: WorkClaim | None = None, thinker: Thinker | None = None) -> None:
        self.tables = tables
        self.thinker = thinker
        """Where a search-level automatic player thinks (None: it plays at the normal level instead)."""
        self.life = life
        self.clock = clock
        self.away = away if away is not None else AwayDesk(tables, life, clock)
        self.claim: WorkClaim = claim or EveryGame()
        """Whose games' seats this keeper looks after (another process looks after the others)."""

    # ----- the scheduler --------------------------------------------------------------------------------
    async def due(self, game_id: int | None = None, kinds: Collection[str] = ALL_KINDS) -> list[Due]:
        """Every reminder, passed deadline and automatic move due now (in one game, or all; only the
        given kinds), oldest wait first, in the games that are this process's own (see table.ownership).
        Damaged games are left out by the store. The games' leases are given back at once: :meth:`tick`
        keeps them while it works."""
        found, claimed = await self._due(game_id, kinds)
        await self.claim.done(claimed, "keeper")
        return found

    async def _due(self, game_id: int | None, kinds: Collection[str]) -> tuple[list[Due], set[int]]:
        """What :meth:`due` says, and the games claimed for it (each to be given back once).

        Only seats whose ``due_at`` has come are read (an index does the choosing); a seat looked at too
        early (a new wait, or one whose player's active hours changed) gets its exact next moment back,
        so the next tick skips it until then."""
        now = self.clock()
        clocks = await self._clocks_due(game_id, kinds, now)
        # Another process's seats are not even looked at: it alone sets when to look at them again.
        mine = await self.claim.mine({clock.game_id for clock in clocks}, "keeper")
        if mine and self.claim.shared:
            # Read again now that they are ours: the process that held them may have done their work since.
            clocks = await self._clocks_due(game_id, kinds, now)
        clocks = [clock for clock in clocks if clock.game_id in mine]
        members = await self.life.members({clock.user_id for clock in clocks if not clock.autopilot})
        found: list[tuple[datetime, Due]] = []
        later: list[tuple[int, int, datetime | None]] = []
        for clock in clocks:
            if clock.awaited_since is None:
                continue
            if clock.autopilot:
                found.append((clock.awaited_since, Due("autopilot", clock)))
                continue
            member = members[clock.user_id]
            # Away mode (table.away): the stretch ending, or the game's away bank running out, comes first.
            away_due, moments = self._away_due(clock, member, now)
            if away_due is not None:
                found.append((clock.awaited_since, Due(away_due, clock)))
                continue
            if clock.deadline_minutes is None or clock.players == 1:
                # A solo player keeps nobody waiting: no deadline.
                later.append((clock.game_id, clock.seat, min(moments, default=None)))
                continue
            pause = hours.seat_pause(clock, member)
            deadline = hours.deadline(clock.awaited_since, clock.deadline_minutes, member, pause)
            reminder = hours.reminder(clock.awaited_since, clock.deadline_minutes, member, pause)
            if now >= deadline:
                found.append((clock.awaited_since, Due("deadline", clock)))
            elif not clock.reminded and now >= reminder:
                found.append((clock.awaited_since, Due("remind", clock)))
            else:
                later.append((clock.game_id, clock.seat, min([deadline if clock.reminded else reminder, *moments])))
        await self.life.set_due(later)
        found.sort(key=lambda pair: (pair[0], pair[1].clock.game_id, pair[1].clock.seat))
        return [due for _, due in found if due.kind in kinds], mine

    async def _clocks_due(self, game_id: int | None, kinds: Collection[str], now: datetime) -> list[SeatClock]:
        if set(kinds) <= {"autopilot"}:
            if game_id is not None:
                return await self.life.autopilot_clocks(game_id)
            return [clock for clock in await self.life.due_clocks(now) if clock.autopilot]
        return await self.life.due_clocks(now, game_id)

    @staticmethod
    def _away_due(clock: SeatClock, member: Member, now: datetime) -> tuple[DueKind | None, list[datetime]]:
        """What a seat in its player's away stretch needs now ("back": the stretch is over; "bank_out": the
        game's away bank ran out), else the moments to look at it again for that."""
        if clock.away_since is None:
            return None, []
        if hours.stretch_over(clock, member, now):
            return "back", []
        out = hours.bank_runs_out(clock, member)
        if out is not None and not clock.away_told:
            if now >= out:
                return "bank_out", []
            return None, [out, *([member.away_until] if member.away_until else [])]
        return None, [member.away_until] if member.away_until else []

    async def tick(self, game_id: int | None = None, kinds: Collection[str] = ALL_KINDS) -> int:
        """Do everything due now (for one game, or all; only the given kinds); returns how many things
        were done. A game that refuses (damaged, or moved on meanwhile) never stops the others."""
        done = 0
        claimed: list[int] = []  # every game claimed, as often as claimed: each is given back as often
        try:
            while done < MAX_AUTOMATIC_STEPS:
                handled = 0
                found, mine = await self._due(game_id, kinds)
                claimed.extend(mine)
                for item in found:
                    if not await self.claim.renew(item.clock.game_id, "keeper"):
                        continue  # this tick ran so long that another process took the game over
                    try:
                        handled += await self.handle(item)
                    except TableError as error:
                        log.info("Nothing done in game %s for seat %s: %s", item.clock.game_id, item.clock.seat,
                                 error)
                done += handled
                if not handled:
                    break
        finally:
            await self.claim.done(claimed, "keeper")
        return done

    async def handle(self, due: Due) -> bool:
        """Carry out one due thing; False when there was nothing to do after all."""
        clock = due.clock
        if due.kind == "remind":
            await self.remind(clock)
            return True
        if due.kind == "back":
            await self.away.stretch_ended(clock)
            return True
        if due.kind == "bank_out":
            await self.away.bank_ran_out(clock)
            return True
        if due.kind == "deadline":
            await self.deadline_passed(clock.game_id, clock.seat)
        else:
            await self.play_for(clock.game_id, clock.seat)
        return True

    async def remind(self, clock: SeatClock) -> None:
        due = await self.deadline_of(clock)
        async with self.tables.work.change(clock.game_id, "remind") as change:
            table = change.table
            change.write(lambda: self.life.mark_reminded(clock.game_id, clock.seat, due))
            if table.state is None or clock.seat not in table.awaited():
                return
            when = " " + tr("Your time runs out {relative} ({time}).", relative=compose.timestamp(due, 'R'),
                            time=compose.timestamp(due)) if due else ""
            # The thread may only read the public prompt; a direct message may say what only this seat sees.
            public = tr("⏰ {prompt} in {title}.", prompt=compose.public_prompt(table, clock.seat),
                        title=table.title) + when
            mentioned, direct = await self.tables.herald.split(table, [clock.seat])
            if direct:
                # A direct message is the member's own: in their language (the thread's fallback in the game's).
                with speaking((await self.life.member(clock.user_id)).language or table.language):
                    private = tr("⏰ {title} is waiting for you: {prompt}.", title=table.title,
                                 prompt=table.game.prompt(table.state, clock.seat))
                    if due:
                        private += " " + tr("Your time runs out {relative} ({time}).",
                                            relative=compose.timestamp(due, 'R'), time=compose.timestamp(due))
                change.publish(publications.direct(clock.user_id, f"{private}\n{jump_link(table)}", public))
            elif mentioned:
                change.publish(publications.note(public, mentions=[clock.user_id]))

    async def deadline_of(self, clock: SeatClock) -> datetime | None:
        return await clocks.deadline_of(self.life, clock)

    async def play_for(self, game_id: int, seat: int, cause: Cause = "autopilot") -> ActResult:
        """One decision by the seat's automatic player at the game's level (``autopilot_level``), from the seat's
        view and legal actions only. A search is thought out of the lock and off the event loop (the thinker),
        then played only if the game did not move meanwhile; a cheap level decides under the lock."""
        table = await self.tables.table(game_id)
        level = table.record.autopilot_level if table.record.autopilot_level in LEVELS else DEFAULT_LEVEL
        if self.thinker is not None and searches(table.record.kind, level):
            for _ in range(SEARCH_TRIES):
                if table.state is None or seat not in table.awaited():
                    break
                version = table.record.version
                thought = await self.thinker.decide(table.record.kind, table.game.state_to_json(table.state), seat,
                                                    level, _automatic_seed(table))
                chosen = at_version(version, table.game.action_from_json(thought.action_json))
                try:
                    return await self.tables.act(game_id, None, None, chosen, seat=seat, cause=cause)
                except Moved:
                    table = await self.tables.table(game_id)
            level = DEFAULT_LEVEL  # the game keeps moving under the search: the quick player decides under the lock
        cheap: Level = "easy" if level == "easy" else "normal"

        def automatic_choice(table: Table, seat: int) -> Any:
            assert table.state is not None
            return decide(table.game, table.state, seat, cheap, Rng.from_seed(_automatic_seed(table))).action
        return await self.tables.act(game_id, None, None, automatic_choice, seat=seat, cause=cause)

    async def deadline_passed(self, game_id: int, seat: int) -> tuple[list[ActResult], SeatClock]:
        """A missed deadline: the automatic player finishes the seat's wait (every decision of its turn, or
        of its part of a simultaneous step), and one miss is counted; enough misses in a row put the seat
        on autopilot until its player reclaims it. The thread is told, with a button to take the seat back."""
        results = [await self.play_for(game_id, seat, "deadline")]
        while len(results) < MAX_STEPS_PER_WAIT and seat in (await self.tables.table(game_id)).awaited():
            results.append(await self.play_for(game_id, seat, "deadline"))
        async with self.tables.work.change(game_id, "deadline") as change:
            before = next((c for c in await self.life.clocks(game_id) if c.seat == seat), None)
            change.write(lambda: self.life.note_missed(game_id, seat))
            missed = (before.missed if before is not None else 0) + 1
            autopilot = before is not None and (before.autopilot or missed >= before.autopilot_after)
            note = tr("{name} missed the deadline, so the automatic player moved.", name=change.table.names[seat])
            if autopilot:
                note += " " + tr("After {missed} missed deadlines in a row the automatic player keeps the seat until "
                                 "its player takes it back.", missed=missed)
            change.publish(publications.note(note, controls=[publications.Reclaim(seat)]))
            change.wakes = autopilot
        after = next((c for c in await self.life.clocks(game_id) if c.seat == seat), None)
        if after is None:  # the game ended with those moves: its seats have no clocks any more
            after = SeatClock(game_id, seat, change.table.user_of(seat), None, False, missed, autopilot, None, 0, 0)
        return results, after

    # ----- seats ----------------------------------------------------------------------------------------
    @staticmethod
    def _seated(table: Table, user_id: int) -> tuple[Table, int]:
        """The user's seat in a game being played, or the refusal that says why there is none."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(tr("You are not seated in this game."))
        if table.record.status != "active":
            raise TableError(tr("This game is not being played.") if table.record.status == "lobby"
                             else tr("This game is over."))
        return table, seat

    async def reclaim(self, game_id: int, user_id: int, guild_id: int | None = None) -> Table:
        async with self.tables.work.change(game_id, "reclaim", guild_id=guild_id) as change:
            table, seat = self._seated(change.table, user_id)
            [clock] = [c for c in await self.life.clocks(game_id) if c.seat == seat]
            if not clock.autopilot:
                raise TableError(tr("Your seat is not on autopilot; you are playing it yourself."))
            change.speak_publicly()
            change.write(lambda: self.life.set_autopilot(game_id, seat, False))
            change.publish(publications.note(
                tr("{player} takes their seat back from the automatic player.", player=compose.mention(user_id))))
        return table

    async def set_autopilot(self, game_id: int, user_id: int, seat: int | None, may_manage: bool,
                            guild_id: int | None = None, *, member_left: bool = False) -> tuple[Table, int]:
        """Put a seat on autopilot: one's own, or — for the game's creator or a server manager — the seat of
        a player who has gone: one who missed a deadline, or left the server (``member_left``). A present,
        active player's seat is never taken from them. An awaited seat is played at once."""
        async with self.tables.work.change(game_id, "seat", guild_id=guild_id) as change:
            table = change.table
            if table.record.status != "active":
                raise TableError(tr("Only a game being played has seats to put on autopilot."))
            own = table.seat_of(user_id)
            target = own if seat is None else seat
            if target is None or not 0 <= target < len(table.seats):
                raise TableError(tr("Name the seat to put on autopilot; you have none in this game."))
            if table.is_robot(target):
                raise TableError(tr("{name} is a robot: it already plays by itself.", name=table.names[target]))
            if target != own:
                if not (may_manage or user_id == table.record.creator_id):
                    raise TableError(tr("Only the game's creator or a server manager can put someone else's seat "
                                        "on autopilot."))
                [clock] = [c for c in await self.life.clocks(game_id) if c.seat == target]
                if clock.missed < 1 and not member_left:
                    raise TableError(tr("{name} is still playing: another player's seat can go to the automatic "
                                        "player only after they missed a deadline or left the server.",
                                        name=table.names[target]))
            change.speak_publicly()
            change.write(lambda: self.life.set_autopilot(game_id, target, True))
            change.publish(publications.note(
                tr("🤖 The automatic player takes over {name}'s seat (set by {player}); the player can take it back "
                   "with one click.", name=table.names[target], player=compose.mention(user_id)),
                controls=[publications.Reclaim(target)]))
            change.wakes = True
        return table, target

    async def automate(self, game_id: int, seats: Iterable[int]) -> None:
        """Seats the automatic player plays from now on, set by whoever runs the table (the sandbox's automatic
        seats): no refusal and no note; awaited ones are played at once, like any seat put on autopilot."""
        chosen = sorted(set(seats))
        async with self.tables.work.change(game_id, "seat") as change:
            for seat in chosen:
                if not 0 <= seat < len(change.table.seats):
                    raise TableError(tr("{title} has no seat {number}.", title=change.table.title, number=seat + 1))
                change.write(lambda seat=seat: self.life.set_autopilot(game_id, seat, True))  # type: ignore[misc]
            change.wakes = True

    async def offer_seat(self, game_id: int, user_id: int, member_id: int, member_is_bot: bool,
                         guild_id: int | None = None) -> Table:
        async with self.tables.work.change(game_id, "handover", guild_id=guild_id) as change:
            table, seat = self._seated(change.table, user_id)
            if member_is_bot or member_id == user_id or table.seat_of(member_id) is not None:
                raise TableError(tr("That member cannot take your seat: choose a member who is not already "
                                    "playing this game."))
            # The offer is kept (as the offering player's own vote), so only a real offer can be accepted.
            change.speak_publicly()
            change.write(lambda: self.life.vote(game_id, handover_topic(seat, member_id), user_id))
            change.publish(publications.note(
                tr("{player} offers their seat ({name}) in {title} to {member}, who can accept below.",
                   player=compose.mention(user_id), name=table.names[seat], title=table.title,
                   member=compose.mention(member_id)), mentions=[member_id],
                controls=[publications.Handover(seat, user_id, member_id)]))
        return table

    async def hand_over(self, game_id: int, seat: int, from_user: int, to_user: int, accepter: int) -> Table:
        """The member offered the seat accepts it; the player who offered it must still hold it."""
        if accepter != to_user:
            raise TableError(tr("This seat was offered to someone else; only they can accept it."))
        async with self.tables.work.change(game_id, "handover") as change:
            table = change.table
            if table.record.status != "active":
                raise TableError(tr("This game is over, so its seats can no longer change hands."))
            if table.seat_of(to_user) is not None:
                raise TableError(tr("You already have a seat in this game."))
            if table.seat_of(from_user) != seat:
                raise TableError(tr("That offer is out of date: the seat is no longer held by whoever offered it."))
            if from_user not in await self.life.votes(game_id, handover_topic(seat, to_user)):
                raise TableError(tr("There is no such offer for this seat; ask its player to offer it with "
                                    "{command}.", command=command("seat handover")))
            change.speak_publicly()
            change.write(lambda: self.life.hand_over(game_id, seat, from_user, to_user))
            change.publish(publications.note(
                tr("{player} takes over {name}'s seat from {previous}.", player=compose.mention(to_user),
                   name=table.names[seat], previous=compose.mention(from_user))))
            change.wakes = True  # the seat leaves autopilot, and any answers set in advance
        return await self.tables.table(game_id)

    # ----- votes to abandon -------------------------------------------------------------------------------
    async def vote_to_abandon(self, game_id: int, user_id: int, guild_id: int | None = None
                              ) -> tuple[Table, int, int]:
        """A seated player's vote; a majority of the seated players abandons the game. Returns the table,
        the votes so far and the votes needed."""
        async with self.tables.work.change(game_id, "vote", guild_id=guild_id, loading="healthy") as change:
            table = change.table
            if table.record.status in ("finished", "abandoned"):
                raise TableError(tr("This game is already over."))
            if table.seat_of(user_id) is None:
                raise TableError(tr("Only the seated players can vote to abandon this game."))
            voters = await self.life.votes(game_id, "abandon") | {user_id}
            change.write(lambda: self.life.vote(game_id, "abandon", user_id))
            seated = set(table.people)  # robots have no vote
            needed = len(seated) // 2 + 1
            votes = len(voters & seated)
            change.speak_publicly()
            if votes >= needed:
                await self.tables.abandon_with(change, tr("a majority vote"))
            else:
                change.publish(publications.note(
                    tr("{player} votes to abandon this game ({votes} of {needed} votes needed; seated players vote "
                       "with {command}).", player=compose.mention(user_id), votes=votes, needed=needed,
                       command=command("game abandon"))))
        if votes >= needed:
            table = await self.tables.lobby_view(game_id)
        return table, votes, needed

    # ----- taking an action back ------------------------------------------------------------------------
    async def take_back(self, game_id: int, user_id: int, guild_id: int | None = None, agreeing: bool = False,
                        version: int | None = None) -> TakeBack:
        """Take back the game's last action (with the moves the table played for seats right after it:
        forced moves, standing answers) for the player who made it.

        Never a step that drew randomness or told anyone something privately: taking it back would let a
        player see a card, a roll or a shuffle and then choose differently (in a solo game too). Otherwise
        alone while the player goes on with their own turn, or once every other seated player agrees to
        the request (``agreeing`` is that agreement being given, by ``user_id``, for the action at
        ``version``; only a request that was really made can be agreed to)."""
        async with self.tables.work.change(game_id, "take_back", guild_id=guild_id) as change:
            table = change.table
            if table.record.status != "active" or table.state is None:
                raise TableError(tr("Only a game being played can have a move taken back."))
            logged = await self.tables.store.actions(game_id)
            if not logged:
                raise TableError(tr("Nothing has been played yet, so there is nothing to take back."))
            # The moves the table played right after a move (forced moves, standing answers) go with it.
            start = len(logged) - 1
            while start > 0 and logged[start].automatic_reason is not None:
                start -= 1
            last, following = logged[start], logged[start + 1:]
            if version is not None and last.version != version:
                raise TableError(tr("That move can no longer be taken back: the game has moved on."))
            owner = table.user_of(last.seat)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(tr("You are not seated in this game."))
            if not agreeing and last.seat != seat:
                raise TableError(tr("Only the last move can be taken back, and it was {name}'s.",
                                    name=table.names[last.seat]))
            topic = undo_topic(last.version)
            if agreeing and user_id == owner:
                raise TableError(tr("You asked for this yourself; the other players are the ones to agree."))
            agreed = await self.life.votes(game_id, topic)
            if agreeing and owner not in agreed:
                raise TableError(tr("Nobody asked to take that move back."))
            before = await self.tables.state_at(table, last.version - 1)
            events = [Event.from_json(raw) for move in (last, *following) for raw in move.events]
            if table.game.take_back_peeks(before, table.state, last.seat, events):
                raise TableError(tr("That move drew a card, a roll or a shuffle, or showed someone something "
                                    "secret, so it cannot be taken back: doing so would let the next choice be made "
                                    "knowing what comes."))
            alone = table.game.can_take_back_alone(before, table.state, last.seat, events)
            others = sorted(set(table.people) - {owner})  # a robot has nothing to agree to
            if not alone:
                # The request is kept as the asking player's own vote; agreements join it.
                change.write(lambda: self.life.vote(game_id, topic, user_id))
                waiting = [user for user in others if user not in agreed | {user_id}]
                if waiting:
                    if not agreeing:
                        change.speak_publicly()
                        names = ", ".join(compose.mention(user) for user in waiting)
                        change.publish(publications.note(
                            tr("{player} asks to take back their last move. Waiting for {names} to agree.",
                               player=compose.mention(user_id), names=names),
                            controls=[publications.Undo(last.version)]))
                    return TakeBack(table, False, last.version, waiting)
            change.speak_publicly()
            rewound = replace(table, record=replace(table.record, version=table.record.version + 1), state=before)
            header = tr("**{title}** · a move was taken back.", title=table.title)
            items = await self.tables.herald.new_board(rewound, header)
            change.write(lambda: self.life.take_back(
                game_id, table.record.version, last.version, table.game.state_to_json(before),
                table.game.to_act(before), outbox=items, board_since=table.record.version + 1,
                with_following=[move.version for move in following]))
            change.became(rewound)
        return TakeBack(await self.tables.table(game_id), True, last.version, [])
