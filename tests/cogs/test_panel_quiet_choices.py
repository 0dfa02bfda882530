"""The private panel's grey buttons (choices that pass or hold back) in every language: which ones are grey is read
from the choices' English labels, so a German panel greys the same choices as an English one."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from cogs.acting import panel_for
from db.records import GameRecord, SeatRecord
from lang import speaking
from table.kits import KITS
from table.model import Table

from render_scaffold import played

CREATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
NAMES = ("Ann", "Ben", "Cat")


def table_at(state: object) -> Table:
    record = GameRecord(id=7, kind="circus_train", guild_id=1, channel_id=2, thread_id=3, lobby_message_id=None,
                        board_message_id=None, creator_id=100, status="active", options={}, seed=1, seed_salt="s",
                        snapshot=None, version=1, deadline_minutes=None, autopilot_after=3, created_at=CREATED,
                        updated_at=CREATED)
    seats = [SeatRecord(7, seat, 100 + seat, name, CREATED) for seat, name in enumerate(NAMES)]
    return Table(record, seats, KITS["circus_train"], state)


def styles(table: Table, user_id: int) -> list[tuple[str, discord.ButtonStyle]]:
    _, view = panel_for(table, user_id)
    assert view is not None
    buttons = [child.item if isinstance(child, discord.ui.DynamicItem) else child for child in view.children]
    return [(item.label or "", item.style) for item in buttons if isinstance(item, discord.ui.Button)
            and (item.custom_id or "").startswith("rm:do:")]


def test_a_german_panel_greys_the_choices_an_english_one_greys() -> None:
    compared = 0
    for state in played("circus_train", NAMES, (), 3):
        table = table_at(state)
        for seat in table.awaited():
            english = styles(table, 100 + seat)
            if not any(style is discord.ButtonStyle.secondary for _, style in english):
                continue
            with speaking("de"):
                german = styles(table, 100 + seat)
            assert [style for _, style in german] == [style for _, style in english], (english, german)
            assert [label for label, _ in german] != [label for label, _ in english]
            compared += 1
    assert compared >= 5
