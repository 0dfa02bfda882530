"""Ringmaster's entry point: configuration, logging, loading cogs and syncing slash commands."""

import asyncio
import importlib
import importlib.util
import logging
import os
import pkgutil
import re
import signal
import sys
from collections.abc import Mapping
from pathlib import Path

import aiohttp
import discord
from discord.ext import commands

from cogs.runtime import RingmasterBot
from cogs.translator import CommandTranslator
from db import StoreError, check_database
from db.backend import is_postgres
from table import allocator
from table.config import Config, HealthSettings, LogSettings, Shards
from table.logs import FORMATS
from table.logs import setup_logging as setup_log_handlers
from table.renders import default_processes
from web.settings import SettingsError, listen_address, web_settings

__all__ = ["Config", "ConfigError", "Ringmaster", "build_bot", "load_config", "main"]

log = logging.getLogger("ringmaster")

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
NO_TOKEN = "Ringmaster needs a bot token: set RINGMASTER_TOKEN in the environment or in a .env file."
BAD_TOKEN = "Discord refused the bot token in RINGMASTER_TOKEN; check it in the Developer Portal."


class ConfigError(Exception):
    """A configuration problem, told in one sentence a person can act on."""


def read_dotenv(path: Path) -> dict[str, str]:
    """Parse KEY=VALUE lines; blank lines and # comments are skipped, one pair of quotes is removed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.removeprefix("export ").partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ConfigError(f"Line {number} of {path} is not of the form KEY=VALUE.")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def load_config(environ: Mapping[str, str], dotenv_path: Path | None = Path(".env")) -> Config:
    """Build the configuration; a variable set in the environment wins over the .env file."""
    merged = read_dotenv(dotenv_path) if dotenv_path is not None else {}
    merged.update({key: value for key, value in environ.items() if value.strip()})

    token = merged.get("RINGMASTER_TOKEN", "").strip()
    if not token:
        raise ConfigError(NO_TOKEN)
    guild_text = merged.get("RINGMASTER_DEV_GUILD", "").strip()
    if guild_text and not (guild_text.isascii() and guild_text.isdigit() and int(guild_text) > 0):
        raise ConfigError(
            f"RINGMASTER_DEV_GUILD must be a server id made of digits, such as 123456789012345678,"
            f" not {guild_text!r}."
        )
    level = merged.get("RINGMASTER_LOG_LEVEL", "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"RINGMASTER_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    frames_text = merged.get("RINGMASTER_REPLAY_FRAMES", "40").strip()
    frames = int(frames_text) if frames_text.isascii() and frames_text.isdigit() else -1
    if not (frames == 0 or 2 <= frames <= 200):
        raise ConfigError(f"RINGMASTER_REPLAY_FRAMES must be 0 (no replay) or a number of boards from 2 to 200, "
                          f"not {frames_text!r}.")
    processes_text = merged.get("RINGMASTER_RENDER_PROCESSES", "").strip()
    if processes_text and not (processes_text.isascii() and processes_text.isdigit() and int(processes_text) <= 16):
        raise ConfigError(f"RINGMASTER_RENDER_PROCESSES must be a number of worker processes from 0 (draw in the "
                          f"bot's own process) to 16, not {processes_text!r}.")
    shards_text = merged.get("RINGMASTER_SHARDS", "").strip()
    try:
        shards = Shards.parse(shards_text) if shards_text else None
    except ValueError:
        raise ConfigError(f"RINGMASTER_SHARDS must name this process's Discord shards as first-last/count, such as "
                          f"0-3/8 (shards 0 to 3 of 8) or 2/8 (shard 2 of 8), with first ≤ last < count, not "
                          f"{shards_text!r}.") from None
    lease_text = merged.get("RINGMASTER_LEASE_SECONDS", "60").strip()
    lease = int(lease_text) if lease_text.isascii() and lease_text.isdigit() else 0
    if not 5 <= lease <= 3600:
        raise ConfigError(f"RINGMASTER_LEASE_SECONDS must be how long a process keeps a game's background work "
                          f"without renewing it, in seconds from 5 to 3600, not {lease_text!r}.")
    try:
        web = web_settings(merged)
        health_text = merged.get("RINGMASTER_HEALTH", "").strip()
        health = HealthSettings(*listen_address(health_text, "RINGMASTER_HEALTH")) if health_text else None
    except SettingsError as error:
        raise ConfigError(str(error)) from None
    render_processes = int(processes_text) if processes_text else default_processes()
    return Config(
        token=token,
        db_path=database_location(merged.get("RINGMASTER_DB", "")),
        dev_guild=int(guild_text) if guild_text else None,
        log_level=level,
        replay_frames=frames,
        render_processes=render_processes,
        think_processes=1 if render_processes > 0 else 0,  # searches leave the bot's process when boards do
        web=web,
        shards=shards,
        lease_seconds=float(lease),
        health=health,
        logs=log_settings(merged),
    )


def log_settings(merged: Mapping[str, str]) -> LogSettings:
    """``RINGMASTER_LOG_FORMAT``, ``RINGMASTER_LOG_FILE``, ``RINGMASTER_LOG_FILE_MB``, ``RINGMASTER_LOG_FILE_COUNT``."""
    form = merged.get("RINGMASTER_LOG_FORMAT", "text").strip().lower()
    if form not in FORMATS:
        raise ConfigError(f"RINGMASTER_LOG_FORMAT must be text (readable lines) or json (one JSON object a line, "
                          f"for a log shipper), not {form!r}.")
    file_text = merged.get("RINGMASTER_LOG_FILE", "").strip()
    file = Path(file_text) if file_text else None
    if file is not None and (file.is_dir() or not file.parent.is_dir()):
        raise ConfigError(f"RINGMASTER_LOG_FILE must be a file in a folder that exists, such as "
                          f"/var/log/ringmaster/bot.log, not {file_text!r}.")
    size_text = merged.get("RINGMASTER_LOG_FILE_MB", "50").strip()
    size = int(size_text) if size_text.isascii() and size_text.isdigit() else 0
    if not 1 <= size <= 10_000:
        raise ConfigError(f"RINGMASTER_LOG_FILE_MB must be the size in megabytes at which the log file is rotated, "
                          f"from 1 to 10000, not {size_text!r}.")
    count_text = merged.get("RINGMASTER_LOG_FILE_COUNT", "5").strip()
    count = int(count_text) if count_text.isascii() and count_text.isdigit() else 0
    if not 1 <= count <= 100:
        raise ConfigError(f"RINGMASTER_LOG_FILE_COUNT must be how many rotated log files are kept, from 1 to 100, "
                          f"not {count_text!r}.")
    return LogSettings(form, file, size * 1024 * 1024, count)


def database_location(text: str) -> Path | str:
    """``RINGMASTER_DB``: a ``postgresql://`` URL (kept as written: a path would fold its ``//``) or a SQLite
    file's path (``ringmaster.sqlite3`` when unset)."""
    text = text.strip()
    if is_postgres(text):
        return text
    return Path(text or "ringmaster.sqlite3")


TOP_LEVEL_SETUP = re.compile(r"^(?:async[ \t]+)?def[ \t]+setup[ \t]*\(", re.MULTILINE)


def defines_setup(module: str) -> bool:
    """Whether a module's source defines ``setup`` at its top level (read, not executed). A top-level
    definition starts its line; the source is read as text rather than parsed with ``ast``, whose parser on
    Python 3.11.7 can fail with "AST constructor recursion depth mismatch" when another thread compiles at
    the same moment (a bug fixed in later 3.11 releases), which stopped a bot starting now and then."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return False
    return TOP_LEVEL_SETUP.search(Path(spec.origin).read_text(encoding="utf-8")) is not None


async def load_cogs(bot: commands.Bot, package: str = "cogs") -> list[str]:
    """Load every module of the cogs package that has `async def setup(bot)`; return their names."""
    module = importlib.import_module(package)
    loaded = []
    for info in sorted(pkgutil.iter_modules(module.__path__), key=lambda info: info.name):
        if info.name.startswith("_"):
            continue
        name = f"{package}.{info.name}"
        # Shared modules (no setup) are never loaded as extensions: loading executes a module afresh,
        # and a second copy of a shared module would split its classes in two.
        if not defines_setup(name):
            log.debug("Skipping %s: it has no setup(bot)", name)
            continue
        await bot.load_extension(name)
        loaded.append(name)
        log.info("Loaded %s", name)
    return loaded


class Ringmaster(RingmasterBot):
    """The bot: the table core (opened by ``RingmasterBot.setup_hook``), every cog, the slash commands."""

    async def setup_hook(self) -> None:
        await super().setup_hook()
        await load_cogs(self)
        # Every command's names and descriptions in each language Ringmaster speaks, sent with the sync below.
        await self.tree.set_translator(CommandTranslator())
        if self.config.shards is not None and self.config.shards.first != 0:
            # Slash commands belong to the application, not to a shard: one process (shard 0's) syncs them.
            log.info("Running shards %s; the process of shard 0 syncs the slash commands", self.config.shards)
            return
        if self.config.dev_guild is not None:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to server %d", len(synced), self.config.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d commands globally (Discord may take up to an hour to show them)", len(synced))

    async def on_ready(self) -> None:
        log.info("Ringmaster is ready as %s in %d servers", self.user, len(self.guilds))


class ShardedRingmaster(Ringmaster, commands.AutoShardedBot):
    """The bot running some of its Discord shards (``RINGMASTER_SHARDS``), one connection per shard; the
    other shards run in other processes (see docs/shards.md)."""

    async def on_ready(self) -> None:
        assert self.config.shards is not None
        log.info("Ringmaster is ready as %s on shards %s, in %d servers", self.user, self.config.shards,
                 len(self.guilds))


def build_bot(config: Config) -> RingmasterBot:
    allocator.tune()  # before the bot's threads start allocating (see table/allocator.py)
    return Ringmaster(config) if config.shards is None else ShardedRingmaster(config)


def setup_logging(level: str, settings: LogSettings | None = None) -> None:
    setup_log_handlers(level, settings or LogSettings())


# Seconds from the first SIGTERM or SIGINT to the process's end, whatever is still running then: the
# interactions being served (cogs.runtime.SHUTDOWN_GRACE, 10 s), the posts under way (POSTING_GRACE, 5 s) and
# closing fit well within it, and it stays under the 30 s launch.py (and systemd, by default 90 s) waits
# before killing the process.
STOP_BOUND = 25.0
FORCED_EXIT = 128  # plus the signal's number: the exit status of a process stopped at once by a second signal


async def _run(bot: RingmasterBot, token: str) -> None:
    # SIGTERM (systemd, a container's stop, the launcher) or SIGINT (Ctrl+C) stops the bot cleanly: no new
    # interaction is taken (each is answered with a sentence), those being served are finished, the posts
    # under way are given a moment, the leases are given back (see RingmasterBot.close); a second signal
    # ends the process at once.
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def on_signal(number: signal.Signals) -> None:
        if stop.is_set():
            # Asked again: nobody will wait. Nothing saved is lost: a saved move is committed (and what it posts
            # is in the outbox, posted at the next start); a move in the middle of its transaction is rolled
            # back with the process, and its player has had no answer. The render workers follow the process
            # (table/lifeline.py).
            log.warning("%s again: stopping at once", number.name)
            logging.shutdown()
            os._exit(FORCED_EXIT + number)
        log.info("Stopping on %s (a second one stops at once)", number.name)
        bot.begin_stop()
        stop.set()
        loop.call_later(STOP_BOUND, overrun)

    def overrun() -> None:
        log.error("Stopping took longer than %.0f s; ending the process now", STOP_BOUND)
        logging.shutdown()
        os._exit(1)

    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, on_signal, number)
    async with bot:
        running = asyncio.create_task(bot.start(token), name="ringmaster")
        stopping = asyncio.create_task(stop.wait(), name="ringmaster-stop")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not running.done():
            await bot.close()
        await running  # a failure to start (a refused token, no network) is raised here
    log.info("Ringmaster stopped")


def main() -> int:
    try:
        config = load_config(os.environ, Path(".env"))
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        setup_logging(config.log_level, config.logs)
    except OSError as error:
        print(f"Ringmaster could not open its log file {config.logs.file} ({error.strerror or error}).",
              file=sys.stderr)
        return 2
    try:
        # Refuse an unusable database file now, in one sentence, rather than on a player's first click.
        asyncio.run(check_database(config.db_path))
    except StoreError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        asyncio.run(_run(build_bot(config), config.token))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as error:
        print(f"Ringmaster could not reach Discord ({error}); check the network connection.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl+C before the signal handlers were in place
        log.info("Ringmaster stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
