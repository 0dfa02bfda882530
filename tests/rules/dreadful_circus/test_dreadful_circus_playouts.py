"""Seeded playouts of Dreadful Circus for 4 to 8 players, with and without the Draft variant,
checked against the shared contract at every step (JSON round trip, views, legal actions, events,
replay), plus the proof that no view or public event shows a hand, a screen or a wagon to anyone
who may not see it — declined bids included."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.clone import clone
from rules.core.events import Event
from rules.dreadful_circus.content import CONTRACT_TYPES, load_content
from rules.dreadful_circus.game import DreadfulCircus
from rules.dreadful_circus.state import DreadfulCircusState, Wagon

from harness import all_option_combinations, automatic_wins, check_events, check_state, random_playout
from repo_paths import REPO

GAME = DreadfulCircus()
COMBINATIONS = list(all_option_combinations(GAME))
# Every player count plays whole games without the draft; the draft changes only the set-up, so whole
# drafted games run at 5 and 8 players and the drafted set-up itself at every count (below).
CASES = [(players, options) for options in COMBINATIONS for players in range(4, 9)
         if not options["draft"] or players in (5, 8)]
ALL_CARDS = list(load_content().cards)


def _label(options: dict[str, Any]) -> str:
    return "draft" if options["draft"] else "basic"


def _other_cards(cards: list[str], shift: int) -> list[str]:
    return [ALL_CARDS[(ALL_CARDS.index(card) + shift) % len(ALL_CARDS)] for card in cards]


def _other_wagon(wagon: Wagon) -> None:
    wagon.coins = {"gold": 5} if wagon.coins != {"gold": 5} else {"copper": 1}
    wagon.contracts = {"london": 4}


def _exposed(state: DreadfulCircusState) -> bool:
    return state.phase in ("ending", "over")


def _hide_secrets_differently(state: DreadfulCircusState, seat: int | None) -> DreadfulCircusState:
    """The same position with every secret ``seat`` may not know replaced by something else."""
    other = clone(state)
    looking = None
    if state.phase == "sell":
        offer = state.offers[state.selling]
        looking = offer.inspecting if offer.seller == seat else None
    for index, player in enumerate(other.seats):
        if index == seat:
            continue
        player.hand = _other_cards(player.hand, 7)
        player.packet = _other_cards(player.packet, 5)
        player.drafted = _other_cards(player.drafted, 3)
        if player.choice is not None:
            player.choice = ALL_CARDS[(ALL_CARDS.index(player.choice) + 1) % len(ALL_CARDS)] if player.choice else "c01"
        if not _exposed(state):
            player.coins = {"copper": 9, "silver": 0, "gold": 4}
            player.contracts = {kind: 3 for kind in CONTRACT_TYPES}
        if player.wagon is not None and index != looking:
            _other_wagon(player.wagon)
    for task in other.tasks:
        for owner, wagon in task.loaded.items():
            if owner != seat and not (task.seat == seat and not task.loaders):
                _other_wagon(wagon)
    other.deck = list(reversed(other.deck))
    other.bag = ["paris"] * len(other.bag)
    other.rng = state.rng ^ 0x5DEECE66D
    return other


def views_never_depend_on_hidden_information(state: DreadfulCircusState) -> None:
    for seat in [None, *range(len(state.players))]:
        shown = json.dumps(GAME.view(state, seat), sort_keys=True)
        altered = json.dumps(GAME.view(_hide_secrets_differently(state, seat), seat), sort_keys=True)
        assert shown == altered, f"the view for seat {seat} reveals hidden information in phase {state.phase}"


# Public events may name coins only for what a card takes from the open supply, and screens only
# at the exposure; hands and wagon contents never.
_PUBLIC_COINS = {"coins_gained", "exposure"}


def public_events_keep_secrets(events: list[Event]) -> None:
    for event in events:
        if event.private_to is not None:
            continue
        assert "cards" not in event.data, event
        assert "contracts" not in event.data or event.kind == "exposure", event
        assert "coins" not in event.data or event.kind in _PUBLIC_COINS, event


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{p}p-{_label(o)}" for p, o in CASES])
def test_random_playout_finishes_and_keeps_the_contract(players: int, options: dict[str, Any]) -> None:
    final, log = random_playout(GAME, players, options, seed=players * 31 + int(options["draft"]),
                                each_step=views_never_depend_on_hidden_information)
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.lines) == players
    assert all(not seat.hand for seat in final.seats)  # the rest of every hand is discarded
    assert len(log) > 10 * players


def test_variant_list_covers_the_draft() -> None:
    assert [_label(options) for options in COMBINATIONS] == ["basic", "draft"]


@pytest.mark.parametrize("players", range(4, 9))
def test_the_drafted_set_up_keeps_the_contract_at_every_count(players: int) -> None:
    game_seed = 40 + players
    state = GAME.new_game(default_names(players), {"draft": True}, game_seed)
    rng = chooser_rng(game_seed)
    steps = 0
    while state.phase in ("draft", "start"):
        check_state(GAME, state, f"{players}p draft, step {steps}")
        views_never_depend_on_hidden_information(state)
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        state, events = GAME.apply(state, seat, action)
        check_events(GAME, state, events, f"{players}p draft, step {steps}")
        public_events_keep_secrets(events)
        steps += 1
    hand = {4: 7, 5: 7, 6: 7, 7: 6, 8: 6}[players]  # the dealt hand less the starting Attraction
    assert state.phase == "offer" and all(len(seat.hand) == hand for seat in state.seats)
    assert steps == players * ({4: 8, 5: 8, 6: 8, 7: 7, 8: 7}[players] - 1) + players


@pytest.mark.parametrize("players", [4, 5, 8])
def test_public_events_never_show_hands_screens_or_wagons(players: int) -> None:
    """Every public event of a whole game; the views are checked at every step by the playouts."""
    state = GAME.new_game(default_names(players), {"draft": players == 5}, seed=11)
    rng = chooser_rng(11)
    declined = 0
    while not GAME.is_over(state):
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=False)
        state, events = GAME.apply(state, seat, action)
        public_events_keep_secrets(events)
        declined += sum(event.kind == "bid_declined" for event in events)
        for event in events:
            if event.kind == "wagon_contents":
                assert event.private_to == event.data["seat"]
    views_never_depend_on_hidden_information(state)
    assert not [line for line in GAME.render_text(GAME.view(state, None)).splitlines() if line.startswith("Your ")]
    assert declined > 0  # declined bids happened, and their contents never showed


@pytest.mark.parametrize("seed", range(4))
def test_automatic_players_finish_games(seed: int) -> None:
    final, _ = random_playout(GAME, 4 + seed, {"draft": seed % 2 == 1}, seed, auto=True, check_every_step=False)
    assert GAME.outcome(final) is not None


@pytest.mark.parametrize("players", [4, 6])
def test_automatic_player_beats_random_play(players: int) -> None:
    """Seat 0 bids and sells automatically against random opponents; it should win most games
    (a random seat wins 1 in ``players``)."""
    assert automatic_wins(GAME, players, lambda seed: {}, range(10)) >= 10 * 7 // 10


def test_simulate_command_plays_500_games_without_error() -> None:
    """The issue's acceptance command, run as a user would."""
    result = subprocess.run([sys.executable, "-m", "rules", "simulate", "dreadful_circus", "--games", "500",
                             "--seed", "1"], capture_output=True, text=True, check=False,
                            cwd=REPO)
    assert result.stdout.strip().splitlines()[-1] == "500 games finished, 0 errors", result.stdout[-2000:]
    assert result.returncode == 0
