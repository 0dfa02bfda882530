"""Deadlines that count only a player's active hours, and stop while the player is away.

A member may declare a time zone and daily active hours (say 08:00–23:00 in Europe/Berlin). A seat's
clock runs only inside those hours: a 24-hour deadline given at 22:00 uses one hour that evening and
goes on the next morning. Reminders are placed on the same clock, so they never land outside the
hours.

A member who is away (``/me away``) stops the clock of every seat of theirs entirely, for as long as the
game's away bank lasts: the away stretch, cut short where the bank runs out, is a :class:`Pause` cut out
of the active windows. When the away ends, a wait that lived through it has the pause folded into its
start (:func:`resumed_start`), so the deadline stays the same once the away is forgotten.

Pure functions of datetimes (no Discord, no database), so tests can drive any instant.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from db.life import Member, SeatClock
from lang import tr

REMINDER_SHARE = 0.75  # the reminder goes out when three quarters of a seat's time is used


def zone(name: str) -> ZoneInfo:
    """The IANA time zone; ValueError with a sentence for an unknown name."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(tr("I do not know the time zone {name}; use a name like Europe/Berlin or America/New_York.",
                            name=repr(name[:60]))) from error


_DURATION = re.compile(r"(\d+)\s*(w|d|h|m)")
_UNITS = {"w": timedelta(weeks=1), "d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# The same days as German players write them: an away is given in the player's own words, whatever the game speaks.
_WEEKDAYS_DE = ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag")
_TOMORROW = ("tomorrow", "morgen")


def parse_until(text: str, now: datetime, member: Member) -> datetime:
    """When an away ends, from a duration ("3d", "2d12h", "36h", "1w") or a day ("2026-12-04", "2026-12-04
    18:00", "friday", "tomorrow"; "freitag", "morgen" in German): a day alone means its start in the member's
    time zone, a weekday the next one to come. ValueError with a sentence otherwise."""
    words = text.strip().lower()
    compact = words.replace(" ", "")
    if re.fullmatch(r"(\d{1,3}(w|d|h|m)){1,4}", compact):
        # At most 4 parts of 3 digits: far beyond any away a caller accepts, far below datetime's limit.
        return now + sum((int(count) * _UNITS[unit] for count, unit in _DURATION.findall(compact)), timedelta(0))
    tz = zone(member.time_zone)
    today = now.astimezone(tz).date()
    day: date | None = None
    at = time(0, 0)
    if words in _TOMORROW:
        day = today + timedelta(days=1)
    elif words in _WEEKDAYS or words in _WEEKDAYS_DE:
        weekday = _WEEKDAYS.index(words) if words in _WEEKDAYS else _WEEKDAYS_DE.index(words)
        ahead = (weekday - today.weekday() - 1) % 7 + 1
        day = today + timedelta(days=ahead)
    else:
        day_text, _, clock_text = words.partition(" ")
        try:
            day = date.fromisoformat(day_text)
            if clock_text:
                minutes = parse_clock(clock_text)
                at = time(minutes // 60, minutes % 60)
        except ValueError:
            day = None
    if day is None:
        raise ValueError(tr("Write how long you are away (3d, 36h, 1w) or until when (friday, 2026-12-04 18:00), "
                            "not {text}.", text=repr(text[:30])))
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)


def parse_clock(text: str) -> int:
    """Minutes after midnight from "HH:MM" or "HH"; ValueError with a sentence otherwise."""
    hours_text, _, minutes_text = text.strip().partition(":")
    try:
        hours, minutes = int(hours_text), int(minutes_text) if minutes_text else 0
    except ValueError:
        hours, minutes = -1, -1
    if not (0 <= hours <= 23 and 0 <= minutes <= 59):
        raise ValueError(tr("Write a time of day like 08:00 or 22:30, not {text}.", text=repr(text[:20])))
    return hours * 60 + minutes


def _windows(member: Member, start: datetime) -> Iterator[tuple[datetime, datetime]]:
    """The member's active windows (UTC) from the one containing or following ``start`` onwards."""
    if member.active_from is None or member.active_to is None or member.active_from == member.active_to:
        yield start, datetime.max.replace(tzinfo=UTC)
        return
    tz = zone(member.time_zone)
    day: date = start.astimezone(tz).date() - timedelta(days=1)
    begin = time(member.active_from // 60, member.active_from % 60)
    end = time(member.active_to // 60, member.active_to % 60)
    while True:
        opens = datetime.combine(day, begin, tzinfo=tz).astimezone(UTC)
        close_day = day if member.active_to > member.active_from else day + timedelta(days=1)
        closes = datetime.combine(close_day, end, tzinfo=tz).astimezone(UTC)
        if closes > start and closes > opens:
            yield max(opens, start), closes
        day += timedelta(days=1)


@dataclass(frozen=True)
class Pause:
    """A stretch of time in which a seat's clock does not run at all (its player is away)."""

    start: datetime
    end: datetime


def away_pause(member: Member, used_minutes: int, bank_minutes: int) -> Pause | None:
    """The pause the member's away stretch gives a seat whose game's away bank is ``bank_minutes``, of
    which earlier aways used ``used_minutes``: from the start of the away until its end or until the bank
    runs out, whichever comes first (None: not away, or the bank is spent)."""
    if member.away_since is None or member.away_until is None:
        return None
    end = min(member.away_until, member.away_since + timedelta(minutes=max(0, bank_minutes - used_minutes)))
    return Pause(member.away_since, end) if end > member.away_since else None


def seat_pause(clock: SeatClock, member: Member) -> Pause | None:
    """The pause of a seat's clock while its player is away, as far as its game's away bank reaches: only
    for a seat in the away stretch and not yet settled (once settled, the pause is folded into the start of
    its wait: see :func:`resumed_start`)."""
    if clock.away_since is None or clock.away_since != member.away_since:
        return None
    return away_pause(member, clock.away_used, clock.away_bank)


def clock_stopped(clock: SeatClock, member: Member, at: datetime) -> bool:
    """Whether the seat's clock is stopped at ``at`` (its player away, the game's bank not yet spent): its
    pings are held then."""
    pause = seat_pause(clock, member)
    return pause is not None and pause.start <= at < pause.end


def stretch_over(clock: SeatClock, member: Member, at: datetime) -> bool:
    """Whether the away stretch the seat is in is over at ``at`` (it ended, or a new one replaced it), so
    it is to be settled."""
    if clock.away_since is None:
        return False
    return member.away_since != clock.away_since or member.away_until is None or member.away_until <= at


def bank_runs_out(clock: SeatClock, member: Member) -> datetime | None:
    """When the game's away bank runs out during the seat's stretch, if it does before the stretch ends
    (None too when it was spent before the stretch began: the player was told so then)."""
    pause = seat_pause(clock, member)
    if pause is None or member.away_until is None:
        return None
    return pause.end if pause.end < member.away_until else None


def bank_spent(pause: Pause | None, until: datetime) -> int:
    """Whole minutes of the away bank the pause has used by ``until``."""
    if pause is None or until <= pause.start:
        return 0
    return int((min(pause.end, until) - pause.start).total_seconds() // 60)


def _running(member: Member, start: datetime, pause: Pause | None) -> Iterator[tuple[datetime, datetime]]:
    """The member's active windows from ``start`` on, with the pause cut out."""
    for opens, closes in _windows(member, start):
        if pause is None or closes <= pause.start or opens >= pause.end:
            yield opens, closes
            continue
        if opens < pause.start:
            yield opens, pause.start
        if closes > pause.end:
            yield pause.end, closes


def _windows_back(member: Member, end: datetime) -> Iterator[tuple[datetime, datetime]]:
    """The member's active windows (UTC) ending at or before ``end``, going back in time."""
    if member.active_from is None or member.active_to is None or member.active_from == member.active_to:
        yield datetime.min.replace(tzinfo=UTC), end
        return
    tz = zone(member.time_zone)
    day: date = end.astimezone(tz).date() + timedelta(days=1)
    begin = time(member.active_from // 60, member.active_from % 60)
    stop = time(member.active_to // 60, member.active_to % 60)
    while True:
        opens = datetime.combine(day, begin, tzinfo=tz).astimezone(UTC)
        close_day = day if member.active_to > member.active_from else day + timedelta(days=1)
        closes = datetime.combine(close_day, stop, tzinfo=tz).astimezone(UTC)
        if opens < end and closes > opens:
            yield opens, min(closes, end)
        day -= timedelta(days=1)


def after_active(start: datetime, duration: timedelta, member: Member, pause: Pause | None = None) -> datetime:
    """The instant at which ``duration`` of the member's active time has passed since ``start`` (not
    counting the ``pause``). Time running out exactly as a window closes falls at the next window's
    opening, so the instant is always inside active hours."""
    left = duration
    for opens, closes in _running(member, start, pause):
        if opens + left < closes:
            return opens + left
        left -= closes - opens
    raise AssertionError("active windows never end")


def active_between(start: datetime, end: datetime, member: Member) -> timedelta:
    """How much of the member's active time lies between ``start`` and ``end``."""
    total = timedelta(0)
    if end <= start:
        return total
    for opens, closes in _windows(member, start):
        if opens >= end:
            break
        total += min(closes, end) - opens
    return total


def before_active(end: datetime, duration: timedelta, member: Member) -> datetime:
    """The latest instant from which ``duration`` of the member's active time passes by ``end``."""
    left = duration
    for opens, closes in _windows_back(member, end):
        if closes - left >= opens:
            return closes - left
        left -= closes - opens
    raise AssertionError("active windows never end")


def resumed_start(start: datetime, pause: Pause | None, member: Member) -> datetime:
    """The start of a wait with a finished pause folded in: counting from it without the pause gives
    every later instant the active time it had counting from ``start`` with the pause."""
    if pause is None or pause.end <= start:
        return start
    before = active_between(start, max(start, pause.start), member)
    return before_active(pause.end, before, member) if before else pause.end


def deadline(start: datetime, minutes: int, member: Member, pause: Pause | None = None) -> datetime:
    return after_active(start, timedelta(minutes=minutes), member, pause)


def reminder(start: datetime, minutes: int, member: Member, pause: Pause | None = None) -> datetime:
    return after_active(start, timedelta(minutes=minutes * REMINDER_SHARE), member, pause)


def is_active(at: datetime, member: Member) -> bool:
    opens, _ = next(_windows(member, at))
    return opens <= at


def next_active(at: datetime, member: Member) -> datetime:
    """``at`` itself if it lies in the member's active hours, else the opening of their next active window."""
    opens, _ = next(_windows(member, at))
    return opens
