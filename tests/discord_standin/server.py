"""A stand-in for Discord's REST and gateway APIs, served on 127.0.0.1 for one bot application.

The real discord.py client talks to it unmodified (only ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` point here). It keeps guilds, channels, threads, members,
messages, attachments and interactions in memory, records everything the bot does, and copies the
Discord rules a bot is most likely to trip over:

* an interaction answered after 3 s is a 404 (10062 "Unknown interaction"), answered twice a 400 (40060);
* interaction webhooks (followups, ``@original``) live 15 minutes; the first followup after a deferred
  ("thinking") answer fills the loading message instead of posting a new one;
* REST actions check the bot's channel permissions (403, 50001 "Missing Access" / 50013 "Missing
  Permissions"), interaction answers check ``app_permissions`` for attachments and embeds;
* an archived thread refuses posts and edits (400, 50083) until it is unarchived;
* message, embed, component, autocomplete and command-sync limits are validated (400, 50035).

Errors are 4xx with ``Content-Type: application/json`` exactly (a 5xx makes discord.py retry for ~16 s).
A route the stand-in does not serve is a JSON 404 and is remembered in ``unhandled`` so a test can fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import mimetypes
import re
import secrets
import socket
import struct
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

log = logging.getLogger("discord_standin")

API = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
HAS_THREAD = 1 << 5
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15
SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2

# Gateway intents the stand-in looks at.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_MESSAGE_CONTENT = 1 << 15

# Channel types.
TEXT = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Interaction types and callback (response) types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5
CALLBACK_MESSAGE = 4
CALLBACK_DEFERRED_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE = 6
CALLBACK_UPDATE = 7
CALLBACK_AUTOCOMPLETE = 8
CALLBACK_MODAL = 9
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_MODAL},
    MESSAGE_COMPONENT: {CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE,
                        CALLBACK_MODAL},
    AUTOCOMPLETE: {CALLBACK_AUTOCOMPLETE},
    MODAL_SUBMIT: {CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE},
}

PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "add_reactions": 1 << 6,
    "view_audit_log": 1 << 7,
    "priority_speaker": 1 << 8,
    "stream": 1 << 9,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "send_tts_messages": 1 << 12,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "view_guild_insights": 1 << 19,
    "connect": 1 << 20,
    "speak": 1 << 21,
    "mute_members": 1 << 22,
    "deafen_members": 1 << 23,
    "move_members": 1 << 24,
    "use_vad": 1 << 25,
    "change_nickname": 1 << 26,
    "manage_nicknames": 1 << 27,
    "manage_roles": 1 << 28,
    "manage_webhooks": 1 << 29,
    "manage_expressions": 1 << 30,
    "use_application_commands": 1 << 31,
    "request_to_speak": 1 << 32,
    "manage_events": 1 << 33,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "use_external_stickers": 1 << 37,
    "send_messages_in_threads": 1 << 38,
    "use_embedded_activities": 1 << 39,
    "moderate_members": 1 << 40,
    "send_polls": 1 << 49,
}
PERMISSIONS["read_messages"] = PERMISSIONS["view_channel"]  # discord.py's alias
ALL_PERMISSIONS = (1 << 51) - 1
P = PERMISSIONS
EVERYONE_PERMISSIONS = (
    P["view_channel"] | P["send_messages"] | P["send_messages_in_threads"] | P["create_public_threads"]
    | P["create_private_threads"] | P["embed_links"] | P["attach_files"] | P["read_message_history"]
    | P["add_reactions"] | P["use_external_emojis"] | P["use_application_commands"] | P["change_nickname"]
    | P["create_instant_invite"] | P["send_polls"]
)
BOT_PERMISSIONS = (
    P["view_channel"] | P["send_messages"] | P["send_messages_in_threads"] | P["create_public_threads"]
    | P["create_private_threads"] | P["manage_threads"] | P["embed_links"] | P["attach_files"]
    | P["read_message_history"] | P["add_reactions"] | P["use_application_commands"]
)
MANAGER_PERMISSIONS = P["manage_guild"] | P["manage_channels"] | P["manage_messages"] | P["manage_threads"]

PermissionSpec = int | str | Iterable[str]


def permission_bits(spec: PermissionSpec) -> int:
    """Bits from an int, a permission name ("attach_files", "ATTACH_FILES") or several names."""
    if isinstance(spec, int):
        return spec
    names = [spec] if isinstance(spec, str) else list(spec)
    bits = 0
    for name in names:
        try:
            bits |= PERMISSIONS[name.lower()]
        except KeyError:
            raise ValueError(f"unknown permission {name!r}; known: {', '.join(sorted(PERMISSIONS))}") from None
    return bits


def iso(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).isoformat()


class ApiError(Exception):
    """A Discord error answer: HTTP status, JSON error code and message (plus optional field errors)."""

    def __init__(self, status: int, code: int, message: str, errors: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = dict(errors) if errors else None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def invalid_form(field_name: str, problem: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body",
                    {field_name: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": problem}]}})


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": with "; charset=utf-8" discord.py reads the body as text (pitfall 1).
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


# --------------------------------------------------------------------------------------------- records


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "avatar": None,
                "global_name": self.global_name if self.global_name is not None else self.name,
                "bot": self.bot, "public_flags": 0}

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "managed": self.managed, "mentionable": False, "flags": 0}


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    roles: list[int]
    joined_at: str = field(default_factory=iso)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"roles": [str(r) for r in self.roles], "joined_at": self.joined_at, "flags": 0,
                                "deaf": False, "mute": False, "pending": False, "nick": None, "avatar": None}
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Channel:
    """A text channel or a thread (``parent_id`` set)."""

    id: int
    guild_id: int
    name: str
    type: int = TEXT
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    archive_timestamp: str = field(default_factory=iso)
    created_at: str = field(default_factory=iso)
    message_count: int = 0
    total_message_sent: int = 0
    member_ids: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0, "flags": 0,
        }
        if self.is_thread:
            data.update({
                "parent_id": str(self.parent_id), "owner_id": str(self.owner_id),
                "message_count": self.message_count, "member_count": len(self.member_ids),
                "total_message_sent": self.total_message_sent,
                "thread_metadata": {"archived": self.archived, "auto_archive_duration": self.auto_archive_duration,
                                    "archive_timestamp": self.archive_timestamp, "locked": self.locked,
                                    "invitable": self.invitable, "create_timestamp": self.created_at},
            })
        else:
            data.update({"position": self.position, "parent_id": None, "topic": self.topic, "nsfw": False,
                         "permission_overwrites": [o.payload() for o in self.overwrites],
                         "default_auto_archive_duration": 1440})
        return data

    def __repr__(self) -> str:
        kind = "Thread" if self.is_thread else "Channel"
        return f"<{kind} #{self.name} {self.id}{' archived' if self.archived else ''}>"


@dataclass(eq=False)
class Upload:
    filename: str
    content_type: str | None
    data: bytes


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    content_type: str
    data: bytes
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def payload(self, *, ephemeral: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "filename": self.filename, "size": self.size, "url": self.url,
                                "proxy_url": self.url, "content_type": self.content_type}
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"], data["height"] = self.width, self.height
        if ephemeral:
            data["ephemeral"] = True
        return data

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {self.content_type} {self.size} bytes>"


@dataclass(eq=False)
class Message:
    """A message as the stand-in keeps it: always the latest version; ``versions`` holds the earlier ones."""

    id: int
    channel_id: int
    guild_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    source: str = "channel"  # channel | response | followup | user
    interaction: Interaction | None = None
    mentions: list[User] = field(default_factory=list)
    mention_everyone: bool = False
    reference_id: int | None = None
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    thread_id: int | None = None
    deleted: bool = False
    versions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None)

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        flags += " loading" if self.loading else ""
        flags += " deleted" if self.deleted else ""
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        return f"<Message {self.id} by {self.author.name}{flags}: {self.content[:60]!r}{files}>"


@dataclass(eq=False)
class Callback:
    """One POST to an interaction's callback URL, accepted (status 200/204) or refused."""

    type: int
    data: dict[str, Any]
    at: float
    status: int = 0
    code: int | None = None
    error: str | None = None
    message: Message | None = None
    snapshot: dict[str, Any] = field(default_factory=dict)  # the message's state right after this callback

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300


@dataclass(eq=False)
class Interaction:
    id: int
    token: str
    type: int
    user: User
    guild_id: int
    channel_id: int
    name: str  # command path ("ct move") or custom_id
    payload: dict[str, Any]
    created_at: float = 0.0  # on the stand-in's clock
    message_id: int | None = None  # the message a component belongs to
    attempts: list[Callback] = field(default_factory=list)
    response_message_id: int | None = None
    defer_pending: bool = False  # answered "thinking", the first followup fills the loading message
    followups: list[Message] = field(default_factory=list)

    @property
    def response(self) -> Callback | None:
        return next((c for c in self.attempts if c.accepted), None)

    @property
    def acknowledged(self) -> bool:
        return self.response is not None

    def __repr__(self) -> str:
        return f"<Interaction {self.id} type={self.type} {self.name!r} by {self.user.name}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    bot_role_id: int = 0
    manager_role_id: int = 0

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Event:
    """One entry of the stand-in's log of what happened (kind: message, edit, delete, thread, ...)."""

    kind: str
    subject: Any
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(eq=False)
class Refusal:
    method: str
    path: str
    status: int
    code: int
    message: str


@dataclass(eq=False)
class RequestRecord:
    method: str
    path: str
    status: int


def walk_components(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through action rows, containers, sections and accessories."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):  # a section's accessory, a label's component
            if component.get(key):
                yield from walk_components([component[key]])


def png_size(data: bytes) -> tuple[int, int] | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


class _Session:
    """A gateway session: survives a dropped connection so that RESUME can replay what was missed."""

    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.lock = asyncio.Lock()


# ------------------------------------------------------------------------------------------------ server


class StandIn:
    """Discord for one bot application: call ``add_guild`` (and ``add_user``), then ``await start()``."""

    def __init__(self, *, app_name: str = "Ringmaster", token: str | None = None,
                 interaction_deadline: float = 3.0, webhook_lifetime: float = 15 * 60.0,
                 attachment_size_limit: int = 10 * 1024 * 1024) -> None:
        self.token = token or f"standin.{secrets.token_urlsafe(16)}"
        self.interaction_deadline = interaction_deadline
        self.webhook_lifetime = webhook_lifetime
        self.attachment_size_limit = attachment_size_limit
        self._increment = itertools.count()
        self._last_snowflake = 0
        self._clock_offset = 0.0
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.events: list[Event] = []
        self.requests: list[RequestRecord] = []
        self.refusals: list[Refusal] = []
        self.unhandled: list[str] = []
        self.internal_errors: list[str] = []
        self.sync_count = 0
        self.application_id = self.snowflake()
        self.bot_user = self.add_user(app_name, bot=True, user_id=self.application_id)
        self._session: _Session | None = None
        self.identify_count = 0
        self.resume_count = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()
        self.generation = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ------------------------------------------------------------------ clock, ids, change notification

    def now(self) -> float:
        """The stand-in's clock (monotonic seconds); ``advance_clock`` moves it forward."""
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Let ``seconds`` pass for Discord's timers (the 3-second and 15-minute interaction rules)."""
        self._clock_offset += seconds

    def snowflake(self) -> int:
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (millis << 22) | (1 << 17) | (next(self._increment) & 0xFFF)
        value = max(value, self._last_snowflake + 1)
        self._last_snowflake = value
        return value

    def notify(self) -> None:
        """Wake whoever waits in ``changed`` (threads use loop.call_soon_threadsafe(notify))."""
        self.generation += 1
        self._changed.set()

    async def changed(self, since: int, timeout: float) -> None:
        """Return once ``generation`` differs from ``since`` (something happened), or after ``timeout``."""
        if self.generation != since:
            return
        self._changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    def record(self, kind: str, subject: Any, **detail: Any) -> None:
        self.events.append(Event(kind, subject, detail))
        self.notify()

    # ------------------------------------------------------------------------------------------ setup

    def add_user(self, name: str, *, bot: bool = False, user_id: int | None = None) -> User:
        user = User(user_id or self.snowflake(), name, bot=bot)
        self.users[user.id] = user
        return user

    def user(self, name_or_id: str | int | User) -> User:
        if isinstance(name_or_id, User):
            return name_or_id
        for user in self.users.values():
            if name_or_id in (user.id, user.name, str(user.id)):
                return user
        raise KeyError(f"no user {name_or_id!r}; users: {', '.join(u.name for u in self.users.values())}")

    def add_guild(self, name: str = "Big Top", *, channels: Iterable[str] = ("general", "games"),
                  members: Iterable[str] = ("alice", "bob", "carol"), managers: Iterable[str] = ("mia",),
                  owner: str = "owner",
                  deny: Mapping[str, PermissionSpec] | None = None,
                  bot_permissions: PermissionSpec = BOT_PERMISSIONS,
                  everyone_permissions: PermissionSpec = EVERYONE_PERMISSIONS) -> Guild:
        """A guild with text channels and members; ``managers`` get MANAGE_GUILD (a "server manager" role).

        The guild belongs to ``owner`` (a member with every permission, kept apart from the others so
        that ``members`` and ``managers`` have exactly their roles' permissions).

        ``deny`` maps a channel name to permissions denied to the bot there (a member overwrite), e.g.
        ``{"games": ["create_public_threads", "attach_files"]}``.
        """
        guild_id = self.snowflake()
        member_names, manager_names = list(members), list(managers)
        people = [self._user_named(n) for n in dict.fromkeys([owner, *member_names, *manager_names])]
        guild = Guild(guild_id, name, owner_id=people[0].id)
        guild.roles[guild_id] = Role(guild_id, "@everyone", permission_bits(everyone_permissions))
        guild.manager_role_id = self.snowflake()
        guild.roles[guild.manager_role_id] = Role(guild.manager_role_id, "Server Manager", MANAGER_PERMISSIONS, 2)
        guild.bot_role_id = self.snowflake()
        guild.roles[guild.bot_role_id] = Role(guild.bot_role_id, self.bot_user.name, permission_bits(bot_permissions),
                                              1, managed=True)
        guild.members[self.bot_user.id] = Member(self.bot_user, guild_id, [guild.bot_role_id])
        for user in people:
            roles = [guild.manager_role_id] if user.name in manager_names else []
            guild.members[user.id] = Member(user, guild_id, roles)
        self.guilds[guild_id] = guild
        for position, channel_name in enumerate(channels):
            self.add_channel(guild, channel_name, position=position)
        for channel_name, spec in (deny or {}).items():
            self.deny_bot(self.channel(channel_name, guild), spec)
        return guild

    def _user_named(self, name: str) -> User:
        try:
            return self.user(name)
        except KeyError:
            return self.add_user(name)

    def add_channel(self, guild: Guild, name: str, *, position: int | None = None) -> Channel:
        channel = Channel(self.snowflake(), guild.id, name, TEXT,
                          position=len(guild.channel_ids) if position is None else position)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def deny_bot(self, channel: Channel, spec: PermissionSpec) -> None:
        """Deny the bot these permissions in ``channel`` (and its threads). Takes effect for new events."""
        bits = permission_bits(spec)
        for overwrite in channel.overwrites:
            if overwrite.type == 1 and overwrite.id == self.bot_user.id:
                overwrite.deny |= bits
                overwrite.allow &= ~bits
                return
        channel.overwrites.append(Overwrite(self.bot_user.id, 1, deny=bits))

    def channel(self, name_or_id: str | int | Channel, guild: Guild | None = None) -> Channel:
        if isinstance(name_or_id, Channel):
            return self.channels[name_or_id.id]
        matches = [c for c in self.channels.values()
                   if name_or_id in (c.id, c.name, str(c.id)) and (guild is None or c.guild_id == guild.id)]
        if not matches:
            raise KeyError(f"no channel or thread {name_or_id!r}")
        channels = [c for c in matches if not c.is_thread]
        return channels[0] if channels else matches[-1]  # a text channel (first guild first), else the newest thread

    def guild_of(self, channel: Channel) -> Guild:
        return self.guilds[channel.guild_id]

    # ---------------------------------------------------------------------------------- permissions

    def permissions_for(self, channel: Channel, user_id: int) -> int:
        """Discord's computation: base role permissions, then @everyone, role and member overwrites."""
        guild = self.guild_of(channel)
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = guild.roles[guild.id].permissions
        for role_id in member.roles:
            perms |= guild.roles[role_id].permissions
        if perms & P["administrator"]:
            return ALL_PERMISSIONS
        base = self.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        overwrites = base.overwrites
        for overwrite in overwrites:
            if overwrite.type == 0 and overwrite.id == guild.id:
                perms = (perms & ~overwrite.deny) | overwrite.allow
        allow = deny = 0
        for overwrite in overwrites:
            if overwrite.type == 0 and overwrite.id in member.roles:
                allow |= overwrite.allow
                deny |= overwrite.deny
        perms = (perms & ~deny) | allow
        for overwrite in overwrites:
            if overwrite.type == 1 and overwrite.id == user_id:
                perms = (perms & ~overwrite.deny) | overwrite.allow
        if not perms & P["view_channel"]:
            return 0
        if not perms & P["send_messages"]:
            perms &= ~(P["send_tts_messages"] | P["mention_everyone"] | P["embed_links"] | P["attach_files"])
        return perms

    def _can_see(self, channel: Channel, user_id: int) -> bool:
        perms = self.permissions_for(channel, user_id)
        if not perms & P["view_channel"]:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.member_ids or bool(perms & P["manage_threads"])
        return True

    def _require(self, channel: Channel, *names: str) -> None:
        if channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        if not self._can_see(channel, self.bot_user.id):
            raise missing_access()
        perms = self.permissions_for(channel, self.bot_user.id)
        if any(not perms & P[name] for name in names):
            raise missing_permissions()

    # ---------------------------------------------------------------------------------------- payloads

    def member_payload(self, guild: Guild, user: User, channel: Channel | None = None) -> dict[str, Any]:
        data = guild.members[user.id].payload()
        if channel is not None:
            data["permissions"] = str(self.permissions_for(channel, user.id))
        return data

    def message_payload(self, message: Message) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(message.id), "channel_id": str(message.channel_id), "author": message.author.payload(),
            "content": message.content, "timestamp": message.timestamp,
            "edited_timestamp": message.edited_timestamp, "tts": False,
            "mention_everyone": message.mention_everyone, "mentions": [u.payload() for u in message.mentions],
            "mention_roles": [], "attachments": [a.payload(ephemeral=message.ephemeral) for a in message.attachments],
            "embeds": message.embeds, "components": message.components, "pinned": False, "type": message.type,
            "flags": message.flags,
        }
        if not message.ephemeral:
            data["guild_id"] = str(message.guild_id)
        if message.author.bot and message.author.id == self.bot_user.id:
            data["application_id"] = str(self.application_id)
        interaction = message.interaction
        if interaction is not None:
            data["webhook_id"] = str(self.application_id)
            metadata: dict[str, Any] = {
                "id": str(interaction.id), "type": interaction.type, "user": interaction.user.payload(),
                "authorizing_integration_owners": {"0": str(interaction.guild_id)},
            }
            if interaction.type == APPLICATION_COMMAND:
                metadata["name"] = interaction.name
                metadata["command_type"] = 1
            if interaction.message_id is not None:
                metadata["interacted_message_id"] = str(interaction.message_id)
            if message.source == "followup" and interaction.response_message_id:
                metadata["original_response_message_id"] = str(interaction.response_message_id)
            data["interaction_metadata"] = metadata
            data["interaction"] = {"id": str(interaction.id), "type": interaction.type,
                                   "name": interaction.name, "user": interaction.user.payload()}
        if message.reference_id is not None:
            data["message_reference"] = {"type": 0, "message_id": str(message.reference_id),
                                         "channel_id": str(message.channel_id), "guild_id": str(message.guild_id)}
        if message.thread_id is not None and message.thread_id in self.channels:
            data["thread"] = self.channels[message.thread_id].payload()
        return data

    def guild_create_payload(self, guild: Guild, intents: int) -> dict[str, Any]:
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        threads = [c for c in self.channels.values()
                   if c.guild_id == guild.id and c.is_thread and not c.archived and not c.deleted]
        if intents & INTENT_GUILD_MEMBERS:
            members = list(guild.members.values())
        else:  # like Discord: without the members intent only the bot's own member comes along
            members = [guild.members[self.bot_user.id]]
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "owner_id": str(guild.owner_id),
            "unavailable": False, "large": False, "member_count": len(guild.members),
            "joined_at": guild.members[self.bot_user.id].joined_at, "features": [], "preferred_locale": "en-US",
            "roles": [r.payload() for r in guild.roles.values()], "emojis": [], "stickers": [],
            "channels": [c.payload() for c in channels], "threads": [t.payload() for t in threads],
            "members": [m.payload() for m in members], "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "verification_level": 0, "default_message_notifications": 1, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "system_channel_flags": 0,
            "system_channel_id": str(channels[0].id) if channels else None,
            "application_id": None, "afk_channel_id": None, "afk_timeout": 300,
        }

    # --------------------------------------------------------------------------------------- lifecycle

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.url}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=self.attachment_size_limit * 4 + 1024 * 1024,
                              middlewares=[self._middleware])
        self._routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
            await web.SockSite(self._runner, sock).start()
        except BaseException:
            sock.close()
            await self._runner.cleanup()
            raise

    async def stop(self) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=1.0)
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"stand-in stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's gateway connection the way Discord sometimes does; the bot should RESUME."""
        session = self._session
        if session is not None and session.ws is not None:
            ws, session.ws = session.ws, None
            await ws.close(code=code, message=b"stand-in dropped the connection")

    @property
    def connected(self) -> bool:
        return self._session is not None and self._session.ws is not None

    def _routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get(API + "/gateway", self._get_gateway)
        r.add_get(API + "/gateway/bot", self._get_gateway)
        r.add_get(API + "/users/@me", self._get_me)
        r.add_get(API + "/users/{user_id}", self._get_user)
        r.add_get(API + "/oauth2/applications/@me", self._get_application)
        r.add_get(API + "/applications/@me", self._get_application)
        r.add_get(API + "/applications/{app_id}/commands", self._get_commands)
        r.add_put(API + "/applications/{app_id}/commands", self._put_commands)
        r.add_get(API + "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands)
        r.add_put(API + "/applications/{app_id}/guilds/{guild_id}/commands", self._put_commands)
        r.add_get(API + "/guilds/{guild_id}", self._get_guild)
        r.add_get(API + "/guilds/{guild_id}/members/{user_id}", self._get_member)
        r.add_post(API + "/interactions/{interaction_id}/{token}/callback", self._post_callback)
        r.add_post(API + "/webhooks/{app_id}/{token}", self._post_followup)
        r.add_get(API + "/webhooks/{app_id}/{token}/messages/{message_id}", self._get_webhook_message)
        r.add_patch(API + "/webhooks/{app_id}/{token}/messages/{message_id}", self._patch_webhook_message)
        r.add_delete(API + "/webhooks/{app_id}/{token}/messages/{message_id}", self._delete_webhook_message)
        r.add_get(API + "/channels/{channel_id}", self._get_channel)
        r.add_patch(API + "/channels/{channel_id}", self._patch_channel)
        r.add_get(API + "/channels/{channel_id}/messages", self._get_messages)
        r.add_post(API + "/channels/{channel_id}/messages", self._post_message)
        r.add_get(API + "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r.add_patch(API + "/channels/{channel_id}/messages/{message_id}", self._patch_message)
        r.add_delete(API + "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r.add_post(API + "/channels/{channel_id}/threads", self._post_thread)
        r.add_post(API + "/channels/{channel_id}/messages/{message_id}/threads", self._post_thread)
        r.add_put(API + "/channels/{channel_id}/thread-members/{user_id}", self._put_thread_member)
        r.add_delete(API + "/channels/{channel_id}/thread-members/{user_id}", self._delete_thread_member)
        r.add_post(API + "/channels/{channel_id}/typing", self._post_typing)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        r.add_route("*", "/{tail:.*}", self._unknown_route)

    @web.middleware
    async def _middleware(self, request: web.Request,
                          handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
        except ApiError as error:
            self.refusals.append(Refusal(request.method, request.path, error.status, error.code, error.message))
            log.debug("stand-in refused %s %s: %s", request.method, request.path, error)
            response = json_response(error.body(), error.status)
        except web.HTTPException:
            raise
        except Exception as error:  # a bug in the stand-in: answer 400 (never 5xx, which discord.py retries)
            log.exception("stand-in failed on %s %s", request.method, request.path)
            self.internal_errors.append(f"{request.method} {request.path}: {error!r}")
            response = json_response({"message": f"stand-in error: {error!r}", "code": 0}, 400)
        self.requests.append(RequestRecord(request.method, request.path, response.status))
        self.notify()
        return response

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.unhandled.append(f"{request.method} {request.path}")
        raise ApiError(404, 0, f"404: Not Found (the stand-in does not serve {request.method} {request.path})")

    # ------------------------------------------------------------------------------------------ helpers

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    def _snowflake_arg(self, request: web.Request, name: str) -> int:
        value = request.match_info[name]
        if not value.isdigit():
            raise invalid_form(name, "Value is not snowflake.")
        return int(value)

    def _channel_arg(self, request: web.Request) -> Channel:
        channel = self.channels.get(self._snowflake_arg(request, "channel_id"))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], dict[int, Upload]]:
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            files: dict[int, Upload] = {}
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                elif match:
                    files[int(match[1])] = Upload(part.filename or f"file{match[1]}",
                                                  part.headers.get("Content-Type"), bytes(await part.read()))
            return payload, files
        text = await request.text()
        if not text:
            return {}, {}
        body = json.loads(text)
        return (body if isinstance(body, dict) else {"_list": body}), {}

    def _query_flag(self, request: web.Request, name: str) -> bool:
        return request.query.get(name, "").lower() in ("1", "true")

    def _dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch after the current REST answer, in order (the lock is first come, first served)."""
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------------------- message building

    def _new_attachment(self, channel_id: int, filename: str, upload: Upload, description: str | None) -> Attachment:
        attachment_id = self.snowflake()
        content_type = upload.content_type or ""
        if not content_type or content_type == "application/octet-stream":
            content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        if upload.data.startswith(b"\x89PNG\r\n\x1a\n"):
            content_type = "image/png"
        size = png_size(upload.data)
        return Attachment(attachment_id, filename, content_type, upload.data,
                          f"{self.url}/attachments/{channel_id}/{attachment_id}/{filename}", description,
                          size[0] if size else None, size[1] if size else None)

    def _attachments(self, channel_id: int, payload: Mapping[str, Any], files: Mapping[int, Upload],
                     existing: list[Attachment] | None = None) -> list[Attachment]:
        """New attachments from files[n] (described by payload.attachments), plus kept existing ones on edit."""
        total = sum(len(f.data) for f in files.values())
        if total > self.attachment_size_limit:
            raise ApiError(413, 40005, "Request entity too large")
        by_id = {a.id: a for a in existing or []}
        specs = payload.get("attachments")
        if specs is None:
            kept = list(existing or [])
            specs = [{"id": index} for index in sorted(files)]
        else:
            kept = []
        result: list[Attachment] = []
        used: set[int] = set()
        for spec in specs:
            ref = int(spec["id"])
            if ref in by_id:
                result.append(by_id[ref])
            elif ref in files:
                used.add(ref)
                upload = files[ref]
                result.append(self._new_attachment(channel_id, spec.get("filename") or upload.filename, upload,
                                                   spec.get("description")))
            else:
                raise invalid_form("attachments", f"Unknown attachment {ref} (no files[{ref}] part, not kept).")
        for index in sorted(set(files) - used):
            upload = files[index]
            result.append(self._new_attachment(channel_id, upload.filename, upload, None))
        return kept + result

    def _validate(self, content: str, embeds: list[dict[str, Any]], components: list[dict[str, Any]],
                  flags: int) -> None:
        if len(content) > 2000:
            raise invalid_form("content", "Must be 2000 or fewer in length.")
        if len(embeds) > 10:
            raise invalid_form("embeds", "Must be 10 or fewer in length.")
        total = 0
        for embed in embeds:
            for key, limit in (("title", 256), ("description", 4096)):
                if len(embed.get(key) or "") > limit:
                    raise invalid_form(f"embeds.{key}", f"Must be {limit} or fewer in length.")
            if len(embed.get("fields", [])) > 25:
                raise invalid_form("embeds.fields", "Must be 25 or fewer in length.")
            total += len(embed.get("title") or "") + len(embed.get("description") or "")
            total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields", []))
            total += len((embed.get("footer") or {}).get("text", "")) + len((embed.get("author") or {}).get("name", ""))
        if total > 6000:
            raise invalid_form("embeds", "Embed size exceeds maximum size of 6000")
        if not flags & COMPONENTS_V2:
            if len(components) > 5:
                raise invalid_form("components", "Must be 5 or fewer in length.")
            for row in components:
                if row.get("type") != 1:
                    raise invalid_form("components", "Top-level components must be action rows.")
                children = row.get("components", [])
                selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
                if not children or len(children) > 5 or (selects and len(children) > 1):
                    raise invalid_form("components", "An action row holds 1-5 buttons or one select menu.")
        seen: set[str] = set()
        for component in walk_components(components):
            custom_id = component.get("custom_id")
            if custom_id is not None:
                if not 1 <= len(custom_id) <= 100:
                    raise invalid_form("components.custom_id", "Must be between 1 and 100 in length.")
                if custom_id in seen:
                    raise invalid_form("components.custom_id", "Component custom id cannot be duplicated")
                seen.add(custom_id)
            if component.get("type") == 2:
                if len(component.get("label") or "") > 80:
                    raise invalid_form("components.label", "Must be 80 or fewer in length.")
                if (component.get("style") == 5) != ("url" in component):
                    raise invalid_form("components.url", "Link buttons (style 5) and only they need a url.")
            if component.get("type") == 3 and not 1 <= len(component.get("options", [])) <= 25:
                raise invalid_form("components.options", "A select menu has 1 to 25 options.")

    def _mentions(self, guild: Guild, content: str, allowed: Mapping[str, Any] | None) -> tuple[list[User], bool]:
        parse = set(allowed.get("parse", [])) if allowed is not None else {"users", "roles", "everyone"}
        allowed_ids = {int(u) for u in allowed.get("users", [])} if allowed is not None else set()
        users: list[User] = []
        for match in re.finditer(r"<@!?(\d+)>", content):
            user_id = int(match[1])
            member = guild.members.get(user_id)
            if member and member.user not in users and ("users" in parse or user_id in allowed_ids):
                users.append(member.user)
        everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
        return users, everyone

    def _build_message(self, channel: Channel, author: User, payload: Mapping[str, Any],
                       files: Mapping[int, Upload], *, source: str, flags_mask: int = SETTABLE_FLAGS,
                       interaction: Interaction | None = None, message_type: int = 0) -> Message:
        content = payload.get("content") or ""
        embeds = list(payload.get("embeds") or [])
        components = list(payload.get("components") or [])
        flags = int(payload.get("flags") or 0) & flags_mask
        self._validate(content, embeds, components, flags)
        guild = self.guild_of(channel)
        mentions, everyone = self._mentions(guild, content, payload.get("allowed_mentions"))
        message = Message(self.snowflake(), channel.id, channel.guild_id, author, content, embeds, components,
                          flags=flags, type=message_type, source=source, interaction=interaction,
                          mentions=mentions, mention_everyone=everyone)
        message.attachments = self._attachments(channel.id, payload, files)
        has_body = content or embeds or message.attachments or components or payload.get("poll")
        if not has_body and source != "loading":
            raise ApiError(400, 50006, "Cannot send an empty message")
        reference = payload.get("message_reference")
        if reference:
            referenced = self.messages.get(int(reference["message_id"]))
            if referenced is None or referenced.deleted:
                if reference.get("fail_if_not_exists", True):
                    raise invalid_form("message_reference", "Unknown message")
            else:
                message.reference_id = referenced.id
                message.type = 19
        return message

    def _store_message(self, message: Message) -> None:
        self.messages[message.id] = message
        if not message.ephemeral:
            channel = self.channels[message.channel_id]
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
                channel.total_message_sent += 1
        self.record(message.source if message.source in ("response", "followup") else "message", message)
        self._dispatch_message("MESSAGE_CREATE", message)

    def _dispatch_message(self, event: str, message: Message) -> None:
        if message.ephemeral:
            return  # Discord does not send ephemeral messages over the gateway
        data = self.message_payload(message)
        guild = self.guilds[message.guild_id]
        if message.author.id in guild.members:
            data["member"] = guild.members[message.author.id].payload(with_user=False)
        self._dispatch_soon(event, data)

    def _edit_message(self, message: Message, payload: Mapping[str, Any], files: Mapping[int, Upload],
                      *, clear_loading: bool = False) -> None:
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        content = (payload["content"] or "") if "content" in payload else message.content
        embeds = list(payload["embeds"] or []) if "embeds" in payload else message.embeds
        components = list(payload["components"] or []) if "components" in payload else message.components
        flags = message.flags
        if "flags" in payload and payload["flags"] is not None:
            flags = (flags & ~SETTABLE_FLAGS) | (int(payload["flags"]) & SETTABLE_FLAGS)
        if clear_loading:
            flags &= ~LOADING
        self._validate(content, embeds, components, flags)
        attachments = self._attachments(message.channel_id, payload, files, message.attachments)
        if not (content or embeds or attachments or components) and not flags & LOADING:
            raise ApiError(400, 50006, "Cannot send an empty message")
        message.versions.append(self.message_payload(message))
        guild = self.guilds[message.guild_id]
        if "content" in payload or "allowed_mentions" in payload:
            message.mentions, message.mention_everyone = self._mentions(guild, content, payload.get("allowed_mentions"))
        message.content, message.embeds, message.components = content, embeds, components
        message.flags, message.attachments = flags, attachments
        message.edited_timestamp = iso()
        self.record("edit", message)
        self._dispatch_message("MESSAGE_UPDATE", message)

    def _delete_message_record(self, message: Message) -> None:
        message.deleted = True
        self.record("delete", message)
        if not message.ephemeral:
            channel = self.channels[message.channel_id]
            if channel.is_thread:
                channel.message_count = max(0, channel.message_count - 1)
            self._dispatch_soon("MESSAGE_DELETE", {"id": str(message.id), "channel_id": str(message.channel_id),
                                                   "guild_id": str(message.guild_id)})

    def _check_thread_open(self, channel: Channel) -> None:
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")

    # ------------------------------------------------------------------------------------ gateway

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH to the bot's session (kept for RESUME when the bot is disconnected)."""
        session = self._session
        if session is None:
            return
        if not self._wanted(event, data, session.intents):
            return
        async with session.lock:
            session.seq += 1
            frame = {"op": 0, "t": event, "s": session.seq, "d": data}
            session.sent.append(frame)
            if session.ws is not None and not session.ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await session.ws.send_str(json.dumps(frame))
        self.notify()

    def _wanted(self, event: str, data: Mapping[str, Any], intents: int) -> bool:
        if event.startswith("MESSAGE_") and "guild_id" in data:
            return bool(intents & INTENT_GUILD_MESSAGES)
        if event.startswith("THREAD_") or event.startswith("GUILD_") or event.startswith("CHANNEL_"):
            return bool(intents & INTENT_GUILDS)
        return True

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                await self._gateway_op(ws, frame.get("op"), frame.get("d"))
        finally:
            self._sockets.discard(ws)
            if self._session is not None and self._session.ws is ws:
                self._session.ws = None
            self.notify()
        return ws

    async def _gateway_op(self, ws: web.WebSocketResponse, op: int | None, data: Any) -> None:
        if op == 1:  # HEARTBEAT
            await ws.send_str(json.dumps({"op": 11}))
        elif op == 2:  # IDENTIFY
            if data.get("token") != self.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return
            self.identify_count += 1
            session = _Session(secrets.token_hex(16), int(data.get("intents", 0)))
            session.ws = ws
            self._session = session
            ready = {
                "v": 10, "user": self.bot_user.payload(), "guilds": [{"id": str(g), "unavailable": True}
                                                                    for g in self.guilds],
                "session_id": session.id, "resume_gateway_url": self.gateway_url, "shard": [0, 1],
                "application": {"id": str(self.application_id), "flags": 0}, "private_channels": [],
                "relationships": [], "user_settings": {}, "presences": [], "guild_join_requests": [],
                "geo_ordered_rtc_regions": [], "auth_session_id_hash": "", "session_type": "normal",
            }
            await self.dispatch("READY", ready)
            for guild in self.guilds.values():
                await self.dispatch("GUILD_CREATE", self.guild_create_payload(guild, session.intents))
        elif op == 6:  # RESUME
            known = self._session
            if known is None or data.get("session_id") != known.id or data.get("token") != self.token:
                await ws.send_str(json.dumps({"op": 9, "d": False}))
                return
            self.resume_count += 1
            async with known.lock:
                known.ws = ws
                seen = int(data.get("seq") or 0)
                for frame in known.sent:
                    if frame["s"] > seen:
                        await ws.send_str(json.dumps(frame))
            await self.dispatch("RESUMED", {})
        elif op == 8:  # REQUEST_GUILD_MEMBERS
            asked = self.guilds.get(int(data["guild_id"]))
            if asked is None:
                return
            wanted_ids = {int(u) for u in data.get("user_ids") or []}
            query = (data.get("query") or "").lower()
            members = [m for m in asked.members.values()
                       if (not wanted_ids or m.user.id in wanted_ids) and m.user.name.lower().startswith(query)]
            limit = data.get("limit") or 0
            if limit:
                members = members[:limit]
            await self.dispatch("GUILD_MEMBERS_CHUNK", {
                "guild_id": str(asked.id), "members": [m.payload() for m in members], "chunk_index": 0,
                "chunk_count": 1, "nonce": data.get("nonce"),
                "not_found": [str(u) for u in wanted_ids - {m.user.id for m in members}],
            })
        elif op in (3, 4):  # presence, voice state: accepted and ignored
            return
        else:
            await ws.close(code=4001, message=b"Unknown opcode.")

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})

    # ------------------------------------------------------------------------- users, app, commands

    async def _get_me(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        data = self.bot_user.payload()
        data.update({"verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"})
        return json_response(data)

    async def _get_user(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        user = self.users.get(self._snowflake_arg(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        owner = next((u for u in self.users.values() if not u.bot), self.bot_user)
        return json_response({
            "id": str(self.application_id), "name": self.bot_user.name, "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": owner.payload(), "team": None,
            "verify_key": "0" * 64, "flags": 0, "summary": "", "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None, "redirect_uris": [], "tags": [],
        })

    def _command_store(self, request: web.Request) -> tuple[dict[str, dict[str, Any]], int | None]:
        self._check_auth(request)
        if self._snowflake_arg(request, "app_id") != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" not in request.match_info:
            return self.global_commands, None
        guild_id = self._snowflake_arg(request, "guild_id")
        if guild_id not in self.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return self.guild_commands.setdefault(guild_id, {}), guild_id

    async def _get_commands(self, request: web.Request) -> web.Response:
        store, _ = self._command_store(request)
        return json_response(list(store.values()))

    async def _put_commands(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        body, _ = await self._read_body(request)
        commands = body.get("_list")
        if not isinstance(commands, list):
            raise invalid_form("_root", "Expected a list of commands.")
        if len(commands) > 100:
            raise invalid_form("_root", "Must be 100 or fewer in length.")
        result: dict[str, dict[str, Any]] = {}
        for index, command in enumerate(commands):
            kind = int(command.get("type", 1))
            self._validate_command(command, f"{index}", kind)
            key = command["name"] if kind == 1 else f"{command['name']} (type {kind})"
            if key in result:
                raise invalid_form(f"{index}.name", "Application command names must be unique")
            previous = store.get(key)
            stored = dict(command)
            stored.update({
                "id": previous["id"] if previous else str(self.snowflake()),
                "application_id": str(self.application_id), "version": str(self.snowflake()), "type": kind,
                "default_member_permissions": (None if command.get("default_member_permissions") is None
                                               else str(command["default_member_permissions"])),
                "nsfw": command.get("nsfw", False), "options": command.get("options", []),
                "description": command.get("description", ""),
            })
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
            result[key] = stored
        store.clear()
        store.update(result)
        self.sync_count += 1
        self.record("sync", guild_id, commands=list(result))
        return json_response(list(result.values()))

    def _validate_command(self, command: Mapping[str, Any], where: str, kind: int) -> None:
        name = command.get("name", "")
        if kind == 1:
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                raise invalid_form(f"{where}.name", f"Command name {name!r} is invalid (lowercase, 1-32 characters).")
            if not 1 <= len(command.get("description", "")) <= 100:
                raise invalid_form(f"{where}.description", "Must be between 1 and 100 in length.")
        elif not 1 <= len(name) <= 32:
            raise invalid_form(f"{where}.name", "Must be between 1 and 32 in length.")
        self._validate_options(command.get("options", []), f"{where}.options")

    def _validate_options(self, options: list[Mapping[str, Any]], where: str) -> None:
        if len(options) > 25:
            raise invalid_form(where, "Must be 25 or fewer in length.")
        optional_seen = False
        for index, option in enumerate(options):
            here = f"{where}.{index}"
            name = option.get("name", "")
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                raise invalid_form(f"{here}.name", f"Option name {name!r} is invalid (lowercase, 1-32 characters).")
            if not 1 <= len(option.get("description", "")) <= 100:
                raise invalid_form(f"{here}.description", "Must be between 1 and 100 in length.")
            if option.get("type") in (1, 2):
                self._validate_options(option.get("options", []), f"{here}.options")
                continue
            if option.get("required"):
                if optional_seen:
                    raise invalid_form(here, "Required options must be placed before non-required options")
            else:
                optional_seen = True
            choices = option.get("choices") or []
            if len(choices) > 25:
                raise invalid_form(f"{here}.choices", "Must be 25 or fewer in length.")
            if choices and option.get("autocomplete"):
                raise invalid_form(here, "Autocomplete and choices are mutually exclusive.")

    def commands_for(self, guild: Guild) -> dict[str, dict[str, Any]]:
        """The chat-input commands a member of ``guild`` can see: global ones, then the guild's own."""
        merged = {n: c for n, c in self.global_commands.items() if c.get("type", 1) == 1}
        merged.update({n: c for n, c in self.guild_commands.get(guild.id, {}).items() if c.get("type", 1) == 1})
        return merged

    async def _get_guild(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        guild = self.guilds.get(self._snowflake_arg(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        data = self.guild_create_payload(guild, 0)
        for key in ("channels", "threads", "members", "voice_states", "presences", "joined_at", "large"):
            data.pop(key, None)
        return json_response(data)

    async def _get_member(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        guild = self.guilds.get(self._snowflake_arg(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        member = guild.members.get(self._snowflake_arg(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    # ------------------------------------------------------------------------------ interactions

    def new_interaction(self, kind: int, user: User, channel: Channel, data: dict[str, Any], *,
                        name: str, message: Message | None = None) -> Interaction:
        """Register an interaction as Discord would send it; ``deliver`` sends it to the bot."""
        guild = self.guild_of(channel)
        if user.id not in guild.members:
            raise KeyError(f"{user.name} is not a member of {guild.name}")
        interaction = Interaction(self.snowflake(), f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}", kind, user,
                                  guild.id, channel.id, name, {}, message_id=message.id if message else None)
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(self.application_id), "type": kind,
            "token": interaction.token, "version": 1, "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []}, "guild_locale": "en-US",
            "channel_id": str(channel.id), "channel": channel.payload(),
            "member": self.member_payload(guild, user, channel), "locale": "en-US",
            "app_permissions": str(self.permissions_for(channel, self.bot_user.id)),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0,
            "attachment_size_limit": self.attachment_size_limit, "data": data,
        }
        if message is not None:
            payload["message"] = self.message_payload(message)
        interaction.payload = payload
        self.interactions[interaction.id] = interaction
        return interaction

    async def deliver(self, interaction: Interaction) -> None:
        """Send INTERACTION_CREATE; the 3-second clock starts now."""
        interaction.created_at = self.now()
        self.record("interaction", interaction)
        await self.dispatch("INTERACTION_CREATE", interaction.payload)

    def _interaction_by_token(self, request: web.Request) -> Interaction:
        token = request.match_info["token"]
        app_id = request.match_info["app_id"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None or app_id != str(self.application_id) or not interaction.acknowledged:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.now() - interaction.created_at > self.webhook_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _check_app_permissions(self, channel: Channel, payload: Mapping[str, Any], files: Mapping[int, Upload]) -> None:
        """Interaction answers and followups are held to the app's permissions for files and embeds."""
        perms = self.permissions_for(channel, self.bot_user.id)
        if files and not perms & P["attach_files"]:
            raise missing_permissions()
        if payload.get("embeds") and not perms & P["embed_links"]:
            raise missing_permissions()

    async def _post_callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(self._snowflake_arg(request, "interaction_id"))
        body, files = await self._read_body(request)
        if interaction is None or interaction.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        callback = Callback(int(body.get("type", 0)), dict(body.get("data") or {}), self.now())
        interaction.attempts.append(callback)
        try:
            response = self._apply_callback(interaction, callback, files)
        except ApiError as error:
            callback.status, callback.code, callback.error = error.status, error.code, error.message
            self.record("callback_refused", interaction, callback=callback)
            raise
        callback.status = 200 if self._query_flag(request, "with_response") else 204
        self.record("callback", interaction, callback=callback)
        if callback.status == 204:
            return web.Response(status=204)
        return json_response(response)

    def _apply_callback(self, interaction: Interaction, callback: Callback,
                        files: Mapping[int, Upload]) -> dict[str, Any]:
        if interaction.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if callback.at - interaction.created_at > self.interaction_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        if callback.type not in ALLOWED_CALLBACKS.get(interaction.type, set()):
            raise invalid_form("type", f"Callback type {callback.type} is not valid for interaction type "
                                       f"{interaction.type}.")
        channel = self.channels[interaction.channel_id]
        data = callback.data
        message: Message | None = None
        if callback.type == CALLBACK_MESSAGE:
            self._check_app_permissions(channel, data, files)
            message = self._build_message(channel, self.bot_user, data, files, source="response",
                                          flags_mask=SETTABLE_FLAGS | EPHEMERAL, interaction=interaction,
                                          message_type=20 if interaction.type == APPLICATION_COMMAND else 0)
            interaction.response_message_id = message.id
            self._store_message(message)
        elif callback.type == CALLBACK_DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._build_message(channel, self.bot_user, {"flags": flags}, {}, source="loading",
                                          flags_mask=LOADING | EPHEMERAL, interaction=interaction,
                                          message_type=20 if interaction.type == APPLICATION_COMMAND else 0)
            message.source = "response"
            interaction.response_message_id = message.id
            interaction.defer_pending = True
            self._store_message(message)
        elif callback.type in (CALLBACK_UPDATE, CALLBACK_DEFERRED_UPDATE):
            target = self.messages.get(interaction.message_id or 0)
            if target is None or target.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            interaction.response_message_id = target.id
            if callback.type == CALLBACK_UPDATE:
                self._check_app_permissions(channel, data, files)
                self._edit_message(target, data, files)
                message = target
        elif callback.type == CALLBACK_AUTOCOMPLETE:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise invalid_form("data.choices", "Must be a list of 25 or fewer choices.")
            for index, choice in enumerate(choices):
                if not 1 <= len(str(choice.get("name", ""))) <= 100:
                    raise invalid_form(f"data.choices.{index}.name", "Must be between 1 and 100 in length.")
                if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
                    raise invalid_form(f"data.choices.{index}.value", "Must be 100 or fewer in length.")
        elif callback.type == CALLBACK_MODAL and (not 1 <= len(data.get("title", "")) <= 45
                                                  or not data.get("custom_id")):
            raise invalid_form("data", "A modal needs a title (1-45 characters) and a custom_id.")
        callback.message = message
        if message is not None:
            callback.snapshot = {"content": message.content, "embeds": list(message.embeds),
                                 "components": list(message.components), "attachments": list(message.attachments),
                                 "flags": message.flags}
        ephemeral = bool(message and message.ephemeral)
        body: dict[str, Any] = {"interaction": {
            "id": str(interaction.id), "type": interaction.type,
            "response_message_loading": callback.type == CALLBACK_DEFERRED_MESSAGE,
            "response_message_ephemeral": ephemeral,
        }}
        if interaction.response_message_id is not None:
            body["interaction"]["response_message_id"] = str(interaction.response_message_id)
        if message is not None:
            body["resource"] = {"type": callback.type, "message": self.message_payload(message)}
        return body

    async def _post_followup(self, request: web.Request) -> web.StreamResponse:
        interaction = self._interaction_by_token(request)
        payload, files = await self._read_body(request)
        channel = self.channels[interaction.channel_id]
        self._check_app_permissions(channel, payload, files)
        if interaction.defer_pending and interaction.response_message_id is not None:
            # The first followup after a "thinking" answer fills the loading message; its ephemeral
            # flag is the one chosen when deferring.
            message = self.messages[interaction.response_message_id]
            interaction.defer_pending = False
            self._edit_message(message, payload, files, clear_loading=True)
        else:
            message = self._build_message(channel, self.bot_user, payload, files, source="followup",
                                          flags_mask=SETTABLE_FLAGS | EPHEMERAL, interaction=interaction)
            self._store_message(message)
        interaction.followups.append(message)
        self.record("followup", interaction, message=message)
        if not self._query_flag(request, "wait"):
            return web.Response(status=204)
        return json_response(self.message_payload(message))

    def _webhook_message(self, request: web.Request, interaction: Interaction) -> Message:
        ref = request.match_info["message_id"]
        if ref == "@original":
            message_id = interaction.response_message_id
        elif ref.isdigit():
            message_id = int(ref)
            owned = {m.id for m in interaction.followups} | {interaction.response_message_id}
            if message_id not in owned:
                raise ApiError(404, 10008, "Unknown Message")
        else:
            raise invalid_form("message_id", "Value is not snowflake.")
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        return json_response(self.message_payload(self._webhook_message(request, interaction)))

    async def _patch_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        message = self._webhook_message(request, interaction)
        payload, files = await self._read_body(request)
        self._check_app_permissions(self.channels[interaction.channel_id], payload, files)
        self._check_thread_open(self.channels[message.channel_id])
        if message.id == interaction.response_message_id:
            interaction.defer_pending = False
        self._edit_message(message, payload, files, clear_loading=True)
        return json_response(self.message_payload(message))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        message = self._webhook_message(request, interaction)
        self._delete_message_record(message)
        return web.Response(status=204)

    # ---------------------------------------------------------------------------- channels, messages

    async def _get_channel(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        if not self._can_see(channel, self.bot_user.id):
            raise missing_access()
        return json_response(channel.payload())

    async def _patch_channel(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        payload, _ = await self._read_body(request)
        perms = self.permissions_for(channel, self.bot_user.id)
        if not self._can_see(channel, self.bot_user.id):
            raise missing_access()
        if not channel.is_thread:
            if not perms & P["manage_channels"]:
                raise missing_permissions()
            channel.name = payload.get("name", channel.name)
            channel.topic = payload.get("topic", channel.topic)
            self.record("channel_update", channel)
            self._dispatch_soon("CHANNEL_UPDATE", channel.payload())
            return json_response(channel.payload())
        manages = bool(perms & P["manage_threads"])
        owns = channel.owner_id == self.bot_user.id
        if "locked" in payload and payload["locked"] != channel.locked and not manages:
            raise missing_permissions()
        if channel.locked and not manages:
            raise missing_permissions()
        if payload.get("archived") is False and channel.archived and not perms & P["send_messages_in_threads"]:
            raise missing_permissions()
        if payload.get("archived") is True and not channel.archived and not (owns or manages):
            raise missing_permissions()
        if channel.archived and payload.get("archived") is not False:
            raise ApiError(400, 50083, "Thread is archived")
        if "name" in payload and not (owns or manages):
            raise missing_permissions()
        self.update_thread(channel, **{k: payload[k] for k in ("name", "archived", "locked", "auto_archive_duration",
                                                               "invitable") if k in payload})
        return json_response(channel.payload())

    def update_thread(self, thread: Channel, **changes: Any) -> None:
        """Change a thread (archive it, rename it, ...) and send THREAD_UPDATE, as Discord does."""
        before = {"archived": thread.archived, "locked": thread.locked, "name": thread.name}
        for key, value in changes.items():
            setattr(thread, key, value)
        if "archived" in changes and changes["archived"] != before["archived"]:
            thread.archive_timestamp = iso()
        self.record("thread_update", thread, before=before, changes=changes)
        self._dispatch_soon("THREAD_UPDATE", thread.payload())

    async def _get_messages(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        self._require(channel, "view_channel", "read_message_history")
        messages = sorted((m for m in self.messages.values()
                           if m.channel_id == channel.id and not m.deleted and not m.ephemeral),
                          key=lambda m: m.id, reverse=True)
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])]
        if "after" in request.query:
            messages = [m for m in messages if m.id > int(request.query["after"])]
        limit = min(int(request.query.get("limit", 50)), 100)
        return json_response([self.message_payload(m) for m in messages[:limit]])

    def _channel_message(self, request: web.Request, channel: Channel) -> Message:
        message = self.messages.get(self._snowflake_arg(request, "message_id"))
        if message is None or message.deleted or message.ephemeral or message.channel_id != channel.id:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        self._require(channel, "view_channel", "read_message_history")
        return json_response(self.message_payload(self._channel_message(request, channel)))

    async def _post_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        payload, files = await self._read_body(request)
        self._require(channel, "send_messages_in_threads" if channel.is_thread else "send_messages")
        if files:
            self._require(channel, "attach_files")
        if payload.get("embeds"):
            self._require(channel, "embed_links")
        self._check_thread_open(channel)
        message = self._build_message(channel, self.bot_user, payload, files, source="channel")
        self._store_message(message)
        return json_response(self.message_payload(message))

    async def _patch_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        message = self._channel_message(request, channel)
        payload, files = await self._read_body(request)
        self._require(channel, "view_channel")
        if message.author.id != self.bot_user.id:
            if set(payload) - {"flags"}:
                raise ApiError(403, 50005, "Cannot edit a message authored by another user")
            self._require(channel, "manage_messages")
        if files:
            self._require(channel, "attach_files")
        self._check_thread_open(channel)
        self._edit_message(message, payload, files)
        return json_response(self.message_payload(message))

    async def _delete_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        message = self._channel_message(request, channel)
        self._require(channel, "view_channel")
        if message.author.id != self.bot_user.id:
            self._require(channel, "manage_messages")
        self._check_thread_open(channel)
        self._delete_message_record(message)
        return web.Response(status=204)

    async def _post_thread(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        parent = self._channel_arg(request)
        payload, _ = await self._read_body(request)
        if parent.is_thread:
            raise invalid_form("channel_id", "Threads cannot be created inside threads.")
        starter: Message | None = None
        if "message_id" in request.match_info:
            starter = self._channel_message(request, parent)
            kind = PUBLIC_THREAD
            if starter.thread_id is not None:
                raise ApiError(400, 160004, "A thread has already been created for this message")
        else:
            kind = int(payload.get("type") or PRIVATE_THREAD)
            if kind not in THREAD_TYPES:
                raise invalid_form("type", "Only public (11) and private (12) threads can be made here.")
        self._require(parent, "view_channel",
                      "create_public_threads" if kind == PUBLIC_THREAD else "create_private_threads")
        name = payload.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        duration = int(payload.get("auto_archive_duration") or 1440)
        if duration not in (60, 1440, 4320, 10080):
            raise invalid_form("auto_archive_duration", "Must be one of 60, 1440, 4320, 10080.")
        thread = Channel(starter.id if starter else self.snowflake(), parent.guild_id, name, kind,
                         parent_id=parent.id, owner_id=self.bot_user.id, auto_archive_duration=duration,
                         invitable=bool(payload.get("invitable", True)), member_ids={self.bot_user.id})
        self.channels[thread.id] = thread
        self.record("thread", thread, starter=starter)
        created = thread.payload()
        created["newly_created"] = True
        created["member"] = {"id": str(thread.id), "user_id": str(self.bot_user.id), "join_timestamp": iso(),
                             "flags": 0}
        self._dispatch_soon("THREAD_CREATE", created)
        if starter is not None:
            starter.thread_id = thread.id
            starter.flags |= HAS_THREAD
            self._dispatch_message("MESSAGE_UPDATE", starter)
        return json_response(thread.payload())

    def _thread_member_target(self, request: web.Request) -> tuple[Channel, User]:
        self._check_auth(request)
        thread = self._channel_arg(request)
        if not thread.is_thread:
            raise invalid_form("channel_id", "Not a thread.")
        ref = request.match_info["user_id"]
        user = self.bot_user if ref == "@me" else self.users.get(int(ref) if ref.isdigit() else 0)
        if user is None or user.id not in self.guild_of(thread).members:
            raise ApiError(404, 10013, "Unknown User")
        return thread, user

    async def _put_thread_member(self, request: web.Request) -> web.Response:
        thread, user = self._thread_member_target(request)
        if user.id != self.bot_user.id:
            self._require(thread, "send_messages_in_threads")
        self._check_thread_open(thread)
        thread.member_ids.add(user.id)
        self.record("thread_member_add", thread, user=user)
        return web.Response(status=204)

    async def _delete_thread_member(self, request: web.Request) -> web.Response:
        thread, user = self._thread_member_target(request)
        if user.id != self.bot_user.id and thread.owner_id != self.bot_user.id:
            self._require(thread, "manage_threads")
        thread.member_ids.discard(user.id)
        self.record("thread_member_remove", thread, user=user)
        return web.Response(status=204)

    async def _post_typing(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        self._require(self._channel_arg(request), "view_channel")
        return web.Response(status=204)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment_id"]) if request.match_info["attachment_id"].isdigit() else 0
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id and attachment.filename == request.match_info["filename"]:
                    return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})
        raise ApiError(404, 0, "404: Not Found")

    # --------------------------------------------------------------------------- user-side actions

    async def post_as_user(self, user: User, channel: Channel, content: str) -> Message:
        """A member writes in a channel (MESSAGE_CREATE; content only with the message content intent)."""
        message = Message(self.snowflake(), channel.id, channel.guild_id, user, content, source="user")
        message.mentions, message.mention_everyone = self._mentions(self.guild_of(channel), content, None)
        self.messages[message.id] = message
        channel.last_message_id = message.id
        if channel.is_thread:
            channel.message_count += 1
            channel.total_message_sent += 1
        self.record("message", message)
        data = self.message_payload(message)
        data["member"] = self.guild_of(channel).members[user.id].payload(with_user=False)
        session = self._session
        mentioned = any(u.id == self.bot_user.id for u in message.mentions)
        if session is not None and not session.intents & INTENT_MESSAGE_CONTENT and not mentioned:
            data.update(content="", embeds=[], attachments=[], components=[])
        await self.dispatch("MESSAGE_CREATE", data)
        return message
