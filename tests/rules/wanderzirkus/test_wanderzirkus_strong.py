"""The strong automatic player of Der Wanderzirkus: its samples keep exactly what the deciding seat sees
and redraw everything else, so nothing hidden reaches its decision; the samples are playable states; and
it plays whole games."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from rules.core import arena
from rules.core.clone import clone
from rules.core.players import decide
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.wanderzirkus import strong
from rules.wanderzirkus.content import PAUSE
from rules.wanderzirkus.game import Wanderzirkus
from rules.wanderzirkus.state import WanderzirkusState

GAME = Wanderzirkus()
TINY = SearchBudget(iterations=6, horizon=10)


@pytest.fixture(autouse=True)
def _tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "SHOW_BUDGET", TINY)
    monkeypatch.setattr(strong, "ROUND_BUDGET", TINY)


def _sample_json(state: WanderzirkusState, seat: int, stream: int) -> str:
    return json.dumps(GAME.state_to_json(GAME.determinize(state, seat, Rng.from_seed(stream))), sort_keys=True)


def _view_json(state: WanderzirkusState, seat: int) -> str:
    return json.dumps(GAME.view(state, seat), sort_keys=True)


def _positions(seed: int, players: int = 3, options: dict[str, Any] | None = None) -> Iterator[
        tuple[WanderzirkusState, int]]:
    """Every decision with a choice of a game played by the heuristic player, with the deciding seat
    taken in turn from the lowest and highest awaited seat."""
    state = GAME.new_game([f"P{n}" for n in range(players)], options or {}, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while GAME.to_act(state):
        awaited = sorted(GAME.to_act(state))
        seat = awaited[step % len(awaited)]
        legal = GAME.legal_actions(state, seat)
        if len(legal) > 1:
            yield state, seat
        state, _ = GAME.apply(state, seat, GAME.auto_action(GAME.view(state, seat), legal, rng))
        step += 1


def _deck_cards(state: WanderzirkusState, seat: int) -> Counter[str]:
    circus = state.circuses[seat]
    shown = [c for column in circus.show for c in column.cards if c != PAUSE]
    return Counter([*circus.hand, *circus.draw_pile, *shown, *([circus.placing] if circus.placing else [])])


def _all_cards(state: WanderzirkusState) -> tuple[Counter[str], Counter[str]]:
    artists = Counter(state.artist_stack + [p[0] for p in state.pairs if p])
    cities = Counter(state.city_stack + [p[1] for p in state.pairs if p])
    for c in state.circuses:
        artists.update(c.artists + c.offer)
        cities.update(c.cities + c.bought_cities + c.kept_cities + c.city_offer)
    return artists, cities


def _hidden_twin(state: WanderzirkusState, seat: int) -> WanderzirkusState:
    """The same position as ``seat`` sees it, with every part it cannot see changed: an unseen artist of
    each other seat swapped with one from the stack, the other seats' hands and decks reshuffled, both
    stacks and the seat's own deck reversed, and the game's generator replaced."""
    twin = clone(state)
    for other, circus in enumerate(twin.circuses):
        if other == seat or (circus.show_state != "running" and state.phase != "announce"):
            continue
        in_deck = [c for c in circus.draw_pile if not c.startswith("start_")]
        if in_deck and twin.artist_stack:
            old, new = in_deck[0], twin.artist_stack[0]
            twin.artist_stack[0] = old
            circus.draw_pile[circus.draw_pile.index(old)] = new
            circus.artists[circus.artists.index(old)] = new
        pool = circus.hand + circus.draw_pile
        pool.reverse()
        circus.hand, circus.draw_pile = pool[:len(circus.hand)], pool[len(circus.hand):]
    twin.artist_stack.reverse()
    twin.city_stack.reverse()
    own = twin.circuses[seat]
    if own.step != "peek":
        own.draw_pile.reverse()
    twin.rng = state.rng ^ 0x5DEECE66D
    return twin


def _mid_show(seed: int) -> tuple[WanderzirkusState, int]:
    """A round-2 show with every show running and the deciding seat (0) a few cards in."""
    for state, seat in _positions(seed):
        if state.round == 2 and state.phase == "show" and seat == 0 and state.circuses[0].show \
                and all(c.show_state == "running" for c in state.circuses):
            return clone(state), seat
    raise AssertionError("no such position in this game")


def test_nothing_hidden_reaches_the_sample_or_the_decision() -> None:
    state, seat = _mid_show(seed=3)
    twin = _hidden_twin(state, seat)
    # Others play on in their secret shows in the twin: their rows differ, what the seat sees does not.
    for other in (1, 2):
        legal = GAME.legal_actions(twin, other)
        step = next(a for a in legal if a.kind != "stop_show")
        after, _ = GAME.apply(twin, other, step)
        if after.circuses[other].show_state == "running":
            twin = after
    assert _view_json(twin, seat) == _view_json(state, seat)
    assert GAME.state_to_json(twin) != GAME.state_to_json(state)
    assert twin.circuses[1].hand != state.circuses[1].hand
    for stream in range(5):
        assert _sample_json(twin, seat, stream) == _sample_json(state, seat, stream)
    for k in range(3):
        mine = decide(GAME, state, seat, "strong", Rng.from_seed(k))
        theirs = decide(GAME, twin, seat, "strong", Rng.from_seed(k))
        assert mine == theirs
        assert mine.estimates


def test_secret_set_up_picks_do_not_reach_the_sample() -> None:
    state = GAME.new_game(["A", "B", "C"], {}, seed=8)
    offer = state.circuses[1].offer
    first, _ = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    second, _ = GAME.apply(state, 1, GAME.legal_actions(state, 1)[1])
    assert first.circuses[1].artists != second.circuses[1].artists and len(offer) == 4
    twin = _hidden_twin(second, 0)
    assert _view_json(first, 0) == _view_json(twin, 0)
    for stream in range(4):
        assert _sample_json(first, 0, stream) == _sample_json(twin, 0, stream)
    assert decide(GAME, first, 0, "strong", Rng.from_seed(1)) == decide(GAME, twin, 0, "strong", Rng.from_seed(1))


@pytest.mark.parametrize(("players", "options"), [(3, {}), (2, {"simplified": True}), (4, {"pro": True})])
def test_samples_keep_the_view_and_every_card_and_play_to_the_end(players: int, options: dict[str, Any]) -> None:
    checked = played = 0
    for index, (state, seat) in enumerate(_positions(seed=players * 7, players=players, options=options)):
        sample = GAME.determinize(state, seat, Rng.from_seed(index))
        assert _view_json(sample, seat) == _view_json(state, seat)
        assert _all_cards(sample) == _all_cards(state)
        if state.phase in ("announce", "show"):
            for other in range(players):
                assert _deck_cards(sample, other) == Counter(sample.circuses[other].artists)
        assert set(GAME.legal_actions(sample, seat)) == set(GAME.legal_actions(state, seat))
        checked += 1
        if index % 40 == 0:  # the sample is a state the rules accept and play to the end
            rng = Rng.from_seed(index)
            while GAME.to_act(sample):
                actor = min(GAME.to_act(sample))
                legal = GAME.legal_actions(sample, actor)
                action = GAME.rollout_action(sample, actor, legal, rng)
                assert action in legal
                sample, _ = GAME.apply(sample, actor, action)
            assert GAME.outcome(sample) is not None
            played += 1
    assert checked > 100 and played >= 3


def test_samples_redraw_what_is_hidden() -> None:
    state, seat = _mid_show(seed=5)
    one = GAME.determinize(state, seat, Rng.from_seed(1))
    two = GAME.determinize(state, seat, Rng.from_seed(2))
    assert one.artist_stack != two.artist_stack
    assert one.city_stack != two.city_stack
    assert one.rng != two.rng
    assert [c.hand for c in one.circuses[1:]] != [c.hand for c in two.circuses[1:]]
    assert one.circuses[seat].hand == two.circuses[seat].hand == state.circuses[seat].hand
    # The other seats' running shows start again in the sample: nothing of the true rows is kept.
    assert all(not c.show for c in one.circuses[1:])


def test_evaluate_is_a_chance_to_win_for_every_seat() -> None:
    for state, _ in _positions(seed=2):
        values = GAME.evaluate(state)
        assert len(values) == 3
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9
    ahead, _ = _mid_show(seed=3)
    ahead.circuses[0].round_vp[0] += 30
    assert GAME.evaluate(ahead)[0] > 0.9


def test_strong_plays_whole_games_against_normal() -> None:
    played = arena.play(GAME, ("normal", "strong", "normal"), seed=4)
    assert played.outcome.scores and len(played.outcome.scores) == 3
    assert played.choices[1], "the strong seat had choices to make"
