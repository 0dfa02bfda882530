"""Checks every game's images share: phone-sized at the biggest table, and alt text that is short,
deterministic, names every player and nothing only a seat may see. Each game's render tests call these
with its own renderer, so a failure still names the game."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from render import common
from rules.registry import GAMES

MAX_IMAGE_HEIGHT = 2000
MAX_IMAGE_WIDTH = 1600
DESCRIPTION_LIMIT = 1024


def random_game(key: str, seed: int) -> list[Any]:
    """Every state of a seeded game at the most players, each decision a uniform pick among the legal
    actions (through the shared contract: ``rules.registry.GAMES``)."""
    game = GAMES[key]
    names = ["Alexandra", "Bartholomew", "Cy", "Dominique", "Evangeline", "Fitzgerald", "Gus", "Hal"]
    state = game.new_game(names[:game.max_players], {}, seed)
    rng = random.Random(seed)
    history = [state]
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        history.append(state)
    return history


def moments(history: list[Any], count: int = 4) -> list[Any]:
    return [history[min(len(history) - 1, i * len(history) // count)] for i in range(count)] + [history[-1]]


def names_in(data: Any, out: set[str]) -> set[str]:
    """Every card, tile, contract or city name (and title) in a view."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "title") and isinstance(value, str):
                out.add(value)
            names_in(value, out)
    elif isinstance(data, list):
        for value in data:
            names_in(value, out)
    return out


def dimensions(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def every_image_is_phone_sized(key: str, renderer: Any, seed: int,
                               board_images: Callable[[Any], list[bytes]] | None = None) -> None:
    game = GAMES[key]
    for state in moments(random_game(key, seed)):
        view = game.view(state, None)
        for data in (board_images(view) if board_images else [renderer.render_board(view)]):
            width, height = dimensions(data)
            assert height <= MAX_IMAGE_HEIGHT and width <= MAX_IMAGE_WIDTH, (width, height)
        for seat in range(game.max_players):
            width, height = dimensions(renderer.render_hand(game.view(state, seat)))
            assert height <= MAX_IMAGE_HEIGHT and width <= MAX_IMAGE_WIDTH, (seat, width, height)


def descriptions_are_short_deterministic_and_name_every_player(key: str, renderer: Any, seed: int) -> None:
    game = GAMES[key]
    history = random_game(key, seed)
    for state in [*history[::max(1, len(history) // 40)], history[-1]]:
        public = game.view(state, None)
        text = renderer.describe_board(public)
        assert 0 < len(text) <= DESCRIPTION_LIMIT
        assert renderer.describe_board(copy.deepcopy(public)) == text
        for player in public["players"]:
            assert common.display_name(player["name"], player["seat"]) in text
        for seat in range(game.max_players):
            private = game.view(state, seat)
            hand = renderer.describe_hand(private)
            assert 0 < len(hand) <= DESCRIPTION_LIMIT
            assert renderer.describe_hand(copy.deepcopy(private)) == hand
            # The board's words come from the public part only: a seat's view gives the same text.
            assert renderer.describe_board(private) == text


def board_description_names_nothing_secret(key: str, renderer: Any, seed: int) -> None:
    game = GAMES[key]
    history = random_game(key, seed)
    for state in [*history[::max(1, len(history) // 60)], history[-1]]:
        public = game.view(state, None)
        text = renderer.describe_board(public)
        seen = names_in(public, set())
        for seat in range(game.max_players):
            secret = names_in(game.view(state, seat), set()) - seen
            leaked = sorted(name for name in secret if name and name in text)
            assert not leaked, (seat, leaked)


def descriptions_are_cut_gracefully(key: str, renderer: Any) -> None:
    sentences = [f"Sentence number {n} says something about the board." for n in range(60)]
    text = common.join_description(sentences)
    assert len(text) <= DESCRIPTION_LIMIT and text.endswith("…")
    assert text.startswith("Sentence number 0 says")
    with pytest.raises(ValueError, match="spectator"):
        renderer.describe_hand(GAMES[key].view(random_game(key, 11)[0], None))
