"""Every game's words fit its pictures in every language: each game's board and hands are drawn in English,
German and the pseudo-language (about a third longer than English), and every text drawn is measured
(``render.words.recording``): none may leave its picture (or the box its drawing declared), no two may
cover each other, and in the pseudo-language none may hold English that escaped the catalogue.

The boards are drawn from seeded games the automatic players play (tests/render_scaffold.py) at a table of
four (Dreadful Circus' smallest), with player names in no ASCII letter, so that any English left in a
picture is the renderer's own.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from render.words import DrawnText, recording
from rules.registry import get_game

from render_scaffold import played

KEYS = ["circus_train", "wanderzirkus", "little_circuses", "dreadful_circus"]
LANGUAGES = ["en", "de", "qps"]
NAMES = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé")
SEED = 7
OVERLAP = 2.0
"""Pixels two texts' boxes may share each way (their fonts' boxes include a little air around the ink)."""
OUTSIDE = 1.0
"""Pixels a text's box may reach past its picture (a box rounds outwards)."""


def forget_drawings() -> None:
    """Every renderer's kept pictures and measures forgotten, so each language draws (and measures) anew: a
    picture kept from English would otherwise be pasted into the German board without being drawn."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


@cache
def views(key: str) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
    """(spectator view, each seat's view) at a few moments of the seeded game: early, midway, the end."""
    game = get_game(key)
    history = played(key, NAMES, (), SEED)
    moments = [history[min(len(history) - 1, 3)], history[len(history) // 2], history[-1]]
    return tuple((game.view(state, None), tuple(game.view(state, seat) for seat in range(len(NAMES))))
                 for state in moments)


def drawn_texts(key: str, language: str) -> list[DrawnText]:
    """Every text of the game's boards and hands, drawn in ``language``."""
    renderer = importlib.import_module(f"render.{key}")
    forget_drawings()
    with speaking(language), recording() as drawn:
        for board, seats in views(key):
            renderer.render_image(board)
            for seat_view in seats:
                renderer.render_hand_image(seat_view)
    return drawn


@cache
def measured(key: str, language: str) -> tuple[DrawnText, ...]:
    return tuple(drawn_texts(key, language))


def outside(text: DrawnText) -> float:
    box, within = text.box, text.within
    return max(within.x0 - box.x0, within.y0 - box.y0, box.x1 - within.x1, box.y1 - within.y1)


def collisions(texts: tuple[DrawnText, ...]) -> Iterator[tuple[DrawnText, DrawnText]]:
    """Pairs of texts on one picture whose boxes overlap by more than ``OVERLAP`` both ways."""
    by_picture: dict[int, list[DrawnText]] = {}
    for text in texts:
        if text.text.strip():
            by_picture.setdefault(id(text.picture), []).append(text)
    for group in by_picture.values():
        ordered = sorted(group, key=lambda text: text.box.x0)
        for index, first in enumerate(ordered):
            for second in ordered[index + 1:]:
                if second.box.x0 >= first.box.x1 - OVERLAP:
                    break
                wide = min(first.box.x1, second.box.x1) - max(first.box.x0, second.box.x0)
                tall = min(first.box.y1, second.box.y1) - max(first.box.y0, second.box.y0)
                if wide > OVERLAP and tall > OVERLAP and first.box != second.box:
                    yield first, second


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_every_text_stays_inside_its_picture(key: str, language: str) -> None:
    texts = measured(key, language)
    assert texts, "nothing was drawn: the recording saw no text"
    out = sorted({(text.text, round(outside(text), 1)) for text in texts if outside(text) > OUTSIDE})
    assert not out, f"{key} in {language}: texts leave their picture (text, pixels outside): {out[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_no_two_texts_cover_each_other(key: str, language: str) -> None:
    found = sorted({(a.text, b.text) for a, b in collisions(measured(key, language))})
    assert not found, f"{key} in {language}: texts drawn over each other: {found[:20]}"


def test_the_measure_sees_a_text_leave_its_picture_and_two_texts_collide() -> None:
    """The checks themselves: a text drawn half off a picture, and two drawn on the same spot, are found."""
    from PIL import Image, ImageDraw

    from render import fonts
    from render.common import draw_text

    with recording() as drawn:
        draw = ImageDraw.Draw(Image.new("RGB", (100, 40)))
        draw_text(draw, (60, 10), "Acrobats", fonts.font(18))
        draw_text(draw, (64, 12), "Horses", fonts.font(18))
    assert outside(drawn[0]) > OUTSIDE
    assert [(a.text, b.text) for a, b in collisions(tuple(drawn))] == [("Acrobats", "Horses")]


def english_left(texts: tuple[DrawnText, ...]) -> list[str]:
    return sorted({text.text for text in texts if ENGLISH_LEFT.search(text.text)})


def test_no_english_is_drawn_in_the_pseudo_language() -> None:
    """Every game at once, so that the report lists what each game still draws in English."""
    leaks = {key: english_left(measured(key, "qps")) for key in KEYS}
    report = "\n".join(f"{key}: {len(found)} texts in English: {found}" for key, found in leaks.items() if found)
    assert not report, "English drawn in the pseudo-language:\n" + report


def test_the_pseudo_language_check_finds_english() -> None:
    from PIL import Image, ImageDraw

    from render import fonts
    from render.common import draw_text

    with speaking("qps"), recording() as drawn:
        draw = ImageDraw.Draw(Image.new("RGB", (400, 40)))
        draw_text(draw, (4, 4), "Wages due", fonts.font(18))
    assert english_left(tuple(drawn)) == ["Wages due"]
