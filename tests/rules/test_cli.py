"""The terminal front end (``python -m rules``), driven through ``rules.cli.main`` with in-memory streams."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.cli import main
from rules.registry import GAMES

from repo_paths import REPO

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


# ----- verify -------------------------------------------------------------------------------------

VERIFY_GAME = "wanderzirkus"
VERIFY_NAMES = ["Ann", "Bob"]
VERIFY_SEED, VERIFY_SALT = 4242, "00112233445566778899aabbccddeeff"


@pytest.fixture(scope="module")
def good_record() -> dict[str, Any]:
    from rules.core.fairness import game_record

    from harness import random_playout

    game = GAMES[VERIFY_GAME]
    final, log = random_playout(game, VERIFY_NAMES, {}, VERIFY_SEED, check_every_step=False)
    return game_record(game, VERIFY_NAMES, final.options, VERIFY_SEED, VERIFY_SALT, log, final)


def _verify_subprocess(tmp_path: Path, content: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """``python -m rules verify`` run as a person would, in its own process."""
    path = tmp_path / "record.json"
    path.write_text(content, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "rules", "verify", str(path), *extra], capture_output=True,
                          text=True, cwd=REPO, timeout=120, check=False)


def _bad(good: dict[str, Any]) -> dict[str, str]:
    tampered = copy.deepcopy(good)
    tampered["actions"] = tampered["actions"][:-1]
    renamed = json.dumps(good).replace('"Bob"', '"Mallory"')
    assert '"Mallory"' in renamed
    return {
        "tampered": json.dumps(tampered),
        "renamed": renamed,
        "unknown option": json.dumps(dict(good, options={"turbo": True})),
        "wrong player count": json.dumps(dict(good, players=["Ann"] * 9)),
        "deeply nested": "[" * 100_000 + "]" * 100_000,
        "deeply nested action": json.dumps(dict(good, actions="@")).replace('"@"', "[" * 100_000 + "]" * 100_000),
        "not JSON": "this is not a game record\n",
        "not UTF-8": "\udcff",
        "a number too long": json.dumps(dict(good, seed=0)).replace('"seed": 0', '"seed": ' + "9" * 5000),
    }


@pytest.mark.parametrize("case", ["tampered", "renamed", "unknown option", "wrong player count", "deeply nested",
                                  "deeply nested action", "not JSON", "not UTF-8", "a number too long"])
def test_verify_says_not_verified_and_never_a_traceback(case: str, good_record: dict[str, Any],
                                                       tmp_path: Path) -> None:
    content = _bad(good_record)[case]
    if case == "not UTF-8":
        (tmp_path / "record.json").write_bytes(b"\xff\xfe{")
        done = subprocess.run([sys.executable, "-m", "rules", "verify", str(tmp_path / "record.json")],
                              capture_output=True, text=True, cwd=REPO,
                              timeout=120, check=False)
    else:
        done = _verify_subprocess(tmp_path, content, "--commitment", good_record["commitment"])
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("NOT VERIFIED: ") and len(last) > len("NOT VERIFIED: ") + 5, done.stdout


def test_verify_a_good_record(good_record: dict[str, Any], tmp_path: Path) -> None:
    done = _verify_subprocess(tmp_path, json.dumps(good_record), "--commitment", good_record["commitment"])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stdout.strip().splitlines()[-1] == "VERIFIED"
    assert "Final scores: Ann " in done.stdout


def test_verify_a_missing_file_in_process(tmp_path: Path) -> None:
    run = Run("verify", str(tmp_path / "nowhere.json"))
    assert run.code == 1 and run.last_line.startswith("NOT VERIFIED: could not read ")
