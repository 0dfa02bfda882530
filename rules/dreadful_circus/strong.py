"""What the strong automatic player's search (``rules.core.search``) needs from Dreadful Circus: states
sampled from one seat's view, a fast policy for the rollouts, and an estimate of each seat's chance to
win where a rollout stops.

**Sampling** (``determinize``). Everything the seat's view shows is kept; everything else is drawn from
the searcher's own random stream:

- the cards nobody has shown the seat (other hands, draft packets and picks, the deck, the discard pile
  below its top card) are pooled in file order, shuffled and dealt back into those places, so neither the
  true order nor the true owner survives;
- the Contracts the seat has not seen are pooled by type, shuffled and shared between the bag and the other
  screens (about evenly, as every screen starts with six and few change hands);
- the coins behind other screens are not counted anywhere public (the supply never runs out), so each is
  drawn around what a screen typically holds at this point of the game: more as rounds pass and Sellers
  are paid, less for every card its owner has won;
- placed wagons (and the wagons loaded for another seat's card) are refilled by the heuristic player from
  the sampled screens, which is how the other seats bid; secret choices already made (draft picks, Offers,
  starting and final Attractions) are made again the same way from the sampled hands; and the choices the
  other seats are still to make in the step the seat is deciding (their bids, picks, Offers) are made now
  the same way, as they cannot depend on the seat's own hidden choice (so the sample differs from the view
  only in who is still awaited there);
- the game's own generator is replaced by a draw from the stream.

Apart from that, the sample is built from the view alone: two states the seat cannot tell apart give the same sample for
the same stream (``tests/rules/dreadful_circus/test_dreadful_circus_strong.py`` proves it).

**Rollouts** (``rollout_action``) play the heuristic player's own rules (``auto``) read straight from the
sampled state: building a view for every step costs about three times the step itself. So inside the search
every other seat plays as the heuristic player would, which is the opponent the strong level meets most.

**Estimates** (``evaluate``) score every seat as if the game ended now (coins, majorities, sets, card
points, Collections, scoring cards; goods in wagons still count for their owners), add the Attraction its
hand will place at the end and what its remaining Offers will earn, and turn the scores into chances with a
softmax whose temperature shrinks as fewer rounds remain: a lead of a few points early is worth less than
the same lead at the end.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.dreadful_circus import auto, scoring
from rules.dreadful_circus.actions import Accept, Action, AddCoin, AddContract, Decline, PlaceWagon
from rules.dreadful_circus.content import COIN_TYPES, COIN_VALUE, CONTRACT_TYPES, Card, card, load_content
from rules.dreadful_circus.legal import to_act, wagons_at
from rules.dreadful_circus.state import (
    BID,
    DRAFT,
    ENDING,
    FINAL,
    OFFER,
    OVER,
    SELL,
    START,
    DreadfulCircusState,
    Seat,
    Wagon,
)

# ----- the heuristic player, read from the state ------------------------------------------------------


def card_value(state: DreadfulCircusState, seat: int, card_id: str) -> float:
    """``auto.card_value`` for ``seat`` from the state (the seat's own hand, coins and Tableau only)."""
    c = card(card_id)
    me = state.seats[seat]
    if not c.attraction:
        if c.effect == "play_card" and state.phase == BID and len(me.hand) <= auto.HAND_KEPT:
            return 0.5
        return float(auto.PERFORMANCE_WORTH.get(c.effect, 2))
    value = float(c.points)
    effect = c.effect
    if effect == "collection":
        owned = any(card(other).effect == "collection" and card(other).name == c.name for other in me.tableau)
        value += 2.0 if owned else 3.5
    elif effect == "provide_contracts":
        value += auto.CONTRACT_WORTH * int(c.params["count"])
    elif effect == "themis":
        value += 0.5
    elif effect == "flaming_arrow":
        value += 3.0
    elif effect == "coin_bonus":
        value += float(me.coins.get(str(c.params.get("coin", "")), 0))
    elif effect in ("contract_variety", "majority_bonus", "looped_wagons", "rainbow_bridge"):
        value += 3.0
    elif effect in ("copy_own", "copy_other", "crystal_balls", "bigger_tableau", "seller_income"):
        value += 2.5
    return value


def _goods_worth(coins: dict[str, int], contracts: dict[str, int]) -> float:
    return sum(auto.COIN_WORTH[c] * n for c, n in coins.items()) + auto.CONTRACT_WORTH * sum(contracts.values())


def _bid_target(state: DreadfulCircusState, seat: int, wagon: Wagon) -> int:
    if wagon.forced and wagon.offer is not None:
        return wagon.offer
    values = [card_value(state, seat, offer.card) if offer.card else 0.0 for offer in state.offers]
    return max(range(len(values)), key=lambda index: values[index])


def _bid(state: DreadfulCircusState, seat: int, legal: Sequence[Action]) -> Action:
    """``auto._bid``: coins up to a little under half the wanted Offer's value, then place the wagon."""
    me = state.seats[seat]
    wagon = me.wagon
    assert wagon is not None
    offer = _bid_target(state, seat, wagon)
    target = 0.45 * (card_value(state, seat, state.offers[offer].card) if state.offers[offer].card else 0.0)
    worth = _goods_worth(wagon.coins, wagon.contracts)
    if worth < target:
        for coin in COIN_TYPES:
            if me.coins.get(coin, 0) and worth + auto.COIN_WORTH[coin] <= target + 1:
                return AddCoin(coin)
    place = PlaceWagon(offer)
    if place in legal:
        return place
    cheapest = next((a for a in legal if isinstance(a, AddCoin)), None)
    return cheapest or next(a for a in legal if isinstance(a, AddContract))


def _sell(state: DreadfulCircusState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    offer = state.offers[state.selling]
    if offer.inspecting is None:
        return legal[rng.below(len(legal))]
    wagon = state.seats[offer.inspecting].wagon
    assert wagon is not None
    worth = _goods_worth(wagon.coins, wagon.contracts)
    others_left = len([s for s in wagons_at(state, state.selling) if s not in offer.declined]) - 1
    keep = card_value(state, seat, offer.card) * 0.5
    last_chance = others_left == 0 and (worth > 0 or keep < 2)
    return Accept() if worth >= max(keep, 3.0) or last_chance else Decline()


def _score(state: DreadfulCircusState, seat: int, action: Action) -> float:
    """``auto._score`` from the state."""
    a: Any = action
    kind = action.kind
    if kind in ("draft_pick", "place_attraction", "play_card", "take_attraction", "copy_card"):
        return card_value(state, seat, a.card)
    if kind == "make_offer":
        return -card_value(state, seat, a.card)
    if kind == "discard_attraction":
        discarded = card(a.card)
        return discarded.points + 3.0 * (discarded.effect == "collection")
    if kind == "load_coin":
        return -float(auto.COIN_WORTH[a.coin])
    if kind == "take_loaded":
        task = state.tasks[0]
        loaded = task.loaded.get(a.owner)
        return _goods_worth(loaded.coins, loaded.contracts) if loaded is not None else 0.0
    if kind == "place_nothing":
        return -0.5
    if kind == "stop_returning":
        return 1.0
    return 0.0


def heuristic_action(state: DreadfulCircusState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic player's choice (``auto.choose``) for ``seat``, read from the state: the same choice
    for the same random stream, at a fraction of the cost of building the view."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == BID:
        return _bid(state, seat, legal)
    if phase == SELL:
        return _sell(state, seat, legal, rng)
    scored = [_score(state, seat, action) for action in legal]
    top = max(scored)
    best = [index for index, value in enumerate(scored) if value == top]
    return legal[best[rng.below(len(best))]]


# ----- sampling what the seat cannot see -----------------------------------------------------------


def _live_offers(state: DreadfulCircusState) -> list[str]:
    """Offer cards still beside the table (neither placed in a Tableau nor discarded)."""
    if state.phase == BID:
        return [offer.card for offer in state.offers if offer.card]
    if state.phase == SELL:
        return [offer.card for offer in state.offers if offer.card and not (offer.done and offer.winner is None)]
    return []


def _deal_cards(state: DreadfulCircusState, sample: DreadfulCircusState, seat: int, rng: Rng) -> None:
    """Deal the cards the seat has not seen into the places it cannot see into."""
    me = state.seats[seat]
    count = len(state.seats)
    tableaux = [card_id for other in state.seats for card_id in other.tableau]
    mine = [*me.hand, *me.packet, *me.drafted]
    live = _live_offers(state)
    top = state.discard[-1:]
    shown = {offer.card for offer in state.offers if offer.card}
    shown.update(task.card for task in state.tasks[:1])
    shown.update(state.copies[card_id] for card_id in tableaux if card_id in state.copies)
    located = set(mine) | set(tableaux) | set(live)
    known = located | shown | set(top)
    # A card the seat knows of that is in no hand, Tableau or Offer has been discarded.
    known_discard = sorted(known - located - set(top))
    unknown = [card_id for card_id in load_content().deck_for(count) if card_id not in known]
    others = [index for index in range(count) if index != seat]
    picks = len(me.drafted)
    hidden = sum(len(state.seats[index].hand) + len(state.seats[index].packet) + picks for index in others)
    buried = len(state.discard) - len(top) - len(known_discard)
    if hidden + len(state.deck) + buried != len(unknown) or buried < 0:
        raise ValueError("the cards the seat cannot see do not add up: the state is inconsistent")
    # Every starting hand holds an Attraction (set-up's redeal): a sample that breaks this is drawn again.
    for _ in range(100):
        rng.shuffle(unknown)
        if state.phase != START or _hands_hold_attractions(state, others, unknown):
            break
    position = 0
    for index in others:
        target = sample.seats[index]
        size = len(state.seats[index].hand)
        target.hand = unknown[position:position + size]
        position += size
        size = len(state.seats[index].packet)
        target.packet = unknown[position:position + size]
        position += size
        target.drafted = unknown[position:position + picks]
        position += picks
    sample.deck = unknown[position:position + len(state.deck)]
    position += len(state.deck)
    sample.discard = [*known_discard, *unknown[position:], *top]


def _hands_hold_attractions(state: DreadfulCircusState, others: list[int], pool: list[str]) -> bool:
    """Whether every other seat's hand, dealt from ``pool`` in seat order as ``_deal_cards`` does, holds an
    Attraction (only asked at set-up, when nobody has a packet or picks)."""
    position = 0
    for index in others:
        size = len(state.seats[index].hand)
        if not any(card(card_id).attraction for card_id in pool[position:position + size]):
            return False
        position += size
    return True


def _coin_guess(state: DreadfulCircusState, index: int, rng: Rng) -> dict[str, int]:
    """Coins behind another screen: the starting coins, plus what a screen typically gains as rounds pass
    (Sellers are paid, Performances pay out), less what its owner typically paid for each card won."""
    start = load_content().starting_coins
    tableau = len(state.seats[index].tableau)
    estimate = 10 + 0.3 * max(0, state.round - 1) - 1.3 * max(0, tableau - 1) + (rng.below(5) - 2)
    value = max(0, round(estimate))
    coins = {coin: start.get(coin, 0) for coin in COIN_TYPES}
    total = sum(COIN_VALUE[coin] * n for coin, n in coins.items())
    while total > value:  # bids are paid with Copper first
        coin = next(c for c in COIN_TYPES if coins[c])
        coins[coin] -= 1
        total -= COIN_VALUE[coin]
    while total < value:
        coin = "copper" if value - total < 2 or rng.below(2) else "silver"
        coins[coin] += 1
        total += COIN_VALUE[coin]
    return coins


def _visible_wagons(state: DreadfulCircusState, seat: int) -> dict[int, Wagon]:
    """Other seats' wagons whose contents the seat's view shows: the one it is looking into as a Seller."""
    if state.phase == SELL:
        offer = state.offers[state.selling]
        if offer.seller == seat and offer.inspecting is not None and offer.inspecting != seat:
            wagon = state.seats[offer.inspecting].wagon
            assert wagon is not None
            return {offer.inspecting: wagon}
    return {}


def _visible_loaded(state: DreadfulCircusState, seat: int) -> bool:
    """Whether the seat sees the Loaded Wagons (it resolves the card and every wagon is in)."""
    if not state.tasks:
        return False
    task = state.tasks[0]
    return task.seat == seat and task.started and not task.loaders and bool(task.loaded)


def _deal_goods(state: DreadfulCircusState, sample: DreadfulCircusState, seat: int, rng: Rng) -> None:
    """Share the Contracts the seat has not seen between the bag and the other screens, draw the other
    screens' coins, and fill the other wagons as their owners would."""
    count = len(state.seats)
    others = [index for index in range(count) if index != seat]
    seen = dict.fromkeys(CONTRACT_TYPES, 0)
    me = state.seats[seat]
    holdings = [me.contracts, *([me.wagon.contracts] if me.wagon else [])]
    visible = _visible_wagons(state, seat)
    holdings += [wagon.contracts for wagon in visible.values()]
    loaded_visible = _visible_loaded(state, seat)
    for task in state.tasks[:1]:
        holdings += [w.contracts for owner, w in task.loaded.items() if owner == seat or loaded_visible]
    for held in holdings:
        for kind, n in held.items():
            seen[kind] += n
    total = load_content().contract_count
    pool = [kind for kind in CONTRACT_TYPES for _ in range(max(0, total - seen[kind]))]
    rng.shuffle(pool)
    sample.bag = pool[:len(state.bag)]
    rest = pool[len(state.bag):]
    shares = [len(rest) // len(others)] * len(others) if others else []
    for extra in range(len(rest) - sum(shares)):
        shares[(extra + rng.below(len(others))) % len(others)] += 1
    position = 0
    for index, share in zip(others, shares, strict=True):
        target = sample.seats[index]
        target.contracts = dict.fromkeys(CONTRACT_TYPES, 0)
        for kind in rest[position:position + share]:
            target.contracts[kind] += 1
        position += share
        target.coins = _coin_guess(state, index, rng)
    pending = _pending(state, seat)
    for index in others:
        _refill_wagon(state, sample, index, visible.get(index), index in pending)
    _refill_loaded(state, sample, seat, loaded_visible, rng)


def _refill_wagon(state: DreadfulCircusState, sample: DreadfulCircusState, index: int, visible: Wagon | None,
                  pending: bool) -> None:
    """Another seat's wagon in the sample: filled as its owner's heuristic would for a placed wagon, or for a
    bid still being made while the seat makes its own (then placed at once, where the heuristic places it),
    real when the seat looks into it, empty once accepted."""
    real = state.seats[index].wagon
    target = sample.seats[index]
    if real is None:
        return
    if visible is not None:
        target.wagon = clone(visible)
        return
    wagon = Wagon(offer=real.offer if (real.forced or real.placed) else None, forced=real.forced,
                  placed=real.placed, declined=real.declined)
    target.wagon = wagon
    won = any(offer.winner == index for offer in state.offers)
    if not (real.placed or pending) or won:
        return
    offer = real.offer if real.placed else _bid_target(sample, index, wagon)
    assert offer is not None
    wagon.offer, wagon.placed = offer, True
    goal = 0.45 * card_value(sample, index, state.offers[offer].card)
    worth = 0.0
    while worth < goal:
        coin = next((c for c in COIN_TYPES if target.coins.get(c, 0) and worth + auto.COIN_WORTH[c] <= goal + 1), None)
        if coin is None:
            break
        _move(target.coins, wagon.coins, coin)
        worth += auto.COIN_WORTH[coin]
    if wagon.empty():  # a wagon holds something whenever its owner has anything
        coin = next((c for c in COIN_TYPES if target.coins.get(c, 0)), None)
        if coin is not None:
            _move(target.coins, wagon.coins, coin)
        else:
            kind = next((k for k in CONTRACT_TYPES if target.contracts.get(k, 0)), None)
            if kind is not None:
                _move(target.contracts, wagon.contracts, kind)


def _move(source: dict[str, int], into: dict[str, int], item: str) -> None:
    source[item] -= 1
    into[item] = into.get(item, 0) + 1


def _refill_loaded(state: DreadfulCircusState, sample: DreadfulCircusState, seat: int, visible: bool,
                   rng: Rng) -> None:
    """Wagons loaded for a card the seat cannot see into: each holds what its owner's heuristic loads (its
    cheapest coin, or any Contract), taken from the sampled screen."""
    if not state.tasks or visible:
        return
    task = sample.tasks[0]
    what = card(task.card).params.get("what")
    for owner in sorted(task.loaded):
        if owner == seat:
            continue
        screen = sample.seats[owner]
        wagon = Wagon()
        if what == "coin":
            coin = next((c for c in COIN_TYPES if screen.coins.get(c, 0)), None)
            if coin is None:
                screen.coins["copper"] = 1
                coin = "copper"
            _move(screen.coins, wagon.coins, coin)
        else:
            kinds = [k for k in CONTRACT_TYPES if screen.contracts.get(k, 0)]
            kind = kinds[rng.below(len(kinds))] if kinds else rng.pick(list(CONTRACT_TYPES))
            if not kinds:
                screen.contracts[kind] = 1
            _move(screen.contracts, wagon.contracts, kind)
        task.loaded[owner] = wagon


def _pending(state: DreadfulCircusState, seat: int) -> frozenset[int]:
    """The other seats still to make the simultaneous choice ``seat`` is making (none when ``seat`` is not
    asked): their choices are sampled at once, as they cannot depend on the seat's own."""
    awaited = to_act(state)
    if seat not in awaited or state.phase not in (DRAFT, START, FINAL, OFFER, BID):
        return frozenset()
    return awaited - {seat}


def _rechoose(state: DreadfulCircusState, sample: DreadfulCircusState, seat: int, rng: Rng) -> None:
    """Secret choices other seats have made, or are still to make in the same simultaneous step, are made
    from their sampled cards as the heuristic player makes them. Choosing the pending ones at once keeps
    the tree on the seat's own decisions: otherwise the search walks the other seats' choices first
    whenever they sit before the seat, and looks less far into its own."""
    phase = state.phase
    if phase not in (DRAFT, START, FINAL, OFFER):
        return
    pending = _pending(state, seat)
    for index, real in enumerate(state.seats):
        if index == seat or (real.choice is None and index not in pending):
            continue
        target = sample.seats[index]
        target.choice = None
        if phase == DRAFT:
            options = sorted(set(target.packet))
            scored = [(card_value(sample, index, c), c) for c in options]
        elif phase == OFFER:
            scored = [(-card_value(sample, index, c), c) for c in sorted(set(target.hand))]
        else:
            scored = [(card_value(sample, index, c), c) for c in sorted(set(target.hand)) if card(c).attraction]
        if not scored:
            target.choice = ""
            continue
        top = max(value for value, _ in scored)
        best = [c for value, c in scored if value == top]
        target.choice = best[rng.below(len(best))]


def determinize(state: DreadfulCircusState, seat: int, rng: Rng) -> DreadfulCircusState:
    """A complete state ``seat`` cannot tell from ``state``, drawn from ``rng`` (see the module's docstring)."""
    sample = clone(state)
    sample.rng = rng.next_u64()
    _deal_cards(state, sample, seat, rng)
    if state.phase not in (ENDING, OVER):  # after the exposure every screen is public
        _deal_goods(state, sample, seat, rng)
    _rechoose(state, sample, seat, rng)
    return sample


# ----- judging a position -------------------------------------------------------------------------

_SALE_INCOME = 1.5  # what one more Offer typically earns its Seller
# The softmax's temperature in points: final scores of heuristic players spread by about 5-6 points, and
# every round still to play adds to what may change.
_TEMPERATURE_END = 4.0
_TEMPERATURE_PER_ROUND = 0.8


@cache
def _set_points(counts: tuple[int, ...], wild: int, five_bonus: int) -> int:
    return scoring.best_sets(dict(zip(CONTRACT_TYPES, counts, strict=True)), wild, five_bonus)[0]


@cache
def _collection_points(names: tuple[str, ...]) -> int:
    points = load_content().collection_points
    return sum(points[size] for size in scoring.collection_sets(list(names)))


def _holdings(state: DreadfulCircusState, index: int) -> tuple[dict[str, int], dict[str, int]]:
    """The seat's coins and Contracts, counting what sits in its own wagon or a wagon it loaded."""
    seat = state.seats[index]
    coins = dict(seat.coins)
    contracts = dict(seat.contracts)
    extra: list[Wagon] = [seat.wagon] if seat.wagon is not None else []
    if state.tasks and index in state.tasks[0].loaded:
        extra.append(state.tasks[0].loaded[index])
    for wagon in extra:
        for coin, n in wagon.coins.items():
            coins[coin] = coins.get(coin, 0) + n
        for kind, n in wagon.contracts.items():
            contracts[kind] = contracts.get(kind, 0) + n
    return coins, contracts


def _hand_bonus(state: DreadfulCircusState, seat: Seat, scored: list[Card]) -> float:
    """The Attraction the hand will place at the end (the best it holds), once the game gets there."""
    if state.phase == FINAL and seat.choice is not None:
        return _attraction_gain(card(seat.choice), scored) if seat.choice else 0.0
    best = 0.0
    for card_id in seat.hand:
        c = card(card_id)
        if c.attraction:
            best = max(best, _attraction_gain(c, scored))
    return best


def _attraction_gain(c: Card, scored: list[Card]) -> float:
    if c.effect == "collection":
        names = [s.name for s in scored if s.effect == "collection"]
        return float(_collection_points(tuple(sorted([*names, c.name]))) - _collection_points(tuple(sorted(names))))
    if c.effect == "provide_contracts":
        return c.points + 2.0 * int(c.params["count"])
    return c.points + (1.5 if c.effect != "points" else 0.0)


def estimated_scores(state: DreadfulCircusState) -> list[float]:
    """Each seat's score if the game ended now, plus its last Attraction and its remaining Offers' income."""
    count = len(state.seats)
    content = load_content()
    held = [_holdings(state, index) for index in range(count)]
    scored_cards = [scoring.scoring_cards(state, index) for index in range(count)]
    contracts: list[dict[str, int]] = []
    for index in range(count):
        counts = {kind: held[index][1].get(kind, 0) for kind in CONTRACT_TYPES}
        for scored in scored_cards[index]:
            if scored.effect == "provide_contracts":
                counts[str(scored.params["contract"])] += int(scored.params["count"])
        contracts.append(counts)
    totals = [0.0] * count
    leaders: dict[str, list[int]] = {}
    for kind in CONTRACT_TYPES:
        top = max(counts[kind] for counts in contracts)
        tied = [index for index in range(count) if top > 0 and contracts[index][kind] == top]
        leaders[kind] = tied
        for index in tied:
            totals[index] += content.majority_points // len(tied)
    sizes = [len(seat.tableau) for seat in state.seats]
    ending = state.phase in (ENDING, OVER)
    for index in range(count):
        coins = held[index][0]
        cards = scored_cards[index]
        totals[index] += sum(COIN_VALUE[coin] * coins.get(coin, 0) for coin in COIN_TYPES)
        kinds = [scored.effect for scored in cards]
        five_bonus = sum(int(scored.params["vp"]) for scored in cards if scored.effect == "looped_wagons")
        totals[index] += _set_points(tuple(contracts[index][kind] for kind in CONTRACT_TYPES),
                                     kinds.count("rainbow_bridge"), five_bonus)
        totals[index] += sum(scored.points for scored in cards)
        totals[index] += _collection_points(tuple(sorted(s.name for s in cards if s.effect == "collection")))
        for scored in cards:
            totals[index] += _effect_points(scored, coins, contracts[index], index, leaders, sizes)
        if not ending:
            seat = state.seats[index]
            totals[index] += _hand_bonus(state, seat, cards)
            totals[index] += _SALE_INCOME * max(0, len(seat.hand) - auto.HAND_KEPT)
    return totals


def _effect_points(scored: Card, coins: dict[str, int], contracts: dict[str, int], index: int,
                   leaders: dict[str, list[int]], sizes: list[int]) -> int:
    vp = int(scored.params.get("vp", 0))
    effect = scored.effect
    if effect == "flaming_arrow":
        return vp * min(coins.get(coin, 0) for coin in COIN_TYPES)
    if effect == "coin_bonus":
        return vp * coins.get(str(scored.params["coin"]), 0)
    if effect == "contract_variety":
        return vp * sum(1 for kind in CONTRACT_TYPES if contracts[kind])
    if effect == "majority_bonus":
        return vp * sum(1 for kind in CONTRACT_TYPES if index in leaders[kind])
    if effect == "bigger_tableau":
        return vp * sum(1 for other, size in enumerate(sizes) if other != index and size < sizes[index])
    return 0


def rounds_left(state: DreadfulCircusState) -> float:
    """About how many rounds remain: every card above the 3 each hand keeps is offered, one per Seller."""
    if state.phase in (FINAL, ENDING, OVER):
        return 0.0
    excess = sum(max(0, len(seat.hand) - auto.HAND_KEPT) for seat in state.seats)
    if state.phase == DRAFT:
        excess = sum(len(seat.packet) + len(seat.drafted) - 1 - auto.HAND_KEPT for seat in state.seats)
    sellers = 1 if state.second_seller is None else 2
    return excess / sellers


def chances(scores: Sequence[float], temperature: float) -> tuple[float, ...]:
    top = max(scores)
    weights = [math.exp((score - top) / temperature) for score in scores]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def evaluate(state: DreadfulCircusState) -> tuple[float, ...]:
    """Each seat's chance to win, from the estimated scores (unfinished games only)."""
    temperature = _TEMPERATURE_END + _TEMPERATURE_PER_ROUND * rounds_left(state)
    return chances(estimated_scores(state), temperature)


_MARGIN_SHARE = 0.1


def finished(won: Sequence[float], state: DreadfulCircusState) -> tuple[float, ...]:
    """A finished game is judged by who won, with a tenth of the reward for the score: a seat that has
    lost in every sample still prefers keeping its coins to pouring them into a wagon, and the winners'
    order is unchanged."""
    outcome = scoring.outcome(state)
    margin = chances([float(score) for score in outcome.scores], _TEMPERATURE_END)
    return tuple((1 - _MARGIN_SHARE) * w + _MARGIN_SHARE * m for w, m in zip(won, margin, strict=True))


# ----- budget ------------------------------------------------------------------------------------


def budget(state: DreadfulCircusState, seat: int) -> SearchBudget:
    """Iterations and rollout horizon of one strong decision."""
    if state.phase == BID:
        # Bids are built a coin at a time and the choices between neighbouring bids are close: a greedier
        # search (low exploration) with more samples settles them instead of wandering between them.
        return SearchBudget(iterations=_BID_ITERATIONS, horizon=_HORIZON, exploration=_EXPLORATION)
    return SearchBudget(iterations=_ITERATIONS, horizon=_HORIZON, exploration=_EXPLORATION)


_ITERATIONS = 70
_BID_ITERATIONS = 90
_HORIZON = 30
_EXPLORATION = 0.3
