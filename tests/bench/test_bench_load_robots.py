"""The load benchmark with robot seats (``bench/load.py --robots SHARE``): the world seats the asked share of all
seats as strong robots, spread over the games and never every seat of one; the simulated players read from a
board whether it awaits a member or robots only; and a robot's move is timed from the thread's boards."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from table.core import TableCore

# Loaded by name at run time, as tests/bench/test_bench_load_world.py loads the benchmark's modules.
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
load_world = importlib.import_module("load_world")
load_players = importlib.import_module("load_players")

GAMES = 16  # four of each kind
SEED = 3
SHARE = 0.2
TAIL = 2  # the newest turns through the table service (robots' as the bot's robots move): few, to stay fast


def test_the_robots_are_spread_evenly_over_the_seats_and_never_take_a_whole_game() -> None:
    placed = (0, 0)
    for seats in [2, 5, 3, 2, 4, 2, 2, 5, 3, 4] * 5:
        robots = load_world.robot_seats(seats, placed, 0.3)
        assert 0 <= robots < seats
        placed = (placed[0] + seats, placed[1] + robots)
        assert int(placed[0] * 0.3) - 1 <= placed[1] <= int(placed[0] * 0.3)  # never more than one seat behind
    assert placed[1] == int(placed[0] * 0.3)
    assert load_world.robot_seats(2, (0, 0), 0.99) == 1  # a game keeps a member even when the share asks more


async def test_the_world_seats_the_asked_share_of_strong_robots(tmp_path: Path) -> None:
    world = await load_world.build(tmp_path, GAMES, SEED, report=lambda _line: None, tail=TAIL, robots=SHARE)
    assert load_world.cached(tmp_path, GAMES, SEED, SHARE) == world
    assert load_world.cached(tmp_path, GAMES, SEED) is None  # a world without robots is cached apart

    seats = sum(len(entry.players) + entry.robots for entry in world.entries)
    assert sum(entry.robots for entry in world.entries) == int(seats * SHARE)
    assert sum(1 for entry in world.entries if entry.robots) >= GAMES // 2  # spread, not piled into a few games

    server = load_world.StandIn()
    threads = load_world.populate(server, world)
    core = await TableCore.open(load_world.cache_folder(tmp_path, GAMES, SEED, SHARE) / load_world.DB_NAME)
    try:
        for entry in world.entries:
            table = await core.tables.table(entry.id)
            robots = [seat for seat in table.seats if seat.robot is not None]
            assert len(robots) == entry.robots < len(table.seats), entry.title
            assert {seat.robot for seat in robots} <= {"strong"}
            assert [seat.user_id for seat in table.seats if seat.robot is None] == entry.players
            # The robots' moves of the history are the automatic player's, as the bot's robots log theirs.
            for action in await core.store.actions(entry.id):
                if table.is_robot(action.seat):
                    assert action.automatic, entry.title
            # What the players read off the board: a member awaited or not, and which robots.
            board = server.messages[entry.board_message_id]
            game = load_players.LiveGame(entry.id, threads[entry.id], board)
            assert game.people == bool(table.awaited_users()), entry.title
            awaited = {table.names[seat] for seat in table.awaited() if table.is_robot(seat)}
            assert load_players.awaited_robots(board) == awaited, entry.title
    finally:
        await core.close()


def shown(at: float, version: int | None, *robots: str) -> object:
    return load_players.Shown(at, version, frozenset(robots))


def test_a_robot_move_is_timed_from_the_first_board_showing_its_turn_to_the_board_showing_the_move() -> None:
    robot, other = "🤖 Robot (strong)", "🤖 Robot 2 (strong)"
    boards = [
        shown(0.0, 10, other),  # as the run found it: robot 2 already awaited
        shown(2.0, 11),  # robot 2 moved; a member's turn
        shown(5.0, 12, robot),  # the member moved: robot 1's turn shows
        shown(5.4, 12, robot),  # the same board with its picture
        shown(8.5, 13, robot),  # robot 1's first step; its turn goes on
        shown(11.6, 15),  # its second step and a forced move after it
        shown(20.0, None),  # the final board
    ]
    moves = [(11, 1, other), (13, 0, robot), (14, 0, robot), (16, 1, other), (17, 0, robot)]
    found = load_players.robot_turns(7, boards, moves)
    assert [(m.began, m.reached, m.from_start) for m in found] == [
        (0.0, 2.0, True),  # waited since the bot started
        (5.0, 8.5, False),
        (8.5, 11.6, False),  # its next step is timed from the board that showed the first
        (None, 20.0, False),  # no board showed robot 2's turn before the game ended with it
        (None, 20.0, False),
    ]
    assert found[1].took == 3.5 and found[3].took is None
