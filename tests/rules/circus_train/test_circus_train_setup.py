"""Basic Game Set Up: Action decks by player count and variant, the starting Clown and talent picks,
the starting board, Canadian start cities, and the hand cycle."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.circus_train.actions import ChooseStart, Pass, PickTalent, PlayCard
from rules.circus_train.content import load_content
from rules.circus_train.state import CANADA, CircusTrainState
from rules.core.errors import IllegalAction, RulesError
from rules.core.events import Event

from circus_train_helpers import (
    GAME,
    apply,
    find,
    give_turn,
    new_game,
    options,
    reset_circus,
    run,
    setup_game,
)

BASIC_EIGHT = Counter({"fast_transit": 1, "rapid_transit": 1, "overnight_transit": 1, "basic_transit": 2,
                       "hold": 1, "overnight_hire": 1, "wages_transit": 1})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_basic_deck_is_eight_cards_without_rest(players: int) -> None:
    state = new_game(players)
    for circus in state.circuses:
        assert Counter(circus.hand) == BASIC_EIGHT
        assert circus.discards == []


@pytest.mark.parametrize("players", [1, 2])
def test_one_or_two_players_remove_overnight_hire(players: int) -> None:
    state = new_game(players)
    for circus in state.circuses:
        assert Counter(circus.hand) == BASIC_EIGHT - Counter({"overnight_hire": 1})
        assert len(circus.hand) == 7


@pytest.mark.parametrize(("players", "size"), [(1, 8), (2, 8), (3, 9), (5, 9)])
def test_advanced_deck_adds_rest(players: int, size: int) -> None:
    state = new_game(players, advanced=True)
    for circus in state.circuses:
        assert len(circus.hand) == size
        assert circus.hand.count("rest") == 1


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 7)])
def test_easier_variant_has_no_wages_card(players: int, size: int) -> None:
    state = new_game(players, easier=True)
    for circus in state.circuses:
        assert "wages_transit" not in circus.hand
        assert len(circus.hand) == size


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_each_player_starts_with_one_clown_and_nothing_else(players: int) -> None:
    state = new_game(players)
    content = load_content()
    for circus in state.circuses:
        assert circus.talent == {"clowns": 1}
        assert (circus.money, circus.vp, circus.best) == (0, 0, 10)
        assert circus.performances == [] and circus.position is None
    assert state.talent_bank["clowns"] == content.talent["clowns"].count - players
    assert sum(state.talent_bank.values()) == 66 - players
    assert state.week == 0


@pytest.mark.parametrize("count", [0, 6])
def test_player_count_is_one_to_five(count: int) -> None:
    with pytest.raises(RulesError):
        GAME.new_game([f"P{i}" for i in range(count)], options(), 1)


def test_bag_holds_the_april_may_counters_only() -> None:
    content = load_content()
    state = new_game(3)
    in_play = state.bag + [news.counter for news in state.board.values() if news.counter]
    assert all(content.counters[c].season == "green" for c in state.bag)
    assert not any(content.counters[c].kind == "special" for c in state.bag)
    assert len(state.bag) == 27  # 16 Performance, 3 Points, 8 Bankrupt Circus
    assert len(in_play) == 27
    with_specials = new_game(3, special_characters=True)
    specials = [c for c in with_specials.bag if content.counters[c].kind == "special"]
    assert sorted(content.counters[c].character or "" for c in specials) == [
        "brakeman_bill", "engineer_eddie", "ringmaster_ronald", "smuggler_sam"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_talent_picks_two_each_in_turn_order_from_the_first_player(players: int) -> None:
    state = new_game(players, seed=7)
    first = state.first_player
    order = [(first + i) % players for i in range(players)]
    seen: list[int] = []
    picks = ("horses", "freaks", "acrobats")
    for index, seat in enumerate(order):
        for pick in range(2):
            assert state.pending is not None and state.pending.kind == "pick_talent"
            assert state.pending.seat == seat
            assert set(GAME.legal_actions(state, seat)) == {PickTalent(t) for t in picks}
            seen.append(seat)
            state, _ = apply(state, seat, PickTalent(picks[(index + pick) % 3]))
    assert seen == [seat for seat in order for _ in range(2)]
    for index, seat in enumerate(order):
        expected = Counter({"clowns": 1}) + Counter([picks[index % 3], picks[(index + 1) % 3]])
        assert Counter(state.circuses[seat].talent) == expected


def test_two_of_the_same_type_may_be_picked_but_not_other_types() -> None:
    state = new_game(3)
    seat = state.first_player
    with pytest.raises(IllegalAction):
        apply(state, seat, PickTalent("clowns"))
    with pytest.raises(IllegalAction):
        apply(state, seat, PickTalent("elephants"))
    state, _ = apply(state, seat, PickTalent("acrobats"))
    state, _ = apply(state, seat, PickTalent("acrobats"))
    assert state.circuses[seat].talent == {"clowns": 1, "acrobats": 2}


def _after_picks(players: int, seed: int) -> tuple[CircusTrainState, list[Event]]:
    state = new_game(players, seed=seed)
    events: list[Event] = []
    while state.pending is not None and state.pending.kind == "pick_talent":
        state, new = apply(state, state.pending.seat, PickTalent("horses"))
        events.extend(new)
    return state, events


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_starting_board_one_performance_per_player_then_eight_cities(players: int, seed: int) -> None:
    content = load_content()
    state, events = _after_picks(players, seed)
    placed = [e.data for e in events if e.kind in ("counter_placed", "bankrupt_circus")]
    first = placed[:players]
    assert all(content.counters[d["counter"]].kind == "performance" for d in first)
    assert len({d["city"] for d in first}) == players  # each on a different city
    assert sum(1 for news in state.board.values() if news.has_news()) == 8
    for city, news in state.board.items():
        assert not content.cities[city].canadian
        if news.counter:
            assert content.counters[news.counter].season == "green"
            assert content.counters[news.counter].kind in ("performance", "points")
    # Drawn City cards sit in the discard pile; none is lost.
    assert len(state.destination_discards) >= 8
    assert sorted(state.destinations + state.destination_discards) == sorted(content.destinations)


def test_bankrupt_circus_puts_its_talent_on_the_city_and_leaves_play() -> None:
    content = load_content()
    for seed in range(1, 40):
        state, events = _after_picks(3, seed)
        bankrupt = [e.data for e in events if e.kind == "bankrupt_circus"]
        if bankrupt:
            break
    else:
        pytest.fail("no seed from 1 to 39 drew a Bankrupt Circus at set-up")
    data = bankrupt[0]
    assert Counter(data["talent"]) == Counter(content.counters[data["counter"]].talent)
    assert state.board[data["city"]].talent == data["talent"]
    assert state.board[data["city"]].counter is None
    assert data["counter"] not in state.bag


def test_start_cities_are_chosen_in_canada_in_turn_order() -> None:
    state, _ = _after_picks(3, 5)
    first = state.first_player
    order = [(first + i) % 3 for i in range(3)]
    assert state.pending is not None and state.pending.kind == "choose_start" and state.pending.seat == first
    assert set(GAME.legal_actions(state, first)) == {ChooseStart(c) for c in CANADA}
    with pytest.raises(IllegalAction):
        apply(state, first, ChooseStart("detroit"))
    for seat, city in zip(order, ("montreal", "montreal", "winnipeg"), strict=True):
        assert state.pending is not None and state.pending.seat == seat
        state, _ = apply(state, seat, ChooseStart(city))
    assert state.circuses[order[0]].position == state.circuses[order[1]].position == "montreal"
    assert state.circuses[order[2]].position == "winnipeg"
    assert state.pending is not None and state.pending.kind == "choose" and state.pending.seat == first
    assert state.week == 0


def test_play_goes_clockwise_from_the_first_player() -> None:
    state = setup_game(4, seed=3)
    first = state.first_player
    seats = []
    for _ in range(4):
        assert state.pending is not None
        seats.append(state.pending.seat)
        state, _ = run(state, state.pending.seat, PlayCard("hold"))
        if state.pending is not None and state.pending.kind == "act":
            state, _ = run(state, state.pending.seat, Pass())
    assert seats == [(first + i) % 4 for i in range(4)]
    assert state.week == 1


def test_last_card_brings_the_discards_back_as_a_new_hand() -> None:
    state = setup_game(3)
    deck = list(state.circuses[0].hand)
    reset_circus(state, 0, hand=["hold"], discards=[c for c in deck if c != "hold"], position="toronto")
    state.board.pop("toronto", None)
    give_turn(state, 0)
    state, events = run(state, 0, PlayCard("hold"))
    assert find(events, "hand_refilled") == [{"seat": 0, "cards": len(deck)}]
    assert Counter(state.circuses[0].hand) == Counter(deck)
    assert state.circuses[0].discards == []


def test_a_played_card_waits_in_the_discards_until_the_hand_is_empty() -> None:
    state = setup_game(3)
    give_turn(state, 0)
    state, _ = run(state, 0, PlayCard("fast_transit"))
    assert state.circuses[0].discards == ["fast_transit"]
    assert "fast_transit" not in state.circuses[0].hand
    give_turn(state, 0)
    with pytest.raises(IllegalAction) as refused:
        apply(state, 0, PlayCard("fast_transit"))
    assert str(refused.value) == "Fast Transit is in your discard pile, not in your hand."
