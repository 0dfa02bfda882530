"""What the stand-in's Discord is made of: Discord's numbers and the records the stand-in keeps.

* numbers: message flags, gateway intents, channel, interaction and callback types (and which callback
  answers which interaction), permission bits with the everyone / bot / manager presets;
* records: users, roles, members, permission overwrites, channels and threads, uploads and attachments,
  messages (with their earlier versions), interactions and their callbacks, guilds, and the logs of
  events, refusals and requests.

A record renders its own JSON (``payload()``) when that needs nothing else from the server;
``world.World`` builds the payloads that do (messages, members with permissions, GUILD_CREATE).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

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
DM = 1
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
DM_PERMISSIONS = (
    P["view_channel"] | P["send_messages"] | P["embed_links"] | P["attach_files"] | P["read_message_history"]
    | P["add_reactions"] | P["use_external_emojis"] | P["use_application_commands"]
)
"""What the bot and the user may do in a direct message between them (no roles, no overwrites)."""
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


def api_path(path: str) -> str:
    """The path below ``/api/v10`` (other paths, such as attachment downloads, unchanged)."""
    return path[len(API):] if path.startswith(API + "/") else path


# --------------------------------------------------------------------------------------------- records


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"
    """The language of the user's Discord client, sent with each of their interactions (``locale``)."""

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
    mention_roles: list[int] = field(default_factory=list)
    """Roles this message pinged (``<@&id>`` in its content, allowed by its ``allowed_mentions``)."""
    reference_id: int | None = None
    nonce: str | None = None
    """The nonce a bot's post enforced (``enforce_nonce``), answered again for a post made again."""
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
    features: tuple[str, ...] = ()
    """Discord's guild features, e.g. ``("DISCOVERABLE",)`` for a server listed in Server Discovery."""
    locale: str = "en-US"
    """The server's preferred language (``guild_locale`` of its interactions, ``preferred_locale``)."""

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
    """One REST request the bot made, in the order they arrived; ``status`` is 0 until it is answered."""

    method: str
    path: str
    status: int = 0
    code: int | None = None  # the Discord error code of a refusal or an injected fault
    injected: bool = False  # answered by a fault (``Faults``) instead of the route

    @property
    def api_path(self) -> str:
        """The path below /api/v10 (what ``Discord.requests`` and the faults match against)."""
        return api_path(self.path)

    def __repr__(self) -> str:
        answer = f"{self.status or 'pending'}{f' {self.code}' if self.code else ''}"
        return f"<Request {self.method} {self.api_path} -> {answer}{' injected' if self.injected else ''}>"


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
