"""The operator's endpoints (``RINGMASTER_HEALTH=HOST:PORT``; see docs/operations.md):

- ``/health/live``: 200 as soon as the event loop answers (the handler runs on it; a stuck loop answers
  nothing, and the supervisor's timeout says so);
- ``/health/ready``: 200 when every check is fine (every shard of this process connected, the database
  reachable and writable, the publisher not stuck, the renderers alive), else 503; JSON with each check's
  detail either way;
- ``/metrics``: the bot's metrics in Prometheus' text format.

They are served by a server of their own, or added to the web companion's when both settings name the same
address (:func:`add_routes`). What they read is the bot's business (:class:`Probe`); this module only speaks
HTTP. Nothing they answer names a game or a member.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from aiohttp import web

log = logging.getLogger(__name__)

__all__ = ["HealthServer", "Probe", "add_routes"]


class Probe(Protocol):
    async def ready(self) -> tuple[bool, dict[str, Any]]:
        """Whether the bot is ready, and each check's detail."""

    async def scrape(self) -> tuple[bytes, str]:
        """The metrics' text and its content type."""


def add_routes(app: web.Application, probe: Probe) -> None:
    async def live(request: web.Request) -> web.Response:
        return web.json_response({"status": "live"}, headers={"Cache-Control": "no-store"})

    async def ready(request: web.Request) -> web.Response:
        ok, checks = await probe.ready()
        return web.json_response({"status": "ready" if ok else "unready", **checks}, status=200 if ok else 503,
                                 headers={"Cache-Control": "no-store"})

    async def metrics(request: web.Request) -> web.Response:
        body, content_type = await probe.scrape()
        response = web.Response(body=body, headers={"Cache-Control": "no-store"})
        response.headers["Content-Type"] = content_type
        return response

    app.router.add_get("/health/live", live)
    app.router.add_get("/health/ready", ready)
    app.router.add_get("/metrics", metrics)


class HealthServer:
    """The endpoints on an address of their own."""

    def __init__(self, probe: Probe) -> None:
        self.app = web.Application()
        add_routes(self.app, probe)
        self._runner: web.AppRunner | None = None
        self.port = 0
        """The port listened on (the one asked for, or the one found for port 0)."""

    async def start(self, host: str, port: int) -> None:
        runner = web.AppRunner(self.app, access_log=None)  # a scrape every few seconds is no news
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        log.info("Health and metrics are served on %s:%s (/health/live, /health/ready, /metrics)", host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
