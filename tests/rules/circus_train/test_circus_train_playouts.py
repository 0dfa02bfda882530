"""Seeded playouts of Circus Train over every player count and variant, checked against the shared
contract at every step (JSON round trip, views, legal actions, events, replay), plus the proof that
no view shows what its seat may not see."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.circus_train.game import CircusTrain
from rules.circus_train.state import CircusTrainState
from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.clone import clone
from rules.core.game import Game

from harness import all_option_combinations, automatic_wins, random_playout
from repo_paths import REPO

GAME = CircusTrain()
COMBINATIONS = list(all_option_combinations(GAME))


def _label(options: dict[str, Any]) -> str:
    return "+".join(key for key, value in options.items() if value) or "basic"


CASES = [(players, options) for options in COMBINATIONS for players in range(1, 6)
         if not (players == 1 and options["easier"])]


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{p}p-{_label(o)}" for p, o in CASES])
def test_random_playout_finishes_and_keeps_the_contract(players: int, options: dict[str, Any]) -> None:
    final, log = random_playout(GAME, players, options, seed=players * 101 + len(_label(options)),
                                each_step=lambda state: _views_never_depend_on_hidden_information(GAME, state))
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert len(log) > 27 * players  # at least one decision per player per week


def test_variant_list_covers_every_allowed_combination() -> None:
    labels = {_label(o) for o in COMBINATIONS}
    assert "basic" in labels and "advanced+special_characters+events" in labels
    assert "special_characters+easier" in labels
    assert not any("easier" in label and ("advanced" in label or "events" in label) for label in labels)


@pytest.mark.parametrize("seed", range(6))
def test_automatic_players_finish_games(seed: int) -> None:
    options = {"advanced": seed % 2 == 1, "special_characters": seed % 3 == 0, "events": seed >= 3}
    final, _ = random_playout(GAME, 2 + seed % 4, options, seed, auto=True, check_every_step=False)
    assert GAME.outcome(final) is not None


def test_automatic_player_beats_random_play() -> None:
    """Seat 0 plays automatically against random opponents; it should win most games."""
    assert automatic_wins(GAME, 3, lambda seed: {}, range(12)) >= 12 * 2 // 3


def _hide_secrets_differently(state: CircusTrainState, seat: int | None) -> CircusTrainState:
    """The same position with every secret the seat may not know replaced by something else."""
    other = clone(state)
    for index, circus in enumerate(other.circuses):
        if index != seat:
            circus.hand = ["rest"] * len(circus.hand)
    other.bag = [*reversed(other.bag[1:]), "y01"] if other.bag else []
    other.destinations = list(reversed(other.destinations))
    other.event_deck = ["e01"] * len(other.event_deck)
    other.rng = state.rng ^ 0x5DEECE66D
    return other


def _views_never_depend_on_hidden_information(game: Game[Any, Any], state: CircusTrainState) -> None:
    for seat in [None, *range(len(state.players))]:
        shown = json.dumps(game.view(state, seat), sort_keys=True)
        altered = json.dumps(game.view(_hide_secrets_differently(state, seat), seat), sort_keys=True)
        assert shown == altered, f"the view for seat {seat} reveals hidden information"
        view = game.view(state, seat)
        assert view["hand"] == (None if seat is None else state.circuses[seat].hand)
        for player in view["players"]:
            assert "hand" not in player
        assert not {"bag", "destinations", "event_deck", "rng"} & set(view)


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_hands_bag_and_decks_at_every_step(players: int) -> None:
    options = {"advanced": True, "special_characters": True, "events": True}
    state = GAME.new_game(default_names(players), options, seed=7)
    rng = chooser_rng(7)
    while not GAME.is_over(state):
        _views_never_depend_on_hidden_information(GAME, state)
        seat = pick_seat(GAME, state, rng)
        state, events = GAME.apply(state, seat, pick_action(GAME, state, seat, GAME.legal_actions(state, seat),
                                                              rng, auto=False))
        for event in events:
            assert event.private_to is None
            assert "hand" not in event.data
            assert not {"bag", "destinations", "event_deck"} & set(event.data)
    _views_never_depend_on_hidden_information(GAME, state)


def test_simulate_command_plays_500_games_without_error() -> None:
    """The issue's acceptance command, run as a user would."""
    result = subprocess.run([sys.executable, "-m", "rules", "simulate", "circus_train", "--games", "500",
                             "--seed", "1"], capture_output=True, text=True, check=False,
                            cwd=REPO)
    assert result.stdout.strip().splitlines()[-1] == "500 games finished, 0 errors", result.stdout[-2000:]
    assert result.returncode == 0


def test_public_log_never_names_cards_in_a_hand() -> None:
    """Only cards as they are played (and so become public) are ever named in the log."""
    state = GAME.new_game(default_names(3), {"advanced": True}, seed=3)
    rng = chooser_rng(3)
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        before = [list(c.hand) for c in state.circuses]
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            card = event.data.get("card")
            if card is not None and event.kind == "card_played":
                assert card in before[event.data["seat"]]
                assert action.kind == "play_card" and action.card == card
