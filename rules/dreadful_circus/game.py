"""Dreadful Circus as a game definition for the shared contract (rules.core.game.Game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lang import N_, listing, tr, trn
from rules.core.events import Event
from rules.core.game import Game, Outcome, View
from rules.core.options import OptionSpec, OptionValue
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.dreadful_circus import auto, effects, flow, scoring, standing, strong, text
from rules.dreadful_circus.actions import ACTION_TYPES, Action
from rules.dreadful_circus.explain import explain
from rules.dreadful_circus.legal import legal_actions, to_act
from rules.dreadful_circus.state import BID, DRAFT, FINAL, OFFER, OVER, SELL, START, DreadfulCircusState
from rules.dreadful_circus.turn import resolve
from rules.dreadful_circus.view import view

# What the awaited player does for the card being resolved ("Ada, Fire Breather: discard ...").
_TASK_WORDS = {
    "load_take": N_("Load the Wagon"), "load_keep": N_("Load the Wagon"), "play_card": N_("play a card from your hand"),
    "swap_contracts": N_("return Contracts to the bag"),
    "discard_attraction": N_("discard another player's Attraction"),
    "crystal_balls": N_("discard another player's Attraction"), "steal_collection": N_("take a Collection card"),
    "copy_own": N_("choose a card to copy"), "copy_other": N_("choose a card to copy"),
}


class DreadfulCircus(Game[DreadfulCircusState, Action]):
    key = "dreadful_circus"
    name = N_("Dreadful Circus")  # a proper name, translated where it is shown
    min_players = 4
    max_players = 8
    option_specs = (
        OptionSpec("draft", "bool", False, N_("Draft variant: pick the starting hand one card at a time, "
                                              "passing the rest to the left.")),
    )
    state_type = DreadfulCircusState
    action_types = ACTION_TYPES
    standing_decisions = standing.DECISIONS

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> DreadfulCircusState:
        return flow.new_state(players, options, rng)

    def to_act(self, state: DreadfulCircusState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: DreadfulCircusState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def resolve(self, state: DreadfulCircusState, seat: int, action: Action) -> list[Event]:
        return resolve(state, seat, action)

    def explain_illegal(self, state: DreadfulCircusState, seat: int, action: Action) -> str:
        return explain(state, seat, action)

    def view(self, state: DreadfulCircusState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: DreadfulCircusState) -> Outcome | None:
        return scoring.outcome(state) if state.phase == OVER else None

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        return text.describe_event(event, players)

    def describe_action(self, state: DreadfulCircusState, seat: int, action: Action) -> str:
        return text.describe_action(action, state.players)

    def render_text(self, view: dict[str, Any]) -> str:
        return text.render_text(view)

    def prompt(self, state: DreadfulCircusState, seat: int) -> str:
        awaited = to_act(state)
        if not awaited:
            return tr("The game is over.")
        if seat not in awaited:
            names = listing([state.players[s] for s in sorted(awaited)])
            return trn("Waiting for {names}, who is {doing}.", "Waiting for {names}, who are {doing}.", len(awaited),
                       names=names, doing=text.phase_words(state.phase))
        name = state.players[seat]
        if state.phase == "bid":
            return tr("{name}, fill your wagon with coins and Contracts, choose an Offer, then place it.", name=name)
        if state.phase == "sell":
            offer = state.offers[state.selling]
            if offer.inspecting is not None:
                return tr("{name}, accept or decline {owner}'s bid.", name=name, owner=state.players[offer.inspecting])
            return tr("{name}, choose a wagon next to {card} to look into.", name=name,
                      card=text.card_name(offer.card))
        if state.tasks:
            task = state.tasks[0]
            return tr("{name}, {card}: {task}.", name=name, card=text.card_name(task.card),
                      task=tr(_TASK_WORDS[task.kind]))
        return tr("{name}, you are {doing}.", name=name, doing=text.phase_words(state.phase))

    def public_prompt(self, state: DreadfulCircusState, seat: int) -> str:
        return self.public_waiting(state, seat) or text.public_prompt(self.view(state, None), seat)

    def secret_step(self, state: DreadfulCircusState, seat: int) -> bool:
        """Open: a Seller choosing which wagon to look into (the wagons beside an Offer are public), and the
        card effects that choose among the Tableaux or the loaded wagons. Secret: the draft, the starting
        and final Attractions, the Offers and the bids (simultaneous and hidden), and every effect decided
        from a hand or from behind a screen (playing a card, returning Contracts, loading a wagon)."""
        if state.phase in (DRAFT, START, FINAL, OFFER, BID):
            return True
        if state.phase == SELL:
            return False
        if not state.tasks:
            return True
        task = state.tasks[0]
        if task.kind in effects.LOAD_KINDS:
            return bool(task.loaders)
        return task.kind in ("play_card", "swap_contracts")

    def standing_decision(self, view: View) -> str | None:
        return standing.decision(view)

    def standing_choice(self, view: View, legal: Sequence[Action], decision: str, answer: str) -> Action | None:
        return standing.choice(view, legal, decision, answer)

    def auto_action(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        return auto.choose(view, legal, rng)

    # ----- the strong automatic player's search (rules.dreadful_circus.strong) -------------------------
    supports_search = True

    def determinize(self, state: DreadfulCircusState, seat: int, rng: Rng) -> DreadfulCircusState:
        return strong.determinize(state, seat, rng)

    def rollout_action(self, state: DreadfulCircusState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return strong.heuristic_action(state, seat, legal, rng)

    def evaluate(self, state: DreadfulCircusState) -> tuple[float, ...]:
        if state.phase == OVER:
            return strong.finished(super().evaluate(state), state)
        return strong.evaluate(state)

    def search_budget(self, state: DreadfulCircusState, seat: int) -> SearchBudget:
        return strong.budget(state, seat)
