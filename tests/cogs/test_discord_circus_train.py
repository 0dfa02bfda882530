"""Circus Train through Discord: the real bot and cogs against the local stand-in, driven as members
would drive them (slash commands, buttons, select menus)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from rules.circus_train.content import distance_map, load_content
from rules.circus_train.state import CANADA

from discord_standin import standin
from discord_table import (
    awaited,
    board,
    board_changed,
    button,
    custom_ids,
    finish_setup,
    labels,
    mark,
    open_game,
    take_turn,
)

PLAYERS = ("alice", "bob")


async def test_a_game_is_created_joined_and_started_in_its_own_thread(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        first = board(d, thread)
        [png] = d.png_attachments(first)
        assert png.data[:8] == b"\x89PNG\r\n\x1a\n"
        assert "begins" in first.content
        assert awaited(d, first, PLAYERS) in PLAYERS
        assert any(cid.startswith("rm:turn:") for cid in custom_ids(first))


async def test_lobby_refuses_clearly(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        created = await d.slash("alice", "games", "circus new", {})
        await created.answer()
        lobby = created.message
        assert lobby is not None
        start = await d.click("bob", lobby, button(lobby, "rm:lobby:start:"))
        answer = await start.answer()
        assert answer.ephemeral and "Only the player who created this game can start it." in answer.content
        joined = await d.click("bob", lobby, button(lobby, "rm:lobby:join:"))
        await joined.answer()
        again = await d.click("bob", d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))
        answer = await again.answer()
        assert answer.ephemeral and "already have a seat" in answer.content
        invalid = await d.slash("alice", "games", "circus new", {"easier": True, "advanced": True})
        answer = await invalid.answer()
        assert answer.ephemeral and "cannot be combined with the Advanced Game" in answer.content


async def test_turn_by_buttons_and_refusals_out_of_turn(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        first = board(d, thread)
        mover = awaited(d, first, PLAYERS)
        other = next(p for p in PLAYERS if p != mover)
        assert mover is not None
        refused = await d.click(other, first, button(first, "rm:turn:"))
        answer = await refused.answer()
        assert answer.ephemeral and answer.content.startswith("It is not your turn")
        panel = await take_turn(d, mover, thread)
        answer = await panel.answer()
        assert answer.ephemeral and "choosing starting talent" in answer.content
        assert "Take a Horse" in labels(panel.message)
        horse = next(cid for cid, label in zip(custom_ids(panel.message), labels(panel.message), strict=True)
                     if label == "Take a Horse")
        before = mark(d, thread)
        picked = await d.click(mover, panel.message, horse)
        await picked.answer()
        assert "takes a Horse counter" in (await board_changed(d, thread, before)).content


async def test_slash_commands_play_a_turn_and_refuse_illegal_moves(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        await finish_setup(d, thread, PLAYERS)  # talent picks and start cities, through /circus choose
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        cards = await d.autocomplete(mover, thread, "circus play", {}, focused="card")
        assert {"name": "Play Fast Transit", "value": "play:fast_transit"} in cards
        before = mark(d, thread)
        played = await d.slash(mover, thread, "circus play", {"card": "play:fast_transit"})
        answer = await played.settled()
        assert answer.ephemeral and "moving your train" in answer.content
        await board_changed(d, thread, before)
        cities = await d.autocomplete(mover, thread, "circus travel", {}, focused="city")
        assert cities and all(choice["name"].startswith("Travel to ") for choice in cities)
        far = await d.slash(mover, thread, "circus travel", {"city": "richmond"})
        refusal = await far.settled()
        assert refusal.ephemeral and "Richmond is" in refusal.content and "at most 5" in refusal.content
        wrong = await d.slash(mover, thread, "circus perform", {})
        refusal = await wrong.settled()
        assert refusal.ephemeral and "not a choice right now" in refusal.content
        go = await d.slash(mover, thread, "circus travel", {"city": cities[0]["value"]})
        await go.settled()
        await d.wait_for(lambda: "travels from" in board(d, thread).content or None)


async def test_hand_is_shown_only_to_its_owner(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        latest = board(d, thread)
        mine = await d.click("alice", latest, button(latest, "rm:hand:"))
        answer = await mine.settled()
        assert answer.ephemeral and "Your hand:" in answer.content and "Fast Transit" in answer.content
        assert d.png_attachments(answer)
        for message in d.messages_in(thread):
            assert "Your hand" not in message.content
        stranger = await d.click("carol", latest, button(latest, "rm:hand:"))
        refusal = await stranger.answer()
        assert refusal.ephemeral and "not seated" in refusal.content
        by_command = await d.slash("bob", thread, "game hand", {})
        answer = await by_command.settled()
        assert answer.ephemeral and "Your hand:" in answer.content


async def test_stale_panel_says_so_and_changes_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        old = board(d, thread)
        mover = awaited(d, old, PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        second_panel = await take_turn(d, mover, thread)  # the same choices, opened twice
        before = mark(d, thread)
        await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
        await board_changed(d, thread, before)
        count, latest = len(d.messages_in(thread)), mark(d, thread)
        again = await d.click(mover, second_panel.message, custom_ids(second_panel.message)[0])
        await again.answer()
        answer = await again.followup()
        assert answer.ephemeral and "out of date" in answer.content
        assert len(d.messages_in(thread)) == count and mark(d, thread) == latest
        # The old board's "Take your turn" opens the current choices instead of a dead end.
        reopened = await d.click(mover, old, button(old, "rm:turn:"))
        current = await reopened.answer()
        assert current.ephemeral and "out of date" not in current.content and custom_ids(current)


async def test_two_simultaneous_clicks_do_not_lose_an_update(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        panel_a = await take_turn(d, mover, thread)
        panel_b = await take_turn(d, mover, thread)
        ids_a, ids_b = custom_ids(panel_a.message), custom_ids(panel_b.message)
        clicks = await asyncio.gather(d.click(mover, panel_a.message, ids_a[0]),
                                      d.click(mover, panel_b.message, ids_b[1]))
        await asyncio.gather(*(click.answer() for click in clicks))
        await d.wait_for(lambda: sum("takes" in m.content for m in d.messages_in(thread)) >= 1 or None)
        await asyncio.sleep(0.2)
        updates = [m for m in d.messages_in(thread) if "takes" in m.content]
        assert len(updates) == 1  # exactly one of the two was applied …
        followups = [f for click in clicks for f in click.followups]
        assert any("out of date" in f.content for f in followups)  # … and the other was told why


async def test_restart_mid_game_keeps_the_board_buttons_working(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        await d.restart_bot()
        panel = await take_turn(d, mover, thread)
        assert "choosing starting talent" in (await panel.answer()).content
        before = mark(d, thread)
        await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
        await board_changed(d, thread, before)


async def test_missing_permission_is_explained(tmp_path: Path) -> None:
    async with standin(tmp_path, deny={"games": ["create_public_threads"]}) as d:
        created = await d.slash("alice", "games", "circus new", {})
        answer = await created.answer()
        assert answer.ephemeral and "Create Public Threads" in answer.content


@pytest.mark.parametrize("players", [("alice", "bob")])
async def test_a_whole_game_is_played_to_its_final_scores(tmp_path: Path, players: tuple[str, ...]) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, players)
        for _ in range(2000):
            latest = board(d, thread)
            before = mark(d, thread)
            if "Final scores" in latest.content:
                break
            mover = awaited(d, latest, players)
            assert mover is not None, latest.content
            panel = await take_turn(d, mover, thread)
            ids = custom_ids(panel.message)
            choice = next((cid for cid, label in zip(ids, labels(panel.message), strict=False)
                           if label in ("Pay the wages", "Perform here")), ids[-1] if len(ids) > 1 else ids[0])
            if choice.startswith("rm:pick:"):
                await (await d.select(mover, panel.message, choice, ["0"])).answer()
            else:
                await (await d.click(mover, panel.message, choice)).answer()
            await board_changed(d, thread, before)
        final = board(d, thread)
        assert "Final scores" in final.content and "Winner" in final.content
        assert not any(cid.startswith("rm:turn:") for cid in custom_ids(final))
        # The end brings the animated replay and a line in the server's statistics.
        replay = await d.wait_for(lambda: next((m for m in d.messages_in(thread) if "replayed" in m.content), None),
                                  timeout=60, what="the replay")
        [animation] = replay.attachments
        assert animation.filename.endswith("-replay.webp") and animation.data[8:12] == b"WEBP"
        assert animation.description and "At the end:" in animation.description
        with Image.open(io.BytesIO(animation.data)) as image:
            assert getattr(image, "n_frames", 1) == 3  # the tests' bot draws three boards
        board_ = await (await d.slash(players[0], thread, "stats leaderboard", {"kind": "circus_train"})).answer()
        assert "Circus Train — leaderboard" in board_.content
        assert all(str(d.user(name).id) in board_.content for name in players)


async def test_a_turn_in_progress_updates_its_board_and_pings_only_the_next_player(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        start = board(d, thread)
        mover = awaited(d, start, PLAYERS)
        assert mover is not None
        assert [u.id for u in start.mentions] == [d.user(mover).id]  # the first player is pinged once
        panel = await take_turn(d, mover, thread)
        edits = len(panel.message.versions)
        before = mark(d, thread)
        await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
        first_pick = await board_changed(d, thread, before)
        # The same player goes on: the board is updated in place, with no new ping.
        assert first_pick.id == start.id and "begins!" in first_pick.content and "takes" in first_pick.content
        # The private panel now offers the second pick.
        panel_id = panel.message.id
        await d.wait_for(lambda: len(d.message(panel_id).versions) > edits or None, what="the panel to update")
        panel = d.message(panel_id)
        assert "1 left" in panel.content
        before = mark(d, thread)
        await (await d.click(mover, panel, custom_ids(panel)[0])).answer()
        second = await board_changed(d, thread, before)
        next_player = awaited(d, second, PLAYERS)
        assert next_player is not None and next_player != mover
        assert second.id != first_pick.id  # someone new is awaited: a new message …
        assert [u.id for u in second.mentions] == [d.user(next_player).id]  # … that pings only them


def performance_cities(table: Any) -> list[str]:
    """Cities showing a Performance Demand on the public board."""
    content = load_content()
    return [city for city, news in table.game.view(table.state, None)["board"].items()
            if news.get("counter") and content.counters[news["counter"]].kind == "performance"]


def nearest_start(table: Any) -> str:
    """The name of the Canadian city closest to a Performance Demand."""
    demands = performance_cities(table)
    content = load_content()
    home = min(CANADA, key=lambda city: min(distance_map(content, city)[d] for d in demands))
    return content.cities[home].name


async def test_a_longer_turn_updates_one_board_in_place(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        # Start in the Canadian city nearest a Performance Demand, read from the game's public view.
        assert d.bot is not None
        table_cog: Any = d.bot.core  # type: ignore[union-attr,attr-defined,unused-ignore]
        await finish_setup(d, thread, PLAYERS, until="choosing a Canadian start city")
        table = await table_cog.tables.table_in_context(d.guild.id, thread.id, d.user("alice").id, None)
        await finish_setup(d, thread, PLAYERS, start=nearest_start(table))
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        before = mark(d, thread)
        await (await d.slash(mover, thread, "circus play", {"card": "play:fast_transit"})).settled()
        played = await board_changed(d, thread, before)
        # The mover's turn goes on: their board (posted when the game began waiting for them) is updated.
        assert played.id == before[0] and "plays Fast Transit" in played.content
        table = await table_cog.tables.table_in_context(d.guild.id, thread.id, d.user(mover).id, None)
        demands = performance_cities(table)
        options = await d.autocomplete(mover, thread, "circus travel", {}, focused="city")
        with_news = [o["value"] for o in options if o["value"] in demands]
        assert with_news, "every city is within Fast Transit's five connections of some Canadian city"
        before = mark(d, thread)
        target = with_news[0]
        await (await d.slash(mover, thread, "circus travel", {"city": target})).settled()
        played_id = played.id
        moved = await board_changed(d, thread, before)
        assert "travels from" in moved.content
        assert moved.id != played_id and moved.mentions  # the turn passed: a new message pings the next player
        second = awaited(d, moved, PLAYERS)
        assert second is not None and second != mover
        await (await d.slash(second, thread, "circus play", {"card": "play:rapid_transit"})).settled()
        await (await d.slash(second, thread, "circus stay", {})).settled()
        await d.wait_for(lambda: awaited(d, board(d, thread), PLAYERS) == mover or None, what="the first player's turn")
        # A turn that goes on (Overnight Transit: stay, then perform here) updates its own message.
        before = mark(d, thread)
        await (await d.slash(mover, thread, "circus play", {"card": "play:overnight_transit"})).settled()
        opened = await board_changed(d, thread, before)
        before = mark(d, thread)
        assert before[0] == opened.id
        await (await d.slash(mover, thread, "circus stay", {})).settled()
        updated = await board_changed(d, thread, before)
        assert "performing or hiring" in updated.content, updated.content
        assert (updated.id, len(updated.versions)) == (opened.id, before[1] + 1)  # the same message, edited
        assert "plays Overnight Transit" in updated.content and "stays in" in updated.content
        assert updated.mentions == []


async def test_common_commands_list_status_log_rules_and_abandon(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        listed = await (await d.slash("carol", "games", "game list", {})).answer()
        assert listed.ephemeral and "#1 Circus Train — active" in listed.content
        mine = await (await d.slash("alice", "games", "game mine", {})).answer()
        assert "#1 Circus Train" in mine.content
        status = await (await d.slash("carol", thread, "game status", {})).settled()
        assert status.ephemeral and d.png_attachments(status) and "Circus Train #1" in status.content
        rules = await (await d.slash("carol", "games", "game rules", {"kind": "circus_train",
                                                                      "section": "Variants"})).answer()
        assert rules.ephemeral and "Circus Train — Variants" in rules.content and "Easier" in rules.content
        mover = awaited(d, board(d, thread), PLAYERS)
        assert mover is not None
        panel = await take_turn(d, mover, thread)
        before = mark(d, thread)
        await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
        await board_changed(d, thread, before)
        log = await (await d.slash("carol", thread, "game log", {})).answer()
        assert log.ephemeral and "Log page 1 of 1" in log.content and f"{mover} takes" in log.content
        refused = await (await d.slash("carol", thread, "game abandon", {})).answer()
        assert refused.ephemeral and "Only the game's creator or a server manager" in refused.content
        vote = await (await d.slash("bob", thread, "game abandon", {})).answer()
        assert vote.ephemeral and "vote to abandon" in vote.content  # a seated player's is a vote
        by_manager = await (await d.slash("mia", "games", "game abandon", {"game": 1})).answer()
        assert by_manager.ephemeral and "abandoned" in by_manager.content
        await d.wait_for(lambda: any("was abandoned" in m.content for m in d.messages_in(thread)) or None)
        late = await d.slash(mover, thread, "circus pass", {})
        assert "This game is over." in (await late.settled()).content
        listed = await (await d.slash("carol", "games", "game list", {})).answer()
        assert "No games here yet" in listed.content


async def test_missing_attach_files_permission_is_explained(tmp_path: Path) -> None:
    async with standin(tmp_path, deny={"games": ["attach_files"]}) as d:
        created = await d.slash("alice", "games", "circus new", {})
        answer = await created.answer()
        assert answer.ephemeral and "Attach Files" in answer.content


async def test_generic_new_game_command_takes_variant_options(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        created = await d.slash("alice", "games", "game new", {"kind": "circus_train", "options": "advanced=true"})
        answer = await created.answer()
        assert not answer.ephemeral and "Options: advanced." in answer.content
        bad = await d.slash("alice", "games", "game new", {"kind": "circus_train", "options": "turbo=yes"})
        answer = await bad.answer()
        assert answer.ephemeral and "Unknown option 'turbo'" in answer.content
        malformed = await d.slash("alice", "games", "game new", {"kind": "circus_train", "options": "advanced"})
        assert "key=value" in (await malformed.answer()).content
