"""The game contract. The Discord layer, automatic players, the terminal and tests drive every game
through this class alone, so it stays small and the same for all games.

A game is a plain definition (learned from boardgame.io and OpenSpiel): ``new_game`` builds the
state, ``to_act`` says who is awaited (several seats for simultaneous steps), ``legal_actions``
enumerates each small decision, ``apply`` returns a new state plus structured events, ``view``
strips what a seat may not see, ``outcome`` ranks the players. Legality has one source:
``apply`` accepts exactly the actions ``legal_actions`` lists, and asks the game to explain any
other action in a sentence.

Two declarations let the table spare players decisions that need no one: ``secret_step`` says when a
seat's only legal action may be played for it at once without telling the others anything (a forced
move), and ``standing_decisions`` with ``standing_decision``/``standing_choice`` declare the decisions
outside a player's own turn that may be answered in advance (standing answers).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from lang import listing, tr
from rules.core import serial
from rules.core.clone import clone
from rules.core.errors import IllegalAction, InvalidOptions, MalformedAction, NotYourTurn, quote
from rules.core.events import Event
from rules.core.options import OptionSpec, OptionValue, validate_options
from rules.core.rng import Rng
from rules.core.search import SearchBudget
from rules.core.standing import StandingDecision

View = dict[str, Any]


class GameState(Protocol):
    """What every game's state offers to shared code."""

    players: list[str]
    options: dict[str, OptionValue]


class GameAction(Protocol):
    """Actions are frozen dataclasses with a class-level ``kind`` naming them in JSON."""

    @property
    def kind(self) -> str: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=GameAction)


@dataclass(frozen=True)
class Outcome:
    """Final result. ``ranking`` lists places best first; seats still tied after every
    tie-breaker share a place. ``lines`` explain the final scoring; ``result`` names a solo
    rating where the game has one."""

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    lines: tuple[str, ...] = ()
    result: str | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()


def seat_name(state: GameState, seat: int) -> str:
    """The seat's player name ("seat 3" for a seat that does not exist)."""
    return state.players[seat] if 0 <= seat < len(state.players) else tr("seat {number}", number=seat + 1)


def rank_by(keys: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Places from per-seat sort keys (higher is better), ties kept together."""
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    places: list[list[int]] = []
    for seat in order:
        if places and keys[places[-1][0]] == keys[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return tuple(tuple(place) for place in places)


class Game(ABC, Generic[S, A]):
    """Subclasses set the class attributes and implement the abstract methods."""

    key: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    state_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Any], ...]]
    standing_decisions: ClassVar[tuple[StandingDecision, ...]] = ()
    """The decisions outside a player's own turn that a player may answer in advance (none by default)."""

    # ----- creation ---------------------------------------------------------------------------
    def new_game(self, players: Sequence[str], options: Mapping[str, object], seed: int) -> S:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                tr("{game} is played by {minimum} to {maximum} players, not {count}.", game=self.name,
                   minimum=self.min_players, maximum=self.max_players, count=len(players))
            )
        parsed = validate_options(self.option_specs, options)
        self.check_options(parsed, len(players))
        return self.setup(list(players), parsed, Rng.from_seed(seed))

    def check_options(self, options: dict[str, OptionValue], player_count: int) -> None:
        """Refuse option combinations the rulebook does not allow (raise InvalidOptions)."""

    @abstractmethod
    def setup(self, players: list[str], options: dict[str, OptionValue], rng: Rng) -> S: ...

    # ----- play -------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every action ``seat`` may take now, in a stable order; empty for a seat not awaited."""

    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """Validate, then return the new state and what happened. ``state`` is never modified, and the new
        state shares no list, dict or state object with it (``clone``), so the game's history (replays,
        take-backs, earlier states kept by callers) stays as it was."""
        if self.is_over(state):
            raise IllegalAction(tr("This game is over."))
        if seat not in self.to_act(state):
            raise NotYourTurn(self.explain_waiting(state, seat))
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self.explain_illegal(state, seat, action))
        new_state = clone(state)
        events = self.resolve(new_state, seat, action)
        return new_state, events

    @abstractmethod
    def resolve(self, state: S, seat: int, action: A) -> list[Event]:
        """Carry out a legal action on ``state`` in place."""

    @abstractmethod
    def explain_illegal(self, state: S, seat: int, action: A) -> str:
        """The specific sentence for an action that is not legal now."""

    def explain_waiting(self, state: S, seat: int) -> str:
        awaited = sorted(self.to_act(state))
        if not 0 <= seat < len(state.players):
            return tr("You are not seated in this game.")
        names = listing([state.players[s] for s in awaited])
        return tr("It is not your turn: the game is waiting for {names}.", names=names)

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def can_take_back_alone(self, before: S, after: S, seat: int, events: Sequence[Event]) -> bool:
        """Whether ``seat`` may take back the step from ``before`` to ``after`` without the others'
        agreement: it drew no randomness (the ``rng`` state is unchanged), told nobody anything
        privately, and was not part of a simultaneous step (whose end reveals the others' hidden
        choices). Games may refine this; being stricter is always safe."""
        drew = getattr(before, "rng", None) != getattr(after, "rng", None)
        told = any(event.private_to is not None for event in events)
        simultaneous = len(self.to_act(before)) > 1
        return not (drew or told or simultaneous) and self.to_act(before) == frozenset({seat})

    def take_back_peeks(self, before: S, after: S, seat: int, events: Sequence[Event]) -> bool:
        """Whether taking the step from ``before`` to ``after`` back would let a player peek: it drew
        randomness (a card, a roll, a shuffle) or told someone something privately, so choosing again
        would be choosing with knowledge of what comes. Such a step is never taken back, in solo games
        too. Being stricter is always safe; a game may relax it for private events that only echo the
        acting seat's own choice."""
        drew = getattr(before, "rng", None) != getattr(after, "rng", None)
        return drew or any(event.private_to is not None for event in events)

    # ----- decisions that need no one ---------------------------------------------------------
    def secret_step(self, state: S, seat: int) -> bool:
        """Whether the awaited ``seat``'s current decision is part of a secret or simultaneous step: one
        where playing its only legal action at once would tell the others something they cannot see —
        that its hidden hand, screen or plan leaves it a single choice, or (in a step every seat answers
        at once) that it had no choice at all. In such a step a seat with one legal action waits like
        any other seat and its answer resolves with the step. A step is open (False) only when the
        number of the seat's legal actions follows from the spectator view alone and the step is not
        answered simultaneously. The default says every step is secret: being stricter is always safe,
        and a game that does not refine this never has a move played for a player."""
        return True

    def standing_decision(self, view: View) -> str | None:
        """The key of the declared standing decision (``standing_decisions``) that the seat whose view
        this is faces now, or None. Read from that seat's own view only."""
        return None

    def standing_choice(self, view: View, legal: Sequence[A], decision: str, answer: str) -> A | None:
        """The action a standing ``answer`` to ``decision`` gives now, chosen from the seat's own view and
        legal actions only (like the automatic player, it never sees what its owner could not), or None
        when the answer does not fit this moment (the seat is then asked as usual)."""
        return None

    # ----- seeing -----------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` (or a spectator, for None) may see, as JSON data."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final scores and ranking once the game is over, else None."""

    @abstractmethod
    def describe_event(self, event: Event, players: Sequence[str]) -> str:
        """One sentence for the log, the thread and the terminal."""

    @abstractmethod
    def describe_action(self, state: S, seat: int, action: A) -> str:
        """A short label for a menu or autocomplete entry."""

    @abstractmethod
    def render_text(self, view: View) -> str:
        """The view as plain text (the terminal, and a text alternative to the board image)."""

    @abstractmethod
    def prompt(self, state: S, seat: int) -> str:
        """What ``seat`` is being asked to decide right now, in one sentence. PRIVATE: it may name the
        seat's hand, running show, wagon or effect, so it is shown only to that seat."""

    def public_prompt(self, state: S, seat: int) -> str:
        """What ``seat`` is deciding, safe to show everyone: one sentence starting with the seat's name,
        without a trailing period (the table appends to it), built only from what the spectator view
        (``view(state, None)``) shows. Games refine this default; it must never use a hand, a running
        private show, a wagon, a bid, face-down tiles, draft picks or a privately decided effect."""
        waiting = self.public_waiting(state, seat)
        return waiting if waiting is not None else tr("{name} is deciding", name=seat_name(state, seat))

    def public_waiting(self, state: S, seat: int) -> str | None:
        """The public prompt of a seat that is not awaited (None when ``seat`` is awaited): who the game
        waits for, or that it is over. Built from ``to_act``, which every spectator view shows."""
        awaited = self.to_act(state)
        if seat in awaited:
            return None
        name = seat_name(state, seat)
        if not awaited:
            return tr("{name} has finished: the game is over", name=name)
        return tr("{name} is waiting for {names}", name=name,
                  names=listing([seat_name(state, s) for s in sorted(awaited)]))

    # ----- automatic player -------------------------------------------------------------------
    @abstractmethod
    def auto_action(self, view: View, legal: Sequence[A], rng: Rng) -> A:
        """Choose from the seat's view and legal actions only; never from hidden state."""

    # The strong player's search (``rules.core.search``) asks four things of a game. A game that does not
    # declare ``determinize`` has no strong level: its strong seats play as ``normal``.
    supports_search: ClassVar[bool] = False

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A complete state that ``seat`` cannot tell from ``state``: everything its view shows kept, and
        everything it cannot see (other hands, deck and bag order, face-down tiles, other seats' pending
        secret choices, the future of the game's own random generator) drawn afresh from ``rng`` among what
        is consistent with its view. The result must be a function of ``view(state, seat)`` and ``rng``
        alone: two states with the same view give the same sample (a test per game proves it)."""
        raise NotImplementedError(f"{self.name} has no determinizer")

    def rollout_action(self, state: S, seat: int, legal: Sequence[A], rng: Rng) -> A:
        """The move played for ``seat`` inside the search's rollouts, on a sampled state (so it may read
        all of it). The default is the heuristic player on the seat's view."""
        return self.auto_action(self.view(state, seat), legal, rng)

    def evaluate(self, state: S) -> tuple[float, ...]:
        """Each seat's prospects in [0, 1] (about its chance to win) where a rollout stops. A finished game
        is judged by its outcome: a win is 1, shared among tied winners; games refine the unfinished case."""
        outcome = self.outcome(state)
        count = len(state.players)
        if outcome is None:
            return tuple(1.0 / count for _ in range(count))
        if count == 1:  # a game of one is won by degrees: its score against the game's solo chart
            return (self.solo_prospects(outcome.scores[0]),)
        winners = outcome.winners
        return tuple((1.0 / len(winners) if seat in winners else 0.0) for seat in range(count))

    undo_kinds: ClassVar[frozenset[str]] = frozenset()
    """Kinds of action that only take back the seat's own step before it is done (Little Circuses' "back" from
    placing a tile to choosing the build again). The strong player never chooses one while anything else is legal:
    its estimates of the step and of its undoing are close, and choosing by them could go back and forth for ever."""

    solo_par: ClassVar[float] = 50.0
    solo_spread: ClassVar[float] = 20.0

    def solo_prospects(self, score: float) -> float:
        """How good a final (or estimated final) ``score`` of a game of one is, in [0, 1]: a logistic curve
        that passes one half at ``solo_par``, the middle of the game's solo chart, and rises over about
        ``solo_spread`` points. Without it every choice of a solo game would look like a sure win."""
        return 1.0 / (1.0 + math.exp(-(score - self.solo_par) / self.solo_spread))

    def search_budget(self, state: S, seat: int) -> SearchBudget:
        """The iterations and rollout horizon of a strong decision here (games tune it)."""
        return SearchBudget()

    # ----- serialisation ----------------------------------------------------------------------
    def state_to_json(self, state: S) -> Any:
        return serial.to_json(state)

    def state_from_json(self, data: Any) -> S:
        result: S = serial.from_json(self.state_type, data)
        return result

    def action_to_json(self, action: A) -> dict[str, Any]:
        if not is_dataclass(action):
            raise TypeError("actions are dataclasses")
        return {"kind": action.kind, **{f.name: serial.to_json(getattr(action, f.name))
                                                      for f in fields(action)}}

    def action_from_json(self, data: object) -> A:
        """Parse an untrusted action; a bad shape becomes a MalformedAction sentence. Whole numbers beyond
        ±MAX_ACTION_INT, text longer than MAX_ACTION_TEXT characters and deep or long nesting are refused
        before parsing: no legal action needs them."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise MalformedAction(tr("That action could not be understood."))
        kind: str = data["kind"]
        by_kind = {cls.kind: cls for cls in self.action_types}
        cls = by_kind.get(kind)
        if cls is None:
            raise MalformedAction(tr("{game} has no action called {kind}.", game=self.name, kind=quote(kind)))
        body = {key: value for key, value in data.items() if key != "kind"}
        if not _within_bounds(body):
            raise MalformedAction(tr("That {kind} action holds a number, text or list too large to be a choice.",
                                     kind=kind))
        try:
            action: A = serial.from_json(cls, body)
        except (serial.ShapeError, TypeError) as error:
            raise MalformedAction(tr("That {kind} action could not be understood.", kind=kind)) from error
        return action


MAX_ACTION_INT = 10**9
MAX_ACTION_TEXT = 200
_MAX_ACTION_ITEMS = 64
_MAX_ACTION_DEPTH = 6


def _within_bounds(data: object) -> bool:
    """Whether untrusted action data stays within the sizes any legal action has (checked without
    recursion, so arbitrarily deep nesting is refused rather than crashing)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > _MAX_ACTION_DEPTH:
            return False
        if isinstance(value, bool) or value is None or isinstance(value, float):
            continue
        if isinstance(value, int):
            if not -MAX_ACTION_INT <= value <= MAX_ACTION_INT:
                return False
        elif isinstance(value, str):
            if len(value) > MAX_ACTION_TEXT:
                return False
        elif isinstance(value, (list, tuple)):
            if len(value) > _MAX_ACTION_ITEMS:
                return False
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, dict):
            if len(value) > _MAX_ACTION_ITEMS:
                return False
            stack.extend((key, depth + 1) for key in value)
            stack.extend((item, depth + 1) for item in value.values())
        else:
            return False
    return True
