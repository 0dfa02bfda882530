"""Special Attractions: choosing in player order, the card's action at once, the new player order by
Initiative, the cards coming back every week; both sides of every card."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction, NotYourTurn
from rules.little_circuses.actions import (
    ChooseRival,
    ChooseSpecial,
    DrawFaceDown,
    HireFaceUp,
    Pass,
    RaiseFunds,
    TakeFromHand,
    TakeShowcase,
)
from rules.little_circuses.content import card_side, load_content
from rules.little_circuses.state import LittleCircusesState

from little_circuses_helpers import (
    GAME,
    apply,
    find,
    goto,
    opened,
    queue_icons,
    run,
    set_circus,
    space_index,
)


def _at_special(players: int, side: str = "blue", nth: int = 0, seed: int = 1) -> LittleCircusesState:
    """John on the nth Special Attractions space (after the Arrival of New Acts from the second on)."""
    state = opened(players, seed=seed, side=side)
    if space_index("arrival") < space_index("special", nth):
        goto(state, space_index("arrival"))
    goto(state, space_index("special", nth))
    assert state.stage == "special"
    return state


def test_the_first_special_attractions_fall_on_day_seven_and_every_week_after() -> None:
    days = [space.day for space in load_content().track if space.kind == "special"]
    assert days == [7, 14, 21, 28]


def test_players_choose_in_player_order_then_reorder_by_initiative() -> None:
    state = _at_special(3, seed=4)
    first, second, third = state.order
    assert GAME.to_act(state) == frozenset({first})
    with pytest.raises(NotYourTurn):
        apply(state, second, ChooseSpecial("1"))
    state, _ = apply(state, first, ChooseSpecial("5"))
    assert GAME.to_act(state) == frozenset({second})
    assert ChooseSpecial("5") not in GAME.legal_actions(state, second)
    with pytest.raises(IllegalAction, match="already taken card 5"):
        apply(state, second, ChooseSpecial("5"))
    state, _ = apply(state, second, ChooseSpecial("4"))
    state, events = apply(state, third, ChooseSpecial("2"))
    assert state.order == [third, second, first]
    assert find(events, "player_order") == [{"order": [third, second, first]}]
    assert state.stage == "build"  # John went on to the next space


def test_the_cards_come_back_for_the_next_week() -> None:
    state = _at_special(2)
    first, second = state.order
    state, _ = run(state, (first, ChooseSpecial("1")), (second, ChooseSpecial("2")))
    goto(state, space_index("special", 1))
    assert len(GAME.legal_actions(state, state.order[0])) == 7
    assert all(c.card is None for c in state.circuses)


@pytest.mark.parametrize("side", ["blue", "red"])
def test_every_card_of_seven_players_is_taken_and_the_last_player_gets_the_last_card(side: str) -> None:
    state = _at_special(7, side=side)
    choosers = list(state.order)
    for seat, number in zip(choosers, ("7", "6", "5", "4", "3", "2", "1"), strict=True):
        assert GAME.to_act(state) == frozenset({seat})
        assert len(GAME.legal_actions(state, seat)) == int(number)  # the cards still on the table
        state, _ = apply(state, seat, ChooseSpecial(number))
        while GAME.to_act(state) == frozenset({seat}) and state.stage == "special":
            state, _ = apply(state, seat, GAME.legal_actions(state, seat)[0])  # the card's own decisions
    assert state.order == list(reversed(choosers))  # Initiative 1 first ... 7 last


def test_blue_cards_act_at_once() -> None:
    state = _at_special(1)
    circus = state.circuses[0]
    fame, money, bleacher = circus.fame, circus.money, list(circus.bleacher)
    assert list(card_side("5", "blue").effects) == ["star", "star", "star"]
    state, events = apply(state, 0, ChooseSpecial("5"))
    assert state.circuses[0].fame == fame + 3 and state.circuses[0].money == money
    assert state.circuses[0].bleacher == bleacher
    assert find(events, "special_chosen") == [{"seat": 0, "card": "5", "side": "blue"}]


def test_madame_adam_before_the_arrival_has_no_face_up_tile_to_buy() -> None:
    state = _at_special(1)
    money = state.circuses[0].money
    state, events = apply(state, 0, ChooseSpecial("6"))
    assert state.circuses[0].money == money + 2 and find(events, "showcase_taken") == []


def test_madame_adam_buys_a_face_up_advanced_tile() -> None:
    state = _at_special(2, nth=1)
    assert state.arrived and len(state.showcase) == 4
    first = state.order[0]
    state, _ = apply(state, first, ChooseSpecial("6"))
    assert state.circuses[first].step == "icon"
    showcase = list(state.showcase)
    assert GAME.legal_actions(state, first) == [*(TakeShowcase(t) for t in showcase), Pass()]
    refill = state.advanced_pile[-1]
    state, events = apply(state, first, TakeShowcase(showcase[1]))
    assert showcase[1] in state.circuses[first].hand  # bought face up, for free: its cost is paid when built
    assert state.showcase == [showcase[0], *showcase[2:], refill]
    assert find(events, "showcase_taken") == [{"seat": first, "tile": showcase[1], "refill": refill}]


def test_only_card_six_takes_the_face_up_tiles() -> None:
    state = _at_special(2, nth=1)
    first = state.order[0]
    state, _ = apply(state, first, ChooseSpecial("1"))
    assert all(not isinstance(a, TakeShowcase) for a in GAME.legal_actions(state, state.order[1]))


def test_red_pickpocket_takes_two_dollars_from_the_chosen_rival() -> None:
    state = _at_special(3, side="red")
    first, second, third = state.order
    set_circus(state, second, money=5)
    set_circus(state, third, money=1)
    set_circus(state, first, money=0)
    state, _ = apply(state, first, ChooseSpecial("1"))
    assert GAME.legal_actions(state, first) == sorted([ChooseRival(second), ChooseRival(third)],
                                                      key=lambda a: a.seat)
    state, events = apply(state, first, ChooseRival(third))
    assert state.circuses[first].money == 1 and state.circuses[third].money == 0  # only what they had
    assert find(events, "robbed") == [{"seat": first, "target": third, "amount": 1}]


def test_red_heckler_snubs_a_rival_then_gains_a_fame() -> None:
    state = _at_special(3, side="red")
    first, second, third = state.order
    set_circus(state, first, fame=0)
    set_circus(state, second, fame=10)
    set_circus(state, third, fame=0)
    state, events = apply(state, first, ChooseSpecial("2"))  # only one rival has Fame: no question
    assert state.circuses[second].fame == 8 and state.circuses[first].fame == 1
    assert find(events, "snubbed") == [{"seat": first, "target": second, "amount": 2}]


def test_red_pied_piper_lures_a_public_from_space_two() -> None:
    state = _at_special(2, side="red")
    first, second = state.order
    set_circus(state, first, bleacher=[0, 0, 0, 0])
    set_circus(state, second, bleacher=[2, 0, 0, 0])
    state, _ = apply(state, first, ChooseSpecial("3"))
    # The lured Public arrives on 2, then the clown (the only choice) advances it.
    assert state.circuses[second].bleacher == [1, 0, 0, 0]
    assert state.circuses[first].bleacher == [0, 1, 0, 0]


def test_red_barker_and_headliner_give_something_to_every_rival() -> None:
    state = _at_special(3, side="red")
    first, second, third = state.order
    money = [c.money for c in state.circuses]
    fame = [c.fame for c in state.circuses]
    state, _ = apply(state, first, ChooseSpecial("4"))
    assert state.circuses[first].money == money[first] + 4
    assert state.circuses[second].money == money[second] + 1 and state.circuses[third].money == money[third] + 1
    state, _ = apply(state, second, ChooseSpecial("5"))
    assert state.circuses[second].fame == fame[second] + 5
    assert state.circuses[first].fame == fame[first] + 1 and state.circuses[third].fame == fame[third] + 1


def test_red_handy_mandy_may_take_a_face_up_tile_from_a_rivals_hand() -> None:
    state = _at_special(2, side="red", nth=1)
    first, second = state.order
    wanted = state.circuses[second].hand[0]
    state, _ = apply(state, first, ChooseSpecial("6"))
    legal = GAME.legal_actions(state, first)
    assert TakeFromHand(second, wanted) in legal and TakeShowcase(state.showcase[0]) in legal
    assert all(not (isinstance(a, TakeFromHand) and a.owner == first) for a in legal)
    hidden = state.circuses[second].secret[0]
    assert TakeFromHand(second, hidden) not in legal  # face-down tiles cannot be picked
    with pytest.raises(IllegalAction, match="no such face-up tile"):
        apply(state, first, TakeFromHand(second, hidden))
    state, events = apply(state, first, TakeFromHand(second, wanted))
    assert wanted in state.circuses[first].hand and wanted not in state.circuses[second].hand
    assert find(events, "tile_poached") == [{"seat": first, "owner": second, "tile": wanted}]


def test_every_blue_side_is_free_of_interaction_and_card_six_is_madame_adam() -> None:
    assert card_side("6", "blue").name == "Madame Adam" and card_side("6", "red").name == "Handy Mandy"
    interactive = {"rob", "snub", "lure", "poach", "gift_money", "gift_fame"}
    for number in load_content().cards:
        assert not interactive & set(card_side(number, "blue").effects)
        assert card_side(number, "blue").initiative == card_side(number, "red").initiative == int(number)


def _card_six_holder_after_arrival() -> tuple[LittleCircusesState, int]:
    """Two players after the Arrival of New Acts; the first in order has taken card 6 this week."""
    state = _at_special(2, nth=1)
    holder = state.order[0]
    state.circuses[holder].card = "6"
    return state, holder


def test_card_six_lets_its_holder_hire_a_face_up_tile_all_week() -> None:
    state, holder = _card_six_holder_after_arrival()
    goto(state, space_index("full_day", 4))  # a Full Day later in the week (card 6 is still held)
    assert state.circuses[holder].card == "6" and state.circuses[holder].step == "build"
    showcase = list(state.showcase)
    legal = GAME.legal_actions(state, holder)
    assert [a for a in legal if isinstance(a, HireFaceUp)] == [HireFaceUp(t) for t in showcase]
    other = state.order[1]
    assert not any(isinstance(a, HireFaceUp) for a in GAME.legal_actions(state, other))
    with pytest.raises(IllegalAction, match="Only the player holding Special Attraction card 6"):
        apply(state, other, HireFaceUp(showcase[0]))
    refill = state.advanced_pile[-1]
    state, _ = run(state, (holder, HireFaceUp(showcase[2])), (other, RaiseFunds()))
    assert showcase[2] in state.circuses[holder].hand  # face up, in hand; its cost is paid when built
    assert showcase[2] not in state.showcase and refill in state.showcase


def test_card_six_chooses_face_up_or_face_down_for_each_tent() -> None:
    state, holder = _card_six_holder_after_arrival()
    showcase = list(state.showcase)
    queue_icons(state, holder, ["tent", "star"])
    assert state.circuses[holder].step == "icon"
    assert GAME.legal_actions(state, holder) == [*(TakeShowcase(t) for t in showcase), DrawFaceDown()]
    secret = len(state.circuses[holder].secret)
    state, events = apply(state, holder, DrawFaceDown())
    assert len(state.circuses[holder].secret) == secret + 1 and state.showcase == showcase
    assert find(events, "tile_drawn") == [{"seat": holder, "tile": None}]  # nobody else learns which
    other = state.order[1]
    queue_icons(state, other, ["tent"])  # without card 6 a tent simply draws face down
    assert state.circuses[other].step == "" and state.showcase == showcase
