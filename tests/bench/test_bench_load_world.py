"""The load benchmark's world (``bench/load_world.py``) built from an empty cache: every game is one the bot
can take up where the builder left it, so what the benchmark then does (a member the board mentions presses
"Take your turn" at the board's version and makes a move) works in every game.

The games' seeds are secret and random, so each build plays different games; a world of this size has
many turns that end in moves the table plays by itself (forced moves), which is where a cut of the world
used to fall inside a chain of them and stop the build."""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from pathlib import Path

from table.core import TableCore
from table.model import Table

# The benchmark's modules, imported as bench/load.py imports them. Loaded by name at run time: they import
# the stand-in as ``tests.discord_standin``, which the type check of tests/ knows as ``discord_standin``
# (one file under two module names stops mypy).
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
load_world = importlib.import_module("load_world")
load_players = importlib.import_module("load_players")

GAMES = 32  # eight of each kind
SEED = 1
TAIL = 3  # turns played through the table service: fewer than the benchmark's, to keep the build fast, but
# each game still has both parts (the store's writes, then the table's acts) and the cut between them


async def test_a_world_built_from_nothing_can_be_played_in_every_game(tmp_path: Path) -> None:
    world = await load_world.build(tmp_path, GAMES, SEED, report=lambda _line: None, tail=TAIL)
    assert load_world.cached(tmp_path, GAMES, SEED) == world  # the next run takes it from the cache
    kinds = load_world.KINDS
    assert Counter(entry.kind for entry in world.entries) == dict.fromkeys(kinds, GAMES // len(kinds))

    server = load_world.StandIn()  # the stand-in as the benchmark fills it before the bot connects
    load_world.populate(server, world)
    rng = random.Random(SEED)
    core = await TableCore.open(load_world.cache_folder(tmp_path, GAMES, SEED) / load_world.DB_NAME)
    try:
        logged = forced = 0
        for entry in world.entries:
            table = await core.tables.table(entry.id)
            assert table.record.status == "active" and table.state is not None and not table.over, entry.title
            actions = await core.store.actions(entry.id)
            logged += len(actions)
            forced += sum(1 for action in actions if action.automatic_reason == "forced")
            # The saved state is the one its log leads to: the turns the builder wrote itself and those the
            # table played are one history, follow-ups included.
            replayed = await core.tables.replay(table.record, table.kit, table.names)
            assert table.game.state_to_json(replayed) == table.game.state_to_json(table.state), entry.title
            for seat in table.awaited():
                assert table.game.legal_actions(table.state, seat), f"{entry.title}: seat {seat} has no move"

            board = server.messages[entry.board_message_id]
            mentioned = load_players.awaited_ids(board)
            assert mentioned and set(mentioned) <= set(table.awaited_users()), entry.title
            assert load_players.board_version(board) == table.record.version, entry.title
            await move(core, table, mentioned[0], rng)
        assert logged == world.actions
        assert forced > 0  # the world has chains of forced moves, logged as the table logs them
    finally:
        await core.close()


async def move(core: TableCore, table: Table, user_id: int, rng: random.Random) -> None:
    """The benchmark's player's move: a random choice among the member's legal actions (its panel's
    choices), at the version its board shows; the table accepts it."""
    def choose(now: Table, seat: int) -> object:
        assert now.state is not None
        return rng.choice(now.game.legal_actions(now.state, seat))

    result = await core.tables.act(table.id, user_id, table.record.version, choose)
    assert result.table.record.version > table.record.version
