"""The automatic player's levels behind one ``decide``, seated games between levels, and the terminal's
``simulate --levels``. The strong level's own search is proven per game (tests/rules/<game>/..._strong.py);
here the shared parts: levels parse and refuse, easy and normal choose from the legal actions and follow
their random stream, a decision with one legal action is that action, and seated games rotate levels
round the table and split shared wins."""

from __future__ import annotations

import io

import pytest

from rules.cli import main, rotated
from rules.core import arena
from rules.core.players import LEVELS, Level, decide, parse_level
from rules.core.rng import Rng
from rules.registry import GAMES


def test_levels_parse_and_refuse_with_a_sentence() -> None:
    assert [parse_level(f" {level.upper()} ") for level in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="one of easy, normal, strong, not 'hard'"):
        parse_level("hard")


def midgame(key: str, steps: int = 30) -> tuple[object, int]:
    game = GAMES[key]
    state = game.new_game(["A", "B", "C", "D"][: max(3, game.min_players)], {}, 11)
    rng = Rng.from_seed(5)
    for _ in range(steps):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.pick(game.legal_actions(state, seat)))
    return state, min(game.to_act(state))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_easy_and_normal_choose_legal_actions_reproducibly(key: str) -> None:
    game = GAMES[key]
    state, seat = midgame(key)
    legal = game.legal_actions(state, seat)
    for level in ("easy", "normal"):
        first = [decide(game, state, seat, level, Rng.from_seed(k)).action for k in range(12)]
        again = [decide(game, state, seat, level, Rng.from_seed(k)).action for k in range(12)]
        assert first == again
        assert all(action in legal for action in first)


def test_normal_is_the_heuristic_and_easy_sometimes_is_not() -> None:
    game = GAMES["circus_train"]
    differs = 0
    for steps in range(0, 120, 7):
        state, seat = midgame("circus_train", steps)
        legal = game.legal_actions(state, seat)
        heuristic = game.auto_action(game.view(state, seat), legal, Rng.from_seed(3))
        assert decide(game, state, seat, "normal", Rng.from_seed(3)).action == heuristic
        differs += sum(decide(game, state, seat, "easy", Rng.from_seed(k)).action != heuristic for k in range(8))
    assert differs > 0


def test_a_single_legal_action_is_decided_without_search() -> None:
    game = GAMES["wanderzirkus"]
    state, seat = midgame("wanderzirkus")
    only = game.legal_actions(state, seat)[:1]
    decision = decide(game, state, seat, "strong", Rng.from_seed(1), only)
    assert decision.action == only[0] and decision.estimates == ()


def test_seated_games_split_shared_wins_and_time_every_decision() -> None:
    game = GAMES["little_circuses"]
    played = arena.play(game, ("normal", "easy", "easy"), 4)
    shares = [played.win_share(seat) for seat in range(3)]
    assert sum(shares) == pytest.approx(1.0)
    assert all(share in (0.0, 1.0 / len(played.outcome.winners)) for share in shares)
    assert all(len(times) >= len(choices) > 0 for times, choices in zip(played.decisions, played.choices, strict=True))


def test_levels_move_round_the_table() -> None:
    levels: tuple[Level, ...] = ("strong", "normal", "easy")
    turns = [rotated(levels, index) for index in range(3)]
    assert turns == [levels, ("easy", "strong", "normal"), ("normal", "easy", "strong")]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), io.StringIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def test_simulate_with_levels_summarises_each_levels_share() -> None:
    code, out, _ = run("simulate", "wanderzirkus", "--games", "6", "--levels", "normal,easy,easy", "--summary")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("game 0 (seed 0): scores normal ")
    assert lines[1].startswith("game 1 (seed 1): scores easy ")
    assert lines[6] == "6 games finished, 0 errors"
    normal = lines[7]
    assert normal.startswith("normal: 1 seat, won ") and "(fair share 33.3%" in normal


@pytest.mark.parametrize(("argv", "sentence"), [
    (("--levels", "normal,expert,easy"), "The automatic player's level is one of easy, normal, strong, not 'expert'."),
    (("--levels", "normal,easy,easy", "--players", "4"), "--levels names 3 seats but --players says 4."),
    (("--levels", ",".join(["easy"] * 7)), "Der Wanderzirkus is played by 1 to 6 players, not 7."),
])
def test_simulate_with_bad_levels_is_refused(argv: tuple[str, ...], sentence: str) -> None:
    code, _, err = run("simulate", "wanderzirkus", "--games", "1", *argv)
    assert code == 2 and err.strip() == sentence
