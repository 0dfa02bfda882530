"""Helpers for the operator's side of the bot: a bot serving its health and metrics (``RINGMASTER_HEALTH``), bounded
waits on HTTP answers, and a real Prometheus server (Debian's ``prometheus``) scraping it."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import discord

from discord_standin import Discord

T = TypeVar("T")

PROMETHEUS = "/usr/bin/prometheus"
MISSING = ("Debian's Prometheus server (/usr/bin/prometheus) is missing: the metrics test scrapes the bot with it. "
           "Install it with 'apt-get install prometheus' (scripts/test does when run as root) and run the tests again.")


def health_factory(d: Discord, db_path: Path, *, web: bool = False, port: int = 0,
                   shards: str | None = None) -> Callable[[], Awaitable[discord.Client]]:
    """The real bot (``bot.build_bot``) against the stand-in, serving health and metrics on a free port of
    127.0.0.1 (``bot.operations.server.port``), or on ``port``; with ``web``, on the web companion's server.
    ``shards`` (``RINGMASTER_SHARDS``' form): a bot process running those shards, its commands synced globally."""
    import bot as ringmaster
    from table.config import HealthSettings, Shards, WebSettings

    async def build() -> discord.Client:
        config = ringmaster.Config(token=d.server.token, db_path=db_path, replay_frames=3,
                                   dev_guild=d.guild.id if shards is None else None,
                                   shards=Shards.parse(shards) if shards is not None else None,
                                   health=HealthSettings("127.0.0.1", port or (free_port() if web else 0)))
        if web:
            config = ringmaster.Config(**{**config.__dict__,
                                          "web": WebSettings(config.health.host, config.health.port)})  # type: ignore[union-attr]
        return ringmaster.build_bot(config)

    return build


def health_url(bot: Any) -> str:
    server = bot.operations.server
    assert server is not None, "the bot serves no health endpoints of its own"
    return f"http://127.0.0.1:{server.port}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def get(http: aiohttp.ClientSession, url: str) -> tuple[int, Any]:
    """An endpoint's status and its JSON (or text) body."""
    async with http.get(url) as response:
        if response.content_type == "application/json":
            return response.status, await response.json()
        return response.status, await response.text()


async def until(check: Callable[[], Awaitable[T | None]], what: str, timeout: float = 20.0) -> T:
    """The first truthy value of ``check`` (polled); fails the test, naming ``what``, after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    last: Any = None
    while True:
        last = await check()
        if last:
            return last
        if loop.time() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.05)


class Prometheus:
    """Debian's Prometheus server in a temporary folder, scraping ``targets`` every second; run as ``nobody``
    when the tests run as root (as the PostgreSQL tests' server is)."""

    def __init__(self, targets: list[str]) -> None:
        if not os.path.exists(PROMETHEUS):
            raise RuntimeError(MISSING)
        self.folder = Path(tempfile.mkdtemp(prefix="ringmaster-prometheus-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        (self.folder / "prometheus.yml").write_text(
            "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n"
            "scrape_configs:\n  - job_name: ringmaster\n    static_configs:\n"
            f"      - targets: [{', '.join(repr(t) for t in targets)}]\n", encoding="utf-8")
        self._user = "nobody" if os.geteuid() == 0 else None
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = open(self.folder / "prometheus.log", "wb")  # noqa: SIM115 (kept open for the server's life)
        self.process = subprocess.Popen(
            [PROMETHEUS, f"--config.file={self.folder / 'prometheus.yml'}",
             f"--storage.tsdb.path={self.folder / 'data'}", f"--web.listen-address=127.0.0.1:{self.port}"],
            cwd=self.folder, user=self._user, stdout=log, stderr=subprocess.STDOUT)
        log.close()

    async def query(self, http: aiohttp.ClientSession, promql: str) -> float | None:
        """An instant query's single value (None: no series yet)."""
        async with http.get(f"{self.url}/api/v1/query", params={"query": promql}) as response:
            answer = await response.json()
        assert answer["status"] == "success", answer
        result = answer["data"]["result"]
        return float(result[0]["value"][1]) if result else None

    async def ready(self, http: aiohttp.ClientSession) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"Prometheus exited: {(self.folder / 'prometheus.log').read_text()[-2000:]}")
        try:
            async with http.get(f"{self.url}/-/ready") as response:
                return response.status == 200
        except aiohttp.ClientError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
