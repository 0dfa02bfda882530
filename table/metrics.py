"""What the table counts for an operator's Prometheus (``RINGMASTER_HEALTH``; see docs/operations.md).

One :class:`Metrics` per bot, each with a registry of its own: prometheus-client's default registry is one
per process, and a test process runs several bots. Every label is bounded: a game's kind, a cause, an outcome,
an HTTP status, a shard number; never a game, a user or a message id.

Counters are bumped where things happen (a move in :meth:`TableCore.after_change`, a render around the
renderers, a database error where the store turns a driver's error into its own). Gauges that describe the
database (the outbox's backlog, the live games) are read from it when Prometheus scrapes (:meth:`Metrics.read`),
so nothing is counted twice across restarts and every process of a shared database reports the same figures.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from db.errors import StorageUnavailable, StoreBusy, StoreError
from db.outbox import SET_ASIDE
from db.store import GameStore
from rules.core.game import View
from table.renders import Renders
from table.work import Change

T = TypeVar("T")

__all__ = ["CONTENT_TYPE", "MeteredRenders", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""Prometheus' text exposition format."""
# Drawing a board takes tens of milliseconds, a replay seconds; waiting behind other drawings adds to both.
RENDER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """Every metric of one bot (see docs/operations.md for each), in a registry of its own."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        self.gateway_latency = Gauge("ringmaster_gateway_latency_seconds",
                                     "Time between the last gateway heartbeat and its acknowledgement, per shard",
                                     ["shard"], registry=registry)
        self.gateway_connected = Gauge("ringmaster_gateway_connected",
                                       "1 while the shard's gateway session is connected (READY or RESUMED), else 0",
                                       ["shard"], registry=registry)
        self.interactions = Counter("ringmaster_interactions",
                                    "Interactions by kind and outcome: answered or late (Discord refused the first "
                                    "answer as too late) partition them; refused and incident count those whose "
                                    "answer was a refusal's sentence or an apology with an incident id",
                                    ["kind", "outcome"], registry=registry)
        self.discord_requests = Counter("ringmaster_discord_requests",
                                        "Discord REST answers by HTTP method and status",
                                        ["method", "status"], registry=registry)
        self.rate_limited = Counter("ringmaster_discord_rate_limited",
                                    "Discord REST answers 429 (rate limited), by the scope Discord gave",
                                    ["scope"], registry=registry)
        self.rate_limited_seconds = Counter("ringmaster_discord_rate_limited_seconds",
                                            "Seconds Discord's 429 answers asked the bot to wait before retrying",
                                            registry=registry)
        self.moves = Counter("ringmaster_moves", "Moves applied, by game kind and cause", ["game", "cause"],
                             registry=registry)
        self.outbox_pending = Gauge("ringmaster_outbox_pending_items",
                                    "Outbox items saved but not yet delivered (the whole database)", registry=registry)
        self.outbox_oldest = Gauge("ringmaster_outbox_oldest_pending_seconds",
                                   "Age of the oldest undelivered outbox item (0 when none)", registry=registry)
        self.outbox_aside = Gauge("ringmaster_outbox_set_aside_items",
                                  "Outbox items set aside as undeliverable, kept for inspection", registry=registry)
        self.render_queue = Gauge("ringmaster_render_queue_depth",
                                  "Drawings asked for and not finished yet (waiting or being drawn)", ["what"],
                                  registry=registry)
        self.render_seconds = Histogram("ringmaster_render_seconds",
                                        "Seconds from asking for a drawing to having it, waiting included",
                                        ["what"], buckets=RENDER_BUCKETS, registry=registry)
        self.database_errors = Counter("ringmaster_database_errors",
                                       "The database failing, by kind: full, read-only, io, cannot-open, corrupt, "
                                       "unreachable, busy", ["kind"], registry=registry)
        self.live_games = Gauge("ringmaster_live_games", "Games being played (the whole database), by kind",
                                ["game"], registry=registry)
        self._kinds_seen: set[str] = set()

    # ----- counted where it happens -------------------------------------------------------------------
    def changed(self, change: Change) -> None:
        """Count the moves of a change (none for a change that is not a move): the move itself by the change's
        cause, and each move that followed it on its own (forced moves, standing answers) by its reason."""
        result = change.result
        if result is None:
            return
        game = change.table.record.kind
        self.moves.labels(game, change.cause).inc()
        for follow in result.follow_ups:
            self.moves.labels(game, follow.reason).inc()

    def database_failed(self, error: StoreError) -> None:
        """Count the database failing (a refusal such as a stale board is no failure and is not counted)."""
        if isinstance(error, StorageUnavailable):
            self.database_errors.labels(error.cause).inc()
        elif isinstance(error, StoreBusy):
            self.database_errors.labels("busy").inc()

    def shard(self, shard: int, *, connected: bool, latency: float | None) -> None:
        self.gateway_connected.labels(str(shard)).set(1 if connected else 0)
        if latency is not None and latency == latency and latency != float("inf"):  # NaN / inf before a heartbeat
            self.gateway_latency.labels(str(shard)).set(latency)

    # ----- read from the database at each scrape --------------------------------------------------------
    async def read(self, store: GameStore, now: datetime) -> None:
        """Set the gauges that describe the database: the outbox's backlog and the live games by kind."""
        async with store.database.read(snapshot=True) as conn:
            pending = list(await conn.execute_fetchall(
                "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox WHERE delivered_at IS NULL"))
            aside = list(await conn.execute_fetchall(
                "SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NOT NULL AND last_error LIKE ?",
                (SET_ASIDE + "%",)))
            live = list(await conn.execute_fetchall(
                "SELECT kind, COUNT(*) AS n FROM games WHERE status = 'active' GROUP BY kind"))
        self.outbox_pending.set(int(pending[0]["n"]))
        oldest = pending[0]["oldest"]
        self.outbox_oldest.set(max(0.0, (now - datetime.fromisoformat(oldest)).total_seconds()) if oldest else 0.0)
        self.outbox_aside.set(int(aside[0]["n"]))
        counts = {str(row["kind"]): int(row["n"]) for row in live}
        self._kinds_seen |= set(counts)
        for kind in self._kinds_seen:  # a kind whose last game ended reads 0, not its last count
            self.live_games.labels(kind).set(counts.get(kind, 0))

    def exposition(self) -> bytes:
        """The registry in Prometheus' text format."""
        return generate_latest(self.registry)


class MeteredRenders:
    """The renderers, with each drawing counted while it waits or is drawn and timed once it is done."""

    def __init__(self, inner: Renders, metrics: Metrics) -> None:
        self.inner = inner
        self.metrics = metrics

    async def _timed(self, what: str, drawing: Any) -> Any:
        queue = self.metrics.render_queue.labels(what)
        queue.inc()
        started = time.perf_counter()
        try:
            return await drawing
        finally:
            queue.dec()
            self.metrics.render_seconds.labels(what).observe(time.perf_counter() - started)

    async def board(self, kind: str, view: View) -> list[bytes]:
        images: list[bytes] = await self._timed("board", self.inner.board(kind, view))
        return images

    async def hand(self, kind: str, view: View) -> bytes:
        image: bytes = await self._timed("hand", self.inner.hand(kind, view))
        return image

    async def past_board(self, kind: str, view: View) -> bytes:
        image: bytes = await self._timed("past_board", self.inner.past_board(kind, view))
        return image

    async def page_board(self, kind: str, view: View) -> list[bytes]:
        images: list[bytes] = await self._timed("page_board", self.inner.page_board(kind, view))
        return images

    async def page_hand(self, kind: str, view: View) -> bytes:
        image: bytes = await self._timed("page_hand", self.inner.page_hand(kind, view))
        return image

    async def later(self, function: Callable[..., T], *args: Any) -> T:
        found: T = await self._timed("later", self.inner.later(function, *args))
        return found

    async def replay(self, kind: str, title: str, players: Sequence[str], options: Mapping[str, object], seed: int,
                     actions: Sequence[tuple[int, Mapping[str, Any]]], frames: int) -> tuple[bytes, str]:
        found: tuple[bytes, str] = await self._timed(
            "replay", self.inner.replay(kind, title, players, options, seed, actions, frames))
        return found

    async def aside(self, function: Callable[..., T], *args: Any) -> T:
        found: T = await self._timed("aside", self.inner.aside(function, *args))
        return found

    async def close(self) -> None:
        await self.inner.close()

    def trouble(self) -> str | None:
        trouble = getattr(self.inner, "trouble", None)
        return trouble() if callable(trouble) else None

    def __getattr__(self, name: str) -> Any:
        # Anything else the renderers offer (added later, or a test's) is theirs, unmetered.
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)
