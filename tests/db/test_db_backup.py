"""``python -m db backup``, ``restore`` and ``check``, run as the operator runs them (a process of their own)
while games are played through the table core in this process: backups taken during 200 moves restore to a
database whose every game replays to its snapshot, on SQLite and on PostgreSQL; a restore over a database in
use is refused with a sentence and changes nothing; ``check`` names a game whose snapshot was tampered with
and exits 1."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from postgres_server import PostgresServer

from db.store import GameStore
from table.core import TableCore
from table.model import Table

from db_helpers import raw, tamper
from repo_paths import REPO

GUILD, CHANNEL = 1, 2
NAMES = {11: "Alice", 12: "Bob", 13: "Cat", 14: "Dan"}
MOVES = 200
PACE = 0.04  # seconds between two moves: a backup (a process starting) takes about one, so several are taken
TABLES = (("circus_train", (11, 12)), ("little_circuses", (13, 14)), ("dreadful_circus", (11, 12, 13, 14)),
          ("wanderzirkus", (12,)))


def db_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "db", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)


async def run_db(*args: str) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(db_command, *args)


async def start(core: TableCore, kind: str, players: tuple[int, ...], thread: int) -> Table:
    lobby = await core.tables.create(kind, GUILD, CHANNEL, players[0], NAMES[players[0]], {})
    for user in players[1:]:
        await core.tables.join(lobby.id, user, NAMES[user])
    return await core.tables.start(lobby.id, players[0], thread_id=thread)


async def play_moves(core: TableCore, moves: int, played: list[int]) -> None:
    """``moves`` moves round the tables (a finished game is replaced by a new one of its kind), each counted
    in ``played`` once saved; every move yields to the loop, so the backups run beside them."""
    pick = random.Random(7)
    games = [(await start(core, kind, players, 100 + index)).id for index, (kind, players) in enumerate(TABLES)]
    threads = 200
    for number in range(moves):
        slot = number % len(games)
        table = await core.tables.table(games[slot])
        if table.record.status != "active":
            kind, players = TABLES[slot]
            threads += 1
            table = await start(core, kind, players, threads)
            games[slot] = table.id
        assert table.state is not None
        seat = min(table.game.to_act(table.state))

        def choose(current: Table, seat: int) -> Any:
            assert current.state is not None
            return pick.choice(current.game.legal_actions(current.state, seat))
        await core.play(table.id, table.user_of(seat), None, choose)
        played.append(table.id)
        await asyncio.sleep(PACE)


def logged_moves(database: Path | str) -> int:
    return int(str(raw(database, "SELECT COUNT(*) FROM actions")[0][0]))


async def backups_during_moves(database: str, folder: Path) -> tuple[list[tuple[Path, int, int]], int]:
    """Play MOVES moves while taking backups one after another; returns each backup with the moves saved
    just before and just after it was taken, and the moves logged at the end."""
    taken: list[tuple[Path, int, int]] = []
    played: list[int] = []
    async with await GameStore.open(database) as store:
        core = TableCore(store)
        playing = asyncio.create_task(play_moves(core, MOVES, played))
        while not playing.done():
            before = await asyncio.to_thread(logged_moves, database)
            path = folder / f"backup-{len(taken)}.bin"
            done = await run_db("backup", str(path), "--db", database)
            assert done.returncode == 0, done.stderr
            assert done.stdout.strip() == f"Backed up {database} to {path}."
            assert path.stat().st_mode & 0o777 == 0o600  # hands, decks and secrets: its owner's only
            taken.append((path, before, await asyncio.to_thread(logged_moves, database)))
        await playing
    assert len(played) == MOVES
    return taken, logged_moves(database)


def during(taken: list[tuple[Path, int, int]], total: int) -> list[tuple[Path, int, int]]:
    """The backups taken while moves were being played (moves saved before and after each was taken)."""
    return [(path, before, after) for path, before, after in taken if before > 0 and after < total]


def assert_checks(database: str) -> None:
    done = db_command("check", "--db", database)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("replay to their saved state."), lines
    games, verified = (int(part.split()[0].replace(",", "")) for part in lines[0].split(", ")[:2])
    assert games == verified >= len(TABLES)


async def test_sqlite_backups_taken_during_moves_restore_to_databases_whose_games_all_replay(tmp_path: Path) -> None:
    database = str(tmp_path / "live.sqlite3")
    taken, total = await backups_during_moves(database, tmp_path)

    assert total >= MOVES
    middle = during(taken, total)
    assert middle, f"no backup was taken while moves were played: {[(b, a) for _, b, a in taken]}"
    for number, (path, before, after) in enumerate(middle):
        restored = tmp_path / f"restored-{number}.sqlite3"
        done = await run_db("restore", str(path), "--db", str(restored))
        assert done.returncode == 0, done.stderr
        # The copy is of one instant between the moves saved before and after it was taken.
        assert before <= logged_moves(restored) <= after
        await asyncio.to_thread(assert_checks, str(restored))
    # The live database too, and a restore over a stopped bot's file (it exists) replaces it.
    await asyncio.to_thread(assert_checks, database)
    path, _, _ = middle[0]
    done = await run_db("restore", str(path), "--db", database)
    assert done.returncode == 0, done.stderr
    assert logged_moves(database) < total
    await asyncio.to_thread(assert_checks, database)


async def test_postgresql_backups_taken_during_moves_restore_into_empty_databases_whose_games_all_replay(
        postgres: PostgresServer, tmp_path: Path) -> None:
    database = await postgres.new_database()
    taken, total = await backups_during_moves(database, tmp_path)

    assert total >= MOVES
    middle = during(taken, total)
    assert middle, f"no backup was taken while moves were played: {[(b, a) for _, b, a in taken]}"
    for path, before, after in middle[:3]:  # a pg_restore takes a moment: three are plenty
        target = await postgres.empty_database()
        done = await run_db("restore", str(path), "--db", target)
        assert done.returncode == 0, done.stderr
        assert before <= logged_moves(target) <= after
        await asyncio.to_thread(assert_checks, target)

    # A database that is not empty is refused, and left as it was.
    path = middle[0][0]
    done = await run_db("restore", str(path), "--db", database)
    assert done.returncode == 2
    assert "is not empty" in done.stderr and "restore into a new, empty database" in done.stderr
    assert logged_moves(database) == total
    # A database a bot is connected to is refused as in use (before anything else is looked at).
    async with await GameStore.open(database):
        done = await run_db("restore", str(path), "--db", database)
    assert done.returncode == 2
    assert "is in use" in done.stderr and "stop every bot process before restoring" in done.stderr


async def test_a_restore_over_a_sqlite_file_a_bot_has_open_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    database = tmp_path / "live.sqlite3"
    async with await GameStore.open(database) as store:
        core = TableCore(store)
        await play_moves(core, 6, [])
        done = await run_db("backup", str(tmp_path / "copy.sqlite3"), "--db", str(database))
        assert done.returncode == 0, done.stderr
        await play_moves(core, 4, [])
        kept = logged_moves(database)
        refused = await run_db("restore", str(tmp_path / "copy.sqlite3"), "--db", str(database))
        assert refused.returncode == 2
        assert refused.stderr.strip() == (f"The SQLite game database {database} is in use by a running bot; stop the "
                                          f"bot before restoring.")
        assert logged_moves(database) == kept
    # Not a backup at all, or none there: refused with a sentence.
    (tmp_path / "notes.txt").write_text("hello")
    wrong = await run_db("restore", str(tmp_path / "notes.txt"), "--db", str(database))
    assert (wrong.returncode, wrong.stderr.strip()) == (2, f"{tmp_path / 'notes.txt'} is not a backup of a SQLite "
                                                           f"game database.")
    missing = await run_db("backup", str(tmp_path / "x.bin"), "--db", str(tmp_path / "none.sqlite3"))
    assert missing.returncode == 2 and "There is no SQLite game database at" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists() and not (tmp_path / "x.bin").exists()
    assert logged_moves(database) == kept


async def test_check_names_only_the_game_whose_log_no_longer_gives_its_snapshot(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with await GameStore.open(database) as store:
        core = TableCore(store)
        await play_moves(core, 12, [])
        # One game's saved state goes back one move: valid, readable, and not what its log gives.
        victim = await core.tables.table(int(str(raw(database, "SELECT MIN(game_id) FROM actions")[0][0])))
        earlier = victim.game.state_to_json(await core.tables.state_at(victim, victim.record.version - 1))
    assert (await run_db("check", "--db", str(database))).returncode == 0
    tamper(database, "UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(earlier), victim.id))

    done = await run_db("check", "--db", str(database))

    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    assert lines[0] == (f"game {victim.id}: replaying its log does not give its saved state "
                        f"(version {victim.record.version})")
    assert lines[-1].endswith(", 1 problems.") and len(lines) == 2
    refused = await run_db("check", "--db", str(tmp_path / "absent.sqlite3"))
    assert refused.returncode == 2 and "There is no SQLite game database at" in refused.stderr


@pytest.mark.parametrize("args", [("backup", "{folder}"), ("restore", "{folder}/missing.bin")])
def test_a_backup_into_a_folder_or_from_nothing_is_refused_with_a_sentence(tmp_path: Path,
                                                                          args: tuple[str, str]) -> None:
    database = tmp_path / "games.sqlite3"
    database.write_bytes(b"")
    done = db_command(args[0], args[1].format(folder=tmp_path), "--db", str(database))
    assert done.returncode == 2
    assert done.stderr.strip() in (f"{tmp_path} is a folder; name the backup file to write, such as "
                                   f"{tmp_path / 'ringmaster.backup'}.", f"There is no backup file at "
                                                                         f"{tmp_path / 'missing.bin'}.")


async def test_a_restore_over_a_file_whose_leases_a_bot_still_holds_is_refused(tmp_path: Path) -> None:
    """A process of a deployment with several holds leases on games' work until they run out: its database
    is in use even between two of its transactions (and after it was killed, until they run out)."""
    database = tmp_path / "live.sqlite3"
    async with await GameStore.open(database) as store:
        await play_moves(TableCore(store), 4, [])
    done = await run_db("backup", str(tmp_path / "copy.sqlite3"), "--db", str(database))
    assert done.returncode == 0, done.stderr
    later = (datetime.now(UTC) + timedelta(minutes=1)).isoformat()
    tamper(database, "INSERT INTO leases (game_id, job, holder, expires_at) VALUES (1, 'keeper', 'host-1-ab', ?)",
           (later,))
    before = database.read_bytes()

    refused = await run_db("restore", str(tmp_path / "copy.sqlite3"), "--db", str(database))

    assert refused.returncode == 2
    assert refused.stderr.strip() == (f"The game database {database} is in use: 1 bot process(es) hold leases on "
                                      f"games' work (host-1-ab); stop every bot process (and wait for their leases "
                                      f"to run out) before restoring.")
    assert database.read_bytes() == before
    tamper(database, "UPDATE leases SET expires_at = ?", ((datetime.now(UTC) - timedelta(minutes=1)).isoformat(),))
    assert (await run_db("restore", str(tmp_path / "copy.sqlite3"), "--db", str(database))).returncode == 0
    assert before != database.read_bytes()
