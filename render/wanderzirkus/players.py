"""One panel per player on the public table: name and facts, the cities on display (and those bought
for next round or kept in Pro mode), the show as a row of cards — or a closed curtain while it runs,
since a running show is private — and the last Round Scoring, component by component."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, tr, trn
from render.common import INK, MUTED, PAPER, Box, PlayerMark, mix, tint
from render.fonts import font, printable
from render.wanderzirkus.cards import CITY_HEIGHT, CITY_WIDTH, draw_city
from render.wanderzirkus.header import name_with_token
from render.wanderzirkus.layout import (
    BOARD_CARD,
    BODY,
    MARGIN,
    PANEL_EDGE,
    PANEL_FILL,
    TENT_RED,
    CardSize,
    View,
    letter_of,
)
from render.wanderzirkus.row import RowLayout, draw_row, layout_row
from render.words import fit_words, put_words, wrap_words
from rules.wanderzirkus.names import city_name, region_letter

PAD = 14
EMPTY_SHOW = 36  # the height of "No show yet this round."
HEAD = 46
COMPACT_HEAD = 40
CITY_COLUMN = CITY_WIDTH + 2 * PAD
END_REASONS = {"stopped": N_("stopped"), "no_match": N_("no hand card connected"), "no_cards": N_("no cards left"),
               "fourth_stop": N_("4th stop sign")}
REGION_NAMES = {"north": N_("North"), "east": N_("East"), "south": N_("South"), "west": N_("West"),
                "central": N_("Central")}


def end_reason(reason: object) -> str:
    """Why a show ended, in a few words ("" if unknown)."""
    return tr(END_REASONS[str(reason)]) if str(reason) in END_REASONS else ""


def _region_word(region: object) -> str:
    return tr(REGION_NAMES[str(region)]) if str(region) in REGION_NAMES else str(region)


def _region_letter(region: object) -> str:
    return region_letter(str(region)) if str(region) in REGION_NAMES else str(region)


def _city(city: Mapping[str, Any]) -> str:
    return printable(city_name(str(city.get("name", ""))))


def scored_round(view: View) -> int:
    """The round the view's Round Scoring belongs to: this one once scored, else the one before."""
    current = int(view.get("round", 1))
    return current if view.get("phase") in ("spend", "over") else current - 1


def scoring_line(score: Mapping[str, Any]) -> str:
    parts = []
    announced = score.get("announced")
    if announced is not None:
        if score.get("announcement"):
            parts.append(tr("announced {announced} met +{vp}", announced=announced, vp=score.get("announcement", 0)))
        else:
            parts.append(tr("announced {announced} missed +{vp}", announced=announced,
                            vp=score.get("announcement", 0)))
    for city in score.get("cities") or []:
        parts.append(f"{_city(city.get('city') or {})} +{city.get('vp', 0)}")
    for colour in ("green", "blue", "red", "purple"):
        if score.get(colour):
            parts.append(f"{letter_of(colour)} +{score[colour]}")
    if score.get("pause"):
        parts.append(tr("pause {vp}", vp=score["pause"]))
    coins = int(score.get("coins", 0))
    return trn("= {total} VP: {parts}; +{n} coin", "= {total} VP: {parts}; +{n} coins", coins,
               total=score.get("total", 0), parts=", ".join(parts))


def _city_groups(player: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    groups = [(tr("Cities"), list(player.get("cities") or []))]
    if player.get("next_cities"):
        groups.append((tr("Next round"), list(player["next_cities"])))
    return groups


def side_by_side(player: Mapping[str, Any], width: float, size: CardSize, compact: bool) -> int:
    """How many cities a compact panel lays side by side (left of the show) instead of one above the
    other: all of them when the show still fits on one line."""
    cities = list(player.get("cities") or [])
    if not compact or len(cities) < 2:
        return 1
    show_width = width - len(cities) * (CITY_WIDTH + 8) - 2 * PAD
    columns = [c for c in player.get("show") or [] if c.get("cards")]
    return len(cities) if len(columns) * size.pitch <= show_width else 1


def _city_column(player: Mapping[str, Any], width: float, size: CardSize, compact: bool) -> float:
    """The width taken by the cities, left of the show."""
    return side_by_side(player, width, size, compact) * (CITY_WIDTH + 8) - 8 + 2 * PAD


def _cities_height(player: Mapping[str, Any], compact: bool = False, across: int = 1) -> float:
    if compact:
        # Only the cities on display, as cards; next round's cities and the kept ones go in the notes.
        shown = len(player.get("cities") or [])
        return 4 + (36 if not shown else CITY_HEIGHT + 8 if across > 1 else shown * (CITY_HEIGHT + 8))
    height = 0.0
    for _, cities in _city_groups(player):
        height += 30 + (len(cities) * (CITY_HEIGHT + 8) if cities else 36)
    if player.get("kept_cities") or player.get("regions"):
        height += 30 * 2
    return height


def compact_extras(player: Mapping[str, Any]) -> str:
    """What a compact panel says in words instead of drawing: next round's cities, the kept ones."""
    parts = []
    coming = [tr("{city} {vp} VP", city=_city(c), vp=c.get("vp", 0)) for c in player.get("next_cities") or []]
    if coming:
        parts.append(tr("next round: {cities}", cities=", ".join(coming)))
    kept = len(player.get("kept_cities") or [])
    regions = [_region_letter(r) for r in player.get("regions") or []]
    if kept or regions:
        parts.append(trn("kept {n} city, regions {regions}", "kept {n} cities, regions {regions}", kept,
                         regions=" ".join(regions) or tr("none")))
    return " · ".join(parts)


def _show_layout(player: Mapping[str, Any], width: float, size: CardSize) -> RowLayout | None:
    show = player.get("show")
    if not show:
        return None
    return layout_row(list(show), size, width)


def _notes(view: View, seat: int, width: float, extra: str = "") -> list[str]:
    text = ""
    for score in view.get("scoring") or []:
        if int(score.get("seat", -1)) == seat:
            text = tr("Round {round} scoring {line}", round=scored_round(view), line=scoring_line(score))
    if extra:
        text = f"{text} · {extra[:1].upper()}{extra[1:]}" if text else extra[:1].upper() + extra[1:]
    return wrap_words(text, font(BODY), width, max_lines=2) if text else []


def _compact(view: View, player: Mapping[str, Any]) -> bool:
    """With no city on display and no show on the table (between rounds, after the game) a panel is
    just its head and its notes."""
    has_show = player.get("show") is None or bool(player.get("show"))
    return not has_show and not player.get("cities") and not player.get("next_cities")


def _kept_line(player: Mapping[str, Any]) -> str:
    kept = [_city(c) for c in player.get("kept_cities") or []]
    regions = [_region_word(r) for r in player.get("regions") or []]
    if not kept and not regions:
        return ""
    return tr("Kept cities: {cities} · regions: {regions}", cities=", ".join(kept) or tr("none"),
              regions=", ".join(regions) or tr("none"))


def panel_height(view: View, player: Mapping[str, Any], width: float, size: CardSize = BOARD_CARD,
                 compact: bool = False) -> float:
    """The panel's height. ``compact`` (big tables): a shorter head that also names the show, no
    "Show"/"Cities" title rows, tighter padding."""
    extra = compact_extras(player) if compact and not _compact(view, player) else ""
    notes = _notes(view, int(player.get("seat", 0)), width - 2 * PAD, extra)
    head = COMPACT_HEAD if compact else HEAD
    if _compact(view, player):
        body = (34 if _kept_line(player) else 0) + len(notes) * 28
        return head + (body + PAD + 6 if body else 6)
    show_width = width - _city_column(player, width, size, compact) - PAD
    layout = _show_layout(player, show_width, size)
    show_h = (4 if compact else 34) + (layout.height if layout else EMPTY_SHOW if player.get("show") is not None
                                       else size.height * 0.6)
    across = side_by_side(player, width, size, compact)
    return head + max(_cities_height(player, compact, across), show_h) + len(notes) * 28 + (8 if compact else PAD + 6)


def _curtain(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A closed circus curtain: the show runs, but only its player may see it until it ends."""
    draw.rounded_rectangle(box.rounded(), radius=10, fill=TENT_RED, outline=INK, width=2)
    stripe = 26
    x = box.x0 + stripe
    while x < box.x1 - 8:
        draw.line([(x, box.y0 + 4), (x, box.y1 - 4)], fill=mix(TENT_RED, INK, 0.3), width=4)
        x += stripe
    label_font = font(BODY, bold=True)
    label = fit_words(tr("Show running — private until it ends"), label_font, box.width - 40)
    w = label_font.getlength(label) + 24
    plate = Box(box.centre[0] - w / 2, box.centre[1] - 20, box.centre[0] + w / 2, box.centre[1] + 20)
    draw.rounded_rectangle(plate.rounded(), radius=8, fill=PAPER, outline=INK, width=2)
    put_words(draw, plate.centre, label, label_font, INK, anchor="mm")


def _show_title(player: Mapping[str, Any]) -> str:
    state = player.get("show_state")
    if player.get("show") is None:
        return tr("Show")
    length = player.get("show_length", 0)
    if state == "ended":
        reason = end_reason(player.get("end_reason"))
        if reason:
            return tr("Show: {length} artists, ended ({reason})", length=length, reason=reason)
        return tr("Show: {length} artists, ended", length=length)
    if state == "running":
        return tr("Show: {length} artists so far", length=length)
    return tr("Show")


def draw_show_area(image: Image.Image, draw: ImageDraw.ImageDraw, player: Mapping[str, Any], x: float, y: float,
                   width: float, size: CardSize, titled: bool = True) -> float:
    """The title (unless the panel's head names the show) and the show (or its curtain) from (x, y);
    returns the bottom."""
    if titled:
        bold = font(BODY, bold=True)
        put_words(draw, (x, y + 14), fit_words(_show_title(player), bold, width), bold, INK, anchor="lm")
    top = y + (34 if titled else 4)
    if player.get("show") is None:
        box = Box(x, top, x + min(width, 640), top + size.height * 0.6)
        _curtain(draw, box)
        return box.y1
    layout = _show_layout(player, width, size)
    if layout is None:
        text = tr("No show yet this round.") if player.get("show_state") != "ended" else tr("No cards were laid.")
        put_words(draw, (x, top + 16), text, font(BODY), MUTED, anchor="lm")
        return top + EMPTY_SHOW
    draw_row(image, layout, size, x, top)
    return top + layout.height


def draw_cities(image: Image.Image, draw: ImageDraw.ImageDraw, player: Mapping[str, Any], x: float, y: float,
                width: float, compact: bool = False, across: int = 1) -> float:
    """The cities on display (and those for next round); ``compact`` drops the "Cities" title (the city
    cards speak for themselves next to the show); ``across`` > 1 lays the cities side by side."""
    if compact:
        y += 4
        shown = list(player.get("cities") or [])
        if not shown:
            put_words(draw, (x, y + 16), fit_words(tr("no city"), font(BODY), width), font(BODY), MUTED, anchor="lm")
            return y + 36
        for index, city in enumerate(shown):
            if across > 1:
                draw_city(image, city, x + index * (CITY_WIDTH + 8), y)
            else:
                draw_city(image, city, x, y + index * (CITY_HEIGHT + 8))
        return y + (1 if across > 1 else len(shown)) * (CITY_HEIGHT + 8)
    for label, cities in _city_groups(player):
        put_words(draw, (x, y + 14), fit_words(label, font(BODY, bold=True), width), font(BODY, bold=True), INK,
                  anchor="lm")
        y += 30
        if not cities:
            put_words(draw, (x, y + 16), fit_words(tr("none yet"), font(BODY), width), font(BODY), MUTED, anchor="lm")
            y += 36
        for city in cities:
            draw_city(image, city, x, y)
            y += CITY_HEIGHT + 8
    kept = len(player.get("kept_cities") or [])
    regions = [_region_letter(r) for r in player.get("regions") or []]
    if kept or regions:
        body = font(18)
        put_words(draw, (x, y + 14), fit_words(trn("Kept {n} city", "Kept {n} cities", kept), body, width), body, INK,
                  anchor="lm")
        put_words(draw, (x, y + 42), fit_words(tr("Regions: {regions}", regions=" ".join(regions) or tr("none")), body,
                                               width), body, INK, anchor="lm")
        y += 60
    return y


def draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: View, player: Mapping[str, Any],
               mark: PlayerMark, awaited: bool, size: CardSize = BOARD_CARD, compact: bool = False) -> None:
    draw.rounded_rectangle(box.rounded(), radius=14, fill=PANEL_FILL, outline=INK if awaited else PANEL_EDGE,
                           width=4 if awaited else 2)
    head = Box(box.x0, box.y0, box.x1, box.y0 + (COMPACT_HEAD if compact else HEAD))
    draw.rounded_rectangle(head.rounded(), radius=14, fill=tint(mark.colour, 0.6))
    draw.rectangle((head.x0 + 2, head.y1 - 14, head.x1 - 2, head.y1), fill=tint(mark.colour, 0.6))
    name = name_with_token(image, draw, mark, box.x0 + PAD, head.centre[1], 420, size=24, ring=awaited)
    coins = int(player.get("coins", 0))
    facts = [tr("{vp} VP from rounds", vp=player.get("vp", 0)), trn("{n} coin", "{n} coins", coins),
             tr("swap token") if player.get("swap_token") else tr("no swap token"),
             tr("{n} artists", n=player.get("deck_size", 0))]
    if player.get("announcement") is not None:
        facts.append(tr("announced at least {n}", n=player["announcement"]))
    if compact and not _compact(view, player):
        facts.insert(0, _show_title(player))
    put_words(draw, (name.x1 + 24, head.centre[1]), fit_words(" · ".join(facts), font(BODY), box.x1 - name.x1 - 40),
              font(BODY), INK, anchor="lm")
    top = head.y1 + (0 if compact else 6)
    if _compact(view, player):
        y = top
        if _kept_line(player):
            put_words(draw, (box.x0 + PAD, y + 16), fit_words(_kept_line(player), font(BODY), box.width - 2 * PAD),
                      font(BODY), INK, anchor="lm")
            y += 34
    else:
        across = side_by_side(player, box.width, size, compact)
        bottom = draw_cities(image, draw, player, box.x0 + PAD, top, CITY_WIDTH, compact, across)
        show_x = box.x0 + _city_column(player, box.width, size, compact)
        show_bottom = draw_show_area(image, draw, player, show_x, top, box.x1 - show_x - PAD, size, not compact)
        y = max(bottom, show_bottom) + 4
    extra = compact_extras(player) if compact and not _compact(view, player) else ""
    for line in _notes(view, mark.seat, box.width - 2 * PAD, extra):
        put_words(draw, (box.x0 + PAD, y + 14), line, font(BODY), INK, anchor="lm")
        y += 28


def panels_height(view: View, players: Sequence[Mapping[str, Any]], width: float,
                  size: CardSize = BOARD_CARD, compact: bool = False) -> float:
    return sum(panel_height(view, p, width, size, compact) + MARGIN for p in players)
