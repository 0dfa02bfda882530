"""Provably fair randomness: a published commitment to a game's secret seed and its players, and the
check anyone can run once the seed is revealed.

Every shuffle and die of a game comes from its ``Rng``, seeded once at creation. When the game starts,
the table publishes ``commitment(seed, salt, players=names)``, a SHA-256 hash; the seed and salt stay
secret (knowing the seed would tell every future draw). When the game ends they are revealed together
with the whole action log, as a *game record*. :func:`verify_record` then checks that

1. the revealed seed and salt, with the players' names in seat order, hash to the commitment published
   at the start, so the seed was fixed before the first move and never swapped, and nobody was renamed
   or reseated afterwards;
2. replaying that seed and the logged actions through the rules accepts every action and reaches
   exactly the recorded final state, so no draw, move or result was altered afterwards.

The salt (random hex, kept with the seed) makes the hash impossible to reverse by trying seeds.

**What is hashed** (format 2, :data:`RECORD_FORMAT`): the UTF-8 bytes of the compact JSON array
``["ringmaster-seed/2", seed, salt, [name, ...]]`` — written with ``json.dumps(..., ensure_ascii=False,
separators=(",", ":"))``, the names in seat order, exactly as given. Format 1 (:data:`RECORD_FORMAT_1`,
records made before the names were covered) hashed only ``"ringmaster-seed:{seed}:{salt}"``; such a
record, or a commitment of that older form shown at a game's start, still verifies, but the verdict says
that the players' names are not covered.

A game record is JSON: ``{"format": RECORD_FORMAT, "game": <key>, "players": [...], "options": {...},
"seed": int, "salt": str, "commitment": hex, "actions": [{"seat": int, "action": {...}}, ...],
"final_state": <the rules' state JSON>}``.

:func:`verify_record` never raises: a malformed, tampered, renamed or unreadable record is a verdict
that is not ``ok``, with the reason in a sentence.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lang import N_, tr
from rules.core.errors import RulesError
from rules.core.game import Game

RECORD_FORMAT = "ringmaster-game-record/2"
RECORD_FORMAT_1 = "ringmaster-game-record/1"
FORMAT_1_CAVEAT = N_("format 1: the players' names are not covered")
"""Marked for the catalogue: shown translated with ``tr(FORMAT_1_CAVEAT)``."""
_REASON_LIMIT = 200


def commitment(seed: int, salt: str, players: Sequence[str] = ()) -> str:
    """The SHA-256 hex digest published before the game's first move. With ``players`` (the names in
    seat order) it covers them too (format 2); without, it is the format-1 digest of seed and salt only."""
    if not players:
        return hashlib.sha256(f"ringmaster-seed:{seed}:{salt}".encode()).hexdigest()
    canonical = json.dumps(["ringmaster-seed/2", seed, salt, [str(name) for name in players]],
                           ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def game_record(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, Any], seed: int, salt: str,
                actions: Sequence[tuple[int, Mapping[str, Any]]], final_state: Any) -> dict[str, Any]:
    """The record of a finished game that :func:`verify_record` checks (always the current format)."""
    return {"format": RECORD_FORMAT, "game": game.key, "players": list(players), "options": dict(options),
            "seed": seed, "salt": salt, "commitment": commitment(seed, salt, players),
            "actions": [{"seat": seat, "action": dict(action)} for seat, action in actions],
            "final_state": game.state_to_json(final_state)}


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``ok``, the sentences that explain it, and a ``caveat`` on what a positive
    verdict does not cover (empty when it covers everything)."""

    ok: bool
    lines: tuple[str, ...]
    caveat: str = ""

    @property
    def reason(self) -> str:
        """Why the record is not verified: the last sentence ("" when it is)."""
        return "" if self.ok or not self.lines else self.lines[-1]


def _brief(value: object) -> str:
    """A short, safe rendering of untrusted data for a sentence."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = tr("a {type}", type=type(value).__name__)
    return text if len(text) <= 60 else text[:57] + "..."


def verify_record(record: object, games: Mapping[str, Game[Any, Any]], published: str | None = None) -> Verdict:
    """Check a game record (see the module docstring). ``published`` is the commitment as the thread
    showed it at the start; without it, the record's own ``commitment`` field is used. Never raises."""
    try:
        return _verify(record, games, published)
    except RulesError as error:
        return _refused(tr("The record cannot be replayed: {reason}", reason=error))
    except KeyError as error:
        return _refused(tr("The record is malformed: it has no {key} entry.",
                              key=_brief(error.args[0] if error.args else '')))
    except RecursionError:
        return _refused(tr("The record is malformed: it is nested too deeply to read."))
    except Exception as error:  # untrusted input: whatever it breaks, the answer is a verdict, never a traceback
        return _refused(tr("The record is malformed: {reason}.",
                              reason=str(error)[:_REASON_LIMIT] or type(error).__name__))


def _refused(*lines: str) -> Verdict:
    return Verdict(False, tuple(line if len(line) <= 400 else line[:397] + "..." for line in lines))


def _field(record: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    value = record[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ValueError(tr("its {key} is not {what}", key=repr(key), what=tr(what)))
    return value


def _verify(record: object, games: Mapping[str, Game[Any, Any]], published: str | None) -> Verdict:
    if not isinstance(record, Mapping):
        return _refused(tr("The file does not hold a game record."))
    form = record.get("format")
    if form not in (RECORD_FORMAT, RECORD_FORMAT_1):
        return _refused(tr("This is not a Ringmaster game record (format {format}).", format=_brief(form)))
    game = games.get(str(record["game"])[:100])
    if game is None:
        return _refused(tr("This version of Ringmaster has no game called {game}.", game=_brief(record['game'])))
    seed = _field(record, "seed", int, N_("a whole number"))
    salt = _field(record, "salt", str, N_("text"))
    players = _field(record, "players", list, N_("a list of names"))
    if not all(isinstance(name, str) for name in players):
        raise ValueError(tr("its players are not all names"))
    options = _field(record, "options", dict, N_("a set of options"))
    actions = _field(record, "actions", list, N_("a list of actions"))
    expected = str(published if published is not None else record["commitment"]).strip().lower()
    full = commitment(seed, salt, players) if form == RECORD_FORMAT else None
    seed_only = commitment(seed, salt)
    if expected == full:
        lines, caveat = [tr("The seed and the players' names match the commitment {commitment}.", commitment=full)], ""
    elif expected == seed_only:
        lines = [tr("The seed matches the commitment {commitment}, which does not cover the players' names.",
                    commitment=seed_only)]
        caveat = tr(FORMAT_1_CAVEAT)
    else:
        if full:
            return _refused(tr("The revealed seed and the players' names do not match the commitment: they hash to "
                               "{hashed}, but {published} was published.", hashed=full, published=_brief(expected)))
        return _refused(tr("The revealed seed does not match the commitment: it hashes to {hashed}, but {published} "
                           "was published.", hashed=seed_only, published=_brief(expected)))
    state = game.new_game(players, options, seed)
    for number, entry in enumerate(actions, start=1):
        if not isinstance(entry, Mapping):
            raise ValueError(tr("action {number} is not an entry with a seat and an action", number=number))
        seat = _field(entry, "seat", int, N_("a seat number"))
        try:
            state, _ = game.apply(state, seat, game.action_from_json(entry["action"]))
        except RulesError as error:
            return _refused(*lines, tr("Action {number} of {total} (seat {seat}) is not legal when replayed: {reason}",
                                       number=number, total=len(actions), seat=seat + 1 if -9 < seat < 99 else '?',
                                       reason=error))
    replayed = json.dumps(game.state_to_json(state), sort_keys=True)
    recorded = json.dumps(record["final_state"], sort_keys=True)
    if replayed != recorded:
        return _refused(*lines, tr("Replaying the {total} actions does not reach the recorded final state: "
                                   "the log or the result was altered.", total=len(actions)))
    lines.append(tr("Replaying all {total} actions reaches exactly the recorded final state.", total=len(actions)))
    outcome = game.outcome(state)
    if outcome is not None:
        scores = ", ".join(tr("{name} {score}", name=players[seat][:80], score=score)
                           for seat, score in enumerate(outcome.scores))
        lines.append(tr("Final scores: {scores}.", scores=scores))
    return Verdict(True, tuple(lines), caveat)
