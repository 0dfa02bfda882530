"""Luck, measured: what each seat rolled against what it could expect, from the revealed seed and the log.

Circus Train is the game of dice here: every hiring, stealing and recruiting roll succeeds on a die at most a
threshold (4 in the Basic Game; the Reputation track in the Advanced Game; a steal's penalty raises the roll).
Replaying the record gives each roll and the threshold it was rolled against, so each seat's expected successes
are the sum of ``threshold / 6`` over its rolls, and its luck is how many more (or fewer) it got. The other three
games deal and draw, but no draw of theirs is better or worse by itself (a card's worth depends on the hand it
joins), so they get no luck line rather than a made-up one.

Anyone holding the record can check each line: the rolls are in the public log, and the thresholds follow from
the options and the state the log replays to.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from lang import LANGUAGES, current, tr, trn
from rules.core.game import Game

DIE_SIDES = 6
_ROLLS = ("hire_roll", "steal_roll", "recruit_roll")


@dataclass(frozen=True)
class Luck:
    """One seat's rolls: how many, how many succeeded, and how many it could expect to (a mean, not a count)."""

    seat: int
    rolls: int
    successes: int
    expected: float

    @property
    def difference(self) -> float:
        return self.successes - self.expected


def _threshold(state: Any, seat: int, kind: str) -> int:
    # Imported here: only Circus Train's luck needs its modifiers, and the review must not load every game.
    from rules.circus_train import modifiers

    circus = state.circuses[seat]
    if kind == "hire_roll":
        return int(modifiers.hire_range(state, circus))
    if kind == "steal_roll":
        return int(modifiers.steal_range(state, circus))
    return int(modifiers.recruit_range(state, circus))


def measure_luck(game: Game[Any, Any], players: Sequence[str], options: Mapping[str, object], seed: int,
                 actions: Iterable[tuple[int, Mapping[str, Any]]]) -> list[Luck]:
    """Each seat's luck with the dice; empty for a game without dice (see the module's docstring)."""
    if game.key != "circus_train":
        return []
    state = game.new_game(list(players), dict(options), seed)
    rolls = [0] * len(players)
    successes = [0] * len(players)
    expected = [0.0] * len(players)
    for seat, action in actions:
        before = state
        state, events = game.apply(state, seat, game.action_from_json(dict(action)))
        for event in events:
            if event.kind not in _ROLLS or event.private_to is not None:
                continue
            threshold = _threshold(before, seat, event.kind) - int(event.data.get("modifier") or 0)
            rolls[seat] += 1
            successes[seat] += 1 if event.data.get("success") else 0
            expected[seat] += max(0, min(DIE_SIDES, threshold)) / DIE_SIDES
    return [Luck(seat, rolls[seat], successes[seat], expected[seat]) for seat in range(len(players)) if rolls[seat]]


def _tenths(value: float) -> str:
    """A figure to one decimal place as the language being spoken writes it: 6.3, 6,3."""
    return str(format_decimal(round(value, 1), format="0.0", locale=LANGUAGES[current()].babel))


def luck_lines(luck: Sequence[Luck], players: Sequence[str]) -> list[str]:
    """One sentence per seat that rolled: "alice rolled 12 dice: 7 succeeded where 6.3 could be expected (luckier
    than average by 0.7)"."""
    lines = []
    for entry in luck:
        name = players[entry.seat]
        diff = entry.difference
        verdict = tr("exactly as expected") if abs(diff) < 0.05 else \
            tr("luckier than average by {difference}", difference=_tenths(diff)) if diff > 0 else \
            tr("unluckier than average by {difference}", difference=_tenths(-diff))
        lines.append(trn("{name} rolled {n} die: {successes} succeeded where {expected} could be expected ({verdict}).",
                         "{name} rolled {n} dice: {successes} succeeded where {expected} could be expected "
                         "({verdict}).", entry.rolls, name=name, successes=entry.successes,
                         expected=_tenths(entry.expected), verdict=verdict))
    return lines
