"""The operator's endpoints of the real bot against the stand-in (``RINGMASTER_HEALTH``): ``/health/ready`` turns
unready, with the reason, while the gateway has lost the shard or the database refuses writes, and ready again
after; ``/health/live`` answers throughout; the metrics count what was played and refused."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from discord_standin import standin
from discord_table import awaited, board, button, cheap_renders, open_game, play_one
from ops_helpers import get, health_factory, health_url, until

PLAYERS = ("alice", "bob")


def sample(text: str, name: str, **labels: str) -> float:
    """One sample's value in Prometheus' text format, whatever the order of its labels (0 when absent)."""
    for line in text.splitlines():
        series, _, number = line.rpartition(" ")
        found, _, rest = series.partition("{")
        pairs = dict(pair.split("=", 1) for pair in rest.rstrip("}").split(",")) if rest else {}
        if found == name and pairs == {key: f'"{wanted}"' for key, wanted in labels.items()}:
            return float(number)
    return 0.0


async def test_ready_follows_the_shard_and_the_database_and_live_answers_throughout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3"))
        url = health_url(bot)

        async def ready() -> Any:
            status, body = await get(http, f"{url}/health/ready")
            return body if status == 200 else None

        body = await until(ready, "the bot to be ready")
        assert body["status"] == "ready"
        assert body["shards"]["0"]["connected"] is True
        assert body["database"] == {"ok": True, "writable": True}
        assert body["publisher"]["ok"] is True and body["renders"] == {"ok": True}

        # The gateway drops the shard and is slow to take it back: unready, saying which shard.
        d.server.hold_resumes(0)
        await d.server.drop_connection(shard_id=0)

        async def unready() -> Any:
            status, body = await get(http, f"{url}/health/ready")
            return body if status == 503 else None

        body = await until(unready, "the bot to be unready without its shard")
        assert body["status"] == "unready"
        assert body["shards"] == {"0": {"connected": False, "latency_seconds": body["shards"]["0"]["latency_seconds"]}}
        assert body["database"]["ok"] is True  # the rest is fine: it is the shard
        status, live = await get(http, f"{url}/health/live")
        assert (status, live) == (200, {"status": "live"})
        d.server.release_resumes(0)
        await until(ready, "the bot to be ready again once the shard resumed")

        # The database refuses every write: unready, with the store's own sentence.
        await bot.core.store.database.writer.execute("PRAGMA query_only = ON")  # SQLite answers SQLITE_READONLY
        body = await until(unready, "the bot to be unready without a writable database")
        assert body["database"]["ok"] is False and body["database"]["writable"] is False
        assert "read-only" in body["database"]["problem"]
        assert all(shard["connected"] for shard in body["shards"].values())
        status, text = await get(http, f"{url}/metrics")
        assert status == 200 and sample(text, "ringmaster_database_errors_total", kind="read-only") >= 1
        await bot.core.store.database.writer.execute("PRAGMA query_only = OFF")
        body = await until(ready, "the bot to be ready again with its database writable")
        assert body["database"] == {"ok": True, "writable": True}
        assert "stopping" not in body

        bot.begin_stop()  # as on SIGTERM: new interactions are turned away from now on
        body = await until(unready, "the bot to be unready once it is stopping")
        assert body["stopping"] is True and body["database"]["ok"] and body["shards"]["0"]["connected"]


async def test_metrics_count_moves_interactions_renders_and_requests(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3"))
        url = health_url(bot)
        thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
        for _ in range(3):
            await play_one(d, thread, PLAYERS)
        refused = await d.slash("carol", "games", "game status", {"game": 999})  # no such game: a refusal
        assert (await refused.response()).ephemeral
        await bot.core.posting_idle()

        async def scraped() -> str | None:
            status, text = await get(http, f"{url}/metrics")
            assert status == 200
            return text if sample(text, "ringmaster_outbox_pending_items") == 0 else None

        text = await until(scraped, "the outbox to be empty")
        assert sample(text, "ringmaster_moves_total", game="circus_train", cause="player") >= 3
        assert sample(text, "ringmaster_interactions_total", kind="component", outcome="answered") >= 6
        assert sample(text, "ringmaster_interactions_total", kind="command", outcome="refused") == 1
        assert sample(text, "ringmaster_render_seconds_count", what="board") >= 1
        assert sample(text, "ringmaster_render_queue_depth", what="board") == 0
        assert sample(text, "ringmaster_live_games", game="circus_train") == 1
        assert sample(text, "ringmaster_gateway_connected", shard="0") == 1
        assert sample(text, "ringmaster_discord_requests_total", method="POST", status="200") >= 1
        # Labels name kinds, causes, outcomes and statuses only: no game, member or message id.
        ids = {str(d.user(name).id) for name in ("alice", "bob", "carol")} | {str(thread.id)}
        assert not any(found in text for found in ids)


async def test_a_rate_limit_is_counted_with_the_wait_discord_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3"))
        thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
        fault = d.fail("*", r"/channels/\d+/messages(/\d+)?", status=429, retry_after=0.05)
        await play_one(d, thread, PLAYERS)
        await d.wait_for(lambda: fault.fired or None, what="the rate limit to be hit")
        await bot.core.posting_idle()
        status, text = await get(http, f"{health_url(bot)}/metrics")
        assert status == 200
        assert sample(text, "ringmaster_discord_rate_limited_total", scope="user") == 1
        assert sample(text, "ringmaster_discord_rate_limited_seconds_total") == 1.0  # Retry-After: whole seconds
        assert sample(text, "ringmaster_discord_requests_total", method=_method(d), status="429") == 1


def _method(d: Any) -> str:
    [limited] = [r for r in d.requests(path=r"/channels/\d+/messages(/\d+)?") if r.status == 429]
    return str(limited.method)


async def test_the_endpoints_share_the_web_companions_address(tmp_path: Path) -> None:
    async with standin(tmp_path, bot=False) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3", web=True))
        assert bot.operations.server is None and bot.web is not None
        base = f"http://127.0.0.1:{bot.config.web.port}"
        status, body = await get(http, f"{base}/health/live")
        assert (status, body) == (200, {"status": "live"})
        status, text = await get(http, f"{base}/metrics")
        assert status == 200 and "# TYPE ringmaster_moves_total counter" in text

        async def ready() -> Any:
            status, body = await get(http, f"{base}/health/ready")
            return body if status == 200 else None

        assert (await until(ready, "the bot to be ready"))["shards"]["0"]["connected"] is True


async def test_an_address_in_use_is_logged_and_the_bot_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with standin(tmp_path, bot=False) as d:
            starting = asyncio.create_task(d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3", port=port)))
            record = await d.expect_error(rf"The health endpoints could not listen on 127.0.0.1:{port} ")
            assert "the bot runs without them" in record.getMessage()
            bot: Any = await starting
            assert bot.operations.server is None
            thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
            await play_one(d, thread, PLAYERS)
            assert bot.operations.metrics.moves.labels("circus_train", "player")._value.get() == 1


async def test_each_shard_of_the_process_is_told_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    guilds = [{"name": "Big Top"}, {"name": "Sideshow"}]  # on shard 0 and shard 1
    async with standin(tmp_path, bot=False, shards=2, guilds=guilds) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3", shards="0-1/2"))
        url = health_url(bot)

        async def answer(status: int) -> Any:
            found, body = await get(http, f"{url}/health/ready")
            return body if found == status else None

        body = await until(lambda: answer(200), "both shards to be connected")
        assert {shard: state["connected"] for shard, state in body["shards"].items()} == {"0": True, "1": True}
        d.server.hold_resumes(1)
        await d.server.drop_connection(shard_id=1)
        body = await until(lambda: answer(503), "shard 1 to be missed")
        assert {shard: state["connected"] for shard, state in body["shards"].items()} == {"0": True, "1": False}
        status, text = await get(http, f"{url}/metrics")
        assert status == 200
        assert 'ringmaster_gateway_connected{shard="1"} 0.0' in text
        assert 'ringmaster_gateway_connected{shard="0"} 1.0' in text
        d.server.release_resumes(1)
        await until(lambda: answer(200), "shard 1 to be back")


async def test_an_answer_discord_calls_too_late_is_counted_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d, aiohttp.ClientSession() as http:
        bot: Any = await d.start_bot(health_factory(d, tmp_path / "ringmaster.sqlite3"))
        thread = await open_game(d, PLAYERS, {"kind": "circus_train"}, command="game new")
        before = sample((await get(http, f"{health_url(bot)}/metrics"))[1], "ringmaster_interactions_total",
                        kind="component", outcome="answered")
        # Discord answers the bot's first answer as it does one that came after its 3 seconds.
        d.fail("POST", r"/interactions/\d+/[^/]+/callback", status=404, code=10062, message="Unknown interaction")
        latest = board(d, thread)
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None
        await d.click(mover, latest, button(latest, "rm:turn:"))
        await d.expect_error("Incident [0-9a-f]{8}")  # the late defer fails the handler: an incident is logged

        async def counted() -> str | None:
            text = (await get(http, f"{health_url(bot)}/metrics"))[1]
            return text if sample(text, "ringmaster_interactions_total", kind="component", outcome="late") else None

        text = await until(counted, "the late answer to be counted")
        assert sample(text, "ringmaster_interactions_total", kind="component", outcome="late") == 1
        assert sample(text, "ringmaster_interactions_total", kind="component", outcome="answered") == before
        assert sample(text, "ringmaster_interactions_total", kind="component", outcome="incident") == 1
