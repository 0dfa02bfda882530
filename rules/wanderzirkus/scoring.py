"""Round Scoring exactly as the rulebook writes it, as pure functions of a show's row."""

from __future__ import annotations

import itertools

from lang import N_
from rules.wanderzirkus import row
from rules.wanderzirkus.content import PAUSE, card, load_content
from rules.wanderzirkus.state import PAUSE_VP, Column, Scoring

BLUE_VP = (1, 2)  # the first and second blue card; every further one brings 7
BLUE_LATER_VP = 7
PURPLE_VP = 3
RED_ADJACENT_VP = 2


def green_vp(show: list[Column]) -> int:
    """All green cards score 3 each with a green card last, 2 with one second-to-last, 1 with one
    third-to-last; 4 each with green cards both last and third-to-last."""
    places = row.positions(show)
    greens = sum(1 for card_id in row.artists_in(show) if card(card_id).colour == "green")

    def green_at(from_end: int) -> bool:
        return len(places) >= from_end and places[-from_end] == "green"

    if green_at(1) and green_at(3):
        each = 4
    elif green_at(1):
        each = 3
    elif green_at(2):
        each = 2
    elif green_at(3):
        each = 1
    else:
        each = 0
    return each * greens


def blue_vp(show: list[Column]) -> int:
    """The n-th blue card brings 1, 2, then 7 each, but only if neither of the two places before it
    is blue (the Pause counts as a place)."""
    places = row.positions(show)
    total = 0
    count = 0
    for index, colour in enumerate(places):
        if colour != "blue":
            continue
        count += 1
        if "blue" in places[max(0, index - 2):index]:
            continue
        total += BLUE_VP[count - 1] if count <= len(BLUE_VP) else BLUE_LATER_VP
    return total


def red_vp(show: list[Column]) -> int:
    """1 per red card and 2 more for each two red cards lying directly next to each other."""
    places = row.positions(show)
    reds = places.count("red")
    pairs = sum(1 for left, right in itertools.pairwise(places) if left == right == "red")
    return reds + RED_ADJACENT_VP * pairs


def purple_vp(show: list[Column]) -> int:
    """3 for each purple card placed over another."""
    return PURPLE_VP * sum(len(column.cards) - 1 for column in show)


def coins(show: list[Column]) -> int:
    """Each yellow card: 1 per coin connection used, plus its bottom coin. A side's coin connection is
    used when its colour is among the facing side's connections of the neighbouring card (the card of
    a stack the row continued from; every colour for the Pause card)."""
    total = 0
    for index, column in enumerate(show):
        artist = card(column.cards[0])
        if artist.colour != "yellow":
            continue
        total += 1 if artist.bottom_coin else 0
        if index > 0:
            before = show[index - 1]
            facing = card(before.cards[before.exit if before.exit is not None else -1]).right_colours()
            total += sum(1 for c in artist.left if c.coin and c.colour in facing)
        if index + 1 < len(show):
            facing = card(show[index + 1].cards[0]).left_colours()
            total += sum(1 for c in artist.right if c.coin and c.colour in facing)
    return total


def show_colours(show: list[Column]) -> set[str]:
    return {card(card_id).colour for card_id in row.artists_in(show)}


def city_vp(city_id: str, show: list[Column]) -> int:
    """The city's VP if the show holds at least one artist of every colour it demands."""
    city = load_content().cities[city_id]
    return city.vp if set(city.colours) <= show_colours(show) else 0


def score_show(seat: int, show: list[Column], announced: int | None, cities: list[str]) -> Scoring:
    length = row.length(show)
    announcement = announced if announced is not None and length >= announced else 0
    city_points = [(city_id, city_vp(city_id, show)) for city_id in cities]
    green, blue, red, purple = green_vp(show), blue_vp(show), red_vp(show), purple_vp(show)
    pause = PAUSE_VP if any(column.cards == [PAUSE] for column in show) else 0
    total = announcement + sum(vp for _, vp in city_points) + green + blue + red + purple + pause
    return Scoring(seat=seat, announcement=announcement, announced=announced, length=length, cities=city_points,
                   green=green, blue=blue, red=red, purple=purple, pause=pause, coins=coins(show), total=total)


SOLO_RATINGS: tuple[tuple[int | None, str], ...] = (
    (70, N_("At least nobody got hurt")),
    (80, N_("Breadless circus art")),
    (90, N_("Restrained applause")),
    (100, N_("Aspiring clowning")),
    (110, N_("Victory-point acrobatics at its finest")),
    (120, N_("The audience is thrilled")),
    (130, N_("A magical show")),
    (141, N_("That is true circus art!")),
    (None, N_("Living circus legends!")),
)
"""(below this score, rating). Bands include their lower bound ("70-80" is 70 to 79); "130-140" keeps
140 itself, since only a score over 140 makes living legends. The ratings stay English in the view's data and
are translated where they are shown (``tr(rating)``)."""


def solo_rating(vp: int) -> str:
    for limit, text in SOLO_RATINGS:
        if limit is None or vp < limit:
            return text
    raise AssertionError("unreachable")
