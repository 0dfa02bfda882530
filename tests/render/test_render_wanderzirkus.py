"""Der Wanderzirkus table and hand images: valid, small, deterministic PNGs drawn from views only.

Views come from seeded games played by the automatic players (``rules.cli`` picks seats and actions
exactly as ``python -m rules simulate`` does). Most checks draw with ``render_image`` (no PNG encode,
so the suite stays fast); the byte-level checks go through ``render_board``. No discord import. What every
game's images share (imports, phone sizes, alt text) is checked in ``test_render_games.py``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import fonts
from render import wanderzirkus as wz
from render.wanderzirkus import board as board_module
from render.wanderzirkus import cards, header, icons
from render.wanderzirkus.layout import BOARD_CARD, STACK_STEP
from render.wanderzirkus.row import layout_row
from rules.wanderzirkus.content import artist_json
from rules.wanderzirkus.game import Wanderzirkus

from render_scaffold import check_board_png, first, played, png_size, record_font_sizes, same_bytes_after_clearing

GAME = Wanderzirkus()
NAMES = ["Ada", "Bo", "Cyrille-Anne", "Di", "Eve", "Fynn"]
MAX_BYTES = 400 * 1024

View = dict[str, Any]


def states(players: int, seed: int = 1, **options: bool) -> list[Any]:
    return list(played("wanderzirkus", tuple(NAMES[:players]), tuple(sorted(options.items())), seed))


def spectator(state: Any) -> View:
    return GAME.view(state, None)


def running(state: Any) -> bool:
    return state.phase == "show" and any(c.show_state == "running" and c.show for c in state.circuses)


# ----- bytes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "where"), [
    (2, {}, 0.1), (3, {}, 0.5), (6, {"pro": True}, 0.7), (1, {"simplified": True}, 1.0),
])
def test_board_is_a_small_png_1600_wide(players: int, options: dict[str, bool], where: float) -> None:
    history = states(players, **options)
    view = spectator(history[min(len(history) - 1, int(len(history) * where))])
    width, height = check_board_png(wz.render_board(view), MAX_BYTES)
    assert width == wz.BOARD_WIDTH == 1600
    assert 400 < height < 3600


def test_same_view_gives_the_same_bytes_even_after_caches_are_cleared() -> None:
    view = spectator(states(3)[120])
    same_bytes_after_clearing(wz.render_board, view, (board_module._board_png, cards.artist_sprite, cards.card_back,
                                                      header._legend, icons.act_icon, icons.coin, icons.stop_sign,
                                                      icons.swap_token, fonts.font))


def test_different_moments_give_different_images() -> None:
    history = states(3)
    a, b = spectator(history[40]), spectator(history[140])
    assert a != b
    assert wz.render_image(a).tobytes() != wz.render_image(b).tobytes()


def test_who_is_awaited_changes_the_picture() -> None:
    view = spectator(first(states(3), lambda s: s.phase == "travel"))
    other = copy.deepcopy(view)
    other["awaiting"] = [(view["awaiting"][0] + 1) % 3]
    other["current"] = other["awaiting"][0]
    assert wz.render_image(view).tobytes() != wz.render_image(other).tobytes()


# ----- hidden information ----------------------------------------------------------------------------


def test_board_is_the_same_whatever_the_hidden_information() -> None:
    history = states(4, pro=True)
    shows = [s for s in history if running(s)]
    for state in [first(history, lambda s: s.phase == "setup"), shows[0], shows[len(shows) // 2], shows[-1]]:
        public = wz.render_image(spectator(state)).tobytes()
        for seat in range(4):
            seat_view = GAME.view(state, seat)
            assert seat_view["own"] is not None
            assert wz.render_image(seat_view).tobytes() == public
        doctored = GAME.view(state, 0)
        doctored["own"]["hand"] = [artist_json("start_red_1")] * 4
        doctored["own"]["draw_pile"] = 99
        assert wz.render_image(doctored).tobytes() == public


def test_a_running_show_is_behind_its_curtain_and_an_ended_one_is_open() -> None:
    state = first(states(2), lambda s: running(s) and any(c.show_state == "ended" for c in s.circuses))
    view = spectator(state)
    runner = next(p for p in view["players"] if p["show_state"] == "running")
    assert runner["show"] is None  # the rules hide it; the board draws the curtain
    opened = copy.deepcopy(view)
    opened["players"][runner["seat"]]["show_state"] = "ended"
    opened["players"][runner["seat"]]["show"] = [{"cards": [artist_json("start_red_1")], "exit": None,
                                                  "pause": False}]
    opened["players"][runner["seat"]]["show_length"] = 1
    assert wz.render_image(opened).tobytes() != wz.render_image(view).tobytes()


def test_hand_image_is_private_per_seat_and_refuses_a_spectator_view() -> None:
    state = first(states(3), running)
    images = [wz.render_hand(GAME.view(state, seat)) for seat in range(3)]
    assert len(set(images)) == 3
    for data in images:
        width, height = png_size(data)
        assert width == wz.HAND_WIDTH and 300 < height < 2400
        assert len(data) < 300 * 1024
    with pytest.raises(ValueError, match="spectator"):
        wz.render_hand(spectator(state))


def test_hand_image_depends_on_the_hand_and_the_offer() -> None:
    state = first(states(3), running)
    view = GAME.view(state, sorted(GAME.to_act(state))[0])
    other = copy.deepcopy(view)
    other["own"]["hand"] = view["own"]["hand"][:-1]
    assert wz.render_hand(other) != wz.render_hand(view)
    setup = GAME.view(states(3)[0], 0)
    assert setup["own"]["offer"] and setup["own"]["city_offer"]
    fewer = copy.deepcopy(setup)
    fewer["own"]["offer"] = setup["own"]["offer"][:2]
    assert wz.render_hand(fewer) != wz.render_hand(setup)


# ----- variants and whole games ----------------------------------------------------------------------

# Seed 1 throughout, so the games played here are shared with the other tests (they are cached).
VARIANTS = [
    (1, {"simplified": True}), (1, {"pro": True}), (2, {}), (2, {"simplified": True}), (3, {}), (4, {"pro": True}),
    (6, {"pro": True}), (6, {"simplified": True}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS,
                         ids=[f"{p}p-{'+'.join(o) or 'basic'}" for p, o in VARIANTS])
def test_every_variant_renders_from_set_up_to_game_over(players: int, options: dict[str, bool]) -> None:
    history = states(players, **options)
    assert spectator(history[-1])["over"]
    picks = [history[0], *history[len(history) // 5::len(history) // 5], history[-1]]
    for state in picks:
        assert wz.render_image(spectator(state)).width == wz.BOARD_WIDTH
        for seat in sorted(GAME.to_act(state))[:1] or [0]:
            assert wz.render_hand_image(GAME.view(state, seat)).width == wz.HAND_WIDTH


def test_travel_offer_scores_and_final_reckoning_are_drawn() -> None:
    history = states(6, pro=True)
    travel = spectator(first(history, lambda s: s.phase == "travel" and s.turn == 0))
    assert len(travel["pairs"]) == 8
    empty = copy.deepcopy(travel)
    empty["pairs"] = []
    assert wz.render_image(travel).height > wz.render_image(empty).height  # the offer takes its own rows
    final = spectator(history[-1])
    assert final["final"]
    no_final = copy.deepcopy(final)
    no_final["final"] = None
    assert wz.render_image(final).tobytes() != wz.render_image(no_final).tobytes()


# ----- the row of a show -----------------------------------------------------------------------------


def _column(*ids: str, exit: int | None = None) -> dict[str, Any]:
    return {"cards": [artist_json(i) for i in ids], "exit": exit, "pause": ids == ("pause",)}


def test_stacked_acrobats_all_show_and_the_show_goes_on_level_with_the_chosen_one() -> None:
    purple = [artist_json(f"purple_{n:02d}") for n in range(1, 4)]
    columns = [_column("start_green_1"), {"cards": purple[:3], "exit": 1, "pause": False}, _column("start_red_1"),
               _column("pause")]
    layout = layout_row(columns, BOARD_CARD, 1500)
    stack = [p for p in layout.cards if p.card in purple[:3]]
    assert sorted(p.y for p in stack) == [0, STACK_STEP, 2 * STACK_STEP]  # an offset stack: each one shows
    ringed = [p for p in stack if p.ring is not None]
    assert len(ringed) == 1 and ringed[0].card == purple[1] and ringed[0].y == STACK_STEP
    order = [layout.cards.index(p) for p in stack]
    assert layout.cards.index(ringed[0]) == max(order)  # drawn on top of the acrobats above it
    after = [p for p in layout.cards if p.card["id"] in ("start_red_1", "pause")]
    assert all(p.y == STACK_STEP for p in after)  # the row carries on from the chosen acrobat
    assert layout.height == 2 * STACK_STEP + BOARD_CARD.height


def test_a_long_show_wraps_inside_its_width() -> None:
    columns = [_column("start_yellow_1") for _ in range(20)]
    layout = layout_row(columns, BOARD_CARD, 1000)
    assert layout.width <= 1000
    assert layout.height > 2 * BOARD_CARD.height
    assert len(layout.joints) < 19  # no joint across a line break


def test_every_card_of_the_content_draws() -> None:
    from rules.wanderzirkus.content import load_content
    for card_id in [*load_content().artists, "pause"]:
        sprite = cards.artist_sprite(cards.Face.of(artist_json(card_id)), BOARD_CARD)
        assert sprite.size == (BOARD_CARD.pitch, BOARD_CARD.height)


# ----- readability -----------------------------------------------------------------------------------


def test_no_text_smaller_than_16_px_and_body_text_at_least_20(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = record_font_sizes(monkeypatch, wz)
    for cached in (cards.artist_sprite, cards.card_back, header._legend):
        cached.cache_clear()
    history = states(4, pro=True)
    state = first(history, running)
    wz.render_image(spectator(state))
    wz.render_hand_image(GAME.view(state, sorted(GAME.to_act(state))[0]))
    wz.render_image(spectator(first(history, lambda s: s.phase == "travel")))
    for cached in (cards.artist_sprite, cards.card_back, header._legend):
        cached.cache_clear()
    assert sizes and min(sizes) >= 16
    assert wz.BODY >= 20
