"""What every game's images must do, checked once for each of the four games (a failure names the game):
the renderer imports neither Discord nor the store, every image of a game at its biggest table fits a
phone, the alt texts are short, deterministic, name every player and nothing only a seat may see, and a
long one is cut gracefully. Also the drawing helpers all four share (``render.common``, ``render.fonts``).

Each game's own checks (its layout, its hidden information, its variants) are in
``test_render_<game>.py``; the scaffold they build on is ``tests/render_scaffold.py``.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from render import common, fonts
from render import little_circuses as lcr

import render_checks
from repo_paths import REPO

KEYS = ["circus_train", "wanderzirkus", "little_circuses", "dreadful_circus"]


def renderer(key: str) -> Any:
    return importlib.import_module(f"render.{key}")


def little_circuses_boards(view: Any) -> list[bytes]:
    """Little Circuses' board comes in parts (the players' panels below the track at big tables): each part
    must fit, and the first is the board itself."""
    parts = lcr.render_board_parts(view)
    assert parts[0] == lcr.render_board(view)
    return parts


BOARD_IMAGES: dict[str, Callable[[Any], list[bytes]]] = {"little_circuses": little_circuses_boards}


@pytest.mark.parametrize("key", KEYS)
def test_render_imports_neither_discord_nor_the_database(key: str) -> None:
    code = (f"import sys, render.{key}, render.common, render.fonts; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'db', 'aiosqlite', 'sqlite3')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


# ----- phone-sized images and alt text at the biggest table (the checks: tests/render_checks.py) -----


@pytest.mark.parametrize("seed", [11])
@pytest.mark.parametrize("key", KEYS)
def test_every_image_of_a_biggest_table_game_is_phone_sized(key: str, seed: int) -> None:
    render_checks.every_image_is_phone_sized(key, renderer(key), seed, BOARD_IMAGES.get(key))


@pytest.mark.parametrize("seed", [21])
@pytest.mark.parametrize("key", KEYS)
def test_descriptions_are_short_deterministic_and_name_every_player(key: str, seed: int) -> None:
    render_checks.descriptions_are_short_deterministic_and_name_every_player(key, renderer(key), seed)


@pytest.mark.parametrize("seed", [31, 32])
@pytest.mark.parametrize("key", KEYS)
def test_the_board_description_names_nothing_only_a_seat_may_see(key: str, seed: int) -> None:
    render_checks.board_description_names_nothing_secret(key, renderer(key), seed)


@pytest.mark.parametrize("key", KEYS)
def test_descriptions_are_cut_gracefully_at_the_limit(key: str) -> None:
    render_checks.descriptions_are_cut_gracefully(key, renderer(key))


# ----- the shared drawing helpers ------------------------------------------------------------------


def test_player_marks_pair_colour_with_a_distinct_shape_and_label() -> None:
    marks = common.player_marks(["Anna", "Anne", "Bob", "🎪", "Émile"])
    assert len({m.colour for m in marks}) == len({m.shape for m in marks}) == 5
    assert len({m.label for m in marks}) == 5
    assert marks[3].name == "Player 4"  # nothing drawable left in the name
    assert marks[4].label == "É"


def test_eight_seats_get_eight_distinct_marks() -> None:
    marks = common.player_marks(["Anna", "Anne", "Bob", "🎪", "Émile", "Finn", "Gwen", "Gus"])
    assert len({m.label for m in marks}) == 8
    assert len({(m.colour, m.shape) for m in marks}) == 8
    assert marks[3].name == "Player 4"


def test_fonts_ship_with_the_package() -> None:
    folder = Path(render.__file__).parent / "fonts"
    for name in fonts.FONT_FILES:
        assert (folder / name).is_file()
        assert fonts.font_bytes(name) == (folder / name).read_bytes()
    assert "Bitstream Vera" in (folder / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert fonts.font(20).getlength("Circus") > 0


def test_to_png_keeps_few_colour_images_exact() -> None:
    image = Image.new("RGB", (64, 32), (10, 20, 30))
    image.paste((200, 100, 50), (0, 0, 32, 32))
    data = common.to_png(image)
    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.mode == "P"
        assert decoded.convert("RGB").tobytes() == image.tobytes()


def test_to_png_keeps_full_colour_when_a_palette_would_blur_it() -> None:
    image = Image.new("RGB", (96, 96))
    image.putdata([((x * 37) % 256, (y * 53) % 256, (x * y) % 256) for y in range(96) for x in range(96)])
    with Image.open(io.BytesIO(common.to_png(image))) as decoded:
        assert decoded.mode == "RGB"
        assert decoded.tobytes() == image.tobytes()
