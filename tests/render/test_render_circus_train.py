"""Circus Train board and hand images: valid, small, deterministic PNGs rendered from views only.

Views come from seeded games played by the automatic players (``rules.cli`` picks seats and actions
exactly as ``python -m rules simulate`` does). Most checks draw with ``render_image`` (no PNG encode,
so the suite stays fast); the byte-level checks go through ``render_board``. No discord import. What every
game's images share (imports, phone sizes, alt text) is checked in ``test_render_games.py``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import circus_train as ct
from render import common, fonts
from rules.circus_train.game import CircusTrain

from render_scaffold import check_board_png, played, png_size, record_font_sizes, same_bytes_after_clearing

GAME = CircusTrain()
NAMES = ["Ada", "Bo", "Cy", "Di", "Eve"]
ALL = {"advanced": True, "special_characters": True, "events": True}
MAX_BYTES = 400 * 1024

View = dict[str, Any]


def states(players: int, seed: int = 1, **options: bool) -> list[Any]:
    return list(played("circus_train", tuple(NAMES[:players]), tuple(sorted(options.items())), seed))


def spectator(state: Any) -> View:
    return GAME.view(state, None)


# ----- bytes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "where"), [
    (2, {}, 0.15),
    (5, ALL, 0.5),
    (5, ALL, 1.0),
    (1, {"advanced": True}, 0.6),
])
def test_board_is_a_small_png_about_1600_wide(players: int, options: dict[str, bool], where: float) -> None:
    history = states(players, **options)
    view = spectator(history[min(len(history) - 1, int(len(history) * where))])
    width, height = check_board_png(ct.render_board(view), MAX_BYTES)
    assert width == ct.WIDTH == 1600
    assert 1000 < height < 2600


def test_same_view_gives_the_same_bytes_even_after_caches_are_cleared() -> None:
    view = spectator(states(5, **ALL)[200])
    same_bytes_after_clearing(ct.render_board, view, (ct.base_map, ct.legend_strip, common.token_sprite,
                                                      common.disc_sprite, fonts.font))


def test_different_views_give_different_images() -> None:
    history = states(3, **ALL)
    a, b = spectator(history[120]), spectator(history[160])
    assert a != b
    assert ct.render_image(a).tobytes() != ct.render_image(b).tobytes()


def test_the_player_to_act_changes_the_picture() -> None:
    view = spectator(states(3)[80])
    assert view["awaiting"] is not None
    other = copy.deepcopy(view)
    other["awaiting"]["seat"] = (view["awaiting"]["seat"] + 1) % 3
    assert ct.render_image(view).tobytes() != ct.render_image(other).tobytes()


# ----- hidden information ----------------------------------------------------------------------------


def test_spectator_board_renders_without_a_hand() -> None:
    view = spectator(states(4, **ALL)[150])
    assert view["hand"] is None and view["seat"] is None
    png_size(ct.render_board(view))


def test_board_never_depends_on_the_hand_or_the_viewing_seat() -> None:
    state = states(4, **ALL)[150]
    public = ct.render_image(spectator(state)).tobytes()
    for seat in range(4):
        seat_view = GAME.view(state, seat)
        assert seat_view["hand"]  # a seat's view has its hand …
        assert ct.render_image(seat_view).tobytes() == public  # … and the board does not show it
    doctored = spectator(state)
    doctored["hand"] = ["rest"] * 9
    assert ct.render_image(doctored).tobytes() == public


def test_hand_image_shows_a_seat_hand_and_refuses_a_spectator_view() -> None:
    state = states(3, **ALL)[90]
    data = ct.render_hand(GAME.view(state, 1))
    width, height = png_size(data)
    assert width == ct.HAND_WIDTH and 200 < height < 1400
    assert len(data) < 150 * 1024
    with pytest.raises(ValueError, match="spectator"):
        ct.render_hand(spectator(state))


def test_hand_image_depends_on_the_hand() -> None:
    view = GAME.view(states(3, **ALL)[90], 0)
    other = copy.deepcopy(view)
    other["hand"] = list(reversed(view["hand"]))  # same cards: same picture
    assert ct.render_hand(other) == ct.render_hand(view)
    other["hand"] = view["hand"][:-1]
    assert ct.render_hand(other) != ct.render_hand(view)


# ----- variants and whole games ----------------------------------------------------------------------

VARIANTS = [
    (1, {}),
    (1, {"advanced": True, "special_characters": True, "events": True}),
    (2, {}),
    (2, {"easier": True}),
    (3, {"advanced": True}),
    (3, {"special_characters": True, "easier": True}),
    (4, {"events": True}),
    (4, ALL),
    (5, {"special_characters": True}),
    (5, ALL),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS,
                         ids=[f"{p}p-{'+'.join(o) or 'basic'}" for p, o in VARIANTS])
def test_every_variant_renders_from_set_up_to_game_over(players: int, options: dict[str, bool]) -> None:
    history = states(players, seed=players + 7, **options)
    final = spectator(history[-1])
    assert final["over"] and final["awaiting"] is None
    for state in (history[0], history[len(history) // 2], history[-1]):
        view = spectator(state)
        image = ct.render_image(view)
        assert image.width == ct.WIDTH
        seat = 0
        ct.render_hand_image(GAME.view(state, seat))
    if options.get("advanced"):
        assert all(p["reputation"] is not None for p in final["players"])


def test_a_view_from_every_stretch_of_a_game_renders() -> None:
    history = states(4, seed=3, **ALL)
    assert len(history) > 200
    for state in [*history[::20], history[-1]]:
        assert ct.render_image(spectator(state)).width == ct.WIDTH


def test_event_cards_and_closed_cities_render() -> None:
    history = states(3, seed=2, **ALL)
    with_event = [spectator(s) for s in history if s.event is not None]
    assert with_event
    view = copy.deepcopy(with_event[0])
    view["event"] = {"id": "e15", "title": "Scarlet Fever Quarantine", "text": "No one may Perform or Hire in "
                     "Boston, New Haven or Albany."}
    layout = ct.map_layout(view)
    assert {"boston", "new_haven", "albany"} <= {tag.city for tag, _ in layout.tags}
    ct.render_image(view)


# ----- layout ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (5, 5)])
def test_tags_names_and_trains_never_cover_each_other(players: int, seed: int) -> None:
    base = ct.base_map()
    for state in states(players, seed=seed, **ALL)[::25]:
        layout = ct.map_layout(spectator(state))
        fixed = list(base.names.values()) + list(base.dots.values())
        trains = list(layout.train_boxes.values())
        boxes = [box for _, box in layout.tags]
        bounds = common.Box(0, 0, ct.WIDTH, ct.MAP_HEIGHT)
        for index, box in enumerate(boxes):
            assert box.outside(bounds) == 0
            assert all(box.overlap(other) == 0 for other in fixed + trains + boxes[index + 1:])
        for city, box in layout.train_boxes.items():
            others = [b for c, b in base.names.items()] + [b for c, b in base.dots.items() if c != city]
            assert all(box.overlap(other) == 0 for other in others)


def test_every_train_is_drawn_and_trains_in_one_city_do_not_stack() -> None:
    view = spectator(states(5, seed=1)[0])
    for player in view["players"]:
        player["position"] = "toronto"
    layout = ct.map_layout(view)
    points = [layout.train_points[seat] for seat in range(5)]
    assert len(set(points)) == 5
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 2 * ct.TOKEN_RADIUS


# ----- readability -----------------------------------------------------------------------------------


def test_no_text_smaller_than_16_px_and_body_text_at_least_20(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = record_font_sizes(monkeypatch, ct)
    common.token_sprite.cache_clear()
    ct.base_map.cache_clear()
    history = states(5, **ALL)
    ct.render_image(spectator(history[len(history) // 2]))
    ct.render_hand_image(GAME.view(history[len(history) // 2], 2))
    ct.base_map.cache_clear()
    common.token_sprite.cache_clear()
    assert sizes and min(sizes) >= 16
    assert min(ct.BODY, ct.TAG_FONT_SIZE, ct.NAME_FONT_SIZE, ct.HAND_TEXT) >= 20


# ----- the header and the map ------------------------------------------------------------------------


def test_the_header_is_an_even_number_of_pixels_tall_so_the_map_below_it_keeps_its_pixels() -> None:
    # The map is drawn onto the board shifted down by the header's height; Python rounds halves to even,
    # so only an even shift rounds every coordinate as on the map's own layer.
    from render.circus_train.header import header_height

    heights = {header_height(spectator(state), tight) for state in states(5, **ALL)[::5] for tight in (False, True)}
    assert len(heights) > 1 and all(height % 2 == 0 for height in heights)


@pytest.mark.parametrize("week", [-1, 0, 1, 3, 4, 13, 25, 26, 27, 30])
def test_the_calendar_pasted_from_its_three_looks_is_the_strip_drawn_for_that_week(week: int) -> None:
    from PIL import ImageDraw

    from render.circus_train import header
    from render.circus_train.layout import BACKGROUND, WIDTH

    def look(index: int) -> header.Look:
        return "past" if index < week else "now" if index == week else "next"

    drawn = Image.new("RGB", (WIDTH, 80), BACKGROUND)
    header._calendar_strip(ImageDraw.Draw(drawn), look)
    pasted = Image.new("RGB", (WIDTH, 80), BACKGROUND)
    header._draw_calendar(pasted, week)
    assert pasted.tobytes() == drawn.tobytes()
    assert pasted.tobytes() != Image.new("RGB", (WIDTH, 80), BACKGROUND).tobytes()


def test_a_city_name_drawn_on_the_map_stays_within_the_pixels_kept_clear_for_it() -> None:
    from PIL import ImageDraw

    from render.circus_train.layout import name_font
    from render.circus_train.map import NAME_STROKE
    from rules.circus_train.content import load_content

    base = ct.base_map()
    nameless = base.image.copy()
    for pixels, unnamed in base.unnamed.values():
        nameless.paste(unnamed, pixels[:2])
    for city, (pixels, _) in base.unnamed.items():
        drawn = nameless.copy()
        common.draw_text(ImageDraw.Draw(drawn), base.names[city].centre, load_content().cities[city].name,
                         name_font(), common.INK, anchor="mm", stroke=NAME_STROKE)
        changed = ImageChops.difference(drawn, nameless).getbbox()
        assert changed is not None and pixels[0] <= changed[0] and pixels[1] <= changed[1] \
            and changed[2] <= pixels[2] and changed[3] <= pixels[3], city


def _has_leader_lines(view: View) -> bool:
    import math

    from render.circus_train.layout import city_point
    from rules.circus_train.content import load_content

    anchors = [(city_point(load_content(), tag.city), box) for tag, box in ct.map_layout(view).tags]
    return any(math.dist(anchor, box.nearest(anchor)) > 4 for anchor, box in anchors)


def test_names_drawn_again_only_where_leader_lines_pass_give_the_map_with_every_name_drawn_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from render.circus_train import map as ct_map

    views = [view for view in (spectator(state) for state in states(5, 3, **ALL)[::25]) if _has_leader_lines(view)]
    assert len(views) >= 3
    only_under = [ct.render_image(view).tobytes() for view in views]
    monkeypatch.setattr(ct_map, "_names_under", lambda base, regions: list(base.unnamed))
    assert [ct.render_image(view).tobytes() for view in views] == only_under
