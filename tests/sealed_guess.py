"""A tiny simultaneous game for testing the shared table without depending on any circus game's
content: every seat secretly picks a number from 1 to 3 each round; the highest distinct pick scores.
It follows the whole rules contract (rules.core.game.Game), so the table treats it as any real game."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from rules.core.events import Event
from rules.core.game import Game, Outcome, rank_by
from rules.core.options import OptionValue
from rules.core.rng import Rng
from rules.registry import GAMES
from table.kits import KITS, GameKit

ROUNDS = 2


@dataclass
class GuessState:
    players: list[str]
    options: dict[str, OptionValue]
    round: int = 1
    picks: list[int | None] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Pick:
    number: int
    kind = "pick"


class SealedGuess(Game[GuessState, Pick]):
    key = "sealed_guess"
    name = "Sealed Guess"
    min_players = 2
    max_players = 4
    option_specs = ()
    state_type = GuessState
    action_types = (Pick,)

    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> GuessState:
        return GuessState(players, options, picks=[None] * len(players), scores=[0] * len(players))

    def to_act(self, state: GuessState) -> frozenset[int]:
        if state.round > ROUNDS:
            return frozenset()
        return frozenset(seat for seat, pick in enumerate(state.picks) if pick is None)

    def legal_actions(self, state: GuessState, seat: int) -> list[Pick]:
        return [Pick(n) for n in (1, 2, 3)] if seat in self.to_act(state) else []

    def resolve(self, state: GuessState, seat: int, action: Pick) -> list[Event]:
        state.picks[seat] = action.number
        events = [Event("picked", {"seat": seat}), Event("my_pick", {"number": action.number}, private_to=seat)]
        if all(pick is not None for pick in state.picks):
            picks = [pick or 0 for pick in state.picks]
            distinct = [p for p in picks if picks.count(p) == 1]
            if distinct:
                winner = picks.index(max(distinct))
                state.scores[winner] += 1
            events.append(Event("revealed", {"picks": picks}))
            state.round += 1
            state.picks = [None] * len(state.players)
        return events

    def explain_illegal(self, state: GuessState, seat: int, action: Pick) -> str:
        return "Pick a number from 1 to 3."

    def view(self, state: GuessState, seat: int | None) -> dict[str, Any]:
        mine = None if seat is None else state.picks[seat]
        return {"round": state.round, "scores": list(state.scores), "my_pick": mine,
                "waiting": sorted(self.to_act(state))}

    def outcome(self, state: GuessState) -> Outcome | None:
        if self.to_act(state):
            return None
        return Outcome(tuple(state.scores), rank_by([(score,) for score in state.scores]))

    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        if event.kind == "picked":
            return f"{players[event.data['seat']]} has picked."
        if event.kind == "my_pick":
            return f"You picked {event.data['number']}."
        return "The picks are revealed: " + ", ".join(map(str, event.data["picks"])) + "."

    def take_back_peeks(self, before: GuessState, after: GuessState, seat: int, events: Sequence[Event]) -> bool:
        # "You picked 2" only echoes the seat's own choice: picking again teaches nothing new.
        return any(event.private_to is not None and event.kind != "my_pick" for event in events)

    def describe_action(self, state: GuessState, seat: int, action: Pick) -> str:
        return f"Pick {action.number}"

    def render_text(self, view: dict[str, Any]) -> str:
        return f"Round {view['round']}; scores {view['scores']}"

    def prompt(self, state: GuessState, seat: int) -> str:
        return "Pick a number from 1 to 3."

    def auto_action(self, view: dict[str, Any], legal: Sequence[Pick], rng: Rng) -> Pick:
        return legal[rng.below(len(legal))]


def draw_text(view: dict[str, Any]) -> bytes:
    """A small PNG of the view's text: enough of a board for a test game."""
    image = Image.new("RGB", (320, 40), "white")
    ImageDraw.Draw(image).text((8, 12), SealedGuess().render_text(view), fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def picture(view: dict[str, Any]) -> Image.Image:
    with Image.open(io.BytesIO(draw_text(view))) as drawn:
        return drawn.convert("RGB")


def register(monkeypatch: Any) -> None:
    """Host Sealed Guess for one test: its rules in the registry, its kit at the table."""
    game = SealedGuess()
    monkeypatch.setitem(GAMES, SealedGuess.key, game)
    monkeypatch.setitem(KITS, SealedGuess.key, GameKit(game, draw_text, draw_text, game.render_text, game.render_text,
                                                       picture))
