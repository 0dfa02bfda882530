"""Information-Set Monte Carlo Tree Search from one seat's point of view (single observer).

The strong automatic player decides with this search. Each iteration samples one complete state that
agrees with everything the deciding seat can see (the game's ``determinize``: other hands, deck and
bag order, the future of the dice are drawn afresh from the player's own random stream), walks the
tree of that seat's information sets along actions that are legal in the sample, adds one node, plays
on for a bounded number of steps with the game's rollout policy, and scores the result for every seat
with the game's ``evaluate``. Each node counts how often it was available as well as how often it was
chosen (availability counts), since a sampled hand makes only some actions possible; selection uses
those counts in UCB1 (Cowling, Powley and Whitehouse's SO-ISMCTS).

Nothing here reads the true hidden state: the search sees the root state only through
``determinize`` and the seat's own legal actions, and the tests prove the decision is the same for two
states that differ only in what the seat cannot see. The budget is a number of iterations, never a
time, so a decision depends on the position and the random stream alone.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.clone import clone
from rules.core.rng import Rng

AnyGame = Any  # rules.core.game.Game; kept loose here to avoid an import circle


@dataclass(frozen=True)
class SearchBudget:
    """How much a strong decision may look at. ``iterations`` samples and tree walks; ``horizon`` steps of
    rollout after the tree before ``evaluate`` judges the position (a finished game is judged by its
    outcome); ``exploration`` is UCB1's constant for rewards in [0, 1]."""

    iterations: int = 200
    horizon: int = 40
    exploration: float = 0.7


@dataclass(frozen=True)
class Estimate:
    """One root choice as the search saw it: the seat's mean reward after it (about its chance to win,
    in [0, 1]) and how many iterations chose it."""

    action: Any
    value: float
    visits: int


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def step(game: AnyGame, state: Any, seat: int, action: Any) -> Any:
    """``state`` after ``seat`` plays ``action``, an action taken from ``legal_actions`` of this very
    state, so ``apply``'s checks are skipped. ``state`` is left as it was."""
    after = clone(state)
    game.resolve(after, seat, action)
    return after


def mover(game: AnyGame, state: Any) -> int:
    """Which awaited seat decides next inside the search: the lowest, so simultaneous steps are walked
    one seat at a time in a fixed order."""
    seat: int = min(game.to_act(state))
    return seat


def search(game: AnyGame, state: Any, seat: int, legal: Sequence[Any], rng: Rng,
           budget: SearchBudget) -> list[Estimate]:
    """The root choices of ``seat`` in ``state``, best first. ``legal`` is the seat's legal actions now."""
    root = _Node()
    for _ in range(budget.iterations):
        sample = game.determinize(state, seat, rng)
        _iterate(game, root, sample, seat, rng, budget)
    estimates = []
    for index, action in enumerate(legal):
        child = root.children.get((seat, action))
        visits = child.visits if child else 0
        value = child.reward / child.visits if child and child.visits else 0.0
        estimates.append((visits, value, -index, Estimate(action, value, visits)))
    estimates.sort(key=lambda entry: entry[:3], reverse=True)
    return [entry[3] for entry in estimates]


def _iterate(game: AnyGame, root: _Node, state: Any, seat: int, rng: Rng, budget: SearchBudget) -> None:
    node = root
    path: list[tuple[_Node, int]] = []
    actor = seat
    expanded = False
    while not expanded and game.to_act(state):
        legal = game.legal_actions(state, actor)
        if len(legal) == 1:  # a forced step adds no choice to the tree
            state = step(game, state, actor, legal[0])
        else:
            untried = []
            best: tuple[float, Any, _Node] | None = None
            for action in legal:
                child = node.children.get((actor, action))
                if child is None:
                    untried.append(action)
                    continue
                child.available += 1
                if not untried:
                    score = child.reward / child.visits + budget.exploration * math.sqrt(
                        math.log(child.available) / child.visits)
                    if best is None or score > best[0]:
                        best = (score, action, child)
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node()
                child.available = 1
                node.children[(actor, action)] = child
                expanded = True
            else:
                assert best is not None
                _, action, child = best
            state = step(game, state, actor, action)
            path.append((child, actor))
            node = child
        if game.to_act(state):
            actor = mover(game, state)
    rewards = _rollout(game, state, rng, budget.horizon)
    for visited, who in path:
        visited.visits += 1
        visited.reward += rewards[who]


def _rollout(game: AnyGame, state: Any, rng: Rng, horizon: int) -> Sequence[float]:
    for _ in range(horizon):
        awaited = game.to_act(state)
        if not awaited:
            break
        actor = min(awaited)
        legal = game.legal_actions(state, actor)
        action = legal[0] if len(legal) == 1 else game.rollout_action(state, actor, legal, rng)
        state = step(game, state, actor, action)
    rewards: Sequence[float] = game.evaluate(state)
    return rewards
