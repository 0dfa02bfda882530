"""End-game scoring: the rulebook's Erica example, the contract tie split, Collection sets,
Looped Wagons, the other scoring cards and the five tie-breakers."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.dreadful_circus import scoring
from rules.dreadful_circus.actions import CopyCard, DiscardAttraction, PlaceAttraction, PlaceNothing
from rules.dreadful_circus.state import DreadfulCircusState

from dreadful_circus_helpers import GAME, apply, cid, coins, contracts, final_state, find, run, scored_state

NOBODY = (coins(), contracts())


def erica_final() -> tuple[DreadfulCircusState, int]:
    """Erica (seat 0) at the end of a 5-player game, holding Themis' Scale, an Attraction and a
    Performance; Mike ties her in Vegas, Tom leads London, Mike leads Prague."""
    erica_tableau = [cid("Poppin' Cobs", 0), cid("Poppin' Cobs", 1), cid("Sweet Clouds", 0), cid("Sweet Clouds", 1),
                     cid("Sweet Clouds", 2)]
    hands = [[cid("Themis' Scale"), cid("Bearded Lady"), cid("Fire Breather")], [cid("Freak Show")], [], [], []]
    screens = [
        (coins(copper=3, silver=1, gold=2), contracts(paris=3, berlin=3, vegas=2, prague=1, london=1)),
        (coins(copper=2), contracts(paris=1, berlin=2, vegas=2, prague=3, london=2)),
        (coins(silver=1), contracts(paris=2, berlin=1, london=3)),
        NOBODY, NOBODY,
    ]
    return final_state(5, hands, [erica_tableau, [], [], [], []], screens), 0


def test_erica_scores_51_as_in_the_rulebook_example() -> None:
    state, erica = erica_final()
    state, _ = run(state, (1, PlaceNothing()), (0, PlaceAttraction(cid("Themis' Scale"))))
    assert state.phase == "over"
    part = scoring.breakdowns(state)[erica]
    assert part.coins == 11  # 3 Copper, 1 Silver, 2 Gold
    assert part.majority_types == ["paris", "berlin"] and part.shared_types == ["vegas"]
    assert part.majorities == 8 + 2  # Paris and Berlin, Vegas split with Mike
    assert (part.set_count, part.sets) == (2, 16)
    assert part.cards == 2  # Themis' Scale
    assert part.collection_sets == [2, 2, 1] and part.collections == 10 + 2
    assert part.total == 11 + 8 + 2 + 16 + 2 + 12 == 51
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores[erica] == 51
    assert outcome.lines[erica].startswith(
        "Erica: 51 VP = coins 11 + majorities 10 (most: Paris, Berlin; shared Vegas)")
    assert "2 sets of different Contracts 16" in outcome.lines[erica]
    assert outcome.winners == (erica,)


def test_the_rest_of_ericas_hand_is_discarded_and_screens_are_exposed() -> None:
    state, _ = erica_final()
    state, events = run(state, (1, PlaceNothing()), (0, PlaceAttraction(cid("Themis' Scale"))))
    assert all(not seat.hand for seat in state.seats)
    assert cid("Bearded Lady") in state.discard and cid("Fire Breather") in state.discard
    exposure = find(events, "exposure")[0]
    assert exposure["coins"][0] == coins(copper=3, silver=1, gold=2)
    view = GAME.view(state, None)
    assert view["players"][1]["contracts"]["prague"] == 3 and view["scores"][0]["total"] == 51


def test_only_attractions_may_be_placed_at_the_end() -> None:
    state, _ = erica_final()
    legal = GAME.legal_actions(state, 0)
    assert PlaceAttraction(cid("Fire Breather")) not in legal and PlaceNothing() in legal
    assert GAME.to_act(state) == frozenset({0, 1})  # the others have no Attraction in hand
    with pytest.raises(IllegalAction) as refused:
        apply(state, 0, PlaceAttraction(cid("Fire Breather")))
    assert str(refused.value) == "Fire Breather is a Performance; only Attractions go into your Tableau."


def test_majority_ties_split_four_points_rounded_down() -> None:
    screens = [(coins(), contracts(paris=2)), (coins(), contracts(paris=2)), (coins(), contracts(paris=2)),
               (coins(), contracts(paris=1, berlin=1))]
    parts = scoring.breakdowns(scored_state(4, [[], [], [], []], screens))
    assert [p.majorities for p in parts[:3]] == [1, 1, 1]  # 4 // 3
    assert parts[3].majorities == 4  # Berlin alone
    two = scoring.breakdowns(scored_state(4, [[], [], [], []], [screens[0], screens[1], NOBODY, NOBODY]))
    assert [p.majorities for p in two] == [2, 2, 0, 0]


def test_nobody_scores_a_type_nobody_holds() -> None:
    parts = scoring.breakdowns(scored_state(4, [[], [], [], []], [NOBODY] * 4))
    assert all(p.total == 0 for p in parts)


def test_attraction_cards_that_provide_contracts_count_for_majorities_and_sets() -> None:
    tableau = [cid("Paris Cabaret"), cid("Berlin Winter Garden")]
    screens = [(coins(), contracts(vegas=1, prague=1)), (coins(), contracts(berlin=1)), NOBODY, NOBODY]
    part = scoring.breakdowns(scored_state(4, [tableau, [], [], []], screens))[0]
    assert part.majority_types == ["paris", "berlin", "vegas", "prague"]
    assert part.set_count == 1 and part.cards == 1  # Paris Cabaret's 1 VP


def test_eight_collection_cards_make_sets_of_three_three_and_two() -> None:
    names = ["Poppin' Cobs", "Sweet Clouds", "Frosty Cones", "Caramel Apples"]
    tableau = [cid(name, copy) for name in names for copy in (0, 1)]
    part = scoring.breakdowns(scored_state(4, [tableau, [], [], []], [NOBODY] * 4))[0]
    assert part.collection_sets == [3, 3, 2]
    assert part.collections == 9 + 9 + 5


def test_collection_sets_score_2_5_and_9() -> None:
    assert scoring.collection_sets(["a"]) == [1]
    assert scoring.collection_sets(["a", "b"]) == [2]
    assert scoring.collection_sets(["a", "a", "a"]) == [1, 1, 1]
    assert scoring.collection_sets(["a", "b", "c", "d"]) == [3, 1]


def test_looped_wagons_score_11_per_set_of_five_different_contracts() -> None:
    every_type_twice = contracts(paris=2, berlin=2, vegas=2, prague=2, london=2)
    with_wagons = scored_state(4, [[cid("Looped Wagons")], [], [], []], [(coins(), every_type_twice), NOBODY, NOBODY,
                                                                          NOBODY])
    part = scoring.breakdowns(with_wagons)[0]
    assert (part.set_count, part.five_sets, part.sets) == (2, 2, 22)
    without = scored_state(4, [[], [], [], []], [(coins(), every_type_twice), NOBODY, NOBODY, NOBODY])
    assert scoring.breakdowns(without)[0].sets == 16


def test_looped_wagons_never_cost_a_set_of_four() -> None:
    """(2,2,2,2,1): one set of five and one of four beat two sets of four without the bonus."""
    screens = [(coins(), contracts(paris=2, berlin=2, vegas=2, prague=2, london=1)), NOBODY, NOBODY, NOBODY]
    part = scoring.breakdowns(scored_state(4, [[cid("Looped Wagons")], [], [], []], screens))[0]
    assert (part.set_count, part.five_sets, part.sets) == (2, 1, 8 + 11)


def test_sets_of_four_use_the_best_split() -> None:
    assert scoring.max_sets([3, 3, 3, 3, 0], 4) == 3
    assert scoring.max_sets([4, 1, 1, 1, 1], 4) == 1
    assert scoring.max_sets([2, 2, 2, 1, 1], 4) == 2


def test_flaming_arrow_scores_coin_sets_and_the_coins_keep_their_points() -> None:
    screens = [(coins(copper=3, silver=2, gold=2), contracts()), NOBODY, NOBODY, NOBODY]
    part = scoring.breakdowns(scored_state(4, [[cid("Flaming Arrow")], [], [], []], screens))[0]
    assert part.coins == 3 + 4 + 6 and part.effects == 3 * 2


def test_rainbow_bridge_completes_a_set_but_wins_no_majority() -> None:
    screens = [(coins(), contracts(paris=1, berlin=1, vegas=1)), NOBODY, NOBODY, NOBODY]
    part = scoring.breakdowns(scored_state(4, [[cid("Rainbow Bridge")], [], [], []], screens))[0]
    assert part.set_count == 1 and part.majorities == 12


def test_scoring_attractions() -> None:
    tableaux = [[cid("Golden Calliope"), cid("Grand Menagerie"), cid("Haunted House")], [cid("Freak Show")], [], []]
    screens = [(coins(gold=2), contracts(paris=1, london=2)), (coins(), contracts(paris=1)), NOBODY, NOBODY]
    part = scoring.breakdowns(scored_state(4, tableaux, screens))[0]
    assert part.effects == 2 + 2 + 3  # 2 Gold; 2 contract types; 3 players with smaller Tableaux
    gallery = scoring.breakdowns(scored_state(4, [[cid("Shooting Gallery")], [], [], []], screens))[0]
    assert gallery.effects == 2 * 2  # London alone, Paris tied


def test_first_tie_breaker_is_themis_scale_even_against_more_cards() -> None:
    state = scored_state(4, [[cid("Themis' Scale"), cid("Freak Show")],
                             [cid("Poppin' Cobs"), cid("Sweet Clouds"), cid("Grand Menagerie")], [], []], [NOBODY] * 4)
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (5, 5)
    assert outcome.ranking[0] == (0,)


def test_second_tie_breaker_is_most_cards() -> None:
    state = scored_state(4, [[cid("Freak Show")], [cid("Poppin' Cobs"), cid("Grand Menagerie")], [], []],
                         [NOBODY, (coins(copper=1), contracts()), NOBODY, NOBODY])
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (3, 3)
    assert outcome.ranking[0] == (1,)


def test_third_tie_breaker_is_most_contracts() -> None:
    state = scored_state(4, [[], [], [], []], [(coins(copper=4), contracts()), (coins(), contracts(paris=1)),
                                               NOBODY, NOBODY])
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (4, 4)
    assert outcome.ranking[0] == (1,)


def test_fourth_tie_breaker_is_most_coins() -> None:
    state = scored_state(4, [[cid("Freak Show")], [cid("Bearded Lady")], [], []],
                         [(coins(copper=1), contracts()), (coins(copper=2), contracts()), NOBODY, NOBODY])
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (4, 4)
    assert outcome.ranking[0] == (1,)


def test_last_tie_breaker_is_the_first_seller_token_else_the_place_is_shared() -> None:
    screens = [(coins(gold=1), contracts()), (coins(gold=1), contracts()), NOBODY, NOBODY]
    assert scoring.outcome(scored_state(4, [[], [], [], []], screens, first_seller=1)).ranking[0] == (1,)
    assert scoring.outcome(scored_state(4, [[], [], [], []], screens, first_seller=2)).ranking[0] == (0, 1)


def test_a_copied_themis_scale_ties_with_the_original_and_the_next_breaker_decides() -> None:
    state = scored_state(4, [[cid("Twisted Corridors"), cid("Freak Show")],
                             [cid("Themis' Scale"), cid("Strongman's Tent")], [], []], [NOBODY] * 4)
    state.copies[cid("Twisted Corridors")] = cid("Themis' Scale")
    state.seats[1].contracts = contracts()
    state.seats[0].coins = coins(copper=1)
    state.seats[1].coins = coins()
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (6, 5)
    state.seats[1].coins = coins(copper=1)
    outcome = scoring.outcome(state)
    assert outcome.scores[:2] == (6, 6)
    assert outcome.ranking[0] == (0,)  # both hold Themis, equal cards and contracts; seat 0 holds the token


def test_end_game_cards_resolve_from_the_first_seller_clockwise() -> None:
    """Seat 1 holds the 1st Seller token: its Crystal Balls discard seat 0's Freak Show before seat
    0's Distorted Mirrors can copy it; the Mirrors then copy Bearded Lady."""
    tableaux = [[cid("Distorted Mirrors"), cid("Freak Show"), cid("Bearded Lady")], [cid("Crystal Balls")], [], []]
    hands: list[list[str]] = [[], [], [], []]
    state = final_state(4, hands, tableaux, [NOBODY] * 4, first_seller=1)
    assert state.phase == "ending" and GAME.to_act(state) == frozenset({1})
    state, _ = apply(state, 1, DiscardAttraction(0, cid("Freak Show")))
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [CopyCard(0, cid("Bearded Lady"))]
    state, events = apply(state, 0, CopyCard(0, cid("Bearded Lady")))
    assert find(events, "card_copied")[0]["copied"] == cid("Bearded Lady")
    assert state.phase == "over" and scoring.breakdowns(state)[0].cards == 4


def test_copies_never_take_crystal_balls_or_each_other_and_may_copy_themis() -> None:
    tableaux = [[cid("Twisted Corridors")], [cid("Crystal Balls"), cid("Distorted Mirrors"), cid("Themis' Scale")],
                [], []]
    state = final_state(4, [[], [], [], []], tableaux, [NOBODY] * 4)
    # Seat 0 (1st Seller) copies first: only Themis' Scale is allowed.
    assert GAME.legal_actions(state, 0) == [CopyCard(1, cid("Themis' Scale"))]
    state, _ = apply(state, 0, CopyCard(1, cid("Themis' Scale")))
    state, _ = apply(state, 1, DiscardAttraction(0, cid("Twisted Corridors")))
    assert scoring.breakdowns(state)[0].cards == 0  # the copy went with the discarded card
    assert GAME.legal_actions(state, 1) == [CopyCard(1, cid("Themis' Scale"))]
