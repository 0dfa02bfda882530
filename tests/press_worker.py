"""One bot process pressing moves, run as its own OS process by tests/table/test_table_processes.py: it opens the
table core on a PostgreSQL database (its own connections, its own table service and locks), prints ``ready``,
waits for ``go`` on stdin so that every worker begins at the same moment, then presses, and prints one line
of JSON: ``{"accepted": [[game, version logged, panel version], ...], "refused": [sentence, ...]}``.

- ``rush PRESSES``: all its presses at once (press ``i`` on game ``i % len(games)``), each the only seat's
  first legal choice at the game's current version, as a slash command does;
- ``eager TARGET`` / ``patient TARGET``: in every game at once, its user's seat of a two-seat game plays
  until ``TARGET`` more moves are logged in the game: whenever the seat is awaited, it opens its panel (the game as
  it is) and presses the panel's first choice, with the panel's version. The patient player, when both
  seats are awaited, waits until the other player has pressed before pressing (its panel is then older than
  the game), as a player slower to decide does.

Usage: ``python tests/press_worker.py URL USER rush|eager|patient COUNT GAME [GAME ...]``
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

POLL = 0.01  # seconds between two looks at a game the player waits on


def first_legal(table: Table, seat: int) -> Any:
    assert table.state is not None
    return table.game.legal_actions(table.state, seat)[0]


def logged_version(result: ActResult) -> int:
    """The version the press itself was logged at (the table's own moves after it come later)."""
    return result.table.record.version - len(result.follow_ups)


class Player:
    def __init__(self, core: TableCore, user: int) -> None:
        self.core = core
        self.user = user
        self.accepted: list[list[int]] = []
        self.refused: list[str] = []

    async def press(self, game_id: int, panel: int | None) -> None:
        try:
            result = await self.core.tables.act(game_id, self.user, panel, first_legal)
        except TableError as error:
            self.refused.append(str(error))
            return
        self.accepted.append([game_id, logged_version(result), -1 if panel is None else panel])

    async def version(self, game_id: int) -> int:
        return (await self.core.tables.table(game_id)).record.version

    async def play(self, game_id: int, target: int, patient: bool) -> None:
        while True:
            table = await self.core.tables.table(game_id)
            if table.record.version >= target or table.record.status != "active":
                return
            awaited = table.awaited()
            if table.seat_of(self.user) not in awaited:
                await asyncio.sleep(POLL)
                continue
            panel = table.record.version
            if patient and len(awaited) > 1:
                while await self.version(game_id) == panel:  # the other player decides first
                    await asyncio.sleep(POLL)
            await self.press(game_id, panel)


async def main(url: str, user: int, mode: str, count: int, games: list[int]) -> None:
    store = await GameStore.open(url)
    try:
        player = Player(TableCore(store), user)
        targets = {game_id: await player.version(game_id) + count for game_id in games}
        print("ready", flush=True)
        assert (await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)).strip() == "go"
        if mode == "rush":
            await asyncio.gather(*(player.press(games[index % len(games)], None) for index in range(count)))
        else:
            await asyncio.gather(*(player.play(game_id, targets[game_id], mode == "patient") for game_id in games))
        print(json.dumps({"accepted": player.accepted, "refused": player.refused}), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    url, user, mode, count, *games = sys.argv[1:]
    asyncio.run(main(url, int(user), mode, int(count), [int(game) for game in games]))
