"""Running the bot as a service (``RINGMASTER_HEALTH``; see docs/operations.md): the Discord side of the health
check and of the metrics.

- Each shard's connection is followed through discord.py's events (a shard is down from its disconnect until
  its READY or RESUMED) and its socket; its latency is the gateway heartbeat's.
- Discord's REST answers are counted through an aiohttp ``TraceConfig`` on discord.py's own HTTP session
  (``http_trace``, given when the client is made): every request discord.py sends, its retries and the
  interaction callbacks included, is seen once with its status, without wrapping any of discord.py's code.
- An interaction is counted by kind when its first answer reaches Discord: ``answered``, or ``late`` when
  Discord refuses it as unknown (answered after its 3 seconds). The error route (cogs/errors.py) counts the
  ones answered with a refusal's sentence (``refused``) or an apology (``incident``) besides.

With ``RINGMASTER_HEALTH`` unset nothing of this runs: no registry, no trace, no listener.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord

from table.config import Config
from table.health import table_checks
from table.metrics import CONTENT_TYPE, Metrics
from web.health import HealthServer, add_routes

if TYPE_CHECKING:
    from aiohttp import web

    from table.core import TableCore


class RingmasterBot(Protocol):
    """What the operations need of the bot (``cogs/runtime.py``'s ``RingmasterBot``). A protocol rather than
    the class: the error route imports this module, and the runtime imports the error route, so this module
    imports nothing of the runtime back."""

    @property
    def config(self) -> Config: ...

    @property
    def core(self) -> TableCore: ...

    @property
    def stopping(self) -> bool: ...

    @property
    def ws(self) -> Any: ...

    def clock(self) -> datetime: ...

    def add_listener(self, func: Any, /, name: str = ...) -> None: ...

    def is_closed(self) -> bool: ...

log = logging.getLogger("ringmaster.operations")

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.autocomplete: "autocomplete",
    discord.InteractionType.modal_submit: "modal",
}
SCOPES = frozenset({"user", "global", "shared"})
WAITING_KINDS = 10_000  # interactions remembered until their first answer (Discord's own limit is 3 s)


def interaction_kind(interaction: discord.Interaction) -> str:
    return KINDS.get(interaction.type, "other")


class Operations:
    """The health check and the metrics of one bot (inert when ``RINGMASTER_HEALTH`` is unset)."""

    def __init__(self, config: Config) -> None:
        self.settings = config.health
        self.metrics: Metrics | None = Metrics() if config.health is not None else None
        self.trace: aiohttp.TraceConfig | None = None
        """Given to discord.py's HTTP session when the client is made (its session is made before any cog)."""
        if self.metrics is not None:
            self.trace = aiohttp.TraceConfig()
            self.trace.on_request_end.append(self._request_ended)
        self.server: HealthServer | None = None
        self._bot: RingmasterBot | None = None
        self._down: set[int] = set()  # shards disconnected since their last READY or RESUMED
        self._kinds: dict[str, str] = {}  # interaction id → kind, until its first answer reaches Discord

    # ----- starting and stopping ------------------------------------------------------------------------
    async def start(self, bot: RingmasterBot) -> None:
        """Count into the table and listen to the shards; serve the endpoints on their own address unless the
        web companion shares its server (it then calls :meth:`share` before it starts)."""
        if self.settings is None or self.metrics is None:
            return
        self._bot = bot
        self._down = set(self.shard_ids(bot))  # nothing is connected before its READY
        bot.core.measure(self.metrics)
        sharded = isinstance(bot, discord.AutoShardedClient)
        listeners: dict[str, Any] = {"on_interaction": self._interaction}
        if sharded:
            listeners |= {"on_shard_connect": self._up, "on_shard_resumed": self._up,
                          "on_shard_disconnect": self._lost}
        else:
            listeners |= {"on_connect": lambda: self._up(0), "on_resumed": lambda: self._up(0),
                          "on_disconnect": lambda: self._lost(0)}
        for event, listener in listeners.items():
            bot.add_listener(_coroutine(listener), event)
        if self.shares_web(bot.config):
            return
        server = HealthServer(self)
        try:
            await server.start(self.settings.host, self.settings.port)
        except OSError as error:  # the bot still hosts its games; its supervisor's probes will say it is unseen
            log.error("The health endpoints could not listen on %s:%s (%s); the bot runs without them (the metrics "
                      "are still counted)", self.settings.host, self.settings.port, error.strerror or error)
            return
        self.server = server

    def shares_web(self, config: Config) -> bool:
        """Whether the endpoints go on the web companion's server (both settings name one address)."""
        return (self.settings is not None and config.web is not None
                and (config.web.host, config.web.port) == (self.settings.host, self.settings.port))

    def share(self, app: web.Application) -> None:
        """Add the endpoints to the web companion's application (before it starts)."""
        if self._bot is not None:
            add_routes(app, self)

    async def stop(self) -> None:
        if self.server is not None:
            server, self.server = self.server, None
            await server.stop()

    # ----- the shards -----------------------------------------------------------------------------------
    @staticmethod
    def shard_ids(bot: RingmasterBot) -> list[int]:
        shards = bot.config.shards
        return shards.ids if shards is not None else [0]

    def _up(self, shard: int) -> None:
        self._down.discard(shard)

    def _lost(self, shard: int) -> None:
        self._down.add(shard)

    def shard_states(self) -> dict[int, tuple[bool, float | None]]:
        """Each shard of this process: whether it is connected now, and its heartbeat's latency."""
        bot = self._bot
        assert bot is not None
        states: dict[int, tuple[bool, float | None]] = {}
        if isinstance(bot, discord.AutoShardedClient):
            for shard in self.shard_ids(bot):
                info = bot.get_shard(shard)
                open_now = info is not None and not info.is_closed()
                states[shard] = (open_now and shard not in self._down, info.latency if info is not None else None)
        else:
            ws = bot.ws
            open_now = ws is not None and ws.open
            states[0] = (open_now and 0 not in self._down and not bot.is_closed(),
                         ws.latency if ws is not None else None)
        return states

    # ----- the probe (web/health.py) --------------------------------------------------------------------
    async def ready(self) -> tuple[bool, dict[str, Any]]:
        bot = self._bot
        assert bot is not None
        shards = {str(shard): {"connected": connected, "latency_seconds": _seconds(latency)}
                  for shard, (connected, latency) in self.shard_states().items()}
        checks = await table_checks(bot.core, bot.clock())
        ok = all(shard["connected"] for shard in shards.values()) and all(check.ok for check in checks.values())
        detail: dict[str, Any] = {"shards": shards, **{name: check.as_json() for name, check in checks.items()}}
        if bot.stopping:  # SIGTERM: new interactions are turned away from now on, so send none here
            ok, detail["stopping"] = False, True
        return ok, detail

    async def scrape(self) -> tuple[bytes, str]:
        bot, metrics = self._bot, self.metrics
        assert bot is not None and metrics is not None
        for shard, (connected, latency) in self.shard_states().items():
            metrics.shard(shard, connected=connected, latency=latency)
        try:
            await bot.core.read_gauges()
        except Exception as error:  # the counters are still worth having; the gauges keep their last reading
            log.warning("Reading the database for the metrics failed: %s", error)
        return metrics.exposition(), CONTENT_TYPE

    # ----- interactions and REST answers ----------------------------------------------------------------
    def _interaction(self, interaction: discord.Interaction) -> None:
        if len(self._kinds) >= WAITING_KINDS:  # answers that never came: forget the oldest
            del self._kinds[next(iter(self._kinds))]
        self._kinds[str(interaction.id)] = interaction_kind(interaction)

    def answered_with(self, interaction: discord.Interaction, outcome: str) -> None:
        """The error route answered the interaction with a refusal (``refused``) or an apology (``incident``)."""
        if self.metrics is not None:
            self.metrics.interactions.labels(interaction_kind(interaction), outcome).inc()

    async def _request_ended(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                             params: aiohttp.TraceRequestEndParams) -> None:
        metrics = self.metrics
        assert metrics is not None
        status = params.response.status
        metrics.discord_requests.labels(params.method, str(status)).inc()
        if status == 429:
            headers = params.response.headers
            scope = headers.get("X-RateLimit-Scope", "")
            metrics.rate_limited.labels(scope if scope in SCOPES else "other").inc()
            wait = _number(headers.get("X-RateLimit-Reset-After")) or _number(headers.get("Retry-After"))
            if wait:
                metrics.rate_limited_seconds.inc(wait)
        if params.method == "POST" and (callback := CALLBACK.search(params.url.path)):
            kind = self._kinds.pop(callback.group(1), None)
            if kind is not None:  # its first answer (a second one is Discord's refusal of a double answer)
                outcome = "answered" if status < 300 else "late" if status == 404 else "failed"
                metrics.interactions.labels(kind, outcome).inc()


def _coroutine(function: Any) -> Any:
    """discord.py's listeners must be coroutine functions; these only note something."""
    async def listener(*args: Any) -> None:
        function(*args)
    return listener


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text else None
    except ValueError:
        return None


def _seconds(value: float | None) -> float | None:
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return None  # no heartbeat acknowledged yet
    return round(value, 4)


def answered_with(client: Any, interaction: discord.Interaction, outcome: str) -> None:
    """Count an error route's answer on the bot's operations, if it has any (cogs/errors.py)."""
    operations = getattr(client, "operations", None)
    if isinstance(operations, Operations):
        operations.answered_with(interaction, outcome)
