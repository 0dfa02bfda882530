"""Dreadful Circus pictures in the pseudo-language and in German: every word drawn on a board or a hand and
every alt text comes from the catalogue (no plain English letters), every word stays inside its image and
the panel or chip it is written in, no two words are drawn over each other, and a seat's view still draws
the public board exactly as a spectator's does (hidden wagons and bids stay hidden in every language).

Drawn text is recorded where every renderer's text ends up: ``render.common._text_mask`` (the text) and
the ``bitmap`` call that stamps it (where), and each ``rounded_panel`` (the boxes text must stay in).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import ImageDraw

import lang.speech
from lang import speaking
from lang.pseudo import ENGLISH_LEFT
from render import common
from render import dreadful_circus as dc
from render.dreadful_circus import board, cards, hand, offers, panels
from rules.registry import get_game

from dreadful_circus_helpers import LookedUp
from render_scaffold import played

GAME = get_game("dreadful_circus")
NAMES = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðéé", "Éṽé", "Ƒîţž", "Ĝûš", "Ĥåļ")
Box = tuple[float, float, float, float]


@dataclass
class Drawing:
    """What one picture's drawing calls put where, per target image (a card is drawn on its own sprite)."""

    texts: list[tuple[int, str, Box]] = field(default_factory=list)
    panels: list[tuple[int, Box]] = field(default_factory=list)
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict)
    words: set[str] = field(default_factory=set)
    count: int = 0

    def checked(self) -> list[str]:
        """The problems of the picture just drawn, then a clean slate for the next (images of pictures
        drawn earlier are gone, and their ids may be reused)."""
        found = _problems(self)
        self.words |= {text for _, text, _ in self.texts}
        self.count += len(self.texts)
        self.texts, self.panels, self.sizes = [], [], {}
        return found


@pytest.fixture
def drawing(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawing]:
    record = Drawing()
    masks: dict[int, str] = {}
    # Masks and pictures seen are kept until the test ends, so that no id is given again to another one meanwhile.
    alive: list[Any] = []
    real_mask = common._text_mask
    real_bitmap = ImageDraw.ImageDraw.bitmap
    real_panel = common.rounded_panel

    def mask(text: str, font: Any, anchor: str, stroke: int) -> Any:
        found = real_mask(text, font, anchor, stroke)
        if found[0] is not None:
            alive.append(found[0])
            masks[id(found[0])] = text
        return found

    def bitmap(self: ImageDraw.ImageDraw, xy: Any, image: Any, fill: Any = None) -> None:
        text = masks.get(id(image))
        if text is not None:
            alive.append(self.im)
            record.sizes[id(self.im)] = self.im.size
            record.texts.append((id(self.im), text, (xy[0], xy[1], xy[0] + image.width, xy[1] + image.height)))
        real_bitmap(self, xy, image, fill)

    def panel(draw: ImageDraw.ImageDraw, box: Any, **kwargs: Any) -> None:
        alive.append(draw.im)
        record.panels.append((id(draw.im), (box.x0, box.y0, box.x1, box.y1)))
        real_panel(draw, box, **kwargs)

    monkeypatch.setattr(common, "_text_mask", mask)
    monkeypatch.setattr(ImageDraw.ImageDraw, "bitmap", bitmap)
    for module in (common, board, cards, hand, offers, panels):
        if hasattr(module, "rounded_panel"):
            monkeypatch.setattr(module, "rounded_panel", panel)
    # Cards and chips are drawn once and pasted: drawn afresh here, so their words are recorded.
    cards._card_sprite.cache_clear()
    cards._chip_sprite.cache_clear()
    yield record
    cards._card_sprite.cache_clear()
    cards._chip_sprite.cache_clear()


def _views(players: int, draft: bool, seed: int) -> Iterator[tuple[Any, int | None]]:
    """Public and private views from a seeded game: a spread of moments, the phases' first states, the end."""
    history = played("dreadful_circus", NAMES[:players], (("draft", draft),), seed)
    picked: dict[str, Any] = {}
    for state in history:
        key = state.phase + (":inspecting" if state.phase == "sell" and state.offers[state.selling].inspecting
                             is not None else "") + (":task" if state.tasks else "")
        picked.setdefault(key, state)
    chosen = [*picked.values(), history[len(history) // 3], history[-1]]
    for state in chosen:
        yield GAME.view(state, None), None
        for seat in sorted(GAME.to_act(state)) or [0]:
            yield GAME.view(state, seat), seat


def _inside(inner: Box, outer: Box, slack: float = 1.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _problems(record: Drawing) -> list[str]:
    found = []
    for image, text, box in record.texts:
        width, height = record.sizes[image]
        if not _inside(box, (0, 0, width, height)):
            found.append(f"{text!r} leaves its image: {box} in {width}×{height}")
            continue
        # The innermost panel the word starts in must hold all of it.
        holders = [p for i, p in record.panels if i == image and _inside((box[0], box[1], box[0], box[1]), p)]
        if holders:
            holder = min(holders, key=lambda p: (p[2] - p[0]) * (p[3] - p[1]))
            if not _inside(box, holder, slack=2.0):
                found.append(f"{text!r} leaves its panel: {box} in {holder}")
    for (image_a, text_a, a), (image_b, text_b, b) in itertools.combinations(record.texts, 2):
        # A word's outline and its fill are stamped over each other: the same word, not two.
        outlined = text_a == text_b and (_inside(a, b) or _inside(b, a))
        if image_a == image_b and not outlined and _overlap(a, b) > 12:
            found.append(f"{text_a!r} {a} is drawn over {text_b!r} {b}")
    return found


GAMES = [(4, False, 2), (6, True, 4), (8, False, 6)]


@pytest.mark.parametrize("language", ["qps", "de"])
@pytest.mark.parametrize(("players", "draft", "seed"), GAMES)
def test_every_drawn_word_is_translated_and_fits(drawing: Drawing, monkeypatch: pytest.MonkeyPatch, language: str,
                                                 players: int, draft: bool, seed: int) -> None:
    asked: set[tuple[str | None, str]] = set()
    real = lang.speech.catalogue
    monkeypatch.setattr(lang.speech, "catalogue", lambda code: LookedUp(real(code), asked))
    alt_texts = []
    problems = []
    with speaking(language):
        for view, seat in _views(players, draft, seed):
            board_image = dc.render_image(view)
            problems += drawing.checked()
            alt_texts.append(dc.describe_board(view))
            if seat is not None:
                hand_image = dc.render_hand_image(view)
                problems += drawing.checked()
                alt_texts.append(dc.describe_hand(view))
                del hand_image
            del board_image
    assert drawing.count > 1000
    assert not problems, problems[:8]
    if language == "qps":
        english = sorted(text for text in drawing.words if ENGLISH_LEFT.search(text))
        assert not english, english[:20]
        english = [text for text in alt_texts if ENGLISH_LEFT.search(text)]
        assert not english, english[:3]
    assert all(len(text) <= 1024 for text in alt_texts)
    if language == "de":
        # Every message the pictures looked up has its German (the pseudo-language cannot tell).
        german = lang.speech.read_catalogue("de")
        missing = sorted((str(context), message) for context, message in asked
                         if not (german.get(message, context=context) or german.get(message)))
        assert len(asked) > 100
        assert not missing, missing[:5]


def test_the_recorder_finds_english_and_overflow(drawing: Drawing) -> None:
    """The checks above can fail: an English word and a word past its panel are both found."""
    with speaking("qps"):
        view = GAME.view(played("dreadful_circus", NAMES[:4], (("draft", False),), 2)[5], None)
        dc.render_image(view)
    drawing.texts.append((drawing.texts[0][0], "Offers", (0.0, 0.0, 10.0, 10.0)))
    assert any(ENGLISH_LEFT.search(text) for _, text, _ in drawing.texts)
    image, _, box = drawing.texts[0]
    drawing.texts.append((image, "ŵîîðéé", (box[0], box[1], box[0] + 5000, box[3])))
    assert any("leaves its image" in problem for problem in _problems(drawing))


@pytest.mark.parametrize("language", ["de", "qps"])
def test_a_seat_view_draws_the_public_board_in_every_language(language: str) -> None:
    history = played("dreadful_circus", NAMES[:5], (("draft", False),), 3)
    with speaking(language):
        for state in history[10::25]:
            public = dc.render_board(GAME.view(state, None))
            words = dc.describe_board(GAME.view(state, None))
            for seat in range(5):
                assert dc.render_board(GAME.view(state, seat)) == public
                assert dc.describe_board(GAME.view(state, seat)) == words
