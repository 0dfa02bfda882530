"""Players' skill ratings: OpenSkill's Plackett-Luce model, per server and per game, updated when a game ends.

Who is rated: the people seated in a finished game of two or more seats, each as ``user:<id>``; the computer's
seats (robots) as ``robot:<level>``, one rating per level, kept apart from people's on the leaderboard but rated
in the same games, so a level's rating says how strong it plays here. Not rated: solo games (nobody to rank
against), games with hints (a hint is the strong player's advice, not the player's own play) and abandoned games
(no result). Each ended game is noted with whether it was rated and why not, in the transaction that writes its
results (a preparer of the unit of work, ``table/work.py``), so every path that ends a game — a move, a deadline,
autopilot, an abandon — rates or skips it the same way, and once.

Recomputing: :func:`recompute` replays the noted games in the order they were rated, from their places alone,
and gets the very numbers kept (the model is deterministic; a test proves it).

Shown as ``mu - 3 sigma`` (the "ordinal": a cautious estimate that grows with games played) with the mean and the
deviation beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from db.ratings import RatedGame, RatingRow, RatingStore
from table.model import Table
from table.work import Change

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, and tau 25/300 added to every rating's uncertainty each game,
so an absent player's rating grows less certain only as they play again."""


@dataclass(frozen=True)
class Shown:
    """One line of the ratings leaderboard."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def robot(self) -> str | None:
        return self.player.removeprefix("robot:") if self.player.startswith("robot:") else None

    @property
    def user(self) -> int | None:
        return int(self.player.removeprefix("user:")) if self.player.startswith("user:") else None


def robot_level(table: Table, seat: int) -> str | None:
    """The level of a seat the computer plays for good (a robot seat: a level and no person), else None. Robot
    seats keep their level on the seat's record (``robot``); a person's seat on autopilot is still theirs."""
    return table.seats[seat].robot


def player_key(table: Table, seat: int) -> str:
    level = robot_level(table, seat)
    return f"robot:{level}" if level is not None else f"user:{table.user_of(seat)}"


def unrated_reason(table: Table) -> str:
    """Why this ended game is not rated ("" when it is)."""
    if table.record.status == "abandoned":
        return "abandoned"
    if len(table.seats) < 2:
        return "solo"
    if table.record.practice:  # one person learning against robots, with lessons and hints
        return "practice"
    if any(seat.hints for seat in table.seats):  # someone asked for the strong player's advice
        return "hints"
    if all(robot_level(table, seat) is not None for seat in range(len(table.seats))):
        return "robots only"
    return ""


def places(table: Table) -> list[tuple[str, int]]:
    """Each seat's ``(player, place)``, in seat order, from the game's outcome (empty without one)."""
    if table.state is None:
        return []
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return []
    place_of = {seat: place for place, seats in enumerate(outcome.ranking, start=1) for seat in seats}
    return [(player_key(table, seat), place_of.get(seat, len(outcome.ranking))) for seat in range(len(table.seats))]


def rate(kept: Mapping[str, RatingRow], placed: Sequence[tuple[str, int]]) -> dict[str, tuple[float, float]]:
    """The new ``(mu, sigma)`` of each player after a game with these places (1 = first; equal places tie).
    Two seats of one player (two robots of one level) are rated as two seats and their new ratings averaged."""
    teams: list[list[Any]] = []
    for player, _ in placed:
        row = kept.get(player)
        teams.append([MODEL.rating(mu=row.mu, sigma=row.sigma) if row is not None else MODEL.rating()])
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in placed])
    gathered: dict[str, list[tuple[float, float]]] = {}
    for (player, _), [rating] in zip(placed, rated, strict=True):
        gathered.setdefault(player, []).append((float(rating.mu), float(rating.sigma)))
    return {player: (sum(mu for mu, _ in values) / len(values), sum(sigma for _, sigma in values) / len(values))
            for player, values in gathered.items()}


class Rater:
    """The unit of work's preparer that notes every ended game and rates the ones that count."""

    def __init__(self, store: RatingStore) -> None:
        self.store = store

    async def prepare(self, change: Change) -> None:
        after = change.after
        if after is None or change.table.record.status in ("finished", "abandoned"):
            return
        if after.record.status not in ("finished", "abandoned"):
            return
        reason = unrated_reason(after)
        placed = places(after) if after.record.status == "finished" else []
        rated = not reason and len(placed) >= 2
        if not reason and not rated:
            reason = "no result"
        record = after.record

        async def write() -> None:
            await self.store.record(record.id, record.guild_id, record.kind, rated, reason, placed,
                                    lambda kept: rate(kept, placed))

        change.write(write)

    async def leaderboard(self, guild_id: int, kind: str, limit: int = 10) -> tuple[list[Shown], list[Shown]]:
        """The best-rated people and the robots' levels of a game in a server, best first."""
        rows = [Shown(row.player, row.mu, row.sigma, row.games) for row in await self.store.board(guild_id, kind)]
        rows.sort(key=lambda shown: (-shown.ordinal, -shown.mu, shown.player))
        people = [shown for shown in rows if shown.user is not None][:limit]
        robots = [shown for shown in rows if shown.robot is not None]
        return people, robots

    async def rating_of(self, guild_id: int, kind: str, user_id: int) -> Shown | None:
        found = await self.store.ratings(guild_id, kind, [f"user:{user_id}"])
        row = found.get(f"user:{user_id}")
        return None if row is None else Shown(row.player, row.mu, row.sigma, row.games)


def recompute(games: Sequence[RatedGame]) -> dict[tuple[int, str, str], tuple[float, float, int]]:
    """Every rating from the noted games alone, in the order they were rated: ``(guild, kind, player) -> (mu,
    sigma, games)``. Equal to what was kept game by game."""
    kept: dict[tuple[int, str, str], tuple[float, float, int]] = {}
    for game in games:
        if not game.rated:
            continue
        rows = {player: RatingRow(player, *kept[(game.guild_id, game.kind, player)])
                for player, _ in game.players if (game.guild_id, game.kind, player) in kept}
        for player, (mu, sigma) in rate(rows, game.players).items():
            before = kept.get((game.guild_id, game.kind, player))
            kept[(game.guild_id, game.kind, player)] = (mu, sigma, (before[2] if before else 0) + 1)
    return kept
