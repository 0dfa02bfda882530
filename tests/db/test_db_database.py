"""The seam under the stores (``db.database``): a database opened on its own carries the stores built on it, its
statements report what they changed, and a transaction on it holds every store's writes — on SQLite and on
PostgreSQL."""

from __future__ import annotations

import pytest

from db.database import Database, change, placeholders
from db.life import LifeStore
from db.store import GameStore

from db_helpers import Clock, raw

ANN, BEN = 11, 12


async def test_stores_built_on_one_database_write_through_its_transactions(database: str, clock: Clock) -> None:
    opened = await Database.open(database, clock=clock)
    try:
        store = GameStore(opened)
        life = LifeStore(store)
        game = await store.create_game("circus_train", 1, 2, ANN, {}, seed=5)
        await store.add_seat(game.id, ANN, "Ann")
        with pytest.raises(RuntimeError):
            async with opened.transaction() as conn:
                assert await change(conn, "UPDATE seats SET display_name = ? WHERE game_id = ?",
                                    ("Annie", game.id)) == 1
                assert await change(conn, "UPDATE seats SET display_name = ? WHERE game_id = ?",
                                    ("Annie", game.id + 1)) == 0
                await life.vote(game.id, "abandon", ANN)
                # The store's own reads join the open transaction and see what it wrote.
                assert [seat.display_name for seat in await store.seats(game.id)] == ["Annie"]
                raise RuntimeError("refused half-way")
        assert [seat.display_name for seat in await store.seats(game.id)] == ["Ann"]
        assert await life.votes(game.id, "abandon") == set()
        async with opened.write() as conn:
            await change(conn, f"UPDATE seats SET display_name = ? WHERE game_id IN ({placeholders(2)})",
                         ("Ann B.", game.id, game.id + 1))
        assert raw(database, "SELECT display_name FROM seats") == [("Ann B.",)]
    finally:
        await opened.close()
    with pytest.raises(RuntimeError, match="closed"):
        opened.writer  # noqa: B018 - reading it is the refusal
