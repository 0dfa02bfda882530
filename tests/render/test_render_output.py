"""What every game's images share on their way out: pictures mapped to the game's fixed palettes stay
crisp, text drawn from the glyph cache is the text Pillow draws on the nearest pixel, the label placer
picks what scoring every candidate would pick, and a replay can be built from pictures instead of PNG
bytes."""

from __future__ import annotations

import importlib
import io
import math
import pkgutil
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render
from render import arena, common, png, replay, words
from render.fonts import font
from render.placer import Placer
from rules.registry import GAMES

from render_checks import moments, random_game
from repo_paths import REPO

KINDS = ("circus_train", "little_circuses", "wanderzirkus", "dreadful_circus")


def _decoded(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image.copy()


@pytest.mark.parametrize("key", KINDS)
def test_each_games_palettes_keep_its_boards_and_hands_crisp(key: str) -> None:
    """The palettes were made from other seeds' pictures (bench/render_palettes.py): on these seeds'
    boards and hands, at the biggest table, the mapped pictures stay within CRISP_ERROR."""
    game = GAMES[key]
    renderer: Any = importlib.import_module(f"render.{key}")
    palette: Any = importlib.import_module(f"render.{key}.palette")
    board_errors: list[float] = []
    hand_errors: list[float] = []
    for state in moments(random_game(key, 5)):
        public = game.view(state, None)
        picture = renderer.board_image(public)
        mapped = png.palette_picture(picture, palette.BOARD)
        board_errors.append(png.picture_error(picture, mapped))
        # What render_board sends is exactly the mapped picture.
        sent = _decoded(renderer.render_board(public))
        assert sent.mode == "P" and sent.size == picture.size
        assert sent.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()
        for seat in (0, game.max_players - 1):
            hand = renderer.render_hand_image(game.view(state, seat))
            hand_errors.append(png.picture_error(hand, png.palette_picture(hand, palette.HAND)))
    for errors in (board_errors, hand_errors):
        assert sum(errors) / len(errors) < common.CRISP_ERROR
        assert max(errors) < common.CRISP_ERROR


def test_a_palette_made_from_flat_pictures_holds_their_colours_exactly() -> None:
    colours = [(233, 228, 216), (34, 30, 28), (230, 159, 0), (86, 180, 233), (0, 158, 115)]
    pictures = []
    for shift in range(3):
        image = Image.new("RGB", (90, 40 + 10 * shift), colours[0])
        for index, colour in enumerate(colours[1:]):
            image.paste(colour, (10 + 20 * index, 5 + shift, 25 + 20 * index, 30))
        pictures.append(image)
    palette = png.palette_of(pictures)
    assert len(palette) == 768
    for image in pictures:
        assert png.picture_error(image, png.palette_picture(image, palette)) == 0
    decoded = _decoded(png.palette_png(pictures[0], palette))
    assert decoded.mode == "P" and decoded.convert("RGB").tobytes() == pictures[0].tobytes()
    with pytest.raises(ValueError):
        png.palette_png(pictures[0], palette[:300])


def test_cached_text_draws_the_pixels_pillow_draws() -> None:
    rng = random.Random(4)
    texts = ["Richmond", "Fame 12", "$5", "▶ TO ACT", "Ag", "É1", " ", "x y", "Wagon 3 · 2 coins"]
    for _ in range(120):
        face = font(rng.choice([16, 21, 23, 30]), bold=rng.random() < 0.5, condensed=rng.random() < 0.3)
        text = rng.choice(texts)
        anchor = rng.choice(["la", "mm", "lm", "rd", "mt", "lt", "rs"])
        stroke = rng.choice([0, 0, 3])
        xy = (rng.choice([100, 100.5, 100.25, 99.7]), rng.choice([50, 50.5, 49.3]))
        fill, outline = rng.choice([((34, 30, 28), (255, 255, 255)), ((255, 255, 255), (255, 255, 255))])
        direct = Image.new("RGB", (320, 120), (233, 228, 216))
        cached = direct.copy()
        # Text stands on the pixel nearest its anchor, so that one mask serves every position.
        pixel = common.text_anchor(xy)
        assert all(abs(p - v) <= 0.5 for p, v in zip(pixel, xy, strict=True))
        ImageDraw.Draw(direct).text(pixel, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke,
                                    stroke_fill=outline)
        box = common.draw_text(ImageDraw.Draw(cached), xy, text, face, fill, anchor=anchor, stroke=stroke,
                               stroke_fill=outline)
        assert cached.tobytes() == direct.tobytes(), (text, anchor, stroke, xy)
        assert box == common.Box(*ImageDraw.Draw(direct).textbbox(pixel, text, font=face, anchor=anchor,
                                                                   stroke_width=stroke))


def test_a_long_line_drawn_word_by_word_reads_as_the_line_drawn_whole() -> None:
    lines = ["Show: 11 artists, ended (4th stop sign) · 54 VP from rounds · 5 coins · no swap token",
             "Score 24 VP — coins 13, majorities 6, sets 0, cards 2", "Deck 13  ·  Contract bag 25  ·  Discards 6"]
    cases = [(lines[0], font(21), "lm", (20.5, 40)), (lines[1], font(20, bold=True), "la", (30, 20)),
             (lines[2], font(21), "mm", (600.3, 40)), (lines[0], font(18), "rm", (1180, 40))]
    for text, face, anchor, xy in cases:
        whole = Image.new("RGB", (1200, 80), (233, 228, 216))
        by_word = whole.copy()
        common.put_text(ImageDraw.Draw(whole), xy, text, face, (34, 30, 28), anchor=anchor)
        words.put_words(ImageDraw.Draw(by_word), xy, text, face, (34, 30, 28), anchor=anchor)
        # Every word in its place: the same ink within a pixel, and its place from the line's own advance.
        ink, word_ink = whole.convert("L").point(lambda v: v < 200).getbbox(), \
            by_word.convert("L").point(lambda v: v < 200).getbbox()
        assert ink is not None and word_ink is not None
        assert all(abs(a - b) <= 1 for a, b in zip(ink, word_ink, strict=True)), (text, ink, word_ink)
        assert ImageStat.Stat(ImageChops.difference(whole, by_word)).mean[0] < 4
        assert words.draw_words(ImageDraw.Draw(by_word), xy, text, face, anchor=anchor) == \
            common.text_box(xy, text, face, anchor=anchor)
    # Short lines and outlined text are drawn whole: the very pixels of put_text.
    for text, stroke in (("Fame 12", 0), (lines[1], 3)):
        whole = Image.new("RGB", (1200, 80), (233, 228, 216))
        by_word = whole.copy()
        common.put_text(ImageDraw.Draw(whole), (10, 40), text, font(21), (34, 30, 28), anchor="lm", stroke=stroke)
        words.put_words(ImageDraw.Draw(by_word), (10, 40), text, font(21), (34, 30, 28), anchor="lm", stroke=stroke)
        assert by_word.tobytes() == whole.tobytes()


def test_lines_wrapped_and_fitted_from_word_widths_are_the_lines_wrap_text_and_fit_text_make() -> None:
    rng = random.Random(7)
    vocabulary = ["Show:", "11", "artists,", "ended", "(4th", "stop", "sign)", "·", "VP", "coins", "Überlingen",
                  "—", "majorities", "a", "Wages", "for", "every", "Horses", "and", "Elephants", "counter", "$2",
                  "fi", "fl", "AV", "To", "Wa", "Sideshow's", "supercalifragilisticexpialidocious"]
    for _ in range(300):
        text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 30)))
        face = font(rng.choice([16, 18, 20, 21, 24]), bold=rng.random() < 0.5)
        width = rng.choice([60, 150, 333.3, 600, 1200])
        lines = rng.choice([None, 1, 2, 3])
        assert words.wrap_words(text, face, width, lines) == common.wrap_text(text, face, width, lines), \
            (text, width, lines)
        assert words.fit_words(text, face, width) == common.fit_text(text, face, width)
        spaced = text.replace(" · ", "  ·  ")
        assert words.line_width(spaced, face) == common.text_width(spaced, face)


def _every_candidate(placer: Placer, anchor: common.Point, width: float, height: float,
                     gaps: tuple[float, ...], leader_cost: float) -> tuple[common.Box, float]:
    """``place_scored`` the slow way: every candidate scored in full with the public ``cost``."""
    best: tuple[common.Box, float] | None = None
    for gap in gaps:
        for box in placer.candidates(anchor, width, height, gap):
            end = box.nearest(anchor)
            distance = math.dist(anchor, end)
            cost = distance + placer.cost(box, ignore_segments_at=anchor)
            if leader_cost and distance > 0:
                cost += leader_cost * placer.crossed(anchor, end)
            if best is None or cost < best[1]:
                best = (box, cost)
    assert best is not None
    return best


def test_the_placer_picks_what_scoring_every_candidate_picks() -> None:
    rng = random.Random(9)
    for _ in range(150):
        points = [(rng.uniform(0, 800), rng.uniform(0, 600)) for _ in range(12)]
        placer = Placer(common.Box(4, 4, 796, 596), [(points[i], points[i + 1]) for i in range(0, 12, 2)],
                               segment_cost=30)
        for _ in range(rng.randint(5, 60)):
            placer.block(common.Box.around((rng.uniform(0, 800), rng.uniform(0, 600)), rng.uniform(10, 120),
                                           rng.uniform(10, 60)))
        anchor = rng.choice(points)
        width, height = rng.uniform(30, 240), rng.uniform(20, 90)
        gaps = (4.0, 14.0, 28.0, 46.0, 70.0)
        leader = rng.choice([0.0, 60.0])
        fast = placer.place_scored(anchor, width, height, gaps, block=False, leader_cost=leader)
        slow = _every_candidate(placer, anchor, width, height, gaps, leader)
        assert fast[0] == slow[0]
        assert fast[1] == pytest.approx(slow[1])


def test_a_placer_reusing_earlier_placements_picks_what_a_fresh_one_picks() -> None:
    """Copies share what was already worked out (labels tried in several orders): every choice equals
    that of a placer that never placed anything, holding the same obstacles."""
    rng = random.Random(12)
    for _ in range(20):
        points = [(rng.uniform(0, 800), rng.uniform(0, 600)) for _ in range(14)]
        rails = [(points[i], points[i + 1]) for i in range(0, 14, 2)]
        shared = Placer(common.Box(4, 4, 796, 596), rails, segment_cost=15)
        for _ in range(rng.randint(10, 40)):
            shared.block(common.Box.around(rng.choice(points), rng.uniform(10, 60), rng.uniform(10, 40)))
        labels = [(rng.choice(points), rng.uniform(40, 200), rng.uniform(25, 80)) for _ in range(8)]
        for _ in range(4):
            trial = shared.copy()
            for anchor, width, height in rng.sample(labels, len(labels)):
                fresh = Placer(trial.bounds, rails, segment_cost=15)
                fresh.obstacles = list(trial.obstacles)
                expected = fresh.place_scored(anchor, width, height, (8, 20, 36, 56, 80), leader_cost=60.0)
                assert trial.place_scored(anchor, width, height, (8, 20, 36, 56, 80), leader_cost=60.0) == expected


def _distance(a: Image.Image, b: Image.Image) -> float:
    return float(max(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean))


def _webp_frames(data: bytes) -> list[Image.Image]:
    frames = []
    with Image.open(io.BytesIO(data)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(image.convert("RGB"))
    return frames


@pytest.mark.parametrize("key", KINDS)
def test_a_replay_from_pictures_shows_what_a_replay_from_pngs_shows(key: str) -> None:
    game = GAMES[key]
    renderer: Any = importlib.import_module(f"render.{key}")
    views = [game.view(state, None) for state in moments(random_game(key, 3), 2)]
    drawn: list[int] = []

    def pictures() -> Iterator[Image.Image]:
        for index, view in enumerate(views):
            drawn.append(index)
            yield renderer.board_image(view)

    from_pictures = replay.animate(pictures(), width=800)
    from_pngs = replay.animate([renderer.render_board(view) for view in views], width=800)
    assert drawn == list(range(len(views)))
    assert from_pictures == replay.animate((renderer.board_image(view) for view in views), width=800)
    ours, theirs = _webp_frames(from_pictures), _webp_frames(from_pngs)
    assert len(ours) == len(theirs) == len(views)
    for mine, other, view in zip(ours, theirs, views, strict=True):
        board = renderer.board_image(view)
        # At most 800 px: the board divided by a whole factor (1600 → 800, Little Circuses' 1400 → 700).
        width = -(-board.width // -(-board.width // 800))
        assert mine.size == other.size and mine.width == width <= 800
        truth = board.resize((width, round(board.height * width / board.width)), Image.Resampling.LANCZOS)
        # Lossy WebP: a few levels from the board itself, and no farther than the PNG way.
        ours_off = _distance(mine.crop((0, 0, *truth.size)), truth)
        assert ours_off < 6.0
        assert ours_off <= _distance(other.crop((0, 0, *truth.size)), truth) + 0.5


def _clear_every_render_cache() -> int:
    """Empty every cache of the render package (text masks and widths, static layers, sprites, panels)."""
    cleared = 0
    for info in pkgutil.walk_packages(render.__path__, "render."):
        importlib.import_module(info.name)
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == name:
                    value.cache_clear()
                    cleared += 1
    return cleared


@pytest.mark.parametrize("key", KINDS)
def test_cached_layers_text_and_sprites_give_the_image_a_fresh_draw_gives(key: str) -> None:
    game = GAMES[key]
    renderer: Any = importlib.import_module(f"render.{key}")
    states = moments(random_game(key, 8), 2)
    warm = [(renderer.render_board(game.view(state, None)), renderer.render_hand(game.view(state, 1)))
            for state in states]
    # Drawn again with every cache full of other positions' pieces, then from nothing.
    assert [(renderer.render_board(game.view(state, None)), renderer.render_hand(game.view(state, 1)))
            for state in reversed(states)] == warm[::-1]
    assert _clear_every_render_cache() > 10
    for state, (board, hand) in zip(states, warm, strict=True):
        assert renderer.render_board(game.view(state, None)) == board
        assert renderer.render_hand(game.view(state, 1)) == hand
        _clear_every_render_cache()


KEPT_BLOCKS_PROGRAM = """
import sys
sys.path.insert(0, {root!r})
from table import allocator
from render import arena
from PIL import Image
allocator.tune()
arena.keep_freed_blocks()
for height in (1900, 1200, 1900, 400, 1900):  # boards and panels of several sizes, one after another
    Image.new("RGB", (1600, height), (233, 228, 216)).load()
stats = Image.core.get_stats()
print(stats["reused_blocks"], stats["allocated_blocks"], stats["blocks_cached"])
"""


def test_freed_picture_blocks_are_reused_and_their_number_is_bounded() -> None:
    """The render workers' setting (render/arena.py), in a process of its own: after the first board,
    pictures are carved from kept blocks, and no more than KEPT_BLOCKS are kept."""
    root = str(REPO)
    done = subprocess.run([sys.executable, "-c", KEPT_BLOCKS_PROGRAM.format(root=root)], check=True,
                          capture_output=True, text=True)
    reused, allocated, cached = (int(word) for word in done.stdout.split())
    first_board = math.ceil(1600 * 4 * 1900 / arena.BLOCK_BYTES)  # about that many blocks
    assert allocated <= first_board + 2  # the later pictures took no new blocks
    assert reused >= 4 * first_board // 2
    assert 0 < cached <= arena.KEPT_BLOCKS


@pytest.mark.parametrize("extra_rows", [17, 0, 1])  # a short last band; bands that end with the picture; one row
def test_a_png_of_many_bands_decodes_to_exactly_the_mapped_picture(extra_rows: int) -> None:
    colours = bytes(channel for index in range(256) for channel in (index, 255 - index, (index * 7) % 256))
    width = 301
    rows = png.BAND_BYTES // (width + 1)
    image = Image.new("RGB", (width, rows * 2 + extra_rows))  # two whole bands and what is left
    image.putdata([(x % 256, 255 - x % 256, (y * 5) % 256) for y in range(image.height) for x in range(width)])
    decoded = _decoded(png.palette_png(image, colours))
    assert decoded.size == image.size and decoded.mode == "P"
    assert decoded.tobytes() == png.palette_picture(image, colours).tobytes()
    assert decoded.convert("RGB").tobytes() == png.palette_picture(image, colours).convert("RGB").tobytes()
