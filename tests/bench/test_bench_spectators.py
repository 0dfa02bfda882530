"""The spectators benchmark's crowd (``bench/spectators.py``) against a real companion: pages open, poll, fetch
the page again after a move, and each counts as a client of its own behind the trusted proxy."""

from __future__ import annotations

import asyncio
import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

from web.clients import Trusted
from web.companion import Placed
from web.ratelimit import RateLimit

from discord_table import cheap_renders
from web_helpers import play_automatic, serving, started_game

# Loaded by name at run time, as tests/bench/test_bench_load_world.py loads the benchmark's modules.
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
spectators = importlib.import_module("spectators")


def open_to_all(record: Placed) -> bool:
    return True


async def test_the_crowd_follows_games_as_pages_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    monkeypatch.setattr(spectators, "POLL_SECONDS", 0.2)
    # Twelve requests at once and then six a second: enough for a page, while one limit shared by the four
    # pages would refuse about half of the crowd's requests.
    async with serving(tmp_path, is_open=open_to_all, rate=RateLimit(12, 6.0), trusted=Trusted(["127.0.0.1"])) as web:
        watched = await started_game(web.core, "circus_train", 2)
        other = await started_game(web.core, "wanderzirkus", 2)
        plan: dict[str, Any] = {"base": web.base_url, "seed": 1, "seconds": 2.0,
                                "at_start": [f"/game/{watched.id}"] * 3, "opening": [(0.3, f"/game/{other.id}")]}
        crowd = asyncio.create_task(spectators.crowd(plan))
        await asyncio.sleep(0.8)
        await play_automatic(web.core, watched.id, 1)  # the three pages on it fetch the page again
        seen = await crowd
    assert len(seen.opens) == 1 and len(seen.refreshes) >= 3 + 3 and seen.polls
    assert set(seen.statuses) == {"200"} and not seen.errors
