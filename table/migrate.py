"""``python -m db``: the operator's commands on the game database.

- ``migrate-to postgresql://…``: move a SQLite game database to PostgreSQL and prove the move;
- ``backup PATH`` / ``restore PATH``: a consistent copy taken while the bot runs, put back on a stopped bot
  (the store's part, :mod:`db.backup`);
- ``check``: every game of the database replays to its saved snapshot.

The copy and the row-by-row comparison are the store's (:mod:`db.copying`, which knows no game). What only
the table can do lives here: replaying every copied game with its own rules. A game verifies when its rows on
PostgreSQL equal the SQLite file's and replaying its seed and logged actions (leaving out those taken back)
gives exactly its saved snapshot (a lobby game has neither snapshot nor log; a game that was abandoned in its
lobby neither). A game the SQLite file already marked as damaged is copied as it was and counted apart: the
move did not break it, and ``/game repair`` mends it on PostgreSQL as it would have on SQLite.

Only problems get a line of their own (never a game's content: snapshots and logs hold hands and draw
orders); the last line is the summary. Exit status: 0 every game verified, 1 a game or table did not, 2 the
copy was refused (not a PostgreSQL URL, no SQLite file, a target that is not empty, a database that cannot
be reached), with the reason on standard error. ``check`` prints the same kind of lines and exit status for
one database (2: it cannot be opened); ``backup`` and ``restore`` print where the copy went, 2 when refused.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from db.backend import is_postgres
from db.backup import backup, restore
from db.copying import compare_databases, copy_database
from db.errors import StoreError
from db.pg_connection import redact
from db.records import ALL_STATUSES
from db.store import GameHistory, GameStore
from rules.core.errors import RulesError
from rules.registry import get_game

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_REFUSED", "Checked", "Verification", "check", "main", "migrate",
           "replay_problem"]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_REFUSED: Final = 2
DEFAULT_SQLITE: Final = "ringmaster.sqlite3"


@dataclass
class Verification:
    copied: int = 0
    verified: int = 0
    damaged: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.copied == self.verified + self.damaged and not self.problems

    def summary(self) -> str:
        line = f"{self.copied:,} games copied, {self.verified:,} verified"
        if self.damaged:
            line += f", {self.damaged:,} damaged before the copy (copied as they were)"
        return line + "."


def replay_problem(history: GameHistory) -> str | None:
    """Why the game's seed and log do not give its saved snapshot; None when they do. The reason never
    quotes the game's state (it holds hidden information)."""
    record = history.game
    try:
        game = get_game(record.kind)
    except RulesError:
        return f"it is a game of a kind this release does not know ({record.kind!r})"
    if record.snapshot is None:
        if history.actions:
            return "it has logged actions but no saved state"
        if record.status in ("active", "finished"):
            return "it has no saved state"
        return None
    try:
        state = game.new_game(history.player_names, record.options, record.seed)
    except (RulesError, TypeError, ValueError, KeyError):
        return "its seed, options and seats no longer make a game"
    for logged in history.actions:
        try:
            state, _ = game.apply(state, logged.seat, game.action_from_json(logged.action))
        except (RulesError, TypeError, ValueError, KeyError):
            return f"its log stops replaying at version {logged.version}"
    if game.state_to_json(state) != record.snapshot:
        return f"replaying its log does not give its saved state (version {record.version})"
    return None


async def verify(source: str, target_url: str, out: Callable[[str], None]) -> Verification:
    """Compare the copy with the SQLite file and replay each copied game; a line per problem."""
    result = Verification()
    differences = await compare_databases(source, target_url)
    for table in differences.tables:
        result.problems.append(f"table {table}: its rows on PostgreSQL differ from the SQLite file's")
    async with await GameStore.open(target_url) as store:
        games = await store.games_with_status(ALL_STATUSES)
        result.copied = differences.rows.get("games", 0)
        for record in games:
            problems: list[str] = []
            if record.id in differences.games:
                problems.append(f"its rows differ from the SQLite file's ({', '.join(differences.games[record.id])})")
            if record.damage is not None and not problems:
                result.damaged += 1
                out(f"game {record.id}: damaged before the copy ({record.damage}); copied as it was")
                continue
            history = await store.history(record.id)
            problem = "it cannot be read back" if history is None else replay_problem(history)
            if problem is not None:
                problems.append(problem)
            if problems:
                result.problems.extend(f"game {record.id}: {problem}" for problem in problems)
            else:
                result.verified += 1
        # Rows of games that did not arrive at all (their game row is missing on PostgreSQL).
        found = {record.id for record in games}
        for game_id, tables in sorted(differences.games.items()):
            if game_id not in found:
                result.problems.append(f"game {game_id}: missing on PostgreSQL ({', '.join(tables)})")
    for problem in result.problems:
        out(problem)
    return result


async def migrate(source: str, target_url: str, out: Callable[[str], None]) -> Verification:
    """Copy ``source`` into the empty PostgreSQL database ``target_url`` and verify every game.
    Raises the store's errors (CopyRefused, StorageUnavailable, SchemaTooNew) when the copy is refused."""
    await copy_database(source, target_url)
    return await verify(source, target_url, out)


@dataclass
class Checked:
    """What ``check`` found: games read, games whose log replays to their snapshot, games already marked
    damaged (counted apart: ``/game repair`` is their remedy), and a line per problem."""
    games: int = 0
    verified: int = 0
    damaged: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        line = f"{self.games:,} games checked, {self.verified:,} replay to their saved state"
        if self.damaged:
            line += f", {self.damaged:,} marked damaged (mend them with /game repair)"
        if self.problems:
            line += f", {len(self.problems):,} problems"
        return line + "."


async def check(database: str, out: Callable[[str], None]) -> Checked:
    """Replay every game of ``database`` to its saved snapshot; a line per problem (never a game's content).
    Raises the store's errors when the database cannot be opened."""
    result = Checked()
    async with await GameStore.open(database) as store:
        for record in await store.games_with_status(ALL_STATUSES):
            result.games += 1
            if record.damage is not None:
                result.damaged += 1
                out(f"game {record.id}: marked damaged ({record.damage})")
                continue
            history = await store.history(record.id)
            problem = "it cannot be read back" if history is None else replay_problem(history)
            if problem is None:
                result.verified += 1
            else:
                result.problems.append(f"game {record.id}: {problem}")
                out(result.problems[-1])
    return result


def configured_database(environ: dict[str, str] | os._Environ[str]) -> str:
    """The database the bot uses: ``RINGMASTER_DB`` (a file's path or a PostgreSQL URL), else the file
    ``ringmaster.sqlite3``."""
    return environ.get("RINGMASTER_DB", "").strip() or DEFAULT_SQLITE


def default_source(environ: dict[str, str] | os._Environ[str]) -> str | None:
    """The SQLite file the bot uses (``RINGMASTER_DB``, else ``ringmaster.sqlite3``); None when
    ``RINGMASTER_DB`` names a PostgreSQL database."""
    configured = environ.get("RINGMASTER_DB", "").strip()
    if is_postgres(configured):
        return None
    return configured or DEFAULT_SQLITE


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m db", description="Ringmaster's game database: back it up, restore it, check that every "
                                         "game replays, move a SQLite database to PostgreSQL.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser(
        "migrate-to", help="copy every game of a SQLite file into an empty PostgreSQL database and verify each",
        description="Copy every table of the SQLite game database into an empty PostgreSQL database (ids kept), "
                    "then check every game: its rows equal the file's and its log replays to its saved state.")
    move.add_argument("url", help="the PostgreSQL database, postgresql://user:password@host:port/database")
    move.add_argument("--from", dest="source", metavar="PATH",
                      help="the SQLite file (default: RINGMASTER_DB, else ringmaster.sqlite3)")
    database_help = "the game database, a SQLite file or a postgresql:// URL (default: RINGMASTER_DB, else " \
                    "ringmaster.sqlite3)"
    save = commands.add_parser(
        "backup", help="write a consistent copy of the game database to PATH (safe while the bot runs)",
        description="Copy the game database as of one instant while the bot runs: SQLite's online backup for a "
                    "SQLite file, pg_dump (custom format) for PostgreSQL. PATH is replaced once the copy is complete.")
    save.add_argument("path", help="the backup file to write")
    save.add_argument("--db", help=database_help)
    back = commands.add_parser(
        "restore", help="put a backup back as the game database (the bot stopped)",
        description="Put a backup made by 'backup' back as the game database. Refused while a bot uses the "
                    "database; a PostgreSQL backup goes into an empty database only.")
    back.add_argument("path", help="the backup file to restore")
    back.add_argument("--db", help=database_help)
    audit = commands.add_parser(
        "check", help="verify that every game replays to its saved state",
        description="Replay every game's seed and log and compare with its saved state; only problems are "
                    "printed, then a summary. Exit status 0: every game replays, 1: problems, 2: refused.")
    audit.add_argument("--db", help=database_help)
    args = parser.parse_args(argv)
    if args.command == "migrate-to":
        return _migrate_to(args.url, args.source)
    database = args.db or configured_database(os.environ)
    shown = redact(database)
    try:
        if args.command == "backup":
            written = asyncio.run(backup(database, args.path))
            print(f"Backed up {shown} to {written}.")
            return EXIT_OK
        if args.command == "restore":
            asyncio.run(restore(args.path, database))
            print(f"Restored {args.path} as {shown}; 'python -m db check' verifies its games.")
            return EXIT_OK
        if not is_postgres(database) and not os.path.isfile(database):
            print(f"There is no SQLite game database at {database} to check (set RINGMASTER_DB to its path, or "
                  f"name it with --db).", file=sys.stderr)
            return EXIT_REFUSED
        checked = asyncio.run(check(database, print))
    except StoreError as error:
        print(error.message, file=sys.stderr)
        return EXIT_REFUSED
    print(checked.summary())
    return EXIT_OK if checked.ok else EXIT_FAILED


def _migrate_to(url: str, given: str | None) -> int:
    source = given or default_source(os.environ)
    if source is None:
        print("RINGMASTER_DB names a PostgreSQL database; name the SQLite file to copy with --from PATH.",
              file=sys.stderr)
        return EXIT_REFUSED
    try:
        result = asyncio.run(migrate(source, url, print))
    except StoreError as error:
        print(error.message, file=sys.stderr)
        return EXIT_REFUSED
    print(result.summary())
    return EXIT_OK if result.ok else EXIT_FAILED
