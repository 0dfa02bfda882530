"""``python -m db migrate-to postgresql://…``: move a SQLite game database to PostgreSQL and prove the move.

The copy and the row-by-row comparison are the store's (:mod:`db.copying`, which knows no game). What only
the table can do lives here: replaying every copied game with its own rules. A game verifies when its rows on
PostgreSQL equal the SQLite file's and replaying its seed and logged actions (leaving out those taken back)
gives exactly its saved snapshot (a lobby game has neither snapshot nor log; a game that was abandoned in its
lobby neither). A game the SQLite file already marked as damaged is copied as it was and counted apart: the
move did not break it, and ``/game repair`` mends it on PostgreSQL as it would have on SQLite.

Only problems get a line of their own (never a game's content: snapshots and logs hold hands and draw
orders); the last line is the summary. Exit status: 0 every game verified, 1 a game or table did not, 2 the
copy was refused (not a PostgreSQL URL, no SQLite file, a target that is not empty, a database that cannot
be reached), with the reason on standard error.
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
from db.copying import compare_databases, copy_database
from db.errors import StoreError
from db.records import ALL_STATUSES
from db.store import GameHistory, GameStore
from rules.core.errors import RulesError
from rules.registry import get_game

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_REFUSED", "Verification", "main", "migrate", "replay_problem"]

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


def default_source(environ: dict[str, str] | os._Environ[str]) -> str | None:
    """The SQLite file the bot uses (``RINGMASTER_DB``, else ``ringmaster.sqlite3``); None when
    ``RINGMASTER_DB`` names a PostgreSQL database."""
    configured = environ.get("RINGMASTER_DB", "").strip()
    if is_postgres(configured):
        return None
    return configured or DEFAULT_SQLITE


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m db", description="Ringmaster's game database: move a SQLite database to PostgreSQL.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser(
        "migrate-to", help="copy every game of a SQLite file into an empty PostgreSQL database and verify each",
        description="Copy every table of the SQLite game database into an empty PostgreSQL database (ids kept), "
                    "then check every game: its rows equal the file's and its log replays to its saved state.")
    move.add_argument("url", help="the PostgreSQL database, postgresql://user:password@host:port/database")
    move.add_argument("--from", dest="source", metavar="PATH",
                      help="the SQLite file (default: RINGMASTER_DB, else ringmaster.sqlite3)")
    args = parser.parse_args(argv)
    source = args.source or default_source(os.environ)
    if source is None:
        print("RINGMASTER_DB names a PostgreSQL database; name the SQLite file to copy with --from PATH.",
              file=sys.stderr)
        return EXIT_REFUSED
    try:
        result = asyncio.run(migrate(source, args.url, print))
    except StoreError as error:
        print(error.message, file=sys.stderr)
        return EXIT_REFUSED
    print(result.summary())
    return EXIT_OK if result.ok else EXIT_FAILED
