"""Final Scoring in the rulebook's order (2-player Taxes, Clowns, Animals, Money, Performances,
Advanced Reputation), Victory Points never below 0, and the winner with its tie-breakers."""

from __future__ import annotations

import pytest

from rules.circus_train import scoring
from rules.circus_train.actions import PlayCard
from rules.circus_train.state import CircusTrainState
from rules.core.events import Event

from circus_train_helpers import (
    SEPTEMBER_4,
    clear_board,
    find,
    give_turn,
    reset_circus,
    run,
    setup_game,
)

NEUTRAL = {"clowns": 1, "horses": 1}  # no Clown or Animal penalty


def _final(circuses: list[dict[str, object]], **chosen: bool) -> tuple[CircusTrainState, list[Event]]:
    """Final scoring of circuses built from ``circuses`` (each starts neutral: 1 Clown, 1 Horse, no
    money, no performances, no VP)."""
    state = setup_game(len(circuses), **chosen)
    state.week = SEPTEMBER_4
    for seat, fields in enumerate(circuses):
        reset_circus(state, seat, talent=dict(NEUTRAL), money=0, vp=0, performances=[], hand=[], discards=[])
        reset_circus(state, seat, **fields)
    log: list[Event] = []
    scoring.final_scoring(state, log)
    return state, log


def _vps(state: CircusTrainState) -> list[int]:
    return [c.vp for c in state.circuses]


def test_most_clowns_5_vp() -> None:
    state, _ = _final([{"talent": {"clowns": 3, "horses": 1}}, {}, {}])
    assert _vps(state) == [5, 0, 0]


def test_tied_most_clowns_2_vp_each() -> None:
    state, _ = _final([{"talent": {"clowns": 2, "horses": 1}}, {"talent": {"clowns": 2, "horses": 1}}, {}])
    assert _vps(state) == [2, 2, 0]


def test_no_clowns_loses_3() -> None:
    state, _ = _final([{"talent": {"clowns": 2, "horses": 1}, "vp": 10},
                       {"talent": {"horses": 1}, "vp": 10}, {"vp": 10}])
    assert _vps(state) == [15, 7, 10]


@pytest.mark.parametrize("animal", ["horses", "big_cats", "elephants"])
def test_no_animals_loses_5_and_any_animal_avoids_it(animal: str) -> None:
    state, log = _final([{"talent": {"clowns": 1, animal: 1}, "vp": 10},
                         {"talent": {"clowns": 1, "acrobats": 3, "freaks": 2, "cannonballs": 1}, "vp": 10},
                         {"vp": 10}])
    assert _vps(state) == [10 + 2, 5 + 2, 10 + 2]  # everyone also ties for most Clowns (2 VP)
    assert [d["seat"] for d in find(log, "final_penalty")] == [1]


def test_most_money_5_vp_and_2_each_when_tied() -> None:
    # Every circus holds one Clown: all tie for most Clowns, 2 VP each.
    state, _ = _final([{"money": 30}, {"money": 20}, {"money": 10}])
    assert _vps(state) == [5 + 2, 2, 2]
    state, _ = _final([{"money": 30}, {"money": 30}, {"money": 10}])
    assert _vps(state) == [2 + 2, 2 + 2, 2]


def test_most_performances_5_vp_and_2_each_when_tied() -> None:
    state, _ = _final([{"performances": ["g01", "g02"]}, {"performances": ["g03"]}, {}])
    assert _vps(state) == [5 + 2, 2, 2]
    state, _ = _final([{"performances": ["g01"]}, {"performances": ["g03"]}, {}])
    assert _vps(state) == [2 + 2, 2 + 2, 2]


def test_basic_game_has_no_reputation_award() -> None:
    state, log = _final([{"reputation": 0}, {}, {}])
    assert _vps(state) == [2, 2, 2]  # only the tie for most Clowns
    assert [d["award"] for d in find(log, "final_award")] == ["most_clowns"] * 3


def test_advanced_highest_reputation_5_vp_and_2_each_when_tied() -> None:
    state, _ = _final([{"reputation": 0}, {"reputation": 1}, {"reputation": 3}], advanced=True)
    assert _vps(state) == [5 + 2, 2, 2]
    state, _ = _final([{"reputation": 2}, {"reputation": 2}, {"reputation": 3}], advanced=True)
    assert _vps(state) == [2 + 2, 2 + 2, 2]


def test_advanced_most_money_needs_reputation_5_or_higher() -> None:
    # Seat 0 is richest but at Reputation 4 (one below the start space); seat 1 at 5 takes the award.
    _, log = _final([{"money": 50, "reputation": 2}, {"money": 20, "reputation": 1},
                     {"money": 10, "reputation": 1}], advanced=True)
    money = [d for d in find(log, "final_award") if d["award"] == "most_money"]
    assert money == [{"seat": 1, "award": "most_money", "vp": 5}]


def test_final_scoring_follows_the_rulebook_order_with_vp_never_below_0() -> None:
    # 2 VP, no Clowns, no Animals, most money: 2 - 3 -> 0, -5 stays 0, then +5 = 5.
    # (Applied in any other order the floor would give a different total.)
    state, log = _final([{"talent": {"acrobats": 1}, "vp": 2, "money": 40}, {"vp": 30}, {"vp": 30}])
    assert state.circuses[0].vp == 5
    order = [(e.kind, e.data.get("penalty") or e.data.get("award")) for e in log if e.data.get("seat") == 0]
    assert order == [("final_penalty", "no_clowns"), ("final_penalty", "no_animals"), ("final_award", "most_money")]


def test_most_clowns_is_scored_before_the_no_clowns_penalty() -> None:
    state, log = _final([{"talent": {"clowns": 2, "horses": 1}}, {"talent": {"horses": 1}, "vp": 1}, {}])
    awards = [(e.kind, e.data["seat"]) for e in log]
    assert awards.index(("final_award", 0)) < awards.index(("final_penalty", 1))
    assert state.circuses[1].vp == 0


# ----- Taxes (2-player game only) ----------------------------------------------------------------------
def test_two_player_taxes_cost_3_vp_and_twice_the_wages_before_most_money() -> None:
    state, log = _final([{"hand": ["wages_transit", "hold"], "money": 20, "vp": 10},
                         {"hand": ["hold"], "money": 10, "vp": 10}])
    assert find(log, "taxes") == [{"seat": 0, "vp": 3, "paid": 14, "owed": 14}]  # 2 x ($1 + $6)
    assert state.circuses[0].money == 6
    # Taxes come first, so seat 1 now has the most money.
    assert state.circuses[0].vp == 10 - 3 + 2  # tied Clowns
    assert state.circuses[1].vp == 10 + 2 + 5


def test_no_taxes_with_three_players() -> None:
    state, log = _final([{"hand": ["wages_transit"], "money": 20}, {}, {}])
    assert not find(log, "taxes")
    assert state.circuses[0].money == 20


def test_taxes_spare_a_hand_just_refilled_in_the_final_week() -> None:
    state = setup_game(2)
    clear_board(state)
    deck = sorted(state.circuses[0].hand)
    rest = list(deck)
    rest.remove("hold")
    # Ann plays her last card in the final week: her Wages card comes back with the new hand.
    reset_circus(state, 0, hand=["hold"], discards=list(rest), talent=dict(NEUTRAL), money=50, vp=10,
                 best=30, performances=["g01"], position="toronto")
    # Bob still holds his Wages card, unplayed.
    rest.remove("wages_transit")
    reset_circus(state, 1, hand=["wages_transit", "hold"], discards=list(rest), talent=dict(NEUTRAL), money=50,
                 vp=10, best=20, performances=["g01", "g02"], position="toronto")
    give_turn(state, 0, week=SEPTEMBER_4)
    state, _ = run(state, 0, PlayCard("hold"))
    assert "wages_transit" in state.circuses[0].hand
    state, events = run(state, 1, PlayCard("hold"))
    assert state.pending is None
    assert [d["seat"] for d in find(events, "taxes")] == [1]
    assert state.circuses[1].money == 50 - 14
    # Ann: 10 + 4 (Best Performance, 2 players) + 2 (tied Clowns) + 5 (most money) = 21
    # Bob: 10 - 3 (Taxes) + 2 (tied Clowns) + 5 (most performances) = 14
    assert [c.vp for c in state.circuses] == [21, 14]


# ----- How to Win --------------------------------------------------------------------------------------
def _outcome(keys: list[tuple[int, int, int, int]]) -> tuple[tuple[int, ...], ...]:
    state = setup_game(len(keys))
    for seat, (vp, best, money, performances) in enumerate(keys):
        reset_circus(state, seat, vp=vp, best=best, money=money, performances=["g01"] * performances)
    return scoring.outcome(state).ranking


def test_most_vp_wins() -> None:
    assert _outcome([(10, 90, 90, 9), (20, 10, 0, 0), (15, 10, 0, 0)]) == ((1,), (2,), (0,))


def test_tie_broken_by_best_performance_then_money_then_performances() -> None:
    assert _outcome([(20, 30, 0, 0), (20, 40, 0, 0), (5, 99, 99, 9)])[0] == (1,)
    assert _outcome([(20, 40, 10, 0), (20, 40, 30, 0), (5, 99, 99, 9)])[0] == (1,)
    assert _outcome([(20, 40, 30, 3), (20, 40, 30, 2), (5, 99, 99, 9)])[0] == (0,)
    assert _outcome([(20, 40, 30, 3), (20, 40, 30, 3), (5, 99, 99, 9)])[0] == (0, 1)
