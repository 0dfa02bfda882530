"""Der Wanderzirkus pictures in the pseudo-language and in German: every string handed to the drawing calls is
recorded, and none may be English that escaped the catalogue; every one must lie inside its picture (the board,
the hand, a card's or a city's sprite), and on the board and the hand no two may overlap, so a lengthened text
was wrapped or fitted rather than run over its neighbours or off the edge. Alt texts are read too."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageDraw

import render.common
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from render.common import Font, text_anchor
from render.wanderzirkus import board as board_module
from render.wanderzirkus import cards, header
from render.wanderzirkus.board import render_image
from render.wanderzirkus.describe import describe_board, describe_hand
from render.wanderzirkus.hand import render_hand_image
from rules.wanderzirkus.content import load_content
from rules.wanderzirkus.game import Wanderzirkus
from rules.wanderzirkus.names import city_name

from render_scaffold import played

GAME = Wanderzirkus()
NAMES = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé", "Ƒŕåñķ")
CASES = [(1, (("pro", True),)), (3, (("simplified", True),)), (4, (("pro", True),)), (6, ())]
# Where in a game the pictures are drawn (shares of its decisions), so every phase comes up.
MOMENTS = (0.0, 0.08, 0.2, 0.35, 0.5, 0.62, 0.8, 0.93, 1.0)
# Words German writes as English does: loanwords (Artist, Show, Solo, Pause, Clowns), the title, "in" and "West".
SHARED_WORDS = {"Artist", "Show", "Shows", "Solo", "Pause", "PAUSE", "Clowns", "Der", "Wanderzirkus", "West", "in"}


@dataclass(frozen=True)
class Drawn:
    text: str
    box: tuple[float, float, float, float]
    canvas: tuple[int, int]


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every ``put_text`` call of the renderers (all their text goes through it), with the box its ink covers,
    drawn from empty caches so the cards' and the legend's sprites are drawn anew in the language spoken."""
    original = render.common.put_text
    found: list[Drawn] = []

    def put_text(draw: ImageDraw.ImageDraw, xy: Any, text: str, font: Font, fill: Any, *, anchor: str = "la",
                 stroke: int = 0, stroke_fill: Any = render.common.PAPER) -> None:
        x, y = text_anchor(xy)
        left, top, right, bottom = font.getbbox(text, anchor=anchor, stroke_width=stroke)
        if text.strip():
            found.append(Drawn(text, (x + left, y + top, x + right, y + bottom), draw.im.size))
        original(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)

    for name, module in list(sys.modules.items()):
        if name.startswith("render") and getattr(module, "put_text", None) is original:
            monkeypatch.setattr(module, "put_text", put_text)
    for cached in (cards.artist_sprite, cards.card_back, cards._city_sprite, header._legend, board_module._board_png):
        cached.cache_clear()
    yield found
    for cached in (cards.artist_sprite, cards.card_back, cards._city_sprite, header._legend, board_module._board_png):
        cached.cache_clear()


def views() -> Iterator[tuple[str, dict[str, Any]]]:
    """("board"/"hand", view) at moments of seeded games of every mode, and each seat's hand the first time
    it is asked each kind of decision (an effect, a card looked at, an acrobat's place, a purchase, ...)."""
    for players, options in CASES:
        history = played("wanderzirkus", NAMES[:players], options, 1)
        for moment in MOMENTS:
            state = history[min(len(history) - 1, round((len(history) - 1) * moment))]
            yield "board", GAME.view(state, None)
            for seat in sorted(GAME.to_act(state))[:2] or [0]:
                yield "hand", GAME.view(state, seat)
        asked: set[tuple[Any, ...]] = set()
        for state in history:
            for seat in sorted(GAME.to_act(state)):
                circus = state.circuses[seat]
                decision = (state.phase, state.spend_step, circus.step, circus.effect, circus.peek_side)
                if decision not in asked:
                    asked.add(decision)
                    yield "hand", GAME.view(state, seat)


def _draw(kind: str, view: dict[str, Any]) -> tuple[tuple[int, int], str]:
    image = render_image(view) if kind == "board" else render_hand_image(view)
    return image.size, describe_board(view) if kind == "board" else describe_hand(view)


def _overlapping(drawn: list[Drawn]) -> list[tuple[str, str]]:
    """Pairs of texts on one canvas whose ink boxes overlap by more than a pixel each way."""
    pairs = []
    ordered = sorted(drawn, key=lambda d: d.box[0])
    for index, a in enumerate(ordered):
        for b in ordered[index + 1:]:
            if b.box[0] > a.box[2] - 1.5:
                break
            if min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) > 1.5:
                pairs.append((a.text, b.text))
    return pairs


def _check_fitting(drawn: list[Drawn], size: tuple[int, int]) -> None:
    for d in drawn:
        width, height = d.canvas
        assert d.box[0] >= -1 and d.box[1] >= -1 and d.box[2] <= width + 1 and d.box[3] <= height + 1, (
            f"{d.text!r} at {d.box} leaves its {width}×{height} picture")
    on_picture = [d for d in drawn if d.canvas == size]
    assert on_picture
    assert not _overlapping(on_picture)


@pytest.mark.parametrize("language", ["en", "qps", "de"])
def test_every_drawn_word_is_translated_and_fits(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    english_words: set[str] = set()
    with recorded(monkeypatch) as drawn:
        for kind, view in views():
            drawn.clear()
            with speaking("en"):
                _draw(kind, view)
            english_words |= {word for d in drawn for word in ENGLISH_LEFT.findall(d.text)}
            drawn.clear()
            with speaking(language):
                size, alt = _draw(kind, view)
            _check_fitting(drawn, size)
            if language == "en":
                continue
            with speaking("de"):
                same_in_german = SHARED_WORDS | {word for city in load_content().cities.values()
                                                 for word in city_name(city.name).split()}
            for d in drawn:
                left = ENGLISH_LEFT.findall(d.text)
                if language == "qps":
                    assert not left, f"{kind}: {d.text!r}"
                else:
                    assert not (set(left) & english_words) - same_in_german, f"{kind}: {d.text!r}"
            if language == "qps":
                assert not ENGLISH_LEFT.findall(alt), alt
            else:
                assert not (set(ENGLISH_LEFT.findall(alt)) & english_words) - same_in_german, alt


def test_the_recording_finds_english_and_overlaps() -> None:
    """The checks above can fail: an English word and two texts drawn over each other are found."""
    assert ENGLISH_LEFT.findall("Ŕööûñð 2 · Artist stack 4") == ["Artist", "stack"]
    drawn = [Drawn("Ŕööûñð", (10, 10, 80, 30), (100, 100)), Drawn("ŠţööþþéÐ", (60, 12, 120, 28), (100, 100))]
    assert _overlapping(drawn) == [("Ŕööûñð", "ŠţööþþéÐ")]
    with pytest.raises(AssertionError):
        _check_fitting(drawn, (100, 100))

