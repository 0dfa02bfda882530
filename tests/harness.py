"""Game-agnostic test helpers: seeded playouts that check the shared contract at every step.

Every game's tests can call ``random_playout`` over many seeds and every variant from
``all_option_combinations``. Seats and actions are chosen exactly as ``python -m rules simulate``
chooses them, so a game that fails there with seed X fails here with seed X too.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.errors import InvalidOptions
from rules.core.events import Event
from rules.core.game import Game
from rules.core.options import OptionValue

AnyGame = Game[Any, Any]
ActionLog = list[tuple[int, dict[str, Any]]]


class ContractViolation(AssertionError):
    """The game broke the shared contract; the message says at which seed and step."""


def random_playout(game: AnyGame, players: Sequence[str] | int, options: Mapping[str, object], seed: int,
                   *, check_every_step: bool = True, auto: bool = False,
                   max_steps: int = 20000,
                   each_step: Callable[[Any], None] | None = None) -> tuple[Any, ActionLog]:
    """Play one seeded game to its end; returns the final state and the log of (seat, action JSON).

    With ``check_every_step``, every state, view, legal action and event is checked against the
    contract, and at the end the log is replayed from ``new_game`` to the same final state.
    ``each_step`` is called with every state reached (game-specific checks, such as hidden information).
    """
    names = default_names(players) if isinstance(players, int) else list(players)
    state = game.new_game(names, options, seed)
    rng = chooser_rng(seed)
    log: ActionLog = []
    while not game.is_over(state):
        where = f"seed {seed}, step {len(log)}"
        if len(log) >= max_steps:
            raise ContractViolation(f"{where}: the game did not end within {max_steps} steps")
        before = check_state(game, state, where) if check_every_step else None
        if each_step is not None:
            each_step(state)
        seat = pick_seat(game, state, rng)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ContractViolation(f"{where}: seat {seat} is awaited but has no legal action")
        action = pick_action(game, state, seat, legal, rng, auto=auto)
        state = _apply_checked(game, state, seat, action, where=f"{where} (seat {seat})", before=before)
        log.append((seat, game.action_to_json(action)))
    if each_step is not None:
        each_step(state)
    if check_every_step:
        check_final(game, state, f"seed {seed}, end")
        check_replay(game, names, options, seed, log=log, final=state)
    return state, log


def automatic_wins(game: AnyGame, players: int, options: Callable[[int], Mapping[str, object]],
                   seeds: range) -> int:
    """How many seeded games seat 0, played by the game's automatic player, wins (or shares) against
    opponents choosing at random, exactly as ``python -m rules simulate`` would choose for them."""
    wins = 0
    for seed in seeds:
        state = game.new_game(default_names(players), options(seed), seed)
        rng = chooser_rng(seed)
        while not game.is_over(state):
            seat = pick_seat(game, state, rng)
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, pick_action(game, state, seat, legal, rng, auto=seat == 0))
        outcome = game.outcome(state)
        if outcome is None:
            raise ContractViolation(f"seed {seed}: the game is over but has no outcome")
        wins += 0 in outcome.winners
    return wins


def replay(game: AnyGame, players: Sequence[str] | int, options: Mapping[str, object], seed: int,
           actions_log: Sequence[tuple[int, Any]]) -> Any:
    """The state reached by re-applying the logged actions from ``new_game``."""
    names = default_names(players) if isinstance(players, int) else list(players)
    state = game.new_game(names, options, seed)
    for seat, raw in actions_log:
        state, _ = game.apply(state, seat, game.action_from_json(raw))
    return state


def all_option_combinations(game: AnyGame, players: int | None = None) -> Iterator[dict[str, OptionValue]]:
    """Every combination of the game's bool options (the others at their defaults) that ``new_game``
    accepts: for ``players`` seats if given, else for at least one allowed player count."""
    bools = [spec.key for spec in game.option_specs if spec.kind == "bool"]
    defaults = {spec.key: spec.default for spec in game.option_specs}
    counts = [players] if players is not None else list(range(game.min_players, game.max_players + 1))
    for values in itertools.product((False, True), repeat=len(bools)):
        options: dict[str, OptionValue] = {**defaults, **dict(zip(bools, values, strict=True))}
        if any(_accepts(game, count, options) for count in counts):
            yield options


def _accepts(game: AnyGame, count: int, options: Mapping[str, OptionValue]) -> bool:
    try:
        game.new_game(default_names(count), options, 0)
    except InvalidOptions:
        return False
    return True


# ----- checks ----------------------------------------------------------------------------------


def _fail(where: str, message: str) -> ContractViolation:
    return ContractViolation(f"{where}: {message}")


def state_json(game: AnyGame, state: Any) -> str:
    """The state as canonical JSON text (for comparisons)."""
    return json.dumps(game.state_to_json(state), sort_keys=True)


def check_state(game: AnyGame, state: Any, where: str) -> str:
    """Serialisation, views and legal actions of one state; returns the state's canonical JSON."""
    text = check_round_trip(game, state, where)
    check_views(game, state, where)
    awaited = game.to_act(state)
    for seat in range(len(state.players)):
        check_legal_actions(game, state, seat, seat in awaited, where)
    if game.outcome(state) is not None:
        raise _fail(where, "outcome() must be None while the game goes on")
    return text


def check_round_trip(game: AnyGame, state: Any, where: str) -> str:
    """The state survives JSON text exactly; returns that text (canonical, keys sorted)."""
    text = state_json(game, state)
    copy = game.state_from_json(json.loads(text))
    if copy != state:
        raise _fail(where, "the state read back from JSON differs from the state written")
    if state_json(game, copy) != text:
        raise _fail(where, "the state read back from JSON serialises differently")
    return text


def check_views(game: AnyGame, state: Any, where: str) -> None:
    for seat in [None, *range(len(state.players))]:
        view = game.view(state, seat)
        try:
            json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise _fail(where, f"the view for seat {seat} is not JSON data: {error}") from error


def check_legal_actions(game: AnyGame, state: Any, seat: int, awaited: bool, where: str) -> None:
    legal = game.legal_actions(state, seat)
    if not awaited:
        if legal:
            raise _fail(where, f"seat {seat} is not awaited but has {len(legal)} legal actions")
        return
    if not legal:
        raise _fail(where, f"seat {seat} is awaited but has no legal action")
    if game.legal_actions(state, seat) != legal:
        raise _fail(where, f"legal_actions for seat {seat} is not deterministic")
    for action in legal:
        raw = game.action_to_json(action)
        if game.action_from_json(json.loads(json.dumps(raw))) != action:
            raise _fail(where, f"action {raw} does not survive a JSON round trip")
        label = game.describe_action(state, seat, action)
        if not isinstance(label, str) or not label.strip():
            raise _fail(where, f"describe_action gives no label for {raw}")


def check_events(game: AnyGame, state: Any, events: Sequence[Event], where: str) -> None:
    for event in events:
        sentence = game.describe_event(event, state.players)
        if not isinstance(sentence, str) or not sentence.strip():
            raise _fail(where, f"describe_event gives no sentence for {event}")
        if event.private_to is not None and not 0 <= event.private_to < len(state.players):
            raise _fail(where, f"event {event.kind} is private to a seat that does not exist")
        try:
            stored = Event.from_json(json.loads(json.dumps(event.to_json(), allow_nan=False)))
        except (TypeError, ValueError) as error:
            raise _fail(where, f"event {event.kind} is not JSON data: {error}") from error
        if game.describe_event(stored, state.players) != sentence:
            raise _fail(where, f"event {event.kind} reads differently once stored as JSON")


def check_final(game: AnyGame, state: Any, where: str) -> None:
    """The finished game: views, serialisation and a complete outcome."""
    check_round_trip(game, state, where)
    check_views(game, state, where)
    for seat in range(len(state.players)):
        check_legal_actions(game, state, seat, False, where)
    outcome = game.outcome(state)
    if outcome is None:
        raise _fail(where, "the game is over but outcome() gave None")
    if len(outcome.scores) != len(state.players):
        raise _fail(where, f"{len(outcome.scores)} scores for {len(state.players)} players")
    ranked = sorted(seat for place in outcome.ranking for seat in place)
    if ranked != list(range(len(state.players))):
        raise _fail(where, f"the ranking {outcome.ranking} does not place every seat exactly once")


def check_replay(game: AnyGame, players: Sequence[str], options: Mapping[str, object], seed: int,
                 *, log: ActionLog, final: Any) -> None:
    if state_json(game, replay(game, players, options, seed, log)) != state_json(game, final):
        raise ContractViolation(f"seed {seed}: replaying the {len(log)} logged actions gives another state")


# Values that can never change, so two states may share them.
_ATOMS = (int, float, complex, str, bytes, bool, type(None))


def mutable_parts(state: Any, where: str = "state") -> dict[int, str]:
    """Every mutable object reachable from ``state`` (lists, dicts, sets, objects other than frozen
    dataclasses, found through each object's attributes, not through its declared fields), by ``id``,
    with the path that reaches it. Tuples, frozensets and frozen dataclasses are looked into but may be
    shared themselves. A mutable object reached twice is a contract violation: a copy of the state
    (and the state read back from JSON) would hold two objects there, so the game would act differently
    after a copy or a restart."""
    found: dict[int, str] = {}
    stack: list[tuple[object, str]] = [(state, "state")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _ATOMS):
            continue
        frozen = isinstance(value, tuple | frozenset) or (
            dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen)  # type: ignore[union-attr]
        if not frozen:
            if id(value) in found:
                raise _fail(where, f"{path} is the same object as {found[id(value)]}")
            found[id(value)] = path
        if isinstance(value, dict):
            stack.extend((key, f"{path} key {key!r}") for key in value)
            stack.extend((item, f"{path}[{key!r}]") for key, item in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((item, f"{path}[{index}]") for index, item in enumerate(value))
        elif isinstance(value, set | frozenset):
            stack.extend((item, f"{path} member {item!r}") for item in value)
        elif hasattr(value, "__dict__"):
            stack.extend((item, f"{path}.{name}") for name, item in vars(value).items())
        else:
            raise _fail(where, f"{path} is a {type(value).__name__}, which the state check cannot look into")
    return found


def check_shares_nothing(old: Any, new: Any, where: str) -> None:
    """``new`` (what ``apply`` returned) holds no mutable object that ``old`` holds, so changing one can
    never change the other: moves made later cannot rewrite a state kept for replays or take-backs."""
    old_parts = mutable_parts(old, where)
    for identity, path in mutable_parts(new, where).items():
        if identity in old_parts:
            raise _fail(where, f"the new {path} is the old {old_parts[identity]}: apply() shares it")


def _apply_checked(game: AnyGame, state: Any, seat: int, action: Any, *, where: str, before: str | None) -> Any:
    """Apply; when checking (``before`` is the state's JSON) make sure the old state is untouched, shares
    nothing mutable with the new one, and the events read well."""
    try:
        new_state, events = game.apply(state, seat, action)
    except Exception as error:
        raise _fail(where, f"applying legal action {game.action_to_json(action)} raised "
                           f"{type(error).__name__}: {error}") from error
    if before is not None:
        if state_json(game, state) != before:
            raise _fail(where, "apply() modified the state it was given")
        check_shares_nothing(state, new_state, where)
        check_events(game, new_state, events, where)
    return new_state
