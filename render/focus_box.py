"""A focus box and the shapes every game's finder cuts: a window around a point, the head of a panel. Apart from
``render.focus`` (which picks a game's finder) so the finders need not import the module that imports them."""

from __future__ import annotations

from dataclasses import dataclass

FocusBox = tuple[int, int, int, int]
"""left, top, right, bottom, in the board picture's own pixels, as drawn before any scaling to fit."""

FOCUS_WIDTH = 560
"""The widest crop: the boards' 21–23 px words read at 12–13 px in a phone's 340 px wide column, twice or more the
whole board's scale there."""
FOCUS_HEIGHT = 600
"""The tallest crop: about 360 px on that phone, leaving the question and the first choices in the first screen."""


def window(centre: tuple[float, float], bounds: FocusBox, width: int = FOCUS_WIDTH,
           height: int = FOCUS_HEIGHT) -> FocusBox:
    """A ``width`` × ``height`` box around ``centre``, slid (not shrunk) to stay inside ``bounds``."""
    left, top, right, bottom = bounds
    width, height = min(width, right - left), min(height, bottom - top)
    x0 = min(max(round(centre[0] - width / 2), left), right - width)
    y0 = min(max(round(centre[1] - height / 2), top), bottom - height)
    return (x0, y0, x0 + width, y0 + height)


def head_of(box: FocusBox, width: int = FOCUS_WIDTH, height: int = FOCUS_HEIGHT) -> FocusBox:
    """The top left of ``box`` at most ``width`` × ``height``: where a player's panel puts its name and facts."""
    left, top, right, bottom = box
    return (left, top, min(right, left + width), min(bottom, top + height))


@dataclass(frozen=True)
class Focus:
    """Where a decision's part of the board is: which of the board's pictures (0, the board itself, unless a big
    table's board is drawn as several), the box in it, and what that part shows (for its alt text)."""

    box: FocusBox
    region: str
    """What the box shows: "circus", "market", "cards", "map", "offers", "task", "area", "row" or "travel"."""
    part: int = 0
