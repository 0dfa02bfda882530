"""Hints at the table, without Discord: the setting decided from the seating at the start (on for one person, off
for two or more) unless the creator chose, "Suggest" refused with its own sentence when hints are off, when it is
not the seat's turn and on a stale panel, each suggestion counted once on its seat (and never published), and games
with suggestions kept out of the standings but listed apart in a player's record and marked with the final scores.
On SQLite and PostgreSQL where the store's own queries are at stake."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from db.store import GameStore
from rules.core.players import Level, decide
from rules.core.rng import Rng
from rules.registry import GAMES
from table import compose
from table.core import TableCore
from table.errors import StaleBoard, TableError
from table.hints import HINTS_OFF, Suggestion
from table.suggestions import STALE_PANEL
from table.thinking import Choice, Thought

import sealed_guess
from sealed_guess import Pick

GUILD, CHANNEL, ANN, BEN = 1, 2, 11, 12


@pytest.fixture(autouse=True)
def simultaneous_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess.register(monkeypatch)
    yield


class Oracle:
    """A thinker that answers the strong player's estimates for Sealed Guess at once (what the search would say:
    the thinker itself is tested in tests/table/test_table_thinking.py), and notes every question."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, str, bool]] = []
        self.meanwhile: Any = None
        """Run once while "thinking" (another seat acting meanwhile)."""

    async def decide(self, kind: str, state_json: Any, seat: int, level: Level, seed: int,
                     want_estimates: bool = False) -> Thought:
        self.asked.append((kind, seat, level, want_estimates))
        if self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            await meanwhile()
        def choice(number: int, value: float) -> Choice:
            return Choice(f"Pick {number}", {"kind": "pick", "number": number}, value, 100)
        return Thought({"kind": "pick", "number": 3}, (choice(3, 0.46), choice(2, 0.381), choice(1, 0.31),
                                                        choice(2, 0.2)))

    async def close(self) -> None:
        return None


async def open_core(database: str, oracle: Oracle | None = None) -> TableCore:
    return TableCore(await GameStore.open(database), thinker=oracle)


async def guessing(core: TableCore, hints: bool | None = None, *, start: bool = True) -> int:
    table = await core.create("sealed_guess", GUILD, CHANNEL, ANN, "Ann", {}, hints=hints)
    await core.join(table.id, BEN, "Ben")
    if start:
        await core.start(table.id, ANN, thread_id=99)
    return table.id


async def pick(core: TableCore, game_id: int, user: int, number: int) -> None:
    await core.play(game_id, user, None, lambda table, seat: Pick(number))


async def asked(core: TableCore, game_id: int) -> list[int]:
    return [seat.hints for seat in (await core.table(game_id)).seats]


async def test_hints_are_decided_from_the_seating_unless_the_creator_chose(tmp_path: Any) -> None:
    core = await open_core(str(tmp_path / "games.sqlite3"))
    try:
        solo = await core.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {})
        assert "decided at the start" in compose.lobby_text(solo)
        await core.start(solo.id, ANN, thread_id=98)
        assert (await core.table(solo.id)).record.hints is True

        two = await guessing(core)
        assert (await core.table(two)).record.hints is False
        assert "Hints: off." in compose.lobby_text(await core.table(two))

        chosen = await guessing(core, start=False)
        with pytest.raises(TableError, match="Only the player who created this game or a server manager"):
            await core.set_hints(chosen, BEN, True)
        assert "Hints: on" in compose.lobby_text(await core.set_hints(chosen, ANN, True))
        await core.start(chosen, ANN, thread_id=97)
        assert (await core.table(chosen)).record.hints is True
        with pytest.raises(TableError, match="already started"):
            await core.set_hints(chosen, ANN, False)

        with_robot = await core.create("sealed_guess", GUILD, CHANNEL, ANN, "Ann", {})
        await core.add_robot(with_robot.id, ANN, "normal")  # one person and a robot: a practice game
        await core.start(with_robot.id, ANN, thread_id=95)
        assert (await core.table(with_robot.id)).record.hints is True
        crowd = await guessing(core, start=False)
        await core.add_robot(crowd, ANN, "normal")
        await core.start(crowd, ANN, thread_id=94)
        assert (await core.table(crowd)).record.hints is False

        quiet_solo = await core.create("circus_train", GUILD, CHANNEL, BEN, "Ben", {}, hints=False)
        await core.start(quiet_solo.id, BEN, thread_id=96)
        assert (await core.table(quiet_solo.id)).record.hints is False
    finally:
        await core.close()


async def test_suggest_answers_the_seat_and_marks_it_once(database: str) -> None:
    oracle = Oracle()
    core = await open_core(database, oracle)
    try:
        game = await guessing(core, hints=True)
        version = (await core.table(game)).record.version
        pending = len(await core.outbox.pending(game))
        table, suggestion = await core.suggest(game, ANN, version)
        assert oracle.asked == [("sealed_guess", 0, "strong", True)]
        assert suggestion.label == "Pick 3"
        assert suggestion.text(table.game.name).splitlines()[:2] == [
            "💡 **Suggestion: Pick 3**", "Why: Pick 3 — about 46 % to win; Pick 2 — 38 %; Pick 1 — 31 %."]
        assert await asked(core, game) == [1, 0]
        assert len(await core.outbox.pending(game)) == pending  # nothing for the thread
        assert (await core.table(game)).record.version == version  # no move: every panel stays good

        await core.suggest(game, ANN, version)
        assert await asked(core, game) == [2, 0]
    finally:
        await core.close()


async def test_suggest_is_refused_with_a_sentence_and_marks_nothing(tmp_path: Any) -> None:
    core = await open_core(str(tmp_path / "games.sqlite3"), Oracle())
    try:
        off = await guessing(core)
        with pytest.raises(TableError) as refused:
            await core.suggest(off, ANN, (await core.table(off)).record.version)
        assert str(refused.value) == HINTS_OFF

        game = await guessing(core, hints=True)
        opened = (await core.table(game)).record.version
        with pytest.raises(TableError, match="not seated"):
            await core.suggest(game, 999, opened)
        await pick(core, game, BEN, 1)
        with pytest.raises(TableError, match="It is not your turn: the game is waiting for Ann"):
            await core.suggest(game, BEN, opened)
        # Ben's pick moved the game on, but Ann's own decision is where her panel left it.
        await core.suggest(game, ANN, opened)
        await pick(core, game, ANN, 2)  # the round is over; Ann decides again in the next one
        for stale in (opened, opened + 50):
            with pytest.raises(StaleBoard) as refused_stale:
                await core.suggest(game, ANN, stale)
            assert str(refused_stale.value) == STALE_PANEL
        assert await asked(core, game) == [1, 0]
    finally:
        await core.close()


async def test_a_game_that_moves_while_the_thinker_thinks_is_thought_again(tmp_path: Any) -> None:
    oracle = Oracle()
    core = await open_core(str(tmp_path / "games.sqlite3"), oracle)
    try:
        game = await guessing(core, hints=True)
        opened = (await core.table(game)).record.version

        async def ben_picks() -> None:
            await pick(core, game, BEN, 3)
        oracle.meanwhile = ben_picks
        await core.suggest(game, ANN, opened)
        assert len(oracle.asked) == 2  # the first thought was for a game that had moved on
        assert await asked(core, game) == [1, 0]
    finally:
        await core.close()


async def test_games_with_suggestions_stay_out_of_the_standings(database: str) -> None:
    core = await open_core(database, Oracle())
    try:
        plain = await guessing(core)
        hinted = await guessing(core, hints=True)
        await core.suggest(hinted, BEN, (await core.table(hinted)).record.version)
        for game in (plain, hinted):
            for _ in range(sealed_guess.ROUNDS):
                await pick(core, game, ANN, 3)
                await pick(core, game, BEN, 1)
        finished = await core.table(hinted)
        assert finished.record.status == "finished"
        assert compose.final_text(finished).endswith(
            "💡 Suggestions asked for: Ben (1). This game stays out of the standings.")
        assert "Suggestions" not in compose.final_text(await core.table(plain))

        board = await core.leaderboard(GUILD, "sealed_guess")
        assert [(row.key, row.played, row.won) for row in board] == [(ANN, 1, 1), (BEN, 1, 0)]
        assert [(row.key, row.played) for row in await core.player_record(GUILD, BEN)] == [("sealed_guess", 1)]
        assert [(row.key, row.played, row.won) for row in await core.player_record(GUILD, BEN, hinted=True)] == [
            ("sealed_guess", 1, 0)]
        assert [row.played for row in await core.player_record(GUILD, ANN, hinted=True)] == [1]
    finally:
        await core.close()


def test_figures_that_do_not_tell_the_choices_apart_are_said_to_be_so() -> None:
    even = Suggestion("Keep Clowns", (("Keep Clowns", 1.0), ("Keep Magic", 0.998)))
    assert even.text("Der Wanderzirkus").split("\n")[1] == (
        "Why: little to choose between them: Keep Clowns — about 100 % to win; Keep Magic — 100 %.")
    assert Suggestion("Pass", only=True).text("Der Wanderzirkus").split("\n")[1] == "Why: it is your only choice."


def test_a_solo_games_figures_are_its_outlook_on_the_solo_chart() -> None:
    solo = Suggestion("Keep Clowns", (("Keep Clowns", 0.42), ("Keep Magic", 0.3)), solo=True)
    assert solo.text("Der Wanderzirkus").split("\n")[1] == (
        "Why: Keep Clowns — about 42 % of the solo chart's best; Keep Magic — 30 %.")


def test_a_solo_game_is_judged_by_degrees_not_as_a_sure_win() -> None:
    game = GAMES["wanderzirkus"]
    state = game.new_game(["Ann"], {}, 3)
    while len(game.legal_actions(state, 0)) < 3:
        state, _ = game.apply(state, 0, game.legal_actions(state, 0)[0])
    values = [estimate.value for estimate in decide(game, state, 0, "strong", Rng.from_seed(1)).estimates]
    assert all(0.0 < value < 1.0 for value in values) and len(set(values)) > 1


async def test_a_real_solo_game_suggests_with_its_outlook_on_the_solo_chart(tmp_path: Any) -> None:
    """The real thinker on a real game: the strong player's choice, with its figures for the best choices,
    said as the outlook on the solo chart in a game of one. A game with no search would say its choice
    without figures."""
    core = await open_core(str(tmp_path / "games.sqlite3"))
    try:
        solo = await core.create("circus_train", GUILD, CHANNEL, ANN, "Ann", {})
        await core.start(solo.id, ANN, thread_id=98)
        table = await core.table(solo.id)
        assert table.state is not None
        labels = [table.game.describe_action(table.state, 0, action)
                  for action in table.game.legal_actions(table.state, 0)]
        _, suggestion = await core.suggest(solo.id, ANN, table.record.version)
        assert suggestion.label in labels and suggestion.estimates and suggestion.solo
        assert suggestion.label == suggestion.estimates[0][0]
        assert "of the solo chart's best" in suggestion.text(table.game.name)
        assert await asked(core, solo.id) == [1]
        assert "gives no figures" in Suggestion(labels[0]).text(table.game.name)
    finally:
        await core.close()
