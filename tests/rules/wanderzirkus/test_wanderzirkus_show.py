"""The show, rule by rule: placement, stacks, stop signs, the three ways a show ends, the Pause card,
the swap token, refilling, and each of the six effects."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.wanderzirkus import scoring
from rules.wanderzirkus.actions import (
    CopyEffect,
    MovePeeked,
    Place,
    PlacePause,
    PlayCard,
    RecycleCard,
    ReturnCard,
    SkipEffect,
    StopShow,
    TuckCard,
    UseEffect,
    UseSwap,
)
from rules.wanderzirkus.content import card
from rules.wanderzirkus.row import STACK, placements
from rules.wanderzirkus.state import Column, WanderzirkusState

from wanderzirkus_helpers import GAME, apply, artists, chain, connects, find, kinds, rig, run, show_game

START = ["start_green_1", "start_blue_1", "start_red_1", "start_purple_1", "start_yellow_1"]


def not_connecting(after: str, colour: str) -> str:
    return next(a.id for a in artists(colour) if not connects(after, a.id))


def test_a_card_needs_a_matching_connection_to_the_last_card() -> None:
    state = show_game()
    first, second = chain(["red", "blue"])
    stranger = not_connecting(first, "green")
    rig(state, 0, hand=[second, stranger], pile=["yellow_01"], show=[[first]])
    assert PlayCard(second) in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="has no connection matching the right side of"):
        apply(state, 0, PlayCard(stranger))


def test_the_first_card_needs_no_connection_and_the_hand_is_refilled_to_three() -> None:
    state = show_game()
    hand = [a.id for a in artists("yellow")[:3]]
    rig(state, 0, hand=hand, pile=["green_01", "green_02"])
    state, events = apply(state, 0, PlayCard(hand[2]))
    circus = state.circuses[0]
    assert [c.cards for c in circus.show] == [[hand[2]]]
    assert circus.hand == [hand[0], hand[1], "green_01"] and circus.draw_pile == ["green_02"]
    assert find(events, "cards_drawn") == [{"seat": 0, "count": 1}]
    assert all(event.private_to == 0 for event in events if event.kind != "show_ended")


def test_purple_stacks_on_purple_for_three_points_and_the_player_chooses_where_the_row_goes_on() -> None:
    purples = [a.id for a in artists("purple")]
    bottom, top = purples[0], purples[1]
    follower = next(a.id for a in artists("green") if connects(bottom, a.id) and connects(top, a.id))
    state = show_game()
    rig(state, 0, hand=[top, follower], pile=["yellow_01", "yellow_02"], show=[[bottom]])
    targets = placements(state.circuses[0].show, top)
    assert STACK in targets
    state, _ = apply(state, 0, PlayCard(top))
    if len(targets) > 1:
        assert state.circuses[0].step == "place"
        state, _ = apply(state, 0, Place(STACK))
    while state.circuses[0].step == "effect":
        state, _ = apply(state, 0, SkipEffect())
    assert state.circuses[0].show[0].cards == [bottom, top]
    assert scoring.purple_vp(state.circuses[0].show) == 3
    state, _ = apply(state, 0, PlayCard(follower))
    assert state.circuses[0].step == "place"
    assert GAME.legal_actions(state, 0) == [Place(0), Place(1)]
    state, _ = apply(state, 0, Place(0))
    assert state.circuses[0].show[0].exit == 0


def test_the_fourth_stop_sign_ends_the_show_at_once() -> None:
    state = show_game()
    rig(state, 0, hand=["start_purple_1", "green_01"], pile=["green_02"],
        show=[["start_green_1"], ["start_blue_1"], ["start_red_1"]])
    state, events = apply(state, 0, PlayCard("start_purple_1"))
    (ended,) = find(events, "show_ended")
    assert ended["reason"] == "fourth_stop" and ended["length"] == 4
    assert ended["row"] == [["start_green_1"], ["start_blue_1"], ["start_red_1"], ["start_purple_1"]]


def test_the_simplified_game_ignores_stop_signs() -> None:
    state = show_game(simplified=True)
    rig(state, 0, hand=["start_purple_1", "green_01"], pile=["green_02"],
        show=[["start_green_1"], ["start_blue_1"], ["start_red_1"]])
    state, events = apply(state, 0, PlayCard("start_purple_1"))
    assert "show_ended" not in kinds(events)
    assert state.circuses[0].show_state == "running"


def test_no_playable_card_without_pause_or_swap_ends_the_show_with_the_reason() -> None:
    state = show_game()
    first = "start_green_1"  # right side: blue
    stuck = [a.id for a in artists("red") if not connects(first, a.id)]
    rig(state, 0, hand=[stuck[0], stuck[1], first], pile=[stuck[2]])
    state.circuses[0].pause_used = True
    state.circuses[0].swap_token = False
    state, events = apply(state, 0, PlayCard(first))
    (ended,) = find(events, "show_ended")
    assert ended["reason"] == "no_match"
    assert "no hand card connects" in GAME.describe_event(events[-1], state.players)


def test_a_stuck_player_with_the_pause_card_may_still_pause_or_stop() -> None:
    state = show_game()
    first = "start_green_1"
    stuck = [a.id for a in artists("red") if not connects(first, a.id)]
    rig(state, 0, hand=[stuck[0], stuck[1], first], pile=[stuck[2]])
    state.circuses[0].swap_token = False
    state, _ = apply(state, 0, PlayCard(first))
    assert GAME.legal_actions(state, 0) == [PlacePause(), StopShow()]
    state, events = apply(state, 0, PlacePause())
    assert "pause_laid" in kinds(events)
    assert PlayCard(stuck[0]) in GAME.legal_actions(state, 0)  # the Pause connects to every colour
    with pytest.raises(IllegalAction, match="already laid the Pause card"):
        apply(state, 0, PlacePause())


def test_the_pause_costs_4_is_no_artist_for_the_announcement_but_a_place_for_green() -> None:
    green = artists("green")[0].id
    show = [Column([green]), Column(["pause"]), Column([artists("green")[1].id])]
    result = scoring.score_show(0, show, 3, [])
    assert result.pause == -4 and result.length == 2 and result.announcement == 0
    assert result.green == 2 * 4  # green last and third-to-last (the Pause is second-to-last)


def test_the_pause_earns_the_coin_of_the_yellow_connection_it_touches() -> None:
    yellow = next(a for a in artists("yellow") if any(c.coin for c in a.right) and not any(c.coin for c in a.left))
    show = [Column([yellow.id]), Column(["pause"])]
    assert scoring.coins(show) == 2  # the right coin connection and the bottom coin


def test_the_pause_is_not_the_first_card() -> None:
    state = show_game()
    rig(state, 0, hand=["green_01"], pile=["green_02"])
    with pytest.raises(IllegalAction, match="play your first artist first"):
        apply(state, 0, PlacePause())


def test_stopping_ends_the_show_publicly() -> None:
    state = show_game()
    rig(state, 0, hand=["green_01", "green_02"], pile=["green_03"], show=[["yellow_01"]])
    state, events = apply(state, 0, StopShow())
    (ended,) = [e for e in events if e.kind == "show_ended"]
    assert ended.private_to is None and ended.data["reason"] == "stopped"
    assert 0 not in GAME.to_act(state) and 1 in GAME.to_act(state)


def test_swap_token_draws_two_and_puts_two_back_then_shuffles() -> None:
    state = show_game()
    hand = ["green_01", "green_02", "green_03"]
    rig(state, 0, hand=hand, pile=["blue_01", "blue_02", "blue_03"])
    state, events = apply(state, 0, UseSwap())
    assert find(events, "swap_used") == [{"seat": 0}]
    circus = state.circuses[0]
    assert circus.hand == [*hand, "blue_01", "blue_02"] and circus.step == "swap"
    assert GAME.legal_actions(state, 0) == [ReturnCard(c) for c in circus.hand]
    state, _ = run(state, 0, ReturnCard("green_01"), ReturnCard("green_02"))
    circus = state.circuses[0]
    assert circus.hand == ["green_03", "blue_01", "blue_02"] and circus.step == "play"
    assert sorted(circus.draw_pile) == ["blue_03", "green_01", "green_02"]
    assert not circus.swap_token
    assert UseSwap() not in GAME.legal_actions(state, 0)


def _play_effect_card(effect: str, hand_rest: list[str], pile: list[str]) -> tuple[WanderzirkusState, str]:
    state = show_game()
    effect_card = next(a.id for a in artists("red", effect=effect))
    rig(state, 0, hand=[effect_card, *hand_rest], pile=pile)
    state, _ = apply(state, 0, PlayCard(effect_card))
    return state, effect_card


def test_effect_fourth_card_draws_to_four_once() -> None:
    state, _ = _play_effect_card("extra_card", ["yellow_01", "yellow_02"], ["blue_01", "blue_02", "blue_03"])
    assert GAME.legal_actions(state, 0) == [UseEffect(), SkipEffect()]
    state, _ = apply(state, 0, UseEffect())
    circus = state.circuses[0]
    assert circus.hand == ["yellow_01", "yellow_02", "blue_01", "blue_02"] and circus.step == "play"


def test_effects_are_voluntary_and_skipping_refills_to_three() -> None:
    state, _ = _play_effect_card("extra_card", ["yellow_01", "yellow_02"], ["blue_01", "blue_02"])
    state, events = apply(state, 0, SkipEffect())
    assert "effect_skipped" in kinds(events)
    assert state.circuses[0].hand == ["yellow_01", "yellow_02", "blue_01"]


def test_effect_look_at_the_top_card_and_put_it_under() -> None:
    state, _ = _play_effect_card("peek_top", ["yellow_01", "yellow_02"], ["blue_01", "blue_02", "blue_03"])
    state, events = apply(state, 0, UseEffect())
    assert find(events, "effect_used")[0]["card"] == "blue_01"
    assert state.circuses[0].step == "peek"
    assert GAME.view(state, 0)["own"]["peeked"]["id"] == "blue_01"
    assert GAME.view(state, None)["own"] is None
    state, _ = apply(state, 0, MovePeeked())
    assert state.circuses[0].hand[-1] == "blue_02" and state.circuses[0].draw_pile == ["blue_03", "blue_01"]


def test_effect_look_at_the_bottom_card_and_put_it_on_top() -> None:
    state, _ = _play_effect_card("peek_bottom", ["yellow_01", "yellow_02"], ["blue_01", "blue_02", "blue_03"])
    state, _ = run(state, 0, UseEffect(), MovePeeked())
    assert state.circuses[0].hand[-1] == "blue_03" and state.circuses[0].draw_pile == ["blue_01", "blue_02"]


def test_effect_put_a_hand_card_under_the_deck() -> None:
    state, _ = _play_effect_card("tuck", ["yellow_01", "yellow_02"], ["blue_01", "blue_02"])
    assert TuckCard("yellow_01") in GAME.legal_actions(state, 0)
    state, _ = apply(state, 0, TuckCard("yellow_01"))
    assert state.circuses[0].hand == ["yellow_02", "blue_01", "blue_02"]
    assert state.circuses[0].draw_pile == ["yellow_01"]


def test_effect_put_cards_on_the_deck_shuffle_and_draw_back_to_three() -> None:
    state, _ = _play_effect_card("recycle", ["yellow_01", "yellow_02"], ["blue_01"])
    state, _ = apply(state, 0, RecycleCard("yellow_01"))
    assert state.circuses[0].step == "recycle"
    state, events = apply(state, 0, SkipEffect())
    circus = state.circuses[0]
    assert sorted(circus.hand) == ["blue_01", "yellow_01", "yellow_02"] and circus.draw_pile == []
    assert "deck_shuffled" in kinds(events)


def test_effect_copy_uses_the_symbol_of_another_card_in_the_show() -> None:
    state = show_game()
    giver = next(a.id for a in artists("green", effect="extra_card"))
    copier = next(a.id for a in artists("green", effect="copy") if connects(giver, a.id))
    rig(state, 0, hand=[copier, "yellow_01"], pile=["blue_01", "blue_02", "blue_03"], show=[[giver]])
    state, _ = apply(state, 0, PlayCard(copier))
    assert GAME.legal_actions(state, 0) == [CopyEffect("extra_card"), SkipEffect()]
    state, _ = run(state, 0, CopyEffect("extra_card"), UseEffect())
    assert state.circuses[0].hand == ["yellow_01", "blue_01", "blue_02", "blue_03"]


def test_an_effect_that_cannot_be_used_lapses() -> None:
    state, _ = _play_effect_card("peek_top", ["yellow_01", "yellow_02"], [])
    assert state.circuses[0].step == "play"


def test_a_running_show_is_complete_in_the_own_view_and_hidden_from_others() -> None:
    state = show_game()
    rig(state, 0, hand=["green_01", "green_02"], pile=["green_03"], show=[["yellow_01"]])
    mine = GAME.view(state, 0)["players"][0]
    theirs = GAME.view(state, 1)["players"][0]
    shown = mine["show"][0]["cards"][0]
    assert shown["id"] == "yellow_01" and shown["colour"] == card("yellow_01").colour
    assert [c["colour"] for c in shown["left"]] == [c.colour for c in card("yellow_01").left]
    assert theirs["show"] is None and theirs["show_length"] is None
