"""Moves that finish close together, in every game, through the real discord.py client: the thread's
newest board is always the game's current version, and a board edited through a turn lists each of its
events exactly once (composed from the action log, never from the text already on Discord)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest

from table.errors import TableError

from discord_standin import Discord, standin
from discord_table import (
    board,
    button,
    cheap_renders,
    check_newest_board,
    core_of,
    custom_ids,
    open_game,
    quick_retries,
)

PLAYERS = ("alice", "bob", "carol", "dave")
GAMES = {"circus_train": "circus new", "little_circuses": "littlecircuses new", "wanderzirkus": "wanderzirkus new",
         "dreadful_circus": "dreadful new"}
ROUNDS = 12


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


async def table_of(d: Discord, thread: Any) -> Any:
    core: Any = core_of(d)
    record = await core.game_in_thread(thread.id)
    return await core.tables.table(record.id)


async def open_panel(d: Discord, thread: Any, user: str) -> Any:
    latest = board(d, thread)
    handle = await d.click(user, latest, button(latest, "rm:turn:"))
    await handle.answer()
    return handle.message


async def choose_first(d: Discord, user: str, panel: Any) -> None:
    first = custom_ids(panel)[0]
    edits = len(d.message(panel.id).versions)
    handle = (await d.select(user, panel, first, ["0"]) if first.startswith("rm:pick:")
              else await d.click(user, panel, first))
    await d.wait_for(lambda: len(d.message(panel.id).versions) > edits or handle.followups or None,
                     what="an answer to the choice")


async def automatic(d: Discord, game_id: int, seat: int) -> None:
    with contextlib.suppress(TableError):  # the player's own click may come first
        await core_of(d).keeper.play_for(game_id, seat)


@pytest.mark.parametrize("kind", list(GAMES))
async def test_moves_finishing_together_never_leave_an_older_board_last(tmp_path: Path, kind: str) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        # Quick retries, but no short give-up: nothing hangs here, and on a busy machine a request given up
        # after half a second may still land after the retry that replaced it, as on Discord itself.
        quick_retries(d, timeout=10)
        thread = await open_game(d, PLAYERS, command=GAMES[kind])
        for _ in range(ROUNDS):
            table = await table_of(d, thread)
            if table.over:
                break
            waiting = table.awaited()
            panels = [(table.names[seat], await open_panel(d, thread, table.names[seat])) for seat in waiting]
            moves = [choose_first(d, user, panel) for user, panel in panels]
            if len(waiting) == 1:  # a sequential step: the player and their automatic player race
                moves.append(automatic(d, table.id, waiting[0]))
            await asyncio.gather(*moves)
            await check_newest_board(d, thread)
