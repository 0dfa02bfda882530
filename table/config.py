"""The bot's settings, as read from the environment by ``bot.py`` (plain data, no Discord)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class WebSettings:
    """Where the web companion listens and how its links are made (see docs/web.md)."""

    host: str
    port: int
    """0: any free port (tests)."""
    url: str | None = None
    """The address its links start with, as players reach it (a reverse proxy's https address); None:
    ``http://host:port``."""
    secret: str | None = None
    """The key its links are signed with; None: one made once and kept in the database."""
    trusted_proxies: tuple[str, ...] = ()
    """The reverse proxies (addresses or networks) whose ``X-Forwarded-For`` names the client for the rate
    limit (``RINGMASTER_WEB_TRUSTED_PROXY``); empty: every client is the address it connects from."""


@dataclass(frozen=True)
class HealthSettings:
    """Where the health endpoints and the metrics are served (``RINGMASTER_HEALTH``; docs/operations.md)."""

    host: str
    port: int
    """0: any free port (tests)."""


@dataclass(frozen=True)
class LogSettings:
    """How the bot logs (``RINGMASTER_LOG_*``; docs/operations.md)."""

    format: str = "text"
    """``text`` (one readable line per record) or ``json`` (one JSON object per line, for a log shipper)."""
    file: Path | None = None
    """A file logged to besides the standard error, rotated by size; None: none."""
    file_bytes: int = 50 * 1024 * 1024
    """The size at which the file is rotated."""
    file_count: int = 5
    """Rotated files kept (``FILE.1`` … ``FILE.N``)."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards one bot process runs: ``first`` to ``last`` of ``count`` (``RINGMASTER_SHARDS``,
    written ``first-last/count``, or ``first/count`` for one). Discord sends each guild's events to shard
    ``(guild_id >> 22) % count``, so the process hears of those guilds only (see docs/shards.md)."""

    first: int
    last: int
    count: int

    def __post_init__(self) -> None:
        if not 0 <= self.first <= self.last < self.count:
            raise ValueError(f"shards {self.first}-{self.last} are not among shards 0-{self.count - 1}")

    @classmethod
    def parse(cls, text: str) -> Shards:
        """Read ``first-last/count`` or ``shard/count``; ValueError for anything else."""
        ids, slash, count = text.strip().partition("/")
        first, dash, last = ids.partition("-")
        parts = [first, last if dash else first, count]
        if not slash or not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
            raise ValueError(f"{text!r} is not of the form first-last/count")
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))

    @property
    def ids(self) -> list[int]:
        return list(range(self.first, self.last + 1))

    def owns(self, guild_id: int) -> bool:
        """Whether the guild's events come to these shards."""
        return self.first <= (guild_id >> 22) % self.count <= self.last

    def __str__(self) -> str:
        return f"{self.first}-{self.last}/{self.count}"


@dataclass(frozen=True)
class Config:
    token: str
    db_path: Path | str = Path("ringmaster.sqlite3")
    """A SQLite file's path, or a PostgreSQL server's ``postgresql://`` URL (see docs/deploy.md)."""
    dev_guild: int | None = None
    log_level: str = "INFO"
    replay_frames: int = 40
    """Boards in the animated replay posted when a game ends (0: no replay)."""
    render_processes: int = 0
    """Worker processes that draw boards, hands and replays (0: threads of the bot's own process). The
    bot started from the environment uses one per spare core; see table.renders."""
    think_processes: int = 0
    """Worker processes where the strong automatic player searches (0: threads of the bot's own process); the
    bot started from the environment uses one whenever it draws in worker processes. See table.thinking."""
    web: WebSettings | None = None
    """The web companion's settings; None: it is off."""
    shards: Shards | None = None
    """The Discord shards this process runs (``RINGMASTER_SHARDS``); None: one process for the whole bot,
    connected the way discord.py connects by default."""
    lease_seconds: float = 60.0
    """How long a process's lease on a game's background work lasts unless renewed
    (``RINGMASTER_LEASE_SECONDS``), and so how long the work of a process that died waits before another
    takes it over; used where processes share the database (PostgreSQL, or shards)."""
    health: HealthSettings | None = None
    """Where ``/health/live``, ``/health/ready`` and ``/metrics`` are served; None: nowhere, and nothing is
    measured."""
    logs: LogSettings = LogSettings()
