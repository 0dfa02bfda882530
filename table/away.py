"""Away mode: a player going away for days stops their turn clocks in all their games, on every server.

``/me away until:… [note]`` makes the member away from now until then (member facts in ``db/life.py``),
puts every seat of theirs in an active game into that away stretch, and tells each game's thread once.
While away, a seat's clock does not run at all and its pings are held — up to the game's away bank (7
days per seat unless the game's creator chose otherwise): the clock math is :mod:`table.hours`
(``seat_pause``). When the bank runs out first, the normal deadline rules resume in that game and the
player is told. When the stretch ends (on time, or early with ``/me back``) each seat's stretch is settled:
the time used goes to its bank, a wait that lived through it has the pause folded into its start, and each
game that is waiting for the player gets one message bringing them back with a recap.

The scheduler (:mod:`table.keeper`) finds the moments — the bank running out, the stretch ending — through
each seat's ``due_at``, like reminders and deadlines, so all of it survives restarts; everything said goes
through each game's outbox.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from babel.numbers import get_decimal_symbol

from db.life import LifeStore, Member, SeatClock
from lang import LANGUAGES, command, current, speaking, tr, trn
from table import compose, hours, publications
from table.clocks import Clock
from table.errors import TableError
from table.herald import jump_link
from table.model import Table
from table.service import TableService
from table.work import Change

log = logging.getLogger(__name__)

MIN_AWAY = timedelta(minutes=15)
MAX_AWAY = timedelta(days=60)
NOTE_LIMIT = 120
SETTLE_TRIES = 3  # a seat moved on while its stretch was being settled: read it again, this many times


def clean_note(note: str | None) -> str:
    """A note as the threads show it: one line, without formatting characters that could break the
    sentence around it, at most ``NOTE_LIMIT`` characters."""
    text = " ".join((note or "").split())
    for mark in ("`", "*", "_", "~", "|", ">", "<", "@"):
        text = text.replace(mark, "")
    return text[:NOTE_LIMIT]


def days_words(minutes: int) -> str:
    days, rest = divmod(minutes, 24 * 60)
    if rest == 0:
        return trn("{n} day", "{n} days", days)
    # As many decimals as the hours need ("1.5"), with the language's decimal sign ("1,5").
    figure = f"{minutes / 60:g}".replace(".", get_decimal_symbol(LANGUAGES[current()].babel))
    return tr("{hours} hours", hours=figure)


class AwayDesk:
    def __init__(self, tables: TableService, life: LifeStore, clock: Clock) -> None:
        self.tables = tables
        self.life = life
        self.clock = clock

    # ----- going away and coming back --------------------------------------------------------------------
    async def go_away(self, user_id: int, until: datetime, note: str | None) -> tuple[datetime, list[Table]]:
        """Make the member away until ``until``; returns the moment and the games told. Away already,
        the stretch is moved to end at ``until`` (games told already are not told again)."""
        now = self.clock()
        if until < now + MIN_AWAY:
            raise TableError(tr("Say an end at least a quarter of an hour from now."))
        if until > now + MAX_AWAY:
            raise TableError(tr("An away lasts at most {days} days; come back then, or leave your seats to the "
                                "automatic player ({command}).", days=MAX_AWAY.days,
                                command=command("seat autopilot")))
        member = await self.life.member(user_id)
        continuing = member.away_at(now)
        if not continuing:
            for clock in await self.life.away_seats(user_id):  # an earlier stretch not yet settled
                await self._settle(clock, early=False)
        since = member.away_since if continuing and member.away_since is not None else now
        before = {clock.game_id for clock in await self.life.away_seats(user_id) if clock.away_since == since}
        text = clean_note(note)
        await self.tables.write(self.life.set_away(user_id, since, until, text))
        member = await self.life.member(user_id)
        told = []
        for clock in await self.life.away_seats(user_id):
            if clock.game_id in before:
                continue
            table = await self.tables.table(clock.game_id)
            with speaking(table.language):
                item = publications.note(self.away_text(table, clock, member))
            await self.tables.enqueue(table.id, [item])
            told.append(table)
        return until, told

    def away_text(self, table: Table, clock: SeatClock, member: Member) -> str:
        assert member.away_until is not None
        bank = clock.away_bank - clock.away_used
        if bank <= 0:
            stops = tr("This game's away bank for them is spent, so their turn clock keeps running.")
        else:
            stops = tr("Their turn clock stops meanwhile (up to {time} of this game's away bank) and they are not "
                       "pinged.", time=days_words(bank))
        player, until = compose.mention(clock.user_id), compose.timestamp(member.away_until)
        away = tr("🌴 {player} is away until {time} ({note}).", player=player, time=until, note=member.away_note) \
            if member.away_note else tr("🌴 {player} is away until {time}.", player=player, time=until)
        return f"{away} {stops}"

    async def come_back(self, user_id: int) -> list[Table]:
        """End the member's away now; returns the games brought back (each told once; those waiting for the
        player with a recap)."""
        now = self.clock()
        member = await self.life.member(user_id)
        if not member.away_at(now):
            raise TableError(tr("You are not away; {command} says when you will be.", command=command("me away")))
        await self.tables.write(self.life.end_away(user_id, now))
        back = []
        for clock in await self.life.away_seats(user_id):
            table = await self._settle(clock, early=True)
            if table is not None:
                back.append(table)
        return back

    # ----- the scheduler's part -------------------------------------------------------------------------
    async def stretch_ended(self, clock: SeatClock) -> None:
        """A seat's away stretch ended on time: settle it (and bring the player back if the game waits)."""
        await self._settle(clock, early=False)

    async def bank_ran_out(self, clock: SeatClock) -> None:
        """The game's away bank ran out while its player is still away: deadlines resume; tell the player."""
        member = await self.life.member(clock.user_id)
        async with self.tables.work.change(clock.game_id, "away", loading="healthy") as change:
            change.write(lambda: self.life.mark_away_told(clock))
            table = change.table
            if table.state is None or table.over:
                return
            change.speak_publicly()
            due = None
            if clock.awaited_since is not None and clock.deadline_minutes is not None and not table.solo:
                due = hours.deadline(clock.awaited_since, clock.deadline_minutes, member,
                                     hours.seat_pause(clock, member))
            when = " " + tr("Decide by {time}.", time=compose.timestamp(due)) \
                if due is not None and clock.seat in table.awaited() else ""
            text = tr("⌛ {player}, your away bank in {title} has run out, so its turn deadlines apply to you again "
                      "while you are away.", player=compose.mention(clock.user_id), title=table.title) + when
            item = publications.note(text, mentions=[clock.user_id])
            if member.notify == "dm":
                item = publications.direct(clock.user_id, f"{text}\n{jump_link(table)}", text)
            change.publish(item)

    # ----- settling a stretch ---------------------------------------------------------------------------
    async def _settle(self, clock: SeatClock, *, early: bool) -> Table | None:
        """Settle one seat's stretch, and tell its game of the return in the same change; returns the game
        when it was told."""
        for _ in range(SETTLE_TRIES):
            member = await self.life.member(clock.user_id)
            # A stretch the member's facts no longer describe (replaced without being settled) left nothing
            # that can be measured: it is closed without charging the bank.
            pause = hours.seat_pause(clock, member)
            used = hours.bank_spent(pause, self.clock())
            resumed = None
            if clock.awaited_since is not None:
                resumed = hours.resumed_start(clock.awaited_since, pause, member)

            async def settle(read: SeatClock = clock, used: int = used, resumed: datetime | None = resumed) -> None:
                # Guarded by what was read, so a seat that moved on meanwhile is settled again from its new facts.
                if not await self.life.settle_away(read, used, resumed):
                    raise _MovedOn

            try:
                async with self.tables.work.change(clock.game_id, "away", loading="healthy") as change:
                    change.write(settle)
                    told = await self._welcome_back(change, clock, early)
                return told
            except _MovedOn:
                pass
            again = [c for c in await self.life.clocks(clock.game_id) if c.seat == clock.seat]
            if not again or again[0].away_since is None:
                return None  # settled meanwhile (or the game ended)
            clock = again[0]
        log.warning("Game %s seat %s: its away stretch could not be settled", clock.game_id, clock.seat)
        return None

    async def _welcome_back(self, change: Change, clock: SeatClock, early: bool) -> Table | None:
        """One message per game: the recap (and the ping held while away) where the game waits for the
        player; a short note where it does not and they came back early."""
        table = change.table
        if table.state is None or table.over:
            return None
        change.speak_publicly()
        user = clock.user_id
        if clock.seat not in table.awaited():
            if not early:
                return None
            change.publish(publications.note(tr("👋 {player} is back.", player=compose.mention(user))))
            return table
        lines, earlier = await self.tables.herald.recap(table, user)
        mentioned, direct = await self.tables.herald.split(table, [clock.seat])
        prompt = compose.public_prompt(table, clock.seat)
        back = tr("👋 {player} is back. {prompt}.", player=compose.mention(user), prompt=prompt)
        public = "\n".join(part for part in (back, compose.recap_text(user, lines, earlier)) if part)
        change.publish(publications.note(public[:compose.MESSAGE_LIMIT], mentions=mentioned))
        if direct:
            change.publish(await self.tables.herald.direct(table, user))
        return table


class _MovedOn(Exception):
    """A seat's away stretch could not be settled from what was read: it changed meanwhile."""
