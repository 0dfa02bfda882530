"""Players' skill ratings, as the table computes them (``table/ratings.py``): the current rating of each player
of each game in each server, and which ended games were rated, in order, with the places they were rated by.

It also keeps each finished game's review once computed (for the web replay).

``RatingStore(store)`` works on the store's :class:`~db.database.Database` (like ``LifeStore``), so a game's
rating is written in the very transaction that writes its results. It knows nothing of the rating model: it keeps
numbers and facts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from db.database import change
from db.store import GameStore

__all__ = ["RatedGame", "RatingRow", "RatingStore"]


@dataclass(frozen=True, slots=True)
class RatingRow:
    player: str
    """"user:<id>" or "robot:<level>"."""
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RatedGame:
    """An ended game as the ratings saw it: ``players`` are ``(player, place)`` in seat order."""

    game_id: int
    guild_id: int
    kind: str
    rated: bool
    reason: str
    players: tuple[tuple[str, int], ...]


class RatingStore:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.database = store.database

    async def ratings(self, guild_id: int, kind: str, players: Sequence[str]) -> dict[str, RatingRow]:
        """The kept ratings of ``players`` (players never rated are left out)."""
        if not players:
            return {}
        marks = ", ".join("?" for _ in players)
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? AND player IN ({marks})",
                (guild_id, kind, *players))
        return {row["player"]: RatingRow(row["player"], float(row["mu"]), float(row["sigma"]), row["games"])
                for row in rows}

    async def board(self, guild_id: int, kind: str) -> list[RatingRow]:
        """Every rating of a game in a server (the table orders and cuts the leaderboard)."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? ORDER BY player",
                (guild_id, kind))
        return [RatingRow(row["player"], float(row["mu"]), float(row["sigma"]), row["games"]) for row in rows]

    async def record(self, game_id: int, guild_id: int, kind: str, rated: bool, reason: str,
                     players: Sequence[tuple[str, int]],
                     update: Callable[[Mapping[str, RatingRow]], Mapping[str, tuple[float, float]]]) -> bool:
        """Note an ended game (rated or not) and write the ratings it changed: ``update`` gets the players' kept
        ratings, read under the same write as the new ones are written (two games ending at once in a server
        never rate from the same old numbers), and gives their new ``(mu, sigma)``. False (and nothing written)
        when the game was noted already, so a game is never rated twice."""
        async with self.database.write() as conn:
            rows = list(await conn.execute_fetchall("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)))
            if rows:
                return False
            names = sorted({player for player, _ in players})
            kept: dict[str, RatingRow] = {}
            if rated and names:
                marks = ", ".join("?" for _ in names)
                found = await conn.execute_fetchall(
                    f"SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? "
                    f"AND player IN ({marks})", (guild_id, kind, *names))
                kept = {row["player"]: RatingRow(row["player"], float(row["mu"]), float(row["sigma"]), row["games"])
                        for row in found}
            updated = update(kept) if rated else {}
            [[position]] = list(await conn.execute_fetchall(
                "SELECT COALESCE(MAX(position), 0) + 1 FROM rated_games", ()))
            await change(conn, "INSERT INTO rated_games (game_id, position, rated, reason, players) "
                               "VALUES (?, ?, ?, ?, ?)",
                         (game_id, position, 1 if rated else 0, reason, json.dumps([list(p) for p in players])))
            for player, (mu, sigma) in updated.items():
                await change(conn, "INSERT INTO ratings (guild_id, kind, player, mu, sigma, games) "
                                   "VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, player) "
                                   "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                                   "games = ratings.games + 1",
                             (guild_id, kind, player, mu, sigma))
        return True

    async def rated_games(self) -> list[RatedGame]:
        """Every ended game the ratings noted, in the order they were noted."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT r.game_id, g.guild_id, g.kind, r.rated, r.reason, r.players FROM rated_games AS r "
                "JOIN games AS g ON g.id = r.game_id ORDER BY r.position", ())
        return [RatedGame(row["game_id"], row["guild_id"], row["kind"], bool(row["rated"]), row["reason"],
                          tuple((str(player), int(place)) for player, place in json.loads(row["players"])))
                for row in rows]

    async def save_review(self, game_id: int, review: Mapping[str, object]) -> None:
        """Keep a finished game's computed review (the first one kept stays: a review is computed once)."""
        async with self.database.write() as conn:
            await change(conn, "INSERT OR IGNORE INTO reviews (game_id, review) VALUES (?, ?)",
                         (game_id, json.dumps(review, ensure_ascii=False)))

    async def review(self, game_id: int) -> dict[str, object] | None:
        async with self.database.read() as conn:
            rows = list(await conn.execute_fetchall("SELECT review FROM reviews WHERE game_id = ?", (game_id,)))
        if not rows:
            return None
        found = json.loads(rows[0][0])
        return found if isinstance(found, dict) else None
