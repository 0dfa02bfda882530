"""The in-memory Discord: what the stand-in keeps and what every route computes from it.

``World`` holds the users, guilds (roles, members), channels and threads, messages, interactions and
synced commands, plus the logs a test reads (``events``, ``requests``, ``refusals``, ``unhandled``,
``internal_errors``). It owns the snowflakes and the stand-in's clock (``advance_clock``), the change
notification the driver waits on (``generation``, ``notify``, ``changed``), guild setup
(``add_guild``, ``add_channel``, ``deny_bot``, ``allow_bot``), Discord's permission computation, and
the JSON payloads that need more than one record (messages, members with permissions, GUILD_CREATE).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import Any

from .model import (
    ALL_PERMISSIONS,
    API,
    APPLICATION_COMMAND,
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DM,
    DM_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    INTENT_GUILD_MEMBERS,
    MANAGER_PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    Channel,
    Event,
    Guild,
    Interaction,
    Member,
    Message,
    Overwrite,
    P,
    PermissionSpec,
    Refusal,
    RequestRecord,
    Role,
    User,
    permission_bits,
)
from .wire import ApiError, missing_access, missing_permissions


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events go to: Discord's rule, from the guild id's timestamp bits."""
    return (guild_id >> 22) % shard_count


class World:
    """Everything the stand-in keeps, and the computations over it that every route shares."""

    def __init__(self, *, app_name: str, token: str | None, attachment_size_limit: int, shard_count: int = 1) -> None:
        if shard_count < 1:
            raise ValueError("a Discord application has at least one shard")
        self.shard_count = shard_count
        """The shards ``GET /gateway/bot`` recommends, and the ones ``add_guild`` spreads new guilds over."""
        self.token = token or f"standin.{secrets.token_urlsafe(16)}"
        self.attachment_size_limit = attachment_size_limit
        self._increment = itertools.count()
        self._last_snowflake = 0
        self._clock_offset = 0.0
        self.users: dict[int, User] = {}
        self._users_by_name: dict[str, User] = {}  # the first user of each name, as ``user()`` finds it
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        """(channel, author, nonce) → the message a post with ``enforce_nonce`` made, and when (``now()``)."""
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
        self._changed = asyncio.Event()
        self.generation = 0
        self.port = 0

    # ------------------------------------------------------------------ clock, ids, change notification

    def now(self) -> float:
        """The stand-in's clock (monotonic seconds); ``advance_clock`` moves it forward."""
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Let ``seconds`` pass for Discord's timers (the 3-second and 15-minute interaction rules)."""
        self._clock_offset += seconds

    def snowflake(self, shard: int | None = None) -> int:
        """A new id; with ``shard``, one whose timestamp puts it on that shard (a guild's id decides which
        shard its events go to), a few milliseconds ahead if need be."""
        millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (millis << 22) | (1 << 17) | (next(self._increment) & 0xFFF)
        value = max(value, self._last_snowflake + 1)
        if shard is not None:
            value += ((shard - shard_of(value, self.shard_count)) % self.shard_count) << 22
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
        self._users_by_name.setdefault(name, user)
        return user

    def user(self, name_or_id: str | int | User) -> User:
        if isinstance(name_or_id, User):
            return name_or_id
        # Looked up by id, then by name, in dictionaries: a world of thousands of members stays fast.
        if isinstance(name_or_id, int) and name_or_id in self.users:
            return self.users[name_or_id]
        if isinstance(name_or_id, str):
            by_id = self.users.get(int(name_or_id)) if name_or_id.isdecimal() else None
            found = self._users_by_name.get(name_or_id)
            if found is not None and (by_id is None or found.id < by_id.id):
                return found
            if by_id is not None:
                return by_id
        raise KeyError(f"no user {name_or_id!r}; users: {', '.join(u.name for u in self.users.values())}")

    def add_guild(self, name: str = "Big Top", *, channels: Iterable[str] = ("general", "games"),
                  members: Iterable[str] = ("alice", "bob", "carol"), managers: Iterable[str] = ("mia",),
                  owner: str = "owner",
                  deny: Mapping[str, PermissionSpec] | None = None,
                  bot_permissions: PermissionSpec = BOT_PERMISSIONS,
                  everyone_permissions: PermissionSpec = EVERYONE_PERMISSIONS, guild_id: int | None = None,
                  features: Iterable[str] = (), shard: int | None = None) -> Guild:
        """A guild with text channels and members; ``managers`` get MANAGE_GUILD (a "server manager" role).

        The guild belongs to ``owner`` (a member with every permission, kept apart from the others so
        that ``members`` and ``managers`` have exactly their roles' permissions).

        ``deny`` maps a channel name to permissions denied to the bot there (a member overwrite), e.g.
        ``{"games": ["create_public_threads", "attach_files"]}``. ``features`` are Discord's guild features,
        e.g. ``["DISCOVERABLE"]`` for a server listed in Server Discovery.

        ``guild_id`` gives the guild a known id (a world rebuilt to match a saved database). Otherwise its
        id falls on ``shard`` (of ``shard_count``); by default the guilds take the shards in turn (the
        first guild shard 0, the next shard 1, ...), so a stand-in of several shards has guilds on each.
        """
        if shard is not None and not 0 <= shard < self.shard_count:
            raise ValueError(f"shard {shard} is not one of the stand-in's {self.shard_count} shards")
        if guild_id is None:
            guild_id = self.snowflake(len(self.guilds) % self.shard_count if shard is None else shard)
        member_names, manager_names = list(members), list(managers)
        people = [self._user_named(n) for n in dict.fromkeys([owner, *member_names, *manager_names])]
        guild = Guild(guild_id, name, owner_id=people[0].id, features=tuple(features))
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

    def add_channel(self, guild: Guild, name: str, *, position: int | None = None,
                    channel_id: int | None = None) -> Channel:
        channel = Channel(channel_id or self.snowflake(), guild.id, name, TEXT,
                          position=len(guild.channel_ids) if position is None else position)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(self, parent: Channel, name: str, *, thread_id: int | None = None) -> Channel:
        """A public thread the bot opened in ``parent`` before it connected (no event is sent: the bot
        learns of it from GUILD_CREATE, as of any thread that exists when it starts)."""
        thread = Channel(thread_id or self.snowflake(), parent.guild_id, name, PUBLIC_THREAD, parent_id=parent.id,
                         owner_id=self.bot_user.id, auto_archive_duration=10080, member_ids={self.bot_user.id})
        self.channels[thread.id] = thread
        return thread

    def deny_bot(self, channel: Channel, spec: PermissionSpec) -> None:
        """Deny the bot these permissions in ``channel`` (and its threads). Takes effect for new events."""
        bits = permission_bits(spec)
        overwrite = self._bot_overwrite(channel)
        overwrite.deny |= bits
        overwrite.allow &= ~bits

    def allow_bot(self, channel: Channel, spec: PermissionSpec) -> None:
        """Allow the bot these permissions in ``channel`` (and its threads), undoing ``deny_bot``.

        Like the green tick in Discord's channel settings, the member overwrite allows them outright,
        whatever the bot's role has (an allowed Attach Files still needs Send Messages, or Send
        Messages in Threads in a thread, as on Discord).
        """
        bits = permission_bits(spec)
        overwrite = self._bot_overwrite(channel)
        overwrite.allow |= bits
        overwrite.deny &= ~bits

    def _bot_overwrite(self, channel: Channel) -> Overwrite:
        """The bot's member overwrite in ``channel`` (a new, neutral one if it has none)."""
        for overwrite in channel.overwrites:
            if overwrite.type == 1 and overwrite.id == self.bot_user.id:
                return overwrite
        overwrite = Overwrite(self.bot_user.id, 1)
        channel.overwrites.append(overwrite)
        return overwrite

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
        """Discord's computation: base role permissions, then @everyone, role and member overwrites.

        A thread has its parent's permissions, except that there Send Messages in Threads (not Send
        Messages) is what writing, and so attaching files and embedding links, depends on.
        """
        if channel.type == DM:  # a direct message: both may write, attach and use commands; no roles
            return DM_PERMISSIONS
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
        if not perms & P["send_messages_in_threads" if channel.is_thread else "send_messages"]:
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
            "mention_roles": [str(role) for role in message.mention_roles],
            "attachments": [a.payload(ephemeral=message.ephemeral) for a in message.attachments],
            "embeds": message.embeds, "components": message.components, "pinned": False, "type": message.type,
            "flags": message.flags,
        }
        if message.nonce is not None:
            data["nonce"] = message.nonce
        if not message.ephemeral and message.guild_id:
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
        thread = self.channels.get(message.thread_id) if message.thread_id is not None else None
        if thread is not None and not thread.deleted:
            data["thread"] = thread.payload()
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
            "joined_at": guild.members[self.bot_user.id].joined_at, "features": list(guild.features),
            "preferred_locale": guild.locale,
            "roles": [r.payload() for r in guild.roles.values()], "emojis": [], "stickers": [],
            "channels": [c.payload() for c in channels], "threads": [t.payload() for t in threads],
            "members": [m.payload() for m in members], "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "verification_level": 0, "default_message_notifications": 1, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "system_channel_flags": 0,
            "system_channel_id": str(channels[0].id) if channels else None,
            "application_id": None, "afk_channel_id": None, "afk_timeout": 300,
        }

    # --------------------------------------------------------------------------------------- addresses

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.url}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"
