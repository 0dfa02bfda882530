"""Every kind of decision gets the part of the board it is about (render.focus): seeded random games of each game
are walked, and at each decision the box is checked against the board's own layout, by what the seat may choose:
the map for travel, the seat's own circus for placing, a market for buying or taking. The part is found from the
public view alone: views that differ only in what is hidden give the same box and the same pixels."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image

from render.circus_train.header import header_height as train_header
from render.circus_train.layout import MAP_HEIGHT, city_point
from render.dreadful_circus.offers import HEADER_HEIGHT as DREADFUL_HEADER
from render.dreadful_circus.offers import _offer_height, market_height
from render.focus import FOCUS_WIDTH, Focus, crop_png, drawn_width, focus
from render.little_circuses.board import _chunks, _fits, _panel_places, _panel_rows
from render.little_circuses.header import CARD_H, MARKET_H, ORDER_H, TITLE_H
from render.little_circuses.header import header_height as circuses_header
from render.little_circuses.track import track_height
from render.wanderzirkus.header import HEADER_HEIGHT as ZIRKUS_HEADER
from render.wanderzirkus.header import LEGEND_HEIGHT as ZIRKUS_LEGEND
from rules.circus_train.content import load_content
from rules.core.rng import Rng
from table.kits import KITS

Box = tuple[int, int, int, int]


def decisions(kind: str, players: int, seed: int, moves: int) -> Iterator[tuple[Any, int, frozenset[str]]]:
    """A seeded game of automatic moves: each decision's state, the seat and the kinds of its legal actions."""
    game = KITS[kind].game
    state = game.new_game([f"Player {n + 1}" for n in range(players)], {}, seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        acting = sorted(game.to_act(state))
        if not acting:
            return
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        yield state, seat, frozenset(action.kind for action in legal)
        state, _ = game.apply(state, seat, game.auto_action(game.view(state, seat), legal, rng))


def inside(box: Box, region: Box) -> bool:
    return region[0] <= box[0] < box[2] <= region[2] and region[1] <= box[1] < box[3] <= region[3]


def found(kind: str, view: Mapping[str, Any], seat: int) -> Focus:
    part = focus(kind, view, seat)
    assert part is not None, (kind, seat)
    return part


# ----- Little Circuses ---------------------------------------------------------------------------------------------
def circuses_expected(kinds: frozenset[str]) -> str:
    if kinds == {"choose_special"}:
        return "cards"
    if kinds & {"take_showcase", "draw_face_down", "take_from_hand"}:
        return "market"
    return "circus"  # opening night, builds, placing, moving the Highlight, Publics, rivals


def circus_panel(view: Mapping[str, Any], seat: int) -> tuple[int, Box]:
    """The picture holding ``seat``'s circus panel and the panel's box in it, from the board's own measures."""
    players = list(view["players"])
    panel_w, rows, heights = _panel_rows(view, players)
    if _fits(view):
        pictures = [(0, _panel_places(panel_w, rows, heights, circuses_header(view) + track_height(view) + 16))]
    else:
        pictures = [(number, _panel_places(panel_w, [rows[i] for i in chunk], [heights[i] for i in chunk], 16))
                    for number, chunk in enumerate(_chunks(heights), 1)]
    picture, left, top, width, height = next((number, *place[1:]) for number, places in pictures
                                             for place in places if place[0] == seat)
    return picture, (left, top, left + width, top + height)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_little_circuses_decisions_focus_their_circus_the_market_or_the_cards(players: int) -> None:
    seen: set[str] = set()
    for state, seat, kinds in decisions("little_circuses", players, 7 + players, 450):
        public = KITS["little_circuses"].game.view(state, None)
        part, expected = found("little_circuses", public, seat), circuses_expected(kinds)
        assert part.region == expected, (kinds, part)
        seen.add(expected)
        if expected == "circus":
            picture, panel = circus_panel(public, seat)
            assert part.part == picture and inside(part.box, panel), (part, picture, panel)
            # A big table's circuses are never in its first picture (the board with a line per player).
            assert part.part >= 1 or _fits(public)
        elif expected == "market":
            top = TITLE_H + ORDER_H
            assert part.part == 0 and inside(part.box, (0, top, 1400, top + MARKET_H))
            tiles = len(public["showcase"])
            # Every face-up tile whole (``header._draw_market`` puts them 150 px apart from x 716).
            assert tiles == 0 or (part.box[0] <= 716 and 716 + tiles * 150 - 10 <= part.box[2]), part
        else:
            top = TITLE_H + ORDER_H + MARKET_H
            assert part.part == 0 and inside(part.box, (0, top, 1400, top + CARD_H))
    assert seen >= {"circus", "cards"}, seen


def test_a_big_tables_market_is_in_its_first_picture_and_a_circus_in_its_own() -> None:
    """At 3–5 players late in the game the board is several pictures: the crop is cut from the one that holds it."""
    kit = KITS["little_circuses"]
    regions: dict[tuple[str, int], int] = {}
    for players in (3, 4, 5):
        for state, seat, _ in decisions("little_circuses", players, 2, 400):
            public = kit.game.view(state, None)
            if _fits(public):
                continue
            part = found("little_circuses", public, seat)
            regions[(part.region, part.part)] = regions.get((part.region, part.part), 0) + 1
            if len(regions) > 6 and regions.get(("circus", 1), 0) > 40:
                break
            if regions[(part.region, part.part)] > 2:
                continue  # cut and compared a few times each: drawing every board would take minutes
            images = kit.board_images(public)
            assert part.part < len(images)
            crop = crop_png(images[part.part], part.box, drawn_width("little_circuses", public))
            with Image.open(io.BytesIO(crop)) as cut, Image.open(io.BytesIO(images[part.part])) as whole:
                assert cut.convert("RGB").tobytes() == whole.convert("RGB").crop(part.box).tobytes()
                assert cut.width <= FOCUS_WIDTH + 40 and whole.width >= 2 * cut.width
    assert ("circus", 1) in regions and ("market", 0) in regions, regions


# ----- Dreadful Circus --------------------------------------------------------------------------------------------
BIDDING = {"add_coin", "add_contract", "take_coin", "take_contract", "place_wagon"}
SELLING = {"inspect", "accept", "decline"}
TASKS = {"load_coin", "load_contract", "take_loaded", "take_attraction", "discard_attraction", "return_contract",
         "stop_returning", "copy_card", "play_card"}


@pytest.mark.parametrize("players", [4, 6, 8])
def test_dreadful_circus_decisions_focus_the_offers_the_task_or_the_seats_area(players: int) -> None:
    seen: set[str] = set()
    for state, seat, kinds in decisions("dreadful_circus", players, 3, 500):
        public = KITS["dreadful_circus"].game.view(state, None)
        part = found("dreadful_circus", public, seat)
        market = (16, DREADFUL_HEADER, drawn_width("dreadful_circus", public) - 16,
                  DREADFUL_HEADER + market_height(public))
        if kinds & (BIDDING | SELLING):
            assert part.region == "offers" and inside(part.box, market), (kinds, part)
            if kinds & SELLING:  # the Offer being sold, from its top
                y = DREADFUL_HEADER + 50
                for offer in public["offers"]:
                    if offer.get("selling"):
                        assert part.box[1] == y, (part, y)
                    y += _offer_height(offer, public) + 10
        elif kinds & TASKS:
            assert part.region == "task" and inside(part.box, market) and part.box[3] >= market[3] - 64, part
        else:  # drafting, the Attraction to offer or keep: the seat's own area, under the market
            assert part.region == "area" and part.box[1] >= market[3], (kinds, part)
        seen.add(part.region)
    assert seen == {"offers", "task", "area"}, seen


# ----- Der Wanderzirkus -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_wanderzirkus_travel_focuses_the_pairs_and_every_other_decision_the_seats_row(players: int) -> None:
    seen: set[str] = set()
    for state, seat, kinds in decisions("wanderzirkus", players, 5, 400):
        public = KITS["wanderzirkus"].game.view(state, None)
        part = found("wanderzirkus", public, seat)
        top = ZIRKUS_HEADER + ZIRKUS_LEGEND
        if kinds == {"take_pair"}:
            assert part.region == "travel" and part.box[1] == top and part.box[3] - top <= 600, part
        else:
            assert part.region == "row" and part.box[1] > top, (kinds, part)
        seen.add(part.region)
    assert seen == {"travel", "row"}


# ----- Circus Train -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_circus_train_decisions_focus_the_map_around_the_train(players: int) -> None:
    content = load_content()
    mapped = 0
    for state, seat, kinds in decisions("circus_train", players, 9, 400):
        public = KITS["circus_train"].game.view(state, None)
        part = focus("circus_train", public, seat)
        if kinds & {"pick_talent", "choose_start"}:  # set-up: no train on the map yet, the whole board
            assert part is None
            continue
        assert part is not None and part.region == "map", kinds
        top = train_header(public)
        x, y = city_point(content, public["players"][seat]["position"])
        assert part.box[0] <= x <= part.box[2] and part.box[1] <= top + y <= part.box[3]
        assert inside(part.box, (0, top, drawn_width("circus_train", public), top + MAP_HEIGHT))
        mapped += 1
    assert mapped > 100


# ----- nothing hidden ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["circus_train", "little_circuses", "wanderzirkus", "dreadful_circus"])
def test_views_differing_only_in_hidden_things_give_the_same_part_and_pixels(kind: str) -> None:
    """The seat's own view and a view with another seat's secrets in its place (hands, wagons, plans) differ only
    in what is hidden: the part and its pixels are the public board's, the same for both."""
    kit = KITS[kind]
    game = kit.game
    compared = 0
    for number, (state, seat, _) in enumerate(decisions(kind, 4, 11, 240)):
        if number % 30:
            continue
        own, public = game.view(state, seat), game.view(state, None)
        other = game.view(state, (seat + 1) % 4)
        hidden = {key for key in own if own[key] != public.get(key)}
        assert hidden, kind  # the seat's view has secrets (or at least its seat number) the public one lacks
        swapped = {**own, **{key: other[key] for key in hidden}}
        part, part_swapped = focus(kind, own, seat), focus(kind, swapped, seat)
        assert part == part_swapped == focus(kind, public, seat)
        if part is None:
            continue
        width = drawn_width(kind, own)
        cuts = {crop_png(kit.board_images(view)[part.part], part.box, width) for view in (own, swapped, public)}
        assert len(cuts) == 1
        compared += 1
    assert compared >= 5
