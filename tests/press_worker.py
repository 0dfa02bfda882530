"""One bot process pressing moves, run as its own OS process by tests/test_table_processes.py: it opens the
table core on a PostgreSQL database (its own connections, its own table service and locks), prints ``ready``,
waits for ``go`` on stdin so that every worker begins at the same moment, then makes all its presses at once
(press ``i`` on game ``i % len(games)``; each the only seat's first legal choice at the game's current
version, as a slash command does) and prints one line of JSON:
``{"accepted": [[game, version logged], ...], "refused": [sentence, ...]}``.

Usage: ``python tests/press_worker.py URL USER PRESSES GAME [GAME ...]``
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from db.store import GameStore
from table.core import TableCore
from table.errors import TableError
from table.model import ActResult, Table


def first_legal(table: Table, seat: int) -> Any:
    assert table.state is not None
    return table.game.legal_actions(table.state, seat)[0]


def logged_version(result: ActResult) -> int:
    """The version the press itself was logged at (the table's own moves after it come later)."""
    return result.table.record.version - len(result.follow_ups)


async def main(url: str, user: int, presses: int, games: list[int]) -> None:
    store = await GameStore.open(url)
    try:
        core = TableCore(store)
        print("ready", flush=True)
        assert (await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)).strip() == "go"
        results = await asyncio.gather(
            *(core.tables.act(games[index % len(games)], user, None, first_legal) for index in range(presses)),
            return_exceptions=True)
        accepted = [[result.table.id, logged_version(result)] for result in results if isinstance(result, ActResult)]
        refused = [str(result) for result in results if isinstance(result, TableError)]
        for result in results:  # anything else is a bug: let it show
            if isinstance(result, BaseException) and not isinstance(result, TableError):
                raise result
        print(json.dumps({"accepted": accepted, "refused": refused}), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    url, user, presses, *games = sys.argv[1:]
    asyncio.run(main(url, int(user), int(presses), [int(game) for game in games]))
