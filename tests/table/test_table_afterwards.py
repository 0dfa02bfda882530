"""After the game, at the table: a review that takes longer than one delivery may is computed once in the
background while its delivery is tried again later; nothing of it exists for a game that did not finish; and the
export is refused while a game goes on, in a sentence."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from db.store import GameStore
from table import afterwards, reviews
from table.afterwards import ReviewPending
from table.core import TableCore
from table.errors import TableError

import sealed_guess
from db_helpers import Clock
from sealed_guess import Pick

GUILD, CHANNEL, ANN, BEN = 10, 20, 101, 102


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    yield


@pytest.fixture
async def core(db_path: Any, clock: Clock) -> AsyncIterator[TableCore]:
    store = await GameStore.open(db_path, clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(core: TableCore) -> int:
    table = await core.create("sealed_guess", GUILD, CHANNEL, ANN, "Ann", {})
    await core.join(table.id, BEN, "Ben")
    await core.start(table.id, ANN, thread_id=99)
    return table.id


def picking(number: int) -> Any:
    return lambda table, seat: Pick(number)


async def test_a_slow_review_is_computed_once_while_its_delivery_is_tried_again(
        core: TableCore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await started(core)
    with pytest.raises(TableError, match="only once the game has ended"):
        await core.game_export(game)
    assert await core.game_review(game) is None and await core.score_chart(game) is None  # nothing before the end
    for user, number in ((ANN, 3), (BEN, 1), (ANN, 2), (BEN, 2)):
        await core.play(game, user, None, picking(number))
    release = threading.Event()
    calls: list[int] = []
    real = reviews.write_review

    def slow(*args: Any) -> Any:
        calls.append(1)
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(reviews, "write_review", slow)
    monkeypatch.setattr(afterwards, "REVIEW_WAIT", 0.05)
    with pytest.raises(ReviewPending):
        await core.game_review(game)
    with pytest.raises(ReviewPending):
        await core.game_review(game)  # the same computation, still going on
    release.set()
    for _ in range(200):
        try:
            review = await core.game_review(game)
            break
        except ReviewPending:
            await asyncio.sleep(0.02)
    assert review is not None and "reviewed" in review["short"]
    assert await core.kept_review(game) == review and await core.game_review(game) == review
    assert calls == [1]  # computed once, then kept
    _, export, text = await core.game_export(game)
    assert export["status"] == "finished" and "Final scores: Ann 1, Ben 0." in text
