"""One panel per player on the public board: token and name, Seller tokens, "▶ TO ACT", hand size,
wagon state (placed next to which Offer, won, declined — never its contents), the Tableau as card
chips, and — only once screens are lifted at the end — coins and Contracts by type and the score.

A panel's chips are flowed into rows before anything is drawn, so its height is known first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import tr
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    Box,
    PlayerMark,
    chip,
    chip_width,
    draw_token,
    mix,
    put_text,
    rounded_panel,
    text_width,
)
from render.dreadful_circus.cards import (
    CHIP_GAP,
    CHIP_HEIGHT,
    chip_size,
    coin_sprite,
    contract_tag,
    contract_tag_width,
    draw_chip,
)
from render.dreadful_circus.layout import (
    CONTRACT_NAMES,
    MARGIN,
    PANEL_FILL,
    SMALL,
    WIDE_FROM,
    WIDTH,
    View,
    board_width,
)
from render.fonts import font
from render.words import draw_words, fit_words, put_words, wrap_words
from rules.dreadful_circus.names import coin_names, name_of

Player = Mapping[str, Any]
HEAD = 52
FACTS = 34
SCREEN_ROW = 44
COPY_LINE = 28


def columns(players: int) -> int:
    """One column of wide panels up to four players, two for five or six, three (on the wide board)
    for seven or eight, so the biggest tables stay under 2,000 px tall."""
    return 1 if players <= 4 else 2 if players < WIDE_FROM else 3


def panel_width(players: int) -> float:
    per_row = columns(players)
    return (board_width(players) - (per_row + 1) * MARGIN) / per_row


def _flow(cards: Sequence[Mapping[str, Any]], width: float) -> list[list[Mapping[str, Any]]]:
    rows: list[list[Mapping[str, Any]]] = []
    x = width
    for card in cards:
        w = min(chip_size(card), width)
        if not rows or x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(card)
        x += w + CHIP_GAP
    return rows


def _screen_shown(player: Player) -> bool:
    return player.get("coins") is not None and player.get("contracts") is not None


def panel_height(player: Player, width: float, view: View) -> int:
    rows = _flow(list(player.get("tableau") or []), width - 24)
    tableau_h = max(1, len(rows)) * (CHIP_HEIGHT + CHIP_GAP)
    screen_h = SCREEN_ROW * (1 + len(_contract_rows(width))) + 6 if _screen_shown(player) else 0
    score_h = 30 * len(_score_lines(view, player, width)) + 6 + COPY_LINE * len(_copy_lines(view, player, width))
    return HEAD + FACTS + tableau_h + screen_h + score_h + 14


def _copy_lines(view: View, player: Player, width: float) -> list[str]:
    """"Distorted Mirrors copies Bo's Frosty Cones": the end-game copies this player chose (public)."""
    names = {}
    for other in view.get("players") or []:
        for card in other.get("tableau") or []:
            names[str(card.get("id"))] = (str(other.get("name", "")), name_of(str(card.get("name", ""))))
    lines = []
    for copier, copied in sorted((player.get("copies") or {}).items()):
        own = names.get(str(copier), ("", str(copier)))[1]
        owner, name = names.get(str(copied), ("", ""))
        if not owner:
            line = tr("{card} copies a discarded card", card=own)
        elif owner != player.get("name"):
            line = tr("{card} copies {owner}'s {copied}", card=own, owner=owner, copied=name)
        else:
            line = tr("{card} copies their own {copied}", card=own, copied=name)
        lines.append(fit_words(line, font(SMALL), width - 40))
    return lines


def _contract_rows(width: float) -> list[list[str]]:
    """The five contract types on one line after "Contracts:", or on two in a narrow panel."""
    kinds = list(CONTRACT_NAMES)
    room = width - 48 - text_width(tr("Contracts:"), font(SMALL, bold=True)) - 10
    if sum(contract_tag_width(kind, 10) + 8 for kind in kinds) <= room:
        return [kinds]
    return [kinds[:3], kinds[3:]]


def _score_lines(view: View, player: Player, width: float) -> list[str]:
    """The final score and its parts (end of the game only), wrapped to the panel."""
    scores = view.get("scores")
    if not scores:
        return []
    part = scores[int(player.get("seat", 0))]
    parts = tr("coins {coins}, majorities {majorities}, sets {sets}, cards {cards}, collections {collections}, "
               "effects {effects}", coins=part["coins"], majorities=part["majorities"], sets=part["sets"],
               cards=part["cards"], collections=part["collections"], effects=part["effects"])
    return wrap_words(tr("Score {total} VP — {parts}", total=part["total"], parts=parts), font(SMALL, bold=True),
                      width - 40, max_lines=3)


def _wagon_words(player: Player, view: View) -> str:
    wagon = player.get("wagon")
    if not wagon:
        return ""
    if wagon.get("won"):
        return tr("wagon: bid accepted ✓")
    if wagon.get("declined"):
        return tr("wagon: bid declined ✗")
    if wagon.get("placed") and wagon.get("offer") is not None:
        return tr("wagon: at Offer {number}", number=int(wagon["offer"]) + 1)
    if view.get("phase") == "bid":
        return tr("wagon: being filled…")
    return ""


def _badges(player: Player, view: View) -> list[str]:
    badges = []
    two = view.get("second_seller") is not None
    if player.get("first_seller"):
        badges.append(tr("1st Seller") if two else tr("Seller"))
    if player.get("second_seller"):
        badges.append(tr("2nd Seller"))
    return badges


def draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, player: Player, mark: PlayerMark,
               view: View, to_act: bool) -> None:
    rounded_panel(draw, box, fill=PANEL_FILL, outline=INK if to_act else mix(mark.colour, INK, 0.3),
                  width=4 if to_act else 3, radius=14)
    draw.rounded_rectangle(Box(box.x0 + 4, box.y0 + 4, box.x0 + 14, box.y1 - 4).rounded(), radius=4,
                           fill=mark.colour)
    centre_y = box.y0 + HEAD / 2 + 2
    draw_token(image, (box.x0 + 40, centre_y), mark, radius=16)
    right = box.x1 - 12
    badge_font = font(SMALL, bold=True)
    badges = _badges(player, view)
    to_act_badge = tr("▶ TO ACT")
    if to_act:
        badges.append(to_act_badge)
    widths = [chip_width(b, badge_font, pad_x=8) for b in badges]
    name_room = right - (box.x0 + 64) - sum(w + 8 for w in widths)
    name_box = draw_words(draw, (box.x0 + 64, centre_y), fit_words(mark.name, font(24, bold=True), name_room),
                         font(24, bold=True), INK, anchor="lm")
    x = name_box.x1 + 12
    for badge, w in zip(badges, widths, strict=True):
        fill = HIGHLIGHT if badge == to_act_badge else INK
        chip(draw, (x, centre_y - 16), badge, badge_font, fill=fill, pad_x=8, height=32)
        x += w + 8
    facts = [tr("Hand {count}", count=int(player.get("hand_count") or 0)),
             tr("Tableau {count}", count=int(player.get("tableau_count") or len(player.get("tableau") or [])))]
    if player.get("packet_count"):
        facts.append(tr("Draft packet {count}", count=player["packet_count"]))
    wagon = _wagon_words(player, view)
    if wagon:
        facts.append(wagon)
    if player.get("chosen"):
        facts.append(tr("secret choice made ✓"))
    y = box.y0 + HEAD
    put_words(draw, (box.x0 + 24, y + FACTS / 2 - 2), fit_words("  ·  ".join(facts), font(SMALL), box.width - 40),
              font(SMALL), INK, anchor="lm")
    y += FACTS
    tableau = list(player.get("tableau") or [])
    rows = _flow(tableau, box.width - 24)
    if not rows:
        put_text(draw, (box.x0 + 24, y + CHIP_HEIGHT / 2), tr("Tableau empty"), font(SMALL), MUTED, anchor="lm")
    for row in rows:
        x = box.x0 + 24
        for card in row:
            x = draw_chip(image, (x, y), card, PANEL_FILL).x1 + CHIP_GAP
        y += CHIP_HEIGHT + CHIP_GAP
    if not rows:
        y += CHIP_HEIGHT + CHIP_GAP
    for line in _copy_lines(view, player, box.width):
        put_words(draw, (box.x0 + 24, y + 14), line, font(SMALL), INK, anchor="lm")
        y += COPY_LINE
    if _screen_shown(player):
        y = _draw_screen(image, draw, box, player, y)
    for line in _score_lines(view, player, box.width):
        put_words(draw, (box.x0 + 24, y + 16), line, font(SMALL, bold=True), INK, anchor="lm")
        y += 30


def _draw_screen(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, player: Player, y: float) -> float:
    """The lifted screen (end of the game only): coins as metal discs with counts, Contracts by type."""
    coins = player.get("coins") or {}
    x = box.x0 + 24
    label = font(SMALL)
    x = draw_words(draw, (x, y + SCREEN_ROW / 2), tr("Coins:"), font(SMALL, bold=True), INK, anchor="lm").x1 + 10
    names = coin_names()
    words_of = {coin: f"×{int(coins.get(coin, 0))} {names[coin]}" for coin in names}
    if x + sum(40 + text_width(words, label) + 14 for words in words_of.values()) > box.x1 - 12:
        # A narrow panel in a language with long coin names: the discs' colours and values name the coins.
        words_of = {coin: f"×{int(coins.get(coin, 0))}" for coin in names}
    for coin in ("copper", "silver", "gold"):
        coin_sprite(image, (x + 17, y + SCREEN_ROW / 2), coin)
        words = words_of[coin]
        x = draw_words(draw, (x + 40, y + SCREEN_ROW / 2), words, label, INK, anchor="lm").x1 + 14
    y += SCREEN_ROW
    contracts = player.get("contracts") or {}
    x = draw_words(draw, (box.x0 + 24, y + SCREEN_ROW / 2), tr("Contracts:"), font(SMALL, bold=True), INK,
                  anchor="lm").x1 + 10
    for row in _contract_rows(box.width):
        left = x
        for kind in row:
            left = contract_tag(draw, (left, y + SCREEN_ROW / 2 - 17), kind, int(contracts.get(kind, 0))).x1 + 8
        y += SCREEN_ROW
    return y + 6


def legend_height() -> int:
    return 44


def draw_legend(draw: ImageDraw.ImageDraw, top: float, width: int = WIDTH) -> None:
    """A one-line key: the card letters and what a chip shows."""
    text = tr("Key: A Attraction · P Performance · O Collection · R interactive · Y coins · B effects · "
              "Pa Be Ve Pr Lo contracts · ★ VP")
    f = font(SMALL)
    while text_width(text, f) > width - 2 * MARGIN and f.size > 16:
        f = font(f.size - 1)
    text = fit_words(text, f, width - 2 * MARGIN)
    put_text(draw, (MARGIN, top + 22), text, f, MUTED, anchor="lm")


def paper_rule(draw: ImageDraw.ImageDraw, y: float, width: int = WIDTH) -> None:
    draw.line([(MARGIN, y), (width - MARGIN, y)], fill=mix(PAPER, INK, 0.25), width=2)
