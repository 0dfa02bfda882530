"""Away mode through the real discord.py client and the stand-in, driven by a controllable clock: a player
away for days in games on two servers misses no deadline and is not pinged, each thread is told once, the
away survives a restart; /me back brings one recap to each game that waited; a game's away bank running
out brings its deadlines back, and the player is told; /me settings shows it all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from discord_standin import standin
from discord_table import Clock, UseClock, cheap_renders, core_of, open_game, pinged

PLAYERS = ("alice", "bob")
SERVERS = [{"name": "Big Top", "channels": ("general", "games")},
           {"name": "Sideshow", "channels": ("lounge",)}]


def life(d: Any) -> Any:
    return d.bot.get_cog("Async life")


def with_text(d: Any, thread: Any, text: str) -> list[Any]:
    return [m for m in d.messages_in(thread) if text in m.content]


def told(d: Any, thread: Any, text: str) -> Callable[[], list[Any] | None]:
    return lambda: with_text(d, thread, text) or None


async def second_server_commands(d: Any) -> None:
    """The bot syncs its commands to the first (development) server; the second gets them too."""
    second = discord.Object(id=d.guilds[1].id)
    d.bot.tree.copy_global_to(guild=second)
    await d.bot.tree.sync(guild=second)


async def alice_waited_for(d: Any, thread: Any) -> int:
    """The game in ``thread``, once bob has done his part so that it waits for alice alone."""
    core = core_of(d)
    record = await core.game_in_thread(thread.id)
    bob = d.user("bob").id
    for _ in range(20):
        table = await core.tables.table(record.id)
        if bob not in table.awaited_users():
            break
        await core.tables.act(record.id, bob, None, lambda t, s: t.game.legal_actions(t.state, s)[0])
    table = await core.tables.table(record.id)
    assert table.awaited_users() == [d.user("alice").id], table.awaited_users()
    await core.publisher.idle()
    return int(record.id)


async def test_away_for_three_days_on_two_servers_misses_nothing_and_back_brings_one_recap_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)], guilds=SERVERS) as d:
        await second_server_commands(d)
        here = await open_game(d, PLAYERS, {"kind": "wanderzirkus", "deadline_hours": 24}, command="game new")
        there = await open_game(d, PLAYERS, {"kind": "little_circuses", "deadline_hours": 24}, channel="lounge",
                                command="game new")
        games = [await alice_waited_for(d, here), await alice_waited_for(d, there)]
        alice = d.user("alice").id
        clock.advance(hours=1)
        gone = await (await d.slash("alice", "games", "me away", {"until": "3d", "note": "hiking"})).answer()
        assert gone.ephemeral and "You are away until" in gone.content
        assert "Der Wanderzirkus" in gone.content and "Little Circuses" in gone.content
        for thread in (here, there):
            [notice] = await d.wait_for(told(d, thread, "🌴"), what="the away notice")
            assert "is away until" in notice.content and "(hiking)" in notice.content and not pinged(notice)
        settings = await (await d.slash("alice", "games", "me settings", {})).answer()
        assert "away until <t:" in settings.content and "(hiking)" in settings.content
        posted = {m.id for thread in (here, there) for m in d.messages_in(thread)}
        # Three days pass, in ticks, with a restart in the middle: the clocks stay stopped.
        for step in range(7):
            clock.advance(hours=10)
            if step == 3:
                await d.restart_bot()
                await second_server_commands(d)
            await life(d).tick()
        for thread in (here, there):
            assert not with_text(d, thread, "alice missed the deadline")
            assert len(with_text(d, thread, "🌴")) == 1  # told once
            assert all(alice not in pinged(m) for m in d.messages_in(thread) if m.id not in posted)
        assert not d.direct_messages("alice")
        for game in games:
            assert alice in (await core_of(d).tables.table(game)).awaited_users()  # nobody moved for her
        # Back early (the away was to last until hour 73): one recap per game that waited, with a ping.
        back = await (await d.slash("alice", "games", "me back", {})).answer()
        assert back.ephemeral and "Welcome back" in back.content and "Waiting for you" in back.content
        for thread in (here, there):
            [welcome] = await d.wait_for(told(d, thread, "👋"), what="the welcome back")
            assert "is back" in welcome.content and alice in pinged(welcome)
        settings = await (await d.slash("alice", "games", "me settings", {})).answer()
        assert "not away" in settings.content
        again = await (await d.slash("alice", "games", "me back", {})).answer()
        assert again.ephemeral and "You are not away" in again.content
        # Her clock runs again from where it stopped: 23 of her 24 hours are left.
        clock.advance(hours=22, minutes=50)
        await life(d).tick()
        for thread in (here, there):
            assert not with_text(d, thread, "alice missed the deadline")
        clock.advance(minutes=20)
        await life(d).tick()
        for thread in (here, there):
            await d.wait_for(told(d, thread, "alice missed the deadline"), what="the deadline, once back")


async def test_when_the_away_bank_runs_out_deadlines_resume_and_the_player_is_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await open_game(d, PLAYERS, {"kind": "wanderzirkus", "deadline_hours": 12, "away_bank_days": 1},
                                 command="game new")
        lobby = [m for m in d.messages_in("games") if "Away bank: 1 day per player" in m.content]
        assert lobby
        await alice_waited_for(d, thread)
        clock.advance(hours=2)
        await (await d.slash("alice", thread, "me away", {"until": "1w"})).answer()
        notice = await d.wait_for(lambda: with_text(d, thread, "🌴") or None, what="the away notice")
        assert "up to 1 day of this game's away bank" in notice[0].content
        clock.advance(hours=23)
        await life(d).tick()
        assert not with_text(d, thread, "⌛") and not with_text(d, thread, "alice missed the deadline")
        clock.advance(hours=1, minutes=1)  # the day of the bank is spent
        await life(d).tick()
        [told] = await d.wait_for(lambda: with_text(d, thread, "⌛") or None, what="the bank running out")
        assert "away bank" in told.content and d.user("alice").id in pinged(told)
        # She is still away, but this game's deadline runs again: 10 of her 12 hours were left.
        clock.advance(hours=9, minutes=50)
        await life(d).tick()
        assert not with_text(d, thread, "alice missed the deadline")
        clock.advance(minutes=20)
        await life(d).tick()
        await d.wait_for(lambda: with_text(d, thread, "alice missed the deadline") or None, what="the deadline")
        assert len(with_text(d, thread, "⌛")) == 1  # told once


async def test_an_away_end_that_cannot_be_read_is_refused_with_a_sentence(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        for until, words in (("soon", "how long you are away"), ("5m", "quarter of an hour"),
                             ("9w", "at most 60 days")):
            answer = await (await d.slash("alice", "games", "me away", {"until": until})).answer()
            assert answer.ephemeral and words in answer.content, answer.content
        settings = await (await d.slash("alice", "games", "me settings", {})).answer()
        assert "not away" in settings.content
