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
from rules.core.fairness import RECORD_FORMAT, commitment, game_record, verify_record
from rules.registry import GAMES

from harness import random_playout

GAME = CircusTrain()
PLAYERS = ["Ann", "Ben"]
SEED, SALT = 8_231_905_112, "5f0c1e9a77d34b2e9c1f00aa12345678"


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    final, log = random_playout(GAME, PLAYERS, {}, SEED, check_every_step=False)
    return game_record(GAME, PLAYERS, final.options, SEED, SALT, log, final)


def test_the_commitment_is_the_salted_sha256_of_the_seed() -> None:
    assert commitment(SEED, SALT) == hashlib.sha256(f"ringmaster-seed:{SEED}:{SALT}".encode()).hexdigest()
    assert commitment(SEED, SALT) != commitment(SEED + 1, SALT) != commitment(SEED, SALT[::-1])


def test_an_honest_record_verifies(record: dict[str, Any]) -> None:
    assert record["format"] == RECORD_FORMAT and record["commitment"] == commitment(SEED, SALT)
    verdict = verify_record(json.loads(json.dumps(record)), GAMES, published=commitment(SEED, SALT).upper())
    assert verdict.ok, verdict.lines
    assert f"all {len(record['actions'])} actions" in verdict.lines[1]
    assert verdict.lines[-1].startswith("Final scores: Ann ")


def test_another_seed_than_the_one_committed_to_fails(record: dict[str, Any]) -> None:
    forged = dict(record, seed=SEED + 1, commitment=commitment(SEED + 1, SALT))
    verdict = verify_record(forged, GAMES, published=commitment(SEED, SALT))
    assert not verdict.ok and "does not match the commitment" in verdict.lines[0]


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


def test_the_verify_command(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = io.StringIO()
    assert main(["verify", str(path), "--commitment", commitment(SEED, SALT)], io.StringIO(), out, io.StringIO()) == 0
    assert out.getvalue().rstrip().endswith("VERIFIED") and "NOT" not in out.getvalue()
    out = io.StringIO()
    assert main(["verify", str(path), "--commitment", "0" * 64], io.StringIO(), out, io.StringIO()) == 1
    assert out.getvalue().rstrip().endswith("NOT VERIFIED")
    out = io.StringIO()
    assert main(["verify", str(tmp_path / "missing.json")], io.StringIO(), out, io.StringIO()) == 1
    assert "Could not read" in out.getvalue()
