"""A seat's private image, for an ephemeral reply: what is being decided right now (the artists or
cities on offer, the card being placed, the deck card looked at), the hand, the deck, the swap token
and the Pause card, the seat's own show (running shows are private) and its cities.

Refuses a spectator view, which has no ``own`` part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, current, tr, trn
from render.common import INK, MUTED, Font, PlayerMark, draw_text, fit_text, player_marks, wrap_text
from render.fonts import font
from render.png import palette_png
from render.wanderzirkus import icons, palette
from render.wanderzirkus.cards import CITY_HEIGHT, CITY_WIDTH, card_back, draw_artist, draw_city
from render.wanderzirkus.header import name_with_token
from render.wanderzirkus.layout import (
    BACKGROUND,
    BOARD_CARD,
    BODY,
    HAND_CARD,
    HAND_WIDTH,
    MARGIN,
    CardSize,
    View,
    check_view,
    effect_label,
    effect_meaning,
    phase_label,
)
from render.wanderzirkus.players import draw_show_area, scored_round, scoring_line
from render.wanderzirkus.row import layout_row

SECTION = 34  # a section's title line
GAP = 14
STEP_WORDS = {"place": N_("Choose where the card goes: on top of the acrobats, or which acrobat the show goes on "
                          "from."),
              "swap": N_("Swap token: put cards back on your deck."),
              "recycle": N_("Put more hand cards on top of your deck, or stop (then the deck is shuffled)."),
              "peek": N_("Move the card you looked at, or leave it.")}
SPACING = 14  # between loose cards
FACT_LINE = 36


def _own(view: View) -> Mapping[str, Any]:
    own = view.get("own")
    if view.get("seat") is None or not isinstance(own, Mapping):
        raise ValueError("render_hand needs the view of a seat (a spectator view has no hand)")
    return own


def _decision(view: View, own: Mapping[str, Any]) -> list[str]:
    """What the seat is deciding, in words (the cards involved are drawn below it)."""
    seat = int(view["seat"])
    if seat not in {int(s) for s in view.get("awaiting") or []}:
        return [tr("Nothing to decide right now.")]
    phase = view.get("phase")
    if phase == "setup":
        return [tr("Set-up: choose 2 of these artists for your deck.") if len(own.get("offer") or []) > 2
                else tr("Set-up: choose the city you travel to first.")]
    if phase == "travel":
        return [tr("Travel: choose a pair of artist and city (see the table).")]
    if phase == "announce":
        return [tr("Announce how many artists your show will have (at most {most}).",
                   most=own.get("max_announcement", 0))]
    if phase == "spend":
        step = view.get("spend_step")
        if step == "pick_artist":
            return [tr("Keep one of the two artists you bought.")]
        if step == "pick_city":
            return [tr("Keep one of the two cities you bought (it joins you next round).")]
        return [tr("Spend coins: artist 5, city 3, swap token 3 — or keep them.")]
    step = str(own.get("step", "play"))
    if step == "effect" and own.get("effect"):
        effect = str(own["effect"])
        return [tr("Effect {effect}: {meaning} — use it or skip it.", effect=effect_label(effect),
                   meaning=effect_meaning(effect))]
    if step == "swap":
        return [tr("Swap token: put {n} more hand card(s) back on your deck.", n=own.get("swap_left", 0))]
    if step in STEP_WORDS:
        return [tr(STEP_WORDS[step])]
    return [tr("Play a card to the right of your show (a connection must match), lay the Pause, use the swap "
               "token, or stop the show.")]


def _choice_cards(own: Mapping[str, Any]) -> tuple[str, list[Mapping[str, Any]]]:
    if own.get("offer"):
        return tr("Artists on offer"), list(own["offer"])
    if own.get("placing"):
        return tr("Card being placed"), [own["placing"]]
    if own.get("peeked"):
        side = own.get("peek_side")
        if side == "top":
            return tr("The top card of your deck"), [own["peeked"]]
        if side == "bottom":
            return tr("The bottom card of your deck"), [own["peeked"]]
        return tr("The deck card of your deck"), [own["peeked"]]
    return "", []


def _lines_of_cards(count: int, size: CardSize) -> int:
    return max(1, -(-count // _per_line(size)))


def _per_line(size: CardSize) -> int:
    return max(1, int((HAND_WIDTH - 2 * MARGIN + SPACING) // (size.pitch + SPACING)))


def _cards_height(count: int, size: CardSize) -> float:
    return _lines_of_cards(count, size) * (size.height + 10)


def _draw_cards(image: Image.Image, cards: Sequence[Mapping[str, Any]], x0: float, y: float,
                size: CardSize = HAND_CARD) -> float:
    """Loose cards (a hand, an offer) in lines, apart from each other so no connection seems joined."""
    per_line = _per_line(size)
    for index, card in enumerate(cards):
        x = x0 + (index % per_line) * (size.pitch + SPACING)
        top = y + (index // per_line) * (size.height + 10)
        draw_artist(image, card, size, x, top)
    return y + _cards_height(len(cards), size)


def _facts(view: View, own: Mapping[str, Any], player: Mapping[str, Any]) -> list[str]:
    """Three lines: the deck, the tokens, the coins (and, during a show, the goal and stop signs)."""
    swap = tr("yes") if player.get("swap_token") else tr("no")
    coins = tr("Coins: {coins}", coins=player.get("coins", 0))
    if not _in_show(view):
        return [tr("Your deck: {n} artists", n=player.get("deck_size", 0)), tr("Swap token: {yes_no}", yes_no=swap),
                coins]
    facts = [tr("Your deck: {cards} cards to draw, {artists} artists owned", cards=own.get("draw_pile", 0),
                artists=player.get("deck_size", 0))]
    pause = tr("used this round") if player.get("pause_used") else tr("available (−4 VP, once per round)")
    facts.append(tr("Swap token: {yes_no} · Pause card: {pause}", yes_no=swap, pause=pause))
    parts = [coins]
    announced = player.get("announcement")
    if announced is not None:
        parts.append(tr("announced at least {n}", n=announced))
    if not (view.get("options") or {}).get("simplified"):
        parts.append(tr("stop signs in show: {n} of 4", n=own.get("stop_signs", 0)))
    facts.append(" · ".join(parts))
    return facts


def _in_show(view: View) -> bool:
    return view.get("phase") == "show"


def _cities(player: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(player.get("cities") or []) + list(player.get("next_cities") or [])


def _scoring(view: View) -> Mapping[str, Any] | None:
    return next((s for s in view.get("scoring") or [] if int(s.get("seat", -1)) == int(view["seat"])), None)


def _measure(view: View, own: Mapping[str, Any], player: Mapping[str, Any], width: float) -> float:
    body = font(BODY, bold=True)
    height = 64.0 + 30 * len(_decision_lines(view, own, body, width)) + GAP
    _, chosen = _choice_cards(own)
    if chosen:
        height += SECTION + _cards_height(len(chosen), HAND_CARD) + GAP
    if own.get("city_offer"):
        height += SECTION + CITY_HEIGHT + GAP
    if _in_show(view):
        hand = len(own.get("hand") or [])
        height += SECTION + (_cards_height(hand, HAND_CARD) if hand else 30) + GAP
        height += HAND_CARD.height + GAP
        show = player.get("show") or []
        height += 34 + (layout_row(show, BOARD_CARD, width).height if show else BOARD_CARD.height * 0.6) + GAP
    else:
        height += 3 * FACT_LINE + GAP
        height += SECTION + _cards_height(len(own.get("artists") or []), BOARD_CARD) + GAP
    height += SECTION + (CITY_HEIGHT if _cities(player) else 30) + GAP
    if _scoring(view) is not None:
        height += 2 * 28 + GAP
    return height + MARGIN


def _decision_lines(view: View, own: Mapping[str, Any], bold: Font, width: float) -> list[str]:
    return [part for line in _decision(view, own) for part in wrap_text(line, bold, width, max_lines=3)]


def render_hand_image(view: View) -> Image.Image:
    """A seat's private image as a Pillow image (``render_hand`` encodes it)."""
    check_view(view)
    own = _own(view)
    seat = int(view["seat"])
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    marks: list[PlayerMark] = player_marks([str(p.get("name", "")) for p in players])
    player = players[seat]
    width = HAND_WIDTH
    inner = width - 2 * MARGIN
    image = Image.new("RGB", (width, round(_measure(view, own, player, inner))), BACKGROUND)
    draw = ImageDraw.Draw(image)
    body, bold = font(BODY), font(BODY, bold=True)
    title = name_with_token(image, draw, marks[seat], MARGIN, 32, 420, size=26)
    phase = phase_label(view.get("phase"), "")
    subtitle = tr("— private · round {round} · {phase}", round=view.get("round", 1), phase=phase)
    draw_text(draw, (title.x1 + 18, 32), fit_text(subtitle, body, width - MARGIN - title.x1 - 18), body, MUTED,
              anchor="lm")
    y = 64.0
    for line in _decision_lines(view, own, bold, inner):
        draw_text(draw, (MARGIN, y + 14), line, bold, INK, anchor="lm")
        y += 30
    y += GAP
    label, chosen = _choice_cards(own)
    if chosen:
        draw_text(draw, (MARGIN, y + 16), fit_text(label, bold, inner), bold, INK, anchor="lm")
        y = _draw_cards(image, chosen, MARGIN, y + SECTION) + GAP
    if own.get("city_offer"):
        draw_text(draw, (MARGIN, y + 16), fit_text(tr("Cities on offer"), bold, inner), bold, INK, anchor="lm")
        for index, city in enumerate(own["city_offer"]):
            draw_city(image, city, MARGIN + index * (CITY_WIDTH + 14), y + SECTION)
        y += SECTION + CITY_HEIGHT + GAP
    if _in_show(view):
        y = _draw_show_part(image, draw, view, own, player, y, inner)
    else:
        for index, fact in enumerate(_facts(view, own, player)):
            draw_text(draw, (MARGIN, y + 14 + index * FACT_LINE), fit_text(fact, body, inner), body, INK, anchor="lm")
        y += 3 * FACT_LINE + GAP
        artists = list(own.get("artists") or [])
        draw_text(draw, (MARGIN, y + 16), fit_text(tr("Your artists ({n})", n=len(artists)), bold, inner), bold, INK,
                  anchor="lm")
        y = _draw_cards(image, artists, MARGIN, y + SECTION, BOARD_CARD) + GAP
    cities = _cities(player)
    heading = tr("Your cities (the last one joins next round)") if player.get("next_cities") else tr("Your cities")
    draw_text(draw, (MARGIN, y + 16), fit_text(heading, bold, inner), bold, INK, anchor="lm")
    y += SECTION
    if not cities:
        draw_text(draw, (MARGIN, y + 14), tr("none yet"), body, MUTED, anchor="lm")
        y += 30
    for index, city in enumerate(cities[:4]):
        draw_city(image, city, MARGIN + index * (CITY_WIDTH + 14), y)
    if cities:
        y += CITY_HEIGHT
    y += GAP
    score = _scoring(view)
    if score is not None:
        text = tr("Round {round} scoring {line}", round=scored_round(view), line=scoring_line(score))
        for line in wrap_text(text, body, inner, max_lines=2):
            draw_text(draw, (MARGIN, y + 14), line, body, INK, anchor="lm")
            y += 28
    return image


def _draw_show_part(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, own: Mapping[str, Any],
                    player: Mapping[str, Any], y: float, inner: float) -> float:
    """During a show: the hand, the deck with the tokens beside it, and the own show so far."""
    body, bold = font(BODY), font(BODY, bold=True)
    hand: list[Mapping[str, Any]] = list(own.get("hand") or [])
    draw_text(draw, (MARGIN, y + 16), trn("Your hand ({n} card)", "Your hand ({n} cards)", len(hand)), bold, INK,
              anchor="lm")
    y += SECTION
    if hand:
        y = _draw_cards(image, hand, MARGIN, y) + GAP
    else:
        draw_text(draw, (MARGIN, y + 14), tr("No cards in hand."), body, MUTED, anchor="lm")
        y += 30 + GAP
    back = card_back(HAND_CARD, int(own.get("draw_pile", 0)), current())
    image.paste(back, (MARGIN, round(y)), back)
    fx = MARGIN + HAND_CARD.pitch + 16
    icons.paste(image, icons.swap_token(16, bool(player.get("swap_token"))), (fx + 16, y + 20 + FACT_LINE))
    for index, fact in enumerate(_facts(view, own, player)):
        draw_text(draw, (fx + 40, y + 20 + index * FACT_LINE), fit_text(fact, body, HAND_WIDTH - fx - 60), body, INK,
                  anchor="lm")
    y += HAND_CARD.height + GAP
    show_player = dict(player)
    show_player["show"] = player.get("show") or []
    return draw_show_area(image, draw, show_player, MARGIN, y, inner, BOARD_CARD) + GAP


def render_hand(view: View) -> bytes:
    """A seat's private image as PNG bytes. Raises ValueError for a spectator view."""
    return palette_png(render_hand_image(view), palette.HAND)

