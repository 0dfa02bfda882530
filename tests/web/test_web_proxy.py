"""The rate limit per client behind a trusted reverse proxy (``RINGMASTER_WEB_TRUSTED_PROXY``): a stand-in
proxy on 127.0.0.1 forwards each viewer's requests with ``X-Forwarded-For`` as nginx's
``$proxy_add_x_forwarded_for`` writes it, and the viewers connect from addresses of their own (127.0.0.2, …)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from web.clients import Trusted, client_of
from web.companion import Placed
from web.ratelimit import RateLimit
from web.settings import SettingsError, web_settings

from discord_table import cheap_renders
from web_helpers import serving, started_game

BURST = 3


def open_to_all(record: Placed) -> bool:
    return True


@asynccontextmanager
async def proxy_to(target: str) -> AsyncIterator[str]:
    """A tiny reverse proxy on 127.0.0.1 in front of ``target``; yields its address."""
    async with aiohttp.ClientSession() as upstream:
        async def forward(request: web.Request) -> web.Response:
            before = request.headers.get("X-Forwarded-For")
            forwarded = f"{before}, {request.remote}" if before else str(request.remote)
            async with upstream.get(target + request.rel_url.path_qs, headers={"X-Forwarded-For": forwarded},
                                    allow_redirects=False) as answer:
                return web.Response(status=answer.status, body=await answer.read())

        app = web.Application()
        app.router.add_get("/{tail:.*}", forward)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        try:
            yield f"http://127.0.0.1:{runner.addresses[0][1]}"
        finally:
            await runner.cleanup()


async def statuses(url: str, *, source: str, count: int, forwarded: str | None = None) -> list[int]:
    """``count`` requests from a viewer connecting from ``source``."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    found = []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0))) as session:
        for _ in range(count):
            async with session.get(url, headers=headers) as answer:
                found.append(answer.status)
    return found


def slow_rate() -> RateLimit:
    return RateLimit(BURST, 0.001)  # three requests, then none for the rest of the test


async def test_two_viewers_behind_the_proxy_are_limited_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=open_to_all, rate=slow_rate(), trusted=Trusted(["127.0.0.1"])) as companion:
        table = await started_game(companion.core, "circus_train", 2)
        path = f"/game/{table.id}/state.json"
        async with proxy_to(companion.base_url) as proxy:
            assert await statuses(proxy + path, source="127.0.0.2", count=BURST + 1) == [200] * BURST + [429]
            # The second viewer has a limit of its own, however often the first was refused.
            assert await statuses(proxy + path, source="127.0.0.3", count=BURST) == [200] * BURST
            # A viewer cannot leave its limit by writing an address of its choice: the proxy adds the real one.
            assert await statuses(proxy + path, source="127.0.0.2", count=1, forwarded="198.51.100.7") == [429]


async def test_an_address_written_by_a_client_not_behind_the_proxy_is_ignored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=open_to_all, rate=slow_rate(), trusted=Trusted(["127.0.0.1"])) as companion:
        table = await started_game(companion.core, "circus_train", 2)
        url = f"{companion.base_url}/game/{table.id}/state.json"
        found = [status for number in range(BURST + 2)
                 for status in await statuses(url, source="127.0.0.4", count=1, forwarded=f"198.51.100.{number}")]
        assert found == [200] * BURST + [429] * 2


async def test_without_a_trusted_proxy_the_forwarded_address_is_never_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unset (the default), every client is the address it connects from, even the proxy itself: behind a
    proxy, everyone shares its limit — which is why the setting exists."""
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=open_to_all, rate=slow_rate()) as companion:
        table = await started_game(companion.core, "circus_train", 2)
        path = f"/game/{table.id}/state.json"
        async with proxy_to(companion.base_url) as proxy:
            assert await statuses(proxy + path, source="127.0.0.2", count=BURST) == [200] * BURST
            assert await statuses(proxy + path, source="127.0.0.3", count=1) == [429]


def test_the_client_is_the_right_most_address_no_trusted_proxy_wrote() -> None:
    trusted = Trusted(["10.0.0.0/8", "::1"])
    # Two trusted proxies in a row: the address the first of them received the request from.
    assert client_of("10.0.0.2", ["203.0.113.9, 198.51.100.1, 10.0.0.1"], trusted) == "198.51.100.1"
    assert client_of("::1", ["198.51.100.1"], trusted) == "198.51.100.1"
    assert client_of("10.0.0.2", ["198.51.100.1", "10.0.0.3"], trusted) == "198.51.100.1"  # headers in order
    assert client_of("10.0.0.2", [], trusted) == "10.0.0.2"  # nothing forwarded: the proxy itself
    assert client_of("10.0.0.2", ["10.0.0.5"], trusted) == "10.0.0.5"  # only proxies: the farthest one
    assert client_of("10.0.0.2", ["198.51.100.1, not an address"], trusted) == "10.0.0.2"
    assert client_of("::ffff:198.51.100.1", ["203.0.113.9"], trusted) == "198.51.100.1"  # untrusted: never read
    assert client_of("198.51.100.1", ["10.0.0.1"], Trusted()) == "198.51.100.1"


def test_the_trusted_proxy_setting_is_checked() -> None:
    settings = web_settings({"RINGMASTER_WEB": "127.0.0.1:8080",
                             "RINGMASTER_WEB_TRUSTED_PROXY": "127.0.0.1, ::1 10.1.2.3/8"})
    assert settings is not None and settings.trusted_proxies == ("127.0.0.1/32", "::1/128", "10.0.0.0/8")
    unset = web_settings({"RINGMASTER_WEB": "127.0.0.1:8080"})
    assert unset is not None and unset.trusted_proxies == ()
    with pytest.raises(SettingsError, match=r"RINGMASTER_WEB_TRUSTED_PROXY must list .* 'proxy\.example' is neither"):
        web_settings({"RINGMASTER_WEB": "127.0.0.1:8080", "RINGMASTER_WEB_TRUSTED_PROXY": "proxy.example"})
