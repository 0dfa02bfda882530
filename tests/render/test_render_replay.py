"""The end-of-game replay: public views re-played from the action log, an even choice of frames, and
the animated WebP built from the drawn boards.

Games are real Circus Train games played by the automatic players. Drawing a board costs a fraction
of a second, so only a handful of boards are drawn (chosen by ``pick_frames``) and shared by the
tests; the byte-budget checks use small synthetic frames, which encode in milliseconds.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat, WebPImagePlugin

from render import replay
from render.circus_train import palette, render_board
from rules.circus_train.game import CircusTrain
from rules.circus_train.state import CircusTrainState
from rules.cli import default_names
from rules.core.errors import NotYourTurn

from harness import random_playout
from repo_paths import REPO

GAME = CircusTrain()
SEED = 3
DRAWN = 5  # boards drawn for the shared animation

View = dict[str, Any]


@cache
def _played(players: int, seed: int) -> tuple[Any, tuple[tuple[int, dict[str, Any]], ...]]:
    final, log = random_playout(GAME, players, {}, seed, check_every_step=False)
    return final, tuple(log)


@cache
def _views(seed: int = SEED) -> tuple[View, ...]:
    _, log = _played(2, seed)
    return tuple(replay.replay_views(GAME, default_names(2), {}, seed, log))


@cache
def _boards() -> tuple[bytes, ...]:
    views = _views()
    return tuple(render_board(views[i]) for i in replay.pick_frames(len(views), DRAWN))


@cache
def _animation() -> bytes:
    return replay.animate(_boards())


def _frames(data: bytes) -> list[tuple[Image.Image, int]]:
    """Every frame of an animated WebP as RGB, with its duration in ms."""
    frames = []
    with _open_webp(data) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append((image.convert("RGB"), int(image.info["duration"])))
    return frames


def _open_webp(data: bytes) -> WebPImagePlugin.WebPImageFile:
    image = Image.open(io.BytesIO(data))
    assert isinstance(image, WebPImagePlugin.WebPImageFile)
    return image


def _scaled(png: bytes, width: int = 800) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    return rgb.resize((width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS)


def _distance(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0 = same picture), over ``b``'s area."""
    box = (0, 0, b.width, b.height)
    return max(ImageStat.Stat(ImageChops.difference(a.crop(box), b)).mean)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


# ----- replay_views ----------------------------------------------------------------------------------


def test_replay_views_start_at_the_new_game_and_end_at_the_final_board() -> None:
    final, log = _played(2, SEED)
    views = _views()
    assert views[0] == GAME.view(GAME.new_game(default_names(2), {}, SEED), None)
    assert views[-1] == GAME.view(final, None)
    assert views[-1]["over"] is True
    assert 2 < len(views) <= len(log) + 1
    assert all(before != after for before, after in pairwise(views))


class _Watched(CircusTrain):
    """Circus Train that records which seat every view was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[int | None] = []

    def view(self, state: CircusTrainState, seat: int | None) -> dict[str, Any]:
        self.asked.append(seat)
        return super().view(state, seat)


def test_replay_views_only_ever_read_the_public_view() -> None:
    _, log = _played(2, SEED)
    watched = _Watched()
    views = replay.replay_views(watched, default_names(2), {}, SEED, log)
    assert len(watched.asked) == len(log) + 1
    assert set(watched.asked) == {None}
    assert all(view["seat"] is None and view["hand"] is None for view in views)
    assert views == list(_views())


class _TurnKeptQuiet(CircusTrain):
    """Circus Train whose public view leaves out who is deciding what: the steps of a decision that
    change nothing on the board (choosing a card before playing it, say) become visible to that seat
    alone, like the secret steps of other games."""

    def view(self, state: CircusTrainState, seat: int | None) -> dict[str, Any]:
        seen = super().view(state, seat)
        if seat is None:
            del seen["awaiting"]
        return seen


def test_steps_that_change_no_public_view_add_no_frame() -> None:
    game = _TurnKeptQuiet()
    _, log = _played(2, SEED)
    state = game.new_game(default_names(2), {}, SEED)
    every_step = [game.view(state, None)]
    for seat, raw in log:
        state, _ = game.apply(state, seat, game.action_from_json(raw))
        every_step.append(game.view(state, None))
    changes = [every_step[0]] + [after for before, after in pairwise(every_step) if after != before]
    quiet_steps = len(every_step) - len(changes)
    assert quiet_steps > 0  # the game has steps no spectator can see
    assert replay.replay_views(game, default_names(2), {}, SEED, log) == changes


def test_a_log_that_does_not_replay_raises_the_games_error() -> None:
    _, log = _played(2, SEED)
    seat, first = log[0]
    with pytest.raises(NotYourTurn, match="not your turn"):
        replay.replay_views(GAME, default_names(2), {}, SEED, [(1 - seat, first)])


# ----- pick_frames -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 5, 39, 40, 41, 80, 126, 375, 1000])
@pytest.mark.parametrize("limit", [2, 3, 7, 40])
def test_pick_frames_spreads_evenly_and_keeps_both_ends(count: int, limit: int) -> None:
    picked = replay.pick_frames(count, limit)
    assert len(picked) == min(count, limit)
    assert picked[0] == 0 and picked[-1] == count - 1
    gaps = [b - a for a, b in pairwise(picked)]
    assert min(gaps) >= 1
    assert max(gaps) - min(gaps) <= 1  # evenly: no stretch of the game is skipped more than another


def test_pick_frames_small_counts_and_bad_limits() -> None:
    assert replay.pick_frames(0, 40) == []
    assert replay.pick_frames(1, 40) == [0]
    assert replay.pick_frames(1, 1) == [0]
    assert replay.pick_frames(5, 40) == [0, 1, 2, 3, 4]
    assert replay.pick_frames(100, 2) == [0, 99]
    assert replay.pick_frames(9, 5) == [0, 2, 4, 6, 8]
    with pytest.raises(ValueError):
        replay.pick_frames(5, 1)
    with pytest.raises(ValueError):
        replay.pick_frames(5, 0)


# ----- animate ---------------------------------------------------------------------------------------


def test_animation_is_a_looping_webp_800_wide_with_the_last_frame_held() -> None:
    data = _animation()
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    assert len(data) <= 7_000_000
    with _open_webp(data) as image:
        assert image.is_animated
        assert image.n_frames == DRAWN
        assert image.width == 800
        assert image.info["loop"] == 0
    tallest = max(_scaled(board).height for board in _boards())
    frames = _frames(data)
    assert all(frame.size == (800, tallest) for frame, _ in frames)
    assert [duration for _, duration in frames] == [800] * (DRAWN - 1) + [4000]


def test_frames_show_the_boards_in_order_starting_with_the_start_board() -> None:
    frames = [frame for frame, _ in _frames(_animation())]
    boards = [_scaled(board) for board in _boards()]
    # The first board drawn is the start: pick_frames keeps index 0, and views[0] is the new game's.
    assert replay.pick_frames(len(_views()), DRAWN)[0] == 0
    start = _scaled(render_board(GAME.view(GAME.new_game(default_names(2), {}, SEED), None)))
    # Box-filtered where the reference uses LANCZOS, and in 255 colours: about 1-2 levels from its own
    # board, three times that or more from any other.
    assert _distance(frames[0], start) < 4.0
    for index, frame in enumerate(frames):
        own = _distance(frame, boards[index])
        others = [_distance(frame, board) for n, board in enumerate(boards) if n != index]
        assert own < 4.0 and 2 * own < min(others)


def test_frames_mapped_to_the_games_palette_keep_exactly_its_colours() -> None:
    """With a game's board palette, frames are stored losslessly in its colours: every pixel shown is one
    of them (no lossy fringe around the letters), and each frame is still its own board."""
    data = replay.animate(_boards(), palette=palette.BOARD)
    allowed = {tuple(palette.BOARD[i:i + 3]) for i in range(0, len(palette.BOARD), 3)}
    frames = [frame for frame, _ in _frames(data)]
    boards = [_scaled(board) for board in _boards()]
    assert len(frames) == DRAWN
    for index, frame in enumerate(frames):
        assert {colour for _, colour in frame.getcolors(256) or []} <= allowed
        assert _distance(frame, boards[index]) < 3.0
    assert replay.animate(_boards(), palette=palette.BOARD) == data


def test_same_frames_give_the_same_bytes() -> None:
    assert replay.animate(_boards()) == _animation()
    small = _noisy_frames(3)
    assert replay.animate(small, width=80) == replay.animate(small, width=80)
    assert replay.animate(small, width=80, seconds_per_frame=0.5) != replay.animate(small, width=80)


def test_shorter_frames_are_padded_at_the_bottom_with_the_first_frames_corner_colour() -> None:
    corner = (240, 230, 200)
    tall = Image.new("RGB", (400, 300), corner)
    tall.paste((20, 40, 160), (100, 100, 300, 200))
    short = Image.new("RGB", (400, 100), (200, 30, 30))
    frames = _frames(replay.animate([_png(tall), _png(short)], width=200))
    assert [frame.size for frame, _ in frames] == [(200, 150), (200, 150)]
    second = frames[1][0]
    top = ImageStat.Stat(second.crop((0, 0, 200, 45))).mean
    bottom = ImageStat.Stat(second.crop((0, 55, 200, 150))).mean
    assert max(abs(a - b) for a, b in zip(top, (200, 30, 30), strict=True)) < 8
    assert max(abs(a - b) for a, b in zip(bottom, corner, strict=True)) < 8


def test_frames_are_scaled_by_a_whole_factor_all_to_the_first_ones_width() -> None:
    """A 1400 px board is halved to 700 rather than scaled by 1.75 to 800 (halving is the cheap and crisp
    scaling); a later frame of another width (a board shrunk to fit its height) joins at that width."""
    first = Image.new("RGB", (1400, 1000), (240, 230, 200))
    first.paste((20, 40, 160), (0, 0, 700, 500))
    narrower = Image.new("RGB", (1380, 1200), (200, 30, 30))
    frames = _frames(replay.animate([first, narrower]))
    assert [frame.size for frame, _ in frames] == [(700, 609), (700, 609)]
    # Halved: each 2x2 block became one pixel, so the blue quarter ends exactly at (350, 250).
    assert frames[0][0].getpixel((349, 249)) == (20, 40, 160)
    assert frames[0][0].getpixel((350, 250)) == (240, 230, 200)
    assert [frame.size for frame, _ in _frames(replay.animate([first, narrower], width=500))] == [(467, 406)] * 2
    # Never scaled up, nor by less than a whole factor.
    assert [frame.size for frame, _ in _frames(replay.animate([first], width=1600))] == [(1400, 1000)]
    assert [frame.size for frame, _ in _frames(replay.animate([first], width=1000))] == [(700, 500)]


def _noisy_frames(count: int) -> list[bytes]:
    """Frames that barely compress (noise below a band of a colour of their own, to tell them apart)."""
    rng = random.Random(7)
    frames = []
    for index in range(count):
        image = Image.frombytes("RGB", (160, 120), rng.randbytes(160 * 120 * 3))
        image.paste((index * 36, 255 - index * 36, 128), (0, 0, 160, 30))
        frames.append(_png(image))
    return frames


def _which(frame: Image.Image) -> int:
    red = ImageStat.Stat(frame.crop((10, 5, 150, 25))).mean[0]
    return round(red / 36)


def test_over_the_byte_limit_lossy_frames_come_before_dropped_ones() -> None:
    frames = _noisy_frames(5)
    exact = replay.animate(frames, width=160)
    lossy = replay.animate(frames, width=160, max_bytes=len(exact) - 1)
    assert len(lossy) < len(exact)
    exact_frames, lossy_frames = _frames(exact), _frames(lossy)
    assert [_which(frame) for frame, _ in lossy_frames] == [0, 1, 2, 3, 4]
    # Lossless keeps each frame's 256 colours; lossy blurs the noise into many more.
    assert all(len(frame.getcolors(256) or []) > 0 for frame, _ in exact_frames)
    assert all(frame.getcolors(256) is None for frame, _ in lossy_frames)


def test_over_the_byte_limit_every_other_frame_is_dropped_keeping_first_and_last() -> None:
    frames = _noisy_frames(7)
    everything = replay.animate(frames, width=160)
    two = replay.animate([frames[0], frames[-1]], width=160)
    assert len(two) < len(everything)
    fitted = replay.animate(frames, width=160, max_bytes=len(two))
    assert len(fitted) <= len(two)
    kept = [_which(frame) for frame, _ in _frames(fitted)]
    assert 2 <= len(kept) < 7
    assert kept[0] == 0 and kept[-1] == 6
    assert kept in ([0, 2, 4, 6], [0, 4, 6], [0, 6])
    assert replay.animate(frames, width=160, max_bytes=len(two)) == fitted


def test_a_limit_not_even_two_frames_fit_in_is_refused() -> None:
    frames = _noisy_frames(4)
    with pytest.raises(ValueError, match="over the limit"):
        replay.animate(frames, width=160, max_bytes=500)
    with pytest.raises(ValueError):
        replay.animate([])


def test_a_single_frame_is_still_a_webp() -> None:
    data = replay.animate(_noisy_frames(1), width=80)
    with _open_webp(data) as image:
        assert image.n_frames == 1 and image.size == (80, 60)


def test_replay_imports_neither_discord_nor_the_database() -> None:
    code = ("import sys, render.replay; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'db', 'aiosqlite', 'sqlite3')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
