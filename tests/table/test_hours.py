"""Deadlines counted in a member's active hours (cogs/table/hours.py): the clock stops outside the
hours, across midnight and daylight-saving changes, and reminders land inside the hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db.life import Member
from table.hours import (
    Pause,
    away_pause,
    bank_spent,
    deadline,
    is_active,
    parse_clock,
    parse_until,
    reminder,
    resumed_start,
    zone,
)

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


# ----- away: a pause cut out of the clock ---------------------------------------------------------------
def away(member: Member, since: datetime, until: datetime) -> Member:
    return Member(member.user_id, member.time_zone, member.active_from, member.active_to,
                  away_since=since, away_until=until)


def test_an_away_stretch_stops_the_clock_entirely_until_it_ends() -> None:
    start = utc(2026, 11, 30, 9, 0)
    gone = away(ALL_DAY, utc(2026, 11, 30, 12, 0), utc(2026, 12, 3, 12, 0))  # three days from noon
    pause = away_pause(gone, used_minutes=0, bank_minutes=7 * 24 * 60)
    assert pause == Pause(utc(2026, 11, 30, 12, 0), utc(2026, 12, 3, 12, 0))
    # 24 h: 3 h before the away, then 21 h after it.
    assert deadline(start, 24 * 60, gone, pause) == utc(2026, 12, 4, 9, 0)
    assert reminder(start, 24 * 60, gone, pause) == utc(2026, 12, 4, 3, 0)  # 18 h: 3 before, 15 after
    # With active hours the clock, once back, still runs only inside them.
    berlin = away(BERLIN_DAY, utc(2026, 11, 30, 12, 0), utc(2026, 12, 3, 12, 0))
    assert deadline(start, 5 * 60, berlin, away_pause(berlin, 0, 7 * 24 * 60)) == utc(2026, 12, 3, 14, 0)


def test_the_away_bank_cuts_the_pause_short_and_is_spent_once() -> None:
    gone = away(ALL_DAY, utc(2026, 11, 30, 12, 0), utc(2026, 12, 10, 12, 0))  # ten days away
    pause = away_pause(gone, used_minutes=24 * 60, bank_minutes=3 * 24 * 60)  # one of three days used
    assert pause == Pause(utc(2026, 11, 30, 12, 0), utc(2026, 12, 2, 12, 0))
    assert deadline(utc(2026, 11, 30, 12, 0), 60, gone, pause) == utc(2026, 12, 2, 13, 0)
    assert bank_spent(pause, utc(2026, 12, 1, 12, 0)) == 24 * 60
    assert bank_spent(pause, utc(2026, 12, 9, 0, 0)) == 2 * 24 * 60
    assert away_pause(gone, used_minutes=3 * 24 * 60, bank_minutes=3 * 24 * 60) is None  # spent
    assert away_pause(ALL_DAY, 0, 100) is None  # never away


@pytest.mark.parametrize("member", [ALL_DAY, BERLIN_DAY, NIGHT_OWL])
def test_a_finished_pause_folds_into_the_start_of_the_wait(member: Member) -> None:
    """Once the away is over the wait starts at ``resumed_start``: every deadline still to come after the
    away is what it was with the pause, so settling an away never moves a deadline (one that fell before the
    away began has passed: the automatic player moved then)."""
    start = utc(2026, 11, 29, 21, 30)
    compared = 0
    for since, until in ((utc(2026, 11, 30, 10, 0), utc(2026, 12, 2, 7, 15)),
                         (utc(2026, 11, 28, 0, 0), utc(2026, 11, 30, 20, 0)),   # began before the wait
                         (utc(2026, 11, 29, 23, 0), utc(2026, 11, 30, 1, 0))):  # in the night
        gone = away(member, since, until)
        pause = away_pause(gone, 0, 30 * 24 * 60)
        assert pause is not None
        resumed = resumed_start(start, pause, member)
        for minutes in (30, 8 * 60, 24 * 60, 72 * 60):
            due = deadline(start, minutes, gone, pause)
            if due >= pause.end:
                assert deadline(resumed, minutes, member) == due, (since, minutes)
                compared += 1
    assert compared >= 8
    assert resumed_start(start, Pause(utc(2026, 11, 1, 0, 0), utc(2026, 11, 2, 0, 0)), member) == start


def test_an_away_end_is_a_duration_or_a_day_in_the_members_time_zone() -> None:
    now = utc(2026, 11, 30, 9, 0)  # a Monday
    assert parse_until("3d", now, ALL_DAY) == utc(2026, 12, 3, 9, 0)
    assert parse_until("2d 12h", now, ALL_DAY) == utc(2026, 12, 2, 21, 0)
    assert parse_until("1w", now, ALL_DAY) == utc(2026, 12, 7, 9, 0)
    assert parse_until("Friday", now, BERLIN_DAY) == utc(2026, 12, 3, 23, 0)  # Friday 00:00 in Berlin
    assert parse_until("monday", now, ALL_DAY) == utc(2026, 12, 7, 0, 0)  # the next one, not today
    assert parse_until("2026-12-04 18:00", now, BERLIN_DAY) == utc(2026, 12, 4, 17, 0)
    for wrong in ("soon", "2026-13-01", "-3d", "", "1000d"):
        with pytest.raises(ValueError, match="how long you are away"):
            parse_until(wrong, now, ALL_DAY)
