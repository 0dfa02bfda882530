"""After the game, in the rules alone: the score chart's series, the luck of the dice, the turning points and the
record to keep, each from a finished game's record. No discord here."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from rules.core.clone import clone
from rules.core.fairness import verify_record
from rules.core.game import Game
from rules.core.rng import Rng
from rules.registry import GAMES
from rules.review.chart import describe, score_series
from rules.review.luck import luck_lines, measure_luck
from rules.review.record import EXPORT_FORMAT, export_record, fairness_part, plain_text, verify_export
from rules.review.report import review_game
from rules.review.turning import judge_decisions, strong_estimates, turning_sentence

from sealed_guess import GuessState, Pick, SealedGuess

Logged = list[tuple[int, dict[str, Any]]]


def played(game: Game[Any, Any], players: Sequence[str], seed: int,
           options: Mapping[str, object] | None = None) -> tuple[Any, Logged]:
    """A whole game played by the heuristic player from every seat's own view: its final state and log."""
    state = game.new_game(list(players), dict(options or {}), seed)
    rng = Rng.from_seed(seed + 1)
    log: Logged = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = game.auto_action(game.view(state, seat), legal, rng)
        log.append((seat, game.action_to_json(action)))
        state, _ = game.apply(state, seat, action)
    return state, log


def seats_for(game: Game[Any, Any]) -> list[str]:
    return ["Ann", "Bob", "Cat", "Dan"][:max(game.min_players, 3)]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_score_series_ends_at_the_final_scores_and_reads_only_the_spectator_view(
        key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[key]
    players = seats_for(game)
    final, log = played(game, players, seed=5)
    asked: set[int | None] = set()
    view = game.view

    def spying(state: Any, seat: int | None) -> dict[str, Any]:
        asked.add(seat)
        return view(state, seat)

    monkeypatch.setattr(game, "view", spying)
    series = score_series(game, players, {}, 5, log)
    assert series is not None and asked == {None}  # not one seat's view was read
    outcome = game.outcome(final)
    assert outcome is not None and series.final == outcome.scores
    assert series.labels[0] == "start"
    assert len({len(points) for points in series.points}) == 1 == len({len(series.labels), len(series.points[0])})
    if not series.final_score:  # the last point is the final score where the game counts it the same way
        assert tuple(points[-1] for points in series.points) == outcome.scores
    words = describe(series)
    assert all(f"{players[seat]} {outcome.scores[seat]}" in words for seat in range(len(players)))


def test_the_dice_luck_of_a_basic_circus_train_game_is_its_successes_against_four_in_six() -> None:
    game = GAMES["circus_train"]
    players = ["Ann", "Bob", "Cat"]
    _, log = played(game, players, seed=3)
    rolls = [0, 0, 0]
    won = [0, 0, 0]
    state = game.new_game(players, {}, 3)
    for seat, raw in log:
        state, events = game.apply(state, seat, game.action_from_json(raw))
        for event in events:
            if event.kind in ("hire_roll", "steal_roll", "recruit_roll"):
                rolls[seat] += 1
                won[seat] += 1 if event.data["success"] else 0
    luck = measure_luck(game, players, {}, 3, log)
    assert sum(rolls) > 0 and [entry.seat for entry in luck] == [seat for seat in range(3) if rolls[seat]]
    for entry in luck:
        assert (entry.rolls, entry.successes) == (rolls[entry.seat], won[entry.seat])
        # The Basic Game without Event cards hires and steals on 1-4, with no penalty.
        assert entry.expected == pytest.approx(entry.rolls * 4 / 6)
    lines = luck_lines(luck, players)
    assert lines[0].startswith(f"{players[luck[0].seat]} rolled {luck[0].rolls} di")


@pytest.mark.parametrize("key", ["little_circuses", "wanderzirkus", "dreadful_circus"])
def test_games_without_dice_get_no_luck_line_rather_than_a_made_up_one(key: str) -> None:
    game = GAMES[key]
    players = seats_for(game)
    _, log = played(game, players, seed=2)
    assert measure_luck(game, players, {}, 2, log) == []


# ----- turning points ----------------------------------------------------------------------------------------
class SearchableGuess(SealedGuess):
    """Sealed Guess with a determinizer, so the strong player's search can judge it: another seat's pick this
    round is hidden, and a sample draws it afresh."""

    key = "searchable_guess"
    supports_search = True

    def determinize(self, state: GuessState, seat: int, rng: Rng) -> GuessState:
        sample = clone(state)
        sample.picks = [pick if other == seat or pick is None else 1 + rng.below(3)
                        for other, pick in enumerate(state.picks)]
        return sample


GUESS = SearchableGuess()


def test_a_seats_figures_do_not_change_with_another_seats_hidden_pick() -> None:
    start = GUESS.new_game(["Ann", "Bob"], {}, 1)
    high, _ = GUESS.apply(start, 1, Pick(3))
    low, _ = GUESS.apply(start, 1, Pick(1))
    assert GUESS.view(high, 0) == GUESS.view(low, 0) and high.picks != low.picks
    legal = GUESS.legal_actions(high, 0)
    first = strong_estimates(GUESS, high, 0, legal, Rng.from_seed(9))
    second = strong_estimates(GUESS, low, 0, legal, Rng.from_seed(9))
    assert first and [(e.action, e.value, e.visits) for e in first] == [(e.action, e.value, e.visits) for e in second]
    # And in the review itself: Ann's judged first decision is the same whatever Bob had hidden.
    tail = [(0, {"kind": "pick", "number": 2}), (1, {"kind": "pick", "number": 2})]
    reviews = [judge_decisions(GUESS, ["Ann", "Bob"], {}, 1, [(1, {"kind": "pick", "number": bob}),
                                                            (0, {"kind": "pick", "number": 2}), *tail], seats=[0])
               for bob in (3, 1)]
    assert reviews[0] is not None and reviews[1] is not None
    assert reviews[0][0].decisions[0] == reviews[1][0].decisions[0]
    assert reviews[0][0].judged and reviews[0][0].decisions[0].chosen == "Pick 2"


def test_nothing_is_judged_or_told_before_the_game_ends() -> None:
    log = [(1, {"kind": "pick", "number": 3}), (0, {"kind": "pick", "number": 2}), (0, {"kind": "pick", "number": 1})]
    assert judge_decisions(GUESS, ["Ann", "Bob"], {}, 1, log) is None
    assert review_game(GUESS, ["Ann", "Bob"], {}, 1, log) is None
    finished = [*log, (1, {"kind": "pick", "number": 1})]
    review = review_game(GUESS, ["Ann", "Bob"], {}, 1, finished)
    assert review is not None and review.judged
    short = review.short_text("Searchable Guess #1", GUESS.name)
    first = review.seats[0].decisions[0]
    assert f"**Ann** (chance to win about {round(first.before * 100)}% at their first decision" in short


def test_the_turning_points_are_the_decisions_that_changed_the_chances_most_in_words() -> None:
    log = [(1, {"kind": "pick", "number": 3}), (0, {"kind": "pick", "number": 3}),
           (0, {"kind": "pick", "number": 1}), (1, {"kind": "pick", "number": 3})]
    [ann, bob] = judge_decisions(GUESS, ["Ann", "Bob"], {}, 4, log) or []
    assert [judged.number for judged in ann.decisions] == [2, 3] and [j.number for j in bob.decisions] == [1, 4]
    points = ann.turning_points()
    assert points == sorted(points, key=lambda judged: judged.number)
    biggest = max(ann.decisions, key=lambda judged: abs(judged.change))
    if abs(biggest.change) >= 0.005:
        assert biggest in points
    sentence = turning_sentence(replace(biggest, before=0.6, after=0.52, best="Pick 2", chosen="Pick 1"), "Ann")
    assert sentence == "Move 3: Ann chose “Pick 1”; “Pick 2” was about 8 points of chance better."


def test_a_game_without_a_strong_player_yet_is_reviewed_without_figures_and_says_so() -> None:
    game = SealedGuess()
    log = [(1, {"kind": "pick", "number": 3}), (0, {"kind": "pick", "number": 2}),
           (0, {"kind": "pick", "number": 1}), (1, {"kind": "pick", "number": 3})]
    review = review_game(game, ["Ann", "Bob"], {}, 1, log)
    assert review is not None and not review.judged
    assert "cannot judge Sealed Guess's decisions yet" in review.short_text("Sealed Guess #1", game.name)


# ----- the record to keep --------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_export_verifies_replays_to_its_scores_and_refuses_an_edited_story(key: str) -> None:
    game = GAMES[key]
    players = seats_for(game)
    final, log = played(game, players, seed=8)
    export = export_record(game, f"{game.name} #1", players, {}, 8, "ab" * 16, log, robots={1: "strong"})
    export = json.loads(json.dumps(export))  # as a file holds it
    assert export["format"] == EXPORT_FORMAT and export["seats"][1]["robot"] == "strong"
    outcome = game.outcome(final)
    assert outcome is not None and export["outcome"]["scores"] == list(outcome.scores)
    verdict = verify_export(export, GAMES)
    assert verdict.ok, verdict.lines
    assert verify_record(fairness_part(export), GAMES).ok
    text = plain_text(export)
    assert "Final scores: " + ", ".join(f"{players[s]} {outcome.scores[s]}" for s in range(len(players))) in text
    assert all(entry["events"] == [] or entry["text"] for entry in export["actions"])
    told = next(entry for entry in export["actions"] if entry["events"])
    told["events"][0]["data"] = {**told["events"][0]["data"], "forged": 1}
    assert not verify_export(export, GAMES).ok


def test_the_export_holds_no_private_event() -> None:
    game = GAMES["dreadful_circus"]
    players = seats_for(game)
    _, log = played(game, players, seed=4)
    export = export_record(game, "Dreadful Circus #1", players, {}, 4, "cd" * 16, log)
    state = game.new_game(players, {}, 4)
    private = 0
    for seat, raw in log:
        state, events = game.apply(state, seat, game.action_from_json(raw))
        private += sum(1 for event in events if event.private_to is not None)
    exported = sum(len(entry["events"]) for entry in export["actions"])
    assert private > 0
    assert all("private_to" not in event for entry in export["actions"] for event in entry["events"])
    assert exported == sum(len([e for e in game.apply(*step)[1] if e.private_to is None])
                           for step in _steps(game, players, 4, log))


def _steps(game: Game[Any, Any], players: Sequence[str], seed: int, log: Logged) -> list[tuple[Any, int, Any]]:
    state = game.new_game(list(players), {}, seed)
    steps = []
    for seat, raw in log:
        action = game.action_from_json(raw)
        steps.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return steps


def test_every_searchable_game_judges_a_decision_the_same_whatever_the_seat_cannot_see() -> None:
    """For Searchable Guess and every game whose strong player has landed: a state the seat cannot tell from the
    true one (the game's own determinize draws one) gets the very same figures."""
    searchable = [GUESS, *(game for game in GAMES.values() if game.supports_search)]
    for game in searchable:
        players = seats_for(game) if game is not GUESS else ["Ann", "Bob"]
        state = game.new_game(players, {}, 6)
        rng = Rng.from_seed(7)
        decisions = 0
        while not game.is_over(state) and decisions < 3:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                # A sample keeps the seat's view (each game's own tests prove it; in a simultaneous step the others
                # choose again in it, so who is still awaited may differ), and it judges the decision alike.
                other = game.determinize(state, seat, Rng.from_seed(decisions))
                figures = [[(e.action, e.value, e.visits) for e in strong_estimates(game, g_state, seat,
                                                                                   legal, Rng.from_seed(9), cap=12)]
                           for g_state in (state, other)]
                assert figures[0] and figures[0] == figures[1], game.key
                decisions += 1
            state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat), legal, rng))
        assert decisions > 0, game.key


def test_the_chances_through_the_game_follow_each_players_judged_decisions() -> None:
    log = [(1, {"kind": "pick", "number": 3}), (0, {"kind": "pick", "number": 2}),
           (0, {"kind": "pick", "number": 1}), (1, {"kind": "pick", "number": 1})]
    review = review_game(GUESS, ["Ann", "Bob"], {}, 1, log)
    assert review is not None
    chances = review.chances()
    assert chances is not None and chances.labels == ("start", "move 1", "move 2", "move 3", "move 4")
    [ann, bob] = review.seats
    assert chances.points[0] == (round(ann.decisions[0].before * 100), round(ann.decisions[0].before * 100),
                                 round(ann.decisions[0].after * 100), round(ann.decisions[1].after * 100),
                                 round(ann.decisions[1].after * 100))
    assert chances.points[1][1] == round(bob.decisions[0].after * 100)
    assert chances.points[1][-1] == round(bob.decisions[-1].after * 100)
    unjudged = review_game(SealedGuess(), ["Ann", "Bob"], {}, 1, log)
    assert unjudged is not None and unjudged.chances() is None
