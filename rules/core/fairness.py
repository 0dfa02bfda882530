"""Provably fair randomness: a published commitment to a game's secret seed, and the check anyone
can run once the seed is revealed.

Every shuffle and die of a game comes from its ``Rng``, seeded once at creation. When the game starts,
the table publishes ``commitment(seed, salt)``, a SHA-256 hash; the seed and salt stay secret (knowing
the seed would tell every future draw). When the game ends they are revealed together with the whole
action log, as a *game record*. :func:`verify_record` then checks that

1. the revealed seed and salt hash to the commitment published at the start, so the seed was fixed
   before the first move and never swapped;
2. replaying that seed and the logged actions through the rules accepts every action and reaches
   exactly the recorded final state, so no draw, move or result was altered afterwards.

The salt (random hex, kept with the seed) makes the hash impossible to reverse by trying seeds.

A game record is JSON: ``{"format": RECORD_FORMAT, "game": <key>, "players": [...], "options": {...},
"seed": int, "salt": str, "commitment": hex, "actions": [{"seat": int, "action": {...}}, ...],
"final_state": <the rules' state JSON>}``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.errors import RulesError
from rules.core.game import Game

RECORD_FORMAT = "ringmaster-game-record/1"


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 hex digest published before the game's first move."""
    return hashlib.sha256(f"ringmaster-seed:{seed}:{salt}".encode()).hexdigest()


def game_record(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, Any], seed: int, salt: str,
                actions: Sequence[tuple[int, Mapping[str, Any]]], final_state: Any) -> dict[str, Any]:
    """The record of a finished game that :func:`verify_record` checks."""
    return {"format": RECORD_FORMAT, "game": game.key, "players": list(players), "options": dict(options),
            "seed": seed, "salt": salt, "commitment": commitment(seed, salt),
            "actions": [{"seat": seat, "action": dict(action)} for seat, action in actions],
            "final_state": game.state_to_json(final_state)}


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``ok`` and the sentences that explain it."""

    ok: bool
    lines: tuple[str, ...]


def verify_record(record: Mapping[str, Any], games: Mapping[str, Game[Any, Any]],
                  published: str | None = None) -> Verdict:
    """Check a game record (see the module docstring). ``published`` is the commitment as the thread
    showed it at the start; without it, the record's own ``commitment`` field is used."""
    try:
        return _verify(record, games, published)
    except (KeyError, TypeError, ValueError) as error:
        return Verdict(False, (f"The record is malformed: {error!s}.",))


def _verify(record: Mapping[str, Any], games: Mapping[str, Game[Any, Any]], published: str | None) -> Verdict:
    if record.get("format") != RECORD_FORMAT:
        return Verdict(False, (f"This is not a Ringmaster game record (format {record.get('format')!r}).",))
    game = games.get(str(record["game"]))
    if game is None:
        return Verdict(False, (f"This version of Ringmaster has no game called {record['game']!r}.",))
    seed, salt = int(record["seed"]), str(record["salt"])
    expected = (published or str(record["commitment"])).strip().lower()
    actual = commitment(seed, salt)
    if actual != expected:
        return Verdict(False, (f"The revealed seed does not match the commitment: it hashes to {actual}, "
                               f"but {expected} was published.",))
    lines = [f"The seed matches the commitment {actual}."]
    state = game.new_game([str(name) for name in record["players"]], dict(record["options"]), seed)
    for number, entry in enumerate(record["actions"], start=1):
        seat = int(entry["seat"])
        try:
            state, _ = game.apply(state, seat, game.action_from_json(entry["action"]))
        except RulesError as error:
            return Verdict(False, (*lines, f"Action {number} of {len(record['actions'])} (seat {seat + 1}) is not "
                                           f"legal when replayed: {error}"))
    replayed = json.dumps(game.state_to_json(state), sort_keys=True)
    recorded = json.dumps(record["final_state"], sort_keys=True)
    if replayed != recorded:
        return Verdict(False, (*lines, f"Replaying the {len(record['actions'])} actions does not reach the recorded "
                                       "final state: the log or the result was altered."))
    lines.append(f"Replaying all {len(record['actions'])} actions reaches exactly the recorded final state.")
    outcome = game.outcome(state)
    if outcome is not None:
        players = [str(name) for name in record["players"]]
        lines.append("Final scores: " + ", ".join(f"{players[seat]} {score}"
                                                  for seat, score in enumerate(outcome.scores)) + ".")
    return Verdict(True, tuple(lines))
