"""Database trouble answered with a sentence (real SQLite files): a full disk, a read-only or damaged
file become StorageUnavailable with a sentence a player (or, at start-up, the operator) can read, the
transaction is rolled back and the game is as it was; ``check_database`` proves a file is usable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import (
    LATEST_VERSION,
    STORAGE_CAUSES,
    GameRecord,
    GameStore,
    OutboxItem,
    OutboxStore,
    SchemaTooNew,
    StaleVersion,
    StorageUnavailable,
    StoreBusy,
    StoreError,
    check_database,
)
from db.errors import storage_error
from db.life import LifeStore

from db_helpers import raw


@pytest.fixture
def store(sqlite_store: GameStore) -> GameStore:
    """These tests break SQLite's own file (a full disk, a read-only file): a store on that file only."""
    return sqlite_store

ANN, BEN = 11, 12
FULL = ("I could not save that: the game database's disk is full, so nothing was changed. "
        "Please tell whoever runs this bot.")


async def _started(store: GameStore) -> GameRecord:
    game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BEN, "Ben")
    return await store.start_game(game.id, game.version + 2, {"turn": 0}, thread_id=3, awaited=[0])


async def _pragma(store: GameStore, sql: str) -> int:
    rows = list(await store.database.writer.execute_fetchall(sql))
    return int(rows[0][0])


# ----- a full disk ---------------------------------------------------------------------------------


async def test_a_full_database_refuses_the_write_with_a_sentence_and_changes_nothing(
        store: GameStore, db_path: Path) -> None:
    game = await _started(store)
    version = await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"turn": 1})
    before = await store.history(game.id)
    # A real SQLITE_FULL: the file may not grow by a single page from now on.
    pages = await _pragma(store, "PRAGMA page_count")
    assert await _pragma(store, f"PRAGMA max_page_count = {pages}") == pages
    big = {"turn": 2, "board": ["x" * 1000 for _ in range(64)]}  # ~64 KB: needs new pages
    with pytest.raises(StorageUnavailable) as refused:
        for step in range(10):
            await store.record_action(game.id, version, 0, {"kind": "big", "step": step}, [{"kind": "e"}], big,
                                      awaited=[1], outbox=[OutboxItem("board", {"text": "y" * 5000})],
                                      board_since=version + 1)
    assert refused.value.cause == "full"
    assert str(refused.value) == FULL
    assert isinstance(refused.value, StoreError)
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    # The game is as it was: version, snapshot, log, clocks, board and outbox.
    assert await store.history(game.id) == before
    assert await OutboxStore(store).pending(game.id) == []
    [ann, ben] = await LifeStore(store).clocks(game.id)
    assert ann.awaited_since is not None and ben.awaited_since is None
    # Room again: the same write now goes through, on the same store.
    await _pragma(store, "PRAGMA max_page_count = 1073741823")
    assert await store.record_action(game.id, version, 0, {"kind": "big"}, [], big,
                                     outbox=[OutboxItem("board", {})]) == version + 1
    after = await store.get_game(game.id)
    assert after is not None and after.snapshot == big
    assert len(await OutboxStore(store).pending(game.id)) == 1
    assert raw(db_path, "SELECT count(*) FROM actions") == [(2,)]


async def test_a_full_database_refuses_every_kind_of_write(store: GameStore) -> None:
    game = await _started(store)
    pages = await _pragma(store, "PRAGMA page_count")
    await _pragma(store, f"PRAGMA max_page_count = {pages}")
    big = "z" * 200_000
    life = LifeStore(store)
    for write in (store.enqueue(game.id, [OutboxItem("note", {"text": big})]),
                  store.create_game("circus_train", 1, 2, ANN, {"pad": big}, seed=1),
                  life.take_back(game.id, game.version, game.version, {"big": big}, [0]),
                  store.repair(game.id, game.version, {"big": big}, [0]),
                  life.set_hours(ANN, "Europe/Berlin" + big, None, None)):
        with pytest.raises(StorageUnavailable, match="disk is full, so nothing was changed"):
            await write
    assert await store.get_game(game.id) == game
    with pytest.raises(StaleVersion):  # refusals keep their own sentence
        await store.record_action(game.id, game.version - 1, 0, {"kind": "x"}, [], {"big": big})


# ----- a read-only or damaged file --------------------------------------------------------------------


async def test_a_read_only_database_refuses_the_write_with_its_own_sentence(store: GameStore) -> None:
    game = await _started(store)
    await store.database.writer.execute("PRAGMA query_only = ON")  # SQLite answers SQLITE_READONLY to writes
    with pytest.raises(StorageUnavailable) as refused:
        await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"turn": 1},
                                  outbox=[OutboxItem("board", {})])
    assert refused.value.cause == "read-only"
    assert str(refused.value) == ("I could not save that: the game database is read-only, so nothing was changed. "
                                  "Please tell whoever runs this bot.")
    assert await store.get_game(game.id) == game  # reads still work
    await store.database.writer.execute("PRAGMA query_only = OFF")
    assert await store.record_action(game.id, game.version, 0, {"kind": "x"}, [], {"turn": 1}) == game.version + 1


async def test_a_damaged_file_answers_reads_with_a_sentence(db_path: Path) -> None:
    async with await GameStore.open(db_path) as store:
        for seed in range(40):
            await store.create_game("circus_train", 1, 2, ANN, {"pad": "p" * 300}, seed=seed)
    [(root,)] = raw(db_path, "SELECT rootpage FROM sqlite_master WHERE name = 'games'")
    [(page_size,)] = raw(db_path, "PRAGMA page_size")
    with open(db_path, "r+b") as file:  # the games table's root page is overwritten, as a disk fault would
        file.seek((int(str(root)) - 1) * int(str(page_size)))
        file.write(b"\xff" * int(str(page_size)))
    async with await GameStore.open(db_path) as store:
        with pytest.raises(StorageUnavailable) as refused:
            await store.games_with_status(["lobby"])
        assert refused.value.cause == "corrupt"
        assert str(refused.value) == ("I could not read the games: the game database file is damaged, so nothing "
                                      "was changed. Please tell whoever runs this bot.")


@pytest.mark.parametrize(("code", "expected"), [
    (sqlite3.SQLITE_FULL, "full"),
    (sqlite3.SQLITE_READONLY, "read-only"),
    (1544, "read-only"),  # SQLITE_READONLY_DIRECTORY
    (264, "read-only"),  # SQLITE_READONLY_RECOVERY
    (sqlite3.SQLITE_IOERR, "io"),
    (778, "io"),  # SQLITE_IOERR_WRITE
    (4874, "io"),  # SQLITE_IOERR_SHMSIZE
    (sqlite3.SQLITE_CANTOPEN, "cannot-open"),
    (sqlite3.SQLITE_CORRUPT, "corrupt"),
    (sqlite3.SQLITE_NOTADB, "corrupt"),
])


def test_each_cause_has_its_own_sentence(code: int, expected: str) -> None:
    error = sqlite3.OperationalError("from SQLite")
    error.sqlite_errorcode = code
    problem = storage_error(error)
    assert isinstance(problem, StorageUnavailable) and problem.cause == expected
    assert str(problem).startswith("I could not save that: ") and "nothing was changed" in str(problem)
    assert str(problem).count(". ") == 1 and str(problem).endswith("Please tell whoever runs this bot.")
    at_start = storage_error(error, path="/srv/ring.db")
    assert at_start is not None and str(at_start).startswith("Ringmaster cannot use the game database /srv/ring.db: ")
    assert "\n" not in str(at_start) and str(at_start).count(". ") == 0


def test_sentences_differ_per_cause_and_other_errors_pass_through() -> None:
    assert len({str(StorageUnavailable(cause)) for cause in STORAGE_CAUSES}) == len(STORAGE_CAUSES)
    assert len({str(StorageUnavailable(cause, path="x")) for cause in STORAGE_CAUSES}) == len(STORAGE_CAUSES)
    busy = sqlite3.OperationalError("database is locked")
    busy.sqlite_errorcode = 517  # SQLITE_BUSY_SNAPSHOT
    assert isinstance(storage_error(busy), StoreBusy)
    constraint = sqlite3.IntegrityError("UNIQUE constraint failed")
    constraint.sqlite_errorcode = 2067
    assert storage_error(constraint) is None
    assert storage_error(sqlite3.ProgrammingError("closed")) is None
    assert storage_error(ValueError("x")) is None
    with pytest.raises(ValueError, match="unknown storage trouble"):
        StorageUnavailable("melted")


# ----- check_database ---------------------------------------------------------------------------------


async def test_check_database_creates_a_new_file_and_leaves_an_old_one_as_it_was(tmp_path: Path) -> None:
    fresh = tmp_path / "new" / "folder" / "ringmaster.sqlite3"
    await check_database(fresh)
    assert raw(fresh, "PRAGMA user_version") == [(LATEST_VERSION,)]
    async with await GameStore.open(fresh) as store:
        game = await _started(store)
        history = await store.history(game.id)
    await check_database(str(fresh))
    async with await GameStore.open(fresh) as store:
        assert await store.history(game.id) == history
    assert raw(fresh, "PRAGMA user_version") == [(LATEST_VERSION,)]


async def test_check_database_refuses_a_newer_schema_without_touching_it(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE mystery (x)")
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew, match=r"schema version 99.*newer release") as refused:
        await check_database(path)
    assert str(refused.value).startswith(f"The database {path} is at schema version 99")
    assert (refused.value.found, refused.value.path) == (99, str(path))
    assert path.read_bytes() == before  # not even switched to WAL
    assert raw(path, "PRAGMA journal_mode") == [("delete",)]


async def test_check_database_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    junk = bytes(range(256)) * 64
    path.write_bytes(junk)
    with pytest.raises(StorageUnavailable) as refused:
        await check_database(path)
    assert refused.value.cause == "corrupt" and refused.value.path == str(path)
    assert str(refused.value) == (f"Ringmaster cannot use the game database {path}: the file is not a SQLite database "
                                  "or is damaged; restore a backup or point the bot at another file.")
    assert path.read_bytes() == junk


@pytest.mark.parametrize("where", ["a folder", "under a file"])
async def test_check_database_refuses_a_path_that_cannot_be_opened(tmp_path: Path, where: str) -> None:
    if where == "a folder":
        path = tmp_path / "is_a_folder"
        path.mkdir()
    else:
        (tmp_path / "plain_file").write_text("x")
        path = tmp_path / "plain_file" / "ringmaster.sqlite3"
    with pytest.raises(StorageUnavailable) as refused:
        await check_database(path)
    assert refused.value.cause == "cannot-open"
    assert str(refused.value).startswith(f"Ringmaster cannot use the game database {path}: the file cannot be opened")


async def test_check_database_really_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A connection that may read but not write passes every read; only a real write shows the trouble.
    path = tmp_path / "probe.sqlite3"
    await check_database(path)
    opened = GameStore.open

    async def open_read_only(location: str, **kwargs: object) -> GameStore:
        store = await opened(location)
        await store.database.writer.execute("PRAGMA query_only = ON")
        return store

    monkeypatch.setattr(GameStore, "open", open_read_only)
    with pytest.raises(StorageUnavailable) as refused:
        await check_database(path)
    assert refused.value.cause == "read-only" and refused.value.path == str(path)
    assert str(refused.value).startswith(f"Ringmaster cannot use the game database {path}: the file or its folder "
                                         "is read-only for the user running the bot")
