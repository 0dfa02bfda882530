"""Moves that need no one, through the real discord.py client and the stand-in: a forced move is shown on
the board and in the log as automatic and pings nobody; /seat standing lists, sets and clears standing
answers (privately, with autocomplete), and an answer played for a player is in the log and in their
recap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from table.errors import TableError

from discord_standin import standin
from discord_table import board, cheap_renders, check_newest_board, core_of, open_game, pinged

FOUR = ("alice", "bob", "carol", "dave")


async def play_automatically_until(d: Any, game_id: int, done: Any, moves: int = 800) -> Any:
    """Each awaited seat's automatic player moves (as a player would) until ``done(result)``."""
    core = core_of(d)
    for _ in range(moves):
        table = await core.tables.table(game_id)
        assert not table.over, "the game ended first"
        try:
            result = await core.tables.act(game_id, table.awaited_users()[0], None, automatic_choice)
        except TableError:
            continue
        if done(result):
            await core.publisher.idle()
            return result
    raise AssertionError("it never happened")


def automatic_choice(table: Any, seat: int) -> Any:
    from rules.core.rng import Rng
    legal = table.game.legal_actions(table.state, seat)
    return table.game.auto_action(table.game.view(table.state, seat), legal, Rng.from_seed(table.record.version))


async def test_a_forced_move_is_marked_on_the_board_and_in_the_log_and_pings_nobody(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, ("alice", "bob"))
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        result = await play_automatically_until(d, record.id, lambda r: any(m.reason == "forced"
                                                                           for m in r.follow_ups))
        await check_newest_board(d, thread)  # each event of the turn once, the forced ones marked
        latest = board(d, thread)
        assert "• 🤖 only choice: " in latest.content
        # Whoever the forced move was played for and is no longer awaited is not pinged.
        assert pinged(latest) <= set(result.table.awaited_users())
        log = await (await d.slash("bob", thread, "game log", {})).answer()
        assert log.ephemeral and "🤖 only choice: " in log.content


async def test_seat_standing_lists_sets_refuses_and_clears_answers(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, ("alice", "bob"))
        listing = await (await d.slash("alice", thread, "seat standing", {})).answer()
        assert listing.ephemeral and "Another player's released Talent" in listing.content
        assert "The long-month steal" in listing.content and listing.content.count("Now: Ask me") == 2
        decisions = await d.autocomplete("alice", thread, "seat standing", {}, focused="decision")
        assert [c["value"] for c in decisions] == ["place_released", "long_month_steal"]
        answers = await d.autocomplete("alice", thread, "seat standing", {"decision": "long_month_steal"},
                                       focused="answer")
        assert [c["value"] for c in answers] == ["pass", "best", "ask"]
        done = await (await d.slash("alice", thread, "seat standing",
                                    {"decision": "long_month_steal", "answer": "best"})).answer()
        assert done.ephemeral and "The long-month steal: Take the most valuable counter" in done.content
        again = await (await d.slash("alice", thread, "seat standing", {"decision": "long_month_steal"})).answer()
        assert "Now: Take the most valuable counter" in again.content and "released Talent" not in again.content
        wrong = await (await d.slash("alice", thread, "seat standing",
                                     {"decision": "long_month_steal", "answer": "grab"})).answer()
        assert wrong.ephemeral and "has no answer called 'grab'" in wrong.content
        unknown = await (await d.slash("alice", thread, "seat standing",
                                       {"decision": "wages", "answer": "pay"})).answer()
        assert unknown.ephemeral and "no decision called 'wages'" in unknown.content
        stranger = await (await d.slash("carol", thread, "seat standing", {})).answer()
        assert stranger.ephemeral and "not seated" in stranger.content
        cleared = await (await d.slash("alice", thread, "seat standing",
                                       {"decision": "long_month_steal", "answer": "ask"})).answer()
        assert "you will be asked" in cleared.content
        record = await core_of(d).game_in_thread(thread.id)
        assert await core_of(d).tables.life.standing(record.id) == {}
        # Nothing of it was said in public.
        assert not any("standing" in m.content.lower() for m in d.messages_in(thread))


async def test_a_standing_answer_is_played_and_told_in_the_log_and_the_recap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, members=FOUR) as d:
        thread = await open_game(d, FOUR, command="dreadful new")
        for player in FOUR:
            answer = await (await d.slash(player, thread, "seat standing",
                                          {"decision": "sell", "answer": "accept_first"})).answer()
            assert answer.ephemeral and "Selling your Offer" in answer.content
        record = await core_of(d).game_in_thread(thread.id)
        result = await play_automatically_until(d, record.id, lambda r: any(m.reason == "standing"
                                                                           for m in r.follow_ups))
        seller = next(m.seat for m in result.follow_ups if m.reason == "standing")
        seller_name = next(name for name in FOUR if d.user(name).id == result.table.user_of(seller))
        await check_newest_board(d, thread)
        log = await (await d.slash("bob", thread, "game log", {})).answer()
        assert "🤖 standing answer: " in log.content
        recap = await (await d.slash(seller_name, thread, "seat recap", {})).answer()
        assert recap.ephemeral and "🤖 standing answer: " in recap.content
