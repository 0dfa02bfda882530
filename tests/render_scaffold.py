"""What each game's render tests (``tests/render/test_render_<game>.py``) build on: the states of a seeded game
played to its end by the automatic players, a PNG's size read from its header, the checks every board PNG
must pass, the same bytes once the renderer's caches are emptied, and the text sizes a renderer asks its
fonts for. The checks that are the same for all four games run once per game in
``tests/render/test_render_games.py``; what is particular to one game stays in its own file.

The automatic players pick seats and actions exactly as ``python -m rules simulate`` does (``rules.cli``), so
a view that fails here can be replayed there with the same seed.
"""

from __future__ import annotations

import copy
import importlib
import io
import pkgutil
import struct
from collections.abc import Callable, Iterable
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from render import fonts
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.registry import get_game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

View = dict[str, Any]


@cache
def played(key: str, names: tuple[str, ...], options: tuple[tuple[str, Any], ...], seed: int) -> tuple[Any, ...]:
    """Every state of a seeded game of ``key`` played to its end by the automatic players (kept: several
    tests of a file draw from the same game)."""
    game = get_game(key)
    state = game.new_game(list(names), dict(options), seed)
    rng = chooser_rng(seed)
    history: list[Any] = [state]
    while not game.is_over(state):
        seat = pick_seat(game, state, rng)
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, pick_action(game, state, seat, legal, rng, auto=True))
        history.append(state)
    return tuple(history)


def first(history: Iterable[Any], test: Callable[..., bool]) -> Any:
    """The first state of a game that passes ``test`` (a test that needs a moment the game never reached fails)."""
    found = next((state for state in history if test(state)), None)
    assert found is not None, "no state of this game passes the test"
    return found


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height from its header (the signature and IHDR first, as the format wants)."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def check_board_png(data: bytes, max_bytes: int) -> tuple[int, int]:
    """A board's PNG: under ``max_bytes`` and decoding to the size its header gives. Its width and height."""
    width, height = png_size(data)
    assert len(data) < max_bytes
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.size == (width, height)
    return width, height


def same_bytes_after_clearing(render_board: Callable[[View], bytes], view: View,
                              caches: Iterable[Any]) -> bytes:
    """The same view gives the same bytes: drawn again, drawn from a copy, and drawn once every cache of
    the renderer (``functools.cache`` functions) has been emptied. The bytes."""
    data = render_board(view)
    assert render_board(copy.deepcopy(view)) == data
    for cached in caches:
        cached.cache_clear()
    assert render_board(view) == data
    return data


def record_font_sizes(monkeypatch: pytest.MonkeyPatch, package: ModuleType) -> list[int]:
    """Every text size the renderer ``package`` asks for from now on (the list fills as it draws). Each part
    of a renderer binds ``font`` itself, so each part's name is watched, and ``render.fonts`` too."""
    sizes: list[int] = []
    real = fonts.font

    def recording(size: int, bold: bool = False, condensed: bool = False) -> Any:
        sizes.append(size)
        return real(size, bold, condensed)

    for part in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{part.name}")
        if hasattr(module, "font"):
            monkeypatch.setattr(module, "font", recording)
    monkeypatch.setattr(fonts, "font", recording)
    return sizes
