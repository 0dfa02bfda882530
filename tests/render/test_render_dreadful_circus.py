"""Dreadful Circus board and private images: valid, small, deterministic PNGs drawn from views only,
and a public board that never shows a secret.

Views come from seeded games played by the automatic players (``rules.cli`` picks seats and actions
exactly as ``python -m rules simulate`` does). Most checks draw with ``render_image`` (no PNG encode,
so the suite stays fast); the byte-level checks go through ``render_board``. No discord import. What every
game's images share (imports, phone sizes, alt text) is checked in ``test_render_games.py``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import common, fonts
from render import dreadful_circus as dc
from render.dreadful_circus import cards, layout
from rules.registry import get_game

from render_scaffold import check_board_png, first, played, png_size, record_font_sizes, same_bytes_after_clearing

GAME = get_game("dreadful_circus")
NAMES = ["Ada", "Bo", "Cyrus", "Dee", "Eve", "Fitzgerald", "Gus", "Hal"]
MAX_BYTES = 400 * 1024
PRIVATE_KEYS = ("hand", "coins", "contracts", "wagon", "choice", "packet", "drafted", "inspecting", "loaded")

View = dict[str, Any]


def states(players: int, draft: bool = False, seed: int = 1) -> list[Any]:
    return list(played("dreadful_circus", tuple(NAMES[:players]), (("draft", draft),), seed))


def spectator(state: Any) -> View:
    return GAME.view(state, None)


def inspecting(state: Any) -> bool:
    return state.phase == "sell" and state.offers[state.selling].inspecting is not None


# ----- bytes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "draft", "where"), [(4, False, 0.1), (6, True, 0.5), (8, False, 0.6),
                                                         (8, True, 1.0)])
def test_board_is_a_small_png_1200_wide_or_1600_for_seven_or_eight(players: int, draft: bool, where: float) -> None:
    history = states(players, draft)
    width, height = check_board_png(dc.render_board(spectator(history[int((len(history) - 1) * where)])), MAX_BYTES)
    assert width == layout.board_width(players) == (1600 if players >= 7 else dc.WIDTH)
    assert 600 < height <= 2000


def test_same_view_gives_the_same_bytes_even_after_caches_are_cleared() -> None:
    history = states(5)
    same_bytes_after_clearing(dc.render_board, spectator(first(history, inspecting)), (common.token_sprite, fonts.font))
    hand = GAME.view(history[40], 1)
    assert dc.render_hand(hand) == dc.render_hand(copy.deepcopy(hand))


def test_different_moments_give_different_images() -> None:
    history = states(4)
    bid = first(history, lambda s: s.phase == "bid")
    sell = first(history, inspecting)
    assert dc.render_image(spectator(bid)).tobytes() != dc.render_image(spectator(sell)).tobytes()


def test_who_is_awaited_changes_the_picture() -> None:
    view = spectator(first(states(4), lambda s: s.phase == "bid"))
    other = copy.deepcopy(view)
    other["awaiting"] = other["awaiting"][:1]
    assert dc.render_image(view).tobytes() != dc.render_image(other).tobytes()


# ----- hidden information ----------------------------------------------------------------------------


def _doctored(state: Any) -> Any:
    """The same public situation with every secret changed: hands and draft packets (same sizes, other
    cards), screens, wagon contents."""
    changed = copy.deepcopy(state)
    for index, seat in enumerate(changed.seats):
        seat.hand = ["c34" if index % 2 else "c49"] * len(seat.hand)
        seat.packet = ["c01"] * len(seat.packet)
        seat.coins = {"copper": 9 + index, "silver": 0, "gold": 4}
        seat.contracts = {"paris": 0, "berlin": 7, "vegas": index, "prague": 0, "london": 2}
        if seat.wagon is not None:
            seat.wagon.coins = {"gold": 3}
            seat.wagon.contracts = {"london": 5}
    return changed


@pytest.mark.parametrize("players", [4, 7])
def test_public_board_is_the_same_whatever_the_secrets(players: int) -> None:
    history = states(players, draft=True)
    moments = [first(history, lambda s, phase=phase: s.phase == phase) for phase in ("draft", "offer", "bid", "effect")]
    moments.append(first(history, inspecting))
    for state in moments:
        public = dc.render_image(spectator(state)).tobytes()
        for seat in range(players):
            seat_view = GAME.view(state, seat)
            assert seat_view["hand"] is not None
            assert dc.render_image(seat_view).tobytes() == public  # a seat's view draws the same board
        assert dc.render_image(spectator(_doctored(state))).tobytes() == public
        stuffed = spectator(state)
        stuffed.update(GAME.view(_doctored(state), 0))
        stuffed.update({key: GAME.view(state, None)[key] for key in stuffed if key not in PRIVATE_KEYS})
        assert dc.render_image(stuffed).tobytes() == public  # private keys are never read


def test_screens_are_drawn_only_once_lifted() -> None:
    history = states(4)
    before = spectator(history[-2]) if history[-2].phase not in ("ending", "over") else spectator(history[0])
    assert all(player["coins"] is None for player in before["players"])
    final = spectator(history[-1])
    assert all(player["coins"] is not None for player in final["players"])
    hidden = copy.deepcopy(final)
    for player in hidden["players"]:
        player["coins"] = player["contracts"] = None
    assert dc.render_image(final).height > dc.render_image(hidden).height


def test_private_image_refuses_a_spectator_and_differs_per_seat() -> None:
    state = first(states(5), lambda s: s.phase == "bid")
    with pytest.raises(ValueError, match="spectator"):
        dc.render_hand(spectator(state))
    images = {dc.render_hand(GAME.view(state, seat)) for seat in range(5)}
    assert len(images) == 5
    width, height = png_size(next(iter(images)))
    assert width == dc.HAND_WIDTH and 300 < height < 2400


def test_private_image_shows_the_wagon_being_inspected_and_the_own_wagon() -> None:
    state = first(states(5), inspecting)
    seller = state.offers[state.selling].seller
    view = GAME.view(state, seller)
    assert view["inspecting"] is not None
    without = copy.deepcopy(view)
    without["inspecting"] = None
    assert dc.render_hand_image(view).height > dc.render_hand_image(without).height
    changed = copy.deepcopy(view)
    changed["inspecting"]["coins"] = {"copper": 0, "silver": 0, "gold": 5}
    assert dc.render_hand(changed) != dc.render_hand(view)
    bidder = next(seat for seat in range(5) if GAME.view(state, seat)["wagon"] is not None)
    mine = GAME.view(state, bidder)
    emptied = copy.deepcopy(mine)
    emptied["wagon"]["coins"] = {"copper": 0, "silver": 0, "gold": 0}
    emptied["wagon"]["contracts"] = {kind: 0 for kind in layout.CONTRACT_NAMES}
    assert dc.render_hand(emptied) != dc.render_hand(mine) or not any(mine["wagon"]["coins"].values())


def test_private_image_of_every_kind_of_decision_renders() -> None:
    history = states(6, draft=True, seed=2)
    moments: dict[str, Any] = {}
    for state in history:
        kind = state.tasks[0].kind if state.tasks else state.phase
        moments.setdefault("inspect" if inspecting(state) else kind, state)
    assert {"draft", "start", "offer", "bid", "sell", "inspect"} <= set(moments)
    for state in moments.values():
        for seat in sorted(GAME.to_act(state))[:1]:
            assert dc.render_hand_image(GAME.view(state, seat)).width == dc.HAND_WIDTH


# ----- variants and whole games ----------------------------------------------------------------------

VARIANTS = [(players, draft) for players in range(4, 9) for draft in (False, True)]


@pytest.mark.parametrize(("players", "draft"), VARIANTS, ids=[f"{p}p-{'draft' if d else 'basic'}" for p, d in VARIANTS])
def test_every_variant_renders_from_set_up_to_game_over(players: int, draft: bool) -> None:
    history = states(players, draft, seed=players + 7)
    final = spectator(history[-1])
    assert final["over"] and final["scores"]
    for state in (history[0], history[len(history) // 2], history[-1]):
        assert dc.render_image(spectator(state)).width == layout.board_width(players)
    middle = history[len(history) // 2]
    assert dc.render_hand_image(GAME.view(middle, min(GAME.to_act(middle)))).width == dc.HAND_WIDTH


# ----- drawing pieces ----------------------------------------------------------------------------------


def test_every_card_colour_has_a_word_and_a_letter() -> None:
    from rules.dreadful_circus.content import CARD_COLOURS, load_content

    letters = {layout.card_colour(name).letter for name in CARD_COLOURS}
    assert len(letters) == len(CARD_COLOURS)  # colour is never the only cue
    for card in load_content().cards.values():
        swatch = layout.card_colour(card.colour)
        assert swatch.word and swatch.letter != "?"
        assert cards.card_height(card.to_json()) < 400


def test_no_text_smaller_than_16_px_and_body_text_at_least_20(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = record_font_sizes(monkeypatch, dc)
    common.token_sprite.cache_clear()
    history = states(8, draft=True)
    dc.render_image(spectator(history[-1]))
    dc.render_image(spectator(first(history, inspecting)))
    dc.render_hand_image(GAME.view(history[len(history) // 2], 2))
    common.token_sprite.cache_clear()
    assert sizes and min(sizes) >= 16
    assert min(dc.BODY, dc.SMALL, cards.CARD_TEXT) >= 20


def test_end_game_copies_are_written_under_the_tableau() -> None:
    final = spectator(states(4)[-1])  # one panel per row: each panel's height shows
    copier = next(p for p in final["players"] if p["tableau"])
    other = next(p for p in final["players"] if p["tableau"] and p is not copier)
    plain = copy.deepcopy(final)
    for player in plain["players"]:
        player["copies"] = {}
    copied = copy.deepcopy(plain)
    copied["players"][copier["seat"]]["copies"] = {copier["tableau"][0]["id"]: other["tableau"][0]["id"]}
    assert dc.render_image(copied).height > dc.render_image(plain).height
