"""Little Circuses as a game definition for the shared contract (rules.core.game.Game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_, listing, tr
from rules.core.errors import InvalidOptions
from rules.core.events import Event
from rules.core.game import Game, Outcome, View
from rules.core.options import OptionSpec, OptionValue
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.little_circuses import auto, flow, scoring, standing, strong, text
from rules.little_circuses.actions import ACTION_TYPES, Action
from rules.little_circuses.explain import explain
from rules.little_circuses.legal import legal_actions
from rules.little_circuses.state import LittleCircusesState
from rules.little_circuses.turn import resolve
from rules.little_circuses.view import view


class LittleCircuses(Game[LittleCircusesState, Action]):
    key = "little_circuses"
    name = N_("Little Circuses")  # marked for the catalogue: shown translated where games are listed
    min_players = 1
    max_players = 7
    option_specs = (
        OptionSpec("special_side", "choice", "blue", N_("Special Attraction cards: blue side (no interaction, "
                                                        "recommended first) or red side (with interaction)."),
                   choices=("blue", "red")),
    )
    state_type = LittleCircusesState
    action_types = ACTION_TYPES
    standing_decisions = standing.DECISIONS

    def check_options(self, options: dict[str, OptionValue], player_count: int) -> None:
        if player_count == 1 and options["special_side"] != "blue":
            raise InvalidOptions(tr("Solo Little Circuses uses only the blue side of the Special Attraction cards."))

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> LittleCircusesState:
        return flow.new_state(players, options, rng)

    def to_act(self, state: LittleCircusesState) -> frozenset[int]:
        return flow.awaited(state)

    def legal_actions(self, state: LittleCircusesState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def resolve(self, state: LittleCircusesState, seat: int, action: Action) -> list[Event]:
        return resolve(state, seat, action)

    def explain_illegal(self, state: LittleCircusesState, seat: int, action: Action) -> str:
        return explain(state, seat, action)

    def view(self, state: LittleCircusesState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: LittleCircusesState) -> Outcome | None:
        return scoring.outcome(state) if state.stage == "over" else None

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        return text.describe_event(event, players)

    def describe_action(self, state: LittleCircusesState, seat: int, action: Action) -> str:
        circus = state.circuses[seat]
        icon = circus.icons[0] if circus.step == "icon" and circus.icons else None
        return text.describe_action(action, state.players, icon, flow.side(state))

    def render_text(self, view: dict[str, Any]) -> str:
        return text.render_text(view)

    def prompt(self, state: LittleCircusesState, seat: int) -> str:
        if state.stage == "over":
            return tr("The game is over.")
        circus = state.circuses[seat]
        if not circus.step:
            names = listing([state.players[s] for s in sorted(flow.awaited(state))])
            return tr("Waiting for {names}.", names=names)
        icon = circus.icons[0] if circus.step == "icon" and circus.icons else None
        return text.prompt(state.players[seat], circus.step, icon)

    def public_prompt(self, state: LittleCircusesState, seat: int) -> str:
        return self.public_waiting(state, seat) or text.public_prompt(self.view(state, None), seat)

    def secret_step(self, state: LittleCircusesState, seat: int) -> bool:
        """Open: choosing a Special Attraction card (in player order, from the cards left face up) and
        answering an action icon (from the bleachers, the face-up tiles and the hands everyone sees).
        Secret: opening night, building and executing, where every seat plans at once in private and the
        plans resolve together."""
        return state.stage not in ("special", "icons")

    def standing_decision(self, view: View) -> str | None:
        return standing.decision(view)

    def standing_choice(self, view: View, legal: Sequence[Action], decision: str, answer: str) -> Action | None:
        return standing.choice(view, legal, decision, answer)

    def auto_action(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return auto.choose(view, legal, rng)

    # ----- the strong player's search (rules.little_circuses.strong) -----------------------------------------
    supports_search = True
    undo_kinds = frozenset({"back"})

    def solo_prospects(self, score: float) -> float:
        return strong.solo_prospects(score)

    def determinize(self, state: LittleCircusesState, seat: int, rng: Rng) -> LittleCircusesState:
        return strong.determinize(state, seat, rng)

    def rollout_action(self, state: LittleCircusesState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return strong.rollout_action(state, seat, legal, rng)

    def evaluate(self, state: LittleCircusesState) -> tuple[float, ...]:
        if state.stage == "over":
            return super().evaluate(state)
        return strong.evaluate(state)

    def search_budget(self, state: LittleCircusesState, seat: int) -> SearchBudget:
        return strong.budget(state, seat)
