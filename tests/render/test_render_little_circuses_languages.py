"""Little Circuses pictures in other languages: every word drawn on the board and hand images (and their alt
texts) read in the pseudo-language leaves no English, and in the pseudo-language (a third longer) and German
every word stays inside its picture and its player's panel, uncut and clear of the words around it.

The words are caught where the renderer draws them (``put_text``, which ``draw_text``, ``chip`` and
``render.words`` all go through), with the box each covers and the picture it is drawn on."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageDraw

from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT
from render import common, words
from render import little_circuses as lcr
from render.common import Box, text_box
from render.little_circuses import circus, header, tiles, track
from rules.little_circuses.game import LittleCircuses

from render_scaffold import played

GAME = LittleCircuses()
# Player names without ASCII letters: whatever plain English is drawn escaped the catalogue.
PLAYERS = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé")
CACHES = (tiles.tile_sprite, tiles.tile_back_sprite, track.space_sprite, header.card_sprite, header.legend_strip)


@dataclass(frozen=True)
class Drawn:
    text: str
    box: Box
    size: tuple[int, int]
    """The picture it is drawn on (the board, the hand, or a sprite pasted onto them)."""
    panel: Box | None
    """The player's panel it is drawn in, if any."""
    picture: tuple[int, int]
    """Which picture: the render it was drawn in (``RENDERS``) and the picture's id then."""


RENDERS = [0]
"""The number of the render being drawn (a picture's id may be reused once it is gone)."""


def recorded(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text drawn from now on (the list fills as the renderer draws)."""
    drawn: list[Drawn] = []
    panel: list[tuple[Box, int]] = []
    real_put = common.put_text
    # Every picture drawn on is kept until the test ends: a picture let go could give its id to the next sprite,
    # whose words would then seem to collide with words of another picture.
    alive: list[Any] = []

    def put_text(draw: ImageDraw.ImageDraw, xy: Any, text: str, font: Any, fill: Any, *, anchor: str = "la",
                 stroke: int = 0, stroke_fill: Any = common.PAPER) -> None:
        # A sprite drawn for a panel is a picture of its own: the panel's box holds what is drawn on the board.
        alive.append(draw.im)
        inside = panel[-1][0] if panel and panel[-1][1] == id(draw.im) else None
        drawn.append(Drawn(text, text_box(xy, text, font, anchor=anchor, stroke=stroke), draw.im.size, inside,
                           (RENDERS[0], id(draw.im))))
        real_put(draw, xy, text, font, fill, anchor=anchor, stroke=stroke, stroke_fill=stroke_fill)

    real_panel = circus.draw_panel

    def draw_panel(image: Any, draw: Any, box: Box, *args: Any) -> None:
        panel.append((box, id(draw.im)))
        try:
            real_panel(image, draw, box, *args)
        finally:
            panel.pop()

    monkeypatch.setattr(common, "put_text", put_text)
    monkeypatch.setattr(words, "put_text", put_text)
    for part in pkgutil.iter_modules(lcr.__path__):
        module = importlib.import_module(f"{lcr.__name__}.{part.name}")
        if hasattr(module, "put_text"):
            monkeypatch.setattr(module, "put_text", put_text)
    monkeypatch.setattr(circus, "draw_panel", draw_panel)
    return drawn


@pytest.fixture
def fresh_sprites() -> Iterator[None]:
    """Sprites drawn anew (so their words are seen), and none of this test's kept for the next."""
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


def moments(players: int, side: str, seed: int) -> list[Any]:
    history = played("little_circuses", PLAYERS[:players], (("special_side", side),), seed)
    return [history[int((len(history) - 1) * share)] for share in (0.0, 0.3, 0.6, 1.0)]


CASES = [(1, "blue", 2), (3, "red", 4), (5, "red", 6)]


def draw_everything(state: Any) -> None:
    RENDERS[0] += 1
    lcr.render_image(GAME.view(state, None))
    for seat in range(len(state.players)):
        RENDERS[0] += 1
        lcr.render_hand_image(GAME.view(state, seat))
    RENDERS[0] += 1
    assert list(lcr.render_board_parts(GAME.view(state, None)))


@pytest.mark.parametrize(("players", "side", "seed"), CASES)
def test_no_english_is_drawn_or_described_in_the_pseudo_language(players: int, side: str, seed: int,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  fresh_sprites: None) -> None:
    drawn = recorded(monkeypatch)
    with speaking("qps"):
        for state in moments(players, side, seed):
            draw_everything(state)
            described = [lcr.describe_board(GAME.view(state, None))]
            described += [lcr.describe_hand(GAME.view(state, seat)) for seat in range(players)]
            for text in described:
                assert not ENGLISH_LEFT.search(text), text
    texts = {d.text for d in drawn}
    assert len(texts) > 100
    left = sorted(text for text in texts if ENGLISH_LEFT.search(text))
    assert not left


def test_the_recording_catches_english_drawn(monkeypatch: pytest.MonkeyPatch, fresh_sprites: None) -> None:
    """Proof the check can fail: a word drawn without the catalogue is seen."""
    drawn = recorded(monkeypatch)
    monkeypatch.setattr(circus, "tr", lambda message, **fields: message.format(**fields))
    with speaking("qps"):
        lcr.render_image(GAME.view(moments(3, "red", 4)[1], None))
    assert "Bleacher" in {d.text for d in drawn}


def overlapping(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 - 1 and b.x0 < a.x1 - 1 and a.y0 < b.y1 - 1 and b.y0 < a.y1 - 1


@pytest.mark.parametrize("language", ["en", "qps", "de"])
@pytest.mark.parametrize(("players", "side", "seed"), CASES)
def test_words_stay_in_their_picture_and_panel_uncut_and_apart(players: int, side: str, seed: int, language: str,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              fresh_sprites: None) -> None:
    drawn = recorded(monkeypatch)
    with speaking(language):
        for state in moments(players, side, seed):
            draw_everything(state)
    assert drawn
    for d in drawn:
        width, height = d.size
        assert d.box.x0 >= 0 and d.box.x1 <= width and d.box.y0 >= 0 and d.box.y1 <= height, d
        if d.panel is not None:
            assert d.panel.x0 <= d.box.x0 and d.box.x1 <= d.panel.x1, d
            assert d.panel.y0 <= d.box.y0 and d.box.y1 <= d.panel.y1, d
    # Nothing is cut short but a card's effect words, which the cards' width cuts in English too.
    effect_chips = {header.EFFECT_WORDS[e] for e in header.EFFECT_WORDS}
    cut = {d.text for d in drawn if d.text.endswith("…")}
    with speaking(language):
        effect_chips = {tr(text) for text in effect_chips}
    assert all(any(chip.startswith(text[:-1]) for chip in effect_chips) for text in cut), sorted(cut)
    # Words on one picture never overlap.
    by_picture: dict[tuple[int, int], list[Drawn]] = {}
    for d in drawn:
        by_picture.setdefault(d.picture, []).append(d)
    for texts in by_picture.values():
        unique = list({(d.text, d.box): d for d in texts}.values())
        for i, a in enumerate(unique):
            for b in unique[i + 1:]:
                assert not overlapping(a.box, b.box), (a, b)
