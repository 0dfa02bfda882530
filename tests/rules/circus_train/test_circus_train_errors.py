"""Refusals: every refused action is a RulesError subclass with a specific sentence; a seat out of
turn is told who is awaited; malformed JSON actions and invalid options are refused by type."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.circus_train.actions import (
    Action,
    BuyFailed,
    BuyTalent,
    ChooseStart,
    CircusParade,
    DeclineBuy,
    EddieReplay,
    LongMonthSteal,
    Pass,
    PayWages,
    Perform,
    PickTalent,
    PlaceReleased,
    PlayCard,
    PocketWages,
    Recruit,
    Release,
    ReplayCard,
    RestBonus,
    SamReputation,
    StayPut,
    Steal,
    StopHiring,
    Travel,
    TryHire,
)
from rules.circus_train.content import load_content
from rules.circus_train.state import CircusTrainState
from rules.cli import chooser_rng
from rules.core.errors import IllegalAction, InvalidOptions, MalformedAction, NotYourTurn, RulesError
from rules.core.rng import Rng

from circus_train_helpers import GAME, NAMES, give_turn, options, play_and_stay, setup_game


# ----- Whose turn --------------------------------------------------------------------------------------
def test_out_of_turn_names_the_awaited_player() -> None:
    state = setup_game(3)
    give_turn(state, 1)
    with pytest.raises(NotYourTurn) as refused:
        GAME.apply(state, 0, PlayCard("hold"))
    assert isinstance(refused.value, RulesError)
    assert str(refused.value) == "It is not your turn: the game is waiting for Bob."


def test_a_seat_not_in_the_game_is_told_so() -> None:
    state = setup_game(3)
    with pytest.raises(NotYourTurn) as refused:
        GAME.apply(state, 7, PlayCard("hold"))
    assert str(refused.value) == "You are not seated in this game."


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = setup_game(3)
    give_turn(state, 2, last=True, week=26)
    state, _ = play_and_stay(state, 2)
    assert state.pending is None
    for seat in range(3):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, Pass())
        assert str(refused.value) == "This game is over."


def test_a_refused_action_leaves_the_state_untouched() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    before = json.dumps(GAME.state_to_json(state), sort_keys=True)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Travel("chicago"))
    assert json.dumps(GAME.state_to_json(state), sort_keys=True) == before


# ----- Every refusal is specific --------------------------------------------------------------------
def _candidates(state: CircusTrainState) -> list[Action]:
    content = load_content()
    cards = ["fast_transit", "rapid_transit", "overnight_transit", "basic_transit", "hold", "overnight_hire",
             "wages_transit", "rest", "joker"]
    talents = [*content.talent, "unicorns"]
    cities = [*content.cities, "atlantis"]
    seats = range(-1, len(state.players) + 1)
    pool: list[Action] = [StayPut(), Recruit(), Perform(), BuyFailed(), DeclineBuy(), StopHiring(), PayWages(),
                          SamReputation(), Pass()]
    pool += [PlayCard(c) for c in cards] + [ReplayCard(c) for c in cards] + [EddieReplay(c) for c in cards]
    pool += [PocketWages(a) for a in (5, 7, 100)]
    pool += [Travel(c) for c in cities] + [ChooseStart(c) for c in cities] + [PlaceReleased(c) for c in cities]
    pool += [TryHire(t, s) for t in talents for s in (False, True)]
    pool += [Steal(s, (t,)) for s in seats for t in talents] + [Steal(1, ("clowns", "clowns", "clowns"))]
    pool += [BuyTalent(t) for t in [*talents, "big_bertha"]]
    pool += [CircusParade(r) for r in ("reputation", "vp", "gold")]
    pool += [RestBonus(c) for c in ("clowns", "acrobats", "reputation", "elephants")]
    pool += [Release(t) for t in talents] + [PickTalent(t) for t in talents]
    pool += [LongMonthSteal(s, t) for s in seats for t in talents]
    return pool


GENERIC = "That is not possible now"


@pytest.mark.parametrize("chosen", [{}, {"advanced": True, "special_characters": True, "events": True}])
def test_every_refusal_in_a_played_game_is_a_specific_rules_sentence(chosen: dict[str, bool]) -> None:
    state = GAME.new_game(list(NAMES[:3]), options(**chosen), 11)
    rng = chooser_rng(11)
    checked = 0
    generic: set[str] = set()
    for step in range(240):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if step % 6 == 0:
            for action in _candidates(state):
                if action in legal:
                    continue
                with pytest.raises(RulesError) as refused:
                    GAME.apply(state, seat, action)
                assert type(refused.value) is IllegalAction
                message = str(refused.value)
                assert len(message) > 15 and message[0].isupper() and message.endswith("."), message
                if message.startswith(GENERIC):
                    generic.add(f"{state.pending.kind if state.pending else None}: {action}")
                checked += 1
        state, _ = GAME.apply(state, seat, legal[rng.below(len(legal))])
    assert checked > 1000
    assert not generic, sorted(generic)[:10]


def test_starting_talent_refusal_names_the_choices() -> None:
    state = GAME.new_game(["A", "B", "C"], {}, 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.first_player, PickTalent("clowns"))
    message = str(refused.value)
    assert not message.startswith(GENERIC), message
    assert all(word in message for word in ("Horse", "Freak", "Acrobat")), message


def test_start_city_refusal_names_canada() -> None:
    state = GAME.new_game(["A", "B", "C"], {}, 1)
    while state.pending is not None and state.pending.kind == "pick_talent":
        state, _ = GAME.apply(state, state.pending.seat, PickTalent("freaks"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.first_player, ChooseStart("chicago"))
    message = str(refused.value)
    assert not message.startswith(GENERIC), message
    assert all(city in message for city in ("Winnipeg", "Toronto", "Montreal")), message


def test_smuggler_sam_refusal_names_him() -> None:
    state = setup_game(3, advanced=True, special_characters=True)
    give_turn(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, SamReputation())
    message = str(refused.value)
    assert not message.startswith(GENERIC), message
    assert "Smuggler Sam" in message, message


# ----- Malformed actions ------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", [
    None, [], "travel", 5, {}, {"kind": 3},
    {"kind": "fly"},
    {"kind": "travel"},
    {"kind": "travel", "city": 5},
    {"kind": "travel", "city": ["chicago"]},
    {"kind": "travel", "city": "chicago", "speed": 3},
    {"kind": "pocket_wages", "amount": "5"},
    {"kind": "pocket_wages", "amount": True},
    {"kind": "steal", "target": "1", "talents": ["clowns"]},
    {"kind": "steal", "target": 1, "talents": "clowns"},
    {"kind": "try_hire", "talent": "horses", "smuggle": "yes"},
    {"kind": "pass", "extra": 1},
])
def test_malformed_actions_are_refused(raw: Any) -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.action_from_json(raw)
    assert isinstance(refused.value, RulesError)
    assert str(refused.value).endswith(".")


def test_unknown_kind_is_named() -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.action_from_json({"kind": "fly"})
    assert str(refused.value) == "Circus Train has no action called 'fly'."


def test_legal_actions_survive_json() -> None:
    state = setup_game(3, advanced=True)
    give_turn(state, 0, week=2)
    for action in GAME.legal_actions(state, 0):
        raw = json.loads(json.dumps(GAME.action_to_json(action)))
        assert GAME.action_from_json(raw) == action
    assert GAME.action_from_json({"kind": "try_hire", "talent": "horses"}) == TryHire("horses")
    assert GAME.action_from_json({"kind": "steal", "target": 1, "talents": ["clowns", "horses"]}) == Steal(
        1, ("clowns", "horses"))


# ----- Options --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "chosen"), [
    (3, {"easier": True, "advanced": True}),
    (3, {"easier": True, "events": True}),
    (1, {"easier": True}),
    (3, {"solitaire": True}),
    (3, {"advanced": "maybe"}),
    (3, {"events": 2}),
    (0, {}),
    (6, {}),
])
def test_invalid_options_are_refused(players: int, chosen: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions) as refused:
        GAME.new_game([f"P{i}" for i in range(players)], chosen, 1)
    assert isinstance(refused.value, RulesError)
    assert str(refused.value).endswith(".")


@pytest.mark.parametrize("chosen", [{}, {"advanced": True}, {"special_characters": True, "events": True},
                                    {"easier": True, "special_characters": True},
                                    {"advanced": "true", "events": "no"}])
def test_valid_options_are_accepted(chosen: dict[str, Any]) -> None:
    state = GAME.new_game(["A", "B", "C"], chosen, 1)
    assert set(state.options) == {"advanced", "special_characters", "events", "easier"}
    assert all(isinstance(v, bool) for v in state.options.values())


def test_same_seed_same_game_and_rng_is_kept_in_the_state() -> None:
    one = GAME.new_game(["A", "B", "C"], {}, 42)
    two = GAME.new_game(["A", "B", "C"], {}, 42)
    assert GAME.state_to_json(one) == GAME.state_to_json(two)
    assert isinstance(one.rng, int) and Rng(one.rng).next_u64() == Rng(two.rng).next_u64()
