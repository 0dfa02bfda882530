"""The daily digest: one direct message a day, at the hour a player chose in their own time zone, listing the
games waiting for them (oldest wait first) with their deadlines — those due within a day marked — and their
links. Nothing is sent on a day when nothing waits, nor while the player is away; the hour is moved to the
opening of their active hours when it falls outside them. It comes instead of, or as well as, per-move pings:
the digest is its own setting (``/me notify digest:``), beside the notification mode.

How it is kept exactly once: the player's digest of a local day is **claimed** (``members.digest_day``, a
guarded update only one caller can make, whatever the processes) in the same transaction as the outbox item of
its direct message, through the unit of work of the first game it lists; the outbox delivers that item once
(its nonce). A restart finds the day claimed and its message delivered, or still in the outbox to deliver.
A digest whose moment passed while no process ran still comes, up to :data:`DIGEST_LATE` late.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from db.life import LifeStore, Member
from lang import command, speaking, tr, trn
from table import compose, hours, publications
from table.clocks import Clock
from table.errors import TableError
from table.herald import jump_link
from table.inbox import Inbox
from table.model import Table
from table.service import TableService

log = logging.getLogger(__name__)

DIGEST_LATE: Final = timedelta(hours=6)
"""How late a digest may still come when no process ran at its moment (a restart, an outage)."""
SOON: Final = timedelta(days=1)
"""Deadlines within this time are marked in the digest: "due in the next day"."""


class _Claimed(Exception):
    """The day's digest was claimed meanwhile (another process, another tick): write nothing."""


@dataclass(frozen=True)
class Waiting:
    """A game waiting for the player: since when, and until when (None: no deadline)."""

    table: Table
    seat: int
    since: datetime
    deadline: datetime | None


async def waiting_games(inbox: Inbox, life: LifeStore, member: Member) -> list[Waiting]:
    """The games on every server waiting for the member (seats on autopilot left out), as their inbox lists them
    (``/me inbox``: the same games, oldest wait first), each with its deadline."""
    seat_clocks = await life.clocks_of_games_of(member.user_id)
    clocks = {(clock.game_id, clock.seat): clock for clock in seat_clocks}
    found: list[Waiting] = []
    for glance in await inbox.glances(member.user_id, seat_clocks):
        clock = clocks.get((glance.table.id, glance.seat))
        if not glance.waiting or clock is None or clock.awaited_since is None or clock.autopilot:
            continue
        deadline = None
        if clock.deadline_minutes is not None and clock.players > 1:
            deadline = hours.deadline(clock.awaited_since, clock.deadline_minutes, member,
                                      hours.seat_pause(clock, member))
        found.append(Waiting(glance.table, glance.seat, clock.awaited_since, deadline))
    return found


def digest_moment(member: Member, day: date) -> datetime | None:
    """When the member's digest of their local ``day`` comes (UTC): their chosen time that day in their time
    zone (a time a daylight-saving change skips counts from the hour before it, so comes just after the
    change), moved to the opening of their active hours when it falls outside them."""
    if member.digest_at is None:
        return None
    chosen = datetime.combine(day, time(member.digest_at // 60, member.digest_at % 60),
                              tzinfo=hours.zone(member.time_zone)).astimezone(UTC)
    return hours.next_active(chosen, member)


def due_day(member: Member, now: datetime) -> str | None:
    """The local day whose digest is due ``now`` and not yet claimed (yesterday's too, for a digest late
    past midnight), else None."""
    today = now.astimezone(hours.zone(member.time_zone)).date()
    for day in (today - timedelta(days=1), today):
        moment = digest_moment(member, day)
        if moment is not None and moment <= now < moment + DIGEST_LATE and member.digest_day != day.isoformat():
            return day.isoformat()
    return None


def digest_text(waiting: list[Waiting], now: datetime) -> str:
    """The digest's message: a line per game (never cut mid-line: what does not fit is counted at the end)."""
    soon = sum(1 for game in waiting if game.deadline is not None and game.deadline <= now + SOON)
    if soon:
        head = trn("📬 **Your daily digest**: {n} game waits for you, {soon} with a deadline in the next day.",
                   "📬 **Your daily digest**: {n} games wait for you, {soon} with a deadline in the next day.",
                   len(waiting), soon=soon)
    else:
        head = trn("📬 **Your daily digest**: {n} game waits for you.",
                   "📬 **Your daily digest**: {n} games wait for you.", len(waiting))
    lines = [head]
    for number, game in enumerate(waiting):
        assert game.table.state is not None
        # What the game waits for in the words every spectator reads: the digest says nothing more.
        doing = game.table.game.public_prompt(game.table.state, game.seat).rstrip(".")
        since = compose.timestamp(game.since, 'R')
        if game.deadline is not None:
            at = compose.timestamp(game.deadline, 'R')
            due = tr("⏳ due {time}", time=at) if game.deadline <= now + SOON else tr("due {time}", time=at)
            line = tr("• **{title}**: {doing}, waiting since {since} · {due} · {link}", title=game.table.title,
                      doing=doing, since=since, due=due, link=jump_link(game.table))
        else:
            line = tr("• **{title}**: {doing}, waiting since {since} · {link}", title=game.table.title, doing=doing,
                      since=since, link=jump_link(game.table))
        rest = len(waiting) - number - 1
        tail = tr("…and {n} more: {command} lists them all.", n=rest + 1, command=command("me inbox"))
        if len("\n".join([*lines, line])) + (len(tail) + 1 if rest else 0) > compose.MESSAGE_LIMIT:
            lines.append(tail)
            break
        lines.append(line)
    return "\n".join(lines)


class DigestDesk:
    def __init__(self, tables: TableService, life: LifeStore, clock: Clock, inbox: Inbox) -> None:
        self.tables = tables
        self.life = life
        self.clock = clock
        self.inbox = inbox
        """The player's games as ``/me inbox`` lists them: the digest lists the waiting ones."""

    async def tick(self) -> int:
        """Send every digest due now; returns how many went out."""
        now = self.clock()
        sent = 0
        for member in await self.life.digest_members():
            day = due_day(member, now)
            if day is None or member.away_at(now):
                continue  # not its moment, or away: no digest while away (it comes if they are back in time)
            try:
                sent += await self.send(member, day, now)
            except TableError as error:
                log.info("No digest for %s today: %s", member.user_id, error)
        return sent

    async def send(self, member: Member, day: str, now: datetime) -> int:
        """The member's digest of ``day``, through the unit of work of the first game it lists; 1 if sent."""
        user_id = member.user_id
        waiting = await waiting_games(self.inbox, self.life, member)
        if not waiting:
            # Nothing waits: nothing is sent, and the day is done (no digest later that day at another hour).
            await self.tables.write(self.life.claim_digest(user_id, day))
            return 0

        async def claim() -> None:
            if not await self.life.claim_digest(user_id, day):
                raise _Claimed()
        with speaking(member.language or waiting[0].table.language):  # a direct message: in the member's language
            text = digest_text(waiting, now)
        try:
            async with self.tables.work.change(waiting[0].table.id, "digest") as change:  # the game's language
                # Where the message cannot be delivered, the thread learns only that a digest was meant for them.
                fallback = tr("📬 {player}, your daily digest could not reach you by direct message; {command} lists "
                              "your games.", player=compose.mention(user_id), command=command("me inbox"))
                change.write(claim)
                change.publish(publications.direct(user_id, text, fallback))
        except _Claimed:
            return 0
        return 1
