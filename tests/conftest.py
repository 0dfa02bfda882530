"""Fixtures shared by the store's and the table's tests (a module's own fixture of the same name wins): a
controllable clock, a database of each kind, and a store open on it.

``database`` runs each test that uses it twice: on a fresh SQLite file under ``tmp_path`` and on a fresh
database of a real PostgreSQL server that the test session starts (see ``postgres_server.py``). ``db_path``
is a SQLite file only, for the tests of SQLite's own file (its header, its journal, a damaged disk).

The test modules sit in folders by package (``tests/table/``, ``tests/rules/circus_train/``, ...) without
``__init__.py``. Loading this file puts ``tests/`` itself on ``sys.path`` (pytest's default import mode),
so those modules import the shared helpers here (``harness``, ``discord_table``, ``db_helpers``, ...) by their
bare names, and a folder named like a package (``tests/table/``) never stands in for the package itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from postgres_server import PostgresServer, running_server

from db import GameStore

from db_helpers import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One PostgreSQL server per test process, started when a test first needs it."""
    with running_server() as server:
        yield server


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's games are kept: a SQLite file, then a PostgreSQL database (the test runs on both)."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return await server.new_database()


@pytest.fixture
async def store(database: str, clock: Clock) -> AsyncIterator[GameStore]:
    async with await GameStore.open(database, clock=clock) as opened:
        yield opened


@pytest.fixture
async def sqlite_store(db_path: Path, clock: Clock) -> AsyncIterator[GameStore]:
    """A store on the SQLite file ``db_path``, for what only SQLite's file has (its header, its journal)."""
    async with await GameStore.open(db_path, clock=clock) as opened:
        yield opened
