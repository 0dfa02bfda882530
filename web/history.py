"""A game's public history, step by step, for the replay page.

The seed and the action log are replayed through the rules, and only the spectator view
(``view(state, None)``) and the public events of each action are kept, like the animated replay of
``render/replay.py``. An action that leaves no public trace (a card chosen in hand, a coin put in a
secret wagon) is no step of its own: it joins the next step that shows something, so the steps never
tell how many secret decisions were made between two public ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from db.records import ActionRecord, GameRecord, SeatRecord
from lang import tr
from rules.core import fairness
from rules.core.fairness import Verdict
from rules.core.game import View
from rules.registry import GAMES
from table import compose
from table.kits import kit
from table.model import Table


@dataclass(frozen=True)
class Step:
    view: View
    """The spectator view after the step."""
    lines: tuple[str, ...]
    """What happened in it, as the thread's log says it (automatic moves marked 🤖)."""
    alt: str
    """The text alternative of its board image."""
    numbers: tuple[int, ...] = ()
    """The actions (numbered from 1 in the log) the step shows: where a finished game's review says its words."""


def public_steps(table: Table, actions: Sequence[ActionRecord]) -> list[Step]:
    """The start, then one step per public change. Runs the rules: call it off the event loop."""
    game, kit = table.game, table.kit
    state = game.new_game(table.names, table.record.options, table.record.seed)
    start = game.view(state, None)
    steps = [Step(start, (tr("{title} begins.", title=table.title),), kit.board_alt(start))]
    waiting: list[str] = []
    numbers: list[int] = []
    for number, logged in enumerate(actions, start=1):
        state, _ = game.apply(state, logged.seat, game.action_from_json(logged.action))
        mark = "🤖 " if logged.automatic else ""
        waiting += [mark + line for line in compose.public_sentences(table, logged.events)]
        numbers.append(number)
        public = game.view(state, None)
        if public != steps[-1].view or waiting:
            steps.append(Step(public, tuple(waiting), kit.board_alt(public), tuple(numbers)))
            waiting, numbers = [], []
    return steps


def replayed_steps(record: GameRecord, seats: list[SeatRecord], actions: Sequence[ActionRecord]) -> list[Step]:
    """:func:`public_steps` from plain records, as a render worker process receives them (it looks the game's
    kit up itself: a kit holds functions that do not travel between processes)."""
    return public_steps(Table(record, seats, kit(record.kind), None), actions)


def verified(record: dict[str, object], digest: str) -> Verdict:
    """A finished game's record checked against the commitment its thread showed (replays the game: run it in a
    render worker)."""
    return fairness.verify_record(record, GAMES, digest)
