"""The practice table through the real discord.py client and the stand-in: ``/game practice`` opens, for each of the
four games, a private thread (the asker added) with a game against easy robots, already started; the person plays
it to its end through the private panel. Each decision kind met is explained once, on the panel, the first time it
comes up; "Show me" answers with the strong player's choice and "Why not…?" with the rules' own refusal, both
privately; robots are never mentioned and nothing is posted in any other channel. A channel where the bot may not
open private threads gets its sentence, and no game."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cogs.lobby import NO_PRIVATE_THREAD_PERMISSION
from cogs.play import NOTHING_TEMPTING
from rules.core.lessons import LESSONS, lesson_key, tempting_actions
from rules.core.players import decide
from rules.core.rng import Rng
from table.practice import STALE

from discord_standin import Discord, standin
from discord_table import board, button, cheap_renders, core_of, custom_ids, pinged

KINDS = ("circus_train", "little_circuses", "wanderzirkus", "dreadful_circus")
SEATS = {"circus_train": 3, "little_circuses": 3, "wanderzirkus": 3, "dreadful_circus": 4}
LESSON = "📘 **Lesson:** "
WAIT = 30.0  # seconds for robots to reach the person's turn on a shared machine
ASKED = 2  # Show me and Why not…? answers asked for per game (each asks the rules or the search)


@pytest.fixture(autouse=True)
def cheap(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    cheap_renders(monkeypatch)
    yield


async def alice_turn(d: Discord, game_id: int) -> Any:
    """The game once it waits for alice (robots moved as far as they could), or is over."""
    core = core_of(d)
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        d.raise_errors()
        table = await core.table(game_id)
        if table.record.status != "active" or d.user("alice").id in table.awaited_users():
            await core.publisher.idle()
            return table
        assert asyncio.get_running_loop().time() < deadline, "the robots did not reach alice's turn"
        await asyncio.sleep(0.01)


def panel_texts(d: Any, thread: Any) -> list[str]:
    """Every private answer alice read in the thread, each version of each message once."""
    return [text for message in d.messages_in(thread, include_ephemeral=True) if message.ephemeral
            for text in [*(str(old.get("content", "")) for old in message.versions), message.content]]


async def choose(d: Discord, panel: Any, index: int) -> None:
    """Alice takes the ``index``-th legal choice on her panel: its button, or its entry in a menu."""
    for custom in custom_ids(panel):
        if custom.startswith("rm:do:") and custom.endswith(f":{index}"):
            await (await d.click("alice", panel, custom)).answer()
            return
    for row in panel.components:
        for component in row.get("components", []):
            if any(option["value"] == str(index) for option in component.get("options", [])):
                await (await d.select("alice", panel, component["custom_id"], [str(index)])).answer()
                return
    raise AssertionError(f"choice {index} is not on the panel {custom_ids(panel)}")


async def play_practice(d: Discord, kind: str) -> tuple[int, Any]:
    core = core_of(d)
    opened = await (await d.slash("alice", "games", "game practice", {"kind": kind})).answer()
    assert opened.ephemeral and opened.content.startswith("🎓 Your practice game of ")
    thread = next(t for t in d.threads("games") if f"<#{t.id}>" in opened.content)
    assert thread.type == 12 and d.user("alice").id in thread.member_ids  # private, and alice is in it
    record = await core.game_in_thread(thread.id)
    game_id = record.id
    met: list[str] = []
    asked = 0
    why_not_answers = 0
    for _ in range(2000):
        table = await alice_turn(d, game_id)
        if table.record.status != "active":
            break
        assert table.state is not None and table.record.practice and table.record.hints
        seat = table.seat_of(d.user("alice").id)
        legal = table.game.legal_actions(table.state, seat)
        key = lesson_key(kind, legal)
        assert key is not None
        if key not in met:
            met.append(key)
        newest = board(d, thread)
        handle = await d.click("alice", newest, button(newest, "rm:turn:"))
        await handle.answer()
        panel = handle.message
        assert panel is not None
        if not any(custom.startswith("rm:do:") or custom.startswith("rm:pick:") for custom in custom_ids(panel)):
            continue  # the game moved on between reading it and opening the panel (a robot in a shared step)
        if asked < ASKED:
            asked += 1
            shown = await (await d.click("alice", panel, button(panel, "rm:hint:"))).answer()
            assert shown.ephemeral and shown.content.startswith("💡 **Suggestion: ")
        if why_not_answers < ASKED:
            listing = await (await d.click("alice", panel, button(panel, "rm:whynot:"))).answer()
            assert listing.ephemeral
            if listing.content == NOTHING_TEMPTING:
                assert not tempting_actions(table.game, table.state, seat)
            elif any(custom.startswith("rm:why:") for custom in custom_ids(listing)):
                assert listing.message is not None
                menu = listing.message
                refused = await (await d.select("alice", menu, button(menu, "rm:why:"), ["0"])).answer()
                assert refused.ephemeral
                if refused.content != STALE:  # else a robot moved in a shared step since the list was opened
                    assert refused.content.startswith("🚫 **"), refused.content
                    why_not_answers += 1
            else:  # a robot moved in a shared step since the panel was opened
                assert listing.content == STALE, listing.content
        action = decide(table.game, table.state, seat, "normal", Rng.from_seed(table.record.version)).action
        await choose(d, panel, legal.index(action))
    else:
        raise AssertionError(f"{kind}: the practice game did not end")
    assert why_not_answers >= 1
    texts = panel_texts(d, thread)
    for key in met:  # each decision met was explained, once
        lesson = LESSONS[kind][key]
        assert sum(LESSON + lesson in text for text in set(texts)) == 1, (kind, key)
    assert all(any(LESSON + LESSONS[kind][key] in text for key in met) for text in set(texts) if LESSON in text)
    final = await core.table(game_id)
    assert final.record.status == "finished" and len(final.seats) == SEATS[kind]
    alice = d.user("alice").id
    for message in d.messages_in(thread):
        assert pinged(message) <= {alice}, message.content
        assert LESSON not in message.content and "💡 **Suggestion: " not in message.content
        assert "🚫" not in message.content
    return game_id, thread


async def test_practice_plays_each_game_to_its_end_with_lessons_show_me_and_why_not(tmp_path: Path) -> None:
    async with standin(tmp_path, members=("alice",)) as d:
        core_of(d).robots.delay = 0.01
        threads = []
        for kind in KINDS:
            _, thread = await play_practice(d, kind)
            threads.append(thread.id)
        # Nothing anywhere else: no lobby, no post in the channel, no other thread.
        assert d.messages_in("games") == []
        assert sorted(t.id for t in d.threads()) == sorted(threads)
        board_text = await (await d.slash("alice", "games", "stats leaderboard", {"kind": "little_circuses"})).answer()
        assert board_text.content == "No Little Circuses game has finished here yet."


async def test_practice_where_private_threads_are_not_allowed_says_so(tmp_path: Path) -> None:
    async with standin(tmp_path, members=("alice",)) as d:
        await d.deny_bot("games", "create_private_threads")
        refused = await (await d.slash("alice", "games", "game practice", {"kind": "wanderzirkus"})).answer()
        assert refused.ephemeral and refused.content == NO_PRIVATE_THREAD_PERMISSION.format(command="/game practice")
        assert d.threads() == [] and await core_of(d).games_here(d.channel("games").guild_id) == []
