"""What a page may show, read from the table: the public part from the spectator view, the public prompts
and the public log only (what the thread shows); a seat's part from that seat's own view only.

Plain data, no HTML (see :mod:`web.pages`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lang import DEFAULT, N_, current, date_text, number, tr
from rules.core.game import View
from table import compose
from table.model import Table

SCORE_FIELDS = (("vp", N_("{value} VP")), ("fame", N_("{value} Fame")))
"""The running score a spectator view shows per player, by the field's name in the view."""

STATUS_WORDS = {"lobby": N_("Waiting in its lobby for players"), "active": N_("Being played"),
                "finished": N_("Finished"), "abandoned": N_("Abandoned")}


def status_words(status: str) -> str:
    return tr(STATUS_WORDS[status]) if status in STATUS_WORDS else status


@dataclass(frozen=True)
class PublicPart:
    title: str
    status: str
    version: int
    over: bool
    waiting: tuple[str, ...]
    """Who the game waits for and what they are deciding, as everyone may read it."""
    scores: tuple[tuple[str, str], ...]
    """(player, score) — the final ranking once the game is over."""
    board_alt: str
    board_words: str
    log: tuple[str, ...]
    """The public log, oldest first."""
    images: int
    """How many images the board is drawn in (a big table: the board, then the players' areas)."""
    kind: str = ""
    """The game's kind, for the link to its guide."""


@dataclass(frozen=True)
class SeatPart:
    seat: int
    name: str
    lines: tuple[str, ...]
    """The seat's private lines ("Your hand: …") as its Discord panel shows them: a long list by its items'
    names only (the image beside them shows their full texts)."""
    prompt: str | None
    """What the seat is deciding, in its own words (None when the game does not wait for it)."""
    hand_alt: str
    expires: datetime | None
    """When the page's link stops working (None in the sandbox)."""


def when(at: datetime) -> str:
    """A moment as the reader's language writes it, in UTC (English keeps its ISO-like form)."""
    if current() == DEFAULT:
        return at.strftime("%Y-%m-%d %H:%M UTC")
    return tr("{moment} UTC", moment=date_text(at, "short"))


def public_part(table: Table, log: list[str], deadlines: dict[int, datetime], images: int) -> PublicPart:
    record = table.record
    if table.state is None:
        return PublicPart(table.title, status_words(record.status), record.version, table.over, (),
                          (), "", "", (), 0, record.kind)
    view = table.public_view()
    game = table.game
    waiting = []
    for seat in table.awaited():
        due = deadlines.get(seat)
        prompt = game.public_prompt(table.state, seat).rstrip(".")
        waiting.append(tr("{prompt} (decide by {when}).", prompt=prompt, when=when(due)) if due is not None
                       else tr("{prompt}.", prompt=prompt))
    return PublicPart(table.title, status_words(record.status), record.version, table.over,
                      tuple(waiting), scores(table, view), table.kit.board_alt(view), game.render_text(view),
                      tuple(log), images, record.kind)


def scores(table: Table, view: View) -> tuple[tuple[str, str], ...]:
    """The final ranking once the game is over; before, each player's running score if the board shows one."""
    assert table.state is not None
    outcome = table.game.outcome(table.state) if table.game.is_over(table.state) else None
    if outcome is not None:
        return tuple((tr("{place}. {name} 🏆", place=place, name=table.names[seat]) if seat in outcome.winners
                      else tr("{place}. {name}", place=place, name=table.names[seat]), number(outcome.scores[seat]))
                     for place, seats in enumerate(outcome.ranking, start=1) for seat in seats)
    players: Any = view.get("players")
    rows: list[tuple[str, str]] = []
    for player in players if isinstance(players, list) else []:
        if not isinstance(player, dict):
            continue
        for key, unit in SCORE_FIELDS:
            value = player.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                rows.append((str(player.get("name", "")), tr(unit, value=number(value))))
                break
    return tuple(rows)


def seat_part(table: Table, seat: int, expires: datetime | None) -> SeatPart:
    """The seat's own secrets, from its own view only."""
    name = table.names[seat]
    if table.state is None:
        return SeatPart(seat, name, (), None, "", expires)
    view = table.game.view(table.state, seat)
    prompt = table.game.prompt(table.state, seat) if seat in table.awaited() else None
    return SeatPart(seat, name, tuple(compose.panel_lines(table, seat)), prompt, table.kit.hand_alt(view), expires)
