"""Fixtures shared by the store's tests on real SQLite files (a module's own fixture of the same name
wins): a controllable clock, a fresh database file under ``tmp_path`` and a store open on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import GameStore

from db_helpers import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_path: Path, clock: Clock) -> AsyncIterator[GameStore]:
    async with await GameStore.open(db_path, clock=clock) as opened:
        yield opened
