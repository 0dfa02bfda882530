"""The load benchmark's bot process: the real Ringmaster, started as ``python bot.py`` starts it, but
pointed at the stand-in Discord on 127.0.0.1, plus an event-loop lag probe.

Run by ``bench/load.py`` (not by hand):
    python bench/load_bot.py --port PORT --token TOKEN --db FILE|URL --guild ID --lag FILE [--shards F-L/N]
        [--profile FILE]

What differs from ``python bot.py``: discord.py's REST base URL and gateway URL point at the stand-in
(nothing else of the library is touched), the configuration comes from these arguments instead of the
environment (through the same ``load_config``), and ``on_ready`` is not held back 2 s after the last
guild arrives (discord.py's ``guild_ready_timeout``, a start-up delay only). The bot, its cogs, its
database (a SQLite file in WAL mode, or a PostgreSQL server's URL), its renderers and its logging are
the product's own. With ``--shards`` it runs those Discord shards only (``RINGMASTER_SHARDS``), as one
of several bot processes.

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
import gc
import json
import linecache
import operator
import os
import signal
import sys
import threading
import time
import traceback
import tracemalloc
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord.gateway  # noqa: E402
import discord.http  # noqa: E402
import yarl  # noqa: E402

import bot as ringmaster  # noqa: E402
from db import check_database  # noqa: E402

PROBE_SECONDS = 0.05
SAMPLE_SECONDS = 0.01
IDLE_LEAVES = {("selectors.py", "select"), ("threading.py", "wait"), ("queue.py", "get")}
QUEUE_WAITERS = {("core.py", "_connection_worker_thread"), ("thread.py", "_worker")}  # aiosqlite, thread pools


class Sampler(threading.Thread):
    """A sampling profiler of every thread of the bot (the event loop, the render threads, the database
    thread): every SAMPLE_SECONDS it notes where each busy thread is. A thread waiting for work (in
    ``select``, a condition or a queue) is not counted; one waiting for the GIL is."""

    def __init__(self) -> None:
        super().__init__(name="load-sampler", daemon=True)
        self.own: Counter[str] = Counter()
        self.total: Counter[str] = Counter()
        self.threads: Counter[str] = Counter()
        self.samples = 0
        self.started = time.monotonic()
        self.stopped = threading.Event()

    @staticmethod
    def where(frame: FrameType) -> str:
        code = frame.f_code
        path = Path(code.co_filename)
        short = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) and ".venv" not in path.parts else path.name
        return f"{short}:{code.co_firstlineno}({code.co_name})"

    @staticmethod
    def idle(frame: FrameType) -> bool:
        """Waiting for work: in ``select``, a condition, or a worker thread's ``queue.get()`` (a C call, so
        the worker's own line tells it apart from running a job)."""
        key = (Path(frame.f_code.co_filename).name, frame.f_code.co_name)
        if key in IDLE_LEAVES:
            return True
        return key in QUEUE_WAITERS and ".get(" in linecache.getline(frame.f_code.co_filename, frame.f_lineno)

    def run(self) -> None:
        me = threading.get_ident()
        while not self.stopped.wait(SAMPLE_SECONDS):
            names = {thread.ident: thread.name for thread in threading.enumerate()}
            for ident, frame in sys._current_frames().items():
                if ident == me or self.idle(frame):
                    continue
                stack: list[FrameType] = []
                current: FrameType | None = frame
                while current is not None:
                    stack.append(current)
                    current = current.f_back
                self.samples += 1
                self.threads[names.get(ident, "?").split("_")[0]] += 1
                self.own[self.where(frame)] += 1
                for name in {self.where(f) for f in stack}:
                    self.total[name] += 1

    def save(self, path: str) -> None:
        Path(path).write_text(json.dumps({
            "interval": SAMPLE_SECONDS, "seconds": time.monotonic() - self.started, "samples": self.samples,
            "threads": self.threads.most_common(),
            "own": self.own.most_common(80), "total": self.total.most_common(80)}), encoding="utf-8")


def draw_cheaply() -> None:
    """Every game draws its boards as the tests' tiny picture, in the bot's own threads: for tests that run
    the bot in its own process and whose point is not the picture (a real board costs tenths of a second
    of CPU). Worker processes would draw the real boards, so there are none."""
    sys.path.insert(0, str(ROOT / "tests"))
    from discord_table import cheap_renders

    class SetItem:  # the one thing cheap_renders asks of pytest's monkeypatch
        setitem = staticmethod(operator.setitem)

    cheap_renders(SetItem())
    ringmaster.default_processes = lambda: 0  # RINGMASTER_RENDER_PROCESSES' default: draw in threads


def with_settings(settings: dict[str, str]) -> None:
    """The configuration gets ``settings`` too (``--setting``), under those the other arguments give."""
    load_config = ringmaster.load_config

    def load(environ: Mapping[str, str], dotenv_path: Path | None = None) -> ringmaster.Config:
        return load_config({**settings, **environ}, dotenv_path)

    ringmaster.load_config = load


async def probe_lag(samples: list[tuple[float, float]]) -> None:
    """Sleep PROBE_SECONDS at a time; each overshoot is how long the loop was busy with something else."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(PROBE_SECONDS)
        woke = time.monotonic()
        samples.append((woke, max(0.0, woke - asked - PROBE_SECONDS)))


async def serve(args: argparse.Namespace, samples: list[tuple[float, float]]) -> None:
    environment = {"RINGMASTER_TOKEN": args.token, "RINGMASTER_DB": args.db, "RINGMASTER_DEV_GUILD": str(args.guild),
                   "RINGMASTER_LOG_LEVEL": args.log_level}
    if args.shards:
        environment["RINGMASTER_SHARDS"] = args.shards
    config = ringmaster.load_config(environment, dotenv_path=None)
    client = ringmaster.build_bot(config)
    client._connection.guild_ready_timeout = 0.05
    if args.tick_seconds:
        client.tick_seconds = args.tick_seconds
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    probe = asyncio.create_task(probe_lag(samples), name="load-lag-probe")
    stalls = StallWatch.from_environment()
    beating = asyncio.create_task(stalls.beat(), name="load-stall-beat") if stalls is not None else None

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
        if beating is not None:
            beating.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running
    probe.cancel()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--db", required=True, help="a SQLite file, or a postgresql:// URL")
    parser.add_argument("--shards", help="the Discord shards this process runs, first-last/count")
    parser.add_argument("--guild", type=int, required=True)
    parser.add_argument("--lag", required=True, help="where the lag samples are written at exit")
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument("--profile", help="sample every thread's stack and save the counts here (JSON)")
    parser.add_argument("--global-commands", action="store_true",
                        help="sync the commands globally, not to --guild (a world of several guilds)")
    parser.add_argument("--cheap-renders", action="store_true",
                        help="draw every board as a tiny picture, in the bot's own threads (tests)")
    parser.add_argument("--setting", action="append", default=[], metavar="RINGMASTER_X=VALUE",
                        type=lambda text: tuple(text.split("=", 1)),
                        help="a further setting of the bot's configuration (may be repeated)")
    parser.add_argument("--tick-seconds", type=float,
                        help="how often the scheduler looks for due work (the bot's default: a minute)")
    args = parser.parse_args()
    if args.setting:
        with_settings(dict(args.setting))
    if args.global_commands:
        args.guild = ""  # no RINGMASTER_DEV_GUILD: the bot syncs its commands for every guild
    if args.cheap_renders:
        draw_cheaply()
    discord.http.Route.BASE = f"http://127.0.0.1:{args.port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{args.port}/gateway")
    ringmaster.setup_logging(args.log_level)
    asyncio.run(check_database(args.db))
    samples: list[tuple[float, float]] = []
    sampler = Sampler() if args.profile else None
    growth = MemoryGrowth.from_environment()
    if os.environ.get("RINGMASTER_BENCH_GARBAGE"):  # FILE: the cyclic garbage 90 s after start-up, by type
        census = threading.Timer(90, write_garbage_census, [Path(os.environ["RINGMASTER_BENCH_GARBAGE"])])
        census.daemon = True
        census.start()
    try:
        if sampler is not None:
            sampler.start()
        if os.environ.get("RINGMASTER_BENCH_CPROFILE"):  # the event loop's own time, function by function
            profiler = cProfile.Profile()
            try:
                profiler.runcall(asyncio.run, serve(args, samples))
            finally:
                profiler.dump_stats(os.environ["RINGMASTER_BENCH_CPROFILE"])
        else:
            asyncio.run(serve(args, samples))
    finally:
        if sampler is not None:
            sampler.stopped.set()
            sampler.join()
            sampler.save(args.profile)
        Path(args.lag).write_text(json.dumps(samples), encoding="utf-8")
        if growth is not None:
            growth.save()
        if os.environ.get("RINGMASTER_BENCH_OBJECTS"):
            write_census(Path(os.environ["RINGMASTER_BENCH_OBJECTS"]))
    return 0


def write_garbage_census(path: Path) -> None:
    """What a full collection would free now (cyclic garbage), by type: it is saved instead of freed
    (``gc.DEBUG_SAVEALL``) for the census, then let go."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        kinds = Counter(type(item).__qualname__ + " (" + type(item).__module__ + ")" for item in gc.garbage)
        lines = [f"{len(gc.garbage)} objects of cyclic garbage"]
        lines += [f"{count:9d} {kind}" for kind, count in kinds.most_common(40)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_census(path: Path) -> None:
    """``RINGMASTER_BENCH_OBJECTS=FILE``: the objects the garbage collector tracks when the bot stops (a full
    collection walks every one of them but the frozen), by type, the most numerous first."""
    tracked = gc.get_objects()
    frozen = gc.get_freeze_count()
    kinds = Counter(type(item).__qualname__ + " (" + type(item).__module__ + ")" for item in tracked)
    lines = [f"{len(tracked)} tracked objects ({frozen} of them frozen at start-up)"]
    lines += [f"{count:9d} {kind}" for kind, count in kinds.most_common(40)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class StallWatch:
    """``RINGMASTER_BENCH_STALLS=FILE``: each time the event loop stops for longer than
    ``RINGMASTER_BENCH_STALL_MS`` (default 150), what its thread was doing, seen from a watching thread
    (``sys._current_frames``) once the stall passes that length; appended to FILE with the stall's
    length and how many garbage collections of each generation ran in it. Every full collection (and
    any long one) is written too, with what it freed and how many objects it still tracks, and the first
    full collection after 80 s adds a census of the tracked objects by type. A few per cent of CPU."""

    def __init__(self, path: Path, limit: float) -> None:
        self.path = path
        self.limit = limit
        self.loop_thread = threading.get_ident()
        self.last = time.monotonic()
        self.collections = [0, 0, 0]
        self.collecting = 0.0
        self.started = time.monotonic()
        self.census_done = False
        gc.callbacks.append(self._collected)
        self.watcher = threading.Thread(target=self._watch, name="load-stall-watch", daemon=True)
        self.watcher.start()

    @classmethod
    def from_environment(cls) -> StallWatch | None:
        path = os.environ.get("RINGMASTER_BENCH_STALLS")
        if not path:
            return None
        return cls(Path(path), float(os.environ.get("RINGMASTER_BENCH_STALL_MS", "150")) / 1000)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.collecting = time.perf_counter()
            return
        self.collections[info["generation"]] += 1
        took = time.perf_counter() - self.collecting
        if info["generation"] == 2 and not self.census_done and time.monotonic() - self.started > 80:
            self.census_done = True
            kinds = Counter(type(item).__qualname__ for item in gc.get_objects())
            with self.path.open("a", encoding="utf-8") as out:
                out.write("--- census " + ", ".join(f"{k} {n}" for k, n in kinds.most_common(25)) + "\n")
        if info["generation"] == 2 or took >= self.limit / 4:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(f"--- collection of generation {info['generation']} took {took * 1000:.0f} ms at "
                          f"{time.strftime('%H:%M:%S')}: {info['collected']} collected, {len(gc.get_objects())} "
                          f"tracked after it\n")

    async def beat(self) -> None:
        while True:
            self.last = time.monotonic()
            await asyncio.sleep(0.01)

    def _watch(self) -> None:
        while True:
            time.sleep(0.02)
            began = self.last
            if time.monotonic() - began < self.limit:
                continue
            before = list(self.collections)
            frame = sys._current_frames().get(self.loop_thread)
            stack = "".join(traceback.format_stack(frame, limit=25)) if frame is not None else "(no frame)"
            while self.last == began:
                time.sleep(0.005)
            length = time.monotonic() - began
            gcs = [after - first for after, first in zip(self.collections, before, strict=True)]
            with self.path.open("a", encoding="utf-8") as out:
                out.write(f"--- stall of {length * 1000:.0f} ms at {time.strftime('%H:%M:%S')} "
                          f"(collections by generation while it lasted: {gcs})\n{stack}\n")


class MemoryGrowth:
    """``RINGMASTER_BENCH_TRACEMALLOC=FILE``: what the bot's Python heap gained between a moment
    ``RINGMASTER_BENCH_TRACEMALLOC_AFTER`` seconds after start-up (default 60, when the load is under way)
    and the end, by the line that allocated it (ten frames kept; tracing makes the bot several times
    slower, so run it at a low rate). Written to FILE, the largest 40 first."""

    def __init__(self, path: Path, after: float) -> None:
        tracemalloc.start(10)
        self.path = path
        self.first: tracemalloc.Snapshot | None = None
        self.timer = threading.Timer(after, self._first)
        self.timer.daemon = True
        self.timer.start()

    @classmethod
    def from_environment(cls) -> MemoryGrowth | None:
        path = os.environ.get("RINGMASTER_BENCH_TRACEMALLOC")
        if not path:
            return None
        return cls(Path(path), float(os.environ.get("RINGMASTER_BENCH_TRACEMALLOC_AFTER", "60")))

    def _first(self) -> None:
        self.first = tracemalloc.take_snapshot()

    def save(self) -> None:
        self.timer.cancel()
        last = tracemalloc.take_snapshot()
        lines = []
        if self.first is None:
            lines.append("(the run ended before the first snapshot: totals since start-up)")
            stats = last.statistics("traceback")[:40]
            for stat in stats:
                lines += [f"{stat.size / 2**20:8.2f} MiB in {stat.count} blocks", *stat.traceback.format(limit=6)]
        else:
            for diff in last.compare_to(self.first, "traceback")[:40]:
                lines += [f"{diff.size_diff / 2**20:+8.2f} MiB ({diff.count_diff:+d} blocks; now "
                          f"{diff.size / 2**20:.2f} MiB)", *diff.traceback.format(limit=6)]
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
