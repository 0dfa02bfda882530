"""The CPU cost of a finished game's review, for the longest game of each kind, as the background worker makes it.

For each game, ``--seeds`` games are played at its biggest table by the automatic player (as ``python -m rules
simulate --auto`` plays), and the one with the most decisions a review judges (a seat's decision with more than
one legal action) is kept: the longest game. Its review is then computed in a fresh process, as the worker does
(``table.reviews.write_review``: the turning points, the luck and the score series), and its chart drawn
(``table.reviews.draw_chart``), each timed in CPU seconds of that process (``time.process_time``, which a shared
machine's load inflates far less than wall time). The figure to hold is the review's: at most 60 s.

Whether the strong player judges a game is printed beside it: until a game's search has landed (its
``determinize``), its review has no figures and costs little more than a replay. The last column projects what the
search will cost within the review's bound (``rules.review.turning.GAME_ITERATIONS``): ``--samples`` iterations'
worth of work — a rollout of the review's horizon with the game's rollout policy, from states spread over the
game — timed and scaled to the bound (the true state stands in for a sampled one; determinizing and the tree walk
add to it, so read it as a floor).

Run: nice -n 10 .venv/bin/python bench/review.py [--kinds circus_train,...] [--seeds N]
Prints figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cli import chooser_rng, default_names, pick_action, pick_seat
from rules.core.game import Game
from rules.core.rng import Rng
from rules.core.search import SearchBudget, step
from rules.registry import GAMES
from rules.review.turning import GAME_ITERATIONS
from table.reviews import draw_chart, write_review

Log = list[tuple[int, dict[str, Any]]]


def played(game: Game[Any, Any], players: int, seed: int) -> tuple[Log, int]:
    """One seeded game's log and how many of its decisions a review judges."""
    state = game.new_game(default_names(players), {}, seed)
    rng = chooser_rng(seed)
    log: Log = []
    judged = 0
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        legal = game.legal_actions(state, seat)
        judged += len(legal) > 1
        action = pick_action(game, state, seat, legal, rng, auto=True)
        state, _ = game.apply(state, seat, action)
        log.append((seat, game.action_to_json(action)))
    return log, judged


def rollouts(game: Game[Any, Any], names: list[str], seed: int, log: Log, samples: int) -> int:
    """``samples`` rollouts of the review's horizon from states spread over the game; returns the steps played."""
    states = []
    state = game.new_game(names, {}, seed)
    for seat, raw in log:
        states.append(state)
        state, _ = game.apply(state, seat, game.action_from_json(raw))
    horizon = max(8, SearchBudget().horizon // 2)
    rng = Rng.from_seed(seed)
    played_steps = 0
    for index in range(samples):
        state = states[index * len(states) // samples]
        for _ in range(horizon):
            awaited = game.to_act(state)
            if not awaited:
                break
            actor = min(awaited)
            legal = game.legal_actions(state, actor)
            action = legal[0] if len(legal) == 1 else game.rollout_action(state, actor, legal, rng)
            state = step(game, state, actor, action)
            played_steps += 1
        game.evaluate(state)
    return played_steps


def _timed(work: Callable[[], Any], out: Any) -> None:
    start = time.process_time()
    result = work()
    out.send((time.process_time() - start, result))


def in_fresh_process(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds and result of ``work`` in a forked process, as the background worker is a process per job."""
    receive, send = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.get_context("fork").Process(target=_timed, args=(work, send))
    process.start()
    seconds, result = receive.recv()
    process.join()
    return seconds, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default=",".join(GAMES))
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    print(f"review budget: at most {GAME_ITERATIONS} search iterations a game")
    print(f"{'game':16} {'seats':>5} {'actions':>7} {'judged':>6} {'strong':>6} {'review s':>8} {'chart s':>7} "
          f"{'projected s':>11}")
    for kind in args.kinds.split(","):
        game = GAMES[kind]
        players = game.max_players
        longest = max(((*played(game, players, seed), seed) for seed in range(1, args.seeds + 1)),
                      key=lambda found: (found[1], len(found[0])))
        log, judged, seed = longest
        names = default_names(players)
        title = f"{game.name} #1"
        review_seconds, review = in_fresh_process(partial(write_review, kind, title, names, {}, seed, log))
        chart_seconds, _ = in_fresh_process(partial(draw_chart, kind, title, names, {}, seed, log))
        rollout_seconds, _ = in_fresh_process(partial(rollouts, game, names, seed, log, args.samples))
        projected = rollout_seconds * GAME_ITERATIONS / args.samples
        strong = "yes" if review and review["judged"] else "no"
        print(f"{kind:16} {players:>5} {len(log):>7} {judged:>6} {strong:>6} {review_seconds:>8.2f} "
              f"{chart_seconds:>7.2f} {projected:>11.1f}", flush=True)


if __name__ == "__main__":
    main()
