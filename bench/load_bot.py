"""The load benchmark's bot process: the real Ringmaster, started as ``python bot.py`` starts it, but
pointed at the stand-in Discord on 127.0.0.1, plus an event-loop lag probe.

Run by ``bench/load.py`` (not by hand):
    python bench/load_bot.py --port PORT --token TOKEN --db FILE --guild ID --lag FILE [--profile FILE]

What differs from ``python bot.py``: discord.py's REST base URL and gateway URL point at the stand-in
(nothing else of the library is touched), the configuration comes from these arguments instead of the
environment (through the same ``load_config``), and ``on_ready`` is not held back 2 s after the last
guild arrives (discord.py's ``guild_ready_timeout``, a start-up delay only). The bot, its cogs, its
database file (WAL), its renderers and its logging are the product's own.

The lag probe sleeps 50 ms again and again on the bot's event loop and records how much later than
asked it woke up (``time.monotonic()``, which is the same clock in every process of the machine), so
the driver can keep the samples of its measuring window. ``READY`` is printed on stdout once the bot is
ready; on SIGTERM or SIGINT the bot closes as on shutdown, and the samples are written to the lag file
as JSON ``[[at, lag_seconds], ...]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord.gateway  # noqa: E402
import discord.http  # noqa: E402
import yarl  # noqa: E402

import bot as ringmaster  # noqa: E402
from db import check_database  # noqa: E402

PROBE_SECONDS = 0.05


async def probe_lag(samples: list[tuple[float, float]]) -> None:
    """Sleep PROBE_SECONDS at a time; each overshoot is how long the loop was busy with something else."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(PROBE_SECONDS)
        woke = time.monotonic()
        samples.append((woke, max(0.0, woke - asked - PROBE_SECONDS)))


async def serve(args: argparse.Namespace, samples: list[tuple[float, float]]) -> None:
    config = ringmaster.load_config({"RINGMASTER_TOKEN": args.token, "RINGMASTER_DB": args.db,
                                     "RINGMASTER_DEV_GUILD": str(args.guild),
                                     "RINGMASTER_LOG_LEVEL": args.log_level}, dotenv_path=None)
    client = ringmaster.build_bot(config)
    client._connection.guild_ready_timeout = 0.05
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    probe = asyncio.create_task(probe_lag(samples), name="load-lag-probe")

    async def announce() -> None:
        await client.wait_until_ready()
        print("READY", flush=True)

    async with client:
        running = asyncio.create_task(client.start(config.token), name="load-bot")
        ready = asyncio.create_task(announce())
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        if running.done():
            running.result()  # the bot stopped on its own: show why
        await client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running
    probe.cancel()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--guild", type=int, required=True)
    parser.add_argument("--lag", required=True, help="where the lag samples are written at exit")
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument("--profile", help="run under cProfile and save the profile here")
    args = parser.parse_args()
    discord.http.Route.BASE = f"http://127.0.0.1:{args.port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{args.port}/gateway")
    ringmaster.setup_logging(args.log_level)
    asyncio.run(check_database(Path(args.db)))
    samples: list[tuple[float, float]] = []
    profiler = cProfile.Profile() if args.profile else None
    try:
        if profiler is not None:
            profiler.enable()
        asyncio.run(serve(args, samples))
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        Path(args.lag).write_text(json.dumps(samples), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
