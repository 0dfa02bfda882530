"""The automatic player at its three levels, the one entry point for robot seats, autopilot, deadlines,
hints and tests.

- ``easy``: for beginners; half its choices are the heuristic's, the other half any legal action.
- ``normal``: the game's one-step heuristic (``Game.auto_action``), from the seat's view.
- ``strong``: Information-Set Monte Carlo Tree Search (``rules.core.search``) over states sampled from
  the seat's view, with the game's rollout policy and evaluation, within the game's iteration budget.

Every level decides from what the seat may see, and draws from the random stream it is given, which
callers keep apart from the game's committed seed, so the fairness record is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from lang import tr, trc
from rules.core.rng import Rng
from rules.core.search import Estimate, search

Level = Literal["easy", "normal", "strong"]
LEVELS: tuple[Level, ...] = get_args(Level)


def level_words(level: object) -> str:
    """An automatic player's level as players read it: "strong", "stark" (the stored key stays English)."""
    if level == "easy":
        return trc("robot level", "easy")
    if level == "normal":
        return trc("robot level", "normal")
    if level == "strong":
        return trc("robot level", "strong")
    return str(level)
DEFAULT_LEVEL: Level = "normal"

LEVEL_NAMES: dict[Level, str] = {"easy": "easy", "normal": "normal", "strong": "strong"}


def parse_level(text: str) -> Level:
    """A level from its name; ValueError with a sentence for anything else."""
    for level in LEVELS:
        if text.strip().lower() == level:
            return level
    raise ValueError(tr("The automatic player's level is one of {levels}, not {text}.", levels=", ".join(LEVELS),
                        text=repr(text)))


@dataclass(frozen=True)
class Decision:
    """The chosen action, and for a strong decision the search's view of the best root choices (best
    first), from which hints explain themselves."""

    action: Any
    estimates: tuple[Estimate, ...] = field(default=())


def decide(game: Any, state: Any, seat: int, level: Level, rng: Rng,
           legal: Sequence[Any] | None = None) -> Decision:
    """The seat's choice at ``level``. ``state`` is the true state: only the seat's view, its legal actions
    and (for ``strong``) samples from ``game.determinize`` are read from it."""
    legal = list(game.legal_actions(state, seat) if legal is None else legal)
    if not legal:
        raise ValueError("the seat has no legal action to choose from")
    if len(legal) == 1:
        return Decision(legal[0])
    if level == "strong" and game.supports_search:
        # Never a choice that only takes back the seat's own step: a search between a step and its undoing
        # could otherwise go back and forth for ever (see ``Game.undo_kinds``).
        choices = [action for action in legal if action.kind not in game.undo_kinds] or legal
        if len(choices) == 1:
            return Decision(choices[0])
        estimates = search(game, state, seat, choices, rng, game.search_budget(state, seat))
        return Decision(estimates[0].action, tuple(estimates))
    if level == "easy" and rng.below(2) == 0:
        return Decision(legal[rng.below(len(legal))])
    return Decision(game.auto_action(game.view(state, seat), legal, rng))
