"""Real bot processes for the tests of several processes: ``bench/load_bot.py`` (the load benchmark's bot, the
product's own start-up) running some shards of the bot against the stand-in Discord in the test's process,
with the board messages of a thread as the stand-in holds them."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import Any

from discord_standin import Discord
from discord_table import custom_ids
from repo_paths import REPO

ROOT = REPO
GUILDS = [{"name": "Big Top"}, {"name": "Sideshow"}]  # on shard 0 and shard 1 (guilds take the shards in turn)
START_TIMEOUT = 60.0


class BotProcess:
    """``bench/load_bot.py`` (the load benchmark's bot process) running some shards of the bot."""

    def __init__(self, folder: Path, shards: str) -> None:
        self.shards = shards
        self.log_path = folder / f"bot-{shards.replace('/', '-of-')}.log"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, d: Discord, database: str) -> None:
        args = [sys.executable, str(ROOT / "bench" / "load_bot.py"), "--port", str(d.server.port),
                "--token", d.server.token, "--db", database, "--shards", self.shards, "--guild", str(d.guild.id),
                "--global-commands", "--cheap-renders", "--lag", str(self.log_path.with_suffix(".lag")),
                # The scheduler looks for due work (posts left by a dead process) every second, not every
                # minute; where processes lease games' background work, a dead one's leases run out in 5 s.
                "--tick-seconds", "1", "--setting", "RINGMASTER_LEASE_SECONDS=5"]
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE, stderr=log,
                                                                cwd=str(ROOT))
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), START_TIMEOUT)
        assert line.strip() == b"READY", f"the bot of shards {self.shards} did not start:\n{self.log()[-3000:]}"

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to Discord or to the database."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")
        return ""


def boards_in(d: Discord, thread: Any) -> list[Any]:
    return [m for m in d.messages_in(thread) if any(c.startswith("rm:hand:") for c in custom_ids(m))]
