"""A seat's private hand as an image, for an ephemeral reply: one card per panel with its meaning,
then the seat's notes (Brakeman Bill, cards played). Refuses a spectator view, which has no hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, tr, trc, trn
from render.circus_train import palette
from render.circus_train.layout import BACKGROUND, MARGIN, View, card_short, check_view
from render.common import (
    INK,
    MUTED,
    PAPER,
    Box,
    chip,
    chip_width,
    draw_text,
    draw_token,
    fit_text,
    mix,
    player_marks,
    rounded_panel,
    wrap_text,
)
from render.fonts import font
from render.png import palette_png
from rules.circus_train import names
from rules.circus_train.state import CARD_NAMES, FULL_DECK

HAND_WIDTH = 680
HAND_TEXT = 23

CARD_MEANINGS = {
    "fast_transit": N_("move up to 5"),
    "rapid_transit": N_("move up to 3"),
    "overnight_transit": N_("move up to 2, then Perform/Hire"),
    "basic_transit": N_("move 1 OR Perform/Hire"),
    "hold": N_("Perform/Hire, or do nothing"),
    "overnight_hire": N_("move up to 2, then Special Hire"),
    "wages_transit": N_("move up to 2, then pay Wages"),
    "rest": N_("no action; resting in Canada gives +1 Reputation or a free Clown or Acrobat"),
}
# The Advanced Game widens what a card allows; only the cards it changes are listed.
ADVANCED_MEANINGS = {
    "basic_transit": N_("move 1 OR Perform/Hire OR Circus Parade ($10)"),
}


def _meaning(card: str, advanced: bool) -> str:
    meaning = (ADVANCED_MEANINGS.get(card) if advanced else None) or CARD_MEANINGS.get(card)
    return tr(meaning) if meaning else ""


def render_hand_image(view: View) -> Image.Image:
    """A seat's hand as a Pillow image (``render_hand`` encodes it)."""
    check_view(view)
    seat = view.get("seat")
    hand = view.get("hand")
    if seat is None or hand is None:
        raise ValueError("render_hand needs the view of a seat (a spectator view has no hand)")
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks = player_marks([str(p.get("name", "")) for p in players])
    mark = marks[int(seat)]
    player = players[int(seat)]
    advanced = bool((view.get("options") or {}).get("advanced"))
    counts: dict[str, int] = {}
    for card in hand:
        counts[str(card)] = counts.get(str(card), 0) + 1
    # Deck order, not hand order: the same cards always give the same picture.
    cards = [card for card in dict.fromkeys(FULL_DECK) if card in counts]
    cards += sorted(card for card in counts if card not in FULL_DECK)

    body = font(HAND_TEXT)
    name_font = font(27, bold=True)
    card_w = HAND_WIDTH - 2 * MARGIN
    text_w = card_w - 48
    meanings = {card: wrap_text(_meaning(card, advanced), body, text_w, max_lines=2) for card in cards}
    heights = {card: 54 + 30 * len(meanings[card]) + 8 for card in cards}
    notes: list[str] = []
    if "brakeman_bill" in (player.get("specials") or []):
        notes.append(tr("Brakeman Bill: +1 connection on every move."))
    discards = [card_short(str(c)) for c in player.get("discards") or []]
    notes.append(tr("Played: {cards}", cards=", ".join(discards) if discards else trc("circus train", "none")))
    note_lines = [line for note in notes for line in wrap_text(note, body, HAND_WIDTH - 2 * MARGIN)]
    title_h = 66
    cards_h = sum(heights[card] + 10 for card in cards) if cards else 50
    height = title_h + cards_h + len(note_lines) * 32 + MARGIN
    image = Image.new("RGB", (HAND_WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_token(image, (MARGIN + 20, 33), mark, radius=17)
    title = trn("{name}'s hand — {n} card", "{name}'s hand — {n} cards", len(hand), name=mark.name)
    title_font = font(28, bold=True)
    draw_text(draw, (MARGIN + 48, 33), fit_text(title, title_font, HAND_WIDTH - 90), title_font, INK, anchor="lm")
    y = float(title_h)
    if not cards:
        draw_text(draw, (MARGIN, y + 20), fit_text(tr("No cards in hand."), body, card_w), body, MUTED, anchor="lm")
    for card in cards:
        box = Box(MARGIN, y, MARGIN + card_w, y + heights[card])
        rounded_panel(draw, box, fill=PAPER, outline=mix(mark.colour, INK, 0.3), width=4, radius=14)
        draw.rounded_rectangle(Box(box.x0 + 5, box.y0 + 5, box.x0 + 18, box.y1 - 5).rounded(), radius=5,
                               fill=mark.colour)
        name = names.card(CARD_NAMES[card]) if card in CARD_NAMES else card
        draw_text(draw, (box.x0 + 32, box.y0 + 29), fit_text(name, name_font, card_w - 120), name_font, INK,
                  anchor="lm")
        if counts[card] > 1:
            label = f"×{counts[card]}"
            w = chip_width(label, font(HAND_TEXT, bold=True), pad_x=10)
            chip(draw, (box.x1 - 14 - w, box.y0 + 12), label, font(HAND_TEXT, bold=True), fill=INK, pad_x=10)
        for index, line in enumerate(meanings[card]):
            draw_text(draw, (box.x0 + 32, box.y0 + 54 + index * 30 + 13), line, body, MUTED, anchor="lm")
        y += heights[card] + 10
    if not cards:
        y += cards_h
    for line in note_lines:
        draw_text(draw, (MARGIN, y + 14), line, body, INK, anchor="lm")
        y += 32
    return image


def render_hand(view: View) -> bytes:
    """A seat's own hand of Action cards with a one-line meaning each, as PNG bytes (for an ephemeral
    reply). Raises ValueError for a spectator view, which has no hand."""
    return palette_png(render_hand_image(view), palette.HAND)
