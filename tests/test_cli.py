"""The terminal front end (``python -m rules``), driven through ``rules.cli.main`` with in-memory streams."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules.cli import main
from rules.registry import GAMES

GAME = "circus_train"


class Run:
    """One call of the command line: exit code and what it printed."""

    def __init__(self, *argv: str, stdin: str = "") -> None:
        out, err = io.StringIO(), io.StringIO()
        self.code = main(list(argv), io.StringIO(stdin), out, err)
        self.out = out.getvalue()
        self.err = err.getvalue()

    @property
    def last_line(self) -> str:
        return self.out.rstrip("\n").splitlines()[-1]


def assert_refused(run: Run) -> None:
    """Exit code 2 with one readable sentence on stderr and no traceback."""
    assert run.code == 2
    assert "Traceback" not in run.err + run.out
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), run.err


# ----- simulate -----------------------------------------------------------------------------------


def test_simulate_random_games_all_finish() -> None:
    run = Run("simulate", GAME, "--games", "6", "--seed", "100")
    assert run.last_line == "6 games finished, 0 errors", run.out
    assert run.code == 0


def test_simulate_automatic_players_with_summary() -> None:
    run = Run("simulate", GAME, "--games", "4", "--seed", "7", "--auto", "--summary", "--players", "3",
              "--option", "advanced=true")
    assert run.last_line == "4 games finished, 0 errors", run.out
    summaries = run.out.splitlines()[:-1]
    expected = [f"game {i} (seed {7 + i}, 3 players)" for i in range(4)]
    assert [line.split(":")[0] for line in summaries] == expected
    assert all("scores" in line for line in summaries)
    assert run.code == 0


def test_simulate_is_deterministic() -> None:
    first = Run("simulate", GAME, "--games", "2", "--seed", "3", "--summary")
    assert first.out == Run("simulate", GAME, "--games", "2", "--seed", "3", "--summary").out


def test_simulate_reports_a_failing_game_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[GAME]

    def broken(state: Any, seat: int, action: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "resolve", broken)
    run = Run("simulate", GAME, "--games", "2", "--seed", "5", "--players", "2")
    lines = run.out.splitlines()
    assert lines[0].startswith("game 0 (seed 5, 2 players, options ")
    assert lines[0].endswith("): RuntimeError: boom")
    assert lines[1].startswith("game 1 (seed 6, 2 players, options ")
    assert run.last_line == "0 games finished, 2 errors"
    assert run.code == 1


def test_simulate_a_seat_without_legal_actions_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GAMES[GAME], "legal_actions", lambda state, seat: [])
    run = Run("simulate", GAME, "--games", "1")
    assert "NoLegalActions" in run.out
    assert run.last_line == "0 games finished, 1 errors"
    assert run.code == 1


def test_simulate_step_limit() -> None:
    run = Run("simulate", GAME, "--games", "1", "--max-steps", "1")
    assert "StepLimitExceeded" in run.out
    assert run.last_line == "0 games finished, 1 errors"


@pytest.mark.parametrize("option", ["advanced=maybe", "no_such_option=true", "advanced"])
def test_simulate_invalid_option_is_refused(option: str) -> None:
    assert_refused(Run("simulate", GAME, "--games", "1", "--option", option))


def test_simulate_invalid_player_count_is_refused() -> None:
    run = Run("simulate", GAME, "--games", "1", "--players", "9")
    assert_refused(run)
    assert "9" in run.err


def test_unknown_game_is_refused() -> None:
    run = Run("simulate", "tiddlywinks", "--games", "1")
    assert_refused(run)
    assert "tiddlywinks" in run.err and GAME in run.err


# ----- play ---------------------------------------------------------------------------------------


def test_play_with_every_seat_automatic_reaches_the_outcome() -> None:
    run = Run("play", GAME, "--names", "Ann,Bob", "--seed", "4", "--auto-seats", "1,2")
    assert run.code == 0, run.out
    assert "Game over" in run.out
    assert "1st: " in run.out
    assert "Ann (" in run.out and "Bob (" in run.out


def test_play_refuses_bad_input_politely_and_goes_on() -> None:
    script = "1\n9999\nhello\n1\nlog\n"
    run = Run("play", GAME, "--names", "Ann,Bob", "--seed", "2", stdin=script)
    assert run.code == 0
    assert "Traceback" not in run.out + run.err
    assert "There is no action number 9999" in run.out
    assert "Type an action number" in run.out
    turns = [line for line in run.out.splitlines() if line.startswith("=====") and "seat" in line]
    assert len(turns) == 3  # "1" and the later "1" were both taken; the refusals in between were not
    assert run.out.rstrip().endswith("Input ended; leaving the game.")


def test_play_json_and_quit() -> None:
    run = Run("play", GAME, "--players", "2", "--seed", "1", stdin="json\nq\n")
    assert run.code == 0
    start = run.out.index("> {") + 2
    body = run.out[start:run.out.index("\n> ", start)]
    assert isinstance(json.loads(body), dict)
    assert run.out.rstrip().endswith("Leaving the game.")


def test_play_the_automatic_choice_for_a_human_seat() -> None:
    run = Run("play", GAME, "--players", "2", "--seed", "1", stdin="a\n")
    turns = [line for line in run.out.splitlines() if line.startswith("=====") and "seat" in line]
    assert len(turns) == 2
    assert run.code == 0


@pytest.mark.parametrize("argv", [
    ["--names", "Ann,,Bob"],
    ["--names", "Ann,Bob", "--players", "3"],
    ["--players", "2", "--auto-seats", "3"],
    ["--option", "easier=perhaps"],
])
def test_play_refuses_bad_setup(argv: list[str]) -> None:
    assert_refused(Run("play", GAME, *argv))
