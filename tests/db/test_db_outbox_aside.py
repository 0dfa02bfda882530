"""The outbox's reading and settling for the publisher (db/outbox.py), on SQLite and on PostgreSQL: items
set aside (out of the queue, kept with their reason, left alone by pruning), every game with something
waiting whether due or not (start-up), and a game's newest waiting item but for some kinds (settling)."""

from __future__ import annotations

from datetime import timedelta

from db import GameRecord, GameStore, OutboxItem, OutboxStore

from db_helpers import Clock

ANN, BEN = 11, 12


async def started(store: GameStore, *items: OutboxItem) -> GameRecord:
    game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    lobby = await store.get_game(game.id)
    assert lobby is not None
    return await store.start_game(lobby.id, lobby.version, {"s": 0}, thread_id=3, awaited=[0], outbox=items,
                                  board_since=lobby.version + 1)


def item(n: int, kind: str = "note") -> OutboxItem:
    return OutboxItem(kind, {"n": n})


async def test_an_item_set_aside_leaves_the_queue_keeps_its_reason_and_outlives_pruning(store: GameStore,
                                                                                       clock: Clock) -> None:
    outbox = OutboxStore(store)
    game = await started(store, item(1), item(2), item(3))
    first, second, third = [row.id for row in await outbox.pending(game.id)]
    assert await outbox.set_aside(second, "it names the unknown control 'juggle'")
    assert not await outbox.set_aside(second, "again")  # once
    assert [row.id for row in await outbox.pending(game.id)] == [first, third]
    [aside] = await outbox.aside(game.id)
    assert (aside.id, aside.payload, aside.last_error) == (second, {"n": 2},
                                                           "set aside: it names the unknown control 'juggle'")
    await outbox.delivered(first)
    clock.now += timedelta(days=3)
    assert await outbox.prune(clock.now) == 1  # the delivered item, not the one set aside
    assert [row.id for row in await outbox.aside(game.id)] == [second]
    await outbox.failed(third, "503", clock.now)
    await outbox.delivered(third)
    assert await outbox.prune(clock.now + timedelta(seconds=1)) == 1  # a failure before delivery is no setting aside


async def test_waiting_games_are_every_game_with_an_item_due_or_not(store: GameStore, clock: Clock) -> None:
    outbox = OutboxStore(store)
    backing_off = await started(store, item(1))
    due = await started(store, item(2))
    done = await started(store, item(3))
    [waiting] = await outbox.pending(backing_off.id)
    await outbox.failed(waiting.id, "503", clock.now + timedelta(hours=1))
    [delivered] = await outbox.pending(done.id)
    await outbox.delivered(delivered.id)
    assert await outbox.due_games(clock.now) == [due.id]
    assert await outbox.waiting_games() == [backing_off.id, due.id]  # by their oldest item


async def test_the_newest_waiting_item_but_for_some_kinds(store: GameStore) -> None:
    outbox = OutboxStore(store)
    game = await started(store, item(1, "board"), item(2), item(3, "reveal"), item(4, "replay"))
    board, note, reveal, replay = [row.id for row in await outbox.pending(game.id)]
    assert await outbox.last_waiting(game.id) == replay
    assert await outbox.last_waiting(game.id, excluding={"reveal", "replay"}) == note
    await outbox.delivered(note)
    await outbox.delivered(board)
    assert await outbox.last_waiting(game.id, excluding={"reveal", "replay"}) is None
    assert await outbox.last_waiting(game.id, excluding={"replay"}) == reveal
    assert await outbox.last_waiting(game.id + 1) is None
