"""Deadlines that count only a player's active hours.

A member may declare a time zone and daily active hours (say 08:00–23:00 in Europe/Berlin). A seat's
clock runs only inside those hours: a 24-hour deadline given at 22:00 uses one hour that evening and
goes on the next morning. Reminders are placed on the same clock, so they never land outside the
hours. Pure functions of datetimes (no Discord, no database), so tests can drive any instant.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from db.life import Member

REMINDER_SHARE = 0.75  # the reminder goes out when three quarters of a seat's time is used


def zone(name: str) -> ZoneInfo:
    """The IANA time zone; ValueError with a sentence for an unknown name."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"I do not know the time zone {name[:60]!r}; use a name like Europe/Berlin or "
                         "America/New_York.") from error


def parse_clock(text: str) -> int:
    """Minutes after midnight from "HH:MM" or "HH"; ValueError with a sentence otherwise."""
    hours_text, _, minutes_text = text.strip().partition(":")
    try:
        hours, minutes = int(hours_text), int(minutes_text) if minutes_text else 0
    except ValueError:
        hours, minutes = -1, -1
    if not (0 <= hours <= 23 and 0 <= minutes <= 59):
        raise ValueError(f"Write a time of day like 08:00 or 22:30, not {text[:20]!r}.")
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


def after_active(start: datetime, duration: timedelta, member: Member) -> datetime:
    """The instant at which ``duration`` of the member's active time has passed since ``start``. Time
    running out exactly as a window closes falls at the next window's opening, so the instant is always
    inside active hours."""
    left = duration
    for opens, closes in _windows(member, start):
        if opens + left < closes:
            return opens + left
        left -= closes - opens
    raise AssertionError("active windows never end")


def deadline(start: datetime, minutes: int, member: Member) -> datetime:
    return after_active(start, timedelta(minutes=minutes), member)


def reminder(start: datetime, minutes: int, member: Member) -> datetime:
    return after_active(start, timedelta(minutes=minutes * REMINDER_SHARE), member)


def is_active(at: datetime, member: Member) -> bool:
    opens, _ = next(_windows(member, at))
    return opens <= at
