"""A damaged game stays in its game (real SQLite files): a save that cannot be read comes back as a
record with ``damage`` set instead of breaking every listing of the server; a damaged game gets no seat
deadlines and records no action until it is repaired."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from db import GameDamaged, GameNotActive, GameNotFound, GameRecord, GameStore, OutboxItem, OutboxStore, StaleVersion
from db.life import LifeStore

from db_helpers import Clock, tamper

GUILD, ANN, BEN = 1000, 11, 12


async def _started(store: GameStore, snapshot: object = None) -> GameRecord:
    game = await store.create_game("circus_train", GUILD, 2, ANN, {"advanced": True}, seed=5, deadline_minutes=60)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    return await store.start_game(game.id, game.version + 2, snapshot or {"turn": game.id}, thread_id=game.id,
                                  awaited=[0])


@pytest.mark.parametrize(("column", "text", "reason"), [
    ("snapshot", '{"turn": 1, "cut off', "its saved state is not valid JSON"),
    ("snapshot", "NaN]", "its saved state is not valid JSON"),
    ("options", "{not json", "its options are not a valid JSON object"),
    ("options", "[1, 2]", "its options are not a valid JSON object"),
    ("options", "null", "its options are not a valid JSON object"),
])
async def test_an_unreadable_save_is_reported_in_its_game_only(store: GameStore, database: str, column: str,
                                                               text: str, reason: str) -> None:
    healthy = await _started(store)
    broken = await _started(store)
    tamper(database, f"UPDATE games SET {column} = ? WHERE id = ?", (text, broken.id))

    record = await store.get_game(broken.id)
    assert record is not None and record.damage == reason
    if column == "snapshot":
        assert record.snapshot is None and record.options == {"advanced": True}
    else:
        assert record.options == {} and record.snapshot == {"turn": broken.id}
    assert (record.version, record.status, record.thread_id) == (broken.version, "active", broken.id)

    # Every listing still answers, with the damaged game in it and the healthy one untouched.
    for listing in (await store.games_in_guild(GUILD), await store.games_of_user(ANN), await store.active_games(),
                    await store.games_with_status(["active"])):
        assert [game.id for game in listing] == [healthy.id, broken.id]
        assert listing[0] == healthy and listing[0].damage is None
        assert listing[1].damage == reason
    assert await store.game_in_thread(broken.id) == record
    history = await store.history(broken.id)
    assert history is not None and history.game == record


async def test_a_snapshot_decoded_before_is_never_served_once_its_text_changed(store: GameStore,
                                                                                database: str) -> None:
    # The store decodes a game's snapshot once per text (a move reads its game several times); a save
    # changed behind its back, or damaged, reads as it now is.
    game = await _started(store, {"turn": 1})
    first = await store.get_game(game.id)
    assert first is not None and first.snapshot == {"turn": 1}
    tamper(database, "UPDATE games SET snapshot = ? WHERE id = ?", ('{"turn": 2}', game.id))
    changed = await store.get_game(game.id)
    assert changed is not None and changed.snapshot == {"turn": 2} and changed.damage is None
    tamper(database, "UPDATE games SET snapshot = ? WHERE id = ?", ('{"turn": 2', game.id))
    damaged = await store.get_game(game.id)
    assert damaged is not None and damaged.snapshot is None and damaged.damage == "its saved state is not valid JSON"
    tamper(database, "UPDATE games SET snapshot = ? WHERE id = ?", ('{"turn": 2}', game.id))
    healed = await store.get_game(game.id)
    assert healed is not None and healed.snapshot == {"turn": 2} and healed.damage is None


async def test_text_that_is_not_utf8_is_damage_not_a_failed_query(sqlite_store: GameStore, db_path: Path) -> None:
    """SQLite keeps any bytes in a TEXT column (PostgreSQL refuses text that is not UTF-8 when it is written)."""
    store = sqlite_store
    healthy = await _started(store)
    broken = await _started(store)
    # One flipped high bit inside the saved JSON: still "JSON-shaped", but not UTF-8 text.
    tamper(db_path, "UPDATE games SET snapshot = CAST(? AS TEXT) WHERE id = ?",
            (b'{"turn": "\xe9t\xff"}', broken.id))
    [first, second] = await store.games_in_guild(GUILD)
    assert first == healthy
    assert second.id == broken.id and second.snapshot is None
    assert second.damage == "its saved state is not valid JSON"
    # Seat names with valid UTF-8 still read as they were.
    assert [seat.display_name for seat in await store.seats(broken.id)] == ["Ann", "Ben"]


async def test_set_damage_is_metadata_and_passes_its_reason_through(store: GameStore) -> None:
    game = await _started(store)
    await store.set_damage(game.id, "  the rules could not load its state  ")
    damaged = await store.get_game(game.id)
    assert damaged is not None
    assert damaged.damage == "the rules could not load its state"
    assert damaged.snapshot == game.snapshot  # a stored reason keeps the (readable) snapshot
    assert damaged.version == game.version and damaged.updated_at == game.updated_at
    await store.set_damage(game.id, None)
    healed = await store.get_game(game.id)
    assert healed == game
    with pytest.raises(ValueError, match="non-empty"):
        await store.set_damage(game.id, "   ")
    with pytest.raises(GameNotFound):
        await store.set_damage(999, "gone")


async def test_a_stored_reason_and_an_unreadable_snapshot_are_both_told(store: GameStore, database: str) -> None:
    game = await _started(store)
    await store.set_damage(game.id, "its saved state is not valid JSON")
    tamper(database, "UPDATE games SET snapshot = 'garbage' WHERE id = ?", (game.id,))
    record = await store.get_game(game.id)
    assert record is not None and record.damage == "its saved state is not valid JSON"  # told once
    await store.set_damage(game.id, "found by the nightly check")
    record = await store.get_game(game.id)
    assert record is not None and record.damage == "found by the nightly check; its saved state is not valid JSON"


async def test_a_damaged_game_gets_no_deadlines_and_records_no_action(store: GameStore, database: str) -> None:
    life = LifeStore(store)
    healthy = await _started(store)
    marked = await _started(store)
    unreadable = await _started(store)
    await store.set_damage(marked.id, "the rules could not load its state")
    tamper(database, "UPDATE games SET snapshot = '{oops' WHERE id = ?", (unreadable.id,))
    assert {clock.game_id for clock in await life.clocks()} == {healthy.id}
    assert await life.clocks(marked.id) == [] and await life.clocks(unreadable.id) == []
    with pytest.raises(GameDamaged, match="cannot be read \\(the rules could not load its state\\)") as refused:
        await store.record_action(marked.id, marked.version, 0, {"kind": "x"}, [], {"turn": 9},
                                  outbox=[OutboxItem("board", {})])
    assert refused.value.game_id == marked.id
    with pytest.raises(GameDamaged):
        await life.take_back(marked.id, marked.version, marked.version, {"turn": 0}, [0])
    after = await store.get_game(marked.id)
    assert after is not None and after.version == marked.version and after.snapshot == marked.snapshot
    assert await store.actions(marked.id) == [] and await OutboxStore(store).pending(marked.id) == []
    # The stale check still comes first: an outdated board is told it is outdated.
    with pytest.raises(StaleVersion):
        await store.record_action(marked.id, marked.version - 1, 0, {"kind": "x"}, [], {"turn": 9})


async def test_repair_writes_the_rebuilt_state_clears_damage_and_restarts_clocks(
        store: GameStore, database: str, clock: Clock) -> None:
    life = LifeStore(store)
    game = await _started(store)
    version = await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"turn": 1}, awaited=[1])
    tamper(database, "UPDATE games SET snapshot = '{oops' WHERE id = ?", (game.id,))
    await store.set_damage(game.id, "its saved state is not valid JSON")
    assert await life.clocks(game.id) == []
    clock.now += timedelta(hours=5)

    with pytest.raises(StaleVersion):
        await store.repair(game.id, version - 1, {"turn": 1}, [1])
    still = await store.get_game(game.id)
    assert still is not None and still.damage is not None and still.version == version

    repaired = await store.repair(game.id, version, {"turn": 1}, [0], outbox=[OutboxItem("board", {"mode": "new"})],
                                  board_since=version + 1)
    assert repaired == version + 1
    record = await store.get_game(game.id)
    assert record is not None
    assert (record.damage, record.snapshot, record.version, record.board_since) == (None, {"turn": 1}, repaired,
                                                                                     repaired)
    assert record.updated_at == clock.now
    [ann, ben] = await life.clocks(game.id)
    assert ann.awaited_since == clock.now and ben.awaited_since is None  # clocks restart from the repair
    assert [row.kind for row in await OutboxStore(store).pending(game.id)] == ["board"]
    assert [action.version for action in await store.actions(game.id)] == [version]  # the log is untouched
    # Play goes on.
    assert await store.record_action(game.id, repaired, 0, {"kind": "y"}, [], {"turn": 2}) == repaired + 1


async def test_repair_needs_a_started_game(store: GameStore) -> None:
    lobby = await store.create_game("circus_train", GUILD, 2, ANN, {}, seed=1)
    with pytest.raises(GameNotActive, match="not started yet"):
        await store.repair(lobby.id, lobby.version, {"turn": 0}, [])
    with pytest.raises(GameNotFound):
        await store.repair(999, 0, {"turn": 0}, [])
    finished = await _started(store)
    done = await store.record_action(finished.id, finished.version, 0, {"kind": "x"}, [], {"over": True},
                                     status="finished")
    await store.set_damage(finished.id, "its saved state is not valid JSON")
    assert await store.repair(finished.id, done, {"over": True}, []) == done + 1
    record = await store.get_game(finished.id)
    assert record is not None and record.status == "finished" and record.damage is None
