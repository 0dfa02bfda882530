"""The gateway websocket: HELLO, IDENTIFY and READY, GUILD_CREATE, dispatch, heartbeats and RESUME.

There is one session per shard. IDENTIFY may carry ``shard: [shard_id, shard_count]`` (none means
``[0, 1]``: every guild); as on Discord, a session hears only of the guilds whose id falls on its shard,
``(guild_id >> 22) % shard_count == shard_id`` (READY's guild list and GUILD_CREATE included), and
events without a guild (direct messages) go to shard 0. ``GET /gateway/bot`` recommends the stand-in's
``shard_count`` and points discord.py here. A second IDENTIFY for a shard replaces its session.

Every DISPATCH is numbered and kept in its session, so a bot that lost its connection
(``drop_connection``) and RESUMEs gets what it missed. Intents are honoured: message events need
GUILD_MESSAGES, thread, guild and channel events need GUILDS, and without GUILD_MEMBERS the
GUILD_CREATE carries only the bot's own member.
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
from .world import World, shard_of


class _Session:
    """A gateway session: survives a dropped connection so that RESUME can replay what was missed."""

    def __init__(self, session_id: str, intents: int, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = session_id
        self.intents = intents
        self.shard_id, self.shard_count = shard
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.lock = asyncio.Lock()

    def hears(self, guild_id: int | None) -> bool:
        """Whether events of this guild (None: of no guild, such as direct messages) come to this session."""
        if guild_id is None:
            return self.shard_id == 0
        return shard_of(guild_id, self.shard_count) == self.shard_id


def event_guild(event: str, data: Mapping[str, Any]) -> int | None:
    """The guild an event belongs to (None for events of no guild)."""
    if "guild_id" in data and data["guild_id"] is not None:
        return int(data["guild_id"])
    if event.startswith("GUILD_") and "id" in data:  # GUILD_CREATE, GUILD_UPDATE, GUILD_DELETE carry the guild
        return int(data["id"])
    return None


class Gateway(World):
    """The bot's gateway sessions (one per shard) on top of the world; ``dispatch`` sends (or keeps) an
    event for the session whose shard the event's guild falls on."""

    def __init__(self, **world: Any) -> None:
        super().__init__(**world)
        self._sessions: dict[int, _Session] = {}  # by shard id
        self.identify_count = 0
        self.resume_count = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._held: dict[int, asyncio.Event] = {}  # shard id → released when its RESUMEs may go through

    def sessions_for(self, guild_id: int | None) -> list[_Session]:
        """The sessions that hear of this guild (None: events of no guild, which go to shard 0)."""
        return [session for session in self._sessions.values() if session.hears(guild_id)]

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH to the session of the event's guild's shard (kept for RESUME when that bot is
        disconnected)."""
        for session in self.sessions_for(event_guild(event, data)):
            await self._send(session, event, data)

    async def _send(self, session: _Session, event: str, data: dict[str, Any]) -> None:
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
            for session in self._sessions.values():
                if session.ws is ws:
                    session.ws = None
            self.notify()
        return ws

    async def _gateway_op(self, ws: web.WebSocketResponse, op: int | None, data: Any) -> None:
        if op == 1:  # HEARTBEAT
            await ws.send_str(json.dumps({"op": 11}))
        elif op == 2:  # IDENTIFY
            if data.get("token") != self.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return
            shard = data.get("shard") or [0, 1]
            if (not isinstance(shard, list) or len(shard) != 2 or not all(isinstance(n, int) for n in shard)
                    or not 0 <= shard[0] < shard[1]):
                await ws.close(code=4010, message=b"Invalid shard.")
                return
            self.identify_count += 1
            session = _Session(secrets.token_hex(16), int(data.get("intents", 0)), (shard[0], shard[1]))
            session.ws = ws
            self._sessions[session.shard_id] = session
            guilds = [guild for guild in self.guilds.values() if session.hears(guild.id)]
            ready = {
                "v": 10, "user": self.bot_user.payload(), "guilds": [{"id": str(g.id), "unavailable": True}
                                                                    for g in guilds],
                "session_id": session.id, "resume_gateway_url": self.gateway_url, "shard": list(shard),
                "application": {"id": str(self.application_id), "flags": 0}, "private_channels": [],
                "relationships": [], "user_settings": {}, "presences": [], "guild_join_requests": [],
                "geo_ordered_rtc_regions": [], "auth_session_id_hash": "", "session_type": "normal",
            }
            await self._send(session, "READY", ready)
            for guild in guilds:
                await self._send(session, "GUILD_CREATE", self.guild_create_payload(guild, session.intents))
        elif op == 6:  # RESUME
            known = next((s for s in self._sessions.values() if s.id == data.get("session_id")), None)
            if known is None or data.get("token") != self.token:
                await ws.send_str(json.dumps({"op": 9, "d": False}))
                return
            held = self._held.get(known.shard_id)
            if held is not None:  # Discord slow to take the shard back: the bot waits, its socket open
                await held.wait()
            self.resume_count += 1
            async with known.lock:
                known.ws = ws
                seen = int(data.get("seq") or 0)
                for frame in known.sent:
                    if frame["s"] > seen:
                        await ws.send_str(json.dumps(frame))
            await self._send(known, "RESUMED", {})
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
        return json_response({"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})

    def _dispatch_soon(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch after the current REST answer, in order (the lock is first come, first served)."""
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drop_connection(self, code: int = 4000, shard_id: int | None = None) -> None:
        """Close the bot's gateway connection (of one shard, or of all) the way Discord sometimes does; the
        bot should RESUME."""
        for session in list(self._sessions.values()):
            if session.ws is not None and shard_id in (None, session.shard_id):
                ws, session.ws = session.ws, None
                await ws.close(code=code, message=b"stand-in dropped the connection")

    def hold_resumes(self, shard_id: int = 0) -> None:
        """Leave the shard's RESUMEs unanswered (the socket open, no RESUMED) until :meth:`release_resumes`."""
        self._held.setdefault(shard_id, asyncio.Event())

    def release_resumes(self, shard_id: int = 0) -> None:
        held = self._held.pop(shard_id, None)
        if held is not None:
            held.set()

    @property
    def connected(self) -> bool:
        """Some bot is connected, and every shard's session that was opened is connected now."""
        return bool(self._sessions) and all(session.ws is not None for session in self._sessions.values())

    @property
    def connected_shards(self) -> list[tuple[int, int]]:
        """``(shard_id, shard_count)`` of each session connected now, in shard order."""
        return sorted((s.shard_id, s.shard_count) for s in self._sessions.values() if s.ws is not None)

    def sent_events(self, shard_id: int) -> list[tuple[str, dict[str, Any]]]:
        """The events dispatched to the session of ``shard_id`` (name and data), oldest first."""
        session = self._sessions.get(shard_id)
        return [] if session is None else [(frame["t"], frame["d"]) for frame in session.sent]

    def session_intents(self, guild_id: int | None) -> int | None:
        """The intents of the session that hears of this guild (None: no session does)."""
        sessions = self.sessions_for(guild_id)
        return sessions[0].intents if sessions else None
