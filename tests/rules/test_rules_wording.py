"""A careful editor's sweep over what the four games say: thousands of sentences from seeded games at
every table size (events, private and public prompts, choice labels, refusals' neighbours the labels,
the text board, the final result lines, and the images' alt text) must show none of the slips
``tests/wording.py`` knows. The detector itself is tested on the slips players reported, so the sweep
fails if one is put back."""

from __future__ import annotations

import importlib
from collections import defaultdict
from typing import Any

import pytest

from rules.cli import chooser_rng
from rules.core.words import article, count, with_article
from rules.registry import GAMES

from wording import slips

NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve")  # no digits: "Player 1 builds" is not a count
REPORTED = ["alice cannot pay and releases a Acrobat.", "alice's troupe: 1 Clowns, 2 Horses.",
            "alice's show ends with 1 artists (stopped).", "alice: 0 VP, Best 10, $0, in nowhere; no talent",
            "bob pays 1 coins for a new city.", "carol holds 3 card.", "dave takes an Horse."]
FINE = ["alice releases an Acrobat.", "alice's troupe: 1 Clown, 2 Horses.", "It already has a Use marker.",
        "alice gains $1 and 2 VP.", "April, week 1 begins.", "bob's wagon holds 1 Paris Contract.",
        "alice: 0 VP, Best 10, $0, not on the map yet; no talent", "Take a 2 VP counter.", "a one-way trip"]


@pytest.mark.parametrize("text", REPORTED)
def test_the_reported_slips_are_caught(text: str) -> None:
    assert slips(text), text


@pytest.mark.parametrize("text", FINE)
def test_good_sentences_pass(text: str) -> None:
    assert slips(text) == []


def test_articles_and_counts_agree() -> None:
    assert [with_article(w) for w in ("Acrobat", "Horse", "Use marker", "Elephant", "unicyclist", "hour")] == [
        "an Acrobat", "a Horse", "a Use marker", "an Elephant", "a unicyclist", "an hour"]
    assert article("Ice Queen") == "an"
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1, "city", "cities") == "1 city" and count(3, "city", "cities") == "3 cities"


def sentences(key: str, seeds: int) -> dict[str, list[str]]:
    """What a game said in ``seeds`` seeded games at each table size up to five: kind → texts."""
    game = GAMES[key]
    describe: Any = importlib.import_module(f"render.{key}.describe")
    said: dict[str, list[str]] = defaultdict(list)
    for players in range(game.min_players, min(game.max_players, 5) + 1):
        for seed in range(seeds):
            state = game.new_game(list(NAMES[:players]), {}, seed)
            rng = chooser_rng(seed)
            steps = 0
            while not game.is_over(state):
                seat = rng.pick(sorted(game.to_act(state)))
                legal = game.legal_actions(state, seat)
                said["prompt"].append(game.prompt(state, seat))
                said["public prompt"].append(game.public_prompt(state, seat))
                said["label"] += [game.describe_action(state, seat, action) for action in legal]
                if steps % 9 == 0:
                    view = game.view(state, seat)
                    said["text board"] += game.render_text(view).splitlines()
                    said["alt text"].append(describe.describe_board(game.view(state, None)))
                    said["alt text"].append(describe.describe_hand(view))
                # Half the moves random, half the automatic player's, so both rare and usual events occur.
                action = rng.pick(legal) if rng.below(2) else game.auto_action(game.view(state, seat), legal, rng)
                state, events = game.apply(state, seat, action)
                said["event"] += [game.describe_event(event, state.players) for event in events]
                steps += 1
            outcome = game.outcome(state)
            assert outcome is not None
            said["result"] += list(outcome.lines)
            said["text board"] += game.render_text(game.view(state, None)).splitlines()
    return said


@pytest.mark.parametrize("key", sorted(GAMES))
def test_thousands_of_sentences_read_cleanly(key: str) -> None:
    said = sentences(key, seeds=3)
    assert sum(len(texts) for texts in said.values()) > 5000
    found = {f"{kind}: {slip} in {text[:160]!r}" for kind, texts in said.items() for text in set(texts)
             for slip in slips(text)}
    assert not found, "\n".join(sorted(found)[:20])
