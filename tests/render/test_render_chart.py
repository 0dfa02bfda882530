"""The score chart: the same series gives the same bytes, phone width, every seat's colour and token on it, and
colour is never the only cue (each seat has its own dash pattern)."""

from __future__ import annotations

import io
import itertools

from PIL import Image

from render.chart import DASHES, WIDTH, _label_indices, chart_image, render_chart
from render.common import PLAYER_COLOURS
from rules.review.chart import Series

SERIES = Series("circus_train", ("Ann", "Bob", "Cat", "Dan", "Eve"), "VP", "week",
                tuple(f"w{n}" for n in range(30)),
                tuple(tuple(seat + n * (seat + 1) for n in range(30)) for seat in range(5)), (29, 59, 89, 119, 149))


def test_the_chart_is_deterministic_phone_wide_and_shows_every_seat_in_its_colour() -> None:
    data = render_chart(SERIES, "Circus Train #1: the scores")
    assert data == render_chart(SERIES, "Circus Train #1: the scores")
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.width == WIDTH == 800 and picture.height < 1000
    colours = {colour for _, colour in chart_image(SERIES, "t").getcolors(1 << 20) or []}
    assert all(PLAYER_COLOURS[seat] in colours for seat in range(5))
    assert len({DASHES[seat] for seat in range(8)}) == 8  # a line style of its own for each seat


def test_the_axis_labels_never_touch_and_name_the_first_and_last_moment() -> None:
    for count in (2, 5, 28, 40, 400):
        chosen = _label_indices(count, 680.0, 80.0)
        gap = 680.0 / (count - 1)
        assert chosen[0] == 0 and chosen[-1] == count - 1
        assert all((later - earlier) * gap >= 80.0 for earlier, later in itertools.pairwise(chosen))
