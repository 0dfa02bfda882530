"""The automatic player sits fairly: its choices as a Seller do not follow seat numbers, and with
automatic players in every seat no seat wins more for where it sits.

The last seat used to win about half of all games: a Seller looked into the wagons in seat order and
accepted the last one as "the last chance", so the highest seat's bids were the ones accepted cheap.
"""

from __future__ import annotations

from collections import Counter

from rules.cli import default_names, play_out
from rules.core.rng import Rng
from rules.dreadful_circus.actions import Inspect, MakeOffer
from rules.dreadful_circus.state import DreadfulCircusState

from dreadful_circus_helpers import GAME, apply, bid_copper, find, started


def _selling() -> tuple[DreadfulCircusState, int]:
    """A 4-player round in which every bidder has placed a wagon holding 1 Copper: the Seller is
    about to choose a wagon to look into."""
    state = started(4, seed=1)
    seller = state.first_seller
    state, _ = apply(state, seller, MakeOffer(state.seats[seller].hand[0]))
    for step in (1, 2, 3):
        state = bid_copper(state, (seller + step) % 4)
    assert state.phase == "sell"
    return state, seller


def test_the_automatic_seller_looks_into_wagons_in_no_fixed_seat_order() -> None:
    state, seller = _selling()
    bidders = {s for s in range(4) if s != seller}
    view = GAME.view(state, seller)
    legal = GAME.legal_actions(state, seller)
    assert {a.owner for a in legal if isinstance(a, Inspect)} == bidders
    first_looks: Counter[int] = Counter()
    for seed in range(60):
        action = GAME.auto_action(view, legal, Rng.from_seed(seed))
        assert isinstance(action, Inspect)
        first_looks[action.owner] += 1
    # Each bidder is looked at first about a third of the time, not always the lowest seat.
    assert set(first_looks) == bidders
    assert all(10 <= count <= 30 for count in first_looks.values()), first_looks


def test_equal_bids_are_as_likely_to_win_from_any_seat() -> None:
    """Three wagons of 1 Copper: the Seller declines until the last chance, and which wagon that is
    depends only on the Seller's own draws, never on the bidders' seats."""
    state, seller = _selling()
    bidders = {s for s in range(4) if s != seller}
    winners: Counter[int] = Counter()
    for seed in range(60):
        rng = Rng.from_seed(seed)
        current, accepted = state, []
        while current.phase == "sell":
            action = GAME.auto_action(GAME.view(current, seller), GAME.legal_actions(current, seller), rng)
            current, events = apply(current, seller, action)
            accepted += [data["owner"] for data in find(events, "bid_accepted")]
        assert len(accepted) == 1  # one sale, after declining the others
        winners[accepted[0]] += 1
    assert set(winners) == bidders
    assert all(10 <= count <= 30 for count in winners.values()), winners


def test_with_automatic_players_everywhere_the_last_seat_wins_no_more_than_the_others() -> None:
    """150 seeded 5-player games, each seat should win about 20 %; the last seat used to win more
    than half. (bench/balance.py measures 2,000 games per setting, for every game.)"""
    games, players = 150, 5
    wins = [0.0] * players
    for seed in range(games):
        final, _ = play_out(GAME, default_names(players), {}, seed, auto=True)
        outcome = GAME.outcome(final)
        assert outcome is not None
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
    shares = [100 * won / games for won in wins]
    assert max(shares) <= 32 and min(shares) >= 10, shares
