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
    web: WebSettings | None = None
    """The web companion's settings; None: it is off."""
