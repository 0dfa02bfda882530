"""A days-long game's life through Discord, driven by a controllable clock (never by sleeping):
reminders, deadlines and the automatic player, reclaiming a seat, active hours, direct messages,
substitutes, votes to abandon, taking moves back, archived threads, and a restart in the middle."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from rules.core.fairness import verify_record
from rules.registry import GAMES
from table.service import TableService

import sealed_guess as sealed_guess_kit
from discord_standin import standin
from discord_table import (
    Clock,
    UseClock,
    awaited,
    board,
    board_changed,
    button,
    core_of,
    custom_ids,
    mark,
    open_game,
    pinged,
    take_turn,
)
from sealed_guess import SealedGuess

PLAYERS = ("alice", "bob")
HASH = re.compile(r"`([0-9a-f]{64})`")


def life(d: Any) -> Any:
    cog = d.bot.get_cog("Async life")
    assert type(cog).__name__ == "LifeCog"
    return cog


def tables(d: Any) -> TableService:
    service: TableService = d.bot.core.tables
    return service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sealed_guess(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A two-round simultaneous game (tests/sealed_guess.py) registered for these tests only."""
    sealed_guess_kit.register(monkeypatch)
    yield


def thread_link(thread: Any) -> str:
    return f"/channels/{thread.guild_id}/{thread.id}"


def messages_with(d: Any, thread: Any, text: str) -> list[Any]:
    return [m for m in d.messages_in(thread) if text in m.content]


async def deadline_game(d: Any, hours: float, autopilot_after: int = 3,
                        players: tuple[str, ...] = PLAYERS) -> Any:
    return await open_game(d, players, {"kind": "circus_train", "deadline_hours": hours,
                                        "autopilot_after": autopilot_after}, command="game new")


async def test_reminder_deadline_automatic_move_and_reclaim_survive_a_restart(tmp_path: Path, clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await deadline_game(d, hours=24, autopilot_after=2)
        first = board(d, thread)
        mover = awaited(d, first, PLAYERS)
        assert mover is not None and "decide by <t:" in first.content
        clock.advance(hours=17)
        assert await life(d).tick() == 0  # three quarters of 24 h is 18 h: nothing yet
        clock.advance(hours=1, minutes=1)
        await d.restart_bot()  # timers live in the database, not in the old bot's memory
        assert await life(d).tick() == 1
        [reminder] = messages_with(d, thread, "⏰")
        assert d.user(mover).id in [u.id for u in reminder.mentions] and "time runs out" in reminder.content
        assert await life(d).tick() == 0  # reminded once only
        before = mark(d, thread)
        clock.advance(hours=6)
        assert await life(d).tick() >= 1
        moved = await board_changed(d, thread, before)
        assert "(automatic player)" in moved.content
        [missed] = messages_with(d, thread, "missed the deadline")
        assert "keeps the seat" not in missed.content  # one miss of the two allowed
        log = await (await d.slash("bob", thread, "game log", {})).answer()
        assert "🤖" in log.content
        # Every wait gets its own deadline; a second miss in a row puts the seat on autopilot.
        while awaited(d, board(d, thread), PLAYERS) != mover:
            other = awaited(d, board(d, thread), PLAYERS)
            assert other is not None
            panel = await take_turn(d, other, thread)
            before = mark(d, thread)
            await (await d.click(other, panel.message, custom_ids(panel.message)[0])).answer()
            await board_changed(d, thread, before)
        clock.advance(hours=25)
        await life(d).tick()
        notice = messages_with(d, thread, "keeps the seat until its player takes it back")
        assert notice, "the second missed deadline in a row puts the seat on autopilot"
        reclaim = await d.click(mover, notice[-1], button(notice[-1], "rm:reclaim:"))
        answer = await reclaim.answer()
        assert answer.ephemeral and "yours again" in answer.content
        await d.wait_for(lambda: messages_with(d, thread, "takes their seat back") or None, what="the reclaim notice")
        again = await (await d.click(mover, notice[-1], button(notice[-1], "rm:reclaim:"))).answer()
        assert "not on autopilot" in again.content


async def test_active_hours_delay_the_deadline_and_keep_reminders_out_of_the_night(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 11, 30, 20, 30, tzinfo=UTC))  # 21:30 in Berlin
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        for player in PLAYERS:
            answer = await (await d.slash(player, "games", "me hours", {"time_zone": "Europe/Berlin",
                                                                        "start": "08:00", "end": "23:00"})).answer()
            assert answer.ephemeral and "Europe/Berlin" in answer.content
        thread = await deadline_game(d, hours=2)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        # 1.5 h are left tonight (until 23:00 Berlin = 22:00 UTC); the last half hour runs from 08:00.
        due = datetime(2026, 12, 1, 7, 30, tzinfo=UTC)
        assert f"<t:{int(due.timestamp())}:f>" in board(d, thread).content
        clock.now = datetime(2026, 11, 30, 23, 59, tzinfo=UTC)  # past two hours of wall time, at night
        assert await life(d).tick() == 0
        assert not messages_with(d, thread, "⏰")  # the reminder (at 1.5 h) would fall at 23:00: it waits
        clock.now = datetime(2026, 12, 1, 7, 10, tzinfo=UTC)  # 08:10 Berlin
        assert await life(d).tick() == 1
        assert messages_with(d, thread, "⏰")
        clock.now = datetime(2026, 12, 1, 7, 29, tzinfo=UTC)
        assert await life(d).tick() == 0
        clock.now = datetime(2026, 12, 1, 7, 31, tzinfo=UTC)
        assert await life(d).tick() == 1
        assert messages_with(d, thread, "missed the deadline")
        refused = await (await d.slash("alice", "games", "me hours", {"time_zone": "Mars/Base"})).answer()
        assert refused.ephemeral and "I do not know the time zone" in refused.content


async def test_direct_messages_carry_the_recap_and_fall_back_to_the_thread(tmp_path: Path, clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        for player in PLAYERS:
            await (await d.slash(player, "games", "me notify", {"mode": "dm"})).answer()
        thread = await open_game(d, PLAYERS)
        first = awaited(d, board(d, thread), PLAYERS)
        assert first is not None
        [told] = await d.wait_for(lambda: d.direct_messages(first) or None, what="a direct message")
        assert "is waiting for you" in told and thread_link(thread) in told
        assert not board(d, thread).mentions  # and not pinged in the thread
        second = "bob" if first == "alice" else "alice"
        d.close_dms(second)
        while awaited(d, board(d, thread), PLAYERS) == first:
            panel = await take_turn(d, first, thread)
            before = mark(d, thread)
            await (await d.click(first, panel.message, custom_ids(panel.message)[0])).answer()
            await board_changed(d, thread, before)
        fallback = await d.wait_for(lambda: messages_with(d, thread, "DMs seem closed") or None, what="the fallback")
        assert d.user(second).id in [u.id for u in fallback[0].mentions]
        assert not d.direct_messages(second)
        # The first player's next direct message recaps what happened since their own last move.
        while awaited(d, board(d, thread), PLAYERS) == second:
            panel = await take_turn(d, second, thread)
            before = mark(d, thread)
            await (await d.click(second, panel.message, custom_ids(panel.message)[0])).answer()
            await board_changed(d, thread, before)
        recap = await d.wait_for(lambda: [m for m in d.direct_messages(first) if "Since" in m] or None,
                                 what="a direct message with a recap")
        assert f"{second} takes" in recap[-1]
        # On request, the recap again, privately, from the board's button.
        latest = board(d, thread)
        asked = await (await d.click(first, latest, button(latest, "rm:recap:"))).answer()
        newest = recap[-1].split("\n")[-2]  # the last event line (the thread's link follows it)
        assert asked.ephemeral and "Since" in asked.content and newest in asked.content
        stranger = await (await d.click("carol", latest, button(latest, "rm:recap:"))).answer()
        assert stranger.ephemeral and "not seated" in stranger.content


async def test_a_substitute_takes_over_a_seat_when_both_agree(tmp_path: Path, clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await open_game(d, PLAYERS)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        offered = await (await d.slash(mover, thread, "seat handover", {"member": "carol"})).answer()
        assert offered.ephemeral and "offered your seat" in offered.content
        offer = await d.wait_for(lambda: (messages_with(d, thread, "offers their seat") or [None])[-1])
        other = "bob" if mover == "alice" else "alice"
        wrong = await (await d.click(other, offer, button(offer, "rm:handover:"))).answer()
        assert wrong.ephemeral and "offered to someone else" in wrong.content
        accepted = await (await d.click("carol", offer, button(offer, "rm:handover:"))).answer()
        assert accepted.ephemeral and "You now play" in accepted.content
        await d.wait_for(lambda: messages_with(d, thread, "takes over") or None)
        latest = board(d, thread)
        gone = await (await d.click(mover, latest, button(latest, "rm:turn:"))).answer()
        assert "not seated" in gone.content
        panel = await take_turn(d, "carol", thread)
        assert panel.message is not None and custom_ids(panel.message)
        await d.restart_bot()
        panel = await take_turn(d, "carol", thread)  # the seat stays carol's after a restart
        assert custom_ids(panel.message)


async def test_a_majority_vote_abandons_a_game(tmp_path: Path, clock: Clock) -> None:
    players = ("alice", "bob", "carol")
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await open_game(d, players)
        first = await (await d.slash("bob", thread, "game abandon", {})).answer()
        assert first.ephemeral and "1 of the 2 needed" in first.content
        again = await (await d.slash("bob", thread, "game abandon", {})).answer()
        assert "1 of the 2 needed" in again.content  # a second vote by the same player does not count
        stranger = await (await d.slash("mia", thread, "seat recap", {})).answer()
        assert "not seated" in stranger.content
        done = await (await d.slash("carol", thread, "game abandon", {})).answer()
        assert "abandoned" in done.content
        await d.wait_for(lambda: messages_with(d, thread, "abandoned by a majority vote") or None)


async def start_sealed_guess(d: Any) -> Any:
    """A Sealed Guess game (tests/sealed_guess.py), created through the table service (the /game new
    menu lists only the real games) and started with /game start, as members would."""
    table = await tables(d).create(SealedGuess.key, d.guild.id, d.channel("games").id, d.user("alice").id, "alice", {})
    await tables(d).join(table.id, d.user("bob").id, "bob")
    started = await d.slash("alice", "games", "game start", {"game": table.id})
    await started.answer()
    return await d.wait_for(lambda: next((t for t in d.threads() if messages_with(d, t, "Players:")), None))


async def pick(d: Any, thread: Any, user: str, index: int) -> None:
    """The user opens their panel from the newest board and picks choice ``index``."""
    boards = [m for m in d.messages_in(thread) if any(c.startswith("rm:turn:") for c in custom_ids(m))]
    handle = await d.click(user, boards[-1], button(boards[-1], "rm:turn:"))
    await handle.answer()
    before = len(d.messages_in(thread)), [len(m.versions) for m in d.messages_in(thread)]
    await (await d.click(user, handle.message, custom_ids(handle.message)[index])).answer()
    await d.wait_for(lambda: (len(d.messages_in(thread)), [len(m.versions) for m in d.messages_in(thread)]) != before
                     or None, what="the move to show")


async def test_taking_moves_back_alone_or_with_agreement(tmp_path: Path, clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await open_game(d, PLAYERS)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        other = "bob" if mover == "alice" else "alice"
        nothing = await (await d.slash(mover, thread, "seat undo", {})).answer()
        assert "nothing to take back" in nothing.content
        # Choosing a starting talent from the open bank draws nothing and reveals nothing: undone alone.
        panel = await take_turn(d, mover, thread)
        before = mark(d, thread)
        await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
        await board_changed(d, thread, before)
        refused = await (await d.slash(other, thread, "seat undo", {})).answer()
        assert f"it was {mover}'s" in refused.content
        before = mark(d, thread)
        taken = await (await d.slash(mover, thread, "seat undo", {})).answer()
        assert taken.ephemeral and "taken back" in taken.content
        undone = await board_changed(d, thread, before)
        assert "a move was taken back" in undone.content and "choosing starting talent" in undone.content


async def test_a_simultaneous_move_is_taken_back_only_when_the_others_agree(
        tmp_path: Path, clock: Clock, sealed_guess: None) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await start_sealed_guess(d)
        await pick(d, thread, "alice", 2)
        asked = await (await d.slash("alice", thread, "seat undo", {})).answer()
        assert "the others must agree" in asked.content
        request = await d.wait_for(lambda: (messages_with(d, thread, "asks to take back") or [None])[-1])
        await d.restart_bot()
        own = await (await d.click("alice", request, button(request, "rm:undo:"))).answer()
        assert own.ephemeral and "the other players are the ones to agree" in own.content
        before = len(d.messages_in(thread))
        agreed = await (await d.click("bob", request, button(request, "rm:undo:"))).answer()
        assert "taken back" in agreed.content
        await d.wait_for(lambda: len(d.messages_in(thread)) > before or None)
        table = await tables(d).table_in_context(d.guild.id, thread.id, d.user("alice").id, None)
        assert table.state is not None and table.state.picks == [None, None]  # alice must pick again
        stale = await (await d.click("bob", request, button(request, "rm:undo:"))).answer()
        assert "no longer" in stale.content or "Nothing has been played" in stale.content


async def test_a_finished_game_reveals_its_seed_counts_in_statistics_and_stays_verifiable(
        tmp_path: Path, clock: Clock, sealed_guess: None) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await start_sealed_guess(d)
        [commitment_message] = messages_with(d, thread, "Fair play")
        await pick(d, thread, "alice", 2)
        await d.restart_bot()
        await pick(d, thread, "bob", 0)
        await pick(d, thread, "alice", 2)
        await pick(d, thread, "bob", 1)  # alice's 3s beat bob's 1 and 2: she wins 2–0
        reveal = await d.wait_for(lambda: (messages_with(d, thread, "secret seed was") or [None])[-1])
        record = json.loads(reveal.attachments[0].data)
        digest = HASH.findall(commitment_message.content)[0]
        assert verify_record(record, GAMES, published=digest).ok
        record["actions"][0]["action"]["number"] = 1  # alice's first 3 becomes a 1: the result changes
        assert not verify_record(record, GAMES, published=digest).ok
        await d.wait_for(lambda: _results_saved(tmp_path) or None, what="the results to be saved")
        mine = await (await d.slash("alice", "games", "stats record", {})).answer()
        assert "Sealed Guess: played 1, won 1" in mine.content
        theirs = await (await d.slash("alice", "games", "stats record", {"member": "bob"})).answer()
        assert "played 1, won 0" in theirs.content
        board_message = messages_with(d, thread, "Final scores")[-1]
        assert "Winner: alice" in board_message.content


def _results_saved(tmp_path: Path) -> int:
    with sqlite3.connect(tmp_path / "ringmaster.sqlite3") as conn:
        return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])


async def test_an_archived_thread_is_reopened_and_the_log_reads_page_by_page(tmp_path: Path, clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await deadline_game(d, hours=1)
        await d.archive(thread)  # a week without a message: Discord archives the thread
        clock.advance(hours=2)
        before = len(d.messages_in(thread))
        assert await life(d).tick() >= 1
        assert not d.thread(thread.name).archived and len(d.messages_in(thread)) > before
        while len(await tables(d).public_log(await tables(d).table(1))) <= 40:
            mover = awaited(d, board(d, thread), PLAYERS)
            assert mover is not None
            await first_choice(d, mover, thread)
        asked = await d.slash("alice", thread, "game log", {})
        await asked.answer()
        newest = asked.message
        assert newest is not None
        pages = int(newest.content.split(" of ", 1)[1].split(":", 1)[0])
        assert newest.content.startswith(f"Log page {pages} of {pages}") and pages >= 3
        await (await d.click("alice", newest, button(newest, "rm:log:"))).answer()
        assert d.message(newest.id).content.startswith(f"Log page {pages - 1} of {pages}")
        assert "🤖" in (await (await d.slash("alice", thread, "game log", {"page": 1})).answer()).content


async def first_choice(d: Any, user: str, thread: Any) -> None:
    """The user takes the first choice of their panel (a button, or the first entry of a menu)."""
    panel = await take_turn(d, user, thread)
    before = mark(d, thread)
    choice = custom_ids(panel.message)[0]
    if choice.startswith("rm:pick:"):
        await (await d.select(user, panel.message, choice, ["0"])).answer()
    else:
        await (await d.click(user, panel.message, choice)).answer()
    await board_changed(d, thread, before)


async def test_the_creator_fills_a_vanished_players_seat_with_the_automatic_player(tmp_path: Path,
                                                                                  clock: Clock) -> None:
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        thread = await deadline_game(d, hours=24, autopilot_after=5)  # alice created it
        refused = await (await d.slash("bob", thread, "seat autopilot", {"player": "alice"})).answer()
        assert refused.ephemeral and "Only the game's creator or a server manager" in refused.content
        # bob is still playing: his seat is not the creator's to take.
        present = await (await d.slash("alice", thread, "seat autopilot", {"player": "bob"})).answer()
        assert present.ephemeral and "bob is still playing" in present.content
        # Once bob has missed a deadline, the creator may hand his seat to the automatic player.
        while awaited(d, board(d, thread), PLAYERS) != "bob":
            await first_choice(d, "alice", thread)
        clock.advance(hours=25)
        await life(d).tick()
        done = await (await d.slash("alice", thread, "seat autopilot", {"player": "bob"})).answer()
        assert "now plays bob's seat" in done.content
        await core_of(d).publisher.idle()
        posted_before = {m.id for m in d.messages_in(thread)}

        def posted_since() -> list[Any]:
            return [m for m in d.messages_in(thread) if m.id not in posted_before]

        # From now on bob's decisions are made as soon as the game waits for him.
        for _ in range(60):
            await core_of(d).publisher.idle()  # the automatic player's move may still be on its way
            mover = awaited(d, board(d, thread), PLAYERS)
            if mover == "bob":
                await d.wait_for(lambda: awaited(d, board(d, thread), PLAYERS) != "bob" or None,
                                 what="the automatic player to move for bob")
                continue
            assert mover == "alice"
            await first_choice(d, "alice", thread)
            # Until the automatic player has moved for bob and a message was posted since (a move within the
            # turn only edits the board, which pings no one).
            if any("bob (automatic player)" in m.content for m in d.messages_in(thread)) and posted_since():
                break
        assert any("bob (automatic player)" in m.content for m in d.messages_in(thread))
        # A seat on autopilot is never pinged: no message posted since pings bob.
        bob = d.user("bob").id
        later = posted_since()
        assert later and not any(bob in pinged(m) for m in later)
        await core_of(d).publisher.idle()
        [offer] = messages_with(d, thread, "takes over bob's seat")
        back = await (await d.click("bob", offer, button(offer, "rm:reclaim:"))).answer()
        assert "yours again" in back.content
