"""The bot's settings, as read from the environment by ``bot.py`` (plain data, no Discord)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    token: str
    db_path: Path = Path("ringmaster.sqlite3")
    dev_guild: int | None = None
    log_level: str = "INFO"
    replay_frames: int = 40
    """Boards in the animated replay posted when a game ends (0: no replay)."""
    render_processes: int = 0
    """Worker processes that draw boards, hands and replays (0: threads of the bot's own process). The
    bot started from the environment uses one per spare core; see table.renders."""
