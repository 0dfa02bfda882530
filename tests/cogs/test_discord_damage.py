"""Damage stays in its game, and database trouble is told in a sentence. Through the real discord.py
client: one game whose save is not valid JSON leaves every other game's deadlines, automatic moves and
`/game list` working, answers its own commands with what a manager can do, and can be rebuilt from its
log; a full disk answers a move with a sentence and changes nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from discord_standin import Discord, standin
from discord_table import (
    Clock,
    UseClock,
    awaited,
    board,
    button,
    cheap_renders,
    core_of,
    mark,
    open_game,
    play_one,
)

PLAYERS = ("alice", "bob")


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


async def deadline_game(d: Discord, channel: str) -> Any:
    return await open_game(d, PLAYERS, {"kind": "circus_train", "deadline_hours": 24}, channel=channel,
                           command="game new")


async def game_id(d: Discord, thread: Any) -> int:
    record = await core_of(d).game_in_thread(thread.id)
    assert record is not None
    return int(record.id)


def damage(db_path: Path, game: int) -> None:
    """What a bad disk or a bad hand-edit does: the game's saved state is no longer JSON."""
    conn = sqlite3.connect(db_path)
    try:
        with conn:
            conn.execute("UPDATE games SET snapshot = '{\"players\": [' WHERE id = ?", (game,))
    finally:
        conn.close()


async def test_a_damaged_game_stays_in_its_thread_and_can_be_rebuilt(tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)], channels=("general", "games")) as d:
        broken_thread = await deadline_game(d, "games")
        healthy_thread = await deadline_game(d, "general")
        broken, healthy = await game_id(d, broken_thread), await game_id(d, healthy_thread)
        # In a thread: the bot shares this event loop and may be mid-way through saving something.
        await asyncio.to_thread(damage, tmp_path / "ringmaster.sqlite3", broken)

        # The damaged game answers in its own thread, saying what a manager can do.
        latest = board(d, broken_thread)
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None
        answer = await (await d.click(mover, latest, button(latest, "rm:turn:"))).answer()
        assert answer.ephemeral and "save is damaged" in answer.content and "/game repair" in answer.content
        hand = await (await d.click(mover, latest, button(latest, "rm:hand:"))).answer()
        assert hand.ephemeral and "save is damaged" in hand.content

        # Every other game goes on: the list, deadlines and automatic moves.
        listed = await (await d.slash("alice", "general", "game list")).answer()
        assert f"#{broken}" in listed.content and "damaged" in listed.content and f"#{healthy}" in listed.content
        before = mark(d, healthy_thread)
        clock.advance(hours=25)
        life: Any = d.bot.get_cog("Async life")  # type: ignore[union-attr]
        assert await life.tick() >= 1
        assert mark(d, healthy_thread) != before
        assert "missed the deadline" in "\n".join(m.content for m in d.messages_in(healthy_thread))
        assert not any("missed the deadline" in m.content for m in d.messages_in(broken_thread))

        # Only its creator or a manager may repair it; then it is whole again, with a fresh board.
        refused = await (await d.slash("bob", broken_thread, "game repair")).settled()
        assert refused.ephemeral and "creator or a server manager" in refused.content
        repaired = await d.slash("alice", broken_thread, "game repair")
        assert "rebuilt" in (await repaired.settled()).content
        assert "rebuilt from its log" in board(d, broken_thread).content
        await play_one(d, broken_thread, PLAYERS)


async def first_choice(d: Discord, thread: Any) -> str | None:
    """The awaited player takes their first choice; returns the refusal they got, if any."""
    mover = awaited(d, board(d, thread), PLAYERS)
    assert mover is not None
    latest = board(d, thread)
    panel = (await (await d.click(mover, latest, button(latest, "rm:turn:"))).answer()).message
    assert panel is not None
    edits = len(d.message(panel.id).versions)
    handle = await d.click(mover, panel, next(c["custom_id"] for row in panel.components for c in row["components"]))
    await d.wait_for(lambda: len(d.message(panel.id).versions) > edits or handle.followups or None,
                     what="an answer to the move")
    return handle.followups[0].content if handle.followups else None


async def test_a_full_disk_answers_the_move_with_a_sentence_and_changes_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        core = core_of(d)
        game = await game_id(d, thread)
        version = (await core.tables.table(game)).record.version
        connection = core.store.database.writer  # the bot's own connection: SQLite's limit is per connection
        [[pages]] = await connection.execute_fetchall("PRAGMA page_count")
        await connection.execute(f"PRAGMA max_page_count = {pages}")
        await connection.execute("PRAGMA cache_size = 0")
        refused: list[str] = []
        for _ in range(20):  # the file's free room is used up within a few moves
            refusal = await first_choice(d, thread)
            if refusal is not None:
                refused.append(refusal)
                break
            version = (await core.tables.table(game)).record.version
        assert any("disk is full" in text and "nothing was changed" in text for text in refused), refused
        assert (await core.tables.table(game)).record.version == version
        await connection.execute("PRAGMA max_page_count = 1073741823")
        await play_one(d, thread, PLAYERS)
        assert (await core.tables.table(game)).record.version > version
