"""The gateway websocket: HELLO, IDENTIFY and READY, GUILD_CREATE, dispatch, heartbeats and RESUME.

There is one bot session. Every DISPATCH is numbered and kept in the session, so a bot that lost its
connection (``drop_connection``) and RESUMEs gets what it missed. Intents are honoured: message events
need GUILD_MESSAGES, thread, guild and channel events need GUILDS, and without GUILD_MEMBERS the
GUILD_CREATE carries only the bot's own member. ``GET /gateway/bot`` points discord.py here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

from aiohttp import WSMsgType, web

from .model import INTENT_GUILD_MESSAGES, INTENT_GUILDS
from .wire import json_response
from .world import World


class _Session:
    """A gateway session: survives a dropped connection so that RESUME can replay what was missed."""

    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.lock = asyncio.Lock()


class Gateway(World):
    """The bot's gateway session on top of the world; ``dispatch`` sends (or keeps) an event."""

    def __init__(self, **world: Any) -> None:
        super().__init__(**world)
        self._session: _Session | None = None
        self.identify_count = 0
        self.resume_count = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._tasks: set[asyncio.Task[None]] = set()

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

    def _dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch after the current REST answer, in order (the lock is first come, first served)."""
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's gateway connection the way Discord sometimes does; the bot should RESUME."""
        session = self._session
        if session is not None and session.ws is not None:
            ws, session.ws = session.ws, None
            await ws.close(code=code, message=b"stand-in dropped the connection")

    @property
    def connected(self) -> bool:
        return self._session is not None and self._session.ws is not None
