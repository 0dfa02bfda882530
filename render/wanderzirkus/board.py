"""The public table, put together: header, Travel offer, score sheet and one panel per player,
stacked on one canvas whose height is measured first. Reads only public parts of a view (never
``own``), and hides what a seat's view adds for its own seat (its running show, its city chosen at
set-up), so a seat's view draws exactly the spectator's picture.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from lang import DEFAULT, current, speaking
from render.common import Box, PlayerMark, fit_height, player_marks
from render.png import palette_png
from render.wanderzirkus import palette
from render.wanderzirkus.header import HEADER_HEIGHT, LEGEND_HEIGHT, draw_header, draw_legend
from render.wanderzirkus.layout import (
    BACKGROUND,
    BOARD_CARD,
    BOARD_WIDTH,
    COMPACT_CARDS,
    MARGIN,
    MAX_HEIGHT,
    CardSize,
    View,
    check_view,
)
from render.wanderzirkus.players import draw_panel, panel_height
from render.wanderzirkus.tables import draw_table, draw_travel, table_height, travel_height


def public_part(view: View) -> dict[str, Any]:
    """The view as a spectator sees it: no secrets, and every running show behind its curtain."""
    # Only each player's own entries are replaced below (nothing here changes anything deeper), so a copy
    # of each player's dict keeps the caller's view as it was; a deep copy cost ~5 ms a board.
    public = {key: value for key, value in view.items() if key not in ("own", "seat")}
    if public.get("players"):
        public["players"] = [dict(player) for player in public["players"]]
    for player in public.get("players") or []:
        if public.get("phase") == "travel":
            player["announcement"] = None  # last round's: this round's announcements come after Travel
        if public.get("phase") == "setup":
            player["cities"] = []  # chosen in secret at set-up; a seat's view shows only its own
        if player.get("show_state") == "running":
            player["show"] = None
            player["show_length"] = None
            player["pause_used"] = None
    return public


COMPACT_GAP = 10  # between compact panels


def render_image(view: View) -> Image.Image:
    """The public table as a Pillow image (``render_board`` encodes it)."""
    check_view(view)
    public = public_part(view)
    players: list[Mapping[str, Any]] = list(public.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    width = BOARD_WIDTH
    awaiting = {int(s) for s in public.get("awaiting") or []}
    panel_w = width - 2 * MARGIN
    # Big tables late in a round: compact panels (the show named in the head), a tighter score sheet
    # and smaller artist cards, the largest that keep the board phone-sized.
    for size, compact in ((BOARD_CARD, False), (BOARD_CARD, True), *((c, True) for c in COMPACT_CARDS)):
        travel_h = travel_height(public, width, size)
        table_h = table_height(public, marks, compact)
        top = HEADER_HEIGHT + LEGEND_HEIGHT + travel_h + table_h
        gap = COMPACT_GAP if compact else MARGIN
        heights = [panel_height(public, p, panel_w, size, compact) for p in players]
        height = round(top + sum(h + gap for h in heights) + MARGIN)
        if height <= MAX_HEIGHT:
            break
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, public, marks, width)
    draw_legend(image, HEADER_HEIGHT, width)
    y: float = HEADER_HEIGHT + LEGEND_HEIGHT
    if travel_h:
        draw_travel(image, draw, public, marks, y, width, size)
        y += travel_h
    draw_table(image, draw, public, marks, y, width, compact)
    y += table_h
    for seat, (player, h) in enumerate(zip(players, heights, strict=True)):
        _draw_panel_at(image, draw, _panel_key(public, player, seat, seat in awaiting and not public.get("over")),
                       marks[seat], (MARGIN, round(y)), round(h), size, compact)
        y += h + gap
    return image


def _panel_key(view: View, player: Mapping[str, Any], seat: int, awaited: bool) -> str:
    """Everything a player's panel is drawn from, as canonical JSON."""
    score = [s for s in view.get("scoring") or [] if s.get("seat") == seat]
    return json.dumps({"player": player, "score": score, "awaited": awaited, "over": view.get("over"),
                       "round": view.get("round"), "phase": view.get("phase")}, sort_keys=True)


OVERFLOW = 8  # px around a panel that its drawing may reach


def _draw_panel_at(image: Image.Image, draw: ImageDraw.ImageDraw, key: str, mark: PlayerMark,
                   corner: tuple[int, int], height: int, size: CardSize = BOARD_CARD, compact: bool = False) -> None:
    """One player's panel, drawn from its key (``_panel_key``) straight onto the board with its top left
    at ``corner``, a whole pixel, so that it is the same pixels wherever it stands. Not drawn apart and
    pasted: with many games in a process the same panel is almost never drawn twice in a row, and a
    picture of its own cost a fresh canvas and a copy per panel."""
    data = json.loads(key)
    x, y = corner
    width = BOARD_WIDTH - 2 * MARGIN
    view = {"scoring": data["score"], "over": data["over"], "round": data["round"], "phase": data["phase"]}
    # An awaited player's ring reaches a little above the panel, where the panel's own picture used to cut
    # it: the rows around the panel are kept as they were, so the board is the same pixels.
    above = image.crop((0, y - OVERFLOW, image.width, y))
    below = image.crop((0, y + height, image.width, y + height + OVERFLOW))
    draw_panel(image, draw, Box(x, y, x + width - 1, y + height - 1), view, data["player"], mark, data["awaited"],
               size, compact)
    image.paste(above, (0, y - OVERFLOW))
    image.paste(below, (0, y + height))


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a board picture, mapped to the game's fixed board palette (``palette.BOARD``)."""
    return palette_png(image, palette.BOARD)


def board_image(view: View) -> Image.Image:
    """The picture ``render_board`` encodes (a replay draws its frames from these, unencoded)."""
    return fit_height(render_image(view))


def render_board(view: View) -> bytes:
    """The public table for a Der Wanderzirkus view, as PNG bytes."""
    check_view(view)
    return _board_png(json.dumps(public_part(view), sort_keys=True), current())


@lru_cache(maxsize=2)
def _board_png(public: str, language: str = DEFAULT) -> bytes:
    """The PNG of a public view (as canonical JSON), its words in ``language``. Most decisions during the
    shows are private and leave the public view as it was, so the board drawn after them is the one drawn
    before."""
    with speaking(language):
        return encode(fit_height(render_image(json.loads(public))))
