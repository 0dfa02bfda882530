"""``apply`` never changes the state it is given, and the state it returns shares no mutable object
with it, for every game and variant: otherwise a later move could rewrite an earlier state that a
replay, a take-back or ``state_at`` still relies on.

Each seeded game keeps every state it passes through with that state's JSON, and at the end checks
that none of them changed. The checker itself is shown to catch sharing, so these tests can fail, and
``rules.core.clone`` (the copy ``apply`` makes) is checked on every kind of field a state may declare.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.clone import clone
from rules.core.errors import InvalidOptions
from rules.core.game import Game
from rules.registry import GAMES

from harness import (
    ContractViolation,
    all_option_combinations,
    check_shares_nothing,
    mutable_parts,
    state_json,
)

AnyGame = Game[Any, Any]
SEEDS_PER_VARIANT = 3


def _variants(game: AnyGame) -> list[dict[str, Any]]:
    """Every accepted combination of the bool options, each with every value of the choice options."""
    choices = [[(spec.key, choice) for choice in spec.choices] for spec in game.option_specs
               if spec.kind == "choice"]
    return [{**options, **dict(picked)} for options in all_option_combinations(game)
            for picked in itertools.product(*choices)]


def _cases() -> list[tuple[str, dict[str, Any], int]]:
    cases: list[tuple[str, dict[str, Any], int]] = []
    for key in sorted(GAMES):
        for number, options in enumerate(_variants(GAMES[key])):
            cases.extend((key, options, 100 * number + seed) for seed in range(SEEDS_PER_VARIANT))
    return cases


def _label(key: str, options: dict[str, Any], seed: int) -> str:
    chosen = [name if value is True else str(value) for name, value in options.items() if value]
    return f"{key}-{'+'.join(chosen) or 'basic'}-seed{seed}"


def _players(game: AnyGame, options: dict[str, Any], seed: int) -> int:
    """A player count the variant accepts, different from seed to seed (solo games included)."""
    counts = list(range(game.min_players, game.max_players + 1))
    for offset in range(len(counts)):
        count = counts[(seed + offset) % len(counts)]
        try:
            game.new_game(default_names(count), options, seed)
        except InvalidOptions:  # this count is refused with these options: try the next
            continue
        return count
    raise AssertionError(f"no player count accepts {options}")


CASES = _cases()


@pytest.mark.parametrize(("key", "options", "seed"), CASES, ids=[_label(*case) for case in CASES])
def test_apply_leaves_the_given_state_and_every_earlier_state_as_they_were(
        key: str, options: dict[str, Any], seed: int) -> None:
    game = GAMES[key]
    state = game.new_game(default_names(_players(game, options, seed)), options, seed)
    rng = chooser_rng(seed)
    history: list[tuple[Any, str]] = []
    while not game.is_over(state):
        where = f"{_label(key, options, seed)}, step {len(history)}"
        before = state_json(game, state)
        history.append((state, before))
        seat = pick_seat(game, state, rng)
        # Half the games follow the automatic player, which reaches the late rounds more often.
        action = pick_action(game, state, seat, game.legal_actions(state, seat), rng, auto=seed % 2 == 1)
        new_state, _ = game.apply(state, seat, action)
        assert state_json(game, state) == before, f"{where}: apply() modified the state it was given"
        check_shares_nothing(state, new_state, where)
        state = new_state
    assert len(history) > 10
    for step, (earlier, text) in enumerate(history):
        assert state_json(game, earlier) == text, f"step {step}'s state changed after later moves"


# ----- the checker can fail ---------------------------------------------------------------------


@dataclass
class _Piece:
    names: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Label:
    text: str


@dataclass
class _Table:
    pieces: dict[str, _Piece] = field(default_factory=dict)
    rows: list[tuple[str, list[int]]] = field(default_factory=list)
    label: _Label = _Label("top")


def _table() -> _Table:
    return _Table({"a": _Piece(["x"])}, [("r", [1, 2])])


def test_the_checker_accepts_states_that_share_only_what_cannot_change() -> None:
    old = _table()
    new = _Table({"a": _Piece(list(old.pieces["a"].names))}, [("r", [1, 2])], old.label)
    check_shares_nothing(old, new, "here")


@pytest.mark.parametrize("share", ["piece", "names", "list in a tuple", "dict"])
def test_the_checker_finds_a_mutable_object_both_states_hold(share: str) -> None:
    old, new = _table(), _table()
    if share == "piece":
        new.pieces["b"] = old.pieces["a"]
    elif share == "names":
        new.pieces["a"].names = old.pieces["a"].names
    elif share == "list in a tuple":
        new.rows = [("r", old.rows[0][1])]
    else:
        new.pieces = old.pieces
    with pytest.raises(ContractViolation, match="apply\\(\\) shares it"):
        check_shares_nothing(old, new, "here")


def test_the_checker_refuses_a_state_holding_one_list_in_two_places() -> None:
    aliased = _table()
    aliased.pieces["b"] = _Piece(aliased.pieces["a"].names)
    with pytest.raises(ContractViolation, match="is the same object as"):
        mutable_parts(aliased)


# ----- the copy apply() makes ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Hold:
    """Frozen, yet holding a list: it must be copied all the same."""

    items: list[int]


@dataclass
class _Everything:
    number: int
    text: str
    kind: Literal["a", "b"]
    maybe: _Piece | None
    either: list[int] | dict[str, int] | str
    pairs: list[tuple[str, int] | None]
    rows: tuple[list[str], ...]
    fixed: tuple[str, list[int]]
    nested: dict[int, list[_Piece]]
    members: set[str]
    free: Any
    mixed: list[_Piece] | list[int] | None
    label: _Label
    hold: _Hold
    grid: list[list[dict[str, list[int]]]] = field(default_factory=list)


def _everything(either: list[int] | dict[str, int] | str, maybe: _Piece | None) -> _Everything:
    return _Everything(
        number=3, text="t", kind="a", maybe=maybe, either=either, pairs=[("a", 1), None],
        rows=(["x"], ["y", "z"]), fixed=("f", [1]), nested={1: [_Piece(["p"])], 2: []}, members={"m"},
        free={"deep": [[1], {"k": [2]}]}, mixed=[_Piece(["n"])], label=_Label("l"), hold=_Hold([4]),
        grid=[[{"a": [1]}, {}], []])


@pytest.mark.parametrize(("either", "maybe"), [([1, 2], _Piece(["q"])), ({"k": 1}, None), ("plain", None)])
def test_clone_copies_every_kind_of_declared_field_and_shares_only_what_cannot_change(
        either: list[int] | dict[str, int] | str, maybe: _Piece | None) -> None:
    state = _everything(either, maybe)
    copied = clone(state)
    assert copied == state and type(copied) is _Everything
    check_shares_nothing(state, copied, "clone")
    assert copied.label is state.label  # frozen and immutable: shared
    assert copied.pairs[0] is state.pairs[0]  # a tuple of text and a number: shared
    copied.hold.items.append(5)
    copied.nested[1][0].names.append("r")
    copied.free["deep"][1]["k"].append(3)
    assert isinstance(copied.mixed, list) and isinstance(copied.mixed[0], _Piece)
    copied.mixed[0].names.append("o")
    assert state == _everything(either, maybe)


@dataclass
class _Loop:
    inner: list[_Loop]


def test_clone_refuses_what_is_not_a_state_dataclass() -> None:
    with pytest.raises(TypeError, match="built from dataclasses"):
        clone([1, 2])
    with pytest.raises(TypeError, match="contains itself"):
        clone(_Loop([]))
