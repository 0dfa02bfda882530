"""After the game, at the table: a review that takes longer than one delivery may is computed once in the
background while its delivery is tried again later; nothing of it exists for a game that did not finish; and the
export is refused while a game goes on, in a sentence."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from PIL import Image

from db.store import GameStore
from rules.core.clone import clone
from rules.core.rng import Rng
from rules.registry import GAMES
from table import afterwards, reviews
from table.afterwards import ReviewPending
from table.core import TableCore
from table.errors import TableError
from table.kits import KITS, GameKit

import sealed_guess
from db_helpers import Clock
from sealed_guess import GuessState, Pick, SealedGuess

GUILD, CHANNEL, ANN, BEN = 10, 20, 101, 102


class SearchableGuess(SealedGuess):
    """Sealed Guess with a determinizer, so the strong player's search judges it (the other seat's pick this round
    is drawn afresh)."""

    key = "searchable_guess"
    supports_search = True

    def determinize(self, state: GuessState, seat: int, rng: Rng) -> GuessState:
        sample = clone(state)
        sample.picks = [pick if other == seat or pick is None else 1 + rng.below(3)
                        for other, pick in enumerate(state.picks)]
        return sample


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    searchable = SearchableGuess()
    monkeypatch.setitem(GAMES, searchable.key, searchable)
    monkeypatch.setitem(KITS, searchable.key, GameKit(searchable, sealed_guess.draw_text, sealed_guess.draw_text,
                                                      searchable.render_text, searchable.render_text,
                                                      sealed_guess.picture))
    yield


@pytest.fixture
async def core(db_path: Any, clock: Clock) -> AsyncIterator[TableCore]:
    store = await GameStore.open(db_path, clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(core: TableCore, kind: str = "sealed_guess") -> int:
    table = await core.create(kind, GUILD, CHANNEL, ANN, "Ann", {})
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


async def test_a_judged_games_review_comes_with_the_chart_of_each_players_chances(core: TableCore) -> None:
    game = await started(core, "searchable_guess")
    for user, number in ((ANN, 3), (BEN, 1), (ANN, 2), (BEN, 2)):
        await core.play(game, user, None, picking(number))
    review = await core.game_review(game)
    assert review is not None and review["judged"] and "**Ann** (chance to win about" in review["short"]
    assert review["chances"]["labels"][0] == "start" and len(review["chances"]["points"]) == 2
    chart = await core.chances_chart(game, review)
    assert chart is not None
    data, alt = chart
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.width == 800
    assert alt.startswith("Chances chart: each player's chance to win") and "Ann " in alt and "Ben " in alt
    unjudged = await started(core)
    for user, number in ((ANN, 3), (BEN, 1), (ANN, 2), (BEN, 2)):
        await core.play(unjudged, user, None, picking(number))
    plain = await core.game_review(unjudged)
    assert plain is not None and plain["chances"] is None and await core.chances_chart(unjudged, plain) is None
