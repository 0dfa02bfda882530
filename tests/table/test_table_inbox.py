"""One inbox across a player's games (table/inbox.py through TableCore's named operations), on SQLite and on
PostgreSQL: which games, in what order, with which deadline and lines; "Next game"'s walk; pages that never cut
an entry."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from db.store import GameStore
from table import compose
from table.core import TableCore
from table.inbox import InboxEntry, board_link, entry_lines, inbox_pages

import sealed_guess
from sealed_guess import Pick

GUILD_A, GUILD_B, CHANNEL, ANN, BEN, CAT = 1, 2, 3, 11, 12, 13
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
DEADLINE = 24 * 60  # minutes: Ann's hours are all day, so her deadline is a day after the wait began


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    yield


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def core(database: str, clock: Clock) -> AsyncIterator[TableCore]:
    """A core on SQLite, then on PostgreSQL (the ``database`` fixture of tests/conftest.py)."""
    store = await GameStore.open(database, clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(core: TableCore, guild: int, players: tuple[tuple[int, str], ...] = ((BEN, "Ben"), (ANN, "Ann")),
                  thread: int = 99) -> int:
    (creator, name), *others = players
    table = await core.create("sealed_guess", guild, CHANNEL, creator, name, {}, deadline_minutes=DEADLINE)
    for user, other in others:
        await core.join(table.id, user, other)
    await core.start(table.id, creator, thread_id=thread)
    return table.id


def pick(number: int) -> Any:
    return lambda table, seat: Pick(number)


async def test_the_games_waiting_come_first_longest_wait_first_on_every_server(core: TableCore, clock: Clock) -> None:
    first = await started(core, GUILD_A, thread=101)
    clock.now += timedelta(hours=1)
    second = await started(core, GUILD_B, thread=102)
    clock.now += timedelta(hours=1)
    third = await started(core, GUILD_A, thread=103)
    # Ann picks in the second game: it now waits for Ben only, and is the most recently active of hers.
    await core.play(second, ANN, None, pick(2))
    clock.now += timedelta(hours=1)
    lobby = await core.create("sealed_guess", GUILD_B, CHANNEL, BEN, "Ben", {})
    await core.join(lobby.id, ANN, "Ann")
    elsewhere = await started(core, GUILD_B, ((BEN, "Ben"), (CAT, "Cat")), thread=104)  # not Ann's

    entries = await core.inbox(ANN)
    assert [entry.game_id for entry in entries] == [first, third, lobby.id, second]
    assert elsewhere not in {entry.game_id for entry in entries}
    assert [entry.waiting for entry in entries] == [True, True, False, False]
    assert [entry.guild_id for entry in entries] == [GUILD_A, GUILD_A, GUILD_B, GUILD_B]
    assert entries[0].since == T0 and entries[1].since == T0 + timedelta(hours=2)
    # Her own deadline where it waits for her; the soonest of the seats awaited where it does not.
    assert entries[0].deadline == T0 + timedelta(minutes=DEADLINE)
    assert entries[1].deadline == T0 + timedelta(hours=2, minutes=DEADLINE)
    assert entries[3].deadline == T0 + timedelta(hours=1, minutes=DEADLINE)  # Ben's, since the second began
    assert entries[2].deadline is None and entries[2].status == "lobby"
    assert entries[0].waits_for == f"{compose.mention(ANN)} is deciding (and 1 other player)"
    assert entries[3].waits_for == f"{compose.mention(BEN)} is deciding"
    assert entries[0].link == f"https://discord.com/channels/{GUILD_A}/101"  # no board posted: the thread
    assert entries[2].link == f"https://discord.com/channels/{GUILD_B}/{CHANNEL}"  # a lobby has no thread yet


async def test_the_link_goes_to_the_threads_newest_board(core: TableCore) -> None:
    game = await started(core, GUILD_A, thread=101)
    record = await core.record(game)
    assert record is not None
    assert board_link(replace(record, board_message_id=555)) == f"https://discord.com/channels/{GUILD_A}/101/555"
    assert board_link(record) == f"https://discord.com/channels/{GUILD_A}/101"


async def test_what_changed_shows_public_events_and_only_the_readers_own_secrets(core: TableCore) -> None:
    game = await started(core, GUILD_A)
    await core.play(game, BEN, None, pick(3))  # Ben's pick is his secret; that he picked is public
    [entry] = await core.inbox(ANN)
    assert entry.changed == "Since your last move, 1 move: Ben has picked."
    await core.play(game, ANN, None, pick(1))  # the round ends: the picks are revealed to everyone
    [entry] = await core.inbox(ANN)
    assert entry.changed == ""  # her own move was the last: nothing changed since
    [bens] = await core.inbox(BEN)
    assert bens.changed == "Since your last move, 1 move: The picks are revealed: 3, 1."
    await core.play(game, BEN, None, pick(2))
    [entry] = await core.inbox(ANN)
    assert entry.changed == "Since your last move, 1 move: Ben has picked."
    assert "2" not in entry.changed  # his second pick stays his


async def test_a_move_played_for_the_reader_tells_them_their_own_secret_and_no_one_else(core: TableCore) -> None:
    game = await started(core, GUILD_A)
    await core.play(game, BEN, None, pick(3))
    table = await core.table(game)
    seat = table.seat_of(ANN)
    assert seat is not None
    await core.keeper.play_for(game, seat)  # her automatic player picks for her; the round ends
    [anns] = await core.inbox(ANN)
    [bens] = await core.inbox(BEN)
    [picks] = [raw["data"]["picks"] for logged in await core.actions(game) for raw in logged.events
               if raw["kind"] == "revealed"]
    revealed = "The picks are revealed: " + ", ".join(map(str, picks))
    ann_pick = picks[seat]
    assert anns.changed == f"Since your last move, 2 moves: {revealed}; for you: You picked {ann_pick}."
    assert bens.changed == f"Since your last move, 1 move: {revealed}."  # Ann's secret is hers


async def test_the_lines_kept_between_readings_follow_a_seat_handed_over_and_a_move_taken_back(
        core: TableCore) -> None:
    game = await started(core, GUILD_A)
    await core.play(game, BEN, None, pick(3))
    [before] = await core.inbox(ANN)
    assert before.waits_for == f"{compose.mention(ANN)} is deciding" and before.changed.endswith("Ben has picked.")
    picked = (await core.actions(game))[-1].version
    await core.take_back(game, BEN)  # a simultaneous pick: Ann must agree
    await core.take_back(game, ANN, agreeing=True, version=picked)
    [after] = await core.inbox(ANN)
    assert after.waits_for == f"{compose.mention(ANN)} is deciding (and 1 other player)"
    assert after.changed == ""  # the move taken back is no change for her
    table = await core.table(game)
    seat = table.seat_of(BEN)
    assert seat is not None
    [bens] = await core.inbox(BEN)  # kept for his seat, naming him
    assert bens.waits_for == f"{compose.mention(BEN)} is deciding (and 1 other player)"
    await core.offer_seat(game, BEN, CAT, False)
    await core.hand_over(game, seat, BEN, CAT, CAT)
    [handed] = await core.inbox(ANN)
    assert f"{compose.mention(CAT)}" not in handed.waits_for  # her own phrase first; Cat is counted
    [cats] = await core.inbox(CAT)
    assert cats.waits_for == f"{compose.mention(CAT)} is deciding (and 1 other player)"
    assert await core.inbox(BEN) == []


async def test_next_game_walks_the_waiting_games_in_order_and_around(core: TableCore, clock: Clock) -> None:
    games = []
    for hour, guild in enumerate((GUILD_A, GUILD_B, GUILD_A)):
        clock.now = T0 + timedelta(hours=hour)
        games.append(await started(core, guild, thread=200 + hour))
    walk = [await core.next_waiting(ANN)]
    for _ in range(3):
        current = walk[-1]
        assert current is not None
        walk.append(await core.next_waiting(ANN, current.id))
    assert [table.id if table else None for table in walk] == [games[0], games[1], games[2], games[0]]
    await core.play(games[1], ANN, None, pick(1))  # she moves in the second: it no longer waits for her
    after_first = await core.next_waiting(ANN, games[0])
    assert after_first is not None and after_first.id == games[2]
    after_moved = await core.next_waiting(ANN, games[1])  # from the game she just moved in: the oldest
    assert after_moved is not None and after_moved.id == games[0]
    for game in (games[0], games[2]):
        await core.play(game, ANN, None, pick(1))
    assert await core.next_waiting(ANN, games[2]) is None
    assert await core.next_waiting(ANN) is None


async def test_next_game_never_offers_the_game_it_comes_from(core: TableCore) -> None:
    only = await started(core, GUILD_A)
    assert await core.next_waiting(ANN, only) is None
    table = await core.next_waiting(ANN)
    assert table is not None and table.id == only


def entry(number: int, changed: str = "") -> InboxEntry:
    return InboxEntry(number, GUILD_A, f"Sealed Guess #{number}", "active", number % 2 == 0,
                      T0 if number % 2 == 0 else None, T0 + timedelta(days=1),
                      f"{compose.mention(ANN)} is deciding", changed, f"https://discord.com/channels/1/{number}")


def test_pages_keep_every_entry_whole_and_in_order_within_the_message_limit() -> None:
    entries = [entry(number, "Since your last move: " + "word " * 38) for number in range(1, 50)]
    pages = inbox_pages(entries)
    assert len(pages) > 1
    assert all(len(page) <= compose.MESSAGE_LIMIT for page in pages)
    blocks = [block for page in pages for block in page.split("\n\n")[1:]]
    assert blocks == ["\n".join(entry_lines(item)) for item in entries]
    assert pages[0].startswith(f"📬 **Your games** — 24 of your 49 games wait for you · page 1 of {len(pages)}")


def test_an_entry_shows_its_deadline_and_wait_as_discord_timestamps() -> None:
    lines = entry_lines(replace(entry(2), changed="Since your last move, 1 move: Ben has picked."))
    since, due = int(T0.timestamp()), int((T0 + timedelta(days=1)).timestamp())
    assert lines == [f"**Sealed Guess #2** · ⏳ your move, waiting since <t:{since}:R> · decide by <t:{due}:R> · "
                     "[newest board](<https://discord.com/channels/1/2>)",
                     f"↳ <@{ANN}> is deciding.", "↳ Since your last move, 1 move: Ben has picked."]


def test_no_games_says_so() -> None:
    assert inbox_pages([]) == ["📬 You have no games open right now. Start one with a game's `new` command, or "
                               "join a lobby."]
