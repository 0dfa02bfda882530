"""``GameStore.game_version``: how far a game has got and who holds a seat, read without its JSON columns — on
SQLite and on PostgreSQL alike, as a web page polling for news reads it."""

from __future__ import annotations

from db.records import GameVersion
from db.store import GameStore

GUILD, CHANNEL = 1_234_567_890_123_456_789, 1100
ANN, BOB = 11, 22


async def test_the_version_read_follows_the_game_and_its_seats(store: GameStore) -> None:
    game = await store.create_game("circus_train", GUILD, CHANNEL, ANN, {}, seed=42)
    await store.add_seat(game.id, ANN, "Ann")
    await store.add_seat(game.id, BOB, "Bob")
    lobby = await store.get_game(game.id)
    assert lobby is not None
    assert await store.game_version(game.id) == GameVersion(game.id, GUILD, CHANNEL, "lobby", lobby.version)
    started = await store.start_game(game.id, lobby.version, {"turn": 0})
    assert await store.game_version(game.id, 1) == GameVersion(game.id, GUILD, CHANNEL, "active", started.version, BOB)
    assert (await store.game_version(game.id, 0)) == GameVersion(game.id, GUILD, CHANNEL, "active", started.version,
                                                                 ANN)
    nobody = await store.game_version(game.id, 7)  # no such seat: the game, and no holder
    assert nobody is not None and nobody.seat_user is None and nobody.version == started.version
    assert await store.game_version(game.id + 1) is None
