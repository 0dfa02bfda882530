"""The store's one transaction for several writes (``GameStore.transaction``): what the table's unit of work
writes for a change — log, seats, votes, results, publications — lands together or not at all, on SQLite and
on PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from db.life import LifeStore
from db.outbox import OutboxStore
from db.records import OutboxItem
from db.store import GameStore

from db_helpers import Clock

ANN, BEN = 11, 12


async def started(store: GameStore) -> int:
    game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5, deadline_minutes=60)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    await store.start_game(game.id, game.version + 2, {"s": 0}, thread_id=3, awaited=(0,))
    return game.id


async def test_writes_in_one_transaction_commit_together_and_read_their_own_changes(store: GameStore) -> None:
    game = await started(store)
    life, outbox = LifeStore(store), OutboxStore(store)
    async with store.transaction():
        await life.set_autopilot(game, 1, True)
        assert [c.autopilot for c in await life.clocks(game)] == [False, True]  # read inside: sees its own write
        await life.vote(game, "abandon", ANN)
        await store.enqueue(game, [OutboxItem("note", {"text": "autopilot"})])
    assert [c.autopilot for c in await life.clocks(game)] == [False, True]
    assert await life.votes(game, "abandon") == {ANN}
    assert [row.payload["text"] for row in await outbox.pending(game)] == ["autopilot"]


async def test_a_failing_block_leaves_nothing_of_it(store: GameStore) -> None:
    game = await started(store)
    life, outbox = LifeStore(store), OutboxStore(store)
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await life.set_autopilot(game, 1, True)
            await life.vote(game, "abandon", ANN)
            await store.enqueue(game, [OutboxItem("note", {"text": "never"})])
            raise RuntimeError("the change was refused half-way")
    assert [c.autopilot for c in await life.clocks(game)] == [False, False]
    assert await life.votes(game, "abandon") == set()
    assert await outbox.pending(game) == []
    # The store is usable afterwards: the next write is a transaction of its own.
    await life.vote(game, "abandon", BEN)
    assert await life.votes(game, "abandon") == {BEN}


async def test_another_task_never_joins_an_open_transaction(store: GameStore, clock: Clock) -> None:
    """A task started inside the block (a delivery, a timer) waits for the transaction to end and writes in its
    own: it cannot slip a write into a change that may still be rolled back."""
    game = await started(store)
    life = LifeStore(store)
    order: list[str] = []

    async def other() -> None:
        await life.vote(game, "abandon", BEN)
        order.append("other wrote")

    with pytest.raises(RuntimeError):
        async with store.transaction():
            task = asyncio.get_running_loop().create_task(other())
            await asyncio.sleep(0.05)
            await life.vote(game, "abandon", ANN)
            order.append("block ends")
            raise RuntimeError("rolled back")
    await task
    assert order == ["block ends", "other wrote"]
    assert await life.votes(game, "abandon") == {BEN}
