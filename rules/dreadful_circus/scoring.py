"""End-game scoring and the five tie-breakers.

Scores are computed from the state after exposure: coins, contract majorities (4 VP, split among
tied players rounded down), sets of 4 different Contracts (8 VP; Looped Wagons adds 3 per set of 5),
card points, Collections (2/5/9 per set of up to 3 different cards, sets formed greedily from the
largest piles, as the rulebook's 8-card example does) and the scoring Attractions.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from rules.core.game import Outcome, rank_by
from rules.dreadful_circus.content import COIN_TYPES, COIN_VALUE, CONTRACT_TYPES, Card, card, load_content
from rules.dreadful_circus.state import DreadfulCircusState


@dataclass
class Breakdown:
    """One seat's score by category (the view shows it once the game is over)."""

    coins: int = 0
    majorities: int = 0
    sets: int = 0
    cards: int = 0
    collections: int = 0
    effects: int = 0
    majority_types: list[str] = field(default_factory=list)
    shared_types: list[str] = field(default_factory=list)
    set_count: int = 0
    five_sets: int = 0
    collection_sets: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.coins + self.majorities + self.sets + self.cards + self.collections + self.effects

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "coins": self.coins, "majorities": self.majorities, "sets": self.sets,
                "cards": self.cards, "collections": self.collections, "effects": self.effects,
                "majority_types": list(self.majority_types), "shared_types": list(self.shared_types),
                "set_count": self.set_count, "five_sets": self.five_sets,
                "collection_sets": list(self.collection_sets)}


def scoring_cards(state: DreadfulCircusState, seat: int) -> list[Card]:
    """The seat's Tableau as it scores: Mirrors and Corridors count as the card they copied."""
    result = []
    for card_id in state.seats[seat].tableau:
        copied = state.copies.get(card_id)
        result.append(card(copied) if copied is not None else card(card_id))
    return result


def contract_counts(state: DreadfulCircusState, seat: int) -> dict[str, int]:
    """Contracts behind the screen plus those Attraction cards provide (they count for everything)."""
    counts = {kind: state.seats[seat].contracts.get(kind, 0) for kind in CONTRACT_TYPES}
    for scored in scoring_cards(state, seat):
        if scored.effect == "provide_contracts":
            counts[str(scored.params["contract"])] += int(scored.params["count"])
    return counts


def max_sets(counts: list[int], size: int) -> int:
    """The most sets of ``size`` different types: the largest k with sum(min(c, k)) >= size * k."""
    best = 0
    for k in range(1, sum(counts) // size + 1):
        if sum(min(c, k) for c in counts) >= size * k:
            best = k
    return best


def set_score(counts: list[int], five_bonus: int) -> tuple[int, int, int]:
    """(VP, sets of 4+, sets of 5) for the best split; a set of 5 is also a set of 4 and earns
    ``five_bonus`` more (Looped Wagons)."""
    set_points = load_content().set_points
    best = (0, 0, 0)
    for fives in range(min(counts) + 1):
        rest = [c - fives for c in counts]
        sets = fives + max_sets(rest, 4)
        points = set_points * sets + five_bonus * fives
        if points > best[0]:
            best = (points, sets, fives)
    return best


def best_sets(counts: dict[str, int], wild: int, five_bonus: int) -> tuple[int, int, int]:
    """Rainbow Bridge: each wild Contract takes the type that scores best (for sets only)."""
    base = [counts[kind] for kind in CONTRACT_TYPES]
    best = set_score(base, five_bonus)
    for picks in itertools.combinations_with_replacement(range(len(CONTRACT_TYPES)), wild):
        trial = list(base)
        for pick in picks:
            trial[pick] += 1
        best = max(best, set_score(trial, five_bonus))
    return best


def collection_sets(names: list[str]) -> list[int]:
    """Sizes of the Collection sets: repeatedly up to 3 different cards from the largest piles."""
    piles = Counter(names)
    sets = []
    while piles:
        chosen = [name for name, _ in sorted(piles.items(), key=lambda item: (-item[1], item[0]))[:3]]
        sets.append(len(chosen))
        for name in chosen:
            piles[name] -= 1
            if not piles[name]:
                del piles[name]
    return sets


def breakdowns(state: DreadfulCircusState) -> list[Breakdown]:
    content = load_content()
    count = len(state.seats)
    contracts = [contract_counts(state, seat) for seat in range(count)]
    result = [Breakdown() for _ in range(count)]
    leaders: dict[str, list[int]] = {}
    for kind in CONTRACT_TYPES:
        top = max(contracts[seat][kind] for seat in range(count))
        tied = [seat for seat in range(count) if top > 0 and contracts[seat][kind] == top]
        leaders[kind] = tied
        for seat in tied:
            result[seat].majorities += content.majority_points // len(tied)
            (result[seat].majority_types if len(tied) == 1 else result[seat].shared_types).append(kind)
    sizes = [len(state.seats[seat].tableau) for seat in range(count)]
    for seat, breakdown in enumerate(result):
        coins = state.seats[seat].coins
        breakdown.coins = sum(COIN_VALUE[coin] * coins.get(coin, 0) for coin in COIN_TYPES)
        cards = scoring_cards(state, seat)
        effects = [scored.effect for scored in cards]
        five_bonus = sum(int(scored.params["vp"]) for scored in cards if scored.effect == "looped_wagons")
        breakdown.sets, breakdown.set_count, breakdown.five_sets = best_sets(
            contracts[seat], effects.count("rainbow_bridge"), five_bonus)
        breakdown.cards = sum(scored.points for scored in cards)
        breakdown.collection_sets = collection_sets([scored.name for scored in cards if scored.effect == "collection"])
        breakdown.collections = sum(content.collection_points[size] for size in breakdown.collection_sets)
        for scored in cards:
            breakdown.effects += _effect_points(scored, state, seat, contracts, leaders, sizes)
    return result


def _effect_points(scored: Card, state: DreadfulCircusState, seat: int, contracts: list[dict[str, int]],
                   leaders: dict[str, list[int]], sizes: list[int]) -> int:
    coins = state.seats[seat].coins
    vp = int(scored.params.get("vp", 0))
    if scored.effect == "flaming_arrow":
        return vp * min(coins.get(coin, 0) for coin in COIN_TYPES)
    if scored.effect == "coin_bonus":
        return vp * coins.get(str(scored.params["coin"]), 0)
    if scored.effect == "contract_variety":
        return vp * sum(1 for kind in CONTRACT_TYPES if contracts[seat][kind])
    if scored.effect == "majority_bonus":
        return vp * sum(1 for kind in CONTRACT_TYPES if seat in leaders[kind])
    if scored.effect == "bigger_tableau":
        return vp * sum(1 for other, size in enumerate(sizes) if other != seat and size < sizes[seat])
    return 0


def tie_keys(state: DreadfulCircusState, totals: list[int]) -> list[tuple[int, ...]]:
    """Score, then Themis' Scale, most cards, most Contracts, most coins, the 1st Seller token."""
    keys: list[tuple[int, ...]] = []
    for seat in range(len(state.seats)):
        themis = any(scored.effect == "themis" for scored in scoring_cards(state, seat))
        coins = state.seats[seat].coins
        keys.append((totals[seat], int(themis), len(state.seats[seat].tableau),
                     sum(contract_counts(state, seat).values()),
                     sum(COIN_VALUE[coin] * coins.get(coin, 0) for coin in COIN_TYPES),
                     int(seat == state.first_seller)))
    return keys


def outcome(state: DreadfulCircusState) -> Outcome:
    parts = breakdowns(state)
    totals = [part.total for part in parts]
    ranking = rank_by(tie_keys(state, totals))
    lines = [_line(state.players[seat], part) for seat, part in enumerate(parts)]
    return Outcome(scores=tuple(totals), ranking=ranking, lines=tuple(lines))


def _line(name: str, part: Breakdown) -> str:
    names = load_content().contract_names
    majority = ", ".join(names[kind] for kind in part.majority_types) or "none"
    shared = f"; shared {', '.join(names[kind] for kind in part.shared_types)}" if part.shared_types else ""
    sets = f"{part.set_count} set{'' if part.set_count == 1 else 's'} of different Contracts"
    sets += f" ({part.five_sets} of five)" if part.five_sets else ""
    collections = " + ".join(str(size) for size in part.collection_sets) or "none"
    return (f"{name}: {part.total} VP = coins {part.coins} + majorities {part.majorities} (most: {majority}{shared}) "
            f"+ {sets} {part.sets} + card points {part.cards} + collections {part.collections} "
            f"(sets of {collections}) + card effects {part.effects}")
