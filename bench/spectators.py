"""What a crowd of web spectators costs the players: bench/load.py's run twice, without and with the crowd.

Run (from the repository root; the world is bench/load.py's, built once and cached):
    .venv/bin/python bench/spectators.py --games 1000 --rate 5 --duration 60 [--warmup 10] [--seed 1]
        [--pages 1000] [--popular 200] [--opening 500] [--cache /tmp/ringmaster-load] [--only crowd|quiet]

Method
------
* The same run of ``bench/load.py`` (the real bot in its own process, the Discord stand-in, players pressing
  "Take your turn" and choosing, open-loop at ``--rate`` moves/s) twice: once quiet, once with the web
  companion serving a crowd. The web companion is on in both runs (``RINGMASTER_WEB`` on 127.0.0.1), so the
  difference is the crowd alone.
* The crowd runs in a process of its own (this file with ``crowd``), so its HTTP client never shares an event
  loop with the stand-in whose timestamps measure the players, at nice 10 (``CROWD_NICENESS``): spectators'
  browsers are not on the bot's machine, so their client's processor time should not be charged to the bot.
  It is ``--pages`` spectator pages: those not opening later open from the start (``--popular`` of them on
  two games, the others one page on each of as many other games), and ``--opening`` more open one by one at
  random moments of the measured window, each on a game of its own. To open a page is what a browser does:
  the page, its stylesheet and script, and every board image it shows. Then each page polls ``state.json``
  as the page's script does (every 3 s) and, when the version changed, fetches the page again and its new
  board images. A page refused (429, or 503 while the pictures are busy) tries again at its next poll.
* Each page is a client of its own behind a reverse proxy: the bot trusts 127.0.0.1
  (``RINGMASTER_WEB_TRUSTED_PROXY``) and every request names its page's own address in ``X-Forwarded-For``
  (documentation addresses, 2001:db8::/32), so each page has its own rate limit, as behind nginx.
* Pages follow games by signed spectator links (``RINGMASTER_WEB_SECRET`` is set for the run).
* Compared: the players' "Take your turn" → panel shown p99 and move → board posted p99 (the crowd may add
  at most 15 ms and 100 ms), the bot's event-loop lag (under 50 ms with the crowd), and what the crowd saw
  (poll and page-open latencies, refusals). Every request loop is bounded in count and time and stops by
  itself; all traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import aiohttp  # noqa: E402
from load import Run, between, spread  # noqa: E402
from load import report as load_report  # noqa: E402
from load import run as load_run  # noqa: E402
from load_world import World  # noqa: E402

from web.links import SPECTATOR_LINK_LIFETIME, Signer  # noqa: E402

from sampling import percentile  # noqa: E402

KEY = "spectators-bench-key-of-at-least-32-characters"
POLL_SECONDS = 3.0  # the page script's pace (the companion's default)
IMAGE = re.compile(r'src="([^"]+\.png)"')
STATIC = ("/static/companion.css", "/static/companion.js")
TIMEOUT = aiohttp.ClientTimeout(total=30)
PANEL_MARGIN, BOARD_MARGIN, LAG_BOUND = 0.015, 0.100, 0.050
# The crowd's own process yields the processor to the bot: real spectators' browsers run on their own machines,
# and at nice 0 the crowd's HTTP client (~10 % of a core for 1,000 pages) would outweigh the bot's board worker
# (nice 4) on the bot's own cores. Its requests are small; it still sends them on time (see "poll" below).
CROWD_NICENESS = 10


# ----- the crowd (its own process) ------------------------------------------------------------------------
@dataclass
class Seen:
    polls: list[float] = field(default_factory=list)
    opens: list[float] = field(default_factory=list)
    refreshes: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)


class Page:
    def __init__(self, base: str, path: str, client: str, seen: Seen) -> None:
        self.base, self.path, self.seen = base, path, seen
        self.headers = {"X-Forwarded-For": client}
        self.version: int | None = None

    async def get(self, session: aiohttp.ClientSession, path: str) -> bytes | None:
        try:
            async with session.get(self.base + path, headers=self.headers) as answer:
                body = await answer.read()
                self.seen.statuses[str(answer.status)] += 1
                return body if answer.status == 200 else None
        except (aiohttp.ClientError, TimeoutError) as error:
            self.seen.errors[type(error).__name__] += 1
            return None

    async def load(self, session: aiohttp.ClientSession, with_static: bool) -> bool:
        """The page and what a browser fetches with it; whether the page came."""
        body = await self.get(session, self.path)
        if body is None:
            return False
        wanted = IMAGE.findall(body.decode(errors="replace")) + (list(STATIC) if with_static else [])
        await asyncio.gather(*(self.get(session, path) for path in wanted))
        return True

    async def follow(self, session: aiohttp.ClientSession, until: float, rng: random.Random, opening: bool) -> None:
        started = time.monotonic()
        shown = await self.load(session, with_static=True)  # a refused page is opened again after a poll's time
        (self.seen.opens if opening else self.seen.refreshes).append(time.monotonic() - started)
        await asyncio.sleep(rng.uniform(0, POLL_SECONDS))
        while time.monotonic() + POLL_SECONDS < until:
            asked = time.monotonic()
            if not shown:
                shown = await self.load(session, with_static=True)
            body = await self.get(session, self.path + "/state.json")
            self.seen.polls.append(time.monotonic() - asked)
            if body is not None:
                version = json.loads(body)["version"]
                if self.version is not None and version != self.version:
                    started = time.monotonic()
                    if not await self.load(session, with_static=False):
                        version = self.version  # as the page's script: the live part keeps its version, to retry
                    self.seen.refreshes.append(time.monotonic() - started)
                self.version = version
            await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - asked)))


async def crowd(plan: dict[str, Any]) -> Seen:
    rng = random.Random(plan["seed"])
    seen = Seen()
    start = time.monotonic()
    until = start + plan["seconds"]
    connector = aiohttp.TCPConnector(limit=0, force_close=False)
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT) as session:
        tasks = []
        for number, path in enumerate(plan["at_start"]):
            page = Page(plan["base"], path, f"2001:db8::{number + 1:x}", seen)

            async def begin(page: Page = page, delay: float = rng.uniform(0, POLL_SECONDS)) -> None:
                await asyncio.sleep(delay)  # the first pages open over a few seconds, not all at once
                await page.follow(session, until, rng, opening=False)
            tasks.append(asyncio.create_task(begin()))
        for number, (at, path) in enumerate(plan["opening"]):
            page = Page(plan["base"], path, f"2001:db8:1::{number + 1:x}", seen)

            async def later(page: Page = page, at: float = at) -> None:
                await asyncio.sleep(max(0.0, start + at - time.monotonic()))
                await page.follow(session, until, rng, opening=True)
            tasks.append(asyncio.create_task(later()))
        await asyncio.wait(tasks, timeout=plan["seconds"] + 60)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return seen


def crowd_main(plan_path: str, out_path: str) -> None:
    os.nice(CROWD_NICENESS)
    plan = json.loads(Path(plan_path).read_text())
    seen = asyncio.run(crowd(plan))
    Path(out_path).write_text(json.dumps({"polls": seen.polls, "opens": seen.opens, "refreshes": seen.refreshes,
                                          "statuses": seen.statuses, "errors": seen.errors,
                                          "cpu": time.process_time()}))


# ----- beside bench/load.py's players -----------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Crowd:
    """bench/load.py's ``Alongside``: the web companion on, and (unless ``quiet``) the crowd's process."""

    def __init__(self, args: argparse.Namespace, folder: Path, quiet: bool) -> None:
        self.args, self.folder, self.quiet = args, folder, quiet
        self.port = free_port()
        self.bot_settings = [f"RINGMASTER_WEB=127.0.0.1:{self.port}", f"RINGMASTER_WEB_SECRET={KEY}",
                             "RINGMASTER_WEB_TRUSTED_PROXY=127.0.0.1"]
        self.process: asyncio.subprocess.Process | None = None
        self.out = folder / "crowd.json"

    async def start(self, world: World, warmup: float, duration: float) -> None:
        if self.quiet:
            return
        args = self.args
        rng = random.Random(args.seed ^ 0x5EC7)
        signer = Signer(KEY.encode(), lambda: datetime.now(UTC))
        ids = [entry.id for entry in world.entries]
        rng.shuffle(ids)

        def link(game_id: int) -> str:
            return f"/link/{signer.token(game_id, None, 0, SPECTATOR_LINK_LIFETIME + timedelta(0))}"
        popular, others = ids[:2], ids[2:]
        at_start = [link(popular[number % 2]) for number in range(args.popular)]
        spread_pages = args.pages - args.opening - args.popular
        at_start += [link(game_id) for game_id in others[:spread_pages]]
        later_games = others[spread_pages:spread_pages + args.opening]
        opening = sorted((rng.uniform(warmup, warmup + duration * 0.9), link(game_id)) for game_id in later_games)
        plan = {"base": f"http://127.0.0.1:{self.port}", "seed": args.seed, "seconds": warmup + duration,
                "at_start": at_start, "opening": opening}
        plan_path = self.folder / "plan.json"
        plan_path.write_text(json.dumps(plan))
        self.process = await asyncio.create_subprocess_exec(sys.executable, __file__, "crowd", str(plan_path),
                                                            str(self.out), cwd=str(ROOT))

    async def stop(self) -> None:
        if self.process is None:
            return
        try:
            await asyncio.wait_for(self.process.wait(), 120)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()

    def seen(self) -> dict[str, Any] | None:
        with contextlib.suppress(OSError, ValueError):
            found: dict[str, Any] = json.loads(self.out.read_text())
            return found
        return None


@dataclass
class Side:
    name: str
    result: Run
    crowd: dict[str, Any] | None


def figures(side: Side) -> dict[str, float | None]:
    measured = [a for a in side.result.arrivals if a.measured]
    panel = spread(between(lambda a: a.pressed_at, lambda a: a.panel_at, measured))
    board = spread(between(lambda a: a.chosen_at, lambda a: a.board_at, measured))
    lag = spread(side.result.bot_lag)
    return {"panel p50": panel[0] if panel else None, "panel p99": panel[1] if panel else None,
            "board p50": board[0] if board else None, "board p99": board[1] if board else None,
            "lag p99": lag[1] if lag else None, "lag max": lag[2] if lag else None,
            "served": side.result.served / side.result.duration}


def ms(value: float | None) -> str:
    return "–" if value is None else f"{value * 1000:.0f} ms"


def crowd_lines(seen: dict[str, Any] | None) -> list[str]:
    if seen is None:
        return ["  the crowd wrote no results (see its output above)"]

    def timing(name: str, values: list[float]) -> str:
        if not values:
            return f"  {name:28s} none"
        return (f"  {name:28s} p50 {ms(percentile(values, 0.5)):>7s}   p99 {ms(percentile(values, 0.99)):>7s}   "
                f"max {ms(max(values)):>7s}   (n={len(values)})")
    return [timing("poll (state.json)", seen["polls"]), timing("page opened, with images", seen["opens"]),
            timing("page refreshed (new version)", seen["refreshes"]),
            "  answers                      " + ", ".join(f"{k}: {v}" for k, v in sorted(seen["statuses"].items())),
            "  client errors                " + (", ".join(f"{k}: {v}" for k, v in seen["errors"].items()) or "none"),
            f"  the crowd's own CPU          {seen.get('cpu', 0.0):.1f} s (its process, on the same cores as the bot)"]


def summary(quiet: Side | None, busy: Side | None, args: argparse.Namespace) -> str:
    rows = [side for side in (quiet, busy) if side is not None]
    lines = ["", f"Spectators: {args.games} live games at {args.rate:g} moves/s, {args.duration:g} s measured; crowd: "
             f"{args.pages} pages ({args.popular} on two games, {args.opening} opened during play)", "",
             "| run | served | panel shown p50 / p99 | move → board p50 / p99 | bot loop lag p99 / max |",
             "|---|---|---|---|---|"]
    for side in rows:
        f = figures(side)
        lines.append(f"| {side.name} | {f['served']:.1f}/s | {ms(f['panel p50'])} / {ms(f['panel p99'])} | "
                     f"{ms(f['board p50'])} / {ms(f['board p99'])} | {ms(f['lag p99'])} / {ms(f['lag max'])} |")
    if quiet is not None and busy is not None:
        q, b = figures(quiet), figures(busy)

        def verdict(name: str, got: float | None, bound: float) -> str:
            return f"{name} {'within' if got is not None and got <= bound else 'OVER'} ({ms(got)} against {ms(bound)})"
        panel_gap = None if q["panel p99"] is None or b["panel p99"] is None else b["panel p99"] - q["panel p99"]
        board_gap = None if q["board p99"] is None or b["board p99"] is None else b["board p99"] - q["board p99"]
        lines += ["", "  " + "; ".join([verdict("panel p99 added", panel_gap, PANEL_MARGIN),
                                         verdict("board p99 added", board_gap, BOARD_MARGIN),
                                         verdict("loop lag max", b["lag max"], LAG_BOUND)])]
    if busy is not None:
        lines += ["", "What the crowd saw:", *crowd_lines(busy.crowd)]
    return "\n".join(lines)


async def one_side(args: argparse.Namespace, quiet: bool) -> Side:
    with tempfile.TemporaryDirectory(prefix="ringmaster-spectators-") as name:
        alongside = Crowd(args, Path(name), quiet)
        result = await load_run(args, alongside)
        return Side("without spectators" if quiet else "with spectators", result, alongside.seen())


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "crowd":
        crowd_main(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=5.0)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--drain", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pages", type=int, default=1000, help="spectator pages in all")
    parser.add_argument("--popular", type=int, default=200, help="pages on two popular games (open from the start)")
    parser.add_argument("--opening", type=int, default=500, help="pages opened during the measured window")
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "ringmaster-load"))
    parser.add_argument("--only", choices=("quiet", "crowd"), help="run one side only")
    args = parser.parse_args()
    if args.pages < args.popular + args.opening or args.games < args.pages - args.popular + 2:
        parser.error("--pages must cover --popular and --opening, and every other page needs a game of its own")
    # What bench/load.py's run reads and this benchmark leaves at its defaults.
    args.profile, args.db, args.processes, args.samples, args.metrics = None, "sqlite", 1, None, False
    quiet = asyncio.run(one_side(args, quiet=True)) if args.only != "crowd" else None
    if quiet is not None:
        print(load_report(quiet.result), flush=True)
    busy = asyncio.run(one_side(args, quiet=False)) if args.only != "quiet" else None
    if busy is not None:
        print(load_report(busy.result), flush=True)
    print(summary(quiet, busy, args))
    print(f"\n(run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
