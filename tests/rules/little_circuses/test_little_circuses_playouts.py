"""Seeded playouts of Little Circuses over every player count and both sides of the Special Attraction
cards, checked against the shared contract at every step (JSON round trip, views, legal actions,
events, replay), plus the proof that no view shows what its seat may not see."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.clone import clone
from rules.core.game import Game
from rules.little_circuses import flow
from rules.little_circuses.game import LittleCircuses
from rules.little_circuses.state import LittleCircusesState

from harness import (
    ActionLog,
    automatic_wins,
    check_events,
    check_final,
    check_legal_actions,
    check_replay,
    check_round_trip,
    random_playout,
    state_json,
)
from repo_paths import REPO

GAME = LittleCircuses()
COLLECTING = ("opening", "build", "midday", "execute")
CASES = [(players, side) for side in ("blue", "red") for players in range(1, 8) if not (players == 1 and side == "red")]


def checked_playout(players: int, options: dict[str, Any], seed: int) -> tuple[LittleCircusesState, ActionLog]:
    """``harness.random_playout``'s checks at every step (JSON round trip, every seat's legal actions
    and their labels, apply leaving its input alone, events, final outcome, replay of the log), with
    views checked for the spectator and one seat, the seat turning with each step: each such view
    must be JSON data and must not change when any secret it may not know is changed. Checking
    every seat's view at every step would cost quadratic time in the player count for no new
    coverage. Seats and actions are chosen exactly as ``python -m rules simulate`` chooses them."""
    names = default_names(players)
    state = GAME.new_game(names, options, seed)
    rng = chooser_rng(seed)
    log: ActionLog = []
    while not GAME.is_over(state):
        where = f"seed {seed}, step {len(log)}"
        before = check_round_trip(GAME, state, where)
        awaited = GAME.to_act(state)
        for index in range(players):
            check_legal_actions(GAME, state, index, index in awaited, where)
        assert GAME.outcome(state) is None
        _views_never_depend_on_hidden_information(GAME, state, (None, len(log) % players))
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        new_state, events = GAME.apply(state, seat, action)
        assert state_json(GAME, state) == before, f"{where}: apply() modified the state it was given"
        check_events(GAME, new_state, events, where)
        state = new_state
        log.append((seat, GAME.action_to_json(action)))
    check_final(GAME, state, f"seed {seed}, end")
    _views_never_depend_on_hidden_information(GAME, state, (None, *range(players)))
    check_replay(GAME, names, options, seed, log=log, final=state)
    return state, log


@pytest.mark.parametrize(("players", "side"), CASES, ids=[f"{p}p-{s}" for p, s in CASES])
def test_random_playout_finishes_and_keeps_the_contract(players: int, side: str) -> None:
    final, log = checked_playout(players, {"special_side": side}, seed=players * 31 + len(side))
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert final.stage == "over" and flow.space(final).kind == "finale"
    assert len(log) > 30 * players  # at least one decision per player on most spaces


@pytest.mark.parametrize("seed", range(4))
def test_automatic_players_finish_games(seed: int) -> None:
    side = "red" if seed % 2 else "blue"
    final, _ = random_playout(GAME, 2 + seed, {"special_side": side}, seed, auto=True, check_every_step=False)
    assert GAME.outcome(final) is not None


def test_automatic_player_beats_random_play() -> None:
    """Seat 0 plays automatically against random opponents; it should win most games."""
    def sides(seed: int) -> dict[str, object]:
        return {"special_side": "red" if seed % 2 else "blue"}
    assert automatic_wins(GAME, 3, sides, range(12)) >= 12 * 3 // 4


def _hide_secrets_differently(state: LittleCircusesState, seat: int | None) -> LittleCircusesState:
    """The same position with every secret the seat may not know replaced by something else: other
    players' face-down tiles, both piles' order, the random state, and other players' choices for the
    current space that have not resolved yet (including whether they are choosing a tile's place)."""
    other = clone(state)
    for index, circus in enumerate(other.circuses):
        if index == seat:
            continue
        circus.secret = ["ag01"] * len(circus.secret)
        if state.stage in COLLECTING:
            circus.plan_tile = "ar16" if circus.plan_tile else None
            circus.plan_cell = 35 if circus.plan_cell is not None else None
            if circus.plan:
                circus.plan = "hire" if circus.plan != "hire" else "funds"
            if circus.step in ("build", "midday"):
                circus.step, circus.plan_tile = "place", "ar16"
            elif circus.step == "place":
                circus.step = "build" if state.stage == "build" else "midday"
    other.starting_pile = list(reversed(other.starting_pile))
    other.advanced_pile = list(reversed(other.advanced_pile))
    other.rng = state.rng ^ 0x5DEECE66D
    return other


def _views_never_depend_on_hidden_information(game: Game[Any, Any], state: LittleCircusesState,
                                               seats: tuple[int | None, ...]) -> None:
    for seat in seats:
        view = game.view(state, seat)
        json.dumps(view, allow_nan=False)
        altered = game.view(_hide_secrets_differently(state, seat), seat)
        assert view == altered, f"the view for seat {seat} reveals hidden information"
        if seat is None:
            assert view["you"] is None
        else:
            assert [t["id"] for t in view["you"]["secret"]] == state.circuses[seat].secret
        for player in view["players"]:
            assert "secret" not in player and "plan" not in player and "step" not in player
        assert not {"starting_pile", "advanced_pile", "rng"} & set(view)


@pytest.mark.parametrize("players", [3, 4])
def test_public_events_never_name_a_face_down_tile_or_an_unresolved_choice(players: int) -> None:
    state = GAME.new_game(default_names(players), {"special_side": "red"}, seed=11)
    rng = chooser_rng(11)
    while not GAME.is_over(state):
        _views_never_depend_on_hidden_information(GAME, state, (None, *range(players)))
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        secret_step = state.circuses[seat].step in ("opening", "build", "midday", "place", "move")
        state, events = GAME.apply(state, seat, action)
        face_down = {tile for circus in state.circuses for tile in circus.secret}
        for event in events:
            if event.private_to is not None:
                assert event.kind == "secret_tile_drawn" and event.private_to == event.data["seat"]
                continue
            assert not face_down & {str(value) for value in event.data.values()}
            text = GAME.describe_event(event, state.players)
            assert "face-down tile is" not in text
        still_collecting = GAME.to_act(state) and state.stage in COLLECTING and not state.circuses[seat].step
        if secret_step and still_collecting:
            assert [e.kind for e in events if e.private_to is None] in ([], ["choice_made"])


def test_simulate_command_plays_500_games_without_error() -> None:
    """The issue's acceptance command, run as a user would."""
    result = subprocess.run([sys.executable, "-m", "rules", "simulate", "little_circuses", "--games", "500",
                             "--seed", "1"], capture_output=True, text=True, check=False,
                            cwd=REPO)
    assert result.stdout.strip().splitlines()[-1] == "500 games finished, 0 errors", result.stdout[-2000:]
    assert result.returncode == 0


def test_red_side_simulation_also_finishes() -> None:
    result = subprocess.run([sys.executable, "-m", "rules", "simulate", "little_circuses", "--games", "60",
                             "--seed", "7", "--option", "special_side=red"], capture_output=True, text=True,
                            check=False, cwd=REPO)
    assert result.stdout.strip().splitlines()[-1] == "60 games finished, 0 errors", result.stdout[-2000:]
