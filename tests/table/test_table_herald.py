"""What a move publishes (table/herald.py), read from the outbox the move wrote, on a real database of each
kind without Discord: a new board only when the game waits for someone new or ends (otherwise the turn's
board is edited and lists every move since it began), mentions of exactly the newly awaited players, none of
a seat on autopilot, a direct message instead of a mention for a member who chose them, recaps of what a
player missed since their own last move (never another seat's secrets), and the seed reveal and replay at
the end.

The game is Sealed Guess (``tests/sealed_guess.py``): every seat picks a number in secret each round, so
moves that await nobody new and moves that await everyone again alternate.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from typing import Any

import pytest

from db.store import GameStore
from rules.core import fairness
from rules.registry import GAMES
from table.core import TableCore

import sealed_guess
from db_helpers import Clock
from sealed_guess import Pick, SealedGuess

GUILD, CHANNEL, THREAD = 1, 2, 99
ANN, BEN, CAL = 11, 12, 13
NAMES = {ANN: "Ann", BEN: "Ben", CAL: "Cal"}

Item = tuple[str, dict[str, Any]]


@pytest.fixture
async def core(database: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableCore]:
    sealed_guess.register(monkeypatch)
    async with await GameStore.open(database, clock=clock) as store:
        yield TableCore(store, clock)


async def new_game(core: TableCore, users: tuple[int, ...] = (ANN, BEN, CAL)) -> int:
    table = await core.tables.create(SealedGuess.key, GUILD, CHANNEL, users[0], NAMES[users[0]], {})
    for user in users[1:]:
        await core.tables.join(table.id, user, NAMES[user])
    await core.tables.start(table.id, users[0], thread_id=THREAD)
    return table.id


async def published(core: TableCore, game_id: int, change: Awaitable[Any]) -> list[Item]:
    """The outbox items ``change`` wrote for the game, oldest first (nothing is delivered in these tests)."""
    before = len(await core.outbox.pending(game_id))
    await change
    return [(row.kind, row.payload) for row in (await core.outbox.pending(game_id))[before:]]


def pick(core: TableCore, game_id: int, user: int, number: int = 1) -> Awaitable[Any]:
    return core.tables.act(game_id, user, None, lambda table, seat: Pick(number))


def boards(items: list[Item]) -> list[dict[str, Any]]:
    return [payload for kind, payload in items if kind == "board"]


async def test_the_start_posts_a_new_board_that_mentions_every_awaited_player(core: TableCore) -> None:
    game_id = await new_game(core)
    items = [(row.kind, row.payload) for row in await core.outbox.pending(game_id)]
    [board] = boards(items)
    assert board["mode"] == "new" and sorted(board["mentions"]) == [ANN, BEN, CAL]
    assert board["text"].startswith(f"**Sealed Guess #{game_id}** begins! Players: <@{ANN}>, <@{BEN}>, <@{CAL}>.")
    for user in (ANN, BEN, CAL):
        assert f"<@{user}> is deciding." in board["text"]  # who acts, in the words everyone may read
    assert [kind for kind, _ in items].count("direct") == 0


async def test_a_move_that_awaits_nobody_new_edits_the_turns_board_and_lists_every_move_since_it_began(
        core: TableCore) -> None:
    game_id = await new_game(core)
    [first] = boards(await published(core, game_id, pick(core, game_id, ANN, 3)))
    assert first["mode"] == "edit" and first["mentions"] == []
    assert "• Ann has picked." in first["text"]
    [second] = boards(await published(core, game_id, pick(core, game_id, BEN, 2)))
    assert second["mode"] == "edit" and second["mentions"] == []
    assert second["text"].count("• Ann has picked.") == 1 and second["text"].count("• Ben has picked.") == 1
    # The board began with the game: it keeps saying so, and it never tells a seat's own pick.
    assert second["text"].startswith(f"**Sealed Guess #{game_id}** begins!")
    assert "picked 3" not in second["text"] and "picked 2" not in second["text"]
    assert second["text"].endswith(f"\n<@{CAL}> is deciding.")  # Ann and Ben are no longer awaited


async def test_a_new_round_posts_a_new_board_that_mentions_only_the_newly_awaited(core: TableCore) -> None:
    game_id = await new_game(core)
    await pick(core, game_id, ANN, 3)
    await pick(core, game_id, BEN, 2)
    [board] = boards(await published(core, game_id, pick(core, game_id, CAL, 1)))
    # Cal was awaited before his own move: he is awaited again, but nobody new to tell.
    assert board["mode"] == "new" and sorted(board["mentions"]) == [ANN, BEN]
    assert "The picks are revealed: 3, 2, 1." in board["text"]
    assert board["text"].startswith(f"**Sealed Guess #{game_id}** · Cal")
    assert "Ann has picked." not in board["text"]  # the old turn's moves stay on the old board


async def test_a_new_board_recaps_for_each_mentioned_player_what_they_missed(core: TableCore) -> None:
    game_id = await new_game(core)
    await pick(core, game_id, ANN, 3)
    await pick(core, game_id, BEN, 2)
    [board] = boards(await published(core, game_id, pick(core, game_id, CAL, 1)))
    # Since Ann's pick, Ben picked (Cal's move is the board's own news); since Ben's, nothing was logged.
    assert f"📜 Since <@{ANN}>'s last move:\n• Ben has picked.\n" in board["text"]
    assert f"Since <@{BEN}>'s" not in board["text"] and "You picked" not in board["text"]
    # The recaps come before the closing lines that say who acts.
    assert board["text"].endswith(f"• Ben has picked.\n<@{ANN}> is deciding.\n<@{BEN}> is deciding.\n"
                                  f"<@{CAL}> is deciding.")


async def test_a_seat_on_autopilot_is_never_mentioned_and_alone_it_is_nobody_new(core: TableCore) -> None:
    game_id = await new_game(core, (ANN, BEN))
    await core.life.set_autopilot(game_id, await seat_of(core, game_id, ANN), True)
    await pick(core, game_id, ANN)
    ben_moves, autopilot_moves = boards(await published(core, game_id, pick(core, game_id, BEN)))
    # A new round awaits Ann (on autopilot: she moves at once, right after) and Ben (who just moved): nobody
    # new to tell, on Ben's board or on the edit her automatic move makes.
    assert ben_moves["mode"] == "edit" and ben_moves["mentions"] == []
    assert "The picks are revealed" in ben_moves["text"]
    assert autopilot_moves["mode"] == "edit" and autopilot_moves["mentions"] == []

    game_id = await new_game(core)
    await core.life.set_autopilot(game_id, await seat_of(core, game_id, BEN), True)
    await pick(core, game_id, ANN)  # and Ben, on autopilot, picks right after
    cal_moves, *_ = boards(await published(core, game_id, pick(core, game_id, CAL)))
    assert cal_moves["mode"] == "new" and cal_moves["mentions"] == [ANN]


async def test_a_member_who_chose_direct_messages_gets_one_instead_of_a_mention(core: TableCore) -> None:
    game_id = await new_game(core)
    await core.life.set_notify(BEN, "dm")
    await core.life.set_notify(CAL, "none")
    await pick(core, game_id, BEN, 2)
    await pick(core, game_id, CAL, 3)
    items = await published(core, game_id, pick(core, game_id, ANN, 1))
    assert [kind for kind, _ in items] == ["board", "direct"]
    [board] = boards(items)
    assert board["mode"] == "new" and board["mentions"] == []  # Ben is told directly, Cal not at all
    direct = items[1][1]
    assert direct["user"] == BEN
    assert direct["text"] == (f"🎪 **Sealed Guess #{game_id}** is waiting for you: Pick a number from 1 to 3.\n"
                              f"📜 Since <@{BEN}>'s last move:\n• Cal has picked.\n"
                              f"https://discord.com/channels/{GUILD}/{THREAD}")
    assert direct["fallback"] == f"<@{BEN}> — Sealed Guess #{game_id} is waiting for you."
    # The board's recaps are for the players it mentions only.
    assert "📜" not in board["text"]


async def test_a_recap_tells_only_public_events_and_a_private_recap_only_the_seats_own(core: TableCore) -> None:
    game_id = await new_game(core)
    await pick(core, game_id, ANN, 3)
    await pick(core, game_id, BEN, 2)
    table = await core.tables.table(game_id)
    herald = core.tables.herald
    assert await herald.recap(table, ANN) == (["Ben has picked."], 0)
    assert await herald.private_recap(table, BEN) == ([], 0)  # nothing private since Ben's own move
    assert await herald.recap(table, CAL) == (["Ann has picked.", "Ben has picked."], 0)
    assert await herald.recap(table, CAL, limit=1) == (["Ben has picked."], 1)
    assert await herald.private_recap(table, CAL) == ([], 0)  # the others' picks are theirs alone
    assert await herald.recap(table, 999) == ([], 0)  # not seated: nothing to recap


async def test_the_last_move_posts_the_final_board_the_seed_reveal_and_the_replay(core: TableCore) -> None:
    game_id = await new_game(core, (ANN, BEN))
    for user, number in ((ANN, 1), (BEN, 2), (ANN, 3)):
        await pick(core, game_id, user, number)
    items = await published(core, game_id, pick(core, game_id, BEN, 3))
    assert [kind for kind, _ in items] == ["board", "reveal", "chart", "replay", "review"]
    board, reveal = items[0][1], items[1][1]
    assert board["mode"] == "new" and board["mentions"] == [] and board["controls"] == [["hand"]]
    assert "**Final scores**" in board["text"] and "🏆 Winner: Ben!" in board["text"]
    table = await core.tables.table(game_id)
    assert reveal["filename"] == f"sealed_guess-{game_id}-record.json"
    assert f"the secret seed was `{table.record.seed}`" in reveal["text"]
    record = reveal["record"]
    assert [entry["action"]["number"] for entry in record["actions"]] == [1, 2, 3, 3]  # the last move too
    assert fairness.verify_record(record, GAMES).ok


async def seat_of(core: TableCore, game_id: int, user: int) -> int:
    seat = (await core.tables.table(game_id)).seat_of(user)
    assert seat is not None
    return seat
