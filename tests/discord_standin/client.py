"""The test side of the stand-in: members who type slash commands and click buttons, and the bot's lifecycle.

``Discord`` drives a running ``StandIn``: it starts the real bot against it (only ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` are pointed at 127.0.0.1), sends interactions built from the
commands the bot synced, waits for the bot's answers, and fails the test as soon as the bot logs an
ERROR (a command, view or task that raised is only logged by discord.py). It also changes the world
under the bot (permissions, archived and deleted threads, a dropped gateway) and makes Discord fail
or hang chosen REST requests (``fail``, ``hang``), then shows what the bot asked for (``requests``).
Typing a slash command's options is in ``options``, what an interaction gives back in ``handles``, the
failures in ``errors``, the injected faults in ``faults``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import yarl

from .errors import BotError, CommandUnavailable, ErrorCollector, UsageError, format_record
from .faults import Fault
from .handles import DEFAULT_TIMEOUT, InteractionHandle, Response
from .model import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_MODAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Attachment,
    Channel,
    Guild,
    Message,
    P,
    PermissionSpec,
    Refusal,
    RequestRecord,
    User,
    walk_components,
)
from .options import check_visible, command_data, encode_options, find_command, resolve_channel, resolve_user
from .server import StandIn

__all__ = [  # the driver, and what the package imported from here before the split
    "BotError", "BotFactory", "CommandUnavailable", "Discord", "InteractionHandle", "Response", "UsageError",
]

T = TypeVar("T")
BotFactory = Callable[[], discord.Client | Awaitable[discord.Client]]
ERROR_LOGGERS = ("discord", "ringmaster", "bot", "cogs", "db", "render", "rules")

UserRef = User | str | int
ChannelRef = Channel | str | int
MessageRef = Message | int


async def _identify_now(shard_id: int | None, *, initial: bool = False) -> None:
    """A client's identify hook that does not wait (see ``Discord._launch``)."""


class Discord:
    """Drives the stand-in as Discord's users would, and runs the bot against it."""

    def __init__(self, server: StandIn, *, error_loggers: Iterable[str] = ERROR_LOGGERS,
                 bot_elsewhere: bool = False) -> None:
        self.server = server
        self.bot: discord.Client | None = None
        self.bot_elsewhere = bot_elsewhere
        """The bot runs in another process (a benchmark starts it): interactions are sent to whatever bot
        is connected to the gateway, and ``start_bot`` is not used."""
        self._factory: BotFactory | None = None
        self._connect_task: asyncio.Task[None] | None = None
        self._others: list[tuple[discord.Client, asyncio.Task[None]]] = []  # bots added with add_bot
        self._stopping = False
        self._loop = asyncio.get_running_loop()
        self._collector = ErrorCollector(self._wake)
        self._loggers = [logging.getLogger(name) for name in error_loggers]
        for logger in self._loggers:
            logger.addHandler(self._collector)
        self._saved_base = discord.http.Route.BASE
        self._saved_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY

    def _wake(self) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: nothing is waiting any more
            self._loop.call_soon_threadsafe(self.server.notify)

    # ----------------------------------------------------------------------------------- lookups

    @property
    def guild(self) -> Guild:
        return next(iter(self.server.guilds.values()))

    @property
    def guilds(self) -> list[Guild]:
        return list(self.server.guilds.values())

    def user(self, ref: UserRef) -> User:
        return self.server.user(ref)

    def channel(self, ref: ChannelRef) -> Channel:
        return self.server.channel(ref)

    def thread(self, name: str) -> Channel:
        threads = [t for t in self.threads() if t.name == name]
        if not threads:
            raise UsageError(f"no thread named {name!r}; threads: {[t.name for t in self.threads()]}")
        return threads[-1]

    def message(self, ref: MessageRef) -> Message:
        message_id = ref.id if isinstance(ref, Message) else int(ref)
        return self.server.messages[message_id]

    def messages_in(self, where: ChannelRef, *, include_ephemeral: bool = False,
                    include_deleted: bool = False) -> list[Message]:
        """Messages of a channel or thread, oldest first (what a member sees, unless asked for more)."""
        channel = self.channel(where)
        return sorted((m for m in self.server.messages.values()
                       if m.channel_id == channel.id and (include_ephemeral or not m.ephemeral)
                       and (include_deleted or not m.deleted)), key=lambda m: m.id)

    def last_message(self, where: ChannelRef) -> Message:
        messages = self.messages_in(where)
        if not messages:
            raise AssertionError(f"no message in {self.channel(where)!r}")
        return messages[-1]

    def threads(self, parent: ChannelRef | None = None) -> list[Channel]:
        parent_id = self.channel(parent).id if parent is not None else None
        return [c for c in self.server.channels.values()
                if c.is_thread and not c.deleted and (parent_id is None or c.parent_id == parent_id)]

    @staticmethod
    def png_attachments(message: Message) -> list[Attachment]:
        return [a for a in message.attachments if a.is_png]

    @property
    def refusals(self) -> list[Refusal]:
        """Every REST call the stand-in refused (status, Discord error code, message); not injected faults."""
        return list(self.server.refusals)

    def requests(self, method: str | None = None, path: str | None = None) -> list[RequestRecord]:
        r"""The REST requests the bot made, in the order they arrived: method, path, status (0 while
        unanswered), Discord error code, and whether a fault answered (``injected``).

        ``method`` (any case) and ``path`` (a regex matching the whole path below /api/v10, as for
        ``fail``) narrow the list: ``requests("POST", r"/channels/\d+/messages")`` is every post.
        """
        wanted = re.compile(path) if path is not None else None
        return [r for r in self.server.requests
                if (method is None or r.method == method.upper())
                and (wanted is None or wanted.fullmatch(r.api_path) is not None)]

    # ------------------------------------------------------------------------------------ waiting

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = DEFAULT_TIMEOUT,
                       what: str = "the condition", *, check_errors: bool = True) -> T:
        """Return the predicate's first truthy value; raise BotError at once if the bot logs an ERROR."""
        deadline = self._loop.time() + timeout
        while True:
            generation = self.server.generation
            if check_errors:
                self.raise_errors()
            result = predicate()
            if result:
                return result
            remaining = deadline - self._loop.time()
            if remaining <= 0:
                raise TimeoutError(f"{what} did not happen within {timeout:g} s.{self._diagnosis()}")
            await self.server.changed(generation, min(remaining, 0.005))

    def _diagnosis(self) -> str:
        lines = []
        if self.server.refusals:
            lines.append("refused: " + "; ".join(f"{r.method} {r.path} -> {r.status} {r.code} {r.message}"
                                                 for r in self.server.refusals[-5:]))
        if self.server.unhandled:
            lines.append(f"routes the stand-in does not serve: {self.server.unhandled}")
        if self.server.faults.fired:
            lines.append(f"faults injected: {self.server.faults.fired}")
        errors = self._collector.snapshot()
        if errors:
            lines.append("bot errors:\n" + "\n".join(format_record(r) for r in errors))
        if self.bot is not None and not self.server.connected:
            lines.append("the bot is not connected to the gateway")
        return ("\n" + "\n".join(lines)) if lines else ""

    def raise_errors(self) -> None:
        """Raise BotError for ERROR records logged since the last check (and forget them)."""
        records = self._collector.take()
        if records:
            raise BotError("the bot logged errors:\n" + "\n\n".join(format_record(r) for r in records))

    def take_errors(self) -> list[logging.LogRecord]:
        """The ERROR records not yet reported, removed so they do not fail the test."""
        return self._collector.take()

    async def expect_error(self, pattern: str, timeout: float = DEFAULT_TIMEOUT) -> logging.LogRecord:
        """Wait for an ERROR record whose text (message and traceback) matches ``pattern``, and claim it."""
        regex = re.compile(pattern)

        def find() -> logging.LogRecord | None:
            for record in self._collector.snapshot():
                if regex.search(format_record(record)):
                    self._collector.remove(record)
                    return record
            return None
        return await self.wait_for(find, timeout, f"an error matching {pattern!r}", check_errors=False)

    # --------------------------------------------------------------------------------- the bot

    def _point_library_here(self) -> None:
        discord.http.Route.BASE = self.server.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.server.gateway_url)

    async def start_bot(self, factory: BotFactory | None = None, *, timeout: float = 5.0,
                        guild_ready_timeout: float = 0.02) -> discord.Client:
        """Build the bot, log in with the stand-in's token, connect, and wait for on_ready.

        ``guild_ready_timeout`` is discord.py's ``Client(guild_ready_timeout=...)`` option (2 s by
        default: on_ready waits that long after the last GUILD_CREATE); it is lowered for tests.
        """
        if self.bot is not None:
            raise UsageError("a bot is already running: stop_bot() or restart_bot() first")
        factory = factory or self._factory
        if factory is None:
            raise UsageError("start_bot() needs a bot factory the first time")
        self._factory = factory
        self._stopping = False
        self.bot, self._connect_task = await self._launch(factory, timeout, guild_ready_timeout)
        return self.bot

    async def add_bot(self, factory: BotFactory, *, timeout: float = 5.0,
                      guild_ready_timeout: float = 0.02) -> discord.Client:
        """Another bot beside the first, as a second bot process of a sharded deployment would be: built
        by ``factory`` (a client with its own ``shard_ids``), connected, ready. The stand-in routes each
        guild's events to the session of its shard, so each bot hears of its own guilds only. It is
        closed with the driver (``close``); ``bots`` lists every bot running."""
        if self.bot is None:
            raise UsageError("start_bot() first: add_bot() adds a bot beside the first one")
        bot, task = await self._launch(factory, timeout, guild_ready_timeout)
        self._others.append((bot, task))
        return bot

    @property
    def bots(self) -> list[discord.Client]:
        """Every bot running: the first (``bot``), then those added with ``add_bot``."""
        return ([self.bot] if self.bot is not None else []) + [bot for bot, _ in self._others]

    async def _launch(self, factory: BotFactory, timeout: float,
                      guild_ready_timeout: float) -> tuple[discord.Client, asyncio.Task[None]]:
        self._point_library_here()
        built = factory()
        bot = await built if inspect.isawaitable(built) else built
        if not isinstance(bot, discord.Client):
            raise UsageError(f"the bot factory returned {bot!r}, not a discord.Client")
        state = bot._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, guild_ready_timeout)
        # discord.py waits 5 s between two shards' IDENTIFYs of one client (Discord's identify rate
        # limit); the stand-in has no such limit, so a client of several shards connects at once.
        bot.before_identify_hook = _identify_now  # type: ignore[method-assign]
        task: asyncio.Task[None] | None = None
        try:
            await bot.login(self.server.token)
            task = asyncio.create_task(bot.connect(reconnect=True), name="standin-bot-connect")
            task.add_done_callback(self._connect_done)
            await self.wait_for(lambda: bot.is_ready(), timeout, "the bot's on_ready")
        except BaseException:
            await self._close_bot(bot, task)
            raise
        return bot, task

    def _connect_done(self, task: asyncio.Task[None]) -> None:
        if self._stopping or task.cancelled():
            return
        error = task.exception()
        record = logging.LogRecord("discord_standin", logging.ERROR, __file__, 0,
                                   "the bot's gateway task ended%s", (f": {error!r}" if error else "",),
                                   (type(error), error, error.__traceback__) if error else None)
        self._collector.emit(record)

    async def stop_bot(self) -> None:
        """Close the bot (as on shutdown) and wait for its gateway task to end."""
        bot, task = self.bot, self._connect_task
        self.bot, self._connect_task = None, None
        self._stopping = True
        await self._close_bot(bot, task)

    @staticmethod
    async def _close_bot(bot: discord.Client | None, task: asyncio.Task[None] | None) -> None:
        if bot is not None:
            await bot.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, 2.0)
            except (TimeoutError, asyncio.CancelledError):
                pass
            except Exception as error:  # the connection ended badly while closing: not the test's concern
                logging.getLogger("discord_standin").debug("gateway task ended with %r on close", error)

    async def restart_bot(self, factory: BotFactory | None = None, *, timeout: float = 5.0) -> discord.Client:
        """Stop the bot and start a NEW bot object (same factory, so the same database path)."""
        await self.stop_bot()
        return await self.start_bot(factory, timeout=timeout)

    async def close(self) -> None:
        """Stop the bots and restore discord.py's two URLs; leaves the server to its owner."""
        try:
            self._stopping = True
            others, self._others = self._others, []
            for bot, task in others:
                await self._close_bot(bot, task)
            await self.stop_bot()
        finally:
            discord.http.Route.BASE = self._saved_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved_gateway
            for logger in self._loggers:
                logger.removeHandler(self._collector)

    def check(self) -> None:
        """Fail for anything left unclaimed: bot errors, routes not served, stand-in bugs."""
        self.raise_errors()
        if self.server.unhandled:
            raise AssertionError(f"the bot called routes the stand-in does not serve: {self.server.unhandled}")
        if self.server.internal_errors:
            raise AssertionError(f"the stand-in failed: {self.server.internal_errors}")

    async def drop_connection(self, timeout: float = DEFAULT_TIMEOUT, shard_id: int | None = None) -> None:
        """Drop the gateway connection (of one shard's session, or all); return once the bot has RESUMEd."""
        resumes = self.server.resume_count
        await self.server.drop_connection(shard_id=shard_id)
        await self.wait_for(lambda: self.server.resume_count > resumes and self.server.connected, timeout,
                            "the bot's RESUME")

    # ------------------------------------------------------------------------------- world changes

    def direct_messages(self, user: UserRef) -> list[str]:
        """What the bot sent this user by direct message, oldest first."""
        user_id = self.user(user).id
        return [m.content for m in self.server.direct_messages if m.user_id == user_id]

    def close_dms(self, user: UserRef) -> None:
        """The user turns off direct messages: the bot's DMs to them now fail (403, 50007)."""
        self.server.closed_dms.add(self.user(user).id)

    def advance_clock(self, seconds: float) -> None:
        """Let time pass for Discord's interaction timers (3 s to answer, 15 min for followups)."""
        self.server.advance_clock(seconds)

    async def archive(self, thread: ChannelRef, *, locked: bool = False) -> Channel:
        """Archive a thread as Discord does after inactivity (THREAD_UPDATE to the bot)."""
        channel = self.channel(thread)
        self.server.update_thread(channel, archived=True, locked=locked)
        return channel

    async def lock(self, thread: ChannelRef, *, locked: bool = True) -> Channel:
        """A moderator locks (or unlocks) a thread without archiving it (THREAD_UPDATE to the bot): from then
        on only members with Manage Threads, the bot included, may post, edit or delete messages in it
        (Discord refuses the bot's with ``403 50083``); buttons and commands still work there."""
        channel = self.channel(thread)
        if not channel.is_thread:
            raise UsageError(f"{channel!r} is not a thread")
        self.server.update_thread(channel, locked=locked)
        return channel

    async def deny_bot(self, channel: ChannelRef, permissions: PermissionSpec) -> Channel:
        """Deny the bot ``permissions`` in a channel from now on (CHANNEL_UPDATE tells the bot)."""
        target = self.channel(channel)
        if target.is_thread:
            raise UsageError("permissions are set on the parent channel, threads inherit them")
        self.server.deny_bot(target, permissions)
        await self.server.dispatch("CHANNEL_UPDATE", target.payload())
        return target

    async def allow_bot(self, channel: ChannelRef, permissions: PermissionSpec) -> Channel:
        """Allow the bot ``permissions`` in a channel again, undoing ``deny_bot`` (CHANNEL_UPDATE tells the bot).

        The bot's member overwrite then allows them outright (Discord's green tick), so they hold in the
        channel and its threads whatever the bot's role says.
        """
        target = self.channel(channel)
        if target.is_thread:
            raise UsageError("permissions are set on the parent channel, threads inherit them")
        self.server.allow_bot(target, permissions)
        await self.server.dispatch("CHANNEL_UPDATE", target.payload())
        return target

    async def delete_channel(self, channel: ChannelRef) -> Channel:
        """A moderator (or a thread's owner) deletes a thread or channel: THREAD_DELETE or CHANNEL_DELETE
        to the bot, and ``404 10003 Unknown Channel`` for any later call naming it (its threads too).

        Its messages stay readable here (``messages_in(the_returned_channel)``); members can no longer
        use commands or buttons in it.
        """
        target = self.channel(channel)
        if target.deleted:
            raise UsageError(f"{target!r} is already deleted")
        await self.server.delete_channel(target)
        return target

    # -------------------------------------------------------------------------------------- faults

    def fail(self, method: str, path: str, *, status: int = 503, code: int = 0, message: str | None = None,
             times: int = 1, retry_after: float = 0.05) -> Fault:
        r"""Discord fails the next ``times`` REST requests matching ``method`` ("*" for any) and ``path`` (a
        regex matching the whole path below /api/v10, e.g. ``r"/channels/\d+/messages"``), without doing them.

        The answer is ``status`` with ``{"message", "code"}`` (``message`` defaults to Discord's wording).
        discord.py raises ``DiscordServerError`` at once for 503 (the default); it retries 500, 502 and 504
        itself, sleeping 1, 3, 5, 7, 9 s, and waits out a 429 (``retry_after`` seconds) before retrying.
        Returns the ``Fault``: ``fired`` counts the requests it answered, ``cancel()`` disarms it.
        """
        return self.server.faults.fail(method, path, status=status, code=code, message=message, times=times,
                                       retry_after=retry_after)

    def hang(self, method: str, path: str, *, seconds: float, times: int = 1, status: int = 503) -> Fault:
        """Discord leaves the next ``times`` matching REST requests (as for ``fail``) unanswered for
        ``seconds`` of real time, then answers 503, having done nothing: a bot that stopped waiting
        sees no late effect. Other requests are served meanwhile; stopping the stand-in ends the hang.

        discord.py itself waits up to 5 minutes (aiohttp's default), and without rate-limit headers
        (the stand-in sends none) queues the bot's other requests of the same rate-limit bucket (same
        method, route and channel) behind the hanging one.
        """
        return self.server.faults.hang(method, path, seconds=seconds, times=times, status=status)

    def answer_late(self, method: str, path: str, *, seconds: float, times: int = 1) -> Fault:
        """Discord DOES the next ``times`` matching REST requests (as for ``fail``) at once, but holds their
        answers ``seconds`` of real time: a bot that dies, or stops waiting, meanwhile never learns that its
        request took effect (a post made, which a post made again must not double)."""
        return self.server.faults.answer_late(method, path, seconds=seconds, times=times)

    async def post(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A member writes a message (MESSAGE_CREATE)."""
        where = self.channel(channel)
        if where.deleted:
            raise UsageError(f"{where!r} was deleted")
        if where.locked and not self.server.permissions_for(where, self.user(user).id) & P["manage_threads"]:
            raise UsageError(f"{where!r} is locked: only members with Manage Threads can write there")
        return await self.server.post_as_user(self.user(user), where, content)

    # ------------------------------------------------------------------------------ interactions

    async def slash(self, user: UserRef, channel: ChannelRef, name: str,
                    options: Mapping[str, Any] | None = None, *, unchecked: bool = False) -> InteractionHandle:
        """``user`` runs ``/name`` in ``channel``; ``name`` may name a subcommand ("ct move").

        Option values are checked and typed from the command the bot synced: str, int, float, bool,
        a member (User, name or id), a channel or thread (Channel, name or id), a role (name or id).
        ``unchecked``: text, numbers and booleans are sent as given, past Discord's checks of type,
        range, length and choices (a tampered client).
        """
        who, where = self.user(user), self.channel(channel)
        guild = self.server.guild_of(where)
        command, chain, leaf = find_command(self.server, guild, name)
        check_visible(self.server, command, who, where)
        resolved: dict[str, dict[str, Any]] = {}
        values = dict(options or {})
        encoded = encode_options(self.server, leaf, values, resolved, who, where, name, focused=None,
                                 unchecked=unchecked)
        data = command_data(command, chain, encoded, resolved)
        return await self._send(APPLICATION_COMMAND, who, where, data, " ".join(name.split()))

    async def slash_dm(self, user: UserRef, name: str, options: Mapping[str, Any] | None = None, *,
                       unchecked: bool = False) -> InteractionHandle:
        """``user`` runs ``/name`` in their direct messages with the bot: only a global command that allows
        direct messages is there. The answers are messages of the DM channel (``dm_channel(user)``)."""
        who = self.user(user)
        where = self.server.dm_channel(who.id)
        command, chain, leaf = find_command(self.server, None, name)
        resolved: dict[str, dict[str, Any]] = {}
        encoded = encode_options(self.server, leaf, dict(options or {}), resolved, who, where, name, focused=None,
                                 unchecked=unchecked)
        data = command_data(command, chain, encoded, resolved)
        return await self._send(APPLICATION_COMMAND, who, where, data, " ".join(name.split()))

    def dm_channel(self, user: UserRef) -> Channel:
        """The user's direct-message channel with the bot (opened if it was not)."""
        return self.server.dm_channel(self.user(user).id)

    async def autocomplete(self, user: UserRef, channel: ChannelRef, name: str, options: Mapping[str, Any] | None,
                           focused: str, timeout: float = DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types option ``focused`` of ``/name``."""
        who, where = self.user(user), self.channel(channel)
        guild = self.server.guild_of(where)
        command, chain, leaf = find_command(self.server, guild, name)
        check_visible(self.server, command, who, where)
        definition = next((o for o in leaf if o["name"] == focused), None)
        if definition is None or not definition.get("autocomplete"):
            raise UsageError(f"/{name} has no autocomplete option {focused!r}")
        values = dict(options or {})
        values.setdefault(focused, "")
        resolved: dict[str, dict[str, Any]] = {}
        encoded = encode_options(self.server, leaf, values, resolved, who, where, name, focused=focused)
        data = command_data(command, chain, encoded, resolved)
        handle = await self._send(AUTOCOMPLETE, who, where, data, " ".join(name.split()))
        answer = await handle.response(timeout)
        if answer.type != CALLBACK_AUTOCOMPLETE:
            raise AssertionError(f"autocomplete was answered with type {answer.type}")
        return answer.choices

    async def click(self, user: UserRef, message: MessageRef, custom_id: str) -> InteractionHandle:
        """``user`` clicks the button ``custom_id`` on ``message`` (as it is now)."""
        msg = self.message(message)
        component = self._component(msg, custom_id)
        if component.get("type") != 2 or component.get("style") == 5:
            raise UsageError(f"{custom_id!r} on {msg!r} is not a clickable button")
        return await self._component_interaction(user, msg, {"custom_id": custom_id, "component_type": 2})

    async def forge_click(self, user: UserRef, message: MessageRef, custom_id: str) -> InteractionHandle:
        """A tampered client sends a button click with a ``custom_id`` of its own making on ``message``, the
        button added to the copy of the message the interaction carries (discord.py only acts on a custom
        id the message shows). The bot must trust nothing in it that it did not store itself."""
        original = self.message(message)
        button = {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
        forged = dataclasses.replace(original, components=[*original.components,
                                                           {"type": 1, "components": [button]}])
        return await self._component_interaction(user, forged, {"custom_id": custom_id, "component_type": 2})

    async def forge_select(self, user: UserRef, message: MessageRef, custom_id: str,
                           values: Iterable[str]) -> InteractionHandle:
        """A tampered client picks ``values`` of its own making in a select menu ``custom_id`` of its own making
        on ``message`` (the menu added to the copy of the message the interaction carries, as ``forge_click``)."""
        original = self.message(message)
        chosen = [str(value) for value in values]
        menu = {"type": 3, "custom_id": custom_id, "options": [{"label": value, "value": value} for value in chosen],
                "min_values": 1, "max_values": max(1, len(chosen))}
        forged = dataclasses.replace(original, components=[*original.components, {"type": 1, "components": [menu]}])
        return await self._component_interaction(user, forged, {"custom_id": custom_id, "component_type": 3,
                                                                "values": chosen})

    async def select(self, user: UserRef, message: MessageRef, custom_id: str,
                     values: Iterable[Any]) -> InteractionHandle:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message``."""
        msg = self.message(message)
        component = self._component(msg, custom_id)
        kind = component.get("type")
        chosen = list(values)
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise UsageError(f"select {custom_id!r} takes {low} to {high} values, not {len(chosen)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            offered = [o["value"] for o in component.get("options", [])]
            unknown = [v for v in chosen if v not in offered]
            if unknown:
                raise UsageError(f"select {custom_id!r} offers {offered}, not {unknown}")
            data["values"] = [str(v) for v in chosen]
        elif kind in (5, 7):
            resolved: dict[str, dict[str, Any]] = {}
            channel = self.server.channels[msg.channel_id]
            if kind == 5:
                data["values"] = [resolve_user(self.server, v, resolved, channel) for v in chosen]
            else:
                data["values"] = [resolve_channel(self.server, v, resolved, self.user(user)) for v in chosen]
            data["resolved"] = resolved
        else:
            raise UsageError(f"{custom_id!r} on {msg!r} is not a supported select menu (type {kind})")
        return await self._component_interaction(user, msg, data)

    async def submit_modal(self, user: UserRef, handle: InteractionHandle,
                           values: Mapping[str, str | list[str]]) -> InteractionHandle:
        """``user`` fills in the modal the bot answered ``handle`` with (text inputs by custom_id) and submits."""
        who = self.user(user)
        answer = handle.record.response
        if answer is None or answer.type != CALLBACK_MODAL:
            raise UsageError(f"{handle.record!r} was not answered with a modal")
        if who.id != handle.record.user.id:
            raise UsageError(f"only {handle.record.user.name} sees that modal")
        modal = answer.data
        inputs = {c["custom_id"]: c for c in walk_components(modal.get("components", []))
                  if c.get("type") in (3, 4) and "custom_id" in c}
        unknown = set(values) - set(inputs)
        if unknown:
            raise UsageError(f"the modal {modal.get('custom_id')!r} has no input {sorted(unknown)}; "
                             f"it has {sorted(inputs)}")

        def fill(component: dict[str, Any]) -> dict[str, Any]:
            kind = component.get("type")
            if kind == 1:
                return {"type": 1, "components": [fill(c) for c in component.get("components", [])]}
            if kind == 18:
                return {"type": 18, "component": fill(component["component"])}
            custom_id = component.get("custom_id")
            if kind == 4 and custom_id is not None:
                value = values.get(custom_id, component.get("value") or "")
                if not isinstance(value, str):
                    raise UsageError(f"text input {custom_id!r} takes text, not {value!r}")
                if component.get("required", True) and not value:
                    raise UsageError(f"text input {custom_id!r} is required")
                if value and not component.get("min_length", 0) <= len(value) <= component.get("max_length", 4000):
                    raise UsageError(f"text input {custom_id!r}: {value!r} has the wrong length")
                return {"type": 4, "custom_id": custom_id, "value": value}
            if kind == 3 and custom_id is not None:
                chosen = values.get(custom_id, [])
                chosen = [chosen] if isinstance(chosen, str) else list(chosen)
                offered = [o["value"] for o in component.get("options", [])]
                if any(v not in offered for v in chosen):
                    raise UsageError(f"select {custom_id!r} offers {offered}, not {chosen}")
                return {"type": 3, "custom_id": custom_id, "values": chosen}
            return {k: v for k, v in component.items() if k in ("type", "id")}

        data = {"custom_id": modal["custom_id"], "components": [fill(c) for c in modal.get("components", [])]}
        channel = self.server.channels[handle.record.channel_id]
        message = self.server.messages.get(handle.record.message_id or 0)
        return await self._send(MODAL_SUBMIT, who, channel, data, modal["custom_id"], message)

    async def redeliver(self, handle: InteractionHandle) -> InteractionHandle:
        """Send the same INTERACTION_CREATE again (same id and token), as a gateway replay can."""
        await self.server.dispatch("INTERACTION_CREATE", handle.record.payload)
        return handle

    # ------------------------------------------------------------------------------------ internals

    async def _send(self, kind: int, user: User, channel: Channel, data: dict[str, Any], name: str,
                    message: Message | None = None) -> InteractionHandle:
        self.raise_errors()
        if self.bot is None and not self.bot_elsewhere:
            raise UsageError("no bot is running: start_bot() first")
        if channel.deleted:
            raise UsageError(f"{channel!r} was deleted")
        # While the bot is disconnected the event waits in its session and is replayed on RESUME.
        perms = self.server.permissions_for(channel, user.id)
        if not perms & P["view_channel"] or (channel.type == 12 and user.id not in channel.member_ids
                                              and not perms & P["manage_threads"]):
            raise UsageError(f"{user.name} cannot see {channel!r}")
        if kind != MESSAGE_COMPONENT and not perms & P["use_application_commands"]:
            raise UsageError(f"{user.name} may not use application commands in {channel!r}")
        record = self.server.new_interaction(kind, user, channel, data, name=name, message=message)
        handle = InteractionHandle(self, record)  # before delivery: it notes the message's edits so far
        await self.server.deliver(record)
        return handle

    def _component(self, message: Message, custom_id: str) -> dict[str, Any]:
        if message.deleted:
            raise UsageError(f"{message!r} was deleted")
        component = message.component(custom_id)
        if component is None:
            raise UsageError(f"{message!r} has no component {custom_id!r}; it has {message.custom_ids}")
        if component.get("disabled"):
            raise UsageError(f"{custom_id!r} on {message!r} is disabled")
        return component

    async def _component_interaction(self, user: UserRef, message: Message,
                                     data: dict[str, Any]) -> InteractionHandle:
        who = self.user(user)
        if message.ephemeral and message.interaction is not None and message.interaction.user.id != who.id:
            raise UsageError(f"only {message.interaction.user.name} sees the ephemeral {message!r}")
        channel = self.server.channels[message.channel_id]
        return await self._send(MESSAGE_COMPONENT, who, channel, data, data["custom_id"], message)
