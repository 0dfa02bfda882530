"""The score chart posted with a finished game's result: every seat's public score through the game (a
``rules.review.chart.Series``), as a line chart in the game's own colours.

Colour is never the only cue: each seat's line has its own dash pattern and carries the seat's token (its shape
and letter, as on the boards) at every point, and the legend pairs each token with the name and final score.
Drawn at 800 px wide, the width boards are read at on a phone, with text no smaller than the boards' smallest.
Pure and deterministic: the same series gives the same bytes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from lang import tr
from render import fonts
from render.common import (
    INK,
    MUTED,
    RGB,
    Box,
    PlayerMark,
    draw_text,
    draw_token,
    fit_text,
    hex_colour,
    mix,
    player_marks,
    rounded_panel,
    text_width,
    to_png,
)
from rules.review.chart import Series

WIDTH = 800
PANEL_FILL: RGB = hex_colour("#FBF9F4")
BACKGROUNDS: dict[str, RGB] = {
    # Each game's board background (render/<game>/layout.py's BACKGROUND), so the chart sits with its boards.
    "circus_train": hex_colour("#E9E4D8"),
    "little_circuses": hex_colour("#EFE8DA"),
    "wanderzirkus": hex_colour("#EFE7D6"),
    "dreadful_circus": hex_colour("#EDE6F0"),
}
DASHES: tuple[tuple[int, ...], ...] = ((1,), (14, 7), (5, 6), (16, 5, 4, 5), (9, 4, 2, 4, 2, 4), (22, 8),
                                       (3, 9), (12, 4, 12, 10))
"""Per seat: alternating drawn and skipped lengths along the line ((1,): solid)."""
LINE_WIDTH = 4
TOKEN_RADIUS = 11


def _dashed(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], pattern: tuple[int, ...],
            colour: RGB) -> None:
    if len(pattern) == 1:
        draw.line(list(points), fill=colour, width=LINE_WIDTH, joint="curve")
        return
    index, left, drawing = 0, float(pattern[0]), True
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if drawing:
                t0, t1 = done / length, (done + step) / length
                draw.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                          fill=colour, width=LINE_WIDTH)
            done += step
            left -= step
            if left <= 0:
                index = (index + 1) % len(pattern)
                left, drawing = float(pattern[index]), not drawing
    # The pattern restarts nowhere: a long run of short segments keeps its rhythm across points.


def _ticks(top: int) -> list[int]:
    """Round values for the score axis, from 0 to at least ``top``."""
    top = max(top, 1)
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return list(range(0, top + step, step))[: 12]


def _label_indices(count: int, room: float, widest: float) -> list[int]:
    """Which moments get a label under the axis: the last, then going back every moment at least a label's width
    from the one chosen after it, and the first, so no two labels touch."""
    if count < 2:
        return list(range(count))
    gap = room / (count - 1)
    chosen = [count - 1]
    for index in range(count - 2, -1, -1):
        if (chosen[-1] - index) * gap >= widest:
            chosen.append(index)
    if chosen[-1] != 0:  # the start is always named: it gives way to no other label
        if len(chosen) > 1 and chosen[-1] * gap < widest:
            chosen.pop()
        chosen.append(0)
    return sorted(chosen)


def chart_image(series: Series, title: str) -> Image.Image:
    background = BACKGROUNDS.get(series.kind, hex_colour("#EEE9DF"))
    marks = player_marks(series.players)
    title_font, body, small = fonts.font(26, bold=True), fonts.font(18), fonts.font(16)
    legend_rows = math.ceil(len(marks) / 2)
    plot_top = 70 + legend_rows * 34 + 12
    plot = Box(78, plot_top, WIDTH - 28, plot_top + 380)
    height = int(plot.y1 + 60)
    image = Image.new("RGB", (WIDTH, height), background)
    draw = ImageDraw.Draw(image)
    rounded_panel(draw, Box(10, 10, WIDTH - 10, height - 10), fill=PANEL_FILL, outline=mix(background, INK, 0.35),
                  width=2, radius=14)
    draw_text(draw, (28, 24), fit_text(title, title_font, WIDTH - 56), title_font, INK)
    # The series' own words are the review's, marked for the catalogue where it names them.
    score, per = tr(series.score), tr(series.unit)
    unit = (tr("{score} by {unit}; beside each name: final {final} (coins and contracts stay secret to the end)",
               score=score, unit=per, final=tr(series.final_score)) if series.final_score
            else tr("{score} by {unit}", score=score, unit=per))
    draw_text(draw, (28, 56), fit_text(unit, small, WIDTH - 56), small, MUTED)
    for index, mark in enumerate(marks):
        x = 28 + (index % 2) * (WIDTH - 56) // 2
        y = 70 + 22 + (index // 2) * 34
        _legend_swatch(draw, x, y, index, mark.colour)
        draw_token(image, (x + 62, y), mark, radius=TOKEN_RADIUS)
        text = tr("{name}: {score}", name=mark.name, score=series.final[mark.seat])
        draw_text(draw, (x + 80, y), fit_text(text, body, (WIDTH - 56) // 2 - 90), body, INK, anchor="lm")
    values = [value for seat_points in series.points for value in seat_points]
    ticks = _ticks(max(values, default=1))
    low, high = min(0, min(values, default=0)), ticks[-1]
    span = max(1, high - low)

    def y_of(value: int) -> float:
        return plot.y1 - (value - low) / span * (plot.y1 - plot.y0)

    count = len(series.labels)

    # The first and last points sit inside the axes, so their tokens cover neither the axis nor its numbers.
    inner = Box(plot.x0 + 18, plot.y0, plot.x1 - 14, plot.y1)

    def x_of(index: int) -> float:
        return inner.x0 + (inner.x1 - inner.x0) * (index / max(1, count - 1))

    for tick in ticks:
        tick_y = y_of(tick)
        draw.line([(plot.x0, tick_y), (plot.x1, tick_y)], fill=mix(PANEL_FILL, INK, 0.12), width=1)
        draw_text(draw, (plot.x0 - 8, tick_y), str(tick), small, MUTED, anchor="rm")
    draw.line([(plot.x0, plot.y0), (plot.x0, plot.y1), (plot.x1, plot.y1)], fill=INK, width=2)
    widest = max(text_width(label, small) for label in series.labels) + 16
    for index in _label_indices(count, inner.x1 - inner.x0, widest):
        tick_x = x_of(index)
        draw.line([(tick_x, plot.y1), (tick_x, plot.y1 + 6)], fill=INK, width=2)
        draw_text(draw, (tick_x, plot.y1 + 10), series.labels[index], small, MUTED, anchor="ma")
    # Lines first, then every token on top, so no line hides a seat's mark.
    for mark in marks:
        points = [(x_of(i), y_of(v)) for i, v in enumerate(series.points[mark.seat])]
        _dashed(draw, points, DASHES[mark.seat % len(DASHES)], mark.colour)
    _tokens(image, series, marks, x_of, y_of)
    return image


def _legend_swatch(draw: ImageDraw.ImageDraw, x: int, y: int, seat: int, colour: RGB) -> None:
    _dashed(draw, [(x, y), (x + 46, y)], DASHES[seat % len(DASHES)], colour)


def _tokens(image: Image.Image, series: Series, marks: Sequence[PlayerMark], x_of: Callable[[int], float],
            y_of: Callable[[int], float]) -> None:
    count = len(series.labels)
    # With many moments a token at each would cover the lines: every few, and always the last one.
    every = max(1, math.ceil(count / 14))
    for mark in marks:
        for index, value in enumerate(series.points[mark.seat]):
            if index % every == (mark.seat % every) or index == count - 1:
                draw_token(image, (x_of(index), y_of(value)), mark, radius=TOKEN_RADIUS - 2)


def render_chart(series: Series, title: str) -> bytes:
    """The chart as PNG bytes."""
    return to_png(chart_image(series, title), optimize=True)
