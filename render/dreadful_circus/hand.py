"""A seat's private image, for an ephemeral reply: what is behind their screen (coins by type,
Contracts by type), their wagon and what is in it, the wagon they are inspecting as a Seller, Loaded
Wagons they may take from, a secret choice not yet revealed, a draft packet, and their hand as full
cards. Refuses a spectator view, which has none of these.

Sections are measured first (``_Section``), then drawn one under the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from lang import tr, trc, trn
from render.common import (
    INK,
    MUTED,
    Box,
    PlayerMark,
    draw_text,
    draw_token,
    fit_text,
    mix,
    player_marks,
    rounded_panel,
    tint,
)
from render.dreadful_circus import palette
from render.dreadful_circus.cards import (
    CARD_WIDTH,
    CHIP_GAP,
    CHIP_HEIGHT,
    card_height,
    chip_size,
    coin_sprite,
    contract_tag,
    contract_tag_width,
    draw_card,
    draw_chip,
)
from render.dreadful_circus.layout import (
    BACKGROUND,
    BODY,
    COIN_NAMES,
    COIN_VALUES,
    CONTRACT_NAMES,
    MARGIN,
    PANEL_FILL,
    SMALL,
    View,
    check_view,
    players_of,
)
from render.fonts import font
from render.png import palette_png
from rules.dreadful_circus.names import coin_names

HAND_WIDTH = 2 * CARD_WIDTH + 3 * MARGIN
ROW = 44
INSPECT_FILL = (255, 236, 179)

Draw = Callable[[Image.Image, ImageDraw.ImageDraw, float], None]


@dataclass
class _Section:
    height: float
    draw: Draw


def _goods_width(coins: Mapping[str, int], contracts: Mapping[str, int]) -> float:
    width = 0.0
    for coin in COIN_NAMES:
        if coins.get(coin):
            width += 40 + font(SMALL).getlength(f"×{coins[coin]}") + 14
    for kind in CONTRACT_NAMES:
        if contracts.get(kind):
            width += contract_tag_width(kind, int(contracts[kind]), full_name=True) + 8
    return width


def draw_goods(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[float, float], coins: Mapping[str, int],
               contracts: Mapping[str, int], right: float) -> float:
    """Coins (disc and count) then Contracts (tag with count) on one line centred at ``xy[1]``;
    "empty" when there is nothing. Returns the x where drawing stopped."""
    x, y = xy
    if not any(coins.get(c) for c in COIN_NAMES) and not any(contracts.get(k) for k in CONTRACT_NAMES):
        return draw_text(draw, (x, y), trc("dreadful circus wagon", "empty"), font(SMALL), MUTED, anchor="lm").x1
    for coin in COIN_NAMES:
        count = int(coins.get(coin, 0))
        if count:
            coin_sprite(image, (x + 17, y), coin)
            x = draw_text(draw, (x + 38, y), f"×{count}", font(SMALL, bold=True), INK, anchor="lm").x1 + 14
    for kind in CONTRACT_NAMES:
        count = int(contracts.get(kind, 0))
        if count:
            if x + contract_tag_width(kind, count, full_name=True) > right:
                x = draw_text(draw, (x, y), "…", font(SMALL, bold=True), INK, anchor="lm").x1
                break
            x = contract_tag(draw, (x, y - 17), kind, count, full_name=True).x1 + 8
    return x


def _value(coins: Mapping[str, int]) -> int:
    return sum(COIN_VALUES[c] * int(coins.get(c, 0)) for c in COIN_NAMES)


def _contract_rows(contracts: Mapping[str, int]) -> int:
    """How many rows the screen's Contract tags take (longer names in some languages need a second)."""
    rows, x = 1, float(MARGIN)
    for kind in CONTRACT_NAMES:
        width = contract_tag_width(kind, int(contracts.get(kind, 0)), full_name=True)
        if x + width > HAND_WIDTH - MARGIN:
            rows, x = rows + 1, float(MARGIN)
        x += width + 8
    return rows


def _screen_section(view: View) -> _Section:
    coins: Mapping[str, int] = view.get("coins") or {}
    contracts: Mapping[str, int] = view.get("contracts") or {}

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        total = sum(int(contracts.get(k, 0)) for k in CONTRACT_NAMES)
        title = trn("Behind your screen: coins worth {value}, {n} Contract",
                    "Behind your screen: coins worth {value}, {n} Contracts", total, value=_value(coins))
        draw_text(draw, (MARGIN, y + 18), fit_text(title, font(BODY, bold=True), HAND_WIDTH - 2 * MARGIN),
                  font(BODY, bold=True), INK, anchor="lm")
        y += 40
        x = float(MARGIN)
        names = coin_names()
        for coin in COIN_NAMES:
            count = int(coins.get(coin, 0))
            coin_sprite(image, (x + 17, y + ROW / 2), coin)
            x = draw_text(draw, (x + 40, y + ROW / 2), f"{names[coin]} ×{count}", font(SMALL), INK,
                          anchor="lm").x1 + 20
        y += ROW
        x = float(MARGIN)
        for kind in CONTRACT_NAMES:
            count = int(contracts.get(kind, 0))
            if x + contract_tag_width(kind, count, full_name=True) > HAND_WIDTH - MARGIN:
                y += ROW
                x = float(MARGIN)
            x = contract_tag(draw, (x, y + ROW / 2 - 17), kind, count, full_name=True).x1 + 8

    return _Section(40 + ROW * (1 + _contract_rows(contracts)) + 4, paint)


def _box_section(title: str, rows: Sequence[tuple[PlayerMark | None, str, Mapping[str, int], Mapping[str, int]]],
                 fill: tuple[int, int, int], outline: tuple[int, int, int]) -> _Section:
    """A framed panel: a title, then one line per wagon (optional owner, a label, its contents)."""
    height = 48 + ROW * len(rows) + 10

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        box = Box(MARGIN, y, HAND_WIDTH - MARGIN, y + height - 8)
        rounded_panel(draw, box, fill=fill, outline=outline, width=3, radius=12)
        draw_text(draw, (box.x0 + 14, y + 24), fit_text(title, font(BODY, bold=True), box.width - 28),
                  font(BODY, bold=True), INK, anchor="lm")
        line_y = y + 48
        for mark, label, coins, contracts in rows:
            x = box.x0 + 14
            if mark is not None:
                draw_token(image, (x + 14, line_y + ROW / 2), mark, radius=13)
                x += 34
            if label:
                x = draw_text(draw, (x, line_y + ROW / 2), label, font(SMALL, bold=True), INK, anchor="lm").x1 + 12
            draw_goods(image, draw, (x, line_y + ROW / 2), coins, contracts, box.x1 - 14)
            line_y += ROW

    return _Section(height, paint)


def _cards_section(title: str, cards: Sequence[Mapping[str, Any]]) -> _Section:
    """Full cards two to a row, in the order given."""
    pairs = [list(cards[i:i + 2]) for i in range(0, len(cards), 2)]
    heights = [max(card_height(card) for card in pair) for pair in pairs]
    height = 42 + sum(h + MARGIN for h in heights) + (40 if not cards else 0)

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        draw_text(draw, (MARGIN, y + 20), fit_text(title, font(BODY, bold=True), HAND_WIDTH - 2 * MARGIN),
                  font(BODY, bold=True), INK, anchor="lm")
        y += 42
        if not cards:
            draw_text(draw, (MARGIN, y + 18), trc("dreadful circus cards", "none"), font(SMALL), MUTED, anchor="lm")
        for pair, row_h in zip(pairs, heights, strict=True):
            for column, card in enumerate(pair):
                x = MARGIN + column * (CARD_WIDTH + MARGIN)
                draw_card(image, (x, y), card, BACKGROUND)
            y += row_h + MARGIN

    return _Section(height, paint)


def _chips_section(title: str, cards: Sequence[Mapping[str, Any]]) -> _Section:
    rows: list[list[Mapping[str, Any]]] = []
    x = float(HAND_WIDTH)
    for card in cards:
        w = chip_size(card)
        if not rows or x + w > HAND_WIDTH - 2 * MARGIN:
            rows.append([])
            x = 0.0
        rows[-1].append(card)
        x += w + CHIP_GAP
    height = 40 + len(rows) * (CHIP_HEIGHT + CHIP_GAP) + 6

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        draw_text(draw, (MARGIN, y + 18), fit_text(title, font(BODY, bold=True), HAND_WIDTH - 2 * MARGIN),
                  font(BODY, bold=True), INK, anchor="lm")
        y += 40
        for row in rows:
            x = float(MARGIN)
            for card in row:
                x = draw_chip(image, (x, y), card, BACKGROUND).x1 + CHIP_GAP
            y += CHIP_HEIGHT + CHIP_GAP

    return _Section(height, paint)


def _wagon_title(wagon: Mapping[str, Any], offers: Sequence[Mapping[str, Any]], marks: Sequence[PlayerMark]) -> str:
    offer = wagon.get("offer")
    where = tr("no Offer chosen yet")
    if offer is not None:
        index = int(offer)
        seller = int(offers[index]["seller"]) if index < len(offers) else None
        if seller is not None:
            where = tr("for Offer {number} ({seller})", number=index + 1, seller=marks[seller].name)
        else:
            where = tr("for Offer {number}", number=index + 1)
    state = tr("placed: your bid is final") if wagon.get("placed") else tr("not placed yet")
    return tr("Your wagon — {where}, {state}", where=where, state=state)


def sections(view: View, marks: Sequence[PlayerMark]) -> list[_Section]:
    """The private image's parts, the one that asks for a decision first."""
    parts = []
    looking = view.get("inspecting")
    if looking is not None:
        owner = int(looking["owner"])
        parts.append(_box_section(tr("You are inspecting {owner}'s wagon — accept or decline",
                                     owner=marks[owner].name),
                                  [(marks[owner], marks[owner].name, looking.get("coins") or {},
                                    looking.get("contracts") or {})], INSPECT_FILL, INK))
    loaded = view.get("loaded")
    if loaded:
        rows = [(marks[int(w["owner"])], marks[int(w["owner"])].name, w.get("coins") or {}, w.get("contracts") or {})
                for w in loaded]
        parts.append(_box_section(tr("Loaded Wagons — take the contents of one"), rows, INSPECT_FILL, INK))
    offers = list(view.get("offers") or [])
    wagon = view.get("wagon")
    if wagon is not None:
        parts.append(_box_section(_wagon_title(wagon, offers, marks),
                                  [(None, "", wagon.get("coins") or {}, wagon.get("contracts") or {})],
                                  PANEL_FILL, mix(marks[int(view["seat"])].colour, INK, 0.3)))
    parts.append(_screen_section(view))
    choice = view.get("choice")
    if choice is not None:
        parts.append(_cards_section(tr("Your secret choice (revealed when everyone has chosen)"), [choice]))
    packet = view.get("packet")
    if packet:
        parts.append(_cards_section(tr("Draft: keep one of these {n} cards", n=len(packet)), list(packet)))
    drafted = view.get("drafted")
    if drafted:
        parts.append(_chips_section(tr("Kept so far"), list(drafted)))
    hand = list(view.get("hand") or [])
    if hand or not packet:
        parts.append(_cards_section(trn("Your hand — {n} card", "Your hand — {n} cards", len(hand)), hand))
    return parts


def render_hand_image(view: View) -> Image.Image:
    """A seat's private image as a Pillow image (``render_hand`` encodes it)."""
    check_view(view)
    seat = view.get("seat")
    if seat is None or view.get("hand") is None:
        raise ValueError("render_hand needs the view of a seat (a spectator view has no hand or screen)")
    players = players_of(view)
    marks = player_marks([str(p.get("name", "")) for p in players])
    mark = marks[int(seat)]
    parts = sections(view, marks)
    title_h = 64
    height = title_h + sum(part.height + 12 for part in parts) + MARGIN
    image = Image.new("RGB", (HAND_WIDTH, round(height)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, HAND_WIDTH, title_h - 8), fill=tint(mark.colour, 0.6))
    draw_token(image, (MARGIN + 20, 28), mark, radius=17)
    title = tr("{name} — private: only you see this", name=mark.name)
    draw_text(draw, (MARGIN + 48, 28), fit_text(title, font(26, bold=True), HAND_WIDTH - 90), font(26, bold=True),
              INK, anchor="lm")
    y = float(title_h)
    for part in parts:
        part.draw(image, draw, y)
        y += part.height + 12
    return image


def render_hand(view: View) -> bytes:
    """A seat's private image as PNG bytes (for an ephemeral reply). Raises ValueError for a spectator
    view, which has no hand."""
    return palette_png(render_hand_image(view), palette.HAND)
