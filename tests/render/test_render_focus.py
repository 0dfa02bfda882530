"""The part of each game's board a decision needs (render.focus): inside the board, much smaller than it, narrow
enough to read on a phone, and worked out from public facts only."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from render.circus_train.header import header_height
from render.circus_train.layout import MAP_HEIGHT, city_point
from render.focus import FOCUS_HEIGHT, FOCUS_WIDTH, crop_png, drawn_width, focus
from rules.circus_train.content import load_content
from rules.core.rng import Rng
from table.kits import KITS

NAMES = ("Ann", "Bob", "Cat", "Dan")
SEATS = {"circus_train": 2, "little_circuses": 2, "wanderzirkus": 2, "dreadful_circus": 4}


def played(kind: str, moves: int) -> tuple[Any, int]:
    """A game of ``kind`` after ``moves`` automatic moves, and a seat it waits for."""
    game = KITS[kind].game
    state = game.new_game(list(NAMES[:SEATS[kind]]), {}, 5)
    rng = Rng.from_seed(1)
    for _ in range(moves):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat), legal, rng))
    return state, min(game.to_act(state))


@pytest.mark.parametrize("kind", list(SEATS))
@pytest.mark.parametrize("moves", [20, 45])
def test_the_focus_is_a_small_readable_part_inside_the_board(kind: str, moves: int) -> None:
    kit = KITS[kind]
    state, seat = played(kind, moves)
    public = kit.game.view(state, None)
    found = focus(kind, public, seat)
    assert found is not None
    box = found.box
    left, top, right, bottom = box
    board = Image.open(io.BytesIO(kit.board_images(public)[found.part]))
    width = drawn_width(kind, public)
    height = board.height * width / board.width  # the board as drawn, before any scaling to fit
    assert 0 <= left < right <= width and 0 <= top < bottom <= height + 1, (box, width, height)
    assert right - left <= FOCUS_WIDTH + 40 and bottom - top <= FOCUS_HEIGHT  # a market's row may be a little wider
    assert (right - left) * (bottom - top) <= 0.3 * width * height  # much smaller than the whole board
    # The crop is that part of the very picture the page shows, cut at the board's scale.
    with Image.open(io.BytesIO(crop_png(kit.board_images(public)[found.part], box, width))) as crop:
        scale = board.width / width
        assert abs(crop.width - (right - left) * scale) <= 2 and abs(crop.height - (bottom - top) * scale) <= 2


@pytest.mark.parametrize("kind", list(SEATS))
def test_the_focus_reads_nothing_the_public_board_does_not_show(kind: str) -> None:
    """From the seat's own view (its hand and secrets in it) the box is the one the spectator's view gives."""
    state, seat = played(kind, 30)
    game = KITS[kind].game
    assert focus(kind, game.view(state, seat), seat) == focus(kind, game.view(state, None), seat)


def test_circus_train_focuses_the_map_around_the_seats_train() -> None:
    state, seat = played("circus_train", 20)
    public = KITS["circus_train"].game.view(state, None)
    found = focus("circus_train", public, seat)
    assert found is not None and found.region == "map"
    box = found.box
    x, y = city_point(load_content(), public["players"][seat]["position"])
    top = header_height(public)
    assert box[0] <= x <= box[2] and box[1] <= top + y <= box[3]  # the train in it
    assert top <= box[1] and box[3] <= top + MAP_HEIGHT  # the map only


def test_no_focus_before_a_train_is_on_the_map() -> None:
    state, seat = played("circus_train", 0)
    assert focus("circus_train", KITS["circus_train"].game.view(state, None), seat) is None
