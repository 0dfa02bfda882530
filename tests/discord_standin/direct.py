"""Direct messages: ``POST /users/@me/channels`` opens (or reuses) a DM channel with a user, and posts
to it are kept per user. A user can close their DMs (``closed_dms``), and then Discord's 403 50007
"Cannot send messages to this user" comes back, as it does for members who turned DMs off.

A DM channel is also a :class:`Channel` of the world (type 1, guild 0, named ``@user``), so a user can use
the bot's commands there (``Discord.slash_dm``): the interaction carries no guild and no member, and its
answers are kept as messages of that channel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .model import DM, Channel, iso
from .wire import ApiError, json_response, read_body, snowflake_arg

DM_CHANNEL = DM


@dataclass
class DirectMessage:
    id: int
    user_id: int
    content: str


class DirectMessages:
    """Mixed into ``StandIn`` (which provides users, ids, the bot user and token checks)."""

    def _init_direct(self) -> None:
        self.dm_channels: dict[int, int] = {}  # channel id → the user it talks to
        self.direct_messages: list[DirectMessage] = []
        self.closed_dms: set[int] = set()

    def _dm_payload(self, channel_id: int, user_id: int) -> dict[str, Any]:
        user = self.users[user_id]  # type: ignore[attr-defined]
        return {"id": str(channel_id), "type": DM_CHANNEL, "recipients": [user.payload()], "last_message_id": None}

    async def _post_dm_channel(self, request: web.Request) -> web.Response:
        self._check_auth(request)  # type: ignore[attr-defined]
        payload, _ = await read_body(request)
        recipient = int(payload.get("recipient_id", 0))
        if recipient not in self.users:  # type: ignore[attr-defined]
            raise ApiError(400, 50033, "Invalid Recipients")
        channel = self.dm_channel(recipient)
        return json_response(self._dm_payload(channel.id, recipient))

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel between the bot and a user, opened the first time it is needed."""
        channel_id = next((cid for cid, uid in self.dm_channels.items() if uid == user_id), None)
        if channel_id is None:
            channel_id = self.snowflake()  # type: ignore[attr-defined]
            self.dm_channels[channel_id] = user_id
        channels: dict[int, Channel] = self.channels  # type: ignore[attr-defined]
        if channel_id not in channels:
            name = f"@{self.users[user_id].name}"  # type: ignore[attr-defined]
            channels[channel_id] = Channel(channel_id, 0, name, DM_CHANNEL)
        return channels[channel_id]

    def is_dm(self, channel: Channel) -> bool:
        return channel.type == DM_CHANNEL

    def is_dm_request(self, request: web.Request) -> bool:
        return snowflake_arg(request, "channel_id") in self.dm_channels

    async def _post_dm_message(self, request: web.Request) -> web.Response:
        self._check_auth(request)  # type: ignore[attr-defined]
        channel_id = snowflake_arg(request, "channel_id")
        user_id = self.dm_channels[channel_id]
        if user_id in self.closed_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        payload, _ = await read_body(request)
        message = DirectMessage(self.snowflake(), user_id, str(payload.get("content", "")))  # type: ignore[attr-defined]
        self.direct_messages.append(message)
        self.notify()  # type: ignore[attr-defined]
        return json_response({
            "id": str(message.id), "channel_id": str(channel_id), "type": 0, "content": message.content,
            "author": self.bot_user.payload(), "timestamp": iso(), "edited_timestamp": None,  # type: ignore[attr-defined]
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "flags": 0, "components": []})
