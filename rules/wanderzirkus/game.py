"""Der Wanderzirkus as a game definition for the shared contract (rules.core.game.Game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_, tr
from rules.core.errors import InvalidOptions
from rules.core.events import Event
from rules.core.game import Game, Outcome, View
from rules.core.options import OptionSpec, OptionValue
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.wanderzirkus import auto, board_text, flow, standing, strong, text
from rules.wanderzirkus.actions import ACTION_TYPES, Action
from rules.wanderzirkus.explain import explain, prompt, public_prompt
from rules.wanderzirkus.legal import legal_actions, to_act
from rules.wanderzirkus.outcome import outcome
from rules.wanderzirkus.state import WanderzirkusState
from rules.wanderzirkus.turn import resolve
from rules.wanderzirkus.view import view


class Wanderzirkus(Game[WanderzirkusState, Action]):
    key = "wanderzirkus"
    name = N_("Der Wanderzirkus")  # a proper name, translated where it is shown
    min_players = 1
    max_players = 6
    option_specs = (
        # The descriptions are shown through the catalogue where the options are listed (tr(spec.description)).
        OptionSpec("simplified", "bool", False, N_("Simplified game: stop signs are ignored, no announcement, and a "
                                                   "used swap token comes back free after each show.")),
        OptionSpec("pro", "bool", False,
                   N_("Pro mode: fulfilled cities are kept; 2 VP per different region at the end.")),
    )
    state_type = WanderzirkusState
    action_types = ACTION_TYPES
    standing_decisions = standing.DECISIONS

    def check_options(self, options: dict[str, OptionValue], player_count: int) -> None:
        """The Pro mode adds its scoring to "all rules of the normal game", so it is not played on top of
        the Simplified game. One player is the Solo game, with any other option."""
        if options["simplified"] and options["pro"]:
            raise InvalidOptions(tr("The Pro mode is played with all rules of the normal game, so it cannot be "
                                    "combined with the Simplified game."))

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> WanderzirkusState:
        return flow.new_state(players, options, rng)

    def to_act(self, state: WanderzirkusState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: WanderzirkusState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def resolve(self, state: WanderzirkusState, seat: int, action: Action) -> list[Event]:
        return resolve(state, seat, action)

    def explain_illegal(self, state: WanderzirkusState, seat: int, action: Action) -> str:
        return explain(state, seat, action)

    def view(self, state: WanderzirkusState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: WanderzirkusState) -> Outcome | None:
        return outcome(state) if state.phase == "over" else None

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        return text.describe_event(event.kind, event.data, players)

    def describe_action(self, state: WanderzirkusState, seat: int, action: Action) -> str:
        return text.describe_action(state, seat, action)

    def render_text(self, view: dict[str, Any]) -> str:
        return board_text.render_text(view)

    def prompt(self, state: WanderzirkusState, seat: int) -> str:
        return prompt(state, seat)

    def public_prompt(self, state: WanderzirkusState, seat: int) -> str:
        return self.public_waiting(state, seat) or public_prompt(self.view(state, None), seat)

    def secret_step(self, state: WanderzirkusState, seat: int) -> bool:
        """Open: taking a pair in the travel phase, the Spend Coins menu, and keeping one of the artists or
        cities drawn for a purchase: how many choices each has follows from what everyone sees (the pairs
        on the table; the coins, swap tokens and stacks; two cards drawn, or the one the stack had left),
        even when the cards themselves are private. Secret: the set-up picks and the shows (simultaneous
        and hidden) and the announcement (made with the hand seen)."""
        return state.phase not in ("travel", "spend")

    def standing_decision(self, view: View) -> str | None:
        return standing.decision(view)

    def standing_choice(self, view: View, legal: Sequence[Action], decision: str, answer: str) -> Action | None:
        return standing.choice(view, legal, decision, answer)

    def auto_action(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return auto.choose(view, legal, rng)

    # The strong level's search (rules.core.search); see rules/wanderzirkus/strong.py.
    supports_search = True
    solo_par, solo_spread = strong.SOLO_PAR, strong.SOLO_SPREAD

    def determinize(self, state: WanderzirkusState, seat: int, rng: Rng) -> WanderzirkusState:
        return strong.determinize(state, seat, rng)

    def rollout_action(self, state: WanderzirkusState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return strong.rollout_action(state, seat, legal, rng)

    def evaluate(self, state: WanderzirkusState) -> tuple[float, ...]:
        if state.phase == "over":
            return super().evaluate(state)
        return strong.evaluate(state)

    def search_budget(self, state: WanderzirkusState, seat: int) -> SearchBudget:
        return strong.search_budget(state, seat)
