"""The table's game service on a real SQLite file, without Discord: lobby rules, versioned actions
serialised under the game's lock, and games that outlive a change to their saved state's shape."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from db.store import GameStore
from rules.core.rng import Rng
from table.core import TableCore
from table.errors import STALE, TableError
from table.model import Table
from table.service import TableService

import sealed_guess as sealed_guess_kit
from db_helpers import tamper
from sealed_guess import SealedGuess

GUILD, CHANNEL, ALICE, BOB, CAROL = 1, 2, 11, 12, 13


async def started(database: str) -> tuple[TableService, Table]:
    store = await GameStore.open(database)
    service = TableCore(store).tables
    table = await service.create("circus_train", GUILD, CHANNEL, ALICE, "Alice", {})
    await service.join(table.id, BOB, "Bob")
    return service, await service.start(table.id, ALICE, thread_id=99)


def first_legal(table: Table, seat: int) -> Any:
    assert table.state is not None
    return table.game.legal_actions(table.state, seat)[0]


async def awaited_user(service: TableService, game_id: int) -> int:
    return (await service.table(game_id)).awaited_users()[0]


async def test_lobby_rules(database: str) -> None:
    store = await GameStore.open(database)
    service = TableCore(store).tables
    table = await service.create("circus_train", GUILD, CHANNEL, ALICE, "Alice", {"advanced": "true"})
    assert table.record.options["advanced"] is True
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(table.id, ALICE, "Alice")
    with pytest.raises(TableError, match="cannot leave its lobby"):
        await service.leave(table.id, ALICE)
    await service.join(table.id, BOB, "Bob")
    with pytest.raises(TableError, match="Only the player who created this game can start it"):
        await service.start(table.id, BOB, thread_id=None)
    await service.start(table.id, ALICE, thread_id=5)
    with pytest.raises(TableError, match="already started"):
        await service.join(table.id, CAROL, "Carol")
    await store.close()


async def test_actions_are_versioned_and_refusals_change_nothing(database: str) -> None:
    service, table = await started(database)
    mover = table.awaited_users()[0]
    other = BOB if mover == ALICE else ALICE
    with pytest.raises(TableError, match="not your turn"):
        await service.act(table.id, other, None, first_legal)
    with pytest.raises(TableError, match="You are not seated"):
        await service.act(table.id, CAROL, None, first_legal)
    result = await service.act(table.id, mover, table.record.version, first_legal)
    assert result.table.record.version == table.record.version + 1
    with pytest.raises(TableError) as stale:
        await service.act(table.id, mover, table.record.version, first_legal)
    assert str(stale.value) == STALE
    assert (await service.table(table.id)).record.version == result.table.record.version
    await service.store.close()


async def test_two_simultaneous_actions_are_served_one_after_the_other(database: str) -> None:
    service, table = await started(database)
    mover = table.awaited_users()[0]
    outcomes = await asyncio.gather(service.act(table.id, mover, table.record.version, first_legal),
                                    service.act(table.id, mover, table.record.version, first_legal),
                                    return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert [str(o) for o in outcomes if isinstance(o, TableError)] == [STALE]
    assert len(await service.store.actions(table.id)) == 1
    await service.store.close()


async def test_a_snapshot_that_no_longer_fits_is_rebuilt_from_the_log(database: str) -> None:
    service, table = await started(database)
    rng = Rng(4)
    for _ in range(40):
        current = await service.table(table.id)
        user = current.awaited_users()[0]
        await service.act(table.id, user, None, lambda t, seat: rng.pick(t.game.legal_actions(t.state, seat)))
    saved = await service.table(table.id)
    expected = json.dumps(saved.game.state_to_json(saved.state), sort_keys=True)
    # An older build saved a field this one no longer has: write such a snapshot directly.
    snapshot = saved.game.state_to_json(saved.state)
    snapshot["retired_field"] = 1
    tamper(database, "UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(snapshot), table.id))
    restarted = TableCore(service.store).tables  # what a new build reads: nothing kept from before
    rebuilt = await restarted.table(table.id)
    assert json.dumps(rebuilt.game.state_to_json(rebuilt.state), sort_keys=True) == expected
    await service.store.close()


async def test_a_game_read_again_at_the_same_version_is_not_decoded_again(database: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    service, table = await started(database)
    decoded: list[int] = []
    original = table.game.state_from_json
    def counting(data: Any) -> Any:
        decoded.append(1)
        return original(data)
    monkeypatch.setattr(table.game, "state_from_json", counting)
    fresh = TableCore(service.store).tables
    first = await fresh.table(table.id)
    again = await fresh.table(table.id)
    assert len(decoded) == 1 and again.state is first.state
    user = first.awaited_users()[0]
    moved = await fresh.act(table.id, user, None, first_legal)
    after = await fresh.table(table.id)
    assert len(decoded) == 1 and after.state is moved.table.state  # the move's own state is kept
    assert after.record.version == first.record.version + 1
    await service.store.close()


# ----- simultaneous steps ----------------------------------------------------------------------------


async def sealed_guess_table(database: str, monkeypatch: pytest.MonkeyPatch) -> tuple[TableService, Table]:
    sealed_guess_kit.register(monkeypatch)
    store = await GameStore.open(database)
    service = TableCore(store).tables
    table = await service.create(SealedGuess.key, GUILD, CHANNEL, ALICE, "Alice", {})
    await service.join(table.id, BOB, "Bob")
    return service, await service.start(table.id, ALICE, thread_id=99)


def pick_index(index: int) -> Any:
    def pick(table: Table, seat: int) -> Any:
        assert table.state is not None
        return table.game.legal_actions(table.state, seat)[index]
    return pick


async def test_a_panel_stays_valid_while_other_seats_act_in_a_simultaneous_step(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    service, table = await sealed_guess_table(database, monkeypatch)
    panel_version = table.record.version  # both players open their panels now
    await service.act(table.id, ALICE, panel_version, pick_index(0))
    result = await service.act(table.id, BOB, panel_version, pick_index(2))
    assert [e.data["picks"] for e in result.events if e.kind == "revealed"] == [[1, 3]]
    assert result.table.state is not None and result.table.state.scores == [0, 1]
    assert len(await service.store.actions(table.id)) == 2
    await service.store.close()


async def test_an_older_panel_is_stale_once_its_own_seat_has_acted(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    service, table = await sealed_guess_table(database, monkeypatch)
    panel_version = table.record.version
    await service.act(table.id, ALICE, panel_version, pick_index(0))
    await service.act(table.id, BOB, None, pick_index(1))  # the round ends; a new one begins
    with pytest.raises(TableError) as stale:  # Alice's first-round panel must not pick in round two
        await service.act(table.id, ALICE, panel_version, pick_index(2))
    assert str(stale.value) == STALE
    with pytest.raises(TableError) as future:
        await service.act(table.id, BOB, panel_version + 10, pick_index(0))
    assert str(future.value) == STALE
    assert len(await service.store.actions(table.id)) == 2
    await service.store.close()
