"""``python -m db migrate-to``: a SQLite file with games of all four kinds (built through the table core, in
every state a game can be in, with every table of the schema holding rows) is copied into an empty
PostgreSQL database of the test server; every game verifies, ids are kept, the copy plays on, and a copy
into a database that is not empty, or from a file whose snapshot was tampered with, is caught."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from postgres_server import PostgresServer

from db.copying import compare_databases
from db.secrets import SecretStore
from db.store import GameStore
from table.core import TableCore
from table.errors import TableError
from table.migrate import EXIT_FAILED, EXIT_OK, EXIT_REFUSED, main, verify
from table.model import Table

from db_helpers import raw, tamper
from repo_paths import REPO

GUILD, CHANNEL = 1, 2
ALICE, BOB, CAT, DAN = 11, 12, 13, 14
NAMES = {ALICE: "Alice", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
ROOT = REPO
TABLES = ("games", "seats", "actions", "undone", "outbox", "members", "results", "votes", "standing", "secrets")


def chooser(seed: int) -> Any:
    pick = random.Random(seed)

    def choose(table: Table, seat: int) -> Any:
        assert table.state is not None
        return pick.choice(table.game.legal_actions(table.state, seat))
    return choose


async def play(core: TableCore, game_id: int, moves: int, seed: int) -> Table:
    """``moves`` decisions by whoever is awaited (or until the game ends)."""
    choose = chooser(seed)
    table = await core.tables.table(game_id)
    for _ in range(moves):
        if table.record.status != "active":
            break
        assert table.state is not None
        seat = min(table.game.to_act(table.state))
        _, table = await core.play(game_id, table.user_of(seat), None, choose)
    return table


async def started(core: TableCore, kind: str, players: tuple[int, ...], thread: int) -> Table:
    lobby = await core.tables.create(kind, GUILD, CHANNEL, players[0], NAMES[players[0]], {})
    for user in players[1:]:
        await core.tables.join(lobby.id, user, NAMES[user])
    return await core.tables.start(lobby.id, players[0], thread_id=thread)


async def take_something_back(core: TableCore, game_id: int) -> None:
    """Play on until a move can be taken back by its player alone, and take it back (an ``undone`` row)."""
    for attempt in range(40):
        table = await play(core, game_id, 1, seed=attempt)
        last = (await core.store.actions(game_id))[-1]
        try:
            taken = await core.keeper.take_back(game_id, table.user_of(last.seat))
        except TableError:
            continue
        if taken.done:
            return
    raise AssertionError("no move of this game could be taken back")


async def build(path: Path) -> None:
    async with await GameStore.open(path) as store:
        core = TableCore(store)
        circus = await started(core, "circus_train", (ALICE, BOB), 101)
        await play(core, circus.id, 12, seed=1)
        await core.life.set_standing(circus.id, 1, "place_released", "far_from_me")
        await core.life.vote(circus.id, "abandon", ALICE)
        little = await started(core, "little_circuses", (ALICE, CAT), 102)
        await play(core, little.id, 6, seed=2)
        await take_something_back(core, little.id)
        wander = await started(core, "wanderzirkus", (BOB,), 103)
        finished = await play(core, wander.id, 500, seed=3)
        assert finished.record.status == "finished"
        dreadful = await started(core, "dreadful_circus", (ALICE, BOB, CAT, DAN), 104)
        await play(core, dreadful.id, 15, seed=4)
        lobby = await core.tables.create("circus_train", GUILD, CHANNEL, CAT, "Cat", {})
        await core.tables.join(lobby.id, DAN, "Dan")
        gone = await started(core, "little_circuses", (DAN, BOB), 105)
        await play(core, gone.id, 3, seed=5)
        await core.tables.abandon(gone.id, DAN, False)
        await core.set_hours(ALICE, "Europe/Berlin", 8 * 60, 22 * 60)
        await core.set_notify(BOB, "dm")
        await core.go_away(CAT, "3d", "on the road")
        await SecretStore(store).get_or_make("web-links", lambda: "ab" * 32)
    # An outbox item delivered and pruned: SQLite never gives its id again, nor may PostgreSQL.
    tamper(path, "DELETE FROM outbox WHERE id = (SELECT MAX(id) FROM outbox)")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sqlite") / "games.sqlite3"
    asyncio.run(build(path))
    return path


@pytest.fixture
def source(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "games.sqlite3"
    shutil.copy(built, copy)
    return copy


async def migrate_to(url: str, source: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The command as the operator runs it (its own event loop, so on a thread of its own)."""
    code = await asyncio.to_thread(main, ["migrate-to", url, "--from", str(source)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def column(path: Path | str, sql: str, params: tuple[object, ...] = ()) -> list[Any]:
    """The first column of a query's rows."""
    return [row[0] for row in raw(path, sql, params)]


def game_ids(path: Path | str) -> list[int]:
    return column(path, "SELECT id FROM games ORDER BY id")


async def test_every_table_is_copied_with_its_ids_and_every_game_verifies(postgres: PostgresServer,
                                                                       source: Path) -> None:
    url = await postgres.empty_database()
    for table in TABLES:  # the file holds rows in every table of the schema
        assert column(source, f"SELECT COUNT(*) FROM {table}")[0] > 0, table
    games = len(game_ids(source))

    command = [sys.executable, "-m", "db", "migrate-to", url, "--from", str(source)]
    done = await asyncio.to_thread(subprocess.run, command, cwd=ROOT, capture_output=True, text=True, timeout=120)

    assert done.returncode == EXIT_OK, done.stderr
    assert done.stdout.strip().splitlines() == [f"{games:,} games copied, {games:,} verified."]
    for table in TABLES:
        assert raw(url, f"SELECT COUNT(*) FROM {table}") == raw(source, f"SELECT COUNT(*) FROM {table}"), table
    assert game_ids(url) == game_ids(source)
    statuses = sorted(column(url, "SELECT status FROM games"))
    assert statuses == ["abandoned", "active", "active", "active", "finished", "lobby"]
    assert raw(url, "SELECT * FROM actions ORDER BY game_id, version") == \
        raw(source, "SELECT * FROM actions ORDER BY game_id, version")
    differences = await compare_databases(str(source), url)
    assert (differences.games, differences.tables) == ({}, [])

    # The copy plays on: ids continue after the largest ever given, the copied games accept moves.
    last_outbox = column(source, "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'")[0]
    assert column(url, "SELECT MAX(id) FROM outbox")[0] < last_outbox
    copied_items = set(column(url, "SELECT id FROM outbox"))
    async with await GameStore.open(url) as store:
        core = TableCore(store)
        circus = (await store.games_with_status(("active",)))[0]
        before = circus.version
        after = await play(core, circus.id, 1, seed=9)
        assert after.record.version > before
        logged = [a.version for a in await store.actions(circus.id)]
        assert logged == list(range(logged[0], after.record.version + 1))
        fresh = await core.tables.create("wanderzirkus", GUILD, CHANNEL, DAN, "Dan", {})
    assert fresh.id == max(game_ids(source)) + 1
    new_items = set(column(url, "SELECT id FROM outbox")) - copied_items
    assert new_items and min(new_items) > last_outbox


async def test_a_database_that_is_not_empty_is_refused_and_left_as_it_was(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = await postgres.new_database()  # the schema, as a bot started on it leaves it
    async with await GameStore.open(url) as store:
        await store.create_game("circus_train", GUILD, CHANNEL, ALICE, {}, 7)

    code, out, err = await migrate_to(url, source, capsys)

    assert code == EXIT_REFUSED
    assert out == ""
    assert "is not empty (its table games holds rows)" in err
    assert game_ids(url) == [1]
    assert raw(url, "SELECT COUNT(*) FROM actions") == [(0,)]


async def test_a_schema_without_rows_is_empty_enough_but_foreign_tables_are_refused(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ready = await postgres.new_database()
    code, out, _ = await migrate_to(ready, source, capsys)
    assert code == EXIT_OK, out
    other = await postgres.empty_database()
    tamper(other, "CREATE TABLE invoices (id INTEGER)")
    code, out, err = await migrate_to(other, source, capsys)
    assert code == EXIT_REFUSED
    assert "already holds tables that are not Ringmaster's (invoices)" in err
    assert raw(other, "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'games'") == [(0,)]


async def test_what_cannot_be_copied_is_refused_with_a_sentence(
        postgres: PostgresServer, source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = await postgres.empty_database()
    code, _, err = await migrate_to(str(tmp_path / "other.sqlite3"), source, capsys)
    assert code == EXIT_REFUSED
    assert "copies into a PostgreSQL database: give its URL" in err
    code, _, err = await migrate_to("mysql://ringmaster:hunter2@db/ringmaster", source, capsys)
    assert code == EXIT_REFUSED
    assert "not 'mysql://ringmaster:***@db/ringmaster'" in err

    tamper(source, "CREATE TABLE notes (text TEXT)")
    code, _, err = await migrate_to(url, source, capsys)
    assert code == EXIT_REFUSED
    assert "The SQLite file holds a table notes that Ringmaster's schema does not have" in err
    tamper(source, "DROP TABLE notes")

    code, _, err = await migrate_to(url, tmp_path / "missing.sqlite3", capsys)
    assert code == EXIT_REFUSED
    assert f"There is no SQLite game database at {tmp_path / 'missing.sqlite3'}" in err
    assert not (tmp_path / "missing.sqlite3").exists()

    code, _, err = await migrate_to("postgresql://ringmaster:hunter2@127.0.0.1:1/ringmaster", source, capsys)
    assert code == EXIT_REFUSED
    assert "cannot use the game database postgresql://ringmaster:***@127.0.0.1:1/ringmaster" in err
    assert "hunter2" not in err
    assert raw(url, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'") == [(0,)]


async def test_a_tampered_snapshot_fails_verification_naming_only_that_game(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Dreadful Circus game's saved state goes back one move: valid, readable, and not what its log gives.
    async with await GameStore.open(source) as store:
        core = TableCore(store)
        dreadful = next(g for g in await store.active_games() if g.kind == "dreadful_circus")
        table = await core.tables.table(dreadful.id)
        earlier = table.game.state_to_json(await core.tables.state_at(table, table.record.version - 1))
    tamper(source, "UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(earlier), dreadful.id))
    url = await postgres.empty_database()
    games = len(game_ids(source))

    code, out, err = await migrate_to(url, source, capsys)

    assert code == EXIT_FAILED, err
    assert out.splitlines() == [
        f"game {dreadful.id}: replaying its log does not give its saved state (version {dreadful.version})",
        f"{games:,} games copied, {games - 1:,} verified."]


async def test_rows_that_differ_from_the_file_fail_verification(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = await postgres.empty_database()
    assert (await migrate_to(url, source, capsys))[0] == EXIT_OK
    circus = game_ids(source)[0]
    tamper(url, "UPDATE seats SET missed = missed + 1 WHERE game_id = ? AND seat = 1", (circus,))
    tamper(url, "UPDATE members SET notify = 'none' WHERE user_id = ?", (BOB,))
    lines: list[str] = []

    result = await verify(str(source), url, lines.append)

    assert not result.ok
    assert lines == ["table members: its rows on PostgreSQL differ from the SQLite file's",
                     f"game {circus}: its rows differ from the SQLite file's (seats)"]


async def test_a_game_damaged_before_the_copy_is_copied_as_it_was_and_counted_apart(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = game_ids(source)[1]
    tamper(source, "UPDATE games SET snapshot = '{\"half a save' WHERE id = ?", (broken,))
    url = await postgres.empty_database()
    games = len(game_ids(source))

    code, out, err = await migrate_to(url, source, capsys)

    assert code == EXIT_OK, err
    assert out.splitlines() == [
        f"game {broken}: damaged before the copy (its saved state is not valid JSON); copied as it was",
        f"{games:,} games copied, {games - 1:,} verified, 1 damaged before the copy (copied as they were)."]
    assert raw(url, "SELECT snapshot FROM games WHERE id = ?", (broken,)) == [('{"half a save',)]


async def test_a_row_postgresql_cannot_hold_refuses_the_whole_copy_naming_its_table(
        postgres: PostgresServer, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tamper(source, "UPDATE members SET away_note = ? WHERE user_id = ?", ("on the\x00road", CAT))
    url = await postgres.empty_database()

    code, out, err = await migrate_to(url, source, capsys)

    assert code == EXIT_REFUSED
    assert out == ""
    assert "PostgreSQL cannot hold a row of the table members as the SQLite file has it" in err
    assert "nothing was copied" in err
    for table in TABLES:
        assert raw(url, f"SELECT COUNT(*) FROM {table}") == [(0,)], table
