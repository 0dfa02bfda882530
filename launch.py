"""Runs Ringmaster as several bot processes, each with its share of the bot's Discord shards.

    python -m launch --processes 2 --shards 8     # two `python bot.py`: RINGMASTER_SHARDS=0-3/8 and 4-7/8

Every process gets the launcher's environment (and so the same RINGMASTER_DB, which must then be a
database every process can reach) plus its own RINGMASTER_SHARDS. A process that ends is started again
after a pause that grows while it keeps failing soon after starting (1 s up to 30 s); one that ends with
code 2 (its configuration or token was refused, which a restart cannot mend) stops them all, and the
launcher exits with 2. SIGTERM or Ctrl+C stops every process with SIGTERM (each finishes the
interactions it is serving and the posts under way, then exits), then kills any still running after the grace
period; a second SIGTERM or Ctrl+C is passed on to every process still running, which then stops at once.

With RINGMASTER_WEB set (HOST:PORT), the process of the n-th share listens on PORT + n, so that every
process serves the web companion; a reverse proxy in front of them is what RINGMASTER_WEB_URL names.
RINGMASTER_HEALTH likewise: every process serves its own health and metrics, on PORT + n.
See docs/shards.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from table.config import Shards

log = logging.getLogger("ringmaster.launch")

BOT = Path(__file__).resolve().parent / "bot.py"
RESTART_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)  # seconds before restarting a process that keeps failing
STEADY_SECONDS = 60.0  # a process that ran this long before ending has not been failing: its pause starts over
STOP_GRACE = 30.0  # seconds a process may take to stop on SIGTERM before it is killed
CONFIG_REFUSED = 2  # bot.py's exit code when its configuration, database or token is refused


class LaunchError(Exception):
    """A launch that cannot work, told in one sentence."""


def share(processes: int, shards: int) -> list[Shards]:
    """Split shards 0..shards-1 into ``processes`` runs of consecutive shards, as even as can be (the
    first processes take one more when they do not divide evenly)."""
    if processes < 1 or shards < 1:
        raise LaunchError("The launcher needs at least one process and one shard.")
    if processes > shards:
        raise LaunchError(f"{processes} processes cannot share {shards} shards: each process needs a shard of its "
                          "own, so ask for at least as many shards as processes.")
    base, extra = divmod(shards, processes)
    plan, first = [], 0
    for index in range(processes):
        size = base + (1 if index < extra else 0)
        plan.append(Shards(first, first + size - 1, shards))
        first += size
    return plan


def environment(environ: Mapping[str, str], shards: Shards, index: int) -> dict[str, str]:
    """A process's environment: the launcher's, with its shards (and its own web and health ports)."""
    env = dict(environ)
    env["RINGMASTER_SHARDS"] = str(shards)
    for name in ("RINGMASTER_WEB", "RINGMASTER_HEALTH"):  # every process serves its own, on its own port
        address = env.get(name, "").strip()
        host, colon, port = address.rpartition(":")
        if colon and port.isascii() and port.isdigit() and int(port) > 0:
            env[name] = f"{host}:{int(port) + index}"
    return env


class Launcher:
    def __init__(self, command: Sequence[str], plan: Sequence[Shards], environ: Mapping[str, str], *,
                 restart_delays: Sequence[float] = RESTART_DELAYS, steady: float = STEADY_SECONDS,
                 stop_grace: float = STOP_GRACE) -> None:
        self.command = list(command)
        self.plan = list(plan)
        self.environ = dict(environ)
        self.restart_delays = tuple(restart_delays)
        self.steady = steady
        self.stop_grace = stop_grace
        self.exit_code = 0
        self._stopping = asyncio.Event()
        self._signalled = 0
        self._running: dict[int, asyncio.subprocess.Process] = {}

    def stop(self) -> None:
        """Stop every process (SIGTERM, then a kill after the grace period) and return from ``run``."""
        self._stopping.set()

    def _signal(self) -> None:
        """SIGTERM or SIGINT: the first stops every process cleanly; a later one is passed on to those still
        running, and a bot asked twice stops at once (bot.py)."""
        self._signalled += 1
        if self._signalled == 1:
            self.stop()
            return
        log.warning("Asked again to stop: the processes still running stop at once")
        for process in list(self._running.values()):
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, self._signal)
        keepers = [asyncio.create_task(self._keep(index), name=f"launch-{shards}")
                   for index, shards in enumerate(self.plan)]
        try:
            await self._stopping.wait()
            await self._stop_all()
            await asyncio.gather(*keepers)
        finally:
            for keeper in keepers:
                keeper.cancel()
            for number in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(number)
        return self.exit_code

    async def _keep(self, index: int) -> None:
        """Run the process of one share of the shards, and start it again whenever it ends."""
        shards = self.plan[index]
        failures = 0
        loop = asyncio.get_running_loop()
        while not self._stopping.is_set():
            started = loop.time()
            process = await asyncio.create_subprocess_exec(*self.command, env=environment(self.environ, shards, index))
            self._running[index] = process
            log.info("Started the process of shards %s (pid %d)", shards, process.pid)
            if self._stopping.is_set():  # asked to stop while it was starting: it missed the others' SIGTERM
                process.send_signal(signal.SIGTERM)
            code = await process.wait()
            del self._running[index]
            if self._stopping.is_set():
                log.info("The process of shards %s stopped (exit code %d)", shards, code)
                return
            if code == CONFIG_REFUSED:
                log.error("The process of shards %s refused its configuration (exit code 2); stopping them all",
                          shards)
                self.exit_code = CONFIG_REFUSED
                self.stop()
                return
            failures = 0 if loop.time() - started >= self.steady else failures + 1
            delay = self.restart_delays[min(max(failures - 1, 0), len(self.restart_delays) - 1)]
            log.warning("The process of shards %s ended (exit code %d); starting it again in %.0f s", shards, code,
                        delay)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), delay)

    async def _stop_all(self) -> None:
        running = list(self._running.values())
        for process in running:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        waiting = [asyncio.create_task(process.wait()) for process in running]
        if not waiting:
            return
        _, late = await asyncio.wait(waiting, timeout=self.stop_grace)
        for process in running:
            if process.returncode is None:
                log.warning("The process %d did not stop within %.0f s; killing it", process.pid, self.stop_grace)
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
        if late:
            await asyncio.wait(late)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m launch", description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, required=True, help="how many bot processes to run")
    parser.add_argument("--shards", type=int, required=True, help="the bot's Discord shard count, split among them")
    parser.add_argument("command", nargs="*", help="after --: the program each process runs (default: bot.py)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
                        datefmt="%Y-%m-%d %H:%M:%S")
    try:
        plan = share(args.processes, args.shards)
    except LaunchError as error:
        print(error, file=sys.stderr)
        return 2
    command = args.command or [sys.executable, str(BOT)]
    return asyncio.run(Launcher(command, plan, os.environ).run())


if __name__ == "__main__":
    raise SystemExit(main())
