"""After the game: the use cases of a finished game's chart, review, ratings and record to keep.

:class:`Afterwards` is what :class:`~table.core.TableCore` hands these to: it reads the game's record and log,
has the chart and the review computed in the renderers' background worker (``table/reviews.py``), keeps the
review for the web replay, builds the export (``rules/review/record.py``) and reads the ratings
(``table/ratings.py``). It never changes a game, so it takes no lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from db.ratings import RatingStore
from db.store import GameStore
from lang import tr
from rules.core.errors import RulesError
from rules.review.record import export_record, plain_text
from table import reviews
from table.errors import TableError
from table.kits import KitError
from table.model import Table
from table.ratings import Rater, Shown
from table.renders import Renders
from table.service import TableService

log = logging.getLogger(__name__)

ENDED = ("finished", "abandoned")
REVIEW_WAIT = 12.0
"""Seconds a delivery waits for a review being computed before it is tried again later: a review may take a minute,
and one delivery may take no more than the publisher's timeout (20 s)."""


class ReviewPending(Exception):
    """The review is being computed; its delivery is to be tried again later (it goes on meanwhile)."""

    def __init__(self) -> None:
        super().__init__("the review is still being computed")


class Afterwards:
    def __init__(self, store: GameStore, tables: TableService, renders: Renders) -> None:
        self.store = store
        self.tables = tables
        self.renders = renders
        self.kept = RatingStore(store)
        self.rater = Rater(self.kept)
        self._reviewing: dict[int, asyncio.Task[dict[str, Any] | None]] = {}
        """The reviews being computed, by game: one at a time per game, whoever asks and however often."""

    async def _finished(self, game_id: int) -> tuple[Table, list[tuple[int, dict[str, Any]]]] | None:
        table = await self.tables.lobby_view(game_id)
        if table.record.status != "finished":
            return None
        return table, [(logged.seat, logged.action) for logged in await self.store.actions(game_id)]

    async def chart(self, game_id: int) -> tuple[bytes, str, list[str]] | None:
        """A finished game's score chart (PNG), its alt text and its luck lines; None for a game that did not
        finish (abandoned, or still going) or whose chart cannot be drawn."""
        found = await self._finished(game_id)
        if found is None:
            return None
        table, actions = found
        record = table.record
        try:
            return await self.renders.aside(reviews.draw_chart, record.kind, table.title, table.names,
                                            dict(record.options), record.seed, actions)
        except (ValueError, RulesError, KitError) as error:
            log.warning("No score chart for game %s: %s", game_id, error)
            return None

    async def review(self, game_id: int) -> dict[str, Any] | None:
        """A finished game's review (computed once, then kept); None for a game that did not finish. Raises
        :class:`ReviewPending` when the review is not ready within :data:`REVIEW_WAIT`: its computation goes on, and
        the next call waits for the same one."""
        kept = await self.kept.review(game_id)
        if kept is not None:
            return kept
        task = self._reviewing.get(game_id)
        if task is None:
            task = asyncio.create_task(self._compute(game_id), name=f"review of game {game_id}")
            self._reviewing[game_id] = task
            task.add_done_callback(lambda _: self._reviewing.pop(game_id, None))
        try:
            return await asyncio.wait_for(asyncio.shield(task), REVIEW_WAIT)
        except TimeoutError:
            raise ReviewPending() from None

    async def close(self) -> None:
        """Stop the reviews being computed (a restart computes them again when their delivery is tried)."""
        for task in list(self._reviewing.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _compute(self, game_id: int) -> dict[str, Any] | None:
        found = await self._finished(game_id)
        if found is None:
            return None
        table, actions = found
        record = table.record
        try:
            review = await self.renders.aside(reviews.write_review, record.kind, table.title, table.names,
                                              dict(record.options), record.seed, actions)
        except (ValueError, RulesError, KitError) as error:
            log.warning("No review for game %s: %s", game_id, error)
            return None
        if review is not None:
            await self.kept.save_review(game_id, review)
        return review

    async def chances_chart(self, game_id: int, review: dict[str, Any]) -> tuple[bytes, str] | None:
        """The chart of each player's chances from a computed review (None when it judged nothing)."""
        chances = review.get("chances")
        if not isinstance(chances, dict):
            return None
        table = await self.tables.lobby_view(game_id)
        try:
            return await self.renders.aside(reviews.draw_chances, table.record.kind, table.title, table.names, chances)
        except (ValueError, KeyError, TypeError) as error:
            log.warning("No chances chart for game %s: %s", game_id, error)
            return None

    async def kept_review(self, game_id: int) -> dict[str, Any] | None:
        """The review if it was computed already (the web replay never starts one)."""
        return await self.kept.review(game_id)

    async def export(self, game_id: int, guild_id: int | None = None) -> tuple[Table, dict[str, Any], str]:
        """An ended game's export and its plain-text log; refused while the game goes on (the export reveals the
        seed)."""
        table = await self.tables.table(game_id, guild_id)
        if table.record.status not in ENDED:
            raise TableError(tr("The game's record reveals its secret seed, so it can be exported only once the "
                                "game has ended."))
        logged = await self.store.actions(game_id)
        robots = {seat: level for seat in range(len(table.seats))
                  if (level := getattr(table.seats[seat], "level", None))}
        record = table.record
        export = export_record(table.game, table.title, table.names, record.options, record.seed, record.seed_salt,
                               [(entry.seat, entry.action) for entry in logged], status=record.status,
                               robots=robots,
                               automatic=[entry.automatic_reason or ("automatic" if entry.automatic else None)
                                          for entry in logged])
        return table, export, plain_text(export)

    async def ratings(self, guild_id: int, kind: str) -> tuple[list[Shown], list[Shown]]:
        return await self.rater.leaderboard(guild_id, kind)

    async def rating_of(self, guild_id: int, kind: str, user_id: int) -> Shown | None:
        return await self.rater.rating_of(guild_id, kind, user_id)
