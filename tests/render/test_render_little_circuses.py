"""Little Circuses board and hand images: valid, small, deterministic PNGs rendered from views only.

Views come from seeded games played by the automatic players (``rules.cli`` picks seats and actions
exactly as ``python -m rules simulate`` does). Most checks draw with ``render_image`` (no PNG encode,
so the suite stays fast); the byte-level checks go through ``render_board``. No discord import. What every
game's images share (imports, phone sizes, alt text) is checked in ``test_render_games.py``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image

from render import common, fonts
from render import little_circuses as lcr
from render.little_circuses import board as lcr_board
from render.little_circuses import circus, header, tiles, track
from render.little_circuses.hand import decision_lines
from render.little_circuses.icons import ICON_MEANINGS, icon_kind
from rules.little_circuses.content import CARD_EFFECTS, TILE_ICONS
from rules.little_circuses.game import LittleCircuses

from render_scaffold import check_board_png, played, png_size, record_font_sizes, same_bytes_after_clearing

GAME = LittleCircuses()
NAMES = ["Ada", "Bo", "Cy", "Di", "Eve", "Flo", "Gus"]
MAX_BYTES = 450 * 1024

View = dict[str, Any]


def states(players: int, side: str = "blue", seed: int = 1) -> list[Any]:
    return list(played("little_circuses", tuple(NAMES[:players]), (("special_side", side),), seed))


def at(players: int, share: float, side: str = "blue", seed: int = 1) -> Any:
    history = states(players, side, seed)
    return history[min(len(history) - 1, int(len(history) * share))]


def spectator(state: Any) -> View:
    return GAME.view(state, None)


# ----- bytes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "side", "share"), [
    (1, "blue", 0.5),
    (3, "blue", 0.0),
    (3, "red", 0.6),
    (7, "red", 0.5),
    (7, "blue", 1.0),
])
def test_board_is_a_small_png_at_most_1600_wide(players: int, side: str, share: float) -> None:
    width, height = check_board_png(lcr.render_board(spectator(at(players, share, side))), MAX_BYTES)
    assert width == lcr.WIDTH <= 1600
    assert 1000 < height < 4600


def test_same_view_gives_the_same_bytes_even_after_caches_are_cleared() -> None:
    same_bytes_after_clearing(lcr.render_board, spectator(at(4, 0.5, "red")),
                              (tiles.tile_sprite, track.space_sprite, header.card_sprite, header.legend_strip,
                               lcr.icon_sprite, common.token_sprite, fonts.font))


def test_different_moments_give_different_images() -> None:
    history = states(3)
    a, b = spectator(history[40]), spectator(history[80])
    assert a != b
    assert lcr.render_image(a).tobytes() != lcr.render_image(b).tobytes()


@pytest.mark.parametrize("key", ["fame", "money", "bleacher", "hand", "awaited", "circus"])
def test_each_public_fact_of_a_player_changes_the_picture(key: str) -> None:
    view = spectator(at(3, 0.5))
    other = copy.deepcopy(view)
    player = other["players"][1]
    changes: dict[str, Any] = {
        "fame": player["fame"] + 7,
        "money": player["money"] + 3,
        "bleacher": [0, 0, 0, 3],
        "hand": player["hand"][1:] if player["hand"] else [player["circus"][0]["tile"]],
        "awaited": not player["awaited"],
        "circus": [dict(cell, used=not cell["used"]) for cell in player["circus"]],
    }
    player[key] = changes[key]
    assert lcr.render_image(view).tobytes() != lcr.render_image(other).tobytes()


def test_johns_position_changes_the_track() -> None:
    view = spectator(at(2, 0.3))
    other = copy.deepcopy(view)
    other["space_index"] = (view["space_index"] + 1) % len(view["track"])
    other["space"] = other["track"][other["space_index"]]
    assert lcr.render_image(view).tobytes() != lcr.render_image(other).tobytes()


# ----- hidden information ----------------------------------------------------------------------------


def test_board_never_depends_on_the_viewing_seat_or_private_parts() -> None:
    state = next(s for s in states(4, "red") if any(c.secret for c in s.circuses) and s.stage == "build")
    public = lcr.render_image(spectator(state)).tobytes()
    for seat in range(4):
        seat_view = GAME.view(state, seat)
        assert seat_view["you"] is not None
        assert lcr.render_image(seat_view).tobytes() == public
    doctored = spectator(state)
    doctored["you"] = {"secret": [doctored["players"][0]["hand"][0]] * 5, "step": "build", "plan": "build",
                       "plan_tile": None, "plan_cell": 3, "icon": None}
    assert lcr.render_image(doctored).tobytes() == public


def test_face_down_tiles_show_only_their_count() -> None:
    state = next(s for s in states(3) if any(c.secret for c in s.circuses))
    view = spectator(state)
    other = copy.deepcopy(view)
    # The same number of secret tiles, whatever they are: the rules' view has only the count.
    assert all("secret" not in p for p in other["players"])
    seat = next(i for i, c in enumerate(state.circuses) if c.secret)
    other["players"][seat]["secret_count"] += 1
    assert lcr.render_image(view).tobytes() != lcr.render_image(other).tobytes()


def test_hand_image_shows_a_seat_private_part_and_refuses_a_spectator_view() -> None:
    state = next(s for s in states(3) if s.circuses[1].secret)
    data = lcr.render_hand(GAME.view(state, 1))
    width, height = png_size(data)
    assert width == lcr.HAND_WIDTH and 200 < height < 2400
    assert len(data) < 200 * 1024
    with pytest.raises(ValueError, match="spectator"):
        lcr.render_hand(spectator(state))


def test_hand_image_differs_per_seat_and_with_the_secret_tiles() -> None:
    state = next(s for s in states(3) if all(c.secret for c in s.circuses))
    pictures = {lcr.render_hand(GAME.view(state, seat)) for seat in range(3)}
    assert len(pictures) == 3
    view = GAME.view(state, 0)
    other = copy.deepcopy(view)
    other["you"]["secret"] = other["you"]["secret"][:-1]
    assert lcr.render_hand(view) != lcr.render_hand(other)


def test_a_pending_choice_appears_in_the_hand_image_only_once_submitted() -> None:
    state = next(s for s in states(3) if s.stage == "build" and s.circuses[0].plan and not s.circuses[0].step)
    view = GAME.view(state, 0)
    assert view["players"][0]["ready"]
    assert any(line.startswith("Your choice for this space") for line in decision_lines(view))
    unready = copy.deepcopy(view)
    unready["players"][0]["ready"] = False
    assert not any(line.startswith("Your choice") for line in decision_lines(unready))


# ----- variants and whole games ----------------------------------------------------------------------

VARIANTS = [(1, "blue"), (2, "red"), (3, "blue"), (4, "red"), (5, "blue"), (6, "red"), (7, "red")]


@pytest.mark.parametrize(("players", "side"), VARIANTS, ids=[f"{p}p-{s}" for p, s in VARIANTS])
def test_every_player_count_and_side_renders_from_opening_night_to_the_end(players: int, side: str) -> None:
    history = states(players, side)
    final = spectator(history[-1])
    assert final["over"] and final["winners"]
    picks = [history[0], history[len(history) // 3], history[2 * len(history) // 3], history[-1]]
    for state in picks:
        image = lcr.render_image(spectator(state))
        assert image.width == lcr.WIDTH
        lcr.render_hand_image(GAME.view(state, players - 1))


def test_every_stage_and_space_kind_is_drawn() -> None:
    seen_stages: set[str] = set()
    seen_spaces: set[str] = set()
    for state in states(3, "red", seed=2):
        view = spectator(state)
        if view["stage"] not in seen_stages or view["space"]["kind"] not in seen_spaces:
            seen_stages.add(view["stage"])
            seen_spaces.add(view["space"]["kind"])
            lcr.render_image(view)
    assert {"opening", "build", "execute", "midday", "special", "over"} <= seen_stages
    assert {"full_day", "midday", "special", "finale"} <= seen_spaces


# ----- layout ------------------------------------------------------------------------------------------


def test_the_grid_shows_exactly_the_occupied_rectangle() -> None:
    view = spectator(at(2, 1.0))
    for player in view["players"]:
        x0, y0, columns, rows = circus.grid_window(player, view["grid_size"])
        xs = [c["x"] for c in player["circus"]]
        ys = [c["y"] for c in player["circus"]]
        assert (x0, y0, columns, rows) == (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert circus.cell_size(lcr.WIDTH / 2, columns) >= 60  # even a full 6-wide circus stays legible


def test_icon_layout_never_overflows_the_tile() -> None:
    for count in range(1, 7):
        for width, height in ((96, 64), (60, 40), (130, 70)):
            side, per_row = tiles.icon_layout(count, width, height, 34)
            rows = -(-count // per_row)
            assert per_row * side + (per_row - 1) * tiles.ICON_GAP <= width
            assert rows * side + (rows - 1) * tiles.ICON_GAP <= height


def test_every_icon_and_card_effect_has_a_picture_or_words() -> None:
    assert {icon_kind(icon) for icon in TILE_ICONS} == set(ICON_MEANINGS)
    assert set(CARD_EFFECTS) <= set(header.EFFECT_WORDS)
    assert set(track.SPACE_STYLES) >= {s["kind"] for s in spectator(states(1)[0])["track"]}


def test_no_text_smaller_than_16_px_and_body_text_at_least_20(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = record_font_sizes(monkeypatch, lcr)
    caches = (tiles.tile_sprite, track.space_sprite, header.card_sprite, header.legend_strip,
              lcr.icon_sprite, common.token_sprite)
    for cached in caches:
        cached.cache_clear()
    state = at(5, 0.5, "red")
    lcr.render_image(spectator(state))
    lcr.render_hand_image(GAME.view(state, 2))
    for cached in caches:
        cached.cache_clear()
    assert sizes and min(sizes) >= 16
    assert lcr.BODY >= 20


def test_a_big_hand_makes_its_panel_taller_instead_of_spilling_out() -> None:
    view = spectator(at(2, 0.5))
    width = (lcr.WIDTH - 3 * 16) / 2
    small = circus.panel_height(view, view["players"][0], width)
    crowded = copy.deepcopy(view)
    crowded["players"][0]["hand"] = [crowded["players"][0]["circus"][0]["tile"]] * 14
    crowded["players"][0]["secret_count"] = 2
    assert circus.panel_height(crowded, crowded["players"][0], width) > small
    assert lcr.render_image(crowded).height > lcr.render_image(view).height


@pytest.mark.parametrize("players", [5, 6, 7])
def test_players_pictures_set_every_pixel_though_their_canvas_starts_unset(players: int,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A players picture fills only around its panels (``board._fill_around``): whatever its canvas held
    before, the pictures come out the same."""
    view = spectator(at(players, 0.9, "red"))
    normal = [part.tobytes() for part in lcr_board.board_parts(view)]
    assert len(normal) >= 2
    monkeypatch.setattr(lcr_board, "_blank_canvas", lambda size: Image.new("RGB", size, (255, 0, 255)))
    assert [part.tobytes() for part in lcr_board.board_parts(view)] == normal
