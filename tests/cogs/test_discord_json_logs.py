"""The real bot's log lines in JSON (RINGMASTER_LOG_FORMAT=json) through the stand-in: the apology a member gets
names the incident the JSON line carries, and a game's delivery trouble carries the game's id."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.registry import GAMES
from table.logs import JsonFormatter

from discord_standin import standin
from discord_table import MESSAGES, awaited, board, button, cheap_renders, core_of, open_game, play_one

PLAYERS = ("alice", "bob")


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """Every INFO-and-above record of the bot's loggers, formatted as RINGMASTER_LOG_FORMAT=json formats it."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("ringmaster", "table")}
    root.addHandler(handler)
    for name in levels:
        logging.getLogger(name).setLevel(logging.INFO)
    yield out
    root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def entries(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


async def test_an_incident_and_a_games_trouble_are_json_lines_with_their_ids(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, json_lines: io.StringIO) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        game = (await core_of(d).game_in_thread(thread.id)).id
        core_of(d).publisher.backoff = (0.05,)
        fault = d.fail("*", MESSAGES, status=503)  # the next board is refused once, then retried
        await play_one(d, thread, PLAYERS)
        await d.wait_for(lambda: fault.fired or None, what="the board's delivery to fail once")
        await core_of(d).posting_idle()

        latest = board(d, thread)
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None

        def broken(state: object, seat: int) -> list[object]:
            raise RuntimeError("a bug in the rules")

        monkeypatch.setattr(GAMES["circus_train"], "legal_actions", broken)
        handle = await d.click(mover, latest, button(latest, "rm:turn:"))
        await d.expect_error("Incident [0-9a-f]{8}")
        answer = await handle.answer()
        shown = re.search(r"incident `([0-9a-f]{8})`", answer.content)
        assert shown is not None

    lines = entries(json_lines)
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    [incident] = [line for line in lines if "incident" in line]
    assert incident["incident"] == shown[1] and incident["level"] == "ERROR"
    assert incident["logger"] == "ringmaster.errors" and "a bug in the rules" in incident["exception"]
    retried = [line for line in lines if line["logger"] == "table.publisher" and "failed" in line["message"]]
    assert retried and all(line["game_id"] == game for line in retried)
