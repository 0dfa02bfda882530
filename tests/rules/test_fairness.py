"""Provably fair randomness: the commitment to a game's seed, and the record check that anyone can
run once the seed is revealed (rules.core.fairness and ``python -m rules verify``)."""

from __future__ import annotations

import copy
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from rules.circus_train.game import CircusTrain
from rules.cli import main
from rules.core.fairness import RECORD_FORMAT, RECORD_FORMAT_1, commitment, game_record, verify_record
from rules.registry import GAMES

from harness import random_playout

GAME = CircusTrain()
PLAYERS = ["Ann", "Ben"]
SEED, SALT = 8_231_905_112, "5f0c1e9a77d34b2e9c1f00aa12345678"


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    final, log = random_playout(GAME, PLAYERS, {}, SEED, check_every_step=False)
    return game_record(GAME, PLAYERS, final.options, SEED, SALT, log, final)


def test_the_commitment_is_the_salted_sha256_of_the_seed_and_the_names() -> None:
    canonical = json.dumps(["ringmaster-seed/2", SEED, SALT, PLAYERS], ensure_ascii=False, separators=(",", ":"))
    assert commitment(SEED, SALT, PLAYERS) == hashlib.sha256(canonical.encode()).hexdigest()
    assert canonical == f'["ringmaster-seed/2",{SEED},"{SALT}",["Ann","Ben"]]'
    assert commitment(SEED, SALT, PLAYERS) != commitment(SEED, SALT, ["Ann", "Bob"])
    assert commitment(SEED, SALT, PLAYERS) != commitment(SEED, SALT, list(reversed(PLAYERS)))
    assert commitment(SEED, SALT, ["Ann,Ben"]) != commitment(SEED, SALT, PLAYERS)
    # Without names: the format-1 commitment, seed and salt only.
    assert commitment(SEED, SALT) == hashlib.sha256(f"ringmaster-seed:{SEED}:{SALT}".encode()).hexdigest()
    assert commitment(SEED, SALT) != commitment(SEED + 1, SALT) != commitment(SEED, SALT[::-1])


def test_an_honest_record_verifies(record: dict[str, Any]) -> None:
    assert record["format"] == RECORD_FORMAT and record["commitment"] == commitment(SEED, SALT, PLAYERS)
    verdict = verify_record(json.loads(json.dumps(record)), GAMES, published=commitment(SEED, SALT, PLAYERS).upper())
    assert verdict.ok and verdict.caveat == "", verdict.lines
    assert "players' names match" in verdict.lines[0]
    assert f"all {len(record['actions'])} actions" in verdict.lines[1]
    assert verdict.lines[-1].startswith("Final scores: Ann ")


def test_another_seed_than_the_one_committed_to_fails(record: dict[str, Any]) -> None:
    forged = dict(record, seed=SEED + 1, commitment=commitment(SEED + 1, SALT, PLAYERS))
    verdict = verify_record(forged, GAMES, published=commitment(SEED, SALT, PLAYERS))
    assert not verdict.ok and "not match the commitment" in verdict.lines[0]


def renamed(record: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The record with one player renamed everywhere: in the players and in the final state."""
    changed = json.loads(json.dumps(record).replace(f'"{old}"', f'"{new}"'))
    assert changed["players"] != record["players"]
    return changed


def test_a_renamed_player_fails(record: dict[str, Any]) -> None:
    forged = renamed(record, "Ben", "Mallory")
    verdict = verify_record(forged, GAMES, published=commitment(SEED, SALT, PLAYERS))
    assert not verdict.ok and "players' names do not match the commitment" in verdict.reason
    assert not verify_record(forged, GAMES).ok  # against the record's own commitment as well


def test_a_format_1_record_verifies_but_says_the_names_are_not_covered(record: dict[str, Any]) -> None:
    old = dict(record, format=RECORD_FORMAT_1, commitment=commitment(SEED, SALT))
    verdict = verify_record(old, GAMES, published=commitment(SEED, SALT))
    assert verdict.ok and verdict.caveat == "format 1: the players' names are not covered", verdict.lines
    assert "does not cover the players' names" in verdict.lines[0]
    # Format 1 cannot tell a renamed player; it says so rather than pretend.
    assert verify_record(renamed(old, "Ben", "Mallory"), GAMES, published=commitment(SEED, SALT)).caveat
    # A format-1 record is never checked against a commitment that covers names it does not have.
    assert not verify_record(old, GAMES, published=commitment(SEED, SALT, PLAYERS)).ok


def test_a_tampered_log_fails(record: dict[str, Any]) -> None:
    # A move changed: the first decision replaced by another one that was legal at that point.
    start = GAME.new_game(PLAYERS, record["options"], SEED)
    first = record["actions"][0]
    other = next(a for a in GAME.legal_actions(start, first["seat"]) if GAME.action_to_json(a) != first["action"])
    changed = copy.deepcopy(record)
    changed["actions"][0]["action"] = GAME.action_to_json(other)
    verdict = verify_record(changed, GAMES)
    assert not verdict.ok
    assert "not legal when replayed" in verdict.lines[-1] or "does not reach" in verdict.lines[-1]
    # A move removed.
    shortened = dict(record, actions=record["actions"][:-1])
    verdict = verify_record(shortened, GAMES)
    assert not verdict.ok and "does not reach the recorded final state" in verdict.lines[-1]


def test_an_altered_result_fails(record: dict[str, Any]) -> None:
    altered = copy.deepcopy(record)
    altered["final_state"]["players"] = list(reversed(altered["final_state"]["players"]))
    verdict = verify_record(altered, GAMES)
    assert not verdict.ok and "does not reach the recorded final state" in verdict.lines[-1]


def test_malformed_records_are_refused_in_a_sentence(record: dict[str, Any]) -> None:
    assert "not a Ringmaster game record" in verify_record({"format": "x"}, GAMES).lines[0]
    assert "no game called" in verify_record(dict(record, game="chess"), GAMES).lines[0]
    assert "malformed" in verify_record({k: v for k, v in record.items() if k != "seed"}, GAMES).lines[0]


def _nested(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def _bad_records(record: dict[str, Any]) -> dict[str, Any]:
    first = record["actions"][0]
    return {
        "not a record": [1, 2, 3],
        "unknown option": dict(record, options={"warp_speed": True}),
        "option of the wrong type": dict(record, options={"advanced": [1]}),
        "too many players": dict(record, players=[f"P{n}" for n in range(9)]),
        "no players": dict(record, players=[]),
        "players not names": dict(record, players=[1, 2]),
        "seed as text": dict(record, seed=str(SEED)),
        "seed too long to print": dict(record, seed=10**5000),
        "seed a boolean": dict(record, seed=True),
        "options not a mapping": dict(record, options=[]),
        "actions not a list": dict(record, actions={"0": 1}),
        "action not an entry": dict(record, actions=[5]),
        "seat out of range": dict(record, actions=[dict(first, seat=99)]),
        "seat huge": dict(record, actions=[dict(first, seat=10**40)]),
        "action junk": dict(record, actions=[dict(first, action={"kind": "x" * 5000})]),
        "nested action": dict(record, actions=[dict(first, action=_nested(5000))]),
        "nested final state": dict(record, final_state=_nested(5000)),
        "no final state": {k: v for k, v in record.items() if k != "final_state"},
        "commitment not text": dict(record, commitment=[1]),
        "lone surrogate name": dict(record, players=["Ann", "\ud800"]),
    }


def test_no_record_makes_the_check_raise(record: dict[str, Any]) -> None:
    for name, bad in _bad_records(record).items():
        verdict = verify_record(bad, GAMES)
        assert not verdict.ok, name
        assert verdict.reason[:1].isupper() and len(verdict.reason) <= 400, (name, verdict.reason)


def test_the_verify_command(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = io.StringIO()
    digest = commitment(SEED, SALT, PLAYERS)
    assert main(["verify", str(path), "--commitment", digest], io.StringIO(), out, io.StringIO()) == 0
    assert out.getvalue().splitlines()[-1] == "VERIFIED" and "NOT" not in out.getvalue()
    out = io.StringIO()
    assert main(["verify", str(path), "--commitment", "0" * 64], io.StringIO(), out, io.StringIO()) == 1
    assert out.getvalue().splitlines()[-1].startswith("NOT VERIFIED: The revealed seed and the players' names do not")
    out = io.StringIO()
    assert main(["verify", str(tmp_path / "missing.json")], io.StringIO(), out, io.StringIO()) == 1
    assert out.getvalue().startswith("NOT VERIFIED: could not read ")
    # A game whose thread showed a format-1 commitment (before the names were covered) still checks out,
    # and the verdict says what it does not cover.
    out = io.StringIO()
    assert main(["verify", str(path), "--commitment", commitment(SEED, SALT)], io.StringIO(), out, io.StringIO()) == 0
    assert out.getvalue().splitlines()[-1] == "VERIFIED (format 1: the players' names are not covered)"
