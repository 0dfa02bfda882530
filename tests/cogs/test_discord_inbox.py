"""One inbox across a player's games, through the real discord.py client and the stand-in with a controllable
clock: ``/me inbox`` lists a player's five games on two servers in the right order with their deadlines as
Discord timestamps, from either server; "Next game" (``/me next``, then the button on each panel after a move)
walks them in that order, playing games of the other server from the panel; every private panel after a move
offers "Next game"; a long inbox is paged without cutting an entry; both work in a direct message with the bot."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from table.inbox import PAGE_ENTRIES

import sealed_guess as sealed_guess_kit
from discord_standin import standin
from discord_table import T0, Clock, UseClock, button, cheap_renders, core_of, custom_ids
from sealed_guess import SealedGuess

PLAYERS = ("alice", "bob")
SERVERS = [{"name": "Big Top", "channels": ("general", "games")},
           {"name": "Sideshow", "channels": ("lounge",)}]
DAY = 24 * 60
TITLE = re.compile(r"\*\*Sealed Guess #(\d+)\*\*")


@pytest.fixture(autouse=True)
def sealed_guess(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess_kit.register(monkeypatch)
    cheap_renders(monkeypatch)
    yield


async def second_server_commands(d: Any) -> None:
    """The bot syncs its commands to the first (development) server; the second gets them too."""
    second = discord.Object(id=d.guilds[1].id)
    d.bot.tree.copy_global_to(guild=second)
    await d.bot.tree.sync(guild=second)


async def start_game(d: Any, channel: str) -> int:
    """A Sealed Guess game of alice and bob with a day's deadline in ``channel``, started with /game start."""
    where = d.channel(channel)
    tables = core_of(d).tables
    table = await tables.create(SealedGuess.key, where.guild_id, where.id, d.user("alice").id, "alice", {},
                                deadline_minutes=DAY)
    await tables.join(table.id, d.user("bob").id, "bob")
    await (await d.slash("alice", channel, "game start", {"game": table.id})).answer()
    await core_of(d).publisher.idle()
    return int(table.id)


def on(answer: Any) -> Any:
    """The message an answer is (a private answer always has one)."""
    assert answer.message is not None
    return answer.message


def listed(content: str) -> list[int]:
    return [int(number) for number in TITLE.findall(content)]


def stamp(at: Any) -> str:
    return f"<t:{int(at.timestamp())}:R>"


async def five_games_on_two_servers(d: Any, clock: Clock) -> list[int]:
    """Five games started an hour apart, three on Big Top and two on Sideshow; alice then picks in the first,
    through its board's "Take your turn", and bob too, so its second round waits for her since hour 6.
    Returns the games in the order they wait for her."""
    games = []
    for hour, channel in enumerate(("games", "lounge", "games", "lounge", "games")):
        clock.now = T0 + timedelta(hours=hour)
        games.append(await start_game(d, channel))
    clock.now = T0 + timedelta(hours=5)
    first = games[0]
    thread = d.channel((await core_of(d).record(first)).thread_id)
    boards = [m for m in d.messages_in(thread) if any(c.startswith("rm:turn:") for c in custom_ids(m))]
    panel = await d.click("alice", boards[-1], button(boards[-1], "rm:turn:"))
    await panel.answer()
    done = await (await d.click("alice", panel.message, button(panel.message, "rm:do:"))).answer()
    # The private panel after a move offers "Next game", coming from this game.
    assert "now waits for bob" in done.content and f"rm:next:{first}" in custom_ids(done.message)
    clock.now = T0 + timedelta(hours=6)
    await core_of(d).tables.act(first, d.user("bob").id, None, lambda t, s: t.game.legal_actions(t.state, s)[0])
    await core_of(d).publisher.idle()
    return [*games[1:], first]


async def test_the_inbox_lists_five_games_on_two_servers_in_order_and_next_game_walks_them(
        tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)], guilds=SERVERS) as d:
        await second_server_commands(d)
        me = d.server.commands_for(d.guild)["me"]  # /me works in a direct message with the bot too
        assert me["dm_permission"] is True and me.get("contexts") in (None, [0, 1], [0, 1, 2])
        order = await five_games_on_two_servers(d, clock)
        clock.now = T0 + timedelta(hours=7)
        since = {game: T0 + timedelta(hours=hour) for hour, game in enumerate(order[:4], start=1)}
        since[order[4]] = T0 + timedelta(hours=6)
        for channel in ("games", "lounge"):  # the same inbox from either server
            inbox = await (await d.slash("alice", channel, "me inbox", {})).answer()
            assert inbox.ephemeral
            assert listed(inbox.content) == order
            assert inbox.content.startswith("📬 **Your games** — 5 of your 5 games wait for you")
            for game, block in zip(order, inbox.content.split("\n\n")[1:], strict=True):
                record = await core_of(d).record(game)
                assert f"waiting since {stamp(since[game])}" in block
                assert f"decide by {stamp(since[game] + timedelta(minutes=DAY))}" in block  # all day: 24 h on
                link = f"https://discord.com/channels/{record.guild_id}/{record.thread_id}/{record.board_message_id}"
                assert f"[newest board](<{link}>)" in block
                assert f"<@{d.user('alice').id}> is deciding (and 1 other player)." in block
            assert len(inbox.content) <= 2000
        bobs = await (await d.slash("bob", "lounge", "me inbox", {})).answer()  # his own, in his order
        assert sorted(listed(bobs.content)) == sorted(order) and "for you:" not in bobs.content
        # "Next game" walks them in that order, across the servers, playing each from the panel it opens.
        handle = await d.slash("alice", "games", "me next", {})
        panel = await handle.answer()
        walked = []
        for game in order:
            assert listed(panel.content) == [game], panel.content
            walked.append(game)
            message = on(panel)
            chosen = await (await d.click("alice", message, button(message, "rm:do:"))).answer()
            assert "now waits for bob" in chosen.content
            assert f"rm:next:{game}" in custom_ids(on(chosen))
            panel = await (await d.click("alice", on(chosen), f"rm:next:{game}")).answer()
        assert walked == order
        assert panel.content == "No other game is waiting for you right now. `/me inbox` lists all your games."
        for game in order:
            table = await core_of(d).table(game)
            assert d.user("alice").id not in table.awaited_users()  # each move was played, on both servers
        nothing = await (await d.slash("alice", "lounge", "me next", {})).answer()
        assert nothing.content.startswith("No other game is waiting for you")
        inbox = await (await d.slash("alice", "lounge", "me inbox", {})).answer()
        assert inbox.content.startswith("📬 **Your games** — none of your 5 games waits for you")


async def test_next_game_refuses_as_take_your_turn_does_when_the_game_moved_on(tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)], guilds=SERVERS) as d:
        await second_server_commands(d)
        game = await start_game(d, "lounge")
        panel = await (await d.slash("alice", "games", "me next", {})).answer()
        assert listed(panel.content) == [game]
        # She picks elsewhere (her panel on the board) before using this one: the offer is out of date.
        await core_of(d).tables.act(game, d.user("alice").id, None, lambda t, s: t.game.legal_actions(t.state, s)[0])
        stale = await (await d.click("alice", on(panel), button(on(panel), "rm:do:"))).answer()
        assert stale.ephemeral and "It is not your turn" in stale.content


async def test_a_long_inbox_is_paged_and_every_page_turns(tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        games = []
        for minute in range(PAGE_ENTRIES + 2):
            clock.now = T0 + timedelta(minutes=minute)
            games.append(await start_game(d, "games"))
        first = await (await d.slash("alice", "games", "me inbox", {})).answer()
        pages = [first]
        while (turn := f"rm:inbox:{len(pages) + 1}") in custom_ids(on(pages[-1])):
            pages.append(await (await d.click("alice", on(pages[-1]), turn)).answer())
        assert len(pages) >= 2
        for number, page in enumerate(pages, start=1):
            assert f"page {number} of {len(pages)}" in page.content and len(page.content) <= 2000
            assert 0 < len(listed(page.content)) <= PAGE_ENTRIES
            assert page.content.count("is deciding (and 1 other player).") == len(listed(page.content))  # whole
        assert [game for page in pages for game in listed(page.content)] == games
        back = await (await d.click("alice", on(pages[-1]), f"rm:inbox:{len(pages) - 1}")).answer()
        assert back.content == pages[-2].content
        # "Next game" on the inbox opens the game that has waited longest, in place of the page.
        opened = await (await d.click("alice", on(back), "rm:next:0")).answer()
        assert listed(opened.content) == [games[0]] and button(on(opened), "rm:do:")


async def test_the_inbox_and_next_game_work_in_a_direct_message_with_the_bot(tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)], guilds=SERVERS) as d:
        bot: Any = d.bot
        await bot.tree.sync()  # as the product does without a development server: global commands
        here, there = await start_game(d, "games"), await start_game(d, "lounge")
        inbox = await (await d.slash_dm("alice", "me inbox", {})).answer()
        assert inbox.ephemeral and on(inbox).channel_id == d.dm_channel("alice").id
        assert listed(inbox.content) == [here, there]
        panel = await (await d.slash_dm("alice", "me next", {})).answer()
        assert listed(panel.content) == [here]
        chosen = await (await d.click("alice", on(panel), button(on(panel), "rm:do:"))).answer()
        assert "now waits for bob" in chosen.content  # played from the direct message
        walked = await (await d.click("alice", on(chosen), f"rm:next:{here}")).answer()
        assert listed(walked.content) == [there]
        assert d.user("alice").id not in (await core_of(d).table(here)).awaited_users()
