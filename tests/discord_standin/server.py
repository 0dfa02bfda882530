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
* message, embed, component, autocomplete and command-sync limits are validated (400, 50035);
* a deleted channel or thread is 404 (10003 "Unknown Channel") for every route that names it.

A test can also make Discord misbehave: ``faults`` fails chosen requests (a 503, a 429, ...) or leaves
them unanswered for a while, without carrying them out. Every REST request is logged in ``requests``
(method, path, status) in the order it arrived.

Errors are 4xx with ``Content-Type: application/json`` exactly: the stand-in's own answers are never
5xx (500, 502 and 504 make discord.py retry for 25 s); only an injected fault is.
A route the stand-in does not serve is a JSON 404 and is remembered in ``unhandled`` so a test can fail.

``StandIn`` is assembled from one module per job:

* ``model``: Discord's numbers and the records kept (users, guilds, channels, messages, interactions, ...);
* ``wire``: ``ApiError`` and the JSON / multipart wire format;
* ``world``: the in-memory Discord (ids, clock, setup, permissions, payloads);
* ``gateway``: the websocket session (READY, GUILD_CREATE, dispatch, RESUME);
* ``messages``: building, validating, storing, editing and deleting messages;
* ``interactions``: INTERACTION_CREATE, callbacks, followups and the interaction webhook;
* ``rest``: the other REST routes (users, commands, guilds, channels, threads, messages);
* ``direct``: direct messages to users (and users who closed theirs);
* ``faults``: failures a test injects (an error status, or a hang) in place of chosen routes;
* ``server`` (this module): ``StandIn``, its route table, the error middleware, start and stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .direct import DirectMessages
from .faults import Faults
from .interactions import Interactions
from .model import (
    API,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_MODAL,
    EPHEMERAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PERMISSIONS,
    Attachment,
    Callback,
    Channel,
    Guild,
    Interaction,
    Message,
    P,
    PermissionSpec,
    Refusal,
    RequestRecord,
    User,
    walk_components,
)
from .rest import RestApi
from .wire import ApiError, json_response

__all__ = [  # StandIn, and the names other modules imported from here before it was split
    "APPLICATION_COMMAND", "AUTOCOMPLETE", "CALLBACK_AUTOCOMPLETE", "CALLBACK_MODAL", "EPHEMERAL",
    "MESSAGE_COMPONENT", "MODAL_SUBMIT", "PERMISSIONS", "ApiError", "Attachment", "Callback", "Channel", "Guild",
    "Interaction", "Message", "P", "PermissionSpec", "Refusal", "StandIn", "User", "walk_components",
]

log = logging.getLogger("discord_standin")


class StandIn(RestApi, Interactions, DirectMessages):
    """Discord for one bot application: call ``add_guild`` (and ``add_user``), then ``await start()``.

    ``shard_count`` is the number of shards ``GET /gateway/bot`` recommends; every gateway session hears
    only of the guilds on the shard it identified for (see ``gateway``)."""

    def __init__(self, *, app_name: str = "Ringmaster", token: str | None = None,
                 interaction_deadline: float = 3.0, webhook_lifetime: float = 15 * 60.0,
                 attachment_size_limit: int = 10 * 1024 * 1024, shard_count: int = 1) -> None:
        super().__init__(app_name=app_name, token=token, interaction_deadline=interaction_deadline,
                         webhook_lifetime=webhook_lifetime, attachment_size_limit=attachment_size_limit,
                         shard_count=shard_count)
        self._runner: web.AppRunner | None = None
        self.faults = Faults(self.notify)
        self._init_direct()

    # --------------------------------------------------------------------------------------- lifecycle

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
        self.faults.release()  # a hanging request is answered now, not after its hang
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=1.0)
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"stand-in stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get(API + "/gateway", self._get_gateway)
        r.add_get(API + "/gateway/bot", self._get_gateway)
        r.add_get(API + "/users/@me", self._get_me)
        r.add_get(API + "/users/{user_id}", self._get_user)
        r.add_post(API + "/users/@me/channels", self._post_dm_channel)
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
        if request.path == "/gateway":  # the websocket: its record is the gateway session, not a request
            return await self._serve(request, handler, RequestRecord(request.method, request.path))
        record = RequestRecord(request.method, request.path)
        self.requests.append(record)  # on arrival: a request still hanging is in the log too
        fault = self.faults.take(request.method, request.path)
        response: web.StreamResponse
        if fault is not None and fault.kind == "late":  # done now, answered later
            response = await self._serve(request, handler, record)
            await self.faults.hold(fault)
            record.injected = True
        elif fault is not None:
            log.debug("stand-in injects %r into %s %s", fault, request.method, request.path)
            response = await self.faults.answer(fault, request)
            record.code, record.injected = fault.code, True
        else:
            response = await self._serve(request, handler, record)
        record.status = response.status
        self.notify()
        return response

    async def _serve(self, request: web.Request, handler: Callable[[web.Request], Any],
                     record: RequestRecord) -> web.StreamResponse:
        """The route's answer; a refusal (``ApiError``) or a stand-in bug becomes Discord's JSON error."""
        try:
            response: web.StreamResponse = await handler(request)
        except ApiError as error:
            self.refusals.append(Refusal(request.method, request.path, error.status, error.code, error.message))
            log.debug("stand-in refused %s %s: %s", request.method, request.path, error)
            record.code = error.code
            response = json_response(error.body(), error.status)
        except web.HTTPException as error:
            record.status = error.status
            raise
        except Exception as error:  # a bug in the stand-in: answer 400 (never 5xx, which discord.py retries)
            log.exception("stand-in failed on %s %s", request.method, request.path)
            self.internal_errors.append(f"{request.method} {request.path}: {error!r}")
            response = json_response({"message": f"stand-in error: {error!r}", "code": 0}, 400)
        return response

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.unhandled.append(f"{request.method} {request.path}")
        raise ApiError(404, 0, f"404: Not Found (the stand-in does not serve {request.method} {request.path})")
