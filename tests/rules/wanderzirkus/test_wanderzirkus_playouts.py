"""Seeded playouts of Der Wanderzirkus over every player count and variant, checked against the shared
contract at every step (JSON round trip, views, legal actions, events, replay), plus the proof that
no view and no public event shows what its seat may not see."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.clone import clone
from rules.core.game import Game
from rules.wanderzirkus.game import Wanderzirkus
from rules.wanderzirkus.state import WanderzirkusState

from harness import all_option_combinations, automatic_wins, random_playout
from repo_paths import REPO

GAME = Wanderzirkus()
COMBINATIONS = list(all_option_combinations(GAME))


def _label(options: dict[str, Any]) -> str:
    return "+".join(key for key, value in options.items() if value) or "basic"


CASES = [(players, options) for options in COMBINATIONS for players in range(1, 7)]


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{p}p-{_label(o)}" for p, o in CASES])
def test_random_playout_finishes_and_keeps_the_contract(players: int, options: dict[str, Any]) -> None:
    final, log = random_playout(GAME, players, options, seed=players * 31 + len(_label(options)),
                                each_step=lambda state: _views_never_depend_on_hidden_information(GAME, state))
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert len(final.circuses[0].round_vp) == 5
    assert len(log) > 5 * players  # at least one decision per player per round


def test_variant_list_covers_every_allowed_combination() -> None:
    assert {_label(o) for o in COMBINATIONS} == {"basic", "simplified", "pro"}


@pytest.mark.parametrize("seed", range(6))
def test_automatic_players_finish_games(seed: int) -> None:
    options = {"simplified": seed % 3 == 1, "pro": seed % 3 == 2}
    final, _ = random_playout(GAME, 1 + seed, options, seed, auto=True, check_every_step=False)
    assert GAME.outcome(final) is not None


def test_automatic_player_beats_random_play() -> None:
    """Seat 0 plays automatically against random opponents; it should win most games."""
    assert automatic_wins(GAME, 3, lambda seed: {}, range(12)) >= 12 * 5 // 6


def _hide_secrets_differently(state: WanderzirkusState, seat: int | None) -> WanderzirkusState:
    """The same position with every secret the seat may not know replaced by something else: other
    seats' hands, decks, offers, cards looked at and running shows, the stacks' order, the generator."""
    other = clone(state)
    for index, circus in enumerate(other.circuses):
        if index == seat:
            continue
        circus.hand = [*reversed(circus.hand), "yellow_01"]
        circus.draw_pile = ["green_01"] * (len(circus.draw_pile) + 1)
        circus.offer = ["red_01"] * len(circus.offer)
        circus.city_offer = ["city_01"] * len(circus.city_offer)
        circus.peeked = "blue_01" if circus.peeked else None
        circus.step = "swap" if circus.step == "play" else "play"
        circus.effect = "tuck" if circus.effect else None
        circus.swap_left += 1
        if circus.show_state == "running":
            circus.show = []
            circus.pause_used = not circus.pause_used
        if state.phase == "setup":
            circus.cities = ["city_02"] * len(circus.cities)
    other.artist_stack = list(reversed(other.artist_stack))
    other.city_stack = list(reversed(other.city_stack))
    other.rng = state.rng ^ 0x5DEECE66D
    return other


def _views_never_depend_on_hidden_information(game: Game[Any, Any], state: WanderzirkusState) -> None:
    for seat in [None, *range(len(state.players))]:
        shown = json.dumps(game.view(state, seat), sort_keys=True)
        altered = json.dumps(game.view(_hide_secrets_differently(state, seat), seat), sort_keys=True)
        assert shown == altered, f"the view for seat {seat} reveals hidden information"
        view = game.view(state, seat)
        if seat is None:
            assert view["own"] is None
        else:
            assert [c["id"] for c in view["own"]["hand"]] == state.circuses[seat].hand
        for player in view["players"]:
            assert not {"hand", "draw_pile", "offer"} & set(player)
        assert not {"artist_stack_order", "rng"} & set(view)


@pytest.mark.parametrize("players", [2, 5])
def test_public_events_never_name_hidden_cards(players: int) -> None:
    """Public events name only cards that are public: pairs on offer, finished shows, cities on display."""
    state = GAME.new_game(default_names(players), {}, seed=11)
    rng = chooser_rng(11)
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        before = clone(state)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            if event.private_to is not None:
                assert event.private_to == seat
                continue
            text = json.dumps(event.data)
            hidden = set(before.circuses[seat].hand) | set(before.circuses[seat].draw_pile) \
                | set(before.circuses[seat].offer)
            if event.kind == "show_ended":
                hidden -= {c for column in event.data["row"] for c in column}
            if event.kind == "pair_taken":
                hidden.discard(event.data["artist"])
            assert not any(f'"{card}"' in text for card in hidden), f"{event.kind} names a hidden card"
            assert not {"hand", "draw_pile", "offer"} & set(event.data)


def test_simulate_command_plays_500_games_without_error() -> None:
    """The issue's acceptance command, run as a user would."""
    result = subprocess.run([sys.executable, "-m", "rules", "simulate", "wanderzirkus", "--games", "500",
                             "--seed", "1"], capture_output=True, text=True, check=False,
                            cwd=REPO)
    assert result.stdout.strip().splitlines()[-1] == "500 games finished, 0 errors", result.stdout[-2000:]
    assert result.returncode == 0
