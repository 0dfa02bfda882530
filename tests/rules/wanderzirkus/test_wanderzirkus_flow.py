"""The course of play: set-up, Travel order and pairs, announcements, Round Scoring bookkeeping, Spend
Coins and its limits, the Pro and Simplified rules, the end of the game and the solo rating."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, InvalidOptions, NotYourTurn
from rules.wanderzirkus import flow
from rules.wanderzirkus.actions import (
    Announce,
    BuyArtist,
    BuyCity,
    BuySwapToken,
    ChooseArtist,
    ChooseCity,
    EndSpending,
    PlayCard,
    ReturnCard,
    StopShow,
    TakePair,
    UseSwap,
)
from rules.wanderzirkus.content import load_content
from rules.wanderzirkus.scoring import solo_rating
from rules.wanderzirkus.state import WanderzirkusState

from wanderzirkus_helpers import GAME, NAMES, apply, find, finish_setup, new_game, rig, run, show_game


def test_setup_offers_four_artists_and_two_cities_to_everyone_at_once() -> None:
    state = new_game(players=3)
    assert GAME.to_act(state) == {0, 1, 2}
    for circus in state.circuses:
        assert len(circus.offer) == 4 and len(circus.city_offer) == 2 and len(circus.artists) == 5
    first = state.circuses[0]
    state, _ = run(state, 0, ChooseArtist(first.offer[0]), ChooseArtist(first.offer[2]))
    assert GAME.legal_actions(state, 0) == [ChooseCity(c) for c in first.city_offer]
    state, _ = apply(state, 0, ChooseCity(first.city_offer[1]))
    assert GAME.to_act(state) == {1, 2}
    assert state.circuses[0].artists[5:] == [first.offer[0], first.offer[2]]
    assert GAME.view(state, 1)["players"][0]["cities"] == []  # shown once everyone has chosen


def test_unchosen_setup_cards_go_under_the_stacks_and_round_one_decks_have_seven() -> None:
    state = new_game(players=2)
    offers = [list(c.offer) for c in state.circuses]
    cities = [list(c.city_offer) for c in state.circuses]
    state = finish_setup(state)
    assert state.artist_stack[-4:] == [offers[0][2], offers[0][3], offers[1][2], offers[1][3]]
    assert state.city_stack[-2:] == [cities[0][1], cities[1][1]]
    assert all(len(c.artists) == 7 and len(c.hand) == 3 for c in state.circuses)
    assert state.phase == "announce"
    assert GAME.legal_actions(state, state.order[0]) == [*(Announce(n) for n in range(1, 7)), UseSwap()]


def test_four_plus_artists_are_removed_with_two_or_three_players() -> None:
    for players, expected in ((1, 60), (2, 40), (3, 40), (4, 60), (6, 60)):
        state = new_game(players=players)
        in_play = state.artist_stack + [c for circus in state.circuses for c in circus.offer]
        assert len(in_play) == expected
        marked = [c for c in in_play if load_content().artists[c].four_plus]
        assert bool(marked) == (players not in (2, 3))


def test_round_one_announcements_go_clockwise_and_nobody_travels() -> None:
    state = finish_setup(new_game(players=4))
    start = state.first_announcer
    assert state.order == [(start + i) % 4 for i in range(4)]
    assert state.round == 1 and not state.pairs
    with pytest.raises(NotYourTurn, match="It is not your turn"):
        apply(state, (start + 1) % 4, Announce(2))
    state, events = apply(state, start, Announce(3))
    assert find(events, "announced") == [{"seat": start, "count": 3}]
    with pytest.raises(IllegalAction, match="Announce between 1 and 6"):
        apply(state, (start + 1) % 4, Announce(7))


def _score_round(state: WanderzirkusState, vps: list[list[int]]) -> None:
    for circus, history in zip(state.circuses, vps, strict=True):
        circus.round_vp = list(history)


def test_order_fewest_points_last_round_first_then_round_before_then_lots() -> None:
    state = new_game(players=4)
    _score_round(state, [[10, 5], [10, 9], [10, 4], [10, 7]])
    assert flow.order_by_last_rounds(state, fewest_first=True) == [2, 0, 3, 1]
    _score_round(state, [[5, 8], [3, 8], [4, 9], [6, 7]])
    assert flow.order_by_last_rounds(state, fewest_first=True) == [3, 1, 0, 2]
    assert flow.order_by_last_rounds(state, fewest_first=False) == [2, 0, 1, 3]
    _score_round(state, [[5, 8], [3, 8], [5, 8], [6, 9]])
    fewest = flow.order_by_last_rounds(state, fewest_first=True)
    assert fewest[0] == 1 and set(fewest[1:3]) == {0, 2} and fewest[3] == 3


def test_ties_are_broken_by_lots_from_the_game_generator() -> None:
    state = new_game(players=6)
    _score_round(state, [[5]] * 6)
    orders = {tuple(flow.order_by_last_rounds(state, fewest_first=True)) for _ in range(12)}
    assert len(orders) > 1 and all(sorted(order) == list(range(6)) for order in orders)


def _play_round_one(state: WanderzirkusState) -> WanderzirkusState:
    """Everyone announces 1 and stops after one card."""
    while state.phase == "announce":
        state, _ = apply(state, state.order[state.turn], Announce(1))
    for seat in range(len(state.players)):
        circus = state.circuses[seat]
        state, _ = apply(state, seat, PlayCard(circus.hand[0]))
        while state.circuses[seat].show_state == "running" and state.circuses[seat].step != "play":
            state, _ = apply(state, seat, GAME.legal_actions(state, seat)[-1])
        if state.circuses[seat].show_state == "running":
            state, _ = apply(state, seat, StopShow())
    return state


def _finish_spending(state: WanderzirkusState) -> WanderzirkusState:
    while state.phase == "spend":
        state, _ = apply(state, state.order[state.turn], EndSpending())
    return state


def test_travel_lays_out_players_plus_two_pairs_picked_fewest_points_first() -> None:
    state = _finish_spending(_play_round_one(finish_setup(new_game(players=3))))
    assert state.round == 2 and state.phase == "travel"
    assert len(state.pairs) == 5
    vp = [c.round_vp[0] for c in state.circuses]
    assert [vp[s] for s in state.order] == sorted(vp)
    first = state.order[0]
    artist, city = state.pairs[4]  # type: ignore[misc]
    state, events = apply(state, first, TakePair(4))
    assert find(events, "pair_taken") == [{"seat": first, "artist": artist, "city": city}]
    assert artist in state.circuses[first].artists and city in state.circuses[first].cities
    with pytest.raises(IllegalAction, match="Pair 5 has already been taken"):
        apply(state, state.order[1], TakePair(4))
    left = [p for p in state.pairs if p is not None]
    stack = list(state.artist_stack)
    state, _ = apply(state, state.order[1], TakePair(0))
    state, _ = apply(state, state.order[2], TakePair(1))
    assert state.phase == "announce"
    assert state.artist_stack == stack + [p[0] for p in left[2:]]
    assert [vp[s] for s in state.order] == sorted(vp, reverse=True)  # most points announce first


def test_spend_coins_prices_and_limits() -> None:
    state = _play_round_one(finish_setup(new_game(players=2, seed=5)))
    state.phase = "spend"
    state.order, state.turn, state.spend_step = [0, 1], 0, "menu"
    circus = state.circuses[0]
    circus.coins, circus.swap_token = 12, False
    state.circuses[1].coins = 3  # the next seat can buy something too: the phase goes on to it
    assert GAME.legal_actions(state, 0) == [BuyArtist(), BuyCity(), BuySwapToken(), EndSpending()]
    state, _ = apply(state, 0, BuyArtist())
    drawn = list(state.circuses[0].offer)
    assert len(drawn) == 2 and GAME.legal_actions(state, 0) == [ChooseArtist(c) for c in drawn]
    state, _ = apply(state, 0, ChooseArtist(drawn[1]))
    assert drawn[1] in state.circuses[0].artists and state.artist_stack[-1] == drawn[0]
    with pytest.raises(IllegalAction, match="only one artist per round"):
        apply(state, 0, BuyArtist())
    state, _ = apply(state, 0, BuySwapToken())
    with pytest.raises(IllegalAction, match="only one swap token"):
        apply(state, 0, BuySwapToken())
    assert state.circuses[0].coins == 4
    state, _ = apply(state, 0, BuyCity())
    offered = list(state.circuses[0].city_offer)
    state, _ = apply(state, 0, ChooseCity(offered[0]))
    assert state.circuses[0].bought_cities == [offered[0]] and state.circuses[0].coins == 1
    assert state.current == 1  # nothing left to buy: the turn passes


def test_a_bought_city_is_displayed_next_round_beside_the_travel_city() -> None:
    state = show_game(players=1)
    rig(state, 0, hand=["yellow_01"], pile=["green_01", "green_02"])
    state.circuses[0].coins = 10
    state, _ = apply(state, 0, StopShow())
    assert state.phase == "spend"
    shown = list(state.circuses[0].cities)
    state, _ = apply(state, 0, BuyCity())
    bought = state.circuses[0].city_offer[0]
    state, _ = apply(state, 0, ChooseCity(bought))
    state = _finish_spending(state)
    assert state.circuses[0].cities == [bought]
    assert state.city_stack[-len(shown):] == shown
    state, _ = apply(state, 0, TakePair(0))
    assert state.circuses[0].cities[0] == bought and len(state.circuses[0].cities) == 2


def test_too_few_coins_skip_the_spend_phase() -> None:
    state = show_game(players=1)
    state.circuses[0].coins = 0
    state.circuses[0].swap_token = True
    rig(state, 0, hand=["green_01"], pile=["green_02"])
    state, _ = apply(state, 0, StopShow())
    assert state.phase == "travel"


def test_simplified_game_has_no_announcement_and_returns_the_swap_token() -> None:
    state = show_game(players=1, simplified=True)
    assert state.circuses[0].announcement is None
    rig(state, 0, hand=["green_01", "green_02"], pile=["green_03", "green_04"])
    state, _ = run(state, 0, UseSwap(), ReturnCard("green_01"), ReturnCard("green_02"))
    assert not state.circuses[0].swap_token
    state, events = apply(state, 0, StopShow())
    assert find(events, "swap_token_returned") == [{"seat": 0}]
    assert state.circuses[0].swap_token


def test_pro_mode_keeps_fulfilled_cities_of_new_regions() -> None:
    """Both cities are fulfilled; only the first of their shared region is kept, the other goes back."""
    state = show_game(players=1, pro=True)
    content = load_content()
    north = [c.id for c in content.cities.values() if c.region == "north"][:2]
    rig(state, 0, hand=["green_02"], pile=["green_03"],
        show=[["yellow_12"], ["green_09"], ["red_01"], ["blue_01"], ["purple_01"]])
    state.city_stack = [c for c in state.city_stack if c not in north]
    state.circuses[0].cities = list(north)
    state, events = apply(state, 0, StopShow())
    assert all(vp for _, vp in find(events, "round_scored")[0]["cities"])
    assert find(events, "region_kept") == [{"seat": 0, "city": north[0], "region": "north"}]
    assert state.circuses[0].kept_cities == [north[0]]
    state = _finish_spending(state)
    assert north[1] in state.city_stack and north[0] not in state.city_stack


def test_game_end_coins_to_points_tie_broken_by_coins_else_shared() -> None:
    state = new_game(players=3)
    for circus, vp, coins in zip(state.circuses, (50, 50, 50), (8, 6, 8), strict=True):
        circus.round_vp, circus.coins = [vp], coins
    flow.end_game(state, [])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (52, 52, 52)
    assert outcome.ranking == ((0, 2), (1,))
    assert GAME.to_act(state) == frozenset()


def test_solo_game_reports_its_rating() -> None:
    state = new_game(players=1)
    state.circuses[0].round_vp = [20, 20, 20, 20, 19]
    state.circuses[0].coins = 5
    flow.end_game(state, [])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (100,)
    assert outcome.result == "Victory-point acrobatics at its finest"


@pytest.mark.parametrize(("vp", "rating"), [
    (0, "At least nobody got hurt"), (69, "At least nobody got hurt"), (70, "Breadless circus art"),
    (80, "Restrained applause"), (99, "Aspiring clowning"), (110, "The audience is thrilled"),
    (125, "A magical show"), (130, "That is true circus art!"), (140, "That is true circus art!"),
    (141, "Living circus legends!"),
])
def test_solo_rating_table(vp: int, rating: str) -> None:
    assert solo_rating(vp) == rating


def test_pro_mode_is_not_combined_with_the_simplified_game() -> None:
    with pytest.raises(InvalidOptions, match="cannot be combined with the Simplified game"):
        GAME.new_game(list(NAMES[:2]), {"simplified": True, "pro": True}, 1)
    with pytest.raises(InvalidOptions, match="1 to 6 players"):
        GAME.new_game([*NAMES, "Xaver"], {}, 1)


def test_the_swap_token_may_be_used_before_announcing() -> None:
    state = finish_setup(new_game(2, seed=3))
    seat = state.order[0]
    circus = state.circuses[seat]
    hand, pile = list(circus.hand), list(circus.draw_pile)
    state, events = apply(state, seat, UseSwap())
    circus = state.circuses[seat]
    assert circus.hand == [*hand, *pile[:2]] and not circus.swap_token
    assert [e.kind for e in events if e.private_to is None] == ["swap_used"]
    assert GAME.legal_actions(state, seat) == [ReturnCard(card) for card in circus.hand]
    with pytest.raises(IllegalAction, match="not a choice right now"):
        apply(state, seat, Announce(3))
    state, _ = run(state, seat, ReturnCard(hand[0]), ReturnCard(hand[1]))
    circus = state.circuses[seat]
    assert sorted(circus.hand) == sorted([hand[2], *pile[:2]]) and len(circus.draw_pile) == len(pile)
    assert UseSwap() not in GAME.legal_actions(state, seat)  # one token, used
    state, _ = apply(state, seat, Announce(4))
    assert state.circuses[seat].announcement == 4
