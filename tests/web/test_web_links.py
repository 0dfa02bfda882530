"""The web companion's building blocks: signed links, the rate limit, the settings, the kept link key and
the off-loop cache."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from db.secrets import SecretStore
from db.store import GameStore
from web import links
from web.cache import OffLoopCache
from web.links import EXPIRED, NOT_A_LINK, LinkRefused, Signer
from web.ratelimit import RateLimit
from web.settings import SettingsError, web_settings

from discord_table import Clock
from web_helpers import KEY


def test_a_link_names_its_game_seat_member_and_expiry() -> None:
    clock = Clock()
    signer = Signer(KEY, clock)
    grant = signer.check(signer.token(12, 3, 4242, timedelta(days=7)))
    assert (grant.game_id, grant.seat, grant.user_id) == (12, 3, 4242)
    assert grant.expires == clock.now + timedelta(days=7)
    spectator = signer.check(signer.token(12, None, 4242, timedelta(days=30)))
    assert (spectator.seat, spectator.user_id) == (None, 0)


@pytest.mark.parametrize("change", ["game", "seat", "member", "expiry", "signature", "spectator"])
def test_a_changed_link_is_refused(change: str) -> None:
    signer = Signer(KEY, Clock())
    game, seat, user, expires, signature = signer.token(12, 1, 4242).split(".")
    altered = {"game": f"13.{seat}.{user}.{expires}.{signature}",
               "seat": f"{game}.0.{user}.{expires}.{signature}",
               "member": f"{game}.{seat}.4243.{expires}.{signature}",
               "expiry": f"{game}.{seat}.{user}.{int(expires) + 86400}.{signature}",
               "signature": f"{game}.{seat}.{user}.{expires}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",
               "spectator": f"{game}.s.0.{expires}.{signature}"}[change]
    with pytest.raises(LinkRefused) as refused:
        signer.check(altered)
    assert str(refused.value) == NOT_A_LINK


@pytest.mark.parametrize("text", ["", "12", "12.1.4242.99", "x.1.2.3." + "a" * 43, "12.1.4242.99." + "a" * 44,
                                  "12.1.4242.99." + "%" * 43, "1" * 30 + ".1.2.3." + "a" * 43])
def test_what_is_not_a_link_is_refused(text: str) -> None:
    with pytest.raises(LinkRefused):
        Signer(KEY, Clock()).check(text)


def test_a_link_of_another_key_is_refused() -> None:
    token = Signer(b"another key, also long enough!!!", Clock()).token(12, 1, 4242)
    with pytest.raises(LinkRefused):
        Signer(KEY, Clock()).check(token)


def test_a_link_expires() -> None:
    clock = Clock()
    signer = Signer(KEY, clock)
    token = signer.token(12, 1, 4242, timedelta(hours=1))
    clock.advance(minutes=59)
    assert signer.check(token).seat == 1
    clock.advance(minutes=1)
    with pytest.raises(LinkRefused) as refused:
        signer.check(token)
    assert str(refused.value) == EXPIRED


def test_signatures_are_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = links.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(links.hmac, "compare_digest", spy)
    signer = Signer(KEY, Clock())
    token = signer.token(5, 0, 77)
    signer.check(token)
    with pytest.raises(LinkRefused):
        signer.check(token[:-1] + ("x" if token[-1] != "x" else "y"))
    assert len(compared) == 2


def test_a_short_key_is_refused() -> None:
    with pytest.raises(ValueError):
        Signer(b"short", Clock())


# ----- the rate limit ---------------------------------------------------------------------------------------
def test_the_rate_limit_allows_a_burst_then_a_steady_pace() -> None:
    now = [100.0]
    limit = RateLimit(burst=3, per_second=2.0, clock=lambda: now[0])
    assert [limit.wait("1.2.3.4") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.wait("1.2.3.4") == pytest.approx(0.5)
    assert limit.wait("5.6.7.8") == 0.0  # every address has its own bucket
    now[0] += 0.5
    assert limit.wait("1.2.3.4") == 0.0
    assert limit.wait("1.2.3.4") > 0


def test_the_rate_limit_keeps_a_bounded_number_of_addresses() -> None:
    now = [0.0]
    limit = RateLimit(burst=2, per_second=1.0, clock=lambda: now[0], max_addresses=3)
    for address in ("a", "b", "c", "d", "e"):
        limit.wait(address)
    assert len(limit._buckets) <= 3
    limit.wait("e")
    assert limit.wait("e") > 0  # the newest, busy address is still limited


# ----- the settings ---------------------------------------------------------------------------------------
def test_the_web_settings() -> None:
    assert web_settings({}) is None
    settings = web_settings({"RINGMASTER_WEB": "127.0.0.1:8080", "RINGMASTER_WEB_URL": "https://games.example.org/",
                             "RINGMASTER_WEB_SECRET": "x" * 32})
    assert settings is not None
    assert (settings.host, settings.port, settings.url, settings.secret) == ("127.0.0.1", 8080,
                                                                              "https://games.example.org", "x" * 32)
    assert web_settings({"RINGMASTER_WEB": "[::1]:0"}) == web_settings({"RINGMASTER_WEB": "::1:0"})


@pytest.mark.parametrize(("values", "words"), [
    ({"RINGMASTER_WEB": "8080"}, "HOST:PORT"),
    ({"RINGMASTER_WEB": "localhost:http"}, "HOST:PORT"),
    ({"RINGMASTER_WEB": "localhost:70000"}, "HOST:PORT"),
    ({"RINGMASTER_WEB": "127.0.0.1:8080", "RINGMASTER_WEB_URL": "games.example.org"}, "RINGMASTER_WEB_URL"),
    ({"RINGMASTER_WEB": "127.0.0.1:8080", "RINGMASTER_WEB_URL": "ftp://games.example.org"}, "RINGMASTER_WEB_URL"),
    ({"RINGMASTER_WEB": "127.0.0.1:8080", "RINGMASTER_WEB_SECRET": "short"}, "at least 32"),
])
def test_bad_web_settings_are_one_sentence(values: dict[str, str], words: str) -> None:
    with pytest.raises(SettingsError) as refused:
        web_settings(values)
    assert words in str(refused.value) and str(refused.value).endswith(".")


# ----- the kept key ---------------------------------------------------------------------------------------
async def test_the_link_key_is_made_once_and_kept(tmp_path: Path) -> None:
    made: list[str] = []

    def make() -> str:
        made.append(f"key-{len(made)}")
        return made[-1]

    async with await GameStore.open(tmp_path / "games.sqlite3") as store:
        first = await SecretStore(store).get_or_make("web-links", make)
        assert await SecretStore(store).get_or_make("web-links", make) == first == "key-0"
    async with await GameStore.open(tmp_path / "games.sqlite3") as store:
        assert await SecretStore(store).get_or_make("web-links", make) == "key-0"
        assert await SecretStore(store).get_or_make("other", make) == "key-1"
    assert made == ["key-0", "key-1"]


# ----- the cache -----------------------------------------------------------------------------------------
async def test_the_cache_makes_each_thing_once_off_the_event_loop() -> None:
    cache: OffLoopCache[str] = OffLoopCache(2)
    loop_thread = threading.get_ident()
    calls: list[int] = []
    release = threading.Event()

    def make() -> str:
        calls.append(threading.get_ident())
        release.wait(5)
        return "drawn"

    first = asyncio.create_task(cache.get("a", make))
    second = asyncio.create_task(cache.get("a", make))
    await asyncio.sleep(0.05)
    release.set()
    assert await first == await second == "drawn"
    assert len(calls) == 1 and calls[0] != loop_thread
    assert await cache.get("a", make) == "drawn" and len(calls) == 1
    await cache.get("b", lambda: "b")
    await cache.get("c", lambda: "c")
    assert len(cache) == 2
    assert await cache.get("a", make) == "drawn" and len(calls) == 2  # the oldest gave way


async def test_a_failed_drawing_is_not_kept() -> None:
    cache: OffLoopCache[str] = OffLoopCache(2)

    def broken() -> str:
        raise ValueError("no")

    with pytest.raises(ValueError):
        await cache.get("a", broken)
    assert await cache.get("a", lambda: "fine") == "fine"
