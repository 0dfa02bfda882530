"""Deadlines counted in a member's active hours (cogs/table/hours.py): the clock stops outside the
hours, across midnight and daylight-saving changes, and reminders land inside the hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db.life import Member
from table.hours import deadline, is_active, parse_clock, reminder, zone

ALL_DAY = Member(1)
BERLIN_DAY = Member(2, "Europe/Berlin", 8 * 60, 23 * 60)  # 08:00–23:00 Berlin time
NIGHT_OWL = Member(3, "America/New_York", 20 * 60, 2 * 60)  # 20:00–02:00 New York time


def utc(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_without_active_hours_the_clock_always_runs() -> None:
    start = utc(2026, 11, 29, 22, 0)
    assert deadline(start, 24 * 60, ALL_DAY) == start + timedelta(hours=24)
    assert reminder(start, 24 * 60, ALL_DAY) == start + timedelta(hours=18)
    assert is_active(utc(2026, 11, 29, 3, 0), ALL_DAY)


def test_the_clock_stops_outside_active_hours() -> None:
    # 21:00 UTC is 22:00 in Berlin (winter, UTC+1): one active hour that evening, then from 08:00.
    start = utc(2026, 11, 29, 21, 0)
    assert deadline(start, 120, BERLIN_DAY) == utc(2026, 11, 30, 8, 0)  # 09:00 Berlin
    # A full day of active time is 15 hours a day: 1 h tonight, 15 h tomorrow, 8 h the day after.
    assert deadline(start, 24 * 60, BERLIN_DAY) == utc(2026, 12, 1, 15, 0)  # 16:00 Berlin


def test_a_wait_that_starts_at_night_starts_counting_in_the_morning() -> None:
    start = utc(2026, 11, 30, 1, 0)  # 02:00 Berlin
    assert not is_active(start, BERLIN_DAY)
    assert deadline(start, 60, BERLIN_DAY) == utc(2026, 11, 30, 8, 0)  # 09:00 Berlin


def test_reminders_land_inside_active_hours() -> None:
    start = utc(2026, 11, 29, 21, 30)
    for minutes in (60, 8 * 60, 24 * 60, 72 * 60):
        when = reminder(start, minutes, BERLIN_DAY)
        assert is_active(when, BERLIN_DAY) or when == deadline(start, minutes, BERLIN_DAY)
        assert start < when <= deadline(start, minutes, BERLIN_DAY)


def test_active_hours_may_run_past_midnight() -> None:
    # 20:00–02:00 in New York (UTC-5 in winter): 01:00–07:00 UTC.
    start = utc(2026, 11, 30, 6, 30)  # 01:30 New York: half an hour left tonight
    assert is_active(start, NIGHT_OWL)
    assert deadline(start, 60, NIGHT_OWL) == utc(2026, 12, 1, 1, 30)  # 20:30 New York the next evening


def test_daylight_saving_changes_are_counted_in_local_hours() -> None:
    # Berlin leaves summer time on 25 October 2026: 08:00 local is 06:00 UTC before, 07:00 UTC after.
    start = utc(2026, 10, 24, 20, 0)  # 22:00 Berlin summer time, one active hour left
    assert deadline(start, 120, BERLIN_DAY) == utc(2026, 10, 25, 8, 0)  # 09:00 Berlin winter time


def test_settings_are_checked_with_a_sentence() -> None:
    assert parse_clock("08:30") == 510 and parse_clock("23") == 23 * 60
    for bad in ("24:00", "8:75", "noon", ""):
        with pytest.raises(ValueError, match="Write a time of day like"):
            parse_clock(bad)
    with pytest.raises(ValueError, match="I do not know the time zone"):
        zone("Mars/Olympus_Mons")
