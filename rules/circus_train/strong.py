"""What the strong automatic player's search (``rules.core.search``) needs from Circus Train: states sampled
from one seat's view, a fast rollout policy and an estimate of each seat's chance to win.

What a seat cannot see is small. Every Action card deck is the same fixed set and every discard pile lies
face up, so another player's hand is its deck less its discards: the sample rebuilds it from those. The
draw bag's and the Destination deck's contents follow from every public draw; only their order (and so
what comes next) is unknown, and it is shuffled afresh. Which Event cards were dealt is hidden: the sample
deals them again from the cards not on the table. The dice are the game's own generator, replaced by a
fresh one.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache

from rules.circus_train import modifiers
from rules.circus_train.actions import Action
from rules.circus_train.calendar import week
from rules.circus_train.content import Content, distance_map, load_content
from rules.circus_train.scoring import BEST_PERFORMANCE_VP, most_talent, split_places
from rules.circus_train.state import FULL_DECK, REPUTATION_START, REPUTATION_TRACK, CircusTrainState
from rules.core.clone import clone
from rules.core.rng import Rng
from rules.core.search import SearchBudget

# ----- sampling what the seat cannot see ---------------------------------------------------------------------


def starting_deck(state: CircusTrainState) -> list[str]:
    """Each player's Action cards (set-up step 4 and the options), as ``flow.new_state`` deals them."""
    count = len(state.players)
    return [card for card in FULL_DECK
            if not (card == "rest" and not state.options["advanced"])
            and not (card == "overnight_hire" and count <= 2)
            and not (card == "wages_transit" and state.options["easier"])]


def unseen_hand(deck: Sequence[str], discards: Sequence[str]) -> list[str]:
    """The cards of a deck that are not in its face-up discard pile, in a canonical order."""
    left = Counter(deck)
    left.subtract(discards)
    return sorted(left.elements())


def determinize(state: CircusTrainState, seat: int, rng: Rng) -> CircusTrainState:
    """A state ``seat`` cannot tell from ``state``, built from what its view shows and from ``rng`` alone:
    every hidden list is first put in a canonical order, so nothing of the true order survives."""
    sample = clone(state)
    deck = starting_deck(state)
    for other, circus in enumerate(sample.circuses):
        if other != seat:
            circus.hand = unseen_hand(deck, circus.discards)
    bag = sorted(sample.bag)
    rng.shuffle(bag)
    sample.bag = bag
    destinations = sorted(sample.destinations)
    rng.shuffle(destinations)
    sample.destinations = destinations
    if sample.event_deck:
        pool = sorted(card for card in load_content().events if card != sample.event)
        rng.shuffle(pool)
        sample.event_deck = pool[:len(sample.event_deck)]
    sample.set_aside = sorted(sample.set_aside)
    sample.special_bank = sorted(sample.special_bank)
    sample.rng = rng.next_u64()
    return sample


# ----- the rollout policy -------------------------------------------------------------------------------------


@cache
def distances() -> dict[str, dict[str, int]]:
    """Fewest connections between every two cities, computed once (the heuristic's BFS per call is the
    rollout's main cost otherwise)."""
    content = load_content()
    return {city: distance_map(content, city) for city in content.adjacency}


def demand_value(content: Content, counter_id: str, talent: dict[str, int]) -> int:
    """``auto.demand_value``: what a counter is worth to a circus with this talent."""
    counter = content.counters[counter_id]
    if counter.kind == "points":
        return 6 * counter.points
    value = counter.base
    for kind, points in counter.demands:
        have = talent.get(kind, 0)
        if have:
            value += points * 2 if have >= 3 else points
    return value + content.seasons[counter.season].money // 2


def rollout_action(state: CircusTrainState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The normal heuristic's choice (``auto.score``) read straight from the sampled state, without building
    a view: the opponents it stands for in rollouts are those the search plays against."""
    content = load_content()
    circus = state.circuses[seat]
    here = circus.position
    board = state.board
    money = circus.money
    talent = circus.talent
    values: dict[str, int] = {}

    def city_value(city: str) -> int:
        known = values.get(city)
        if known is not None:
            return known
        news = board.get(city)
        value = 0
        if news is not None:
            if news.counter is not None:
                value += demand_value(content, news.counter, talent)
            if news.talent and money >= 10:
                value += 4 * sum(news.talent.values())
        values[city] = value
        return value

    wages: int | None = None
    best_score = -math.inf
    best: list[Action] = []
    for action in legal:
        kind = action.kind
        score: float
        if kind == "perform":
            assert here is not None
            counter = board[here].counter
            assert counter is not None
            score = 100 + demand_value(content, counter, talent)
        elif kind == "travel":
            city: str = action.city  # type: ignore[union-attr]
            onward = 0.0
            for other, distance in distances()[city].items():
                if distance <= 3:
                    worth = city_value(other) / (1 + distance)
                    if worth > onward:
                        onward = worth
            score = city_value(city) + onward / 2
        elif kind == "play_card":
            card: str = action.card  # type: ignore[union-attr]
            if (here is not None and here in board and board[here].counter is not None
                    and card in ("hold", "overnight_transit", "basic_transit")):
                score = 20
            elif card == "wages_transit":
                if wages is None:
                    wages = modifiers.wages_due(state, circus)
                score = 0 if money >= wages else -1
            else:
                score = _CARD_PREFERENCE.get(card, 0)
        elif kind == "try_hire":
            if wages is None:
                wages = modifiers.wages_due(state, circus)
            score = 30 if money >= wages + 5 else 5
        elif kind == "buy_failed":
            score = 10 if money >= 30 else -10
        elif kind in ("pay_wages", "decline_buy", "stop_hiring"):
            score = 0
        elif kind == "release":
            name: str = action.talent  # type: ignore[union-attr]
            score = -content.talent[name].wage if name in content.talent else -50
        elif kind in ("steal", "long_month_steal", "pick_talent", "recruit", "rest_bonus"):
            score = 15
        elif kind == "buy_talent":
            score = 8 if money >= 40 else -5
        elif kind in ("replay_card", "pocket_wages", "eddie_replay", "circus_parade"):
            score = -3
        else:
            score = 1
        if score > best_score:
            best_score, best = score, [action]
        elif score == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


_CARD_PREFERENCE = {"hold": 1, "overnight_transit": 3, "fast_transit": 2, "rapid_transit": 2, "basic_transit": 1,
                    "overnight_hire": 2, "rest": 0}


# ----- judging a position where a rollout stops --------------------------------------------------------------

FEATURES = ("vp", "award", "final", "money", "talent", "best", "past", "performances", "wages", "kinds",
            "famous")


def month_award(state: CircusTrainState) -> list[int]:
    """What each seat would score if the month ended now (``scoring.month_end_scoring``'s rules)."""
    players = len(state.players)
    awards = [sum(won.values()) for won in most_talent(state.circuses)]
    if players >= 3 and week(state.week).month == 0:
        return [vp + (5 if circus.performed_in_april else 0) for vp, circus in zip(awards, state.circuses,
                                                                                    strict=True)]
    places = BEST_PERFORMANCE_VP if players >= 3 else (4,)
    bests = split_places([circus.best for circus in state.circuses], places)
    return [vp + best for vp, best in zip(awards, bests, strict=True)]


def _most(values: list[int], eligible: list[bool] | None = None) -> list[int]:
    """``scoring.award_most``: 5 VP for the single most, 2 each when tied, none for zero."""
    ok = eligible or [True] * len(values)
    candidates = [v for v, good in zip(values, ok, strict=True) if good]
    if not candidates or max(candidates) <= 0:
        return [0] * len(values)
    top = max(candidates)
    winners = [seat for seat, (v, good) in enumerate(zip(values, ok, strict=True)) if good and v == top]
    share = 5 if len(winners) == 1 else 2
    return [share if seat in winners else 0 for seat in range(len(values))]


def final_award(state: CircusTrainState) -> list[int]:
    """What Final Scoring would give each seat now (clowns, animals, money, performances, reputation)."""
    content = load_content()
    circuses = state.circuses
    result = _most([c.talent.get("clowns", 0) for c in circuses])
    animals = [t for t, spec in content.talent.items() if spec.animal]
    for seat, circus in enumerate(circuses):
        if not circus.talent.get("clowns", 0):
            result[seat] -= 3
        if not any(circus.talent.get(t, 0) for t in animals):
            result[seat] -= 5
    advanced = modifiers.advanced(state)
    money_ok = [not advanced or c.reputation <= REPUTATION_START for c in circuses]
    extra = [_most([c.money for c in circuses], money_ok), _most([len(c.performances) for c in circuses])]
    if advanced:
        extra.append(_most([REPUTATION_TRACK[c.reputation] for c in circuses]))
    for award in extra:
        result = [a + b for a, b in zip(result, award, strict=True)]
    return result


def features(state: CircusTrainState) -> list[list[float]]:
    """Per seat, the figures the estimate of its final score is built from (in ``FEATURES``' order)."""
    content = load_content()
    award = month_award(state)
    final = final_award(state)
    rows = []
    for seat, circus in enumerate(state.circuses):
        talent = circus.talent
        rows.append([
            float(circus.vp), float(award[seat]), float(final[seat]), float(circus.money),
            float(sum(talent.values())), float(circus.best),
            float(sum(content.counters[held].base for held in circus.performances)),
            float(len(circus.performances)), float(modifiers.wages_due(state, circus)),
            float(sum(1 for n in talent.values() if n > 0)), float(sum(1 for n in talent.values() if n >= 3)),
        ])
    return rows


def relative(rows: list[list[float]]) -> list[list[float]]:
    """Each seat's figures less the mean of its opponents': only the difference decides who wins."""
    count = len(rows)
    if count == 1:
        return rows
    totals = [sum(column) for column in zip(*rows, strict=True)]
    return [[value - (total - value) / (count - 1) for value, total in zip(row, totals, strict=True)]
            for row in rows]


# The final Victory Point margin over the opponents' mean, as a linear function of ``relative(features)``, one
# row of weights per month; and the spread (in VP) that turns those margins into chances to win. Fitted by
# least squares and by the winners' likelihood over 1,400 three-player games between normal players, at
# positions taken from every week: early on the margins say little (the spread is wide), in September much.
WEIGHTS = (
    (-0.9953, 0.6248, -0.1192, 0.3415, 0.5781, -0.1157, 0.8166, -1.4011, -0.2178, 1.2802, 3.59),
    (0.6845, 0.9402, -0.0246, 0.0746, 1.2851, 0.1984, -0.0326, 5.0203, -0.4847, 1.199, 4.2526),
    (0.9334, 0.4094, 0.0955, 0.2318, 2.8379, -0.0158, 0.2411, 1.5841, -0.2856, -0.1991, 0.8307),
    (0.7814, 0.5675, 0.1841, 0.0674, 2.1925, 0.1605, -0.0581, 2.4559, -0.3744, 0.0967, -0.0054),
    (0.9232, 0.4126, 0.4343, 0.044, 2.0091, 0.0508, -0.0028, 0.7559, -0.1572, -0.7724, 0.5623),
    (0.9597, 0.6051, 0.7438, -0.0193, 0.738, 0.016, -0.0034, 0.7004, -0.0922, -0.0514, 0.1177),
)
SPREAD = (20.0, 18.0, 16.0, 14.0, 10.0, 6.0)


def margins(state: CircusTrainState) -> list[float]:
    """Each seat's expected final Victory Point margin over its opponents' mean."""
    weights = WEIGHTS[week(state.week).month]
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in relative(features(state))]


# Solitaire's chart: a Draw from $141 to $180, each rating about $40 wide.
SOLO_PAR = 160.0
SOLO_SPREAD = 40.0


def chances(state: CircusTrainState) -> tuple[float, ...]:
    """A softmax of the expected margins: each seat's chance to win an unfinished game."""
    count = len(state.players)
    if count == 1:  # solitaire is a rating, not a race: the money so far against the chart's middle
        return (1.0 / (1.0 + math.exp(-(state.circuses[0].money - SOLO_PAR) / SOLO_SPREAD)),)
    if state.options["easier"]:  # the best single performance wins
        values = [float(circus.best) for circus in state.circuses]
        spread = 15.0
    else:
        values = margins(state)
        spread = SPREAD[week(state.week).month]
    top = max(values)
    powers = [math.exp((value - top) / spread) for value in values]
    total = sum(powers)
    return tuple(power / total for power in powers)


def budget(state: CircusTrainState, seat: int) -> SearchBudget:
    """Iterations and horizon of a strong decision. Rollouts stop well before the game ends, so ``evaluate``
    judges most of them: a few weeks of play ahead is where the choices now make their difference."""
    return SearchBudget(iterations=ITERATIONS, horizon=HORIZON, exploration=EXPLORATION)


ITERATIONS = 60
HORIZON = 20
EXPLORATION = 0.7
