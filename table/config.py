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
