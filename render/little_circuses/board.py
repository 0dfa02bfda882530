"""The public board, put together: header (status, player order, market, Special Attraction cards,
legend), John's track, then one panel per player, two per row (one for a solo game). Each part is
measured first so the canvas is made at its final height in one go. Reads only public keys of the
view: never ``you`` nor anything private, so any seat's view gives the same picture."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from PIL import Image, ImageDraw

from lang import tr
from render.common import (
    INK,
    MAX_HEIGHT,
    Box,
    PlayerMark,
    chip,
    chip_width,
    draw_text,
    draw_token,
    fit_height,
    fit_text,
    mix,
    player_marks,
    rounded_panel,
)
from render.fonts import font
from render.little_circuses import palette
from render.little_circuses.circus import PANEL_RADIUS, _status, draw_panel_at, ordinal, panel_height
from render.little_circuses.header import draw_header, header_height
from render.little_circuses.layout import (
    BACKGROUND,
    BODY,
    LINE,
    MARGIN,
    PANEL_FILL,
    SMALL,
    WIDTH,
    View,
    check_view,
    fitted,
)
from render.little_circuses.track import draw_track, track_height
from render.png import palette_png
from render.words import draw_words, fit_words, line_width
from rules.little_circuses.names import card_name

PUBLIC_KEYS = ("game", "options", "grid_size", "track", "space", "space_index", "stage", "order", "awaiting",
               "players", "piles", "market", "arrived", "showcase", "specials", "over", "winners", "result")


def public_part(view: View) -> dict[str, Any]:
    """Only the keys of the view everyone may see (a seat's ``you`` is dropped)."""
    return {key: view[key] for key in PUBLIC_KEYS if key in view}


def columns(players: int) -> int:
    return 1 if players <= 1 else 2


Rows = list[list[int]]


def _panel_rows(view: View, players: list[Mapping[str, Any]]) -> tuple[float, Rows, list[int]]:
    """The panels' width, their rows (seats, two per row) and each row's height."""
    per_row = columns(len(players))
    panel_w = (WIDTH - (per_row + 1) * MARGIN) / per_row
    rows = [list(range(i, min(i + per_row, len(players)))) for i in range(0, len(players), per_row)]
    return panel_w, rows, [max(panel_height(view, players[s], panel_w) for s in row) for row in rows]


PanelPlace = tuple[int, int, int, int, int]  # seat, left, top, width, height (whole pixels)


def _panel_places(panel_w: float, rows: Rows, row_heights: list[int], y: float) -> list[PanelPlace]:
    places = []
    for row, row_h in zip(rows, row_heights, strict=True):
        for column, seat in enumerate(row):
            x = MARGIN + column * (panel_w + MARGIN)
            places.append((seat, round(x), round(y), round(panel_w), row_h))
        y += row_h + MARGIN
    return places


def _draw_panels(image: Image.Image, view: View, players: list[Mapping[str, Any]], marks: list[PlayerMark],
                 places: list[PanelPlace]) -> None:
    draw = ImageDraw.Draw(image)
    for seat, x, y, width, height in places:
        draw_panel_at(image, draw, view, players[seat], marks[seat], (x, y), width, height)


def _blank_canvas(size: tuple[int, int]) -> Image.Image:
    """A picture whose pixels are not set yet (each is set by what is drawn, or by ``_fill_around``)."""
    return Image.new("RGB", size, None)


def _fill_around(image: Image.Image, places: list[PanelPlace]) -> None:
    """The background everywhere the panels at ``places`` do not cover: the margins and gaps, and each
    panel's corner squares, outside whose rounded corners the panel draws nothing. Filling only those
    spares a players picture a pass over its 2-3 million pixels that the panels then paint over."""
    width, height = image.size
    corner = PANEL_RADIUS * 2 + 1  # the corner squares Pillow's rounded corners lie in
    y = 0
    for top, bottom in sorted({(p[2], p[2] + p[4]) for p in places}):
        image.paste(BACKGROUND, (0, y, width, top))
        x = 0
        for _, left, _, panel_w, _ in sorted((p for p in places if p[2] == top), key=lambda p: p[1]):
            image.paste(BACKGROUND, (x, top, left, bottom))
            x = left + panel_w
        image.paste(BACKGROUND, (x, top, width, bottom))
        y = bottom
    image.paste(BACKGROUND, (0, y, width, height))
    for _, left, top, panel_w, panel_h in places:
        for cx, cy in ((left, top), (left + panel_w - corner + 1, top), (left, top + panel_h - corner + 1),
                       (left + panel_w - corner + 1, top + panel_h - corner + 1)):
            image.paste(BACKGROUND, (cx, cy, cx + corner, cy + corner))


def render_image(view: View) -> Image.Image:
    """The whole board as one Pillow image (``render_board`` encodes it when it is phone-sized)."""
    check_view(view)
    view = public_part(view)
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    panel_w, rows, row_heights = _panel_rows(view, players)
    top = header_height(view)
    height = top + track_height(view) + MARGIN + sum(h + MARGIN for h in row_heights)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, view, marks)
    y = draw_track(image, view, top) + MARGIN
    _draw_panels(image, view, players, marks, _panel_places(panel_w, rows, row_heights, y))
    return image


SUMMARY_TITLE = 40
SUMMARY_ROW = 40


def summary_height(players: int) -> int:
    return SUMMARY_TITLE + players * SUMMARY_ROW + 12


def _draw_summary(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, players: list[Mapping[str, Any]],
                  marks: list[PlayerMark], top: float) -> float:
    """One line per player (token, name and order, Fame, money, hand, Special Attraction card, status):
    the board image of a big table, whose circuses follow in the players images."""
    title, face = fitted(tr("Players (their circuses follow in the next images)"), BODY, WIDTH - 2 * MARGIN,
                         bold=True)
    draw_text(draw, (MARGIN, top + SUMMARY_TITLE / 2), title, face, INK, anchor="lm")
    frame = Box(MARGIN, top + SUMMARY_TITLE, WIDTH - MARGIN, top + SUMMARY_TITLE + len(players) * SUMMARY_ROW + 4)
    rounded_panel(draw, frame, fill=PANEL_FILL, outline=LINE, width=2, radius=10)
    body, bold = font(BODY), font(BODY, bold=True)
    for index, (player, mark) in enumerate(zip(players, marks, strict=True)):
        cy = frame.y0 + 2 + index * SUMMARY_ROW + SUMMARY_ROW / 2
        if index:
            draw.line([(frame.x0 + 8, cy - SUMMARY_ROW / 2), (frame.x1 - 8, cy - SUMMARY_ROW / 2)],
                      fill=mix(LINE, PANEL_FILL, 0.6), width=1)
        awaited = bool(player.get("awaited")) and not view.get("over")
        draw.rectangle((frame.x0 + 4, cy - SUMMARY_ROW / 2 + 3, frame.x0 + 12, cy + SUMMARY_ROW / 2 - 3),
                       fill=mark.colour)
        draw_token(image, (frame.x0 + 36, cy), mark, radius=14, ring=awaited)
        name = f"{mark.name} ({ordinal(int(player.get('order_position', 0)) + 1)})"
        draw_text(draw, (frame.x0 + 60, cy), fit_text(name, bold, 300), bold, INK, anchor="lm")
        hand = len(player.get("hand") or [])
        secret = int(player.get("secret_count") or 0)
        facts = [tr("{fame} Fame", fame=player.get("fame", 0)), f"${player.get('money', 0)}",
                 tr("hand {up} up, {down} down", up=hand, down=secret) if secret else tr("hand {up} up", up=hand),
                 tr("{n} tiles built", n=len(player.get("circus") or []))]
        card = player.get("card")
        if card:
            facts.append(tr("card {number}: {name}", number=card.get("number"),
                            name=card_name(str(card.get("name", "")))))
        status = _status(view, player)
        right = frame.x1 - 12
        if status is not None:
            w = chip_width(status[0], font(SMALL, bold=True), pad_x=8)
            chip(draw, (right - w, cy - 15), status[0], font(SMALL, bold=True), fill=status[1], outline=INK, pad_x=8,
                 height=30)
            right -= w + 12
        # Drawn a word at a time (``render.words``): the line is new on almost every board, its words recur.
        line, face = " · ".join(facts), body
        # A language with longer words gets a smaller font (down to 16 px) before the line is cut.
        while line_width(line, face) > right - frame.x0 - 384 and face.size > 16:
            face = font(int(face.size) - 1)
        draw_words(draw, (frame.x0 + 372, cy), fit_words(line, face, right - frame.x0 - 384), face, INK,
                   anchor="lm")
    return frame.y1 + 12


def _fits(view: View) -> bool:
    """Whether the whole board (``render_image``) is at most ``MAX_HEIGHT`` tall; measured, not drawn."""
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    row_heights = _panel_rows(view, players)[2]
    return header_height(view) + track_height(view) + MARGIN + sum(h + MARGIN for h in row_heights) <= MAX_HEIGHT


def _summary_board(view: View) -> Image.Image:
    """A big table's first picture: header, track and one line per player (their circuses follow)."""
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    top = header_height(view)
    track_bottom = top + track_height(view)
    board = Image.new("RGB", (WIDTH, track_bottom + MARGIN + summary_height(len(players))), BACKGROUND)
    draw = ImageDraw.Draw(board)
    draw_header(board, draw, view, marks)
    draw_track(board, view, top)
    _draw_summary(board, draw, view, players, marks, track_bottom + MARGIN / 2)
    return fit_height(board)


def _first_part(view: View) -> Image.Image:
    check_view(view)
    view = public_part(view)
    return render_image(view) if _fits(view) else _summary_board(view)


def board_parts(view: View) -> list[Image.Image]:
    """The board as pictures at most ``MAX_HEIGHT`` tall: the whole board when it fits; otherwise the
    board (header, track and one line per player) and then the players' circuses, two panels a row, in
    as few images as fit (two for seven players). Which it is is measured first, so a big table's whole
    board is never drawn."""
    return list(_parts(view))


def _parts(view: View) -> Iterator[Image.Image]:
    """``board_parts`` one picture at a time, each drawn only when the one before has been taken."""
    yield _first_part(view)
    view = public_part(view)
    if _fits(view):
        return
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    panel_w, rows, row_heights = _panel_rows(view, players)
    for chunk in _chunks(row_heights):
        yield fit_height(_players_image(view, players, marks, panel_w, rows, row_heights, chunk))


def _chunks(row_heights: list[int]) -> list[list[int]]:
    """A big table's rows of panels, grouped into the players pictures that follow its first: as many rows a
    picture as fit ``MAX_HEIGHT`` (measured, so the phone's part of the board can name its picture undrawn)."""
    chunks: list[list[int]] = []
    chunk: list[int] = []
    for index, row_h in enumerate(row_heights):
        if chunk and MARGIN + sum(row_heights[i] + MARGIN for i in chunk) + row_h + MARGIN > MAX_HEIGHT:
            chunks.append(chunk)
            chunk = []
        chunk.append(index)
    if chunk:
        chunks.append(chunk)
    return chunks


def _players_image(view: View, players: list[Mapping[str, Any]], marks: list[PlayerMark], panel_w: float,
                   rows: Rows, row_heights: list[int], chunk: list[int]) -> Image.Image:
    height = MARGIN + sum(row_heights[i] + MARGIN for i in chunk)
    places = _panel_places(panel_w, [rows[i] for i in chunk], [row_heights[i] for i in chunk], MARGIN)
    image = _blank_canvas((WIDTH, height))
    _fill_around(image, places)
    _draw_panels(image, view, players, marks, places)
    return image


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a board picture, mapped to the game's fixed board palette (``palette.BOARD``)."""
    return palette_png(image, palette.BOARD)


def board_image(view: View) -> Image.Image:
    """The picture ``render_board`` encodes: the whole board, or a big table's first part (a replay
    draws its frames from these, unencoded). Only that part is drawn."""
    return _first_part(view)


def render_board(view: View) -> bytes:
    """The public board for a Little Circuses view, as PNG bytes, at most 2,000 px tall: the whole board,
    or for a big table late in the game its first part (header, track and a line per player; the
    circuses are in ``render_board_parts``). Safe for any view: private parts are never read."""
    return encode(board_image(view))


def render_board_parts(view: View) -> list[bytes]:
    """The public board as PNG images, each at most 2,000 px tall: one image when the whole board fits,
    else the board (header, track, a line per player) followed by the players' circuses. Each picture is
    encoded and let go before the next is drawn: a big table's three pictures and their palette copies
    held at once (about 35 MB) outgrew the memory a render worker keeps for pictures (``render.arena``),
    so part of every board was fresh memory to fault in."""
    return [encode(part) for part in _parts(view)]
