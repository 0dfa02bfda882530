"""The Advanced Game: Reputation (start at 5, hiring and stealing against it), replaying discards,
pocketing wages, the Rest card in Canada, and the Circus Parade."""

from __future__ import annotations

import pytest

from rules.circus_train.actions import (
    CircusParade,
    Pass,
    PlayCard,
    PocketWages,
    ReplayCard,
    RestBonus,
    StayPut,
    Steal,
    TryHire,
)
from rules.circus_train.state import (
    REPUTATION_BOTTOM,
    REPUTATION_START,
    REPUTATION_TRACK,
    CircusTrainState,
    CityNews,
)
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    AUGUST_1,
    GAME,
    JULY_1,
    SEPTEMBER_1,
    clear_board,
    find,
    force_dice,
    give_turn,
    reset_circus,
    run,
    setup_game,
)


def _advanced(players: int = 3, week: int = 0, **chosen: bool) -> CircusTrainState:
    state = setup_game(players, advanced=True, **chosen)
    clear_board(state)
    for seat in range(players):
        reset_circus(state, seat, position="detroit", talent={"clowns": 1}, money=0)
    give_turn(state, 0, week=week)
    return state


def _with_discard(state: CircusTrainState, card: str = "fast_transit") -> None:
    circus = state.circuses[0]
    circus.hand.remove(card)
    circus.discards = [card]


def test_reputation_starts_at_5() -> None:
    state = setup_game(4, advanced=True)
    assert all(REPUTATION_TRACK[c.reputation] == 5 for c in state.circuses)
    assert all(c.reputation == REPUTATION_START for c in state.circuses)
    assert [p["reputation"] for p in GAME.view(state, 0)["players"]] == [5, 5, 5, 5]
    assert GAME.view(setup_game(4), 0)["players"][0]["reputation"] is None  # not used in the Basic Game


@pytest.mark.parametrize(("level", "roll", "hired"), [(0, 6, True), (1, 5, True), (1, 6, False), (2, 4, True),
                                                      (2, 5, False), (3, 3, True), (3, 4, False),
                                                      (REPUTATION_BOTTOM, 1, True), (REPUTATION_BOTTOM, 2, False)])
def test_hiring_rolls_against_the_reputation_value(level: int, roll: int, hired: bool) -> None:
    state = _advanced()
    state.board["detroit"] = CityNews(talent={"horses": 1})
    reset_circus(state, 0, reputation=level)
    state, _ = run(state, 0, PlayCard("hold"))
    force_dice(state, roll)
    state, events = run(state, 0, TryHire("horses"))
    assert find(events, "hire_roll")[0]["success"] is hired
    assert ("horses" in state.circuses[0].talent) is hired


@pytest.mark.parametrize(("victim_level", "roll", "stolen"), [
    (0, 4, True),   # more reputable victim: 4 + 1 = 5, within Reputation 5
    (0, 5, False),  # 5 + 1 = 6 fails
    (1, 5, True),   # equal Reputation: no modifier
    (3, 5, True),   # less reputable victim: no modifier
    (3, 6, False),
])
def test_stealing_adds_one_against_a_more_reputable_opponent(victim_level: int, roll: int, stolen: bool) -> None:
    state = _advanced()
    reset_circus(state, 1, talent={"clowns": 1, "horses": 1}, reputation=victim_level)
    state, _ = run(state, 0, PlayCard("overnight_hire"), StayPut())
    force_dice(state, roll)
    state, events = run(state, 0, Steal(1, ("horses",)))
    assert find(events, "steal_roll")[0]["success"] is stolen
    assert ("horses" in state.circuses[0].talent) is stolen


# ----- Replaying discarded Action cards -----------------------------------------------------------------
@pytest.mark.parametrize("week", [0, JULY_1])
def test_replay_costs_two_reputation_levels_april_to_july_and_the_card_stays_discarded(week: int) -> None:
    state = _advanced(week=week)
    _with_discard(state)
    hand = list(state.circuses[0].hand)
    assert ReplayCard("fast_transit") in GAME.legal_actions(state, 0)
    state, _ = run(state, 0, ReplayCard("fast_transit"))
    circus = state.circuses[0]
    assert circus.reputation == REPUTATION_START + 2
    assert circus.vp == 0
    assert circus.discards == ["fast_transit"]
    assert circus.hand == hand
    assert state.pending is not None and state.pending.kind == "move" and state.pending.moves == 5


def test_replay_refused_when_reputation_would_fall_below_the_bottom() -> None:
    state = _advanced()
    _with_discard(state)
    reset_circus(state, 0, reputation=REPUTATION_BOTTOM - 2)
    assert ReplayCard("fast_transit") in GAME.legal_actions(state, 0)
    reset_circus(state, 0, reputation=REPUTATION_BOTTOM - 1)
    assert ReplayCard("fast_transit") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, ReplayCard("fast_transit"))
    assert str(refused.value) == "Replaying a card would take your Reputation below the bottom of the track."


@pytest.mark.parametrize("week", [AUGUST_1, SEPTEMBER_1])
def test_replay_costs_four_vp_in_august_and_september(week: int) -> None:
    state = _advanced(week=week)
    _with_discard(state)
    reset_circus(state, 0, vp=10, reputation=REPUTATION_BOTTOM)  # Reputation is not what is spent
    state, _ = run(state, 0, ReplayCard("fast_transit"))
    assert state.circuses[0].vp == 6
    assert state.circuses[0].reputation == REPUTATION_BOTTOM
    assert state.circuses[0].discards == ["fast_transit"]


def test_replay_is_not_in_the_basic_game() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    _with_discard(state)
    assert not any(isinstance(a, ReplayCard) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, ReplayCard("fast_transit"))
    assert str(refused.value) == "Replaying discarded cards is part of the Advanced Game."


# ----- Pocketing Wages -----------------------------------------------------------------------------------
@pytest.mark.parametrize("week", [0, JULY_1])
def test_pocketing_wages_5_dollars_per_reputation_level(week: int) -> None:
    state = _advanced(week=week)
    pockets = {a.amount for a in GAME.legal_actions(state, 0) if isinstance(a, PocketWages)}
    assert pockets == {5 * k for k in range(1, REPUTATION_BOTTOM - REPUTATION_START + 1)}
    hand = list(state.circuses[0].hand)
    state, events = run(state, 0, PocketWages(10))
    circus = state.circuses[0]
    assert circus.money == 10
    assert circus.reputation == REPUTATION_START + 2
    assert circus.hand == hand and circus.discards == []  # no card is played
    assert state.pending is not None and state.pending.seat == 1  # that was the whole turn
    assert find(events, "pocketed") == [{"seat": 0, "amount": 10, "level": REPUTATION_START + 2}]


def test_no_pocketing_at_the_lowest_reputation() -> None:
    state = _advanced()
    reset_circus(state, 0, reputation=REPUTATION_BOTTOM)
    assert not any(isinstance(a, PocketWages) for a in GAME.legal_actions(state, 0))


@pytest.mark.parametrize("week", [AUGUST_1, SEPTEMBER_1])
def test_no_pocketing_in_august_or_september(week: int) -> None:
    state = _advanced(week=week)
    assert not any(isinstance(a, PocketWages) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, PocketWages(5))


def test_no_pocketing_in_the_basic_game() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, PocketWages(5))
    assert str(refused.value) == "Pocketing wages is part of the Advanced Game."


# ----- The Rest card ------------------------------------------------------------------------------------
def test_rest_in_canada_offers_a_clown_an_acrobat_or_reputation() -> None:
    state = _advanced(week=1)
    reset_circus(state, 0, position="winnipeg")
    state, _ = run(state, 0, PlayCard("rest"))
    assert state.pending is not None and state.pending.kind == "rest_bonus"
    assert set(GAME.legal_actions(state, 0)) == {RestBonus("clowns"), RestBonus("acrobats"),
                                                 RestBonus("reputation"), Pass()}
    acrobats = state.talent_bank["acrobats"]
    took, _ = run(state, 0, RestBonus("acrobats"))
    assert took.circuses[0].talent == {"clowns": 1, "acrobats": 1}
    assert took.talent_bank["acrobats"] == acrobats - 1
    rose, _ = run(state, 0, RestBonus("reputation"))
    assert rose.circuses[0].reputation == REPUTATION_START - 1
    assert rose.circuses[0].talent == {"clowns": 1}


def test_no_rest_bonus_in_canada_in_the_first_round() -> None:
    state = _advanced(week=0)
    reset_circus(state, 0, position="toronto")
    state, _ = run(state, 0, PlayCard("rest"))
    assert state.pending is not None and state.pending.seat == 1
    assert state.circuses[0].talent == {"clowns": 1} and state.circuses[0].reputation == REPUTATION_START


def test_rest_outside_canada_does_nothing() -> None:
    state = _advanced(week=5)
    state, _ = run(state, 0, PlayCard("rest"))
    assert state.pending is not None and state.pending.seat == 1
    assert state.circuses[0].discards == ["rest"]


# ----- Circus Parade --------------------------------------------------------------------------------------
def test_circus_parade_costs_10_for_a_reputation_level_or_2_vp() -> None:
    state = _advanced()
    reset_circus(state, 0, money=15, vp=3)
    state, _ = run(state, 0, PlayCard("basic_transit"))
    assert {CircusParade("reputation"), CircusParade("vp")} <= set(GAME.legal_actions(state, 0))
    rep, _ = run(state, 0, CircusParade("reputation"))
    assert rep.circuses[0].money == 5 and rep.circuses[0].reputation == REPUTATION_START - 1
    assert rep.circuses[0].position == "detroit"
    vp, _ = run(state, 0, CircusParade("vp"))
    assert vp.circuses[0].money == 5 and vp.circuses[0].vp == 5
    assert vp.pending is not None and vp.pending.seat == 1


def test_circus_parade_needs_10_dollars_and_the_basic_transit_card() -> None:
    state = _advanced()
    reset_circus(state, 0, money=9)
    basic, _ = run(state, 0, PlayCard("basic_transit"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(basic, 0, CircusParade("vp"))
    assert str(refused.value) == "A Circus Parade costs $10, and you have only $9."
    reset_circus(state, 0, money=50)
    hold, _ = run(state, 0, PlayCard("fast_transit"))
    with pytest.raises(IllegalAction):
        GAME.apply(hold, 0, CircusParade("vp"))


def test_circus_parade_is_not_in_the_basic_game() -> None:
    state = setup_game(3)
    reset_circus(state, 0, money=50)
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("basic_transit"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, CircusParade("vp"))
    assert str(refused.value) == "Circus Parades are part of the Advanced Game."
