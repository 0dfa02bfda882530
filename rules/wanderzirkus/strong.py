"""What the strong automatic player's search (``rules.core.search``) needs from Der Wanderzirkus.

- ``determinize``: a complete state the deciding seat cannot tell from the true one. It is built only
  from what ``view(state, seat)`` shows (the code reads a state field only where the view shows it, or
  where it is the seat's own decision), and everything else is dealt afresh from the player's random
  stream out of pools built in sorted order: the other seats' unseen artists, their hands and decks, their
  running shows (restarted, so they play them again in the sample), their set-up offers, the order of
  both stacks, the seat's own deck order, and the game's generator. What the seat learnt earlier but its
  view no longer shows (the card it left on top after looking, the card it tucked under its deck, the
  artists another seat took in an earlier Travel) is forgotten, as the contract asks: a sample depends on
  the view and the random stream alone.
- ``rollout_action``: the heuristic player's choices, read straight from the sampled state instead of a
  view (building a view costs five times a whole step of the game).
- ``evaluate``: each seat's chance to win as a softmax of an estimate of its final score: the points of
  the rounds scored, the show of this round if it has not been scored yet, coins, and the rounds still
  to come (worth more with a bigger deck).
- ``search_budget``: few iterations for the many small steps of a show, more for the few decisions that
  shape the game (set-up, Travel, the announcement, Spend Coins).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from rules.core.clone import clone
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.wanderzirkus import flow, row
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.auto import ANNOUNCE_SHARE, COPY_PREFERENCE, artist_value, city_value
from rules.wanderzirkus.content import PAUSE, card, load_content
from rules.wanderzirkus.scoring import score_show
from rules.wanderzirkus.state import HAND_SIZE, ROUNDS, Circus, Column, WanderzirkusState

# ----- determinize ---------------------------------------------------------------------------------


def _visible_show(circus: Circus, seat: int, viewer: int) -> bool:
    return circus.show_state != "running" or seat == viewer


def _show_cards(show: list[Column]) -> list[str]:
    return [card_id for column in show for card_id in column.cards if card_id != PAUSE]


def _without(cards: list[str], taken: list[str]) -> list[str]:
    """``cards`` less one copy of each of ``taken`` (a multiset difference), sorted."""
    left = Counter(cards)
    left.subtract(taken)
    return sorted(left.elements())


def _deal(pool: list[str], count: int) -> list[str]:
    dealt = pool[:count]
    del pool[:count]
    return dealt


def determinize(state: WanderzirkusState, seat: int, rng: Rng) -> WanderzirkusState:
    content = load_content()
    count = len(state.players)
    setup = state.phase == "setup"
    own = state.circuses[seat]
    rng_state = rng.next_u64()

    # The artists the seat has seen where they are: its own, the pairs on the table, finished shows.
    seen_artists = [*own.artists, *own.offer]
    seen_artists += [pair[0] for pair in state.pairs if pair is not None]
    for other, circus in enumerate(state.circuses):
        if other != seat and _visible_show(circus, other, seat):
            seen_artists += [c for c in _show_cards(circus.show) if not card(c).starting]
    artist_pool = _without(content.stack_artists(count), seen_artists)
    rng.shuffle(artist_pool)

    seen_cities = [*own.cities, *own.bought_cities, *own.kept_cities, *own.city_offer]
    seen_cities += [pair[1] for pair in state.pairs if pair is not None]
    for other, circus in enumerate(state.circuses):
        if other != seat:
            seen_cities += [*circus.bought_cities, *circus.kept_cities]
            if not setup:
                seen_cities += circus.cities
    city_pool = _without(list(content.cities), seen_cities)
    rng.shuffle(city_pool)

    circuses: list[Circus] = []
    for other, circus in enumerate(state.circuses):
        if other == seat:
            circuses.append(_own_sample(own, rng))
        else:
            circuses.append(_other_sample(state, other, circus, seat, artist_pool, city_pool, rng))

    if setup:
        first = rng.below(count)  # the round-1 announcement order is not shown before set-up ends
    elif state.phase == "announce" and state.round == 1:
        first = state.order[0]
    else:
        first = 0  # only round 1 reads it
    return WanderzirkusState(
        players=list(state.players), options=dict(state.options), rng=rng_state, circuses=circuses,
        artist_stack=_deal(artist_pool, len(state.artist_stack)), city_stack=_deal(city_pool, len(state.city_stack)),
        round=state.round, phase=state.phase, order=list(state.order), turn=state.turn, pairs=list(state.pairs),
        first_announcer=first, scorings=[clone(s) for s in state.scorings], spend_step=state.spend_step,
        final_vp=list(state.final_vp))


def _own_sample(own: Circus, rng: Rng) -> Circus:
    """The seat's own circus as it knows it; only its deck order is drawn again (the card it looks at
    through an effect stays where it lies)."""
    mine = clone(own)
    pile = sorted(own.draw_pile)
    if own.peeked is not None and own.step == "peek":
        pile.remove(own.peeked)
        rng.shuffle(pile)
        if own.peek_side == "top":
            pile.insert(0, own.peeked)
        else:
            pile.append(own.peeked)
    else:
        rng.shuffle(pile)
    mine.draw_pile = pile
    return mine


def _other_sample(state: WanderzirkusState, other: int, circus: Circus, seat: int, artist_pool: list[str],
                  city_pool: list[str], rng: Rng) -> Circus:
    """Another seat's circus from what the seat sees of it: its starting cards, the artists of its
    finished show and, dealt from the pools, as many further artists as its deck size says."""
    content = load_content()
    starting = content.starting_set(other + 1)
    visible = _visible_show(circus, other, seat)
    shown = [c for c in _show_cards(circus.show) if not card(c).starting] if visible else []
    hidden = len(circus.artists) - len(starting) - len(shown)
    artists = [*starting, *shown, *_deal(artist_pool, hidden)]
    sample = Circus(artists=artists, coins=circus.coins, swap_token=circus.swap_token,
                    round_vp=list(circus.round_vp), announcement=circus.announcement,
                    show_state=circus.show_state, end_reason=circus.end_reason, setup_done=circus.setup_done,
                    bought_cities=list(circus.bought_cities), kept_cities=list(circus.kept_cities))
    sample.swap_used = bool(state.options["simplified"]) and not circus.swap_token
    if state.phase == "setup":
        # Its choices are secret: what it still has to choose from is dealt again.
        sample.offer = _deal(artist_pool, flow.SETUP_ARTISTS - hidden)
        if circus.setup_done:
            sample.cities = _deal(city_pool, 1)
            sample.city_offer = _deal(city_pool, flow.OFFER_SIZE - 1)
        else:
            sample.city_offer = _deal(city_pool, flow.OFFER_SIZE)
    else:
        sample.cities = list(circus.cities)
    if visible:
        sample.show = clone_show(circus.show)
        sample.pause_used = circus.pause_used
        if circus.show_state == "ended":
            sample.draw_pile = _without(artists, _show_cards(circus.show))
    elif circus.show_state == "running":
        # A running show is secret: it starts again in the sample.
        sample.step = "play"
    if state.phase == "announce" or circus.show_state == "running":
        deck = sorted(artists)
        rng.shuffle(deck)
        sample.hand, sample.draw_pile = deck[:HAND_SIZE], deck[HAND_SIZE:]
    return sample


def clone_show(show: list[Column]) -> list[Column]:
    return [Column(list(column.cards), column.exit) for column in show]


# ----- rollout policy ------------------------------------------------------------------------------


def _colours_in(show: list[Column]) -> set[str]:
    return {card(c).colour for column in show for c in column.cards}


def _wanted(circus: Circus) -> set[str]:
    content = load_content()
    wanted = {colour for city in circus.cities for colour in content.cities[city].colours}
    return wanted - _colours_in(circus.show)


def _places(show: list[Column]) -> list[str]:
    return [card(column.cards[-1]).colour for column in show]


def _met(circus: Circus) -> bool:
    return circus.announcement is None or row.length(circus.show) >= circus.announcement


def _play_score(circus: Circus, card_id: str, wanted: set[str], places: list[str], stops: int) -> float:
    a = card(card_id)
    right = a.right_colours()
    followers = sum(1 for other in circus.hand if other != card_id and card(other).left_colours() & right)
    value = 4.0 * followers + 1.5 * len(a.right)
    if a.colour in wanted:
        value += 5
    last = places[-1] if places else None
    if a.colour == "red" and last == "red":
        value += 3
    if a.colour == "purple" and last == "purple":
        value += 3
    if a.colour == "blue" and "blue" not in places[-2:]:
        value += 1.5
    if a.colour == "yellow":
        value += 1
    if a.stop and stops >= 3:
        value -= 6
    if a.effect == "extra_card":
        value += 1
    return value


def _show_action(state: WanderzirkusState, circus: Circus, legal: Sequence[Action]) -> Action:
    step = circus.step
    if step == "place":
        targets = {getattr(a, "target", 0): a for a in legal}
        if row.STACK in targets:
            return targets[row.STACK]
        stack = circus.show[-1].cards

        def fits(target: int) -> int:
            right = card(stack[target]).right_colours()
            return sum(1 for c in circus.hand if card(c).left_colours() & right)

        return targets[max(targets, key=fits)]
    if step == "effect":
        kinds = {a.kind: a for a in legal}
        copies = {getattr(a, "effect", ""): a for a in legal if a.kind == "copy_effect"}
        for effect in COPY_PREFERENCE:
            if effect in copies:
                return copies[effect]
        if "use_effect" in kinds and circus.effect in ("extra_card", "peek_top", "peek_bottom"):
            return kinds["use_effect"]
        if circus.effect == "tuck" and row.stop_signs(circus.show) >= 2:
            for a in legal:
                if a.kind == "tuck_card" and card(getattr(a, "card", "")).stop:
                    return a
        return kinds["skip_effect"]
    if step == "peek":
        peeked = circus.peeked or ""
        good = artist_value(peeked) >= 5 and not (card(peeked).stop and row.stop_signs(circus.show) >= 2)
        want = "move_peeked" if good != (circus.peek_side == "top") else "skip_effect"
        return next(a for a in legal if a.kind == want)
    if step == "recycle":
        return next(a for a in legal if a.kind == "skip_effect")
    if step == "swap":
        last = circus.show[-1].cards if circus.show else []
        right = {colour for below in last for colour in card(below).right_colours()}

        def keep(action: Action) -> float:
            card_id = getattr(action, "card", "")
            connects = not last or bool(card(card_id).left_colours() & right)
            return (10 if connects else 0) + artist_value(card_id)

        return min(legal, key=keep)
    wanted = _wanted(circus)
    places = _places(circus.show)
    by_kind = {a.kind: a for a in legal}
    if "stop_show" in by_kind and _met(circus) and not wanted and places and places[-1] == "green":
        return by_kind["stop_show"]
    plays = [a for a in legal if a.kind == "play_card"]
    if plays:
        stops = row.stop_signs(circus.show)
        return max(plays, key=lambda a: _play_score(circus, getattr(a, "card", ""), wanted, places, stops))
    if "use_swap" in by_kind:
        return by_kind["use_swap"]
    short = not _met(circus) and (circus.announcement or 0) >= 4
    if "place_pause" in by_kind and (short or len(wanted) >= 2):
        return by_kind["place_pause"]
    return by_kind["stop_show"]


def rollout_action(state: WanderzirkusState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic player's choice (``auto.choose``) for ``seat``, read from the sampled state."""
    kind = legal[0].kind
    circus = state.circuses[seat]
    if kind == "choose_artist":
        return max(legal, key=lambda a: artist_value(getattr(a, "card", "")))
    if kind == "choose_city":
        return max(legal, key=lambda a: city_value(getattr(a, "city", "")))
    if kind == "take_pair":
        def pair_value(action: Action) -> float:
            pair = state.pairs[getattr(action, "pair", 0)]
            assert pair is not None
            return artist_value(pair[0]) + city_value(pair[1])
        return max(legal, key=pair_value)
    if state.phase == "announce" and circus.step != "swap":
        target = max(1, int(ANNOUNCE_SHARE * flow.max_announcement(state, seat) + 0.5))
        return min((a for a in legal if a.kind == "announce"), key=lambda a: abs(getattr(a, "count", 0) - target))
    if state.phase == "spend":
        kinds = {a.kind: a for a in legal}
        for wanted in ("buy_artist", "buy_swap_token", "buy_city"):
            if wanted in kinds:
                return kinds[wanted]
        if "end_spending" in kinds:
            return kinds["end_spending"]
        if kind == "choose_artist":
            return max(legal, key=lambda a: artist_value(getattr(a, "card", "")))
        return legal[0]
    return _show_action(state, circus, legal)


# ----- evaluate ------------------------------------------------------------------------------------

ROUND_VP = 11.0
"""About what a round's show brings the heuristic player with its starting deck of seven."""
VP_PER_ARTIST = 1.0
"""What each artist beyond seven adds to a round's show (longer announcements, more colours)."""
TEMPERATURE = 7.0
"""The softmax's scale in victory points: a lead of this much is about e times the chance to win."""


def estimate(state: WanderzirkusState, seat: int) -> float:
    """An estimate of the seat's final score."""
    circus = state.circuses[seat]
    points = float(sum(circus.round_vp))
    scored = len(circus.round_vp)
    to_come = ROUNDS - scored
    if state.phase in ("announce", "show") and scored < state.round:
        # This round's show: its score so far, and a share of a round for the rest of it.
        result = score_show(seat, circus.show, circus.announcement, circus.cities)
        points += result.total + result.coins / 3.0
        if circus.show_state != "ended":
            points += ROUND_VP * 0.5
        to_come -= 1
    deck = len(circus.artists)
    points += to_come * (ROUND_VP + VP_PER_ARTIST * (deck - 7))
    points += circus.coins * (1.0 / 3.0 + 0.12 * to_come)
    return points


# The solo chart's ratings are 10 VP apart, from under 70 to 141 and more: its middle is about 105.
SOLO_PAR = 105.0
SOLO_SPREAD = 15.0


def evaluate(state: WanderzirkusState) -> tuple[float, ...]:
    """Each seat's chance to win as a softmax of its estimated final score."""
    estimates = [estimate(state, seat) for seat in range(len(state.players))]
    if len(estimates) == 1:  # solo: the score against the solo chart, as the finished game is judged
        return (1.0 / (1.0 + math.exp(-(estimates[0] - SOLO_PAR) / SOLO_SPREAD)),)
    top = max(estimates)
    weights = [pow(2.718281828459045, (value - top) / TEMPERATURE) for value in estimates]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


# ----- budget --------------------------------------------------------------------------------------

SHOW_BUDGET = SearchBudget(iterations=40, horizon=40, exploration=0.5)
ROUND_BUDGET = SearchBudget(iterations=150, horizon=60, exploration=0.5)


def search_budget(state: WanderzirkusState, seat: int) -> SearchBudget:
    if state.phase == "show":
        return SHOW_BUDGET
    return ROUND_BUDGET

