"""The bot's process once ready, through the real discord.py client: what start-up made is set aside
from the garbage collector (``cogs/runtime.py``), and a private panel's view is let go once it is sent
(``cogs/acting.py``), while its buttons keep working."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import Any

from discord_standin import standin
from discord_table import cheap_renders, core_of, open_game, play_one


async def test_once_ready_start_up_is_frozen(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        await d.wait_for(lambda: gc.get_freeze_count() > 0 or None, what="start-up to be frozen")
        assert gc.isenabled()


def listening_views() -> list[asyncio.Task[Any]]:
    """Views discord.py keeps listening for their timeout (one timer task each)."""
    return [task for task in asyncio.all_tasks() if "__timeout_task_impl" in repr(task.get_coro())]


async def test_private_panels_are_let_go_once_sent_and_their_buttons_still_work(tmp_path: Path,
                                                                               monkeypatch: Any) -> None:
    cheap_renders(monkeypatch)
    players = ("alice", "bob", "carol")
    async with standin(tmp_path, members=players) as d:
        thread = await open_game(d, players)
        movers = [await play_one(d, thread, players) for _ in range(6)]
        # Every panel's choice was pressed after the panel before it had been let go, and was answered.
        assert len(movers) == 6
        assert listening_views() == []
        game = await core_of(d).store.game_in_thread(thread.id)
        assert game is not None and game.version >= 6
