r"""Faults a test injects into the REST API: Discord failing a request, or leaving it unanswered.

``Faults.fail`` answers the next matching requests at once with an error status (503 by default) and a
Discord-shaped JSON body; ``Faults.hang`` holds them for some seconds of real time and then answers 503.
Either way the route is never run, so nothing happens on the server: a bot that gave up waiting, or
that retries, never meets a late effect of the failed attempt. ``Faults.answer_late`` is the other
case: the route runs at once (a message is posted) and only its answer is held, so a bot that dies or
gives up meanwhile has done something it does not know of. Requests are matched by method and by a
regular expression that must match the whole path below ``/api/v10`` (``r"/channels/\d+/messages"``
matches a post in any channel, but not an edit), in the order the faults were armed; each fires
``times`` times and its handle (``Fault``) counts how often it did.

How discord.py 2.7 takes these answers (``HTTPClient.request``), which decides the statuses worth using:

* 500, 502, 504 and 524 are retried: five attempts with sleeps of 1, 3, 5, 7 and 9 s (25 s in all)
  before ``DiscordServerError``. ``times=1`` therefore costs a test one second and then succeeds.
* 503 and any other 5xx raise ``DiscordServerError`` at once (the default here, for that reason).
* 429 is waited out (``retry_after`` from the body) and retried, logged at WARNING, if the answer
  carries a ``Via`` header and a JSON body; without them discord.py takes it for a Cloudflare ban and
  raises ``HTTPException``. A fifth 429 in a row is an ``HTTPException`` too, and a ``retry_after``
  past ``max_ratelimit_timeout`` is ``RateLimited``.
* 403 is ``Forbidden``, 404 ``NotFound``, any other 4xx ``HTTPException``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Literal

from aiohttp import web

from .model import api_path
from .wire import json_response


@dataclass(eq=False)
class Fault:
    """One armed fault: what it matches, how it answers, and how often it has ``fired`` so far."""

    kind: Literal["fail", "hang", "late"]
    method: str  # upper case, or "*" for any
    path: re.Pattern[str]  # must match the whole path below /api/v10
    status: int
    code: int
    message: str
    times: int
    seconds: float = 0.0  # how long a hang holds the request
    retry_after: float = 0.0  # what a 429 asks the client to wait
    fired: int = 0
    cancelled: bool = False

    @property
    def armed(self) -> bool:
        return not self.cancelled and self.fired < self.times

    def cancel(self) -> None:
        """Disarm the fault: later requests reach the real route again (a hang already holding one ends as planned)."""
        self.cancelled = True

    def matches(self, method: str, path: str) -> bool:
        """Whether a request (``path`` below /api/v10) is one this fault is still waiting for."""
        return self.armed and self.method in ("*", method.upper()) and self.path.fullmatch(path) is not None

    def answer(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        headers: dict[str, str] = {}
        if self.status == 429:  # what discord.py needs to wait and retry rather than give up (see above)
            body["retry_after"], body["global"] = self.retry_after, False
            headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(self.retry_after)),
                       "X-RateLimit-Scope": "user"}
        response = json_response(body, self.status)
        response.headers.update(headers)
        return response

    def __repr__(self) -> str:
        if self.kind == "late":
            return (f"<Fault {self.method} {self.path.pattern}: done, answered after {self.seconds:g} s; "
                    f"fired {self.fired}/{self.times}{' cancelled' if self.cancelled else ''}>")
        how = f"hang {self.seconds:g} s, then" if self.kind == "hang" else "fail with"
        return (f"<Fault {self.method} {self.path.pattern}: {how} {self.status} {self.code}; "
                f"fired {self.fired}/{self.times}{' cancelled' if self.cancelled else ''}>")


class Faults:
    """The faults armed on one stand-in, in order, and the answers they give in place of the routes."""

    def __init__(self, notify: Callable[[], None]) -> None:
        self.added: list[Fault] = []  # every fault a test armed, in order, spent and cancelled ones included
        self._notify = notify
        self._released = asyncio.Event()

    def fail(self, method: str, path: str, *, status: int = 503, code: int = 0, message: str | None = None,
             times: int = 1, retry_after: float = 0.05) -> Fault:
        """Answer the next ``times`` matching requests with ``status`` and ``{"message", "code"}``, doing nothing.

        ``message`` defaults to Discord's wording for the status ("503: Service Unavailable"); a 429 also
        carries ``retry_after`` (seconds) and the ``Via`` header, so discord.py waits and retries it.
        """
        if not 400 <= status <= 599:
            raise ValueError(f"a fault answers with an error status (4xx or 5xx), not {status}")
        return self._arm("fail", method, path, status=status, code=code, message=message, times=times,
                         retry_after=retry_after)

    def hang(self, method: str, path: str, *, seconds: float, times: int = 1, status: int = 503) -> Fault:
        """Hold the next ``times`` matching requests ``seconds`` (real time), then answer ``status``, doing nothing.

        Other requests are served meanwhile. Stopping the stand-in ends every hang at once.
        """
        if seconds < 0:
            raise ValueError("a hang lasts zero seconds or more")
        if not 500 <= status <= 599:
            raise ValueError(f"a hang ends in a server error (5xx), not {status}")
        return self._arm("hang", method, path, status=status, code=0, message=None, times=times, seconds=seconds)

    def answer_late(self, method: str, path: str, *, seconds: float, times: int = 1) -> Fault:
        """Run the next ``times`` matching requests' routes at once, but hold each answer ``seconds`` (real
        time; stopping the stand-in answers at once)."""
        if seconds < 0:
            raise ValueError("an answer is held zero seconds or more")
        return self._arm("late", method, path, status=200, code=0, message="", times=times, seconds=seconds)

    async def hold(self, fault: Fault) -> None:
        """Hold a late answer (see ``answer_late``)."""
        if not self._released.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(fault.seconds):
                    await self._released.wait()

    def _arm(self, kind: Literal["fail", "hang", "late"], method: str, path: str, *, status: int, code: int,
             message: str | None, times: int, seconds: float = 0.0, retry_after: float = 0.0) -> Fault:
        if times < 1:
            raise ValueError(f"a fault fires at least once, not times={times}")
        if message is None:
            message = "You are being rate limited." if status == 429 else f"{status}: {HTTPStatus(status).phrase}"
        fault = Fault(kind, method.upper(), re.compile(path), status, code, message, times, seconds=seconds,
                      retry_after=retry_after)
        self.added.append(fault)
        return fault

    def take(self, method: str, path: str) -> Fault | None:
        """The first armed fault for this request (counted as fired), or None: the route answers."""
        below_api = api_path(path)
        if below_api == path:
            return None  # only the REST API fails; the gateway and attachment downloads do not
        fault = next((f for f in self.added if f.matches(method, below_api)), None)
        if fault is not None:
            fault.fired += 1
            self._notify()  # a test may wait for a hang to have caught its request
        return fault

    async def answer(self, fault: Fault, request: web.Request) -> web.Response:
        """The fault's answer, after its hang; the body is read first, as Discord receives it whole."""
        await request.read()
        if fault.kind == "hang" and not self._released.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(fault.seconds):
                    await self._released.wait()
        return fault.answer()

    def release(self) -> None:
        """End every hang now and let no new one begin (the stand-in is stopping)."""
        self._released.set()

    @property
    def fired(self) -> list[Fault]:
        return [f for f in self.added if f.fired]
