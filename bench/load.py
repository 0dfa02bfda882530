"""Ringmaster under load, measured from outside: N live games, moves arriving at a given rate.

Run (from the repository root; the first run of a (games, seed) builds and caches its world):
    .venv/bin/python bench/load.py --games 100 --rate 2 --duration 20
    .venv/bin/python bench/load.py --games 1000 --rate 20 --duration 60 [--warmup 10] [--seed 1]
        [--cache /tmp/ringmaster-load] [--drain 60] [--profile bot.prof]
    .venv/bin/python bench/load.py --games 1000 --rate 5 --duration 30 --db postgresql --processes 2
    .venv/bin/python bench/load.py --games 1000 --rate 20 --duration 60 --metrics
    .venv/bin/python bench/load.py --games 1000 --rate 20 --duration 60 --robots 0.1

Method
------
* Two processes. The bot runs alone in its own (``bench/load_bot.py``): the product's ``build_bot``,
  cogs, SQLite file in WAL mode and real renderers, started as ``python bot.py`` starts it, with only
  discord.py's two URLs pointed at the stand-in. This process runs the Discord stand-in
  (``tests/discord_standin``, on 127.0.0.1) and the simulated players.
* ``--db postgresql``: the bot's database is a PostgreSQL server the run starts for itself
  (``bench/load_postgres.py``: ``initdb`` and ``pg_ctl`` in a temporary folder, as ``nobody`` when run as
  root, as durable as the SQLite file), the cached world's rows copied into it before the bot starts.
* ``--processes N``: N bot processes, each running one of N Discord shards (``RINGMASTER_SHARDS``, as
  ``python -m launch`` shares them) against a stand-in of N shards; the world's games are spread over N
  servers (one on each shard, the kinds in equal shares). Each process's CPU, memory, loop lag and moves
  served are shown beside their sums. With one process the bot runs unsharded, as it always did.
* The world (``bench/load_world.py``): N live games of the four kinds in equal shares, 2 to the most
  players each, variants switched on at random, 30 % with a turn deadline, each played by the automatic
  players to a uniformly random turn of its history (never inside a chain of moves the table plays by
  itself), built through the table core itself before the bot starts and cached by (games, seed). Each
  thread starts with its current board message.
* ``--robots SHARE``: that share of all the world's seats are strong robot seats (``bench/load_world.py``:
  spread evenly over the games, never every seat of a game; cached apart). The bot moves them by itself, as it
  does for any robot (table/robots.py: thinking off the event loop, moving at whole multiples of 3 s after its
  turn began); the simulated players never press for a robot (a robot is never mentioned on a board) and leave a
  game alone while its board awaits robots only.
* Open-loop arrivals: a Poisson process of ``--rate`` moves per second for ``--warmup`` then
  ``--duration`` seconds, scheduled whatever the bot's speed. Each arrival takes a game at random among
  those with no move in progress and not over, and a member its newest board mentions as awaited (read
  from the board's text in the thread, never from the database); that member presses "Take your turn"
  and picks a random choice of the private panel (button or menu option). One arrival is one move: a
  turn of several steps comes back as later arrivals, so offered moves per second is the rate.
* Timing: the stand-in stamps everything the bot does the moment it happens (``time.monotonic()``).

What it reports (latencies over the arrivals of the measuring window; p50 / p99 / max)
-------------------------------------------------------------------------------------
* offered: the rate asked for, and the arrivals made in the window; served: moves whose next board
  reached the thread during the window, per second of the window.
* "Take your turn" → first response: the first answer the bot sent (a defer, or the panel itself),
  whether Discord accepted it or not; → panel shown: the private panel with its choices, of the
  answers Discord accepted (a late one is refused, so its panel is never shown).
* choice → first response (the defer); choice → answered: the panel updated with what comes next (the
  bot waits up to a second for the thread to show the move first).
* move → board posted: from the choice to the thread's board (posted or edited) showing the next version.
* answered after Discord's 3 s: answers the stand-in refused with 10062 "Unknown interaction", as
  Discord does, of panels and of choices.
* outcomes: every arrival is completed, failed (by reason: a refusal sentence, a late panel, a timeout
  of ``STAGE_TIMEOUT`` s), "no idle game" (every game busy or over), or unfinished (still in progress
  ``--drain`` seconds after the window).
* bot CPU per move: user + system time of the bot process and its child processes (``/proc``) during
  the window, divided by the moves served in it (several processes: added up). On PostgreSQL, the
  database server's processes are counted apart, the same way.
* how long the bot's threads were runnable but had no core (``schedstat``), and the machine's CPU
  pressure (``/proc/pressure/cpu``) in the window: on a shared machine, a bot waiting for a core is
  slow for a reason that is not its own.
* RSS of the bot after start-up, after the load, and its peak (VmHWM); child processes listed apart.
* event-loop lag: how late a 50 ms sleep on the bot's loop wakes up (samples of the window); the
  driver's own loop lag is shown too, to tell a slow bot from a slow driver on a shared machine.
* warnings and errors the bot logged, by logger; its whole log is kept beside the cache.
* robots (``--robots``): how long robots took to move, seen from the threads: from the first board that showed
  the robot's turn (the first of the unbroken run of boards naming it as awaited since its previous move, or
  the board the run found, for a robot already awaited when the bot started) to the first board showing its
  move (of that version or later), for the robot moves whose board reached the thread in the window. Which
  moves were robots' comes from the game's action log after the window (the automatic player's moves in robot
  seats; forced moves are the table's, not the robot's); the times are the stand-in's stamps only. The moves
  whose turn no board showed before the move (it was made before its board was posted) are counted apart,
  and so are those of robots already waiting when the bot started (their wait includes the bot's start).
  Robots' thinking CPU: the CPU time in the window of the bot's worker processes at the thinker's priority
  (table/thinking.py's ``THINK_NICENESS`` above the bot's own); decisions that need no search (a game with no
  search of its own plays strong as normal) are thought in the bot's own threads and counted in its CPU.

Diagnostics of the bot's process, by environment (see ``bench/load_bot.py``): ``RINGMASTER_BENCH_STALLS=FILE``
(each stall of its event loop with the stack that held it, every full garbage collection, a census of
objects), ``RINGMASTER_BENCH_OBJECTS=FILE`` (the tracked objects by type at the end),
``RINGMASTER_BENCH_GARBAGE=FILE`` (the cyclic garbage by type 90 s in), ``RINGMASTER_BENCH_TRACEMALLOC=FILE``
(what the heap gained, by line) and ``RINGMASTER_BENCH_CPROFILE=FILE``.

``--profile FILE`` samples the stacks of every thread of the bot every 10 ms (the event loop, the
threads drawing boards, the database thread; a few per cent of CPU) and prints where they were: by
thread, by function's own time and by inclusive time.

What is simulated, and what is left out: Discord itself (the stand-in answers at once and applies
Discord's 3-second rule), the network (loopback), and the players (one press and one random choice
per move, no reading time). There are no slash commands, "My hand" presses or recaps in the mix.

This replaces ``bench/discord_latency.py``, which ran the stand-in in the bot's own process and event
loop, opened fresh two-player games, sent one interaction at a time, timed only the defer as "choice
→ answered", and skipped turns whose mover it could not find.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import signal
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_players import Arrival, LiveGame, Players, RobotMove, WatchedStandIn, robot_turns  # noqa: E402
from load_postgres import copy_world, start_server  # noqa: E402
from load_world import World, populate, prepare, spread_guilds  # noqa: E402
from proc_stats import (  # noqa: E402
    children_cpu_at,
    children_memory,
    cpu_pressure,
    cpu_seconds,
    cpu_split,
    cpu_waited,
    machine,
    memory,
    niceness,
    proportional_set,
)

from db.store import GameStore  # noqa: E402
from launch import share  # noqa: E402
from table.config import Shards  # noqa: E402
from table.renders import BOARD_NICENESS, REPLAY_NICENESS, WEB_NICENESS  # noqa: E402
from table.thinking import THINK_NICENESS  # noqa: E402
from tests.discord_standin import Discord  # noqa: E402
from tests.postgres_server import PostgresServer  # noqa: E402

from sampling import percentile  # noqa: E402

START_TIMEOUT = 600.0


SCRAPE_SECONDS = 5.0  # how often --metrics scrapes each bot (Prometheus' own default is every 15 s)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def scrape(ports: list[int], result: Run) -> None:
    """Scrape every bot's ``/metrics`` (and ``/health/ready``) every SCRAPE_SECONDS, as Prometheus and a
    supervisor would; the count and the last answer's size go in the report."""
    import aiohttp

    scrapes, size = 0, 0
    async with aiohttp.ClientSession() as http:
        while True:
            for port in ports:
                try:
                    async with http.get(f"http://127.0.0.1:{port}/metrics") as response:
                        size = len(await response.read())
                    async with http.get(f"http://127.0.0.1:{port}/health/ready") as response:
                        await response.read()
                    scrapes += 1
                except aiohttp.ClientError as error:
                    print(f"scraping port {port} failed: {error}", flush=True)
            result.metrics_note = (f"on: /metrics and /health/ready scraped every {SCRAPE_SECONDS:g} s "
                                   f"({scrapes} scrapes, {size:,} bytes each)")
            await asyncio.sleep(SCRAPE_SECONDS)


class BotProcess:
    """``bench/load_bot.py`` as a child process, pointed at the stand-in."""

    def __init__(self, folder: Path, profile: str | None, shards: Shards | None = None, number: int = 1,
                 health_port: int | None = None) -> None:
        suffix = "" if shards is None else str(number)  # one process: the names it always had
        self.health_port = health_port
        """Where the bot serves its health and metrics (``--metrics``); None: it does not."""
        self.number = number
        self.shards = shards
        self.log_path = folder / f"bot{suffix}.log"
        self.lag_path = folder / f"lag{suffix}.json"
        self.profile = profile if profile is None or shards is None else f"{profile}.{number}"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, port: int, token: str, db: str, guild_id: int, settings: Sequence[str] = ()) -> None:
        args = [sys.executable, str(ROOT / "bench" / "load_bot.py"), "--port", str(port), "--token", token,
                "--db", db, "--guild", str(guild_id), "--lag", str(self.lag_path)]
        args += [f"--setting={setting}" for setting in settings]
        if self.shards is not None:
            args += ["--shards", str(self.shards)]
        if self.profile:
            args += ["--profile", str(Path(self.profile).resolve())]
        if self.health_port is not None:
            args += ["--setting", f"RINGMASTER_HEALTH=127.0.0.1:{self.health_port}"]
        with self.log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE, stderr=log,
                                                                cwd=str(ROOT))
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), START_TIMEOUT)
        if line.strip() != b"READY":
            which = "" if self.shards is None else f" of shards {self.shards}"
            raise RuntimeError(f"the bot{which} did not start; its log:\n{self.log_path.read_text()[-3000:]}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def stop(self) -> list[tuple[float, float]]:
        """Close the bot as on shutdown; returns its lag samples."""
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 60)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        with contextlib.suppress(OSError, ValueError):
            return [(at, lag) for at, lag in json.loads(self.lag_path.read_text())]
        return []

    def logged(self) -> Counter[str]:
        """WARNING and ERROR lines of the bot's log, by level and logger."""
        found: Counter[str] = Counter()
        with contextlib.suppress(OSError):
            for line in self.log_path.read_text(errors="replace").splitlines():
                parts = line.split(maxsplit=4)
                if len(parts) >= 4 and parts[2] in ("WARNING", "ERROR", "CRITICAL"):
                    found[f"{parts[2]} {parts[3].rstrip(':')}"] += 1
        return found


# ----- one run --------------------------------------------------------------------------------------------
@dataclass
class Figures:
    """What one bot process did in the window (several processes: one each)."""

    name: str
    cpu: float = 0.0
    cpu_own: float = 0.0
    cpu_waited: float = 0.0
    rss_start: int = 0
    rss_after: int = 0
    rss_peak: int = 0
    children_after: list[tuple[int, int]] = field(default_factory=list)
    pss_after: int = 0
    lag: list[float] = field(default_factory=list)
    logged: Counter[str] = field(default_factory=Counter)
    served: int = 0
    exit: int | None = None


@dataclass
class Run:
    games: int
    rate: float
    duration: float
    arrivals: list[Arrival] = field(default_factory=list)
    no_idle: int = 0
    served: int = 0
    cpu: float = 0.0
    cpu_own: float = 0.0
    cpu_driver: float = 0.0
    cpu_waited: float = 0.0
    pressure: float = 0.0
    rss_start: int = 0
    rss_after: int = 0
    rss_peak: int = 0
    children_after: list[tuple[int, int]] = field(default_factory=list)
    pss_after: int = 0
    bot_lag: list[float] = field(default_factory=list)
    driver_lag: list[float] = field(default_factory=list)
    logged: Counter[str] = field(default_factory=Counter)
    started_at: str = ""
    build_note: str = ""
    board_megabytes: float = 0.0
    finished: int = 0
    bot_exit: int | None = None  # the bot's exit code if it stopped before the end of the run
    database: str = "sqlite"
    database_note: str = ""
    metrics_note: str = "off"
    processes: list[Figures] = field(default_factory=list)  # each bot process's share (of two or more)
    db_cpu: float = 0.0  # the PostgreSQL server's processes, in the window
    db_pss: int = 0
    robots: float = 0.0  # the share of seats that are strong robots
    robot_seats: int = 0
    robot_games: int = 0
    seats: int = 0
    robot_moves: list[RobotMove] = field(default_factory=list)  # every robot move of the run (window or not)
    window: tuple[float, float] = (0.0, 0.0)
    think_cpu: float = 0.0  # the think workers' CPU in the window
    think_note: str = ""
    robots_only: int = 0  # games whose newest board awaits robots only, at the end of the window
    nobody: int = 0  # games not over whose newest board awaits nobody at all (a fault)

    def add(self, figures: list[Figures]) -> None:
        """The bot's figures: those of its processes, added up (lag samples pooled)."""
        self.processes = figures
        self.cpu, self.cpu_own = sum(f.cpu for f in figures), sum(f.cpu_own for f in figures)
        self.cpu_waited = sum(f.cpu_waited for f in figures)
        self.rss_start, self.rss_after = sum(f.rss_start for f in figures), sum(f.rss_after for f in figures)
        self.rss_peak = sum(f.rss_peak for f in figures)
        self.children_after = [child for f in figures for child in f.children_after]
        self.pss_after = sum(f.pss_after for f in figures)
        self.bot_lag = [lag for f in figures for lag in f.lag]
        self.logged = sum((f.logged for f in figures), Counter())
        self.bot_exit = next((f.exit for f in figures if f.exit is not None), None)


async def probe(samples: list[tuple[float, float]]) -> None:
    while True:
        asked = time.monotonic()
        await asyncio.sleep(0.05)
        woke = time.monotonic()
        samples.append((woke, max(0.0, woke - asked - 0.05)))


class Alongside(Protocol):
    """Load beside the players' (e.g. bench/spectators.py's web crowd): settings for the bot, and work started
    with the arrivals and stopped after the window."""

    bot_settings: list[str]
    """``RINGMASTER_X=VALUE`` settings given to the bot process."""

    async def start(self, world: World, warmup: float, duration: float) -> None: ...

    async def stop(self) -> None: ...


async def run(args: argparse.Namespace, alongside: Alongside | None = None) -> Run:
    cache = Path(args.cache)
    robots = getattr(args, "robots", 0.0)  # benchmarks built on this one (bench/spectators.py) may not ask
    world, db = await prepare(cache, args.games, args.seed, robots=robots)
    result = Run(args.games, args.rate, args.duration, started_at=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                 build_note=f"{world.actions} actions in {world.games} games, built {world.built_at[:16]}",
                 database=args.db, robots=world.robots, robot_seats=sum(entry.robots for entry in world.entries),
                 robot_games=sum(1 for entry in world.entries if entry.robots),
                 seats=sum(len(entry.players) + entry.robots for entry in world.entries))
    # One process runs the bot as it always ran (no shards); several share the shards, one guild a shard.
    plan: list[Shards | None] = [None] if args.processes == 1 else list(share(args.processes, args.processes))
    postgres: PostgresServer | None = None
    with tempfile.TemporaryDirectory(prefix="ringmaster-load-") as name:
        folder = Path(name)
        shutil.copy(db, folder / db.name)
        world = spread_guilds(world, folder / db.name, args.processes)
        location = str(folder / db.name)
        result.database_note = "a SQLite file in WAL mode"
        server = WatchedStandIn(shard_count=args.processes)
        threads = populate(server, world)
        bots = [BotProcess(folder, args.profile, shards, number, free_port() if args.metrics else None)
                for number, shards in enumerate(plan, start=1)]
        scraping: asyncio.Task[None] | None = None
        driver_samples: list[tuple[float, float]] = []
        lag_probe = asyncio.create_task(probe(driver_samples))
        discord: Discord | None = None
        figures = [Figures(f"process {bot.number} (shards {bot.shards})" if bot.shards else "bot") for bot in bots]
        try:
            if args.db == "postgresql":
                started = time.monotonic()
                postgres = started_server = await asyncio.to_thread(start_server)
                location = await started_server.new_database()
                rows, seconds = await copy_world(folder / db.name, location)
                result.database_note = (f"a PostgreSQL server of its own (started in "
                                        f"{time.monotonic() - started - seconds:.1f} s; the world's {rows:,} rows "
                                        f"copied into it in {seconds:.1f} s)")
                print(f"PostgreSQL ready: {result.database_note}", flush=True)
            await server.start()
            discord = Discord(server, bot_elsewhere=True)
            started = time.monotonic()
            settings = alongside.bot_settings if alongside is not None else []
            await asyncio.gather(*(bot.start(server.port, server.token, location, world.guild_id, settings)
                                   for bot in bots))
            ready_at = time.monotonic()  # from here the bot's robots move
            print(f"bot ready in {time.monotonic() - started:.1f} s; {args.warmup:g} s warm-up, "
                  f"{args.duration:g} s measured at {args.rate:g} moves/s", flush=True)
            for bot, figure in zip(bots, figures, strict=True):
                figure.rss_start = memory(bot.pid).get("VmRSS", 0)
            games = [LiveGame(entry.id, threads[entry.id], server.messages[entry.board_message_id])
                     for entry in world.entries]
            for game in games:
                game.found(ready_at)
            players = Players(server, discord, games, args.seed)
            if args.metrics:
                scraping = asyncio.create_task(scrape([bot.health_port for bot in bots if bot.health_port], result))
            if alongside is not None:
                await alongside.start(world, args.warmup, args.duration)
            try:
                window = await drive(players, bots, figures, postgres, result, args)
            finally:
                if alongside is not None:
                    await alongside.stop()
            result.finished = sum(1 for game in games if game.over)
            result.window = window
            if result.robot_seats:
                result.robot_moves = await robot_moves(location, world, games)
            for bot, figure in zip(bots, figures, strict=True):
                mem = memory(bot.pid)
                figure.rss_after, figure.rss_peak = mem.get("VmRSS", 0), mem.get("VmHWM", 0)
                figure.children_after = children_memory(bot.pid)
                figure.pss_after = proportional_set(bot.pid)
                assert bot.process is not None
                figure.exit = bot.process.returncode
            if postgres is not None:
                result.db_pss = proportional_set(postgres.postmaster_pid)
        finally:
            lag_probe.cancel()
            if scraping is not None:
                scraping.cancel()
            bot_samples = await asyncio.gather(*(bot.stop() for bot in bots))
            if discord is not None:
                await discord.close()
            await server.stop()
            if postgres is not None:
                await asyncio.to_thread(postgres.stop)
            for bot, figure in zip(bots, figures, strict=True):
                figure.logged = bot.logged()
                with contextlib.suppress(OSError):
                    shutil.copy(bot.log_path, cache / f"last-run-{bot.log_path.name}")
        for samples, figure in zip(bot_samples, figures, strict=True):
            figure.lag = [lag for at, lag in samples if window[0] <= at <= window[1]]
        result.add(figures)
        result.driver_lag = [lag for at, lag in driver_samples if window[0] <= at <= window[1]]
        result.board_megabytes = server.attachment_bytes / 1e6
    return result


async def robot_moves(location: str, world: World, games: list[LiveGame]) -> list[RobotMove]:
    """The robots' moves of the run, read from the games' action logs (each game's log after the board the run
    found: the automatic player's moves in robot seats), with when the threads showed their turns and moves."""
    found: list[RobotMove] = []
    by_id = {game.id: game for game in games}
    store = await GameStore.open(location)
    try:
        for entry in world.entries:
            game = by_id[entry.id]
            if not entry.robots or not game.boards or game.boards[0].version is None:
                continue
            names = {seat.seat: seat.display_name for seat in await store.seats(entry.id) if seat.robot is not None}
            moves = [(action.version, action.seat, names[action.seat])
                     for action in await store.actions(entry.id, after_version=game.boards[0].version)
                     if action.seat in names and action.automatic and action.automatic_reason is None]
            found += robot_turns(entry.id, game.boards, moves)
    finally:
        await store.close()
    return found


def think_niceness(pid: int) -> tuple[int | None, str]:
    """The nice value of the bot's think workers (its own plus ``THINK_NICENESS``), and a note if other workers
    share it (then their CPU is counted with the thinkers')."""
    own = niceness(pid)
    if own is None:
        return None, "the bot's priority could not be read"
    think = min(19, own + THINK_NICENESS)
    shared = [name for name, nice in (("boards", BOARD_NICENESS), ("replays", REPLAY_NICENESS), ("web", WEB_NICENESS))
              if min(19, own + nice) == think]
    return think, (f"nice {think}" + (f", shared with the {' and '.join(shared)} workers, counted with them"
                                      if shared else ""))


async def drive(players: Players, bots: list[BotProcess], figures: list[Figures], postgres: PostgresServer | None,
                result: Run, args: argparse.Namespace) -> tuple[float, float]:
    """The open-loop arrivals, the window's CPU reading, and the drain; returns the window (start, end)."""
    rng = random.Random(args.seed ^ 0x10AD)
    begin = time.monotonic()
    window_start, window_end = begin + args.warmup, begin + args.warmup + args.duration
    tasks: set[asyncio.Task[None]] = set()
    cpu_start: list[float] | None = None
    own_start: list[float] = []
    waited_start: list[float] = []
    driver_start = pressure_start = db_start = 0.0
    think = [think_niceness(bot.pid) for bot in bots]
    result.think_note = think[0][1]
    think_start: list[float] = []
    due, number = begin, 0
    while True:
        due += rng.expovariate(args.rate)
        if cpu_start is None and due >= window_start:
            await asyncio.sleep(max(0.0, window_start - time.monotonic()))
            own_start = [cpu_split(bot.pid)[0] for bot in bots]
            driver_start = time.process_time()
            cpu_start = [cpu_seconds(bot.pid) for bot in bots]
            waited_start, pressure_start = [cpu_waited(bot.pid) for bot in bots], cpu_pressure()
            db_start = cpu_seconds(postgres.postmaster_pid) if postgres is not None else 0.0
            think_start = [children_cpu_at(bot.pid, nice) if nice is not None else 0.0
                           for bot, (nice, _) in zip(bots, think, strict=True)]
        if due >= window_end:
            break
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        number += 1
        arrival = Arrival(number, due, measured=due >= window_start)
        result.arrivals.append(arrival)
        task = asyncio.create_task(players.arrive(arrival))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.sleep(max(0.0, window_end - time.monotonic()))
    for index, (bot, figure) in enumerate(zip(bots, figures, strict=True)):
        figure.cpu = cpu_seconds(bot.pid) - (cpu_start[index] if cpu_start else 0.0)
        figure.cpu_own = cpu_split(bot.pid)[0] - (own_start[index] if own_start else 0.0)
        figure.cpu_waited = cpu_waited(bot.pid) - (waited_start[index] if waited_start else 0.0)
    result.cpu_driver = time.process_time() - driver_start
    result.think_cpu = sum(children_cpu_at(bot.pid, nice) - (think_start[index] if think_start else 0.0)
                           for index, (bot, (nice, _)) in enumerate(zip(bots, think, strict=True)) if nice is not None)
    result.robots_only = sum(1 for game in players.games if not game.over and not game.people
                             and game.boards and game.boards[-1].robots)
    result.nobody = sum(1 for game in players.games if not game.over and not game.people
                        and not (game.boards and game.boards[-1].robots))
    result.pressure = (cpu_pressure() - pressure_start) / args.duration
    if postgres is not None:
        result.db_cpu = cpu_seconds(postgres.postmaster_pid) - db_start
    served = [a for a in result.arrivals if a.board_at is not None and window_start <= a.board_at <= window_end]
    result.served = len(served)
    for arrival in served:  # by the process whose shards hold the game's server
        assert arrival.game is not None
        guild_id = arrival.game.thread.guild_id
        owner = next((f for bot, f in zip(bots, figures, strict=True)
                      if bot.shards is None or bot.shards.owns(guild_id)), figures[0])
        owner.served += 1
    if tasks:
        await asyncio.wait(set(tasks), timeout=args.drain)
    for task in list(tasks):
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*tasks, return_exceptions=True)
    result.no_idle = players.measured_no_idle_game
    return window_start, window_end


# ----- the report -----------------------------------------------------------------------------------------
def spread(values: Iterable[float | None]) -> tuple[float, float, float] | None:
    """p50, p99, max in seconds (None without samples)."""
    found = [v for v in values if v is not None]
    if not found:
        return None
    return statistics.median(found), percentile(found, 0.99), max(found)


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"


def line(name: str, values: tuple[float, float, float] | None, count: int) -> str:
    if values is None:
        return f"  {name:34s} no samples"
    p50, p99, top = values
    return f"  {name:34s} p50 {ms(p50):>8s}   p99 {ms(p99):>8s}   max {ms(top):>8s}   (n={count})"


def between(start: Callable[[Arrival], float | None], end: Callable[[Arrival], float | None],
            arrivals: list[Arrival]) -> list[float]:
    found = []
    for arrival in arrivals:
        a, b = start(arrival), end(arrival)
        if a is not None and b is not None:
            found.append(b - a)
    return found


def write_samples(result: Run, path: Path) -> None:
    """One JSON line per measured arrival: when each step happened, in seconds after it was due."""
    with path.open("w", encoding="utf-8") as out:
        for arrival in result.arrivals:
            if not arrival.measured:
                continue
            steps = {name: None if at is None else round(at - arrival.due, 4) for name, at in (
                ("pressed", arrival.pressed_at), ("panel", arrival.panel_at), ("chosen", arrival.chosen_at),
                ("answered", arrival.answered_at), ("board", arrival.board_at))}
            game = arrival.game.id if arrival.game is not None else None
            out.write(json.dumps({"number": arrival.number, "game": game, "outcome": arrival.outcome, **steps}) + "\n")


def report(result: Run) -> str:
    measured = [a for a in result.arrivals if a.measured]
    outcomes = Counter(a.outcome for a in measured)
    outcomes["no idle game"] = result.no_idle
    made = len(measured) + result.no_idle
    panel_first = between(lambda a: a.pressed_at, lambda a: a.first_response(a.press), measured)
    panel = between(lambda a: a.pressed_at, lambda a: a.panel_at, measured)
    choice_first = between(lambda a: a.chosen_at, lambda a: a.first_response(a.choice), measured)
    answered = between(lambda a: a.chosen_at, lambda a: a.answered_at, measured)
    board = between(lambda a: a.chosen_at, lambda a: a.board_at, measured)
    presses = sum(1 for a in measured if a.press is not None)
    chosen = sum(1 for a in measured if a.choice is not None)
    late_panels = sum(1 for a in measured if "panel" in a.answered_late)
    late_choices = sum(1 for a in measured if "choice" in a.answered_late)
    served = result.served / result.duration
    cpu = result.cpu / result.served if result.served else float("nan")
    own = result.cpu_own / result.served if result.served else float("nan")
    driver = result.cpu_driver / result.served if result.served else float("nan")
    db_cpu = result.db_cpu / result.served if result.served else float("nan")
    mb = 1024 * 1024
    lines = [
        f"Ringmaster load: {result.games} live games"
        + (f" ({result.robots:.0%} of the seats strong robots)" if result.robot_seats else "")
        + f", {result.rate:g} moves/s offered for {result.duration:g} s "
        f"({result.started_at}; {machine()}; world: {result.build_note})",
        f"  database                           {result.database_note}"
        + (f"; {len(result.processes)} bot processes, one Discord shard each" if len(result.processes) > 1 else ""),
        f"  health and metrics                 {result.metrics_note}",
        f"  offered                            {made / result.duration:.2f}/s ({made} arrivals)",
        f"  served                             {served:.2f}/s ({result.served} moves with their board posted in "
        "the window)",
        line('"Take your turn" → first response', spread(panel_first), len(panel_first)),
        line('"Take your turn" → panel shown', spread(panel), len(panel)),
        line("choice → first response", spread(choice_first), len(choice_first)),
        line("choice → answered", spread(answered), len(answered)),
        line("move → board posted", spread(board), len(board)),
        f"  answered after Discord's 3 s       {late_panels} of {presses} panels, {late_choices} of {chosen} choices",
        "  outcomes                           " + ", ".join(f"{k}: {v}" for k, v in outcomes.most_common() if v),
        f"  bot CPU per move                   {cpu * 1000:.0f} ms ({result.cpu:.1f} s of CPU in the window; its "
        f"threads waited {result.cpu_waited:.1f} s for a free core)",
        f"    of which the bot's own process   {own * 1000:.0f} ms (the rest: its render workers)",
        *([f"  database server CPU per move       {db_cpu * 1000:.0f} ms ({result.db_cpu:.1f} s of CPU in the "
           "window: the PostgreSQL server's processes)"] if result.database == "postgresql" else []),
        f"  driver CPU per move                {driver * 1000:.0f} ms (the stand-in and the players, in this "
        "process: the same machine's cores)",
        f"  machine CPU pressure               {result.pressure:.0%} of the window some task waited for a core "
        "(other work on the machine competes with the bot)",
        f"  bot RSS                            {result.rss_start / mb:.0f} MB after start-up, "
        f"{result.rss_after / mb:.0f} MB after the load, {result.rss_peak / mb:.0f} MB peak"
        + "".join(f"; child {pid}: {rss / mb:.0f} MB" for pid, rss in result.children_after),
        f"  bot + workers, shared pages once   {result.pss_after / mb:.0f} MB after the load (PSS)",
        *([f"  database server, pages once        {result.db_pss / mb:.0f} MB after the load (PSS)"]
          if result.database == "postgresql" else []),
        line("bot event-loop lag", spread(result.bot_lag), len(result.bot_lag)),
        line("driver event-loop lag", spread(result.driver_lag), len(result.driver_lag)),
        *(process_lines(result) if len(result.processes) > 1 else []),
        *(robot_lines(result) if result.robot_seats else []),
        f"  games that ended in the run        {result.finished} (each posts its replay)",
        f"  board images posted                {result.board_megabytes:.0f} MB",
        *([f"  THE BOT STOPPED DURING THE RUN (exit code {result.bot_exit}); see its log"]
          if result.bot_exit is not None else []),
        "  bot log                            " + (", ".join(f"{k}: {v}" for k, v in result.logged.most_common())
                                                   or "no warnings or errors"),
    ]
    p = spread(panel)
    b = spread(board)
    lag = spread(result.bot_lag)
    row = (f"| {result.games:,} | {result.rate:g}/s | {served:.1f}/s | "
           f"{ms(p[0]) if p else '–'} / {ms(p[1]) if p else '–'} | {ms(b[0]) if b else '–'} / {ms(b[1]) if b else '–'} "
           f"| {late_panels + late_choices} of {presses + chosen} | {cpu * 1000:.0f} ms | "
           f"{result.rss_start / mb:.0f} / {result.rss_after / mb:.0f} / {result.rss_peak / mb:.0f} MB | "
           f"{ms(lag[1]) if lag else '–'} |")
    lines += ["", "| games | offered | served | panel shown p50 / p99 | move → board p50 / p99 | late answers | "
                  "CPU / move | RSS start / after / peak | loop lag p99 |",
              "|---|---|---|---|---|---|---|---|---|", row]
    if result.robot_seats:
        lines += ["", robot_row(result)]
    return "\n".join(lines)


def robot_row(result: Run) -> str:
    """The robots' figures as a table row (see ``robot_lines``)."""
    start, end = result.window
    shown = [move for move in result.robot_moves if move.reached is not None and start <= move.reached <= end]
    took = spread(move.took for move in shown if not move.from_start)
    return ("| robot seats | robot moves shown | robot's turn → move p50 / p99 / max | think workers' CPU |\n"
            "|---|---|---|---|\n"
            f"| {result.robot_seats / result.seats:.1%} ({result.robot_seats:,}) | {len(shown)} "
            f"({len(shown) / result.duration:.1f}/s) | "
            + (" / ".join(ms(value) for value in took) if took else "–")
            + f" | {result.think_cpu:.1f} s |")


def robot_lines(result: Run) -> list[str]:
    """How long robots took to move, seen from the threads (see the module's docstring), and their thinking CPU."""
    start, end = result.window
    shown = [move for move in result.robot_moves if move.reached is not None and start <= move.reached <= end]
    timed = [move for move in shown if move.took is not None and not move.from_start]
    took = [move.took for move in timed if move.took is not None]
    from_start = [move.took for move in shown if move.from_start and move.took is not None]
    unseen = sum(1 for move in shown if move.began is None)
    per_move = f"{result.think_cpu / len(shown) * 1000:.0f} ms a robot move" if shown else "no robot move"
    return [
        f"  robot seats                        {result.robot_seats} of {result.seats} seats "
        f"({result.robot_seats / result.seats:.1%}) in {result.robot_games} games, all strong",
        f"  robot moves shown in the window    {len(shown)} ({len(shown) / result.duration:.2f}/s; "
        f"{len(result.robot_moves)} in the whole run)",
        line("robot's turn shown → move shown", spread(took), len(took)),
        line("  of robots waiting since start-up", spread(from_start), len(from_start)),
        f"    moves whose turn no board showed first: {unseen}; games awaiting robots only at the window's end: "
        f"{result.robots_only}" + (f"; GAMES AWAITING NOBODY: {result.nobody}" if result.nobody else ""),
        f"  robots' thinking CPU (workers)     {result.think_cpu:.1f} s in the window ({per_move}; "
        f"{result.think_note})",
    ]


def process_lines(result: Run) -> list[str]:
    """Each bot process's share of the figures above (several processes)."""
    mb = 1024 * 1024
    lines = []
    for figure in result.processes:
        per_move = f"{figure.cpu / figure.served * 1000:.0f} ms" if figure.served else "–"
        lines += [
            f"  {figure.name}: served {figure.served} moves; CPU {figure.cpu:.1f} s ({per_move} a move; own process "
            f"{figure.cpu_own:.1f} s), waited {figure.cpu_waited:.1f} s for a core",
            f"    RSS {figure.rss_start / mb:.0f} MB after start-up, {figure.rss_after / mb:.0f} MB after the load, "
            f"{figure.rss_peak / mb:.0f} MB peak; with workers {figure.pss_after / mb:.0f} MB PSS"
            + (f"; STOPPED (exit code {figure.exit})" if figure.exit is not None else ""),
            line("  event-loop lag", spread(figure.lag), len(figure.lag)),
        ]
    return lines


def show_profile(path: str) -> None:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    samples = data["samples"] or 1
    busy = data["samples"] * data["interval"] / data["seconds"]
    print(f"\nbot profile ({data['samples']} samples of busy threads every {data['interval'] * 1000:.0f} ms, "
          f"{busy:.2f} threads busy on average over the bot's {data['seconds']:.0f} s; saved in {path})")
    print("  by thread: " + ", ".join(f"{name} {count / samples:.0%}" for name, count in data["threads"]))
    for title, key in (("own time (the function itself)", "own"), ("inclusive time (with what it calls)", "total")):
        print(f"  {title}:")
        for name, count in data[key][:25]:
            print(f"    {count / samples:6.1%}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="live games (100, 1000, 10000)")
    parser.add_argument("--rate", type=float, default=2.0, help="offered moves per second")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of load before measuring")
    parser.add_argument("--drain", type=float, default=60.0,
                        help="seconds the moves in progress may take to finish after the window")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "ringmaster-load"),
                        help="where built worlds are kept, by (games, seed)")
    parser.add_argument("--profile", help="sample the bot's threads and save the counts to this file (JSON); "
                        "with several processes, one file each (FILE.1, FILE.2, ...)")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite",
                        help="the bot's database: a SQLite file, or a PostgreSQL server the run starts (initdb, "
                             "pg_ctl) with the world copied into it")
    parser.add_argument("--metrics", action="store_true",
                        help="the bot serves its health and metrics (RINGMASTER_HEALTH) and the driver scrapes "
                             f"/metrics every {SCRAPE_SECONDS:g} s, as Prometheus would (to measure what they cost)")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes, each running its own Discord shard (the games' servers spread over "
                             "the shards)")
    parser.add_argument("--robots", type=float, default=0.0, metavar="SHARE",
                        help="this share of all seats (e.g. 0.1) are strong robots, spread evenly over the games, "
                             "never every seat of a game")
    parser.add_argument("--samples", help="also write every measured move's timings to this file (JSON lines: "
                                          "game, kind of board, seconds from the press to each step)")
    args = parser.parse_args()
    if args.rate <= 0 or args.duration <= 0 or args.games < 1 or args.processes < 1:
        parser.error("--games, --rate, --duration and --processes must be positive")
    if not 0 <= args.robots < 1:
        parser.error("--robots is a share of the seats, from 0 up to (not including) 1")
    result = asyncio.run(run(args))
    print(report(result))
    if args.samples:
        write_samples(result, Path(args.samples))
    if args.profile:
        for number in range(1, args.processes + 1):
            show_profile(args.profile if args.processes == 1 else f"{args.profile}.{number}")


if __name__ == "__main__":
    main()
