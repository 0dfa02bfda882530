"""What the strong automatic player's search (``rules.core.search``) needs from Little Circuses: states
sampled from one seat's view, a fast rollout policy that reads the sampled state directly, and an
estimate of every seat's chance to win where a rollout stops.

What a seat cannot see (``view.py``): the other seats' face-down Advanced tiles, the order of both piles,
the game's random generator, and every other seat's not-yet-resolved choice for the current space. A
sample keeps everything else, deals the unseen Advanced tiles afresh (from a pool built in sorted order,
so the true order never shows through) and asks the other seats to choose again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.little_circuses import board
from rules.little_circuses.actions import Action
from rules.little_circuses.content import COLOURS, load_content, tile
from rules.little_circuses.state import BLEACHER_SPACES, Circus, LittleCircusesState

# Stages in which every seat plans in private at once, and the step a seat starts such a plan from.
_PLANNING_STEP = {"opening": "opening", "build": "build", "midday": "midday", "execute": "move"}


# ----- sampling what the seat cannot see -----------------------------------------------------------------
def determinize(state: LittleCircusesState, seat: int, rng: Rng) -> LittleCircusesState:
    sample = clone(state)
    _forget_plans(sample, seat, rng)
    if sample.arrived:
        # The unseen Advanced tiles are the pile and the others' face-down tiles, together: deal them again.
        pool = list(sample.advanced_pile)
        for other, circus in enumerate(sample.circuses):
            if other != seat:
                pool += circus.secret
        pool.sort()
        rng.shuffle(pool)
        for other, circus in enumerate(sample.circuses):
            if other != seat:
                count = len(circus.secret)
                circus.secret = pool[len(pool) - count:] if count else []
                del pool[len(pool) - count:]
        sample.advanced_pile = pool
    else:
        # Every Starting tile out of the pile is face up and all Advanced tiles are still in theirs: only the
        # order of the two piles is unseen.
        sample.starting_pile.sort()
        rng.shuffle(sample.starting_pile)
        sample.advanced_pile.sort()
        rng.shuffle(sample.advanced_pile)
    sample.rng = rng.next_u64()
    return sample


def _forget_plans(sample: LittleCircusesState, seat: int, rng: Rng) -> None:
    """The other seats' choices for this space are private until it resolves: they choose again in the
    sample. Choices already resolved (and so no longer in any view) are cleared, so two states with the
    same view give the same sample."""
    stage = sample.stage
    midday = load_content().track[sample.space].kind == "midday"
    for other, circus in enumerate(sample.circuses):
        if not circus.icons:
            circus.source = ""
        if other == seat:
            continue
        if stage in _PLANNING_STEP:
            circus.step = _PLANNING_STEP[stage]
            circus.plan, circus.plan_tile, circus.plan_cell = "", None, None
        elif stage == "fallback" and circus.step:
            # It hired help and found none: it chooses again between raising funds and building.
            circus.step, circus.plan, circus.plan_tile, circus.plan_cell = "fallback", "hire", None, None
        elif stage == "fallback" and midday:
            # Its Midday choice may still be a move of the Highlight that has not resolved: the view does not
            # say whether it built or plans to execute, so the sample guesses.
            moves = board.highlight_moves(circus)
            circus.plan_tile = None
            if moves and rng.below(2):
                circus.plan, circus.plan_cell = "execute", moves[rng.below(len(moves))]
            else:
                circus.plan, circus.plan_cell = "", None
        else:
            circus.plan, circus.plan_tile, circus.plan_cell = "", None, None


# ----- values shared by the rollout policy and the evaluation --------------------------------------------
_TRACK_LAST = len(load_content().track) - 1
_BASE = {"star": 1.0, "coin": 0.7, "admit": 1.6, "clown": 1.3, "elephant": 1.5, "bills": 1.1, "tent": 1.4,
         "showcase": 2.0, "poach": 2.4, "rob": 1.4, "snub": 1.5, "lure": 1.6, "gift_money": -0.5,
         "gift_fame": -0.6}


@cache
def _executes_after(space: int) -> int:
    """Chances to execute left after ``space`` (a Full Day and a Midday each give one)."""
    return sum(1 for s in load_content().track[space + 1:] if s.kind in ("full_day", "midday"))


@cache
def _icons(tile_id: str) -> tuple[str, ...]:
    return tile(tile_id).icons


@cache
def _colour(tile_id: str) -> str | None:
    return tile(tile_id).colour


@cache
def _cost(tile_id: str) -> int:
    return tile(tile_id).cost


def _best_public(circus: Circus) -> int:
    bleacher = circus.bleacher
    for index in (3, 2, 1, 0):
        if bleacher[index]:
            return BLEACHER_SPACES[index]
    return 0


def icon_value(icon: str, circus: Circus, late: float) -> float:
    """An icon's worth in Fame for this circus now (``late``: 0 at the start of the track, 1 at the end)."""
    return _icon_worth(icon, _best_public(circus), circus.bleacher[0] + circus.bleacher[1] + circus.bleacher[2] > 0,
                       late)


@cache
def _icon_worth(icon: str, best: int, low: bool, late: float) -> float:
    if icon in ("elephant", "bills"):
        return best * (0.95 if icon == "elephant" else 0.6) if best else 0.2
    value = _BASE.get(icon, 0.0)
    if icon == "clown":
        return value * (1.0 - 0.5 * late) if low else 0.2
    if icon == "admit":
        return value * (1.0 - 0.6 * late) + 0.5
    if icon == "tent":
        return value * (1.0 - 0.8 * late)
    return value


def tile_value(tile_id: str, circus: Circus, late: float) -> float:
    """The tile's icons' worth for this circus now. Rollouts ask this thousands of times a decision, and it
    depends only on the tile, the best Public, whether a Public can still advance, and the space: cached."""
    return _tile_worth(tile_id, _best_public(circus), circus.bleacher[0] + circus.bleacher[1] + circus.bleacher[2] > 0,
                       late)


@cache
def _tile_worth(tile_id: str, best: int, low: bool, late: float) -> float:
    return sum(_icon_worth(icon, best, low, late) for icon in _icons(tile_id))


def _colour_counts(circus: Circus) -> dict[str, int]:
    counts = dict.fromkeys(COLOURS, 0)
    for stack in circus.stacks.values():
        colour = _colour(stack[-1])
        if colour is not None:
            counts[colour] += 1
    return counts


# ----- the rollout policy ----------------------------------------------------------------------------------
def rollout_action(state: LittleCircusesState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic player's judgement, read straight from the state (no view is built)."""
    circus = state.circuses[seat]
    late = state.space / _TRACK_LAST
    best_value = -math.inf
    best: list[Action] = []
    counts: dict[str, int] | None = None
    for action in legal:
        kind = action.kind
        a: Any = action
        if kind == "choose_tile":
            if counts is None:
                counts = _colour_counts(circus)
            value = _build_value(a.tile, circus, counts, late)
        elif kind == "place_tile":
            if counts is None:
                counts = _colour_counts(circus)
            value = _place_value(circus, counts, a.cell, late)
        else:
            value = _score(state, circus, action, late)
        if value > best_value + 1e-9:
            best_value, best = value, [action]
        elif value > best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def _build_value(tile_id: str, circus: Circus, counts: dict[str, int], late: float) -> float:
    colour = _colour(tile_id)
    variety = 6.0 if colour and counts[colour] == min(counts.values()) else 0.0
    uses_left = max(0.5, 4.0 * (1.0 - late))
    return tile_value(tile_id, circus, late) * uses_left * 0.6 + variety - 0.8 * _cost(tile_id) + 3.0


def _place_value(circus: Circus, counts: dict[str, int], cell: int, late: float) -> float:
    highlight = circus.highlight if circus.highlight is not None else -1
    value = 0.0
    if cell in circus.stacks:
        covered = circus.stacks[cell][-1]
        value -= 4.0 + tile_value(covered, circus, late)
        colour = _colour(covered)
        if colour is not None and counts[colour] <= min(counts.values()) + 1:
            value -= 6.0
        if cell == highlight:
            value -= 3.0
    if highlight >= 0 and cell in board.neighbours(highlight):
        value += 3.0
    value += 0.5 * sum(1 for n in board.neighbours(cell) if n in circus.stacks and n not in circus.used)
    return value


def _move_value(circus: Circus, cell: int, late: float) -> float:
    value = 0.0 if cell in circus.used else tile_value(circus.stacks[cell][-1], circus, late)
    onward = [tile_value(circus.stacks[n][-1], circus, late) for n in board.neighbours(cell)
              if n in circus.stacks and n not in circus.used and n != circus.highlight]
    return value + 0.5 * max(onward, default=0.0)


def _score(state: LittleCircusesState, circus: Circus, action: Action, late: float) -> float:
    a: Any = action
    kind = action.kind
    if kind == "open_at":
        return tile_value(circus.stacks[a.cell][-1], circus, late)
    if kind == "raise_funds":
        return 2.5 if circus.money < 4 else 1.5
    if kind == "hire_help":
        return (4.0 if len(circus.hand) + len(circus.secret) < 3 else 2.0) * (1.0 - late)
    if kind == "back":
        return -100.0
    if kind == "move_highlight":
        return _move_value(circus, a.cell, late) + (8.0 if state.stage == "midday" else 0.0)
    if kind == "advance_public":
        return float(a.space)
    if kind == "cash_public":
        space = float(a.space)
        worth = space * (1.0 if circus.icons and circus.icons[0] == "elephant" else 0.75)
        return worth - (space / 2 + (2.0 * (1.0 - late) if space < 8 else 0.0))
    if kind == "choose_special":
        card = load_content().cards[a.card][str(state.options["special_side"])]
        return sum(icon_value(e, circus, late) for e in card.effects) - 0.1 * card.initiative
    if kind in ("take_showcase", "take_from_hand", "hire_face_up"):
        bought = 1.0 + tile_value(a.tile, circus, late) - 0.3 * _cost(a.tile)
        return bought * (1.0 - late) if kind == "hire_face_up" else bought
    if kind == "draw_face_down":
        return 2.0 * (1.0 - late)
    if kind == "choose_rival":
        rival = state.circuses[a.seat]
        return float(rival.fame + rival.money)
    return 0.0


# ----- evaluation ------------------------------------------------------------------------------------------
def estimate(state: LittleCircusesState, seat: int) -> float:
    """The seat's final Fame as it looks now: Fame and the prizes it would take now, plus what the rest of the
    month is still worth. The weights are a least-squares fit of the final Fame on these features over
    seeded games between normal players (about 10,000 positions; residual spread about 8 Fame): a Public
    low on the bleacher is worth less than one near the top, a built attraction keeps paying, money is
    worth a little less than its end-of-game Cash Prize while there is still time to spend it."""
    circus = state.circuses[seat]
    rest = _executes_after(state.space) / _executes_after(0)
    counts = _colour_counts(circus)
    sets = min(counts.values())
    next_set = sum(1 for c in counts.values() if c > sets)
    audience = sum(count * space / 2 for count, space in zip(circus.bleacher, BLEACHER_SPACES, strict=True))
    publics = sum(circus.bleacher)
    low = circus.bleacher[0] + circus.bleacher[1] + circus.bleacher[2]
    return (80.0 * rest + circus.fame + circus.money * (0.69 - 0.1 * rest) + len(circus.hand) + len(circus.secret)
            + audience * (1.14 + 0.2 * rest) + (2.6 * publics - 2.9 * low + 1.9 * len(circus.stacks)) * rest
            + 8.9 * sets + 0.25 * next_set * next_set)


def solo_prospects(fame: float) -> float:
    """Solo: John's chart, where 200 Fame is off the charts."""
    return min(1.0, max(0.0, fame / 200.0))


def evaluate(state: LittleCircusesState) -> tuple[float, ...]:
    """A softmax of the estimated final Fame, whose spread narrows as Endsville nears."""
    estimates = [estimate(state, seat) for seat in range(len(state.players))]
    if len(estimates) == 1:
        return (solo_prospects(estimates[0]),)
    rest = _executes_after(state.space) / _executes_after(0)
    # The estimate misses by about 15 Fame early in the month and 3 at the end: the softmax is that uncertain.
    temperature = 5.0 + 12.0 * rest
    top = max(estimates)
    weights = [math.exp((e - top) / temperature) for e in estimates]
    total = sum(weights)
    return tuple(w / total for w in weights)


def budget(state: LittleCircusesState, seat: int) -> SearchBudget:
    """64 samples a decision, each played on for 24 steps (about two spaces of a three-player game, so a
    build is judged after the execute it prepares) before the estimate judges it: about 65 ms a decision on
    the project's two-core machine. A low exploration constant, since rewards are smooth win chances."""
    return SearchBudget(iterations=64, horizon=24, exploration=0.5)
