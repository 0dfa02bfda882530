"""The one path for every change (table/work.py): every kind of change that can end a game records its results
and publishes its final board, whatever made it (a player, a deadline, autopilot, a forced move, a standing
answer, the sandbox's listed choice), abandoned games are left out of the results, and a seat on autopilot moves
after every kind of change that makes the game wait for it. Played with Sealed Guess (tests/sealed_guess.py), a
two-round game every seat answers at once, and two variants of it: one whose second round is forced, one whose
second round a standing answer can play."""

from __future__ import annotations

import ast
import sqlite3
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from db.store import GameStore
from rules.core.game import View
from rules.core.standing import StandingAnswer, StandingDecision
from rules.registry import GAMES
from table.core import TableCore
from table.errors import TableError
from table.kits import KITS, GameKit

import sealed_guess
from sealed_guess import GuessState, Pick, SealedGuess

GUILD, CHANNEL, ANN, BEN = 1, 2, 11, 12
ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class ForcedSecondRound(SealedGuess):
    """Sealed Guess whose second round offers one number only, in the open: the table plays it for each seat."""

    key = "forced_guess"
    name = "Forced Guess"

    def legal_actions(self, state: GuessState, seat: int) -> list[Pick]:
        if seat not in self.to_act(state):
            return []
        return [Pick(1)] if state.round == 2 else [Pick(n) for n in (1, 2, 3)]

    def secret_step(self, state: GuessState, seat: int) -> bool:
        return state.round != 2


SECOND = StandingDecision("second", "Second round", "when the second round comes",
                          (StandingAnswer("three", "Pick 3"),))


class StandingSecondRound(SealedGuess):
    """Sealed Guess whose second-round pick can be answered in advance."""

    key = "standing_guess"
    name = "Standing Guess"
    standing_decisions = (SECOND,)

    def standing_decision(self, view: View) -> str | None:
        return "second" if view["round"] == 2 and view["my_pick"] is None else None

    def standing_choice(self, view: View, legal: Sequence[Pick], decision: str, answer: str) -> Pick | None:
        return Pick(3) if decision == "second" and Pick(3) in legal else None


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    for game in (ForcedSecondRound(), StandingSecondRound()):
        monkeypatch.setitem(GAMES, game.key, game)
        monkeypatch.setitem(KITS, game.key, GameKit(game, sealed_guess.draw_text, sealed_guess.draw_text,
                                                    game.render_text, game.render_text, sealed_guess.picture))
    yield


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def core(tmp_path: Path, clock: Clock) -> AsyncIterator[TableCore]:
    store = await GameStore.open(tmp_path / "games.sqlite3", clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started(core: TableCore, kind: str = "sealed_guess", deadline: int | None = None) -> int:
    table = await core.create(kind, GUILD, CHANNEL, ANN, "Ann", {}, deadline_minutes=deadline)
    await core.join(table.id, BEN, "Ben")
    await core.start(table.id, ANN, thread_id=99)
    return table.id


def pick(number: int) -> Any:
    return lambda table, seat: Pick(number)


async def results(core: TableCore, game_id: int) -> list[tuple[int, int, int]]:
    path = core.store.path
    with sqlite3.connect(path) as conn:
        return [tuple(row) for row in conn.execute(
            "SELECT seat, score, place FROM results WHERE game_id = ? ORDER BY seat", (game_id,))]


async def published(core: TableCore, game_id: int) -> list[tuple[str, dict[str, Any]]]:
    with sqlite3.connect(core.store.path) as conn:
        rows = conn.execute("SELECT kind, payload FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)).fetchall()
    import json
    return [(kind, json.loads(payload)) for kind, payload in rows]


async def assert_finished_with_results(core: TableCore, game_id: int) -> None:
    table = await core.table(game_id)
    assert table.record.status == "finished"
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    rows = await results(core, game_id)
    assert [(seat, score) for seat, score, _ in rows] == [(0, outcome.scores[0]), (1, outcome.scores[1])]
    items = await published(core, game_id)
    boards = [payload for kind, payload in items if kind == "board"]
    assert boards and "Final scores" in boards[-1]["text"]  # the final board is published
    assert any(kind == "reveal" for kind, _ in items)  # and the seed reveal with it


# ----- every kind of change that can end a game ---------------------------------------------------------------
async def test_players_moves_end_the_game_with_results(core: TableCore) -> None:
    game = await started(core)
    for user, number in ((ANN, 3), (BEN, 1), (ANN, 2), (BEN, 2)):
        await core.play(game, user, None, pick(number))
    await assert_finished_with_results(core, game)
    assert await results(core, game) == [(0, 1, 1), (1, 0, 2)]


async def test_listed_choices_end_the_game_with_results_and_an_index_beyond_them_is_refused(core: TableCore) -> None:
    game = await started(core)
    version = (await core.table(game)).record.version
    with pytest.raises(TableError, match="no longer on offer"):
        await core.play_listed(game, ANN, version, 3)
    for user in (ANN, BEN, ANN, BEN):
        await core.play_listed(game, user, (await core.table(game)).record.version, 0)
    await assert_finished_with_results(core, game)


async def test_deadline_moves_end_the_game_with_results(core: TableCore, clock: Clock) -> None:
    game = await started(core, deadline=60)
    for _ in range(6):
        clock.now += timedelta(hours=2)
        await core.tick()
        if (await core.table(game)).record.status == "finished":
            break
    await assert_finished_with_results(core, game)
    logged = await core.actions(game)
    assert len(logged) == 4 and all(action.automatic for action in logged)


async def test_autopilot_moves_end_the_game_with_results(core: TableCore) -> None:
    game = await started(core)
    await core.set_autopilot(game, ANN, None, False)
    await core.set_autopilot(game, BEN, None, False)  # each is played at once, through to the end
    await assert_finished_with_results(core, game)


async def test_forced_moves_end_the_game_with_results(core: TableCore) -> None:
    game = await started(core, "forced_guess")
    await core.play(game, ANN, None, pick(2))
    await core.play(game, BEN, None, pick(1))  # the second round is forced for both: the game ends here
    await assert_finished_with_results(core, game)
    reasons = [action.automatic_reason for action in await core.actions(game)]
    assert reasons == [None, None, "forced", "forced"]


async def test_standing_answers_end_the_game_with_results(core: TableCore) -> None:
    game = await started(core, "standing_guess")
    await core.play(game, ANN, None, pick(2))
    await core.play(game, BEN, None, pick(1))
    await core.set_standing(game, BEN, None, "second", "three")  # played at once: the decision is waiting
    await core.set_standing(game, ANN, None, "second", "three")
    await assert_finished_with_results(core, game)
    reasons = [action.automatic_reason for action in await core.actions(game)]
    assert reasons == [None, None, "standing", "standing"]


async def test_abandoned_games_publish_their_last_board_and_record_no_results(core: TableCore) -> None:
    by_creator, by_vote = await started(core), await started(core)
    await core.play(by_creator, ANN, None, pick(3))
    await core.abandon(by_creator, ANN, False)
    await core.vote_to_abandon(by_vote, BEN)
    await core.vote_to_abandon(by_vote, ANN)
    for game in (by_creator, by_vote):
        assert (await core.lobby_view(game)).record.status == "abandoned"
        assert await results(core, game) == []
        items = await published(core, game)
        assert any(kind == "note" and "was abandoned by" in payload["text"] for kind, payload in items)
        assert [kind for kind, _ in items][-1] in ("board", "reveal", "replay", "review", "note", "lobby")
        assert any(kind == "reveal" for kind, _ in items)


# ----- a seat on autopilot moves after every change that makes it awaited -------------------------------------
async def test_autopilot_moves_when_a_players_move_makes_it_awaited(core: TableCore) -> None:
    game = await started(core)
    await core.set_autopilot(game, BEN, None, False)  # Ben is awaited: played at once
    assert len(await core.actions(game)) == 1
    await core.play(game, ANN, None, pick(3))  # the second round begins: Ben is awaited again, and moves
    table = await core.table(game)
    assert table.awaited() == [0] and len(await core.actions(game)) == 3


async def test_autopilot_moves_when_a_deadline_move_makes_it_awaited(core: TableCore, clock: Clock) -> None:
    game = await started(core, deadline=60)
    await core.set_autopilot(game, BEN, None, False)
    clock.now += timedelta(hours=2)
    # Ann's deadline passes: her move opens round two, where Ben (autopilot) moves at once, before the automatic
    # player finishes Ann's wait (her part of round two).
    await core.tick()
    logged = await core.actions(game)
    assert [(action.seat, action.automatic) for action in logged] == [(1, True), (0, True), (1, True), (0, True)]
    assert (await core.table(game)).record.status == "finished"


async def test_autopilot_moves_when_a_take_back_makes_it_awaited(core: TableCore) -> None:
    game = await started(core)
    await core.play(game, ANN, None, pick(3))
    await core.set_autopilot(game, BEN, None, False)  # Ben picks; round two begins; Ben (autopilot) picks again
    assert len(await core.actions(game)) == 3
    asked = await core.take_back(game, BEN)  # Ben's own last move; Ann must agree (a step answered at once)
    assert not asked.done and asked.waiting_for == [ANN]
    taken = await core.take_back(game, ANN, agreeing=True, version=asked.version)
    assert taken.done  # Ben is awaited again, and his autopilot moves at once
    assert len(await core.actions(game)) == 3
    table = await core.table(game)
    assert table.state is not None and table.awaited() == [0] and table.state.picks[1] is not None


async def test_autopilot_moves_when_a_repair_makes_it_awaited(core: TableCore) -> None:
    game = await started(core)
    await core.play(game, ANN, None, pick(3))
    with sqlite3.connect(core.store.path) as conn:  # the save is damaged while Ben's seat goes to autopilot
        conn.execute("UPDATE seats SET autopilot = 1 WHERE game_id = ? AND seat = 1", (game,))
        conn.execute("UPDATE games SET snapshot = '{broken' WHERE id = ?", (game,))
    with pytest.raises(TableError, match="damaged"):
        await core.table(game)
    await core.repair(game, ANN, False)
    # Rebuilt, and Ben moved at once: round one ends, and in round two he moves again.
    assert [action.seat for action in await core.actions(game)] == [0, 1, 1]
    assert (await core.table(game)).awaited() == [0]


# ----- one path ---------------------------------------------------------------------------------------------
async def test_a_refused_change_writes_nothing(core: TableCore) -> None:
    game = await started(core)
    before = await published(core, game)
    with pytest.raises(TableError):
        await core.offer_seat(game, ANN, BEN, False)  # Ben is playing already
    with pytest.raises(TableError):
        await core.reclaim(game, ANN)  # not on autopilot
    assert await published(core, game) == before


def _reaches(path: Path) -> list[str]:
    """Where a module of cogs/ or web/ imports or reaches the parts behind the core."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    forbidden_modules = ("table.service", "table.keeper", "table.publisher", "table.work", "table.away",
                         "table.standing", "db.store", "db.life", "db.outbox", "db.leases", "db.secrets",
                         "db.database", "db.games", "db.actions")
    forbidden_attributes = {"tables", "keeper", "publisher", "store", "life", "outbox", "away", "work", "database"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in forbidden_modules:
            found.append(f"{path.name}:{node.lineno} imports {node.module}")
        if isinstance(node, ast.Import):
            found += [f"{path.name}:{node.lineno} imports {alias.name}" for alias in node.names
                      if alias.name in forbidden_modules]
        if isinstance(node, ast.Attribute) and node.attr in forbidden_attributes:
            found.append(f"{path.name}:{node.lineno} reaches .{node.attr}")
    return found


def test_cogs_and_the_web_call_only_the_cores_named_operations() -> None:
    found = [line for folder in ("cogs", "web") for path in sorted((ROOT / folder).rglob("*.py"))
             for line in _reaches(path)]
    assert found == []


def test_only_the_unit_of_work_takes_a_games_lock_or_opens_a_transaction() -> None:
    found = []
    for path in sorted((ROOT / "table").rglob("*.py")):
        if path.name == "work.py":
            continue
        text = path.read_text()
        for needle in ("locks.around(", ".transaction()", "._lock("):
            if needle in text:
                found.append(f"{path.name}: {needle}")
    assert found == []


async def test_autopilot_moves_when_a_standing_answer_makes_it_awaited(core: TableCore) -> None:
    game = await started(core, "standing_guess")
    await core.play(game, ANN, None, pick(2))
    await core.play(game, BEN, None, pick(1))  # round two: both awaited
    await core.set_autopilot(game, BEN, None, False)  # Ben's seat moves at once
    assert [action.seat for action in await core.actions(game)] == [0, 1, 1]
    assert (await core.table(game)).record.status == "finished" or (await core.table(game)).awaited() == [0]
    # Ann's standing answer is played at once and ends the game.
    await core.set_standing(game, ANN, None, "second", "three")
    await assert_finished_with_results(core, game)


async def test_autopilot_moves_when_forced_moves_make_it_awaited(core: TableCore) -> None:
    """A forced move played for Ann begins a step where Ben, on autopilot, is awaited: he moves at once."""
    game = await started(core, "forced_guess")
    await core.set_autopilot(game, BEN, None, False)  # Ben picks in round one at once
    await core.play(game, ANN, None, pick(2))  # round two is forced for both: the game ends
    await assert_finished_with_results(core, game)
    reasons = [(action.seat, action.automatic_reason) for action in await core.actions(game)]
    assert reasons == [(1, None), (0, None), (0, "forced"), (1, "forced")]


async def test_the_public_log_grows_by_the_actions_since_and_is_read_whole_after_a_take_back(core: TableCore) -> None:
    game = await started(core)

    async def whole() -> list[str]:  # the log as a core that has kept nothing reads it
        fresh = TableCore(core.store, core.clock)
        return await fresh.public_log(await fresh.table(game))

    await core.play(game, ANN, None, pick(3))
    first = await core.public_log(await core.table(game))
    await core.play(game, BEN, None, pick(1))
    grown = await core.public_log(await core.table(game))
    assert grown[:len(first)] == first and len(grown) > len(first)
    assert grown == await whole()
    await core.play(game, ANN, None, pick(2))
    await core.public_log(await core.table(game))
    asked = await core.take_back(game, ANN)
    taken = await core.take_back(game, BEN, agreeing=True, version=asked.version)  # a version without an action
    assert taken.done
    after = await core.public_log(await core.table(game))
    assert after == await whole() and after == grown
