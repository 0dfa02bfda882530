"""How the bot logs (``RINGMASTER_LOG_FORMAT``, ``RINGMASTER_LOG_FILE``; see docs/operations.md): readable lines
or one JSON object per line for a log shipper, to the standard error and optionally to a file rotated by size.
Only the standard library's logging.

A JSON line carries ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger`` and ``message``, the
traceback as ``exception`` when there is one, and where the record is about one, ``game_id`` and
``incident``: given with ``extra={"game_id": …}`` / ``extra={"incident": …}``, or read from the message itself,
since the code's lines about a game begin with ``Game <id>:`` and the error route's with ``Incident <id>:``.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import re
import sys
from datetime import UTC, datetime
from typing import Any

from table.config import LogSettings

__all__ = ["FORMATS", "JsonFormatter", "setup_logging"]

FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
TEXT_DATES = "%Y-%m-%d %H:%M:%S"
GAME = re.compile(r"^Game #?(\d{1,19})\b")
INCIDENT = re.compile(r"^Incident ([0-9a-f]{8})\b")


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line (a message's own line breaks are escaped)."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
        }
        game = getattr(record, "game_id", None)
        if game is None and (found := GAME.match(message)):
            game = found.group(1)
        if game is not None:
            entry["game_id"] = int(game)
        incident = getattr(record, "incident", None)
        if incident is None and (found := INCIDENT.match(message)):
            incident = found.group(1)
        if incident is not None:
            entry["incident"] = str(incident)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        return json.dumps(entry, ensure_ascii=False, default=str)


def formatter(settings: LogSettings) -> logging.Formatter:
    return JsonFormatter() if settings.format == "json" else logging.Formatter(TEXT_FORMAT, TEXT_DATES)


def setup_logging(level: str, settings: LogSettings | None = None) -> list[logging.Handler]:
    """Log records of ``level`` and above to the standard error, and to the rotating file if one is set, in
    the format asked for; returns the handlers added to the root logger."""
    settings = settings or LogSettings()
    shown = formatter(settings)
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if settings.file is not None:
        handlers.append(logging.handlers.RotatingFileHandler(settings.file, maxBytes=settings.file_bytes,
                                                             backupCount=settings.file_count, encoding="utf-8"))
    root = logging.getLogger()
    root.setLevel(level)
    for handler in handlers:
        handler.setFormatter(shown)
        root.addHandler(handler)
    return handlers
