"""Paying Wages: the wage chart, paying when able, releasing only what cannot be paid and where the
released talent goes (Basic Game); red-lighting, Reputation and Victory Point costs (Advanced)."""

from __future__ import annotations

import pytest

from rules.circus_train.actions import PayWages, PlaceReleased, PlayCard, Release, StayPut
from rules.circus_train.state import REPUTATION_BOTTOM, REPUTATION_TRACK, CircusTrainState, CityNews
from rules.core.errors import IllegalAction

from circus_train_helpers import (
    AUGUST_1,
    GAME,
    JULY_1,
    SEPTEMBER_1,
    clear_board,
    find,
    give_turn,
    kinds,
    reset_circus,
    run,
    setup_game,
)

WAGES = {"acrobats": 3, "cannonballs": 6, "big_cats": 12, "clowns": 1, "freaks": 6, "horses": 6, "elephants": 12}


def _wages(talent: dict[str, int], money: int, seat: int = 0, board: dict[str, CityNews] | None = None,
           week: int = 0, **chosen: bool) -> CircusTrainState:
    state = setup_game(3, **chosen)
    clear_board(state, board or {})
    for other in range(3):
        reset_circus(state, other, position="toronto", talent={"clowns": 1}, money=0)
    reset_circus(state, seat, talent=dict(talent), money=money)
    give_turn(state, seat, week=week)
    state, _ = run(state, seat, PlayCard("wages_transit"), StayPut())
    return state


@pytest.mark.parametrize(("talent", "wage"), sorted(WAGES.items()))
def test_wage_chart(talent: str, wage: int) -> None:
    state = _wages({talent: 2}, money=100)
    assert state.circuses[0].money == 100 - 2 * wage


def test_one_of_each_talent_costs_46() -> None:
    state = _wages({t: 1 for t in WAGES}, money=50)
    assert state.circuses[0].money == 4
    assert state.circuses[0].talent == {t: 1 for t in WAGES}


def test_must_pay_when_able_and_may_not_release_voluntarily() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=7)  # exactly enough
    assert state.circuses[0].money == 0
    assert state.circuses[0].talent == {"clowns": 1, "horses": 1}
    assert state.pending is not None and state.pending.seat == 1  # no choice was offered


def test_must_release_when_unable_to_pay() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=5)
    assert state.pending is not None and state.pending.kind == "wages"
    assert set(GAME.legal_actions(state, 0)) == {Release("clowns"), Release("horses")}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, PayWages())
    assert str(refused.value) == "Wages come to $7 and you have $5: release talent until you can pay."


def test_releases_stop_as_soon_as_the_rest_is_affordable() -> None:
    state = _wages({"clowns": 1, "horses": 1, "acrobats": 1}, money=6)  # $10 due
    state, _ = run(state, 0, Release("acrobats"))  # $7 due: still too much
    assert state.pending is not None and state.pending.kind == "wages"
    state, events = run(state, 0, Release("clowns"))  # $6 due: paid at once
    assert find(events, "wages_paid") == [{"seat": 0, "amount": 6}]
    assert state.circuses[0].talent == {"horses": 1}
    assert state.circuses[0].money == 0


def test_released_talent_joins_the_only_talent_city() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=5, board={"chicago": CityNews(talent={"freaks": 1})})
    bank = dict(state.talent_bank)
    state, events = run(state, 0, Release("horses"))
    assert state.board["chicago"].talent == {"freaks": 1, "horses": 1}
    assert state.talent_bank == bank
    assert state.circuses[0].money == 4
    assert find(events, "released_placed")[0]["city"] == "chicago"


def test_player_to_the_right_places_released_talent_as_one_group() -> None:
    board = {"chicago": CityNews(talent={"freaks": 1}), "boston": CityNews(talent={"elephants": 1})}
    state = _wages({"clowns": 1, "horses": 1, "acrobats": 1}, money=0, seat=1, board=board)
    state, _ = run(state, 1, Release("horses"), Release("acrobats"), Release("clowns"))
    pending = state.pending
    assert pending is not None and pending.kind == "place_released"
    assert pending.seat == 0  # Bob releases; the player to his right (play passes left) is Ann
    assert set(GAME.legal_actions(state, 0)) == {PlaceReleased("boston"), PlaceReleased("chicago")}
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, PlaceReleased("detroit"))
    state, _ = run(state, 0, PlaceReleased("boston"))
    assert state.board["boston"].talent == {"elephants": 1, "horses": 1, "acrobats": 1, "clowns": 1}
    assert state.board["chicago"].talent == {"freaks": 1}
    assert state.pending is not None and state.pending.seat == 2 and state.pending.kind == "choose"


def test_released_talent_returns_to_the_bank_when_no_city_has_talent() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=1, board={"chicago": CityNews(counter="g01")})
    horses = state.talent_bank["horses"]
    state, _ = run(state, 0, Release("horses"))
    assert state.talent_bank["horses"] == horses + 1
    assert state.board["chicago"].talent == {}


# ----- Advanced Game wages ------------------------------------------------------------------------------
def test_advanced_red_lighting_costs_a_reputation_level_and_goes_to_the_bank() -> None:
    board = {"chicago": CityNews(talent={"freaks": 1})}
    state = _wages({"clowns": 1, "horses": 1}, money=100, board=board, advanced=True)
    legal = set(GAME.legal_actions(state, 0))
    assert legal == {Release("clowns"), Release("horses"), PayWages()}  # voluntary release allowed
    horses = state.talent_bank["horses"]
    level = state.circuses[0].reputation
    state, _ = run(state, 0, Release("horses"))
    assert state.circuses[0].reputation == level + 1
    assert REPUTATION_TRACK[state.circuses[0].reputation] == 4
    state, _ = run(state, 0, PayWages())
    assert state.circuses[0].money == 99
    assert state.talent_bank["horses"] == horses + 1
    assert state.board["chicago"].talent == {"freaks": 1}  # not placed on the map


@pytest.mark.parametrize("week", [0, JULY_1])
def test_advanced_forced_releases_each_cost_a_level_april_to_july(week: int) -> None:
    board = {"chicago": CityNews(talent={"freaks": 1})}
    state = _wages({"clowns": 1, "horses": 1, "acrobats": 1}, money=0, week=week, board=board, advanced=True)
    bank = dict(state.talent_bank)
    assert PayWages() not in GAME.legal_actions(state, 0)
    # With nothing left to red-light the $0 wages are paid at once and the turn ends.
    state, events = run(state, 0, Release("horses"), Release("acrobats"), Release("clowns"))
    assert "wages_paid" in kinds(events)
    assert state.pending is not None and state.pending.kind != "wages"
    assert state.circuses[0].reputation == 1 + 3
    assert state.circuses[0].vp == 0
    # "the Talent counters are simply returned to the Talent Bank"
    assert state.talent_bank == {t: n + (1 if t in ("horses", "acrobats", "clowns") else 0) for t, n in bank.items()}
    assert state.board["chicago"].talent == {"freaks": 1}


def test_advanced_reputation_stays_at_the_bottom() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=0, advanced=True)
    state.circuses[0].reputation = REPUTATION_BOTTOM - 1
    state, _ = run(state, 0, Release("horses"), Release("clowns"))
    assert state.circuses[0].reputation == REPUTATION_BOTTOM


@pytest.mark.parametrize("week", [AUGUST_1, SEPTEMBER_1])
def test_advanced_releases_cost_3_vp_in_august_and_september(week: int) -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=1, week=week, advanced=True)
    state.circuses[0].vp = 10
    state, events = run(state, 0, Release("horses"))
    assert state.circuses[0].vp == 7
    assert state.circuses[0].reputation == 1  # Reputation untouched
    assert "vp_lost" in kinds(events)


def test_advanced_vp_loss_stops_at_zero() -> None:
    state = _wages({"clowns": 1, "horses": 1}, money=0, week=AUGUST_1, advanced=True)
    state.circuses[0].vp = 4
    state, _ = run(state, 0, Release("horses"), Release("clowns"))
    assert state.circuses[0].vp == 0
