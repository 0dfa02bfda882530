"""The top of the public board: the header (round, phase, deck, bag, discard, who is awaited) and the
market — each Offer as a full card with its Seller and the wagons placed next to it (owners only,
never contents), what became of each inspected wagon, and the card being resolved.

Everything here reads only the public parts of a view: ``offers``, ``players`` (names, wagons placed),
``task`` and the counts. Wagon contents, hands and screens are never looked at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, listing, tr, trc, trn
from render.common import (
    INK,
    MUTED,
    PAPER,
    Box,
    PlayerMark,
    chip,
    draw_text,
    draw_token,
    mix,
    put_text,
    rounded_panel,
    text_width,
    tint,
)
from render.dreadful_circus.cards import CARD_WIDTH, card_height, draw_card, draw_chip, face_down_card
from render.dreadful_circus.layout import (
    ACCEPT,
    BODY,
    DECLINE,
    FAINT,
    MARGIN,
    PANEL_FILL,
    SMALL,
    TITLE,
    View,
    players_of,
)
from render.fonts import font
from render.words import draw_words, fit_words, put_words, wrap_words

# The phase as the board's banner and the alt text name it (translated where shown: ``phase_text``).
PHASES = {
    "draft": N_("Draft: everyone keeps a card and passes the rest left"),
    "start": N_("Set-up: everyone places a starting Attraction"),
    "offer": N_("The Sellers choose their Offers (face down)"),
    "bid": N_("Bidding: everyone fills a wagon in secret"),
    "sell": N_("Selling: the Seller inspects wagons one at a time"),
    "effect": N_("A won card is being resolved"),
    "final": N_("End of the game: one last Attraction from hand"),
    "ending": N_("End of the game: end-game cards are resolved"),
    "over": N_("The game is over"),
}


def phase_text(view: View) -> str:
    phase = str(view.get("phase", ""))
    return tr(PHASES[phase]) if phase in PHASES else phase
HEADER_HEIGHT = 128
WAGON_ROW = 44
TASK_FILL = mix(PANEL_FILL, INK, 0.04)
WAGONS_IN_ONE_COLUMN = 4
WAGON_COLUMN = 390


def _awaiting(view: View) -> list[int]:
    return [int(seat) for seat in view.get("awaiting") or []]


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark]) -> None:
    """Title, round and counts; then a banner naming the phase and whom the game waits for."""
    width = image.width
    title = font(TITLE, bold=True)
    box = draw_text(draw, (MARGIN, 14), tr("Dreadful Circus"), title, INK)
    round_no = int(view.get("round") or 0)
    round_box = draw_words(draw, (box.x1 + 18, 14), tr("Round {round}", round=round_no) if round_no
                           else tr("Set-up"), title, MUTED)
    facts = tr("Deck {deck}  ·  Contract bag {bag}  ·  Discards {discards}", deck=view.get("deck_count", 0),
               bag=view.get("bag_count", 0), discards=view.get("discard_count", 0))
    facts = fit_words(facts, font(SMALL), width - MARGIN - round_box.x1 - 24)
    put_words(draw, (width - MARGIN, 32), facts, font(SMALL), INK, anchor="rm")
    phase = phase_text(view)
    banner = Box(MARGIN, 62, width - MARGIN, 62 + 52)
    over = bool(view.get("over"))
    rounded_panel(draw, banner, fill=INK if over else PAPER, outline=INK, width=3, radius=10)
    body = font(BODY, bold=True)
    x = banner.x0 + 14
    if over:
        put_words(draw, (x, banner.centre[1]), fit_words(_winner_line(view, marks), body, banner.width - 28), body,
                  PAPER, anchor="lm")
        return
    awaited = _awaiting(view)
    waiting = tr("▶ Waiting for")
    # The phase leaves room for "Waiting for" and at least one name (longer languages shorten the phase).
    room = banner.x1 - x - (text_width(waiting, font(BODY)) + 200 if awaited else 14)
    x = draw_words(draw, (x, banner.centre[1]), fit_words(tr("{phase}.", phase=phase), body, room), body, INK,
                   anchor="lm").x1 + 16
    if not awaited:
        return
    x = draw_text(draw, (x, banner.centre[1]), waiting, font(BODY), INK, anchor="lm").x1 + 10
    ellipsis_w = text_width("…", body) + 8
    for index, seat in enumerate(awaited):
        mark = marks[seat]
        name_w = text_width(mark.name, font(SMALL, bold=True))
        # Room is kept for the "…" that says more names follow, so it stays inside the banner.
        if x + 34 + name_w > banner.x1 - 10 - (ellipsis_w if index < len(awaited) - 1 else 0):
            put_words(draw, (x, banner.centre[1]), "…", body, INK, anchor="lm")
            break
        draw_token(image, (x + 13, banner.centre[1]), mark, radius=12)
        x = draw_words(draw, (x + 30, banner.centre[1]), mark.name, font(SMALL, bold=True), INK, anchor="lm").x1 + 14


def _winner_line(view: View, marks: Sequence[PlayerMark]) -> str:
    ranking = view.get("ranking") or []
    scores = view.get("scores") or []
    if not ranking or not scores:
        return tr("The game is over.")
    winners = [int(seat) for seat in ranking[0]]
    names = listing([marks[seat].name for seat in winners])
    return trn("The game is over — {names} wins with {total} VP.", "The game is over — {names} win with {total} VP.",
               len(winners), names=names, total=scores[winners[0]]["total"])


def _offer_height(offer: Mapping[str, Any], view: View) -> int:
    card = offer.get("card")
    card_h = card_height(card) if card else 220
    rows = _wagon_lines(len(_wagon_rows(offer, view)))
    return max(card_h, 58 + rows * WAGON_ROW + 12, 150) + 20


def _wagon_lines(count: int) -> int:
    """Lines the wagon list takes: one column up to four wagons, two beyond."""
    return count if count <= WAGONS_IN_ONE_COLUMN else (count + 1) // 2


def _wagon_rows(offer: Mapping[str, Any], view: View) -> list[tuple[int, str]]:
    """(owner, status) for every wagon placed next to this Offer, in seat order."""
    rows = []
    declined = {int(s) for s in offer.get("declined") or []}
    winner = offer.get("winner")
    # Once the round is settled the wagons go home; the winner and the declined bids stay on record.
    owners = {int(s) for s in offer.get("wagons") or []} | declined | ({int(winner)} if winner is not None else set())
    for owner in sorted(owners):
        if winner == owner:
            status = "accepted"
        elif owner in declined:
            status = "declined"
        elif offer.get("inspecting") == owner:
            status = "inspecting"
        else:
            status = "waiting"
        rows.append((owner, status))
    return rows


def _still_bidding(view: View) -> list[int]:
    """Seats whose wagon is not placed yet (bidding phase only)."""
    if view.get("phase") != "bid":
        return []
    return [int(p["seat"]) for p in players_of(view) if p.get("wagon") and not p["wagon"].get("placed")]


def market_height(view: View) -> int:
    offers = list(view.get("offers") or [])
    if not offers and not view.get("task"):
        return 0
    height = 50 + sum(_offer_height(offer, view) + 10 for offer in offers)
    if _still_bidding(view):
        height += 50
    if view.get("task"):
        height += 66
    return height + 8


def draw_market(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                top: float) -> None:
    offers = list(view.get("offers") or [])
    players = players_of(view)
    heading = draw_words(draw, (MARGIN, top + 24), tr("Offers") if offers else tr("Card in play"),
                         font(26, bold=True), INK, anchor="lm")
    if offers:
        left = max(MARGIN + 110, heading.x1 + 16)
        put_text(draw, (left, top + 24), fit_words(tr("(wagons show only their owner: the bids inside are secret)"),
                                                   font(SMALL), image.width - MARGIN - left),
                 font(SMALL), MUTED, anchor="lm")
    y = top + 50
    for offer in offers:
        height = _offer_height(offer, view)
        _draw_offer(image, draw, Box(MARGIN, y, image.width - MARGIN, y + height), offer, view, marks, players)
        y += height + 10
    bidding = _still_bidding(view)
    if bidding:
        x = draw_text(draw, (MARGIN + 4, y + 22), tr("Still filling a wagon:"), font(BODY, bold=True), INK,
                      anchor="lm").x1 + 12
        for seat in bidding:
            draw_token(image, (x + 14, y + 22), marks[seat], radius=13)
            x = draw_words(draw, (x + 32, y + 22), marks[seat].name, font(BODY), INK, anchor="lm").x1 + 18
        y += 50
    task = view.get("task")
    if task:
        _draw_task(image, draw, Box(MARGIN, y, image.width - MARGIN, y + 56), task, marks)


def _seller_word(view: View, seller: int) -> str:
    if view.get("second_seller") is None:
        return tr("Seller")
    return tr("1st Seller") if view.get("first_seller") == seller else tr("2nd Seller")


def _draw_offer(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, offer: Mapping[str, Any], view: View,
                marks: Sequence[PlayerMark], players: Sequence[Mapping[str, Any]]) -> None:
    selling = bool(offer.get("selling"))
    rounded_panel(draw, box, fill=PANEL_FILL, outline=INK if selling else FAINT, width=4 if selling else 2,
                  radius=14)
    card = offer.get("card")
    card_box = Box(box.x0 + 10, box.y0 + 10, box.x0 + 10 + CARD_WIDTH, box.y0 + 10 + (card_height(card) if card
                                                                                          else 200))
    seller = int(offer.get("seller", 0))
    if card:
        draw_card(image, (card_box.x0, card_box.y0), card, PANEL_FILL)
    else:
        chosen = bool(players[seller].get("chosen")) if seller < len(players) else False
        face_down_card(draw, card_box, tr("Chosen, face down") if chosen else tr("Choosing…"))
    x0 = card_box.x1 + 24
    head = tr("Offer {number} — {seller}", number=int(offer.get("index", 0)) + 1, seller=_seller_word(view, seller))
    box_head = draw_words(draw, (x0, box.y0 + 30), head, font(BODY, bold=True), INK, anchor="lm")
    draw_token(image, (box_head.x1 + 24, box.y0 + 30), marks[seller], radius=14)
    put_words(draw, (box_head.x1 + 44, box.y0 + 30), fit_words(marks[seller].name, font(BODY, bold=True),
                                                                box.x1 - box_head.x1 - 60),
              font(BODY, bold=True), INK, anchor="lm")
    rows = _wagon_rows(offer, view)
    y = box.y0 + 58
    if not rows:
        note = tr("Revealed when every Seller has chosen.")
        if card:
            note = tr("No wagon placed yet.") if view.get("phase") == "bid" else tr("No wagon next to this Offer.")
        if offer.get("done") and card:
            note = tr("No bid: the card is discarded.")
        put_words(draw, (x0, y + 20), fit_words(note, font(BODY), box.x1 - 12 - x0), font(BODY), MUTED, anchor="lm")
    lines = _wagon_lines(len(rows))
    for index, (owner, status) in enumerate(rows):
        column, line = divmod(index, lines)
        left = x0 + column * WAGON_COLUMN
        right = min(box.x1 - 12, left + WAGON_COLUMN - 10)
        # A status chip may reach the panel's edge when no column of wagons stands to its right, else up to
        # the next column's wagon.
        chip_right = box.x1 - 12 if lines == len(rows) or column > 0 else min(box.x1 - 12, left + WAGON_COLUMN - 2)
        _wagon_row(image, draw, (left, y + line * WAGON_ROW), owner, status, marks[owner], right, chip_right)
    y += lines * WAGON_ROW
    if offer.get("done") and offer.get("winner") is None and rows:
        put_text(draw, (x0, y + 20), fit_words(tr("Every bid declined: the card is discarded."), font(BODY, bold=True),
                                               box.x1 - 12 - x0), font(BODY, bold=True), DECLINE, anchor="lm")


def wagon_icon(draw: ImageDraw.ImageDraw, centre: tuple[float, float], colour: tuple[int, int, int]) -> None:
    """A covered circus wagon: a box on two wheels, in the owner's colour."""
    cx, cy = centre
    body = Box(cx - 20, cy - 14, cx + 20, cy + 8)
    draw.rounded_rectangle(body.rounded(), radius=4, fill=colour, outline=INK, width=2)
    draw.line([(cx - 20, cy - 8), (cx + 20, cy - 8)], fill=INK, width=2)
    for wx in (cx - 11, cx + 11):
        draw.ellipse(Box.around((wx, cy + 11), 12, 12).rounded(), fill=PAPER, outline=INK, width=2)


STATUS_STYLE = {
    "waiting": ("waiting", MUTED, None),
    "inspecting": ("being inspected…", INK, "?"),
    "declined": ("declined", DECLINE, "✗"),
    "accepted": ("accepted: wins the card", ACCEPT, "✓"),
}


def _status_words(status: str) -> str:
    """A wagon's status beside its owner's name, in the current language."""
    words = {"waiting": trc("dreadful circus wagon status", "waiting"),
             "inspecting": trc("dreadful circus wagon status", "being inspected…"),
             "declined": trc("dreadful circus wagon status", "declined"),
             "accepted": trc("dreadful circus wagon status", "accepted: wins the card")}
    return words[status]


def _wagon_row(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[float, float], owner: int, status: str,
               mark: PlayerMark, right: float, chip_right: float) -> None:
    x, y = xy
    centre_y = y + WAGON_ROW / 2
    wagon_icon(draw, (x + 22, centre_y), mark.colour)
    draw_token(image, (x + 62, centre_y), mark, radius=13)
    _, colour, symbol = STATUS_STYLE[status]
    words = _status_words(status)
    if right - x < 2 * WAGON_COLUMN and status == "accepted":
        # two columns of wagons: the short word keeps the row inside its column
        words = trc("dreadful circus wagon status", "accepted")
    name_room = min(200.0, right - x - 220)
    name_box = draw_words(draw, (x + 82, centre_y), fit_words(mark.name, font(BODY, bold=True), name_room),
                         font(BODY, bold=True), INK, anchor="lm")
    label = f"{symbol} {words}" if symbol else words
    if status in ("declined", "accepted", "inspecting"):
        label = fit_words(label, font(SMALL, bold=True), chip_right - name_box.x1 - 34)
        chip(draw, (name_box.x1 + 14, centre_y - 17), label, font(SMALL, bold=True), fill=tint(colour, 0.82),
             text_fill=colour if status != "inspecting" else INK, outline=colour, height=34, pad_x=10)
    else:
        put_words(draw, (name_box.x1 + 14, centre_y), fit_words(label, font(SMALL), right - name_box.x1 - 20),
                  font(SMALL), colour, anchor="lm")


TASK_WORDS = {
    "load_take": N_("waiting for Loaded Wagons"), "load_keep": N_("waiting for Loaded Wagons"),
    "play_card": N_("playing a card from hand"), "swap_contracts": N_("returning Contracts to the bag"),
    "discard_attraction": N_("choosing an Attraction to discard"),
    "crystal_balls": N_("choosing an Attraction to discard"),
    "steal_collection": N_("choosing a Collection card to take"), "copy_own": N_("choosing an Attraction to copy"),
    "copy_other": N_("choosing an Attraction to copy"),
}


def _draw_task(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, task: Mapping[str, Any],
               marks: Sequence[PlayerMark]) -> None:
    rounded_panel(draw, box, fill=TASK_FILL, outline=INK, width=2, radius=10)
    seat = int(task.get("seat", 0))
    x = draw_words(draw, (box.x0 + 12, box.centre[1]), tr("Resolving"), font(BODY, bold=True), INK,
                   anchor="lm").x1 + 10
    chip_box = draw_chip(image, (x, box.centre[1] - 20), task.get("card") or {}, TASK_FILL)
    x = draw_words(draw, (chip_box.x1 + 10, box.centre[1]), trc("dreadful circus resolving", "for"), font(BODY), INK,
                   anchor="lm").x1 + 8
    draw_token(image, (x + 14, box.centre[1]), marks[seat], radius=13)
    x = draw_words(draw, (x + 32, box.centre[1]), marks[seat].name, font(BODY, bold=True), INK, anchor="lm").x1 + 12
    loaders = [int(s) for s in task.get("loaders") or []]
    if loaders:
        words = tr("Loading the Wagon: {names}", names=", ".join(marks[s].name for s in loaders))
    else:
        kind = str(task.get("kind"))
        words = tr(TASK_WORDS[kind]) if kind in TASK_WORDS else ""
    lines = wrap_words(words, font(SMALL), box.x1 - x - 12, max_lines=1)
    if lines:
        put_words(draw, (x, box.centre[1]), lines[0], font(SMALL), MUTED, anchor="lm")
