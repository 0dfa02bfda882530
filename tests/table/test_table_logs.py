"""The bot's logs for a log shipper (RINGMASTER_LOG_FORMAT=json, RINGMASTER_LOG_FILE): every line is one JSON
object with time, level, logger and message, and the game id and incident id where the record is about one; the
file is rotated at its size, keeping the count asked for."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from table.config import LogSettings
from table.logs import JsonFormatter, setup_logging


@pytest.fixture
def logger() -> Iterator[logging.Logger]:
    """A logger of its own, so the test's handlers see only its records."""
    found = logging.getLogger("ringmaster.test-logs")
    found.propagate = False
    yield found
    for handler in list(found.handlers):
        found.removeHandler(handler)
        handler.close()
    found.propagate = True


def attach(logger: logging.Logger, path: Path, settings: LogSettings) -> None:
    root = logging.getLogger()
    before = list(root.handlers)
    added = setup_logging("INFO", settings)
    for handler in added:
        root.removeHandler(handler)  # the test's logger writes to them alone, not pytest's root
        if isinstance(handler, logging.FileHandler):
            logger.addHandler(handler)
        else:
            handler.close()
    assert root.handlers == before
    logger.setLevel(logging.INFO)


def test_json_lines_carry_the_game_and_the_incident(tmp_path: Path, logger: logging.Logger) -> None:
    path = tmp_path / "bot.log"
    attach(logger, path, LogSettings("json", path))
    logger.warning("Game %s: the %s item %s is set aside: %s", 42, "board", 7, "a bad\nline")
    try:
        raise ValueError("boom")
    except ValueError as error:
        logger.error("Incident %s: %s failed for user %s", "0a1b2c3d", "/game status", 99, exc_info=error,
                     extra={"incident": "0a1b2c3d"})
    logger.info("Synced %d commands", 12)
    logger.info("A note about a game", extra={"game_id": 5})
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4  # the message's own line break stays inside its line
    entries = [json.loads(line) for line in lines]
    for entry in entries:
        assert datetime.fromisoformat(entry["time"]).utcoffset() is not None
        assert entry["logger"] == "ringmaster.test-logs"
    aside, incident, synced, noted = entries
    assert aside["level"] == "WARNING" and aside["game_id"] == 42 and "incident" not in aside
    assert aside["message"] == "Game 42: the board item 7 is set aside: a bad\nline"
    assert incident["level"] == "ERROR" and incident["incident"] == "0a1b2c3d" and "game_id" not in incident
    assert "ValueError: boom" in incident["exception"]
    assert synced == {"time": synced["time"], "level": "INFO", "logger": "ringmaster.test-logs",
                      "message": "Synced 12 commands"}
    assert noted["game_id"] == 5


def test_text_lines_are_unchanged(tmp_path: Path, logger: logging.Logger) -> None:
    path = tmp_path / "bot.log"
    attach(logger, path, LogSettings("text", path))
    logger.info("Game %s: started", 3)
    [line] = path.read_text(encoding="utf-8").splitlines()
    assert line.endswith(" INFO     ringmaster.test-logs: Game 3: started")


def test_the_file_is_rotated_at_its_size_keeping_the_count(tmp_path: Path, logger: logging.Logger) -> None:
    path = tmp_path / "bot.log"
    attach(logger, path, LogSettings("json", path, file_bytes=2000, file_count=2))
    for number in range(200):
        logger.info("Game %s: line %s %s", number, number, "x" * 40)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["bot.log", "bot.log.1", "bot.log.2"]
    for name in kept:
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert len(text.encode()) <= 2000
        assert all(json.loads(line)["message"].startswith("Game ") for line in text.splitlines())
    newest = json.loads((tmp_path / "bot.log").read_text(encoding="utf-8").splitlines()[-1])
    assert newest["game_id"] == 199


def test_the_formatter_alone_makes_one_line() -> None:
    record = logging.LogRecord("ringmaster", logging.INFO, __file__, 1, "Game #%s: two\nlines", (8,), None)
    entry = json.loads(JsonFormatter().format(record))
    assert entry["game_id"] == 8 and entry["message"] == "Game #8: two\nlines"
