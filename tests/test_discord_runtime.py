"""The bot's process once ready, through the real discord.py client: what start-up made is set aside
from the garbage collector, and collections run less often from then on (``cogs/runtime.py``)."""

from __future__ import annotations

import gc
from pathlib import Path

from cogs.runtime import GC_THRESHOLDS

from discord_standin import standin


async def test_once_ready_start_up_is_frozen_and_collections_are_rarer(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        await d.wait_for(lambda: gc.get_freeze_count() > 0 or None, what="start-up to be frozen")
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.isenabled()
