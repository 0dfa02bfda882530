"""The end of the game as the rulebook words it: "The game is played over a various number of rounds
and ends once each player has 3 Circus cards left in their hand", and round step 8: "Finally, check if
each player has exactly 3 cards left in their hand. If they do, proceed to Scoring."

Our designed cards that play a card from hand (Grand Parade, Escape Artist, Human Pyramid) do so only
from a hand of more than 3 cards, so no hand ever ends below 3. The full check over 2,000 games at 7 and
8 players is bench/dreadful_circus_hands.py; here a bounded number of games keeps the suite fast.
"""

from __future__ import annotations

import pytest

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.events import Event
from rules.dreadful_circus import flow
from rules.dreadful_circus.actions import PlayCard
from rules.dreadful_circus.content import load_content
from rules.dreadful_circus.state import DreadfulCircusState, Task

from dreadful_circus_helpers import GAME, apply, cid, find, kinds, started

PLAY_CARD = ("Grand Parade", "Escape Artist", "Human Pyramid")


def _resolving_play_card(hand: list[str], name: str = "Grand Parade") -> tuple[DreadfulCircusState, list[Event]]:
    state = started(7, seed=3)
    state.seats[0].hand = list(hand)
    state.offers = []
    state.phase = "effect"
    state.tasks = [Task(kind="play_card", seat=0, card=cid(name))]
    events: list[Event] = []
    flow.continue_tasks(state, events)
    return state, events


def test_the_cards_that_play_from_hand_say_more_than_3_cards() -> None:
    cards = [c for c in load_content().cards.values() if c.effect == "play_card"]
    assert sorted({c.name for c in cards}) == sorted(PLAY_CARD)
    assert all(c.text == "If you have more than 3 cards in your hand, play 1 of them." for c in cards)
    assert load_content().hand_left_at_end == 3


@pytest.mark.parametrize("name", PLAY_CARD)
def test_a_hand_of_three_plays_nothing(name: str) -> None:
    hand = [cid("Freak Show"), cid("Human Cannonball"), cid("Bearded Lady")]
    state, events = _resolving_play_card(hand, name)
    assert find(events, "no_effect") == [{"seat": 0, "card": cid(name)}]
    assert state.seats[0].hand == hand and not state.tasks and state.phase != "effect"


def test_a_hand_of_four_plays_one_card_and_keeps_three() -> None:
    hand = [cid("Freak Show"), cid("Human Cannonball"), cid("Bearded Lady"), cid("Strongman's Tent")]
    state, events = _resolving_play_card(hand)
    assert "no_effect" not in kinds(events) and GAME.to_act(state) == frozenset({0})
    state, events = apply(state, 0, PlayCard(cid("Bearded Lady")))
    assert len(state.seats[0].hand) == 3 and cid("Bearded Lady") in state.seats[0].tableau


def test_a_card_played_from_a_hand_of_four_that_plays_a_card_stops_at_three() -> None:
    """Playing Escape Artist from a hand of 4 leaves 3: the Escape Artist then plays nothing."""
    hand = [cid("Freak Show"), cid("Escape Artist"), cid("Bearded Lady"), cid("Strongman's Tent")]
    state, _ = _resolving_play_card(hand)
    state, events = apply(state, 0, PlayCard(cid("Escape Artist")))
    assert find(events, "no_effect") == [{"seat": 0, "card": cid("Escape Artist")}]
    assert len(state.seats[0].hand) == 3


def _final_hands(players: int, options: dict[str, bool], seed: int, *, auto: bool) -> list[int]:
    """Play a seeded game; the hand sizes when the game ended (announced by ``game_ends``)."""
    state = GAME.new_game(default_names(players), options, seed)
    rng = chooser_rng(seed)
    hands: list[int] | None = None
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=auto)
        state, events = GAME.apply(state, seat, action)
        for data in find(events, "game_ends"):
            assert hands is None
            hands = list(data["hands"])
    assert hands is not None
    return hands


CASES = [(players, draft) for players in (7, 8) for draft in (False, True)]


@pytest.mark.parametrize(("players", "draft"), CASES, ids=[f"{p}p-{'draft' if d else 'basic'}" for p, d in CASES])
def test_every_hand_ends_with_exactly_three_cards(players: int, draft: bool) -> None:
    """40 seeded games per setting, half with automatic players and half at random (160 in all):
    before the cards said "more than 3 cards", about a third of such games ended with a hand of 2."""
    for seed in range(40):
        hands = _final_hands(players, {"draft": draft}, seed, auto=seed % 2 == 0)
        assert hands == [3] * players, f"seed {seed}: {hands}"
