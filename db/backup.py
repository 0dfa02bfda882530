"""Backups of the game database: a consistent copy taken while the bot runs, and putting one back on a
stopped bot. The store's part only (it knows no game); proving every game of a copy replays is the table's
(``python -m db check``, :mod:`table.migrate`).

- SQLite: SQLite's online backup (``sqlite3.Connection.backup``) copies the file as of one instant while the
  bot goes on writing. It runs as ONE step, inside one read transaction: copying in several steps starts
  over each time another connection commits, which at a few moves a second may never finish, while in
  write-ahead-log mode (the bot's) one read transaction blocks no writer. The copy is written beside the
  target and renamed over it once complete, so a backup interrupted never leaves a half file under its name,
  and it is a single file (its journal mode switched back from WAL).
- PostgreSQL: ``pg_dump`` in its custom format (one snapshot transaction: consistent by itself), found under
  ``/usr/lib/postgresql/*/bin`` (the newest, Debian's layout) or else on ``PATH``. Restored with
  ``pg_restore`` into an empty database only.

A restore refuses, with a sentence, a database a bot is using: a SQLite file another connection has open
(switching it out of write-ahead logging needs it to be the only one), a PostgreSQL database with other
sessions, or any database holding leases not yet run out (a bot process of a deployment with several).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import asyncpg

from db.backend import is_postgres
from db.errors import StoreError
from db.pg_connection import redact
from db.records import iso

__all__ = ["BackupRefused", "backup", "postgres_program", "restore"]

SQLITE_MAGIC: Final = b"SQLite format 3\x00"
PG_DUMP_MAGIC: Final = b"PGDMP"
PROGRAM_TIMEOUT: Final = 3600.0  # seconds pg_dump or pg_restore may take before the command gives up
LOCK_WAIT: Final = 5.0  # seconds the SQLite copy waits for a writer of the bot to let it read


class BackupRefused(StoreError):
    """A backup or restore that was not done (nothing was changed), with the reason in one sentence."""


def postgres_program(name: str) -> str:
    """The path of PostgreSQL's ``name`` (pg_dump, pg_restore): the newest of ``/usr/lib/postgresql/*/bin``
    (a pg_dump must be at least as new as the server), else the one on ``PATH``."""
    def version(folder: Path) -> tuple[int, ...]:
        text = folder.parent.name
        return tuple(int(part) for part in text.split(".") if part.isdigit())
    folders = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    for folder in folders:
        if (folder / name).is_file():
            return str(folder / name)
    found = shutil.which(name)
    if found is None:
        raise BackupRefused(f"PostgreSQL's {name} was not found on PATH nor in /usr/lib/postgresql/*/bin; install "
                            f"PostgreSQL's client programs (Debian: apt-get install postgresql-client).")
    return found


def _partial(path: Path) -> Path:
    return path.with_name(f".{path.name}.partial")


def _private(path: Path) -> None:
    """Create ``path`` empty, readable by its owner only: a backup holds every hand, deck and secret."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
    os.chmod(path, 0o600)  # whatever the umask


# ----- backing up -----------------------------------------------------------------------------------------
async def backup(database: str, target: str | os.PathLike[str]) -> Path:
    """Copy ``database`` (a SQLite file's path or a PostgreSQL URL) to the file ``target`` (replaced if it
    exists, only once the copy is complete); returns the target's path."""
    path = Path(target)
    if path.is_dir():
        raise BackupRefused(f"{path} is a folder; name the backup file to write, such as {path / 'ringmaster.backup'}.")
    if not path.parent.is_dir():
        raise BackupRefused(f"The folder {path.parent} does not exist; create it or name another place for the "
                            f"backup.")
    if is_postgres(database):
        await _dump_postgres(database, path)
    else:
        await asyncio.to_thread(_copy_sqlite, database, path)
    return path


def _copy_sqlite(source: str, target: Path) -> None:
    if not Path(source).is_file():
        raise BackupRefused(f"There is no SQLite game database at {source} to back up (set RINGMASTER_DB to its "
                            f"path, or name it with --db).")
    if Path(source).resolve() == target.resolve():
        raise BackupRefused("The backup cannot be written over the database it copies; name another file.")
    partial = _partial(target)
    partial.unlink(missing_ok=True)
    try:
        # Read-only: the backup never changes the bot's file, nor creates one.
        src = sqlite3.connect(f"{Path(source).resolve().as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT)
    except sqlite3.Error as error:
        raise BackupRefused(f"The SQLite game database {source} cannot be read: {error}.") from error
    try:
        _private(partial)
        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            problem = dst.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise BackupRefused(f"The copy of {source} is not sound ({problem}); the database itself may be "
                                    f"damaged. Nothing was written to {target}.")
        finally:
            dst.close()
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        partial.replace(target)
    except sqlite3.Error as error:
        raise BackupRefused(f"The backup of {source} failed: {error}. Nothing was written to {target}.") from error
    finally:
        src.close()
        partial.unlink(missing_ok=True)


async def _dump_postgres(url: str, target: Path) -> None:
    partial = _partial(target)
    partial.unlink(missing_ok=True)
    try:
        _private(partial)
        await _run(postgres_program("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                   f"--file={partial}", f"--dbname={url}", what=f"pg_dump of {redact(url)}")
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)


async def _run(*command: str, what: str) -> None:
    """Run one of PostgreSQL's programs; its error output (which names no password) becomes the refusal."""
    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, capture_output=True, text=True, timeout=PROGRAM_TIMEOUT, check=False)
    try:
        result = await asyncio.to_thread(run)
    except subprocess.TimeoutExpired as error:
        raise BackupRefused(f"The {what} took more than {PROGRAM_TIMEOUT:.0f} s and was stopped.") from error
    if result.returncode != 0:
        detail = " ".join(result.stderr.split())[:600] or f"exit code {result.returncode}"
        raise BackupRefused(f"The {what} failed: {detail}")


# ----- restoring ------------------------------------------------------------------------------------------
async def restore(source: str | os.PathLike[str], database: str) -> None:
    """Put the backup file ``source`` back as ``database`` (a SQLite file's path, or an empty PostgreSQL
    database's URL). Refuses a database in use, and a backup of the other kind."""
    path = Path(source)
    if not path.is_file():
        raise BackupRefused(f"There is no backup file at {path}.")
    with path.open("rb") as file:
        head = file.read(len(SQLITE_MAGIC))
    if is_postgres(database):
        if not head.startswith(PG_DUMP_MAGIC):
            raise BackupRefused(f"{path} is not a backup of a PostgreSQL database (pg_dump's custom format); a "
                                f"SQLite backup is restored to a SQLite file, or moved with migrate-to.")
        await _restore_postgres(path, database)
    else:
        if head != SQLITE_MAGIC:
            raise BackupRefused(f"{path} is not a backup of a SQLite game database.")
        await asyncio.to_thread(_restore_sqlite, path, Path(database))


def _restore_sqlite(source: Path, target: Path) -> None:
    if target.exists() and source.resolve() == target.resolve():
        raise BackupRefused("The backup and the database to restore are the same file; nothing to do.")
    if not target.parent.is_dir():
        raise BackupRefused(f"The folder {target.parent} does not exist; create it first.")
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupRefused(f"The backup {source} cannot be read: {error}.") from error
    try:
        problem = src.execute("PRAGMA quick_check").fetchone()[0]
        if problem != "ok":
            raise BackupRefused(f"The backup {source} is not sound ({problem}); nothing was restored.")
        # timeout 0: a lock held by a bot is an answer, not something to wait for.
        dst = sqlite3.connect(target, timeout=0, isolation_level=None)
        try:
            if target.stat().st_size:
                _refuse_sqlite_in_use(dst, target)
            # Through SQLite, not a file copy: the target's own journal and write-ahead log stay consistent
            # with what it now holds (a stale log beside a copied file would be replayed into it).
            src.backup(dst, pages=-1)
        finally:
            dst.close()
    except sqlite3.OperationalError as error:
        raise BackupRefused(f"{target} is in use (SQLite says: {error}); stop the bot before restoring.") from error
    finally:
        src.close()


def _refuse_sqlite_in_use(conn: sqlite3.Connection, target: Path) -> None:
    # The leases first: reading them changes nothing, and a refusal must leave the file as it was.
    holders = _held_leases(conn.execute("SELECT holder, expires_at FROM leases").fetchall()
                           if _has_table(conn, "leases") else [])
    if holders:
        raise BackupRefused(_leases_sentence(str(target), holders))
    try:
        # Leaving write-ahead logging needs the only connection to the file: a bot that has it open (even
        # idle) makes this fail at once, changing nothing.
        conn.execute("PRAGMA journal_mode = DELETE").fetchall()
    except sqlite3.OperationalError as error:
        raise BackupRefused(f"The SQLite game database {target} is in use by a running bot; stop the bot before "
                            f"restoring.") from error


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None


def _held_leases(rows: list[tuple[str, str]]) -> list[str]:
    """The holders of leases not yet run out (a free row's ``expires_at`` is '')."""
    now = iso(datetime.now(UTC))
    return sorted({str(holder) for holder, expires in rows if expires and str(expires) > now})


def _leases_sentence(shown: str, holders: list[str]) -> str:
    return (f"The game database {shown} is in use: {len(holders)} bot process(es) hold leases on games' work "
            f"({', '.join(holders[:3])}); stop every bot process (and wait for their leases to run out) before "
            f"restoring.")


async def _restore_postgres(source: Path, url: str) -> None:
    shown = redact(url)
    try:
        conn = await asyncpg.connect(url)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError) as error:
        raise BackupRefused(f"The PostgreSQL database {shown} cannot be reached ({error}); create it empty and "
                            f"check the URL.") from error
    try:
        others = await conn.fetchval("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                     "AND pid <> pg_backend_pid()")
        if others:
            raise BackupRefused(f"The PostgreSQL database {shown} is in use ({others} other session(s) are "
                                f"connected); stop every bot process before restoring.")
        tables = await conn.fetch("SELECT table_name FROM information_schema.tables "
                                  "WHERE table_schema = current_schema()")
        if tables:
            names = ", ".join(sorted(row["table_name"] for row in tables)[:5])
            raise BackupRefused(f"The PostgreSQL database {shown} is not empty (it has tables: {names}); restore "
                                f"into a new, empty database (createdb) so nothing already there is mixed in.")
    finally:
        await conn.close()
    # One transaction: a restore that fails leaves the database empty, as it was.
    await _run(postgres_program("pg_restore"), "--exit-on-error", "--single-transaction", "--no-owner",
               "--no-privileges", f"--dbname={url}", str(source), what=f"restore into {shown}")
