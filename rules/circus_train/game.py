"""Circus Train as a game definition for the shared contract (rules.core.game.Game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_, tr
from rules.circus_train import auto, flow, scoring, standing, strong, text
from rules.circus_train.actions import ACTION_TYPES, Action
from rules.circus_train.explain import STEP_WORDS, explain, public_prompt
from rules.circus_train.legal import legal_actions
from rules.circus_train.state import CARD_NAMES, CircusTrainState
from rules.circus_train.turn import resolve
from rules.circus_train.view import view
from rules.core.errors import InvalidOptions
from rules.core.events import Event
from rules.core.game import Game, Outcome, View
from rules.core.options import OptionSpec, OptionValue
from rules.core.rng import Rng
from rules.core.search import SearchBudget


class CircusTrain(Game[CircusTrainState, Action]):
    key = "circus_train"
    name = N_("Circus Train")  # translated where it is shown
    min_players = 1
    max_players = 5
    option_specs = (
        # The descriptions are marked for the catalogue and translated where they are shown (tr(spec.help)).
        OptionSpec("advanced", "bool", False, N_("Advanced Game: Reputation, replaying discards, pocketing wages, "
                                                 "the Rest card, red-lighting and Circus Parades.")),
        OptionSpec("special_characters", "bool", False, N_("Optional rule: the six Special Characters.")),
        OptionSpec("events", "bool", False, N_("Optional rule: five Event cards, one drawn at each month's end.")),
        OptionSpec("easier", "bool", False, N_("Easier variant: no Wages card, no Victory Points; the best "
                                               "single performance wins.")),
    )
    state_type = CircusTrainState
    supports_search = True
    solo_par, solo_spread = strong.SOLO_PAR, strong.SOLO_SPREAD
    action_types = ACTION_TYPES
    standing_decisions = standing.DECISIONS

    def check_options(self, options: dict[str, OptionValue], player_count: int) -> None:
        if options["easier"] and options["advanced"]:
            raise InvalidOptions(tr("The Easier variant drops Victory Points, so it cannot be combined with the "
                                    "Advanced Game."))
        if options["easier"] and options["events"]:
            raise InvalidOptions(tr("The Easier variant is played without Event cards."))
        if options["easier"] and player_count == 1:
            raise InvalidOptions(tr("Solitaire is played for money; the Easier variant needs two or more players."))

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> CircusTrainState:
        state = flow.new_state(players, options, rng)
        state.rng = rng.state
        return state

    def to_act(self, state: CircusTrainState) -> frozenset[int]:
        return frozenset() if state.pending is None else frozenset({state.pending.seat})

    def legal_actions(self, state: CircusTrainState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def resolve(self, state: CircusTrainState, seat: int, action: Action) -> list[Event]:
        return resolve(state, seat, action)

    def explain_illegal(self, state: CircusTrainState, seat: int, action: Action) -> str:
        return explain(state, seat, action)

    def view(self, state: CircusTrainState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: CircusTrainState) -> Outcome | None:
        return None if state.pending is not None else scoring.outcome(state)

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        return text.describe_event(event, players)

    def describe_action(self, state: CircusTrainState, seat: int, action: Action) -> str:
        return text.describe_action(action, state.players)

    def render_text(self, view: dict[str, Any]) -> str:
        return text.render_text(view)

    def prompt(self, state: CircusTrainState, seat: int) -> str:
        pending = state.pending
        if pending is None:
            return tr("The game is over.")
        if pending.seat != seat:
            return tr("Waiting for {name}, who is {step}.", name=state.players[pending.seat],
                      step=tr(STEP_WORDS[pending.kind]))
        words = STEP_WORDS[pending.kind]
        # The card is named unless the step's words (read in English, their source) already name it.
        card = (f" ({text.card_name(pending.card)})" if pending.card and CARD_NAMES[pending.card] not in words
                else "")
        fields = {"name": state.players[seat], "step": tr(words), "card": card}
        if pending.kind == "move":
            return tr("{name}, you are {step}{card}: up to {moves} connections.", moves=pending.moves, **fields)
        if pending.kind == "pick_talent":
            return tr("{name}, you are {step}{card}: {picks} left.", picks=pending.picks, **fields)
        return tr("{name}, you are {step}{card}.", **fields)

    def public_prompt(self, state: CircusTrainState, seat: int) -> str:
        return self.public_waiting(state, seat) or public_prompt(self.view(state, None), seat)

    def secret_step(self, state: CircusTrainState, seat: int) -> bool:
        """Every decision is one seat's, and all but one are built from what the board shows (cities,
        talent, money, reputation, discards). Playing an Action card depends on the hidden hand, which
        everyone can count: with one card left the choice is no secret."""
        pending = state.pending
        return pending is not None and pending.kind == "choose" and len(state.circuses[seat].hand) > 1

    def standing_decision(self, view: View) -> str | None:
        return standing.decision(view)

    def standing_choice(self, view: View, legal: Sequence[Action], decision: str, answer: str) -> Action | None:
        return standing.choice(view, legal, decision, answer)

    def auto_action(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return auto.choose(view, legal, rng)

    # ----- the strong player's search (rules.circus_train.strong) -----------------------------------------
    def determinize(self, state: CircusTrainState, seat: int, rng: Rng) -> CircusTrainState:
        return strong.determinize(state, seat, rng)

    def rollout_action(self, state: CircusTrainState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return strong.rollout_action(state, seat, legal, rng)

    def evaluate(self, state: CircusTrainState) -> tuple[float, ...]:
        if state.pending is None:
            return super().evaluate(state)
        return strong.chances(state)

    def search_budget(self, state: CircusTrainState, seat: int) -> SearchBudget:
        return strong.budget(state, seat)
