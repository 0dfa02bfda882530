"""The board's header: title and date, the season, the calendar strip, the counts (cities with news,
draw bag, first player), the banner saying who acts (or the final result) and the current Event card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from lang import N_, current, listing, speaking, tr, trc
from render.circus_train.layout import (
    BACKGROUND,
    BODY,
    MARGIN,
    SEASON_STYLES,
    WIDTH,
    View,
    season_letter,
    season_months,
)
from render.common import (
    INK,
    PAPER,
    Box,
    PlayerMark,
    chip,
    draw_text,
    draw_token,
    hex_colour,
    mix,
    put_text,
    rounded_panel,
    text_width,
    tint,
)
from render.fonts import font, printable
from render.words import draw_words, fit_words, put_words, wrap_words
from rules.circus_train import names
from rules.circus_train.calendar import MONTHS, WEEKS_IN_MONTH
from rules.circus_train.content import load_content
from rules.circus_train.state import CARD_NAMES

STEP_LABELS = {
    "pick_talent": N_("picking starting talent"),
    "choose_start": N_("choosing a start city"),
    "choose": N_("choosing an Action card"),
    "move": N_("moving the train"),
    "basic": N_("moving 1 or performing/hiring"),
    "recruit": N_("deciding whether to recruit"),
    "act": N_("performing or hiring"),
    "special_hire": N_("making a Special Hire"),
    "hire": N_("hiring talent"),
    "hire_failed": N_("deciding to buy after a failed hire"),
    "wages": N_("paying wages"),
    "place_released": N_("placing released talent"),
    "rest_bonus": N_("choosing a rest bonus"),
    "long_month_steal": N_("taking talent (long month)"),
}


def card_name(card: str) -> str:
    """An Action card's name in the language spoken (its id if the game has no such card)."""
    return names.card(CARD_NAMES[card]) if card in CARD_NAMES else card


def step_label(step: str) -> str:
    """What the awaited player is doing, for the banner and the alt text."""
    return tr(STEP_LABELS[step]) if step in STEP_LABELS else step.replace("_", " ")


CALENDAR_CELL, CALENDAR_GAP, CALENDAR_MONTH_GAP = 24, 4, 12
CALENDAR_LEFT, CALENDAR_TOP = WIDTH - MARGIN - 790, 10
WEEKS = sum(WEEKS_IN_MONTH)
Look = Literal["past", "now", "next"]


def _week_lefts() -> list[int]:
    """The left edge of each week's cell in the calendar strip."""
    lefts = []
    x = CALENDAR_LEFT
    for weeks in WEEKS_IN_MONTH:
        for _ in range(weeks):
            lefts.append(x)
            x += CALENDAR_CELL + CALENDAR_GAP
        x += CALENDAR_MONTH_GAP - CALENDAR_GAP
    return lefts


def _calendar_strip(draw: ImageDraw.ImageDraw, look: Callable[[int], Look]) -> None:
    """Month labels and a cell per week, each week drawn as ``look`` says (gone by, this week, to come)."""
    cell, gap, month_gap = CALENDAR_CELL, CALENDAR_GAP, CALENDAR_MONTH_GAP
    x, y = CALENDAR_LEFT, CALENDAR_TOP
    label_font = font(18, bold=True)
    index = 0
    for month, weeks in enumerate(WEEKS_IN_MONTH):
        season = SEASON_STYLES[("green", "green", "yellow", "yellow", "red", "red")[month]]
        block_w = weeks * cell + (weeks - 1) * gap
        put_words(draw, (x + block_w / 2, y), names.month_short(MONTHS[month][:3]), label_font, INK, anchor="mt")
        for _ in range(weeks):
            box = Box(x, y + 24, x + cell, y + 24 + cell)
            if look(index) == "past":
                fill, outline = mix(season.colour, PAPER, 0.55), mix(season.colour, INK, 0.2)
            elif look(index) == "now":
                fill, outline = INK, INK
            else:
                fill, outline = PAPER, mix(season.colour, INK, 0.2)
            rounded_panel(draw, box, fill=fill, outline=outline, width=2, radius=5)
            if look(index) == "now":
                draw.polygon([(box.centre[0] - 7, box.y0 + 6), (box.centre[0] + 7, box.y0 + 6),
                              (box.centre[0], box.y1 - 6)], fill=PAPER)
            x += cell + gap
            index += 1
        x += month_gap - gap



CALENDAR_SPARE = 4  # px around the strip's box that its text and outlines may reach


@cache
def _calendar_looks(language: str) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The calendar strip on the header's background three times: every week gone by, every week the
    current one, every week to come (1.2 MB), with the months named in ``language``. A board's strip is cut
    from them, a week's cell from the look it has that week: labels and gaps are the same in all three, and no
    cell reaches another."""
    with speaking(language):
        return _draw_looks()


def _draw_looks() -> tuple[Image.Image, Image.Image, Image.Image]:
    height = CALENDAR_TOP + 24 + CALENDAR_CELL + CALENDAR_SPARE + 1
    pictures = [Image.new("RGB", (WIDTH, height), BACKGROUND) for _ in range(3)]
    _calendar_strip(ImageDraw.Draw(pictures[0]), lambda _: "past")
    _calendar_strip(ImageDraw.Draw(pictures[1]), lambda _: "now")
    _calendar_strip(ImageDraw.Draw(pictures[2]), lambda _: "next")
    return pictures[0], pictures[1], pictures[2]


def _draw_calendar(image: Image.Image, week: int) -> None:
    """The calendar strip, ``week`` being this week's index (weeks before it are gone by): the same
    pixels as drawing it, pasted from the three looks (``_calendar_looks``) for a fraction of the cost."""
    past, now, coming = _calendar_looks(current())
    lefts = _week_lefts()
    left, right = CALENDAR_LEFT - CALENDAR_SPARE, lefts[-1] + CALENDAR_CELL + CALENDAR_SPARE
    top, bottom = max(0, CALENDAR_TOP - CALENDAR_SPARE), past.height
    # The columns of the weeks gone by come from the first look, this week's cell from the second, the rest
    # from the third; a cell spans its left edge to its right edge inclusive.
    cut = lefts[week] if 0 <= week < WEEKS else (right if week >= WEEKS else left)
    end = cut + CALENDAR_CELL + 1 if 0 <= week < WEEKS else cut
    for picture, (x0, x1) in ((past, (left, cut)), (now, (cut, end)), (coming, (end, right))):
        if x1 > x0:
            image.paste(picture.crop((x0, top, x1, bottom)), (x0, top))


def _event_lines(view: View, tight: bool = False) -> list[str]:
    event = view.get("event")
    if not event:
        return []
    title = printable(names.event_title(str(event.get("title", ""))))
    text = printable(names.event_text(str(event.get("text", ""))))
    return wrap_words(tr("Event: {title} — {text}", title=title, text=text), font(BODY), WIDTH - 2 * MARGIN - 24,
                      max_lines=2 if tight else 3)


def _final_fact(view: View, marks: Sequence[PlayerMark]) -> str:
    """The headline figure of a finished game (a fact, not a ruling: tie-breaks are the rules' job)."""
    players: list[Mapping[str, Any]] = list(view.get("players") or [])
    if not players:
        return tr("final scores")
    if len(players) == 1:
        return tr("{name} ends with ${money}", name=marks[0].name, money=players[0].get("money", 0))
    key = "best" if (view.get("options") or {}).get("easier") else "vp"
    top = max(int(p.get(key, 0)) for p in players)
    leaders = listing([marks[seat].name for seat, p in enumerate(players) if int(p.get(key, 0)) == top])
    if key == "best":
        return tr("most Best Performance: {names} ({top})", names=leaders, top=top)
    return tr("most VP: {names} ({top})", names=leaders, top=top)


def _status(view: View, marks: Sequence[PlayerMark]) -> tuple[str, PlayerMark | None]:
    if view.get("over"):
        return (tr("The season is over — {result}", result=_final_fact(view, marks)), None)
    awaiting = view.get("awaiting")
    if not awaiting:
        return ("", None)
    seat = int(awaiting["seat"])
    step = step_label(str(awaiting.get("step", "")))
    card = awaiting.get("card")
    card_text = f" ({card_name(str(card))})" if card else ""
    return (tr("▶ {name} to act: {step}{card}", name=marks[seat].name, step=step, card=card_text), marks[seat])


def header_height(view: View, tight: bool = False) -> int:
    """The header's height; ``tight`` (a board that would be too tall) keeps the event to two lines."""
    events = _event_lines(view, tight)
    return 148 + (len(events) * 28 + 10 if events else 0)


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                height: int, tight: bool = False) -> None:
    content = load_content()
    season = SEASON_STYLES.get(str(view.get("season")), SEASON_STYLES["green"])
    draw.rectangle((0, 0, WIDTH, height), fill=BACKGROUND)
    # Line 1: title, date, season; calendar strip at the right.
    title = font(30, bold=True)
    x = MARGIN
    week_of = WEEKS_IN_MONTH[MONTHS.index(view["month"])] if view.get("month") in MONTHS else 0
    month = names.month(str(view["month"])) if view.get("month") in MONTHS else str(view.get("month", ""))
    date = tr("{month}, week {week} of {weeks}", month=month, week=view.get("week_of_month", ""), weeks=week_of)
    box = draw_text(draw, (x, 14), trc("game", "Circus Train"), title, INK)
    # The date ends before the calendar strip, however long the month and its words are.
    box = draw_words(draw, (box.x1 + 22, 14), fit_words(date, title, CALENDAR_LEFT - 16 - (box.x1 + 22)), title, INK)
    money = content.seasons[str(view.get("season", "green"))].money if view.get("season") in content.seasons else 0
    season_id = str(view.get("season")) if view.get("season") in SEASON_STYLES else "green"
    chip(draw, (MARGIN, 60), fit_words(tr("{letter} · {months} season · shows pay ${money}",
                                          letter=season_letter(season_id), months=season_months(season_id),
                                          money=money), font(BODY, bold=True), CALENDAR_LEFT - 3 * MARGIN - 20),
         font(BODY, bold=True), fill=season.colour, pad_x=10, height=34)
    _draw_calendar(image, int(view.get("week", 0)))
    # Line 2: counts.
    board = view.get("board") or {}
    with_news = sum(1 for news in board.values() if news.get("counter") or any((news.get("talent") or {}).values()))
    facts = tr("Cities with news {n}/{required}   ·   Draw bag {bag}", n=with_news,
               required=view.get("cities_required", "?"), bag=view.get("bag_count", "?"))
    first = view.get("first_player")
    first_word = trc("circus train", "First:")
    # The counts end where the first player's word begins.
    room = WIDTH - MARGIN - 140 - text_width(first_word, font(BODY)) - 16 - (WIDTH - MARGIN - 790)
    put_words(draw, (WIDTH - MARGIN - 790, 74), fit_words(facts, font(BODY), room), font(BODY), INK, anchor="lm")
    if isinstance(first, int) and 0 <= first < len(marks):
        box = draw_words(draw, (WIDTH - MARGIN - 140, 74), first_word, font(BODY), INK, anchor="rm")
        draw_token(image, (box.x1 + 30, 74), marks[first], radius=14)
        put_words(draw, (box.x1 + 50, 74), fit_words(marks[first].name, font(BODY, bold=True), 110),
                  font(BODY, bold=True), INK, anchor="lm")
    # Line 3: who acts.
    status, mark = _status(view, marks)
    y = 104
    if status:
        status_font = font(24, bold=True)
        fill = mark.colour if mark else INK
        w = text_width(status, status_font) + (56 if mark else 24)
        banner = Box(MARGIN, y, min(WIDTH - MARGIN, MARGIN + w), y + 38)
        rounded_panel(draw, banner, fill=tint(fill, 0.55) if mark else INK, outline=INK, width=3, radius=10)
        tx = banner.x0 + 12
        if mark:
            draw_token(image, (banner.x0 + 24, banner.centre[1]), mark, radius=14)
            tx = banner.x0 + 46
        put_words(draw, (tx, banner.centre[1]), fit_words(status, status_font, banner.width - (tx - banner.x0) - 10),
                  status_font, INK if mark else PAPER, anchor="lm")
    events = _event_lines(view, tight)
    label = trc("circus train", "Event:")
    if events:
        y = 152
        panel = Box(MARGIN, y - 4, WIDTH - MARGIN, y + len(events) * 28 + 6)
        rounded_panel(draw, panel, fill=hex_colour("#FFF4D6"), outline=hex_colour("#B08A2E"), width=2, radius=8)
        for index, line in enumerate(events):
            left, top = MARGIN + 12.0, y + 1.0 + index * 28
            if index == 0 and line.startswith(label + " "):
                left = draw_text(draw, (left, top), label, font(BODY, bold=True), INK).x1 + 6
                line = line[len(label) + 1:]
            # Drawn whole: an Event card's lines are the same on every board of its month, in every game.
            put_text(draw, (left, top), line, font(BODY), INK)
