"""The bot as every cog sees it: a typed ``commands.Bot`` that carries the table core, the clock and the
protocols the persistent buttons call. ``bot.py`` builds it; cogs reach it with :func:`bot_of`."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.ext import commands

from cogs.errors import on_app_command_error
from cogs.handlers import LifeHandlers, LobbyHandlers, PlayHandlers
from cogs.operations import Operations
from lang import N_, speaking, tr
from table.config import Config
from table.core import TableCore

if TYPE_CHECKING:
    from web.companion import Companion

log = logging.getLogger("ringmaster")

SHUTDOWN_GRACE = 10.0  # seconds an interaction being served may take to finish when the bot stops
# Seconds the deliveries under way may take to finish once the moves are done, when the bot stops: what is
# not delivered by then stays in the outbox (it is saved with the move) and is posted at the next start.
POSTING_GRACE = 5.0
RESTARTING = N_("Ringmaster is restarting; try again in a minute.")
TICK_SECONDS = 60.0
ANSWER_WAIT = 1.0  # seconds a person's answer waits for the thread to show what they did (TableCore.answer_wait)


class RingmasterBot(commands.Bot):
    def __init__(self, config: Config) -> None:
        # Ringmaster has no voice features: silence discord.py's warnings about missing voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Mentions are denied by default; each message names exactly the members it may ping.
        # With RINGMASTER_SHARDS the bot is an AutoShardedBot (bot.py) running only those shards.
        options: dict[str, Any] = {} if config.shards is None else {"shard_ids": config.shards.ids,
                                                                       "shard_count": config.shards.count}
        # Health and metrics (RINGMASTER_HEALTH): Discord's REST answers are counted through discord.py's own
        # HTTP session, which is made at login, before any cog: its trace is given here.
        self.operations = Operations(config)
        if self.operations.trace is not None:
            options["http_trace"] = self.operations.trace
        # No message cache (``max_messages=None``): nothing of the bot reads a message discord.py kept (a
        # board is edited through its saved id), and the 1,000 messages it keeps by default, each with its
        # buttons and embeds parsed, cost the bot's process tens of megabytes under load.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         allowed_mentions=discord.AllowedMentions.none(), max_messages=None, **options)
        self.config = config
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)
        """The current time; tests replace it with a controllable clock."""
        self.tick_seconds = TICK_SECONDS
        self.lobby_handlers: LobbyHandlers | None = None
        self.play_handlers: PlayHandlers | None = None
        self.life_handlers: LifeHandlers | None = None
        self._core: TableCore | None = None
        self.web: Companion | None = None
        """The web companion while it runs (``RINGMASTER_WEB`` set; see ``cogs/web.py``)."""
        self._freezing: asyncio.Task[None] | None = None
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.stopping = False
        """Set when the bot begins to stop: interactions that arrive are answered with :data:`RESTARTING`."""
        self.posting_grace = POSTING_GRACE
        self._refusals: set[asyncio.Task[None]] = set()

    @property
    def core(self) -> TableCore:
        if self._core is None:
            raise RuntimeError("the table core is opened in setup_hook")
        return self._core

    async def setup_hook(self) -> None:
        self._core = await TableCore.open(self.config.db_path, clock=lambda: self.clock(),
                                          render_processes=self.config.render_processes, shards=self.config.shards,
                                          lease=timedelta(seconds=self.config.lease_seconds),
                                          think_processes=self.config.think_processes)
        # A person's answer waits (briefly) for the thread to show what they did; a slow Discord delays only
        # the thread.
        self._core.answer_wait = ANSWER_WAIT
        self.tree.on_error = on_app_command_error  # type: ignore[method-assign]
        self._guard_interactions()
        self._freezing = asyncio.create_task(self._freeze_start_up(), name="ringmaster-freeze-start-up")
        await self.operations.start(self)

    async def _freeze_start_up(self) -> None:
        """Once the bot is ready, what start-up made (modules, the library's caches of guilds, channels and
        members, the core) is set aside from the garbage collector: a full collection then looks only at
        what was made since, instead of stopping the event loop for tenths of a second now and then."""
        await self.wait_until_ready()
        freeze_start_up()

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[None]:
        """Marks an interaction being served, so shutting down waits for it instead of cutting it off."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    # ----- stopping -------------------------------------------------------------------------------------
    def _guard_interactions(self) -> None:
        """Once the bot is stopping, an interaction that arrives is answered with :data:`RESTARTING` instead of
        being served. Every interaction (a command, a button, a menu, a form, an autocomplete) reaches
        discord.py through this one parser of the gateway's events, before the command tree or any view sees
        it; the gateway stays connected while the moves under way finish and their boards are posted.

        It is also where the reader's language is chosen: the interaction is served speaking the language its
        Discord client shows (``locale``). discord.py starts the task that serves it (the command tree's, a view's,
        a dynamic item's, a listener's) while parsing the event, and a task keeps the context it was started in,
        so every answer and refusal to the member is composed in their language with nothing else to remember;
        what goes to the game's thread switches to the game's language where it is composed (``table/work.py``)."""
        parsers = self._connection.parsers
        serve = parsers["INTERACTION_CREATE"]

        def parse(data: Any) -> None:
            with speaking(data.get("locale") if isinstance(data, dict) else None):
                if not self.stopping:
                    self._remember_language(data)
                    serve(data)
                    return
                interaction = discord.Interaction(data=data, state=self._connection)
                refusal = asyncio.create_task(self._refuse(interaction), name="ringmaster-restarting")
            self._refusals.add(refusal)
            refusal.add_done_callback(self._refusals.discard)
        parsers["INTERACTION_CREATE"] = parse

    def _remember_language(self, data: Any) -> None:
        """Keep the member's language for their direct messages and digest, written when it changed (the core
        remembers what it wrote, so an interaction costs a dictionary look-up)."""
        member = data.get("member") if isinstance(data, dict) else None
        user = (member or {}).get("user") or data.get("user") or {}
        if self._core is None or not user.get("id") or not data.get("locale"):
            return
        if not self._core.language_known(int(user["id"]), data["locale"]):
            task = asyncio.create_task(self._write_language(int(user["id"]), data["locale"]),
                                       name="ringmaster-member-language")
            self._refusals.add(task)
            task.add_done_callback(self._refusals.discard)

    async def _write_language(self, user_id: int, locale: str) -> None:
        try:
            await self.core.seen_language(user_id, locale)
        except Exception as error:  # only their next direct message's language is at stake
            log.warning("The language of member %s could not be kept: %s", user_id, error)

    async def _refuse(self, interaction: discord.Interaction) -> None:
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(tr(RESTARTING), ephemeral=True)
        except (discord.HTTPException, aiohttp.ClientError) as error:
            log.info("An interaction arriving while stopping could not be answered: %s", error)

    def begin_stop(self) -> None:
        """Stop taking new interactions (each is answered with :data:`RESTARTING`); :meth:`close` does the
        rest. Called at once on SIGTERM or SIGINT, before anything is awaited."""
        if not self.stopping:
            self.stopping = True
            log.info("Stopping: finishing %d interactions being served; new ones are asked to come back",
                     self._in_flight)

    async def close(self) -> None:
        """Stop cleanly: no new interactions, those being served finished (up to ``SHUTDOWN_GRACE``), the
        deliveries under way given ``posting_grace`` to finish while Discord is still connected (what is left
        stays in the outbox for the next start), then the connection, the core and its leases closed."""
        self.begin_stop()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=SHUTDOWN_GRACE)
        except TimeoutError:
            log.warning("Stopping with %d interactions still being served", self._in_flight)
        if self._core is not None and not self.is_closed():
            await self._finish_posting(self._core)
        if self._refusals:
            await asyncio.wait(set(self._refusals), timeout=self.posting_grace)
        if self._freezing is not None:
            self._freezing.cancel()
        await super().close()
        await self.operations.stop()
        if self._core is not None:
            await self._core.close()

    async def _finish_posting(self, core: TableCore) -> None:
        waiting = asyncio.ensure_future(core.posting_idle())
        done, _ = await asyncio.wait({waiting}, timeout=self.posting_grace)
        if not done:
            waiting.cancel()  # the deliveries stop here; their items stay in the outbox
            log.warning("Stopping with posts still being delivered after %.0f s; they are posted at the next start",
                        self.posting_grace)


_frozen = False


def freeze_start_up() -> None:
    """Collect once, then freeze every object alive (see ``gc.freeze``); once a process (a test run starts
    many bots in one process, and their objects must stay collectable).

    A full collection walks every object it tracks that is not frozen: without this, the library's caches
    of guilds, threads and members and everything start-up made were walked again each time, a pause of
    the event loop of tenths of a second every ten seconds or so under load. The thresholds stay Python's
    own (700, 10, 10): measured at 20 moves a second, a full collection then comes every ~8 s and takes
    20-50 ms, while rarer ones (a hundred middle collections) let the garbage of ten times as many
    interactions pile up and paused the loop for 150-270 ms each."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()
    log.info("Start-up done: %d objects set aside from the garbage collector", gc.get_freeze_count())


def bot_of(interaction: discord.Interaction) -> RingmasterBot:
    client = interaction.client
    if not isinstance(client, RingmasterBot):
        raise TypeError("Ringmaster's cogs run in a RingmasterBot")
    return client


def core_of(interaction: discord.Interaction) -> TableCore:
    return bot_of(interaction).core
