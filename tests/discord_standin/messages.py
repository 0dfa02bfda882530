"""Messages: building them from what the bot sent, Discord's limits, storing, editing, deleting.

Shared by the channel routes (``rest``) and interaction answers (``interactions``): attachments from
``files[n]`` parts (kept or replaced on edit, ``413 40005`` over the size limit), validation
(``400 50035``: content, embeds, action rows, custom_ids, selects; ``50006`` for an empty message),
mentions and ``allowed_mentions``, replies, the thread message counters, and MESSAGE_CREATE / UPDATE /
DELETE to the gateway (never for an ephemeral message). ``post_as_user`` is a member writing, with
the content withheld from a bot without the message content intent (unless it is mentioned).
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Mapping
from typing import Any

from .gateway import Gateway
from .model import (
    COMPONENTS_V2,
    INTENT_MESSAGE_CONTENT,
    LOADING,
    SETTABLE_FLAGS,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    P,
    Upload,
    User,
    iso,
    png_size,
    walk_components,
)
from .wire import ApiError, invalid_form


class MessageStore(Gateway):
    """Message building, validation and bookkeeping, for the REST routes and the interaction answers."""

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

    def _mentions(self, guild: Guild | None, content: str,
                  allowed: Mapping[str, Any] | None) -> tuple[list[User], bool, list[int]]:
        """Who a message pings, as Discord decides it: users, @everyone/@here, roles — each only as far as
        ``allowed_mentions`` allows (no ``allowed_mentions``: everything in the content pings). In a direct
        message (``guild`` None) any user can be mentioned."""
        parse = set(allowed.get("parse", [])) if allowed is not None else {"users", "roles", "everyone"}
        allowed_ids = {int(u) for u in allowed.get("users", [])} if allowed is not None else set()
        allowed_roles = {int(r) for r in allowed.get("roles", [])} if allowed is not None else set()
        roles = [int(match[1]) for match in re.finditer(r"<@&(\d+)>", content)
                 if "roles" in parse or int(match[1]) in allowed_roles]
        users: list[User] = []
        for match in re.finditer(r"<@!?(\d+)>", content):
            user_id = int(match[1])
            member = guild.members.get(user_id) if guild is not None else None
            user = member.user if member is not None else None if guild is not None else self.users.get(user_id)
            if user is not None and user not in users and ("users" in parse or user_id in allowed_ids):
                users.append(user)
        everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
        return users, everyone, roles

    def _build_message(self, channel: Channel, author: User, payload: Mapping[str, Any],
                       files: Mapping[int, Upload], *, source: str, flags_mask: int = SETTABLE_FLAGS,
                       interaction: Interaction | None = None, message_type: int = 0) -> Message:
        content = payload.get("content") or ""
        embeds = list(payload.get("embeds") or [])
        components = list(payload.get("components") or [])
        flags = int(payload.get("flags") or 0) & flags_mask
        self._validate(content, embeds, components, flags)
        guild = self.guilds.get(channel.guild_id)  # None in a direct message
        mentions, everyone, roles = self._mentions(guild, content, payload.get("allowed_mentions"))
        message = Message(self.snowflake(), channel.id, channel.guild_id, author, content, embeds, components,
                          flags=flags, type=message_type, source=source, interaction=interaction,
                          mentions=mentions, mention_everyone=everyone, mention_roles=roles)
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
        guild = self.guilds.get(message.guild_id)
        if guild is None:
            return  # a direct message: this bot asks for no direct-message events
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
        guild = self.guilds.get(message.guild_id)  # None in a direct message
        if "content" in payload or "allowed_mentions" in payload:
            message.mentions, message.mention_everyone, message.mention_roles = self._mentions(
                guild, content, payload.get("allowed_mentions"))
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

    def _check_thread_unlocked(self, channel: Channel) -> None:
        """A locked thread takes messages (posts, edits, deletes) only from members with Manage Threads;
        Discord refuses the others with a 403 that carries the archived thread's code and wording."""
        if channel.is_thread and channel.locked and not self.permissions_for(channel, self.bot_user.id) & \
                P["manage_threads"]:
            raise ApiError(403, 50083, "Thread is archived")

    # ------------------------------------------------------------------------------- a member writes

    async def post_as_user(self, user: User, channel: Channel, content: str) -> Message:
        """A member writes in a channel (MESSAGE_CREATE; content only with the message content intent)."""
        message = Message(self.snowflake(), channel.id, channel.guild_id, user, content, source="user")
        message.mentions, message.mention_everyone, message.mention_roles = self._mentions(
            self.guild_of(channel), content, None)
        self.messages[message.id] = message
        channel.last_message_id = message.id
        if channel.is_thread:
            channel.message_count += 1
            channel.total_message_sent += 1
        self.record("message", message)
        data = self.message_payload(message)
        data["member"] = self.guild_of(channel).members[user.id].payload(with_user=False)
        intents = self.session_intents(channel.guild_id)
        mentioned = any(u.id == self.bot_user.id for u in message.mentions)
        if intents is not None and not intents & INTENT_MESSAGE_CONTENT and not mentioned:
            data.update(content="", embeds=[], attachments=[], components=[])
        await self.dispatch("MESSAGE_CREATE", data)
        return message
