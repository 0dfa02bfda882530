"""Circus Train's pictures in every language: every word drawn on a board or a hand, recorded as it is drawn,
comes from the catalogue (the pseudo-language leaves no English), and stays inside its picture and its panel
without running into another word, however much longer the language's words are. German boards too."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render.common
import render.words
from lang import speaking
from lang.pseudo import ENGLISH_LEFT, pseudo
from render import circus_train as ct
from render.circus_train import board, header, panels
from render.common import Box, text_box
from render.fonts import font
from rules.circus_train.game import CircusTrain

from render_scaffold import played

GAME = CircusTrain()
# No ASCII letters in the players' names: every ASCII word left on a picture escaped the catalogue.
PLAYERS = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé")
ALL = {"advanced": True, "special_characters": True, "events": True}
GAMES = [(5, ALL), (2, {}), (3, {"easier": True}), (1, {"advanced": True})]


@dataclass(frozen=True)
class Drawn:
    text: str
    box: Box
    picture: tuple[int, int]  # the size of the picture it was drawn on
    picture_id: int
    panel: Box | None  # the player panel it belongs to, if drawn inside one


def states(players: int, options: dict[str, bool]) -> tuple[Any, ...]:
    return played("circus_train", PLAYERS[:players], tuple(sorted(options.items())), 7)


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line or word the renderer draws from now on, with the box it covers. Every text reaches the picture
    through ``render.common.put_text`` (``draw_text``, chips, ``put_words`` a word at a time), so that is watched
    wherever it is bound; the drawings kept once per process (map, legend, calendar) are drawn anew."""
    drawn: list[Drawn] = []
    panel: list[Box] = []
    alive: list[Any] = []  # pictures drawn on, kept so that no later sprite is given a gone picture's id
    real_put = render.common.put_text
    real_panel = board.draw_panel

    def put(draw: ImageDraw.ImageDraw, xy: Any, text: str, font: Any, fill: Any, *, anchor: str = "la",
            stroke: int = 0, stroke_fill: Any = render.common.PAPER) -> None:
        real_put(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)
        size = draw.im.size
        alive.append(draw.im)
        drawn.append(Drawn(text, text_box(xy, text, font, anchor=anchor, stroke=stroke), (size[0], size[1]),
                           id(draw.im), panel[-1] if panel else None))

    def in_panel(image: Any, draw: Any, box: Box, *args: Any, **kwargs: Any) -> None:
        panel.append(box)
        try:
            real_panel(image, draw, box, *args, **kwargs)
        finally:
            panel.pop()

    for module in (render.common, render.words, header):
        monkeypatch.setattr(module, "put_text", put)
    monkeypatch.setattr(board, "draw_panel", in_panel)
    caches = (ct.base_map, panels.legend_strip, header._calendar_looks, render.common._text_mask)
    for cached in caches:
        cached.cache_clear()
    try:
        yield drawn
    finally:
        for cached in caches:
            cached.cache_clear()


def _inside(inner: Box, outer: Box, spare: float = 1.0) -> bool:
    return (inner.x0 >= outer.x0 - spare and inner.y0 >= outer.y0 - spare and inner.x1 <= outer.x1 + spare
            and inner.y1 <= outer.y1 + spare)


def _overlap(a: Box, b: Box, spare: float = 1.0) -> bool:
    return min(a.x1, b.x1) - max(a.x0, b.x0) > spare and min(a.y1, b.y1) - max(a.y0, b.y0) > spare


def misplaced(drawn: list[Drawn]) -> list[str]:
    """Words drawn past their picture's or panel's edge, and words drawn over each other."""
    found = []
    for item in drawn:
        if item.text.strip() and not _inside(item.box, Box(0, 0, *item.picture)):
            found.append(f"outside its picture: {item.text!r} {item.box}")
        if item.panel is not None and item.text.strip() and not _inside(item.box, item.panel):
            found.append(f"outside its panel: {item.text!r} {item.box} in {item.panel}")
    words = sorted((item for item in drawn if item.text.strip()), key=lambda item: (item.picture_id, item.box.x0))
    for index, item in enumerate(words):
        for other in words[index + 1:]:
            if other.picture_id != item.picture_id or other.box.x0 >= item.box.x1:
                break
            if _overlap(item.box, other.box) and item.text != other.text:
                found.append(f"over each other: {item.text!r} {item.box} and {other.text!r} {other.box}")
    return found


def pictures(players: int, options: dict[str, bool]) -> list[tuple[str, Any]]:
    """Boards from the set-up to the end of a seeded game, and a hand from its middle."""
    history = states(players, options)
    picks = [history[min(len(history) - 1, int(len(history) * where))] for where in (0.0, 0.3, 0.6, 1.0)]
    made: list[tuple[str, Any]] = [("board", GAME.view(state, None)) for state in picks]
    made.append(("hand", GAME.view(history[len(history) // 2], 0)))
    return made


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_every_word_drawn_in_the_pseudo_language_comes_from_the_catalogue_and_fits(
        monkeypatch: pytest.MonkeyPatch, players: int, options: dict[str, bool]) -> None:
    with speaking("qps"), recording(monkeypatch) as drawn:
        for kind, view in pictures(players, options):
            start = len(drawn)
            if kind == "board":
                ct.render_image(view)
                description = ct.describe_board(view)
            else:
                ct.render_hand_image(view)
                description = ct.describe_hand(view)
            assert not ENGLISH_LEFT.search(description), description
            assert len(description) <= 1024
            english = sorted({item.text for item in drawn[start:] if ENGLISH_LEFT.search(item.text)})
            assert not english, f"{kind}: {english}"
            assert not misplaced(drawn[start:]), "\n".join(misplaced(drawn[start:])[:20])
        # The map's names, the legend and the banks were drawn, and recorded, too.
        texts = {item.text for item in drawn}
        assert len(drawn) > 300 and {pseudo("Boston"), pseudo("Talent Bank:"), pseudo("Canadian")} <= texts


def test_the_recording_finds_english_and_words_past_an_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = Image.new("RGB", (40, 20))
    with recording(monkeypatch) as drawn:
        render.common.draw_text(ImageDraw.Draw(probe), (10, 2), "Perform here", font(20))
    assert [item.text for item in drawn] == ["Perform here"]
    assert ENGLISH_LEFT.search(drawn[0].text) and misplaced(drawn)


@pytest.mark.parametrize(("players", "options"), GAMES[:2])
def test_german_boards_and_hands_fit(monkeypatch: pytest.MonkeyPatch, players: int, options: dict[str, bool]) -> None:
    with speaking("de"), recording(monkeypatch) as drawn:
        for kind, view in pictures(players, options):
            start = len(drawn)
            (ct.render_image if kind == "board" else ct.render_hand_image)(view)
            assert not misplaced(drawn[start:]), "\n".join(misplaced(drawn[start:])[:20])
        texts = {item.text for item in drawn}
        assert "Artistenbank:" in texts and any(text.startswith("Gespielt:") for text in texts)
    with speaking("de"):
        view = GAME.view(states(players, options)[30], None)
        assert ct.describe_board(view).startswith("Spielplan von Circus Train, ")


def test_english_pictures_are_the_same_after_drawing_other_languages() -> None:
    view = GAME.view(states(5, ALL)[200], None)
    english = ct.render_image(view).tobytes()
    with speaking("de"):
        german = ct.render_image(view).tobytes()
    with speaking("qps"):
        pseudo = ct.render_image(view).tobytes()
    assert german != english and pseudo != english
    assert ct.render_image(view).tobytes() == english
