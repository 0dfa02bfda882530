"""What the metrics cost the bot, piece by piece, in its own process: the work each move adds (counting the
move, timing its drawings, seeing its REST answers and interactions through the trace) and the work of one
scrape (three small queries on the database and the text of the registry).

Run (from the repository root), on a cached load-benchmark world (``bench/load.py`` builds one):
    .venv/bin/python bench/metrics_cost.py [--db /tmp/ringmaster-load/load-1000-1/ringmaster.sqlite3]

It complements ``bench/load.py --metrics``: on a busy machine two end-to-end runs differ by more than the
metrics can cost, while these figures are CPU time of the pieces themselves, read with ``time.process_time``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
import discord  # noqa: E402
from aiohttp import web  # noqa: E402
from discord.ext import commands  # noqa: E402
from yarl import URL  # noqa: E402

from cogs.operations import Operations  # noqa: E402
from db import GameStore  # noqa: E402
from table.config import Config, HealthSettings  # noqa: E402
from table.forced import FollowUp  # noqa: E402
from table.metrics import MeteredRenders, Metrics  # noqa: E402

ROUNDS = 20_000
# What one move of bench/load.py costs in Discord requests and interactions: "Take your turn" (a defer and
# its panel), the choice (a defer and the panel's edit) and the board's post or edit; two drawings (the board,
# sometimes a hand).
REQUESTS_PER_MOVE = 5
INTERACTIONS_PER_MOVE = 2
DRAWINGS_PER_MOVE = 2


class Quick:
    """Renderers that draw nothing, so only the metering is timed."""

    async def board(self, kind: str, view: Any) -> list[bytes]:
        return [b""]

    async def close(self) -> None:
        return None


async def listener_cost(operations: Operations, interaction: Any) -> float:
    """What discord.py's dispatch of ``on_interaction`` to the metrics' listener adds (a task each time)."""
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await client._async_setup_hook()  # what login does first: the client gets the running loop
    rounds = ROUNDS // 4

    async def timed() -> float:
        started = time.process_time()
        for _ in range(rounds):
            client.dispatch("interaction", interaction)
            await asyncio.sleep(0)  # the listener's task runs
        return (time.process_time() - started) / rounds

    without = await timed()
    client.add_listener(lambda_listener(operations), "on_interaction")
    with_listener = await timed()
    return max(0.0, with_listener - without)


def lambda_listener(operations: Operations) -> Any:
    async def listener(interaction: Any) -> None:
        operations._interaction(interaction)
    return listener


async def trace_cost(operations: Operations) -> float:
    """CPU of one local HTTP request with discord.py's session traced, less without (both ends in this process:
    the server's share is the same either way)."""
    app = web.Application()

    async def answer(request: web.Request) -> web.Response:
        return web.json_response({})

    app.router.add_post("/api/v10/channels/1/messages", answer)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    rounds = 2_000
    costs = []
    try:
        for traces in ([], [operations.trace]):
            async with aiohttp.ClientSession(trace_configs=traces or None) as http:
                url = f"http://127.0.0.1:{port}/api/v10/channels/1/messages"
                for _ in range(200):  # warm the connection pool
                    async with http.post(url) as response:
                        await response.read()
                started = time.process_time()
                for _ in range(rounds):
                    async with http.post(url) as response:
                        await response.read()
                costs.append((time.process_time() - started) / rounds)
    finally:
        await runner.cleanup()
    return max(0.0, costs[1] - costs[0])


def per_call(function: Any, rounds: int = ROUNDS) -> float:
    started = time.process_time()
    for _ in range(rounds):
        function()
    return (time.process_time() - started) / rounds


async def measure(db: Path | None) -> None:
    metrics = Metrics()
    record = SimpleNamespace(kind="circus_train")
    change: Any = SimpleNamespace(table=SimpleNamespace(record=record), cause="player",
                                  result=SimpleNamespace(follow_ups=(FollowUp(0, {}, [], "forced"),)))
    move = per_call(lambda: metrics.changed(change))

    renders = MeteredRenders(Quick(), metrics)  # type: ignore[arg-type]
    started = time.process_time()
    for _ in range(ROUNDS):
        await renders.board("circus_train", {})
    metered = (time.process_time() - started) / ROUNDS
    plain = Quick()
    started = time.process_time()
    for _ in range(ROUNDS):
        await plain.board("circus_train", {})
    drawing = metered - (time.process_time() - started) / ROUNDS

    operations = Operations(Config(token="t", health=HealthSettings("127.0.0.1", 0)))
    response = SimpleNamespace(status=200, headers={})
    callback = SimpleNamespace(method="POST", url=URL("http://x/api/v10/interactions/1/token/callback"),
                               response=response)
    post = SimpleNamespace(method="POST", url=URL("http://x/api/v10/channels/1/messages"), response=response)
    interaction: Any = SimpleNamespace(id=1, type=discord.InteractionType.component)

    started = time.process_time()
    for _ in range(ROUNDS):
        operations._interaction(interaction)
        await operations._request_ended(None, None, callback)  # type: ignore[arg-type]
    seen_interaction = (time.process_time() - started) / ROUNDS
    started = time.process_time()
    for _ in range(ROUNDS):
        await operations._request_ended(None, None, post)  # type: ignore[arg-type]
    seen_request = (time.process_time() - started) / ROUNDS

    listener = await listener_cost(operations, interaction)
    traced = await trace_cost(operations)
    per_move = (move + DRAWINGS_PER_MOVE * drawing + INTERACTIONS_PER_MOVE * (seen_interaction + listener)
                + (REQUESTS_PER_MOVE - INTERACTIONS_PER_MOVE) * seen_request + REQUESTS_PER_MOVE * traced)
    print(f"a move counted                       {move * 1e6:7.1f} µs")
    print(f"a drawing metered (queue + histogram) {drawing * 1e6:6.1f} µs")
    print(f"an interaction's answer seen          {seen_interaction * 1e6:6.1f} µs")
    print(f"a REST answer seen                    {seen_request * 1e6:6.1f} µs")
    print(f"the interaction listener's task       {listener * 1e6:6.1f} µs")
    print(f"aiohttp's trace around one request     {traced * 1e6:6.1f} µs (a local request with the trace, less one "
          "without)")
    print(f"per move (1 move, {DRAWINGS_PER_MOVE} drawings, {INTERACTIONS_PER_MOVE} interactions, "
          f"{REQUESTS_PER_MOVE} requests)  {per_move * 1e6:6.1f} µs")

    if db is None:
        return
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "ringmaster.sqlite3"
        shutil.copy(db, copy)
        store = await GameStore.open(copy)
        try:
            now = datetime.now(UTC)
            await metrics.read(store, now)
            rounds = 50
            started = time.process_time()
            for _ in range(rounds):
                await metrics.read(store, now)
                metrics.exposition()
            scrape = (time.process_time() - started) / rounds
            started = time.process_time()
            for _ in range(rounds):
                await store.database.check_writable()
            ready = (time.process_time() - started) / rounds
        finally:
            await store.close()
    print(f"a scrape of /metrics (database read + text) {scrape * 1e3:6.2f} ms")
    print(f"the readiness check's write, rolled back    {ready * 1e3:6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a load-benchmark world's SQLite file, for the scrape's cost")
    args = parser.parse_args()
    asyncio.run(measure(args.db))


if __name__ == "__main__":
    main()
