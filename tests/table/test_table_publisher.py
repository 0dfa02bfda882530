"""The publisher (table/publisher.py) on a real store (a SQLite file), with a courier standing in for the
chat service: each game's items go out in order; a passing failure is retried with backoff and nothing
after it goes first; what retrying cannot cure (an item this version cannot read, one the chat service
refuses for good, one whose delivery keeps failing unexpectedly) is set aside, logged with its reason,
and the game's later items go out; a run of board edits costs one edit; start-up delivers everything
pending at once; and a move's answer waits for its own board, never for the replay."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta

import pytest

from db.outbox import OutboxItem
from db.store import GameRecord, GameStore
from table import publications
from table.core import TableCore
from table.delivery import Delivery, Rejected, TryLater
from table.publications import (
    Board,
    Direct,
    Hand,
    Handover,
    Lobby,
    Note,
    Parcel,
    Publication,
    Recap,
    Reclaim,
    Replay,
    Reveal,
    Turn,
    Undo,
    Unreadable,
    decode,
    encode,
)
from table.publisher import UNEXPECTED_LIMIT, Publisher

from db_helpers import Clock

GUILD, CHANNEL, ANN, BEN = 4 << 22, 2, 11, 12
BACKOFF = 30.0  # seconds: a retry timer never fires during a test; the test kicks the game itself
WAIT = 10.0  # seconds at most to wait for something the publisher does in the background
FOREVER = 3600.0  # a settling timeout no test reaches: settling must end by what it waits for


class Courier:
    """Delivers by noting what it was given. ``faults[item id]`` are raised, one per attempt, before the
    item goes through; while ``held`` holds a kind, its items wait for ``release``."""

    def __init__(self) -> None:
        self.delivered: list[Parcel] = []
        self.attempts: Counter[int] = Counter()
        self.faults: dict[int, list[BaseException]] = {}
        self.held: set[str] = set()
        self.release = asyncio.Event()
        self.holding = asyncio.Event()

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        self.attempts[item.id] += 1
        if item.kind in self.held:
            self.holding.set()
            await self.release.wait()
        queue = self.faults.get(item.id)
        if queue:
            raise queue.pop(0)
        self.delivered.append(item)
        return Delivery(message_id=10_000 + item.id if item.kind == "board" else None)

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        raise AssertionError("nothing is missing")

    async def reopen(self, game: GameRecord) -> int | None:
        raise AssertionError("no thread is gone")

    def ids(self) -> list[int]:
        return [item.id for item in self.delivered]


@pytest.fixture
async def core(sqlite_store: GameStore, clock: Clock) -> AsyncIterator[TableCore]:
    core = TableCore(sqlite_store, clock)
    core.publisher.backoff = (BACKOFF,)
    try:
        yield core
    finally:
        await core.publisher.close()
        await core.renders.close()


async def started(core: TableCore) -> int:
    """A game of two, begun (its opening board and notes queued)."""
    table = await core.tables.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=240,
                                     autopilot_after=3)
    await core.tables.join(table.id, BEN, "Ben")
    await core.tables.start(table.id, ANN, thread_id=99)
    return table.id


async def quiet_game(core: TableCore) -> tuple[int, Courier]:
    """A begun game whose opening posts are out; a courier that saw them and forgot them."""
    courier = Courier()
    core.publisher.courier = courier
    game_id = await started(core)
    await core.publisher.idle()
    assert not await core.outbox.pending(game_id)
    courier.delivered.clear()
    return game_id, courier


async def queue(core: TableCore, game_id: int, items: Sequence[OutboxItem]) -> list[int]:
    """Save items without starting their delivery (as a change whose kick has not come yet)."""
    return await core.store.enqueue(game_id, items)


# ----- typed publications ---------------------------------------------------------------------------------
def test_every_publication_reads_back_as_it_was_made() -> None:
    made: list[Publication] = [Board("edit", 7, "the board", {"turn": 3}, (ANN,), (Turn(7), Hand(), Recap()), True),
            Note("a note", (BEN,), (Reclaim(1), Undo(6), Handover(0, ANN, BEN))),
            Direct(ANN, "to you", "to you, <@11>"), Reveal("the seed", "game.json", {"seed": 5}), Replay(),
            Lobby("the lobby", True)]
    for publication in made:
        kind, text = encode(publication).encoded()
        assert decode(kind, json.loads(text)) == publication


def test_rows_saved_before_publications_were_typed_still_read() -> None:
    # As the outbox held them before (lists for controls, no same_picture on older boards).
    board = decode("board", {"mode": "new", "version": 3, "text": "t", "mentions": [ANN], "view": {},
                             "controls": [["turn", 3], ["hand"], ["recap"]]})
    assert board == Board("new", 3, "t", {}, (ANN,), (Turn(3), Hand(), Recap()), False)
    note = decode("note", {"text": "n", "mentions": [], "controls": [["handover", 1, ANN, BEN]]})
    assert note == Note("n", (), (Handover(1, ANN, BEN),))
    assert decode("replay", {}) == Replay()


@pytest.mark.parametrize(("kind", "payload", "reason"), [
    ("fanfare", {"text": "x"}, "kind 'fanfare' is none this version knows"),
    ("note", {"text": "x", "mentions": [], "controls": [["juggle", 1]]}, "unknown control 'juggle'"),
    ("note", {"text": "x", "controls": [["turn"]]}, "the control 'turn' takes 1 whole number(s)"),
    ("note", {"text": 5}, "a note's 'text' is not text"),
    ("board", {"mode": "new", "version": 1, "text": "t"}, "a board's view is not a JSON object"),
    ("board", {"mode": "sideways", "version": 1, "text": "t", "view": {}}, "mode is 'new' or 'edit'"),
    ("direct", {"text": "t", "fallback": "f"}, "a direct needs 'user'"),
    ("lobby", {"text": "t", "open": "yes"}, "a lobby's 'open' is not true or false"),
    ("note", {"damaged": "the payload is not valid JSON"}, "damaged"),
])
def test_what_is_no_known_publication_is_refused_with_its_reason(kind: str, payload: dict[str, object],
                                                                 reason: str) -> None:
    with pytest.raises(Unreadable) as refused:
        decode(kind, payload)
    assert reason in refused.value.reason


# ----- delivering ----------------------------------------------------------------------------------------------
async def test_a_games_items_go_out_in_order_and_its_board_message_is_remembered(core: TableCore) -> None:
    game_id, courier = await quiet_game(core)
    ids = await queue(core, game_id, [publications.note(f"note {n}") for n in range(3)] +
                      [publications.board("new", 9, "board", {})])
    core.publisher.kick(game_id)
    await core.publisher.idle()
    assert courier.ids() == ids
    assert [item.publication.text for item in courier.delivered if isinstance(item.publication, Note)] == [
        "note 0", "note 1", "note 2"]
    assert not await core.outbox.pending(game_id)
    game = await core.store.get_game(game_id)
    assert game is not None and game.board_message_id == 10_000 + ids[-1]


async def test_a_passing_failure_is_retried_with_backoff_and_nothing_after_it_goes_first(core: TableCore,
                                                                                        clock: Clock) -> None:
    game_id, courier = await quiet_game(core)
    first, second = await queue(core, game_id, [publications.note("first"), publications.note("second")])
    courier.faults[first] = [TryLater("503: Service Unavailable"), TryLater("503: Service Unavailable")]
    core.publisher.kick(game_id)
    await core.publisher.idle()
    assert courier.delivered == []  # the second waits behind the first
    [waiting, behind] = await core.outbox.pending(game_id)
    assert (waiting.id, waiting.attempts, waiting.last_error) == (first, 1, "503: Service Unavailable")
    assert waiting.next_attempt_at == clock() + timedelta(seconds=BACKOFF)
    assert behind.attempts == 0
    assert await core.outbox.due_games(clock()) == []  # backing off
    clock.now += timedelta(seconds=BACKOFF)
    assert await core.outbox.due_games(clock()) == [game_id]
    core.publisher.kick(game_id)  # as its retry timer would
    await core.publisher.idle()
    assert courier.delivered == [] and (await core.outbox.pending(game_id))[0].attempts == 2
    core.publisher.kick(game_id)
    await core.publisher.idle()
    assert courier.ids() == [first, second]
    assert courier.attempts[first] == 3 and courier.attempts[second] == 1


@pytest.mark.parametrize(("item", "reason"), [
    (OutboxItem("note", {"text": "a note", "mentions": [], "controls": [["juggle", 3]]}),
     "it cannot be read: it names the unknown control 'juggle'"),
    (OutboxItem("fanfare", {"text": "loud"}), "it cannot be read: its kind 'fanfare' is none this version knows"),
    (OutboxItem("board", {"mode": "new", "version": 2, "text": "no view"}),
     "it cannot be read: a board's view is not a JSON object"),
])
async def test_an_item_that_cannot_be_read_is_set_aside_and_the_next_goes_out(
        core: TableCore, caplog: pytest.LogCaptureFixture, item: OutboxItem, reason: str) -> None:
    game_id, courier = await quiet_game(core)
    bad, good = await queue(core, game_id, [item, publications.note("after it")])
    with caplog.at_level(logging.WARNING, logger="table.publisher"):
        core.publisher.kick(game_id)
        await core.publisher.idle()
    assert courier.ids() == [good] and courier.attempts[bad] == 0
    assert not await core.outbox.pending(game_id)
    [aside] = await core.outbox.aside(game_id)
    assert aside.id == bad and aside.last_error is not None and reason in aside.last_error
    [logged] = [r for r in caplog.records if r.levelno == logging.WARNING and "set aside" in r.getMessage()]
    message = logged.getMessage()
    assert f"Game {game_id}" in message and f"item {bad}" in message and item.kind in message and reason in message


async def test_an_item_the_chat_service_refuses_for_good_is_set_aside_at_once(
        core: TableCore, caplog: pytest.LogCaptureFixture) -> None:
    game_id, courier = await quiet_game(core)
    refused, good = await queue(core, game_id, [publications.note("too long"), publications.note("after it")])
    courier.faults[refused] = [Rejected("400 Bad Request (error code: 50035): Invalid Form Body")]
    with caplog.at_level(logging.WARNING, logger="table.publisher"):
        core.publisher.kick(game_id)
        await core.publisher.idle()
    assert courier.ids() == [good] and courier.attempts[refused] == 1
    [aside] = await core.outbox.aside(game_id)
    assert aside.id == refused and aside.last_error is not None and "Invalid Form Body" in aside.last_error
    assert any(f"item {refused}" in r.getMessage() and "Invalid Form Body" in r.getMessage()
               for r in caplog.records if r.levelno == logging.WARNING)


async def test_an_item_whose_delivery_keeps_failing_unexpectedly_is_set_aside(
        core: TableCore, caplog: pytest.LogCaptureFixture) -> None:
    game_id, courier = await quiet_game(core)
    broken, good = await queue(core, game_id, [publications.note("breaks"), publications.note("after it")])
    courier.faults[broken] = [KeyError("a bug") for _ in range(UNEXPECTED_LIMIT + 5)]
    with caplog.at_level(logging.WARNING, logger="table.publisher"):
        for attempt in range(1, UNEXPECTED_LIMIT):
            core.publisher.kick(game_id)  # as its retry timer would
            await core.publisher.idle()
            assert courier.delivered == [] and (await core.outbox.pending(game_id))[0].attempts == attempt
        core.publisher.kick(game_id)
        await core.publisher.idle()
    assert courier.ids() == [good] and courier.attempts[broken] == UNEXPECTED_LIMIT
    [aside] = await core.outbox.aside(game_id)
    assert aside.id == broken and aside.last_error is not None and "KeyError" in aside.last_error
    assert any(f"item {broken}" in r.getMessage() and "set aside" in r.getMessage() for r in caplog.records
               if r.levelno == logging.WARNING)


async def test_a_set_aside_item_is_kept_when_delivered_ones_are_pruned(core: TableCore, clock: Clock) -> None:
    game_id, courier = await quiet_game(core)
    bad, good = await queue(core, game_id, [OutboxItem("fanfare", {}), publications.note("after it")])
    core.publisher.kick(game_id)
    await core.publisher.idle()
    assert await core.outbox.prune(clock() + timedelta(days=1)) >= 1  # the delivered ones, the opening's too
    assert [row.id for row in await core.outbox.aside(game_id)] == [bad]
    assert courier.ids() == [good]


async def test_a_run_of_board_edits_costs_one_edit_unless_the_last_keeps_the_picture(core: TableCore) -> None:
    game_id, courier = await quiet_game(core)
    core.publisher.courier = None  # nothing goes out while the run is saved
    _, second, _ = await queue(core, game_id, [
        publications.board("edit", 2, "edit 2", {"v": 2}), publications.note("between"),
        publications.board("edit", 3, "edit 3", {"v": 3})])
    fourth, fifth = await queue(core, game_id, [publications.board("edit", 4, "edit 4", {"v": 4}),
                                                publications.board("edit", 4, "edit 4 again", {"v": 4},
                                                                   same_picture=True)])
    core.publisher.courier = courier
    core.publisher.kick(game_id)
    await core.publisher.idle()
    # 2 is superseded by 3, and 3 by 4; 4 is not, as 5 keeps the picture 4 draws.
    assert courier.ids() == [second, fourth, fifth]
    assert not await core.outbox.pending(game_id) and not await core.outbox.aside(game_id)


async def test_start_up_delivers_every_pending_item_at_once_even_one_backing_off(core: TableCore,
                                                                                clock: Clock) -> None:
    game_id, courier = await quiet_game(core)
    [failed] = await queue(core, game_id, [publications.board("new", 5, "the board", {})])
    courier.faults[failed] = [TryLater("503: Service Unavailable")]
    core.publisher.kick(game_id)
    await core.publisher.idle()
    assert courier.delivered == [] and await core.outbox.due_games(clock()) == []  # backing off
    await core.publisher.close()  # the process ends; its retry timer with it

    successor = Publisher(core.store, core.outbox, clock, backoff=(BACKOFF,))
    successor.courier = after = Courier()
    try:
        assert await successor.resume() == 0  # a scheduler tick leaves it to its backoff
        assert await successor.resume(everything=True) == 1  # start-up does not
        await successor.idle()
    finally:
        await successor.close()
    assert after.ids() == [failed]
    assert not await core.outbox.pending(game_id)


async def test_a_moves_answer_waits_for_its_own_board_and_never_for_the_replay(core: TableCore) -> None:
    game_id, courier = await quiet_game(core)
    courier.held = {"replay"}
    ids = await queue(core, game_id, [publications.board("edit", 8, "final board", {}), publications.note("scores"),
                                      publications.reveal("the seed", "game.json", {"seed": 1}),
                                      publications.replay()])
    await asyncio.wait_for(core.publisher.settle(game_id, FOREVER), WAIT)
    # settled once the board and the note were out, while the replay is still being drawn and posted
    assert courier.ids()[:2] == ids[:2] and ids[3] not in courier.ids()
    assert [row.id for row in await core.outbox.pending(game_id)][-1] == ids[3]
    courier.release.set()
    await core.publisher.idle()
    assert courier.ids() == ids


async def test_settling_waits_for_everything_but_the_reveal_and_replay_queued_before_it(core: TableCore) -> None:
    game_id, courier = await quiet_game(core)
    courier.held = {"board"}
    ids = await queue(core, game_id, [publications.note("a note"), publications.board("new", 3, "board", {})])
    settling = asyncio.create_task(core.publisher.settle(game_id, FOREVER))
    await asyncio.wait_for(courier.holding.wait(), WAIT)
    await asyncio.sleep(0)
    assert not settling.done()  # the board is not out yet
    assert courier.ids() == ids[:1]
    courier.release.set()
    await asyncio.wait_for(settling, WAIT)
    assert courier.ids() == ids


async def test_settling_on_a_game_with_nothing_to_wait_for_returns_at_once(core: TableCore) -> None:
    game_id, courier = await quiet_game(core)
    courier.held = {"replay"}
    [replay] = await queue(core, game_id, [publications.replay()])
    await asyncio.wait_for(core.publisher.settle(game_id, FOREVER), WAIT)
    assert replay not in courier.ids()
    courier.release.set()
    await core.publisher.idle()
    assert courier.ids() == [replay]
