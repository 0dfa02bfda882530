"""The REST routes under /api/v10 other than the interaction ones, with Discord's checks and error codes.

Users and the application, command sync (validated: lowercase names, required options first, at
most 25 options and choices, ``400 50035``), guilds and members, channels and threads (renaming,
archiving and locking with THREAD_UPDATE; ``400 50083`` for an archived thread, ``403 50083`` for a
message posted, edited or deleted in a locked one without Manage Threads; ``160004`` for a second
thread on one message; deleting, with THREAD_DELETE / CHANNEL_DELETE, after which the channel is
``404 10003``), messages (list, get, post, edit, delete), thread members, typing, and the attachment
downloads. A message posted with ``enforce_nonce`` and a nonce this bot used in the same channel within
``NONCE_SECONDS`` is not made again: the answer is the message the first post made, as Discord does.
Every route checks the bot token and the bot's channel permissions (``403 50001 Missing
Access``, ``403 50013 Missing Permissions``; threads inherit the parent's, with Send Messages in
Threads in place of Send Messages).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from .messages import MessageStore
from .model import (
    HAS_THREAD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    THREAD_TYPES,
    Channel,
    Guild,
    Message,
    P,
    User,
    iso,
)
from .wire import ApiError, invalid_form, json_response, missing_access, missing_permissions, read_body, snowflake_arg

NONCE_LENGTH = 25  # characters Discord allows a message's nonce
NONCE_SECONDS = 300.0  # how long Discord remembers an enforced nonce ("the past few minutes")


class RestApi(MessageStore):
    """Route handlers for the bot's REST calls (the route table is in ``server.StandIn``)."""

    # ------------------------------------------------------------------------------------ arguments

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    def _channel_arg(self, request: web.Request) -> Channel:
        channel = self.channels.get(snowflake_arg(request, "channel_id"))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    # ------------------------------------------------------------------------- users, app, commands

    async def _get_me(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        data = self.bot_user.payload()
        data.update({"verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"})
        return json_response(data)

    async def _get_user(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        user = self.users.get(snowflake_arg(request, "user_id"))
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
        if snowflake_arg(request, "app_id") != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" not in request.match_info:
            return self.global_commands, None
        guild_id = snowflake_arg(request, "guild_id")
        if guild_id not in self.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return self.guild_commands.setdefault(guild_id, {}), guild_id

    async def _get_commands(self, request: web.Request) -> web.Response:
        store, _ = self._command_store(request)
        return json_response(list(store.values()))

    async def _put_commands(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        body, _ = await read_body(request)
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

    def commands_in_dm(self) -> dict[str, dict[str, Any]]:
        """The chat-input commands a user can use in a direct message with the bot: the global ones that allow
        it (``dm_permission`` not false; ``contexts``, when given, include the bot's DM, 1)."""
        return {n: c for n, c in self.global_commands.items() if c.get("type", 1) == 1
                and c.get("dm_permission", True) is not False and 1 in (c.get("contexts") or [1])}

    async def _get_guild(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        guild = self.guilds.get(snowflake_arg(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        data = self.guild_create_payload(guild, 0)
        for key in ("channels", "threads", "members", "voice_states", "presences", "joined_at", "large"):
            data.pop(key, None)
        return json_response(data)

    async def _get_member(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        guild = self.guilds.get(snowflake_arg(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        member = guild.members.get(snowflake_arg(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

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
        payload, _ = await read_body(request)
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

    async def delete_channel(self, channel: Channel) -> None:
        """Someone with Manage Channels / Manage Threads deletes a channel or thread, as in Discord's client.

        The bot gets THREAD_DELETE (for a thread) or CHANNEL_DELETE (a channel, whose threads go with it,
        as discord.py assumes); from then on every route naming it answers ``404 10003 Unknown Channel``.
        The messages stay in ``messages`` (not marked deleted) for the test to read.
        """
        if channel.deleted:
            return
        if channel.is_thread:
            channel.deleted = True
            self.record("thread_delete", channel)
            await self.dispatch("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild_id),
                                                  "parent_id": str(channel.parent_id), "type": channel.type})
            return
        for thread in self.channels.values():
            if thread.parent_id == channel.id:
                thread.deleted = True
        channel.deleted = True
        self.record("channel_delete", channel)
        await self.dispatch("CHANNEL_DELETE", channel.payload())

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
        message = self.messages.get(snowflake_arg(request, "message_id"))
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
        if self.is_dm_request(request):  # type: ignore[attr-defined]
            return await self._post_dm_message(request)  # type: ignore[attr-defined]
        channel = self._channel_arg(request)
        payload, files = await read_body(request)
        self._require(channel, "send_messages_in_threads" if channel.is_thread else "send_messages")
        if files:
            self._require(channel, "attach_files")
        if payload.get("embeds"):
            self._require(channel, "embed_links")
        self._check_thread_unlocked(channel)
        self._check_thread_open(channel)
        nonce = str(payload["nonce"]) if payload.get("enforce_nonce") and payload.get("nonce") else None
        if nonce is not None:
            if len(nonce) > NONCE_LENGTH:
                raise invalid_form("nonce", f"Must be {NONCE_LENGTH} or fewer in length.")
            earlier = self.nonces.get((channel.id, self.bot_user.id, nonce))
            if earlier is not None and self.now() - earlier[1] <= NONCE_SECONDS:
                made = self.messages.get(earlier[0])
                if made is not None and not made.deleted:
                    # Discord's answer to a post made again: the message the first made, and nothing new
                    return json_response(self.message_payload(made))
        message = self._build_message(channel, self.bot_user, payload, files, source="channel")
        message.nonce = nonce
        self._store_message(message)
        if nonce is not None:
            self.nonces[(channel.id, self.bot_user.id, nonce)] = (message.id, self.now())
        return json_response(self.message_payload(message))

    async def _patch_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        channel = self._channel_arg(request)
        message = self._channel_message(request, channel)
        payload, files = await read_body(request)
        self._require(channel, "view_channel")
        if message.author.id != self.bot_user.id:
            if set(payload) - {"flags"}:
                raise ApiError(403, 50005, "Cannot edit a message authored by another user")
            self._require(channel, "manage_messages")
        if files:
            self._require(channel, "attach_files")
        self._check_thread_unlocked(channel)
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
        self._check_thread_unlocked(channel)
        self._check_thread_open(channel)
        self._delete_message_record(message)
        return web.Response(status=204)

    async def _post_thread(self, request: web.Request) -> web.Response:
        self._check_auth(request)
        parent = self._channel_arg(request)
        payload, _ = await read_body(request)
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
