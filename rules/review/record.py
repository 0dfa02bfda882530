"""The record to keep: a finished game's export, as documented JSON, and its plain-text log.

The export (format :data:`EXPORT_FORMAT`, ``docs/review.md`` describes every field) holds everything the fairness
record holds (so ``python -m rules verify`` checks it the same way) plus what a reader wants without replaying:
each action's public events in data and in words, who played each seat (a robot's level), and the outcome::

    {"format": "ringmaster-game-export/1", "game": "circus_train", "name": "Circus Train", "title": "...",
     "players": ["alice", "bob"], "seats": [{"seat": 0, "name": "alice", "robot": null}, ...],
     "options": {...}, "seed": 123, "salt": "ab..", "commitment": "sha256 hex", "status": "finished",
     "actions": [{"number": 1, "seat": 0, "action": {...}, "automatic": null,
                  "events": [{"kind": "...", "data": {...}}], "text": ["alice takes ..."]}, ...],
     "outcome": {"scores": [..], "ranking": [[0], [1]], "lines": [..], "result": null},
     "final_state": {...}}

Only public events are exported: a seat's private events (a card drawn into a hand) are left out, though the
seed and the actions let anyone replay them now that the game is over. :func:`verify_export` checks the fairness
part (:func:`rules.core.fairness.verify_record`) and then that every exported event and outcome is what the
replay gives, so an export whose story was edited does not verify.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from lang import tr, trc
from rules.core import fairness
from rules.core.events import Event
from rules.core.game import Game
from rules.core.players import level_words

EXPORT_FORMAT = "ringmaster-game-export/1"


def export_record(game: Game[Any, Any], title: str, players: Sequence[str], options: Mapping[str, Any], seed: int,
                  salt: str, actions: Sequence[tuple[int, Mapping[str, Any]]], *, status: str = "finished",
                  robots: Mapping[int, str] | None = None,
                  automatic: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The export of a game that has ended (see the module's docstring). ``robots`` gives a robot seat's level;
    ``automatic`` each action's mark (why the table played it: "deadline", "autopilot", "forced"...), if known."""
    state = game.new_game(list(players), dict(options), seed)
    entries: list[dict[str, Any]] = []
    for number, (seat, raw) in enumerate(actions, start=1):
        state, events = game.apply(state, seat, game.action_from_json(dict(raw)))
        public = [event for event in events if event.private_to is None]
        entries.append({"number": number, "seat": seat, "action": dict(raw),
                        "automatic": automatic[number - 1] if automatic is not None else None,
                        "events": [{"kind": event.kind, "data": event.data} for event in public],
                        "text": [game.describe_event(event, players) for event in public]})
    outcome = game.outcome(state)
    record = fairness.game_record(game, players, options, seed, salt, actions, state)
    return {"format": EXPORT_FORMAT, "game": game.key, "name": game.name, "title": title,
            "players": list(players),
            "seats": [{"seat": seat, "name": name, "robot": (robots or {}).get(seat)}
                      for seat, name in enumerate(players)],
            "options": dict(options), "seed": seed, "salt": salt, "commitment": record["commitment"], "status": status,
            "actions": entries,
            "outcome": None if outcome is None else {
                "scores": list(outcome.scores), "ranking": [list(place) for place in outcome.ranking],
                "lines": list(outcome.lines), "result": outcome.result},
            "final_state": record["final_state"]}


def fairness_part(export: Mapping[str, Any]) -> dict[str, Any]:
    """The fairness record an export holds (what :func:`rules.core.fairness.verify_record` checks)."""
    return {"format": fairness.RECORD_FORMAT, "game": export["game"], "players": export["players"],
            "options": export["options"], "seed": export["seed"], "salt": export["salt"],
            "commitment": export["commitment"],
            "actions": [{"seat": entry["seat"], "action": entry["action"]} for entry in export["actions"]],
            "final_state": export["final_state"]}


def verify_export(export: object, games: Mapping[str, Game[Any, Any]],
                  published: str | None = None) -> fairness.Verdict:
    """Check an export: the fairness part, then every exported event and the outcome against the replay. Never
    raises: a malformed export is a verdict that is not ``ok``."""
    try:
        if not isinstance(export, Mapping) or export.get("format") != EXPORT_FORMAT:
            return fairness.Verdict(False, (tr("This is not a Ringmaster game export."),))
        verdict = fairness.verify_record(fairness_part(export), games, published)
        if not verdict.ok:
            return verdict
        game = games[str(export["game"])]
        players = [str(name) for name in export["players"]]
        state = game.new_game(players, dict(export["options"]), int(export["seed"]))
        for entry in export["actions"]:
            state, events = game.apply(state, int(entry["seat"]), game.action_from_json(dict(entry["action"])))
            public = [{"kind": event.kind, "data": event.data} for event in events if event.private_to is None]
            if json.dumps(public, sort_keys=True) != json.dumps(entry["events"], sort_keys=True):
                return fairness.Verdict(False, (*verdict.lines, tr(
                    "Action {number}'s events are not what replaying it gives: the export's story was altered.",
                    number=entry['number'])))
        outcome = game.outcome(state)
        recorded = export.get("outcome")
        if outcome is not None and (not isinstance(recorded, Mapping) or
                                    list(recorded.get("scores", [])) != list(outcome.scores)):
            return fairness.Verdict(False, (*verdict.lines,
                                            tr("The exported final scores are not what the replay gives.")))
        return fairness.Verdict(True, (*verdict.lines, tr("Every exported event is what the replay gives.")),
                                verdict.caveat)
    except Exception as error:  # untrusted input: whatever it breaks, the answer is a verdict
        return fairness.Verdict(False, (tr("The export is malformed: {reason}.",
                                           reason=str(error)[:200] or type(error).__name__),))


def _status(status: object) -> str:
    """A game's status as the log names it (the export keeps the English key)."""
    if status == "finished":
        return trc("game status", "finished")
    if status == "abandoned":
        return trc("game status", "abandoned")
    return str(status)


def plain_text(export: Mapping[str, Any]) -> str:
    """The export as a plain-text log a person reads: the game, the players, every public event numbered by
    action, the final scores and the seed's reveal."""
    players = list(export["players"])
    seats = ", ".join(tr("{name} (robot, {level})", name=seat["name"], level=level_words(seat["robot"]))
                      if seat.get("robot") else str(seat["name"]) for seat in export["seats"])
    options = ", ".join(f"{key} = {value}" for key, value in sorted(export["options"].items()))
    lines = [tr("{title} ({game}), {status}", title=export["title"], game=export["name"],
                status=_status(export["status"])),
             tr("Players: {players}", players=seats),
             tr("Options: {options}", options=options) if options else tr("Options: none"), ""]
    for entry in export["actions"]:
        seat = int(entry["seat"])
        who = players[seat] if 0 <= seat < len(players) else tr("seat {number}", number=seat + 1)
        mark = f" [{entry['automatic']}]" if entry.get("automatic") else ""
        text = entry["text"] or [tr("{name} makes a choice only they could see then.", name=who)]
        for index, sentence in enumerate(text):
            lines.append(f"{entry['number']:>4}{mark if index == 0 else ''}  {sentence}" if index == 0 else
                         f"      {sentence}")
    outcome = export.get("outcome")
    if isinstance(outcome, Mapping):
        scores = ", ".join(tr("{name} {score}", name=players[seat], score=score)
                           for seat, score in enumerate(outcome["scores"]))
        lines += ["", tr("Final scores: {scores}.", scores=scores)]
        lines += [str(line) for line in outcome.get("lines", [])]
    lines += ["", tr("Seed {seed}, salt {salt}, commitment {commitment}.", seed=export['seed'], salt=export['salt'],
                     commitment=export['commitment']),
              tr("Check it: {command} <{export}>", command="python -m rules verify",
                 export=tr("this game's .json export"))]
    return "\n".join(lines) + "\n"


def events_of(entry: Mapping[str, Any]) -> list[Event]:
    """An exported action's public events (for a reader that wants them as the rules' events)."""
    return [Event(str(raw["kind"]), dict(raw["data"])) for raw in entry["events"]]
