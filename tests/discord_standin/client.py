"""The test side of the stand-in: members who type slash commands and click buttons, and the bot's lifecycle.

``Discord`` drives a running ``StandIn``: it starts the real bot against it (only ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` are pointed at 127.0.0.1), sends interactions built from the
commands the bot synced, waits for the bot's answers, and fails the test as soon as the bot logs an
ERROR (a command, view or task that raised is only logged by discord.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import re
import threading
import traceback
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import yarl

from .server import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_MODAL,
    EPHEMERAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Attachment,
    Callback,
    Channel,
    Guild,
    Interaction,
    Message,
    P,
    PermissionSpec,
    Refusal,
    StandIn,
    User,
    walk_components,
)

T = TypeVar("T")
BotFactory = Callable[[], discord.Client | Awaitable[discord.Client]]
DEFAULT_TIMEOUT = 2.0
ERROR_LOGGERS = ("discord", "ringmaster", "bot", "cogs", "db", "render", "rules")

UserRef = User | str | int
ChannelRef = Channel | str | int
MessageRef = Message | int


class UsageError(AssertionError):
    """The test asked for something a Discord user could not do (unknown option, missing button, ...)."""


class CommandUnavailable(UsageError):
    """Discord would not show this command to that member (``default_member_permissions``)."""


class BotError(AssertionError):
    """The bot logged an ERROR (an exception in a command, view or task) or its gateway task died."""


def format_record(record: logging.LogRecord) -> str:
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
    return text


class _ErrorCollector(logging.Handler):
    """Collects ERROR records from any thread (discord.py's heartbeat runs in one) and wakes the test."""

    def __init__(self, wake: Callable[[], None]) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._wake = wake
        self._records_lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        with self._records_lock:
            self.records.append(record)
        self._wake()

    def take(self) -> list[logging.LogRecord]:
        with self._records_lock:
            records, self.records = self.records, []
        return records

    def remove(self, record: logging.LogRecord) -> None:
        with self._records_lock:
            self.records.remove(record)

    def snapshot(self) -> list[logging.LogRecord]:
        with self._records_lock:
            return list(self.records)


@dataclass(frozen=True)
class Response:
    """What the bot answered to an interaction (a snapshot taken when the callback arrived)."""

    type: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    choices: list[dict[str, Any]] = field(default_factory=list)
    message: Message | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of the answer's components (of the modal's, for a modal answer)."""
        components = self.data.get("components", []) if self.type == CALLBACK_MODAL else self.components
        return [c["custom_id"] for c in walk_components(components) if "custom_id" in c]

    @classmethod
    def of(cls, callback: Callback) -> Response:
        """From the message as it was when the callback was accepted (``message`` is the live record)."""
        state = callback.snapshot
        return cls(callback.type, state.get("content", ""), list(state.get("embeds", [])),
                   list(state.get("components", [])), list(state.get("attachments", [])), state.get("flags", 0),
                   choices=list(callback.data.get("choices") or []), message=callback.message, data=callback.data)


class InteractionHandle:
    """One interaction sent to the bot: its answer, its followups, the refused attempts."""

    def __init__(self, discord_: Discord, record: Interaction) -> None:
        self.discord = discord_
        self.record = record
        self._response: Response | None = None

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.record!r}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def attempts(self) -> list[Callback]:
        """Every callback POST for this interaction, accepted or refused (404 10062, 400 40060, ...)."""
        return list(self.record.attempts)

    @property
    def refused(self) -> list[Callback]:
        return [c for c in self.record.attempts if not c.accepted]

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> Response:
        """The accepted answer (callback): its type, content, embeds, components, attachments, flags."""
        if self._response is None:
            callback = await self.discord.wait_for(lambda: self.record.response, timeout,
                                                   f"an answer to {self.record!r}")
            self._response = Response.of(callback)
        return self._response

    async def refusal(self, timeout: float = DEFAULT_TIMEOUT) -> Callback:
        """Wait for a callback the stand-in refused (check ``.status`` and ``.code``)."""
        return await self.discord.wait_for(lambda: next(iter(self.refused), None), timeout,
                                           f"a refused answer to {self.record!r}", check_errors=False)

    @property
    def message(self) -> Message | None:
        """The answer's message as it is now (after edits), or None (no message answer yet)."""
        message_id = self.record.response_message_id
        return self.discord.server.messages.get(message_id) if message_id else None

    async def settled(self, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """The answer's message once it is no longer "thinking" (after a defer, the first followup or edit)."""
        def ready() -> Message | None:
            message = self.message
            return message if message is not None and not message.loading else None
        return await self.discord.wait_for(ready, timeout, f"a settled answer to {self.record!r}")

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups)

    async def followup(self, index: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """Wait for followup number ``index`` (0 is the first)."""
        def present() -> Message | None:
            return self.record.followups[index] if len(self.record.followups) > index else None
        return await self.discord.wait_for(present, timeout, f"followup {index} to {self.record!r}")


class Discord:
    """Drives the stand-in as Discord's users would, and runs the bot against it."""

    def __init__(self, server: StandIn, *, error_loggers: Iterable[str] = ERROR_LOGGERS) -> None:
        self.server = server
        self.bot: discord.Client | None = None
        self._factory: BotFactory | None = None
        self._connect_task: asyncio.Task[None] | None = None
        self._stopping = False
        self._loop = asyncio.get_running_loop()
        self._collector = _ErrorCollector(self._wake)
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
        """Every REST call the stand-in refused (status, Discord error code, message)."""
        return list(self.server.refusals)

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
        self._point_library_here()
        built = factory()
        bot = await built if inspect.isawaitable(built) else built
        if not isinstance(bot, discord.Client):
            raise UsageError(f"the bot factory returned {bot!r}, not a discord.Client")
        state = bot._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, guild_ready_timeout)
        self.bot = bot
        self._stopping = False
        try:
            await bot.login(self.server.token)
            self._connect_task = asyncio.create_task(bot.connect(reconnect=True), name="standin-bot-connect")
            self._connect_task.add_done_callback(self._connect_done)
            await self.wait_for(lambda: bot.is_ready(), timeout, "the bot's on_ready")
        except BaseException:
            await self.stop_bot()
            raise
        return bot

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
        """Stop the bot and restore discord.py's two URLs; leaves the server to its owner."""
        try:
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

    async def drop_connection(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Drop the gateway connection; return once the bot has RESUMEd."""
        resumes = self.server.resume_count
        await self.server.drop_connection()
        await self.wait_for(lambda: self.server.resume_count > resumes and self.server.connected, timeout,
                            "the bot's RESUME")

    # ------------------------------------------------------------------------------- world changes

    def advance_clock(self, seconds: float) -> None:
        """Let time pass for Discord's interaction timers (3 s to answer, 15 min for followups)."""
        self.server.advance_clock(seconds)

    async def archive(self, thread: ChannelRef, *, locked: bool = False) -> Channel:
        """Archive a thread as Discord does after inactivity (THREAD_UPDATE to the bot)."""
        channel = self.channel(thread)
        self.server.update_thread(channel, archived=True, locked=locked)
        return channel

    async def deny_bot(self, channel: ChannelRef, permissions: PermissionSpec) -> Channel:
        """Deny the bot ``permissions`` in a channel from now on (CHANNEL_UPDATE tells the bot)."""
        target = self.channel(channel)
        if target.is_thread:
            raise UsageError("permissions are set on the parent channel, threads inherit them")
        self.server.deny_bot(target, permissions)
        await self.server.dispatch("CHANNEL_UPDATE", target.payload())
        return target

    async def post(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A member writes a message (MESSAGE_CREATE)."""
        return await self.server.post_as_user(self.user(user), self.channel(channel), content)

    # ------------------------------------------------------------------------------ interactions

    async def slash(self, user: UserRef, channel: ChannelRef, name: str,
                    options: Mapping[str, Any] | None = None) -> InteractionHandle:
        """``user`` runs ``/name`` in ``channel``; ``name`` may name a subcommand ("ct move").

        Option values are checked and typed from the command the bot synced: str, int, float, bool,
        a member (User, name or id), a channel or thread (Channel, name or id), a role (name or id).
        """
        who, where = self.user(user), self.channel(channel)
        guild = self.server.guild_of(where)
        command, chain, leaf = self._find_command(guild, name)
        self._check_visible(command, who, where)
        resolved: dict[str, dict[str, Any]] = {}
        values = dict(options or {})
        encoded = self._encode_options(leaf, values, resolved, who, where, name, focused=None)
        data = self._command_data(command, chain, encoded, resolved)
        return await self._send(APPLICATION_COMMAND, who, where, data, " ".join(name.split()))

    async def autocomplete(self, user: UserRef, channel: ChannelRef, name: str, options: Mapping[str, Any] | None,
                           focused: str, timeout: float = DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types option ``focused`` of ``/name``."""
        who, where = self.user(user), self.channel(channel)
        guild = self.server.guild_of(where)
        command, chain, leaf = self._find_command(guild, name)
        self._check_visible(command, who, where)
        definition = next((o for o in leaf if o["name"] == focused), None)
        if definition is None or not definition.get("autocomplete"):
            raise UsageError(f"/{name} has no autocomplete option {focused!r}")
        values = dict(options or {})
        values.setdefault(focused, "")
        resolved: dict[str, dict[str, Any]] = {}
        encoded = self._encode_options(leaf, values, resolved, who, where, name, focused=focused)
        data = self._command_data(command, chain, encoded, resolved)
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
                data["values"] = [self._resolve_user(v, resolved, channel) for v in chosen]
            else:
                data["values"] = [self._resolve_channel(v, resolved, self.user(user)) for v in chosen]
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
        if self.bot is None:
            raise UsageError("no bot is running: start_bot() first")
        # While the bot is disconnected the event waits in its session and is replayed on RESUME.
        perms = self.server.permissions_for(channel, user.id)
        if not perms & P["view_channel"] or (channel.type == 12 and user.id not in channel.member_ids
                                              and not perms & P["manage_threads"]):
            raise UsageError(f"{user.name} cannot see {channel!r}")
        if kind != MESSAGE_COMPONENT and not perms & P["use_application_commands"]:
            raise UsageError(f"{user.name} may not use application commands in {channel!r}")
        record = self.server.new_interaction(kind, user, channel, data, name=name, message=message)
        await self.server.deliver(record)
        return InteractionHandle(self, record)

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

    def _find_command(self, guild: Guild, name: str
                      ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        parts = name.split()
        commands = self.server.commands_for(guild)
        if not parts or parts[0] not in commands:
            raise UsageError(f"no /{name} synced for {guild.name}; synced: {sorted(commands)}")
        command = commands[parts[0]]
        options: list[dict[str, Any]] = command.get("options", [])
        chain: list[dict[str, Any]] = []
        for part in parts[1:]:
            sub = next((o for o in options if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                subs = [o["name"] for o in options if o["type"] in (1, 2)]
                raise UsageError(f"/{' '.join(parts)}: no subcommand {part!r} here; there are {subs}")
            chain.append(sub)
            options = sub.get("options", [])
        subs = [o["name"] for o in options if o["type"] in (1, 2)]
        if subs:
            raise UsageError(f"/{name} needs a subcommand: one of {subs}")
        return command, chain, options

    def _check_visible(self, command: Mapping[str, Any], user: User, channel: Channel) -> None:
        needed = command.get("default_member_permissions")
        if needed is None:
            return
        perms = self.server.permissions_for(channel, user.id)
        if perms & P["administrator"]:
            return
        if int(needed) == 0 or (perms & int(needed)) != int(needed):  # "0": administrators only
            raise CommandUnavailable(f"{user.name} cannot use /{command['name']} (needs permissions {needed})")

    @staticmethod
    def _command_data(command: Mapping[str, Any], chain: list[dict[str, Any]], encoded: list[dict[str, Any]],
                      resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
        options = encoded
        for sub in reversed(chain):
            options = [{"name": sub["name"], "type": sub["type"], "options": options}]
        data: dict[str, Any] = {"id": str(command["id"]), "name": command["name"], "type": 1, "options": options}
        if "guild_id" in command:  # guild commands are found by name and data.guild_id (pitfall 5)
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _encode_options(self, definitions: list[dict[str, Any]], values: Mapping[str, Any],
                        resolved: dict[str, dict[str, Any]], user: User, channel: Channel, command: str,
                        *, focused: str | None) -> list[dict[str, Any]]:
        by_name = {d["name"]: d for d in definitions}
        encoded = []
        for name, value in values.items():
            definition = by_name.get(name)
            if definition is None:
                raise UsageError(f"/{command} has no option {name!r}; it has {sorted(by_name)}")
            option: dict[str, Any] = {"name": name, "type": definition["type"]}
            if name == focused:
                option["value"] = str(value)  # what the member has typed so far
                option["focused"] = True
            else:
                option["value"] = self._encode_value(definition, value, resolved, user, channel, command)
            encoded.append(option)
        if focused is None:
            missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
            if missing:
                raise UsageError(f"/{command} needs option(s) {missing}")
        return encoded

    def _encode_value(self, definition: Mapping[str, Any], value: Any, resolved: dict[str, dict[str, Any]],
                      user: User, channel: Channel, command: str) -> Any:
        kind, name = definition["type"], definition["name"]
        where = f"/{command} {name}"
        choices = [c["value"] for c in definition.get("choices") or []]
        if kind == 3:
            if not isinstance(value, str):
                raise UsageError(f"{where} takes text, not {value!r}")
            if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
                raise UsageError(f"{where}: {value!r} has the wrong length")
        elif kind in (4, 10):
            wrong_type = not isinstance(value, int if kind == 4 else int | float)
            if isinstance(value, bool) or wrong_type:
                raise UsageError(f"{where} takes {'an integer' if kind == 4 else 'a number'}, not {value!r}")
            if "min_value" in definition and value < definition["min_value"]:
                raise UsageError(f"{where}: {value} is below {definition['min_value']}")
            if "max_value" in definition and value > definition["max_value"]:
                raise UsageError(f"{where}: {value} is above {definition['max_value']}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise UsageError(f"{where} takes True or False, not {value!r}")
        elif kind == 6:
            return self._resolve_user(value, resolved, channel)
        elif kind == 7:
            target = self.channel(value)
            allowed = definition.get("channel_types")
            if allowed and target.type not in allowed:
                raise UsageError(f"{where} takes channel types {allowed}, not {target!r}")
            return self._resolve_channel(target, resolved, user)
        elif kind == 8:
            return self._resolve_role(value, resolved, channel)
        elif kind == 9:
            try:
                return self._resolve_user(value, resolved, channel)
            except KeyError:
                return self._resolve_role(value, resolved, channel)
        else:
            raise UsageError(f"{where}: option type {kind} is not supported by the stand-in")
        if choices and value not in choices:
            raise UsageError(f"{where} offers the choices {choices}, not {value!r}")
        return value

    def _resolve_user(self, value: UserRef, resolved: dict[str, dict[str, Any]], channel: Channel) -> str:
        target = self.user(value)
        resolved.setdefault("users", {})[str(target.id)] = target.payload()
        guild = self.server.guild_of(channel)
        member = guild.members.get(target.id)
        if member is not None:
            data = member.payload(with_user=False)
            data["permissions"] = str(self.server.permissions_for(channel, target.id))
            resolved.setdefault("members", {})[str(target.id)] = data
        return str(target.id)

    def _resolve_channel(self, value: ChannelRef, resolved: dict[str, dict[str, Any]], user: User) -> str:
        target = self.channel(value)
        data = target.payload()
        data["permissions"] = str(self.server.permissions_for(target, user.id))
        resolved.setdefault("channels", {})[str(target.id)] = data
        return str(target.id)

    def _resolve_role(self, value: str | int, resolved: dict[str, dict[str, Any]], channel: Channel) -> str:
        guild = self.server.guild_of(channel)
        role = next((r for r in guild.roles.values() if value in (r.id, r.name, str(r.id))), None)
        if role is None:
            raise KeyError(f"no role {value!r} in {guild.name}")
        resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)
