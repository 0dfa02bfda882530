"""``Game.public_prompt``: the sentence anyone may read about what an awaited seat is deciding.

It goes into public messages (the "who acts" line under every board), so it must be a function of the
spectator view alone. Two independent checks over seeded random games at the maximum player count:

1. the same spectator view (and seat) never yields two different public prompts, across all the
   playouts of a game — so nothing hidden (a hand, a running show, a wagon, an effect) can change it;
2. the prompt names no card, artist, contract, tile or effect that the seat's own view shows but the
   spectator view does not.

A third test proves check 1 has teeth: Der Wanderzirkus' private ``prompt`` put in its place fails it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules.circus_train.state import CARD_NAMES
from rules.cli import chooser_rng, default_names, pick_seat
from rules.core.game import Game
from rules.registry import GAMES
from rules.wanderzirkus.content import load_content as wanderzirkus_content
from rules.wanderzirkus.text import EFFECT_NAMES, card_label

from harness import all_option_combinations

AnyGame = Game[Any, Any]
GAMES_PLAYED = {"circus_train": 6, "little_circuses": 2, "wanderzirkus": 8, "dreadful_circus": 2}


class PromptLeak(AssertionError):
    """A public prompt that depends on, or names, hidden information."""


def _display_names() -> dict[str, str]:
    """Lower-case ids whose player-facing names differ: Circus Train's Action cards, Der Wanderzirkus'
    artists (named by their label) and effects."""
    names = dict(CARD_NAMES)
    names.update({card_id: card_label(card_id) for card_id in wanderzirkus_content().artists})
    names.update(EFFECT_NAMES)
    return names


DISPLAY = _display_names()


def _differing_strings(private: Any, public: Any) -> Iterator[str]:
    """The strings in the parts of the seat's view that differ from the spectator view."""
    if private == public:
        return
    if isinstance(private, dict):
        mapping: dict[Any, Any] = public if isinstance(public, dict) else {}
        for key, value in private.items():
            yield from _differing_strings(value, mapping.get(key))
    elif isinstance(private, list):
        items: list[Any] = public if isinstance(public, list) and len(public) == len(private) else [None] * len(private)
        for mine, other in zip(private, items, strict=True):
            yield from _differing_strings(mine, other)
    elif isinstance(private, str):
        yield private


def _secret_names(private: dict[str, Any], public: dict[str, Any], dumped: str) -> set[str]:
    """Names shown to the seat but nowhere in the spectator view (``dumped``, its JSON text): strings that
    read as names (a capital letter) and the display names of ids, at least three characters long."""
    hidden = {text for text in _differing_strings(private, public)
              if json.dumps(text, ensure_ascii=False) not in dumped}
    names = {text for text in hidden if any(c.isupper() for c in text)}
    names |= {DISPLAY[text] for text in hidden if text in DISPLAY}
    return {name for name in names if len(name) >= 3}


def _mentions(sentence: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence) is not None


def _shape(sentence: str, name: str, where: str) -> None:
    if not sentence.startswith(name) or sentence.endswith(".") or sentence.count(name) != 1:
        raise PromptLeak(f"{where}: {sentence!r} must start with {name!r} once and have no trailing period")


def check_public_prompts(game: AnyGame, games: int, *, names: bool = True) -> int:
    """Play ``games`` random games at the maximum player count, seed i with the i-th variant (cycling), and
    check every public prompt; returns how many (view, seat) pairs were seen."""
    seen: dict[tuple[bytes, int], str] = {}
    players = default_names(game.max_players)
    variants = list(all_option_combinations(game, game.max_players))
    for seed in range(games):
        options = variants[seed % len(variants)]
        if True:
            state = game.new_game(players, options, seed)
            rng = chooser_rng(seed)
            steps = 0
            while True:
                public = game.view(state, None)
                dumped = json.dumps(public, sort_keys=True, ensure_ascii=False)
                key = hashlib.sha256(dumped.encode()).digest()
                awaited = game.to_act(state)
                for seat in range(len(players)):
                    where = f"{game.key} {options} seed {seed} step {steps} seat {seat}"
                    said = game.public_prompt(state, seat)
                    _shape(said, players[seat], where)
                    before = seen.setdefault((key, seat), said)
                    if before != said:
                        raise PromptLeak(f"{where}: the same spectator view gave two different public prompts: "
                                         f"{before!r} and {said!r}")
                    if names and seat in awaited:
                        leaked = [n for n in _secret_names(game.view(state, seat), public, dumped)
                                  if _mentions(said, n)]
                        if leaked:
                            raise PromptLeak(f"{where}: {said!r} names hidden {leaked}")
                if not awaited:
                    break
                seat = pick_seat(game, state, rng)
                state, _ = game.apply(state, seat, rng.pick(game.legal_actions(state, seat)))
                steps += 1
    return len(seen)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_public_prompt_is_a_function_of_the_spectator_view(key: str) -> None:
    game = GAMES[key]
    assert check_public_prompts(game, GAMES_PLAYED[key]) > 100


def test_the_check_catches_the_private_prompt_in_public(monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["wanderzirkus"]
    honest: Callable[[Any, int], str] = game.public_prompt

    def leaky(state: Any, seat: int) -> str:
        # Shaped like a public prompt, but it is the seat's private one: its running show and effects.
        if seat not in game.to_act(state):
            return honest(state, seat)
        return game.prompt(state, seat).rstrip(".").replace(",", "", 1).replace(". ", "; ")

    monkeypatch.setattr(game, "public_prompt", leaky)
    with pytest.raises(PromptLeak, match="two different public prompts"):
        check_public_prompts(game, 1, names=False)


def test_public_prompts_read_well() -> None:
    # A few exact sentences, one per game, at their first decision.
    expected = {"circus_train": "Player 5 is choosing starting talent",
                "little_circuses": "Player 1 is choosing where the Highlight opens",
                "wanderzirkus": "Player 1 is choosing starting artists and a first city",
                "dreadful_circus": "Player 1 is choosing a starting Attraction"}
    for key, sentence in expected.items():
        game = GAMES[key]
        state = game.new_game(default_names(game.max_players), {}, 1)
        seat = min(game.to_act(state))
        assert game.public_prompt(state, seat) == sentence
        others = [s for s in range(game.max_players) if s not in game.to_act(state)]
        if others:
            assert game.public_prompt(state, others[0]).startswith(f"Player {others[0] + 1} is waiting for ")
