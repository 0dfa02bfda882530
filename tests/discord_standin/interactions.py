"""Interactions: INTERACTION_CREATE payloads, callbacks, followups and the interaction webhook.

``new_interaction`` builds what Discord sends (member with permissions, ``app_permissions``, channel,
the clicked message); ``deliver`` dispatches it and starts the clock. The callback route copies
Discord's rules: answered after ``interaction_deadline`` (3 s) is ``404 10062``, answered twice
``400 40060``, a callback type must fit the interaction type. A deferred ("thinking") answer posts a
loading message that the first followup (or an ``@original`` edit) fills, keeping the defer's
ephemerality. Webhook routes (followups, ``@original``, followup edits and deletes) live
``webhook_lifetime`` (15 min, then ``401 50027``), and answers and followups carrying files or embeds
are held to the app's permissions in the channel. Once the channel is deleted, answers, followups and
edits are ``404 10003 Unknown Channel``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from .messages import MessageStore
from .model import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_DEFERRED_UPDATE,
    CALLBACK_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE,
    DM,
    EPHEMERAL,
    LOADING,
    SETTABLE_FLAGS,
    Callback,
    Channel,
    Interaction,
    Message,
    P,
    Upload,
    User,
)
from .wire import ApiError, invalid_form, json_response, missing_permissions, query_flag, read_body, snowflake_arg


class Interactions(MessageStore):
    """Interactions sent to the bot and the routes by which it answers them."""

    def __init__(self, *, interaction_deadline: float, webhook_lifetime: float, **world: Any) -> None:
        self.interaction_deadline = interaction_deadline
        self.webhook_lifetime = webhook_lifetime
        self._interactions_by_token: dict[str, Interaction] = {}  # webhook routes find theirs at once
        super().__init__(**world)

    def new_interaction(self, kind: int, user: User, channel: Channel, data: dict[str, Any], *,
                        name: str, message: Message | None = None) -> Interaction:
        """Register an interaction as Discord would send it; ``deliver`` sends it to the bot."""
        if channel.type == DM:
            return self._register(self._dm_interaction(kind, user, channel, data, name=name, message=message))
        guild = self.guild_of(channel)
        if user.id not in guild.members:
            raise KeyError(f"{user.name} is not a member of {guild.name}")
        interaction = Interaction(self.snowflake(), f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}", kind, user,
                                  guild.id, channel.id, name, {}, message_id=message.id if message else None)
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(self.application_id), "type": kind,
            "token": interaction.token, "version": 1, "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []}, "guild_locale": guild.locale,
            "channel_id": str(channel.id), "channel": channel.payload(),
            "member": self.member_payload(guild, user, channel), "locale": user.locale,
            "app_permissions": str(self.permissions_for(channel, self.bot_user.id)),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0,
            "attachment_size_limit": self.attachment_size_limit, "data": data,
        }
        if message is not None:
            payload["message"] = self.message_payload(message)
        interaction.payload = payload
        return self._register(interaction)

    def _dm_interaction(self, kind: int, user: User, channel: Channel, data: dict[str, Any], *,
                        name: str, message: Message | None) -> Interaction:
        """An interaction in the user's direct messages with the bot: no guild and no member, the user
        instead; the context is the bot's DM (1), which the app authorised as installed to a guild ("0")."""
        interaction = Interaction(self.snowflake(), f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}", kind, user,
                                  0, channel.id, name, {}, message_id=message.id if message else None)
        interaction.payload = {
            "id": str(interaction.id), "application_id": str(self.application_id), "type": kind,
            "token": interaction.token, "version": 1, "channel_id": str(channel.id),
            "channel": {"id": str(channel.id), "type": DM, "recipients": [user.payload()], "last_message_id": None,
                        "flags": 0},
            "user": user.payload(), "locale": user.locale,
            "app_permissions": str(self.permissions_for(channel, self.bot_user.id)),
            "entitlements": [], "authorizing_integration_owners": {"0": "0"}, "context": 1,
            "attachment_size_limit": self.attachment_size_limit, "data": data,
        }
        if message is not None:
            interaction.payload["message"] = self.message_payload(message)
        return interaction

    def _register(self, interaction: Interaction) -> Interaction:
        self.interactions[interaction.id] = interaction
        self._interactions_by_token[interaction.token] = interaction
        return interaction

    async def deliver(self, interaction: Interaction) -> None:
        """Send INTERACTION_CREATE; the 3-second clock starts now."""
        interaction.created_at = self.now()
        self.record("interaction", interaction)
        await self.dispatch("INTERACTION_CREATE", interaction.payload)

    def _interaction_by_token(self, request: web.Request) -> Interaction:
        token = request.match_info["token"]
        app_id = request.match_info["app_id"]
        interaction = self._interactions_by_token.get(token)
        if interaction is None or app_id != str(self.application_id) or not interaction.acknowledged:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.now() - interaction.created_at > self.webhook_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _answer_channel(self, interaction: Interaction) -> Channel:
        """The channel an interaction's answers go to; gone once a member deleted it (404 10003)."""
        channel = self.channels[interaction.channel_id]
        if channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _check_app_permissions(self, channel: Channel, payload: Mapping[str, Any], files: Mapping[int, Upload]) -> None:
        """Interaction answers and followups are held to the app's permissions for files and embeds."""
        perms = self.permissions_for(channel, self.bot_user.id)
        if files and not perms & P["attach_files"]:
            raise missing_permissions()
        if payload.get("embeds") and not perms & P["embed_links"]:
            raise missing_permissions()

    async def _post_callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(snowflake_arg(request, "interaction_id"))
        body, files = await read_body(request)
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
        callback.status = 200 if query_flag(request, "with_response") else 204
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
        channel = self._answer_channel(interaction)
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
                                 "flags": message.flags, "edits": len(message.versions)}
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
        payload, files = await read_body(request)
        channel = self._answer_channel(interaction)
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
        if not query_flag(request, "wait"):
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
        payload, files = await read_body(request)
        self._check_app_permissions(self._answer_channel(interaction), payload, files)
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
