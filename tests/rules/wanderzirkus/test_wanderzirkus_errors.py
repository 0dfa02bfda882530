"""Every refusal is a specific sentence (and never names another seat's hidden cards)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, MalformedAction, NotYourTurn, RulesError
from rules.wanderzirkus import flow
from rules.wanderzirkus.actions import (
    Action,
    Announce,
    BuyArtist,
    BuyCity,
    BuySwapToken,
    ChooseArtist,
    ChooseCity,
    CopyEffect,
    EndSpending,
    Place,
    PlacePause,
    PlayCard,
    ReturnCard,
    TakePair,
    TuckCard,
    UseEffect,
    UseSwap,
)
from rules.wanderzirkus.state import WanderzirkusState

from wanderzirkus_helpers import GAME, apply, artists, connects, finish_setup, new_game, rig, show_game


def refused(state: WanderzirkusState, seat: int, action: Action, sentence: str) -> None:
    with pytest.raises(RulesError) as caught:
        apply(state, seat, action)
    assert sentence in str(caught.value), str(caught.value)


def test_setup_refusals() -> None:
    state = new_game()
    refused(state, 0, ChooseArtist("green_99"), "not among the ones you drew")
    refused(state, 0, ChooseCity(state.circuses[0].city_offer[0]), "Choose your two artists first")
    refused(state, 0, Announce(3), "That is not a choice right now: you are choosing your starting artists")
    offer = state.circuses[0].offer
    state, _ = apply(state, 0, ChooseArtist(offer[0]))
    state, _ = apply(state, 0, ChooseArtist(state.circuses[0].offer[0]))
    refused(state, 0, ChooseArtist(state.circuses[0].offer[0]), "now choose your city")
    refused(state, 0, ChooseCity("city_99"), "That city is not among the ones you drew")


def test_turn_and_phase_refusals() -> None:
    state = finish_setup(new_game(players=3))
    waiting = state.order[1]
    with pytest.raises(NotYourTurn, match=f"waiting for {state.players[state.order[0]]}"):
        apply(state, waiting, Announce(1))
    refused(state, state.order[0], Announce(0), "Announce between 1 and 6 artists")
    refused(state, state.order[0], TakePair(0), "you are announcing")


def test_travel_refusals() -> None:
    state = new_game(players=2)
    state.phase, state.order, state.turn = "travel", [0, 1], 0
    state.pairs = [("green_01", "city_01"), None]
    refused(state, 0, TakePair(1), "Pair 2 has already been taken")
    refused(state, 0, TakePair(7), "There is no pair 8; the pairs are numbered 1 to 2")


def test_show_refusals() -> None:
    state = show_game()
    first = "start_green_1"
    stranger = next(a.id for a in artists("red") if not connects(first, a.id))
    rig(state, 0, hand=[stranger, "green_02"], pile=[], show=[[first]])
    state.circuses[0].swap_token = False
    refused(state, 0, PlayCard("nobody"), "There is no artist called 'nobody'")
    refused(state, 0, PlayCard("green_05"), "That card is not in your hand")
    refused(state, 0, PlayCard(stranger), "has no connection matching the right side of")
    refused(state, 0, UseSwap(), "You have no swap token")
    state.circuses[0].swap_token = True
    refused(state, 0, UseSwap(), "Your deck is empty")
    refused(state, 0, Place(0), "That is not a choice right now: you are playing your show")
    refused(state, 0, ReturnCard("green_02"), "you are playing your show")
    refused(state, 0, BuyArtist(), "you are playing your show")
    state.circuses[0].hand = []
    refused(state, 0, PlacePause(), "You have no hand card to play after a Pause")
    state.circuses[0].pause_used = True
    refused(state, 0, PlacePause(), "already laid the Pause card")


def test_effect_refusals() -> None:
    state = show_game()
    tucker = next(a.id for a in artists("red", effect="tuck"))
    rig(state, 0, hand=[tucker, "yellow_01"], pile=["blue_01"])
    state, _ = apply(state, 0, PlayCard(tucker))
    assert state.circuses[0].step == "effect"
    refused(state, 0, UseEffect(), "This effect is decided by choosing a card")
    refused(state, 0, TuckCard("blue_01"), "That card is not in your hand")
    refused(state, 0, CopyEffect("magic"), "There is no effect called 'magic'")
    refused(state, 0, CopyEffect("extra_card"), "No other card in your show has the effect")
    refused(state, 0, PlayCard("yellow_01"), "you are deciding an effect")


def test_spend_refusals() -> None:
    state = new_game(players=2)
    state.phase, state.order, state.turn, state.spend_step = "spend", [0, 1], 0, "menu"
    circus = state.circuses[0]
    circus.coins, circus.swap_token = 4, True
    refused(state, 0, BuyArtist(), "An artist costs 5 coins; you have 4")
    refused(state, 0, BuySwapToken(), "You may own only one swap token")
    refused(state, 0, ChooseArtist("green_01"), "Buy an artist first")
    refused(state, 0, ChooseCity("city_01"), "Buy a city first")
    circus.coins = 2
    refused(state, 0, BuyCity(), "A city costs 3 coins; you have 2")
    circus.coins, circus.bought_city = 9, True
    refused(state, 0, BuyCity(), "only one city per round")
    state.artist_stack = []
    refused(state, 0, BuyArtist(), "The artist stack is empty")
    state.spend_step = "pick_city"
    circus.city_offer = ["city_01", "city_02"]
    refused(state, 0, EndSpending(), "Choose one of the two cards you drew first")
    refused(state, 0, BuySwapToken(), "Choose one of the two cards you drew first")


def test_game_over_and_malformed_actions() -> None:
    state = new_game(players=1)
    state.circuses[0].round_vp = [1]
    flow.end_game(state, [])
    with pytest.raises(IllegalAction, match="This game is over"):
        apply(state, 0, Announce(1))
    with pytest.raises(MalformedAction, match="has no action called 'fly'"):
        GAME.action_from_json({"kind": "fly"})
    with pytest.raises(MalformedAction, match="could not be understood"):
        GAME.action_from_json({"kind": "play_card", "card": 3})
