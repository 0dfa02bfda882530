"""One inbox across all of a player's games, on every server: which games, in what order, and the line each
gets (``/me inbox``, "Next game", and the daily digest's list).

The games waiting for the player come first, the one that has waited longest first; then the others, the
most recently active first. Each entry says, in public words, what the game waits for and by when, what
changed since the player's own last move (public events, and the lines only their own seat saw: the inbox
and the digest go to that player alone), and links to the thread's newest board.

No Discord objects: a time is ``<t:…>`` text, a link a plain URL (see :mod:`table.compose`)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from db.life import LifeStore, Member, SeatClock
from db.records import GameRecord, GameStatus
from db.store import GameStore
from lang import current, tr, trn
from rules.core.events import Event
from table import clocks, compose
from table.errors import TableError
from table.model import Table

log = logging.getLogger(__name__)

TableLoader = Callable[[int], Awaitable[Table]]
"""How the inbox loads a game: the service's reading, which keeps decoded states between readings."""

PHRASE = 200  # the longest "waits for" phrase, and each half of a "what changed" line
KEPT_LINES = 4096  # games' inbox lines kept between readings (by last use)
RECENT = 12  # the newest moves since a player's own last move that their inbox line looks into
PAGE_ENTRIES = 8  # entries on one page of the inbox, at most (fewer when their lines are long)
SHOWN_WAITING = 2  # awaited seats named in a game that does not wait for the reader; the rest are counted


@dataclass(frozen=True, slots=True)
class InboxEntry:
    """One of a player's games as their inbox (and their digest) lists it."""

    game_id: int
    guild_id: int
    title: str
    status: GameStatus
    waiting: bool
    """Whether the game waits for this player now."""
    since: datetime | None
    """Since when it waits for them (None when it does not)."""
    deadline: datetime | None
    """Their deadline when it waits for them; else the soonest deadline of the seats it waits for."""
    waits_for: str
    """What the game waits for, in a public phrase (mentions as ``<@id>``)."""
    changed: str
    """What changed since their last move, in one line ("" when nothing did, or in a lobby)."""
    link: str
    """A link to the thread's newest board (to the thread, or the lobby's channel, while there is none)."""


@dataclass(frozen=True, slots=True)
class Glance:
    """A game of the player's as read for ordering: the game, their seat, and since when it waits for them."""

    table: Table
    seat: int
    since: datetime | None

    @property
    def waiting(self) -> bool:
        return self.since is not None


def board_link(record: GameRecord) -> str:
    """The thread's newest board; the thread itself (or the lobby's channel) while it has no board."""
    where = f"https://discord.com/channels/{record.guild_id}/{record.thread_id or record.channel_id}"
    if record.thread_id is not None and record.board_message_id is not None:
        return f"{where}/{record.board_message_id}"
    return where


def one_line(text: str, limit: int = PHRASE) -> str:
    """``text`` on one line, cut at a word with "…" past ``limit`` characters."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[:limit - 1].rsplit(" ", 1)[0] or flat[:limit - 1]
    return cut + "…"


def sentence(text: str) -> str:
    """An event's sentence as a part of a line: on one line, short, without its closing period."""
    return one_line(text).removesuffix(".")


class Inbox:
    """Reads a player's games for their inbox. Only reads: nothing here changes a game."""

    def __init__(self, store: GameStore, life: LifeStore, load: TableLoader) -> None:
        self.store = store
        self.life = life
        self.load = load
        self._lines: OrderedDict[tuple[int, int, int, tuple[int, ...], str], tuple[str, str]] = OrderedDict()

    async def glances(self, user_id: int, seat_clocks: Sequence[SeatClock] | None = None) -> list[Glance]:
        """Every open game of the player (lobby or being played) that can be read, in the inbox's order.
        ``seat_clocks``: the clocks of the player's games, if the caller has read them already."""
        game_ids = await self.store.game_ids_of_user(user_id, ("lobby", "active"))
        if seat_clocks is None:
            seat_clocks = await self.life.clocks_of_games_of(user_id)
        waits = {(clock.game_id, clock.seat): clock for clock in seat_clocks if clock.user_id == user_id}
        found: list[Glance] = []
        for game_id in game_ids:
            try:
                table = await self.load(game_id)
            except TableError as error:  # a damaged game must not break a player's whole inbox
                log.info("Game %s left out of the inbox of %s: %s", game_id, user_id, error)
                continue
            record = table.record
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            since = None
            if seat in table.awaited():
                clock = waits.get((table.id, seat))
                since = clock.awaited_since if clock is not None and clock.awaited_since else record.updated_at
            found.append(Glance(table, seat, since))
        return ordered(found)

    async def entries(self, user_id: int, now: datetime) -> list[InboxEntry]:
        """The player's inbox: every open game of theirs on every server, in order, each with its line."""
        every = await self.life.clocks_of_games_of(user_id)  # one reading for all their games' deadlines
        glances = await self.glances(user_id, every)
        seat_clocks: dict[int, list[SeatClock]] = {}
        for clock in every:
            seat_clocks.setdefault(clock.game_id, []).append(clock)
        members = await self.life.members({clock.user_id for clock in every})
        return [await self.entry(glance, now, seat_clocks.get(glance.table.id, []), members) for glance in glances]

    async def entry(self, glance: Glance, now: datetime, seat_clocks: Sequence[SeatClock],
                    members: Mapping[int, Member]) -> InboxEntry:
        table = glance.table
        record = table.record
        if record.status == "lobby" or table.state is None:
            return InboxEntry(table.id, record.guild_id, table.title, record.status, False, None, None,
                              tr("The lobby is open: players may join, and {creator} starts the game",
                                 creator=compose.mention(record.creator_id)),
                              "", board_link(record))
        deadlines = await clocks.deadlines(self.life, table, now, seat_clocks=seat_clocks, members=members)
        if glance.waiting:
            deadline = deadlines.get(glance.seat)
        else:
            deadline = min(deadlines.values(), default=None)
        phrase, changed = await self.lines(table, glance.seat)
        return InboxEntry(table.id, record.guild_id, table.title, record.status, glance.waiting, glance.since,
                          deadline, phrase, changed, board_link(record))

    async def lines(self, table: Table, seat: int) -> tuple[str, str]:
        """The seat's "waits for" phrase and "what changed" line, kept for the game's version: both follow from
        the log and the seats alone, and a version is never used twice (a move taken back makes a new one), so
        a player reading their inbox again pays only for the games that moved since."""
        # The language is part of the key: the same version reads differently to a German and an English reader.
        key = (table.id, table.record.version, seat, tuple(record.user_id for record in table.seats), current())
        kept = self._lines.get(key)
        if kept is None:
            kept = (waits_for(table, seat), await self.changed(table, seat))
            self._lines[key] = kept
            while len(self._lines) > KEPT_LINES:
                self._lines.popitem(last=False)
        else:
            self._lines.move_to_end(key)
        return kept

    async def changed(self, table: Table, seat: int) -> str:
        """What changed since the seat's own last move, in one line: how many moves came since, the newest
        public event and the newest line only this seat saw, among the newest :data:`RECENT` moves (a player
        back after weeks has thousands; their inbox reads the newest only)."""
        since = await self.store.last_own_version(table.id, seat)
        newest, count = await self.store.newest_actions(table.id, since, RECENT)
        public: tuple[str, Event] | None = None
        private: tuple[str, Event] | None = None
        for logged in newest:  # newest first
            mark = compose.automatic_mark(logged)
            for raw in reversed(logged.events):
                owner = raw.get("private_to")
                if owner is None and public is None:
                    public = (mark, Event.from_json(raw))
                elif owner == seat and private is None:  # their own seat's secret: this line goes to them alone
                    private = (mark, Event.from_json(raw))
            if public is not None and private is not None:
                break
        if not count:
            return ""
        parts = []
        if public is not None:
            parts.append(sentence(public[0] + table.game.describe_event(public[1], table.names)))
        if private is not None:
            parts.append(tr("for you: {sentence}",
                            sentence=sentence(private[0] + table.game.describe_event(private[1], table.names))))
        if parts:
            return trn("Since your last move, {n} move: {changes}.", "Since your last move, {n} moves: {changes}.",
                       count, changes="; ".join(parts))
        return trn("Since your last move, {n} move.", "Since your last move, {n} moves.", count)


def ordered(glances: Sequence[Glance]) -> list[Glance]:
    """Waiting for the player first, longest wait first; then the others, most recently active first (ties by
    game number, so the order is the same on every reading)."""
    waiting = sorted((g for g in glances if g.since is not None), key=lambda g: (g.since, g.table.id))
    others = sorted((g for g in glances if g.since is None),
                    key=lambda g: (-g.table.record.updated_at.timestamp(), g.table.id))
    return [*waiting, *others]


def following(glances: Sequence[Glance], after: int | None) -> Glance | None:
    """The game to open after game ``after`` among the waiting ones (in order): the next one after it,
    around to the first; the first when ``after`` is None or no longer waits. Never ``after`` itself."""
    waiting = [glance for glance in glances if glance.waiting]
    ids = [glance.table.id for glance in waiting]
    if after in ids:
        place = ids.index(after)
        waiting = waiting[place + 1:] + waiting[:place]
    return waiting[0] if waiting else None


def waits_for(table: Table, seat: int) -> str:
    """What the game waits for, as everyone may read it: the seat's own public prompt first when it is
    awaited (with how many others are awaited too), else the awaited seats' (a few named, the rest counted)."""
    awaited = table.awaited()
    if seat in awaited:
        others = len(awaited) - 1
        prompt = one_line(compose.public_prompt(table, seat))
        return trn("{prompt} (and {n} other player)", "{prompt} (and {n} other players)", others, prompt=prompt) \
            if others else prompt
    shown = [one_line(compose.public_prompt(table, s), PHRASE // SHOWN_WAITING) for s in awaited[:SHOWN_WAITING]]
    rest = len(awaited) - len(shown)
    return tr("{prompts}; and {n} more", prompts="; ".join(shown), n=rest) if rest else "; ".join(shown)


def entry_lines(entry: InboxEntry) -> list[str]:
    """An entry as the inbox shows it: a head line with its timing and link, what it waits for, and what
    changed (each line whole and short: a page never cuts one)."""
    head = [f"**{entry.title}**"]
    if entry.waiting and entry.since is not None:
        head.append(tr("⏳ your move, waiting since {time}", time=compose.timestamp(entry.since, 'R')))
    if entry.deadline is not None:
        head.append(tr("decide by {time}", time=compose.timestamp(entry.deadline, 'R')) if entry.waiting
                    else tr("next deadline {time}", time=compose.timestamp(entry.deadline, 'R')))
    # <…> around a link: Discord shows no preview of it, which would push the list down.
    link = f"<{entry.link}>"
    head.append(tr("[newest board]({link})", link=link) if entry.status == "active"
                else tr("[lobby]({link})", link=link))
    lines = [" · ".join(head), f"↳ {entry.waits_for}."]
    if entry.changed:
        lines.append(f"↳ {entry.changed}")
    return lines


def inbox_pages(entries: Sequence[InboxEntry]) -> list[str]:
    """The inbox as pages, each within Discord's message limit, never cutting an entry (nor a line)."""
    waiting = sum(entry.waiting for entry in entries)
    if not entries:
        return [tr("📬 You have no games open right now. Start one with a game's `new` command, or join a lobby.")]
    blocks = ["\n".join(entry_lines(entry)) for entry in entries]
    if len(entries) == 1:
        summary = tr("your game waits for you") if waiting else tr("your game does not wait for you")
    elif waiting:
        summary = trn("{n} of your {total} games waits for you", "{n} of your {total} games wait for you", waiting,
                      total=len(entries))
    else:
        summary = tr("none of your {total} games waits for you", total=len(entries))
    head_room = len(tr("📬 **Your games** — {summary} · page {page} of {pages}", summary=summary, page=999,
                       pages=999)) + 2
    groups: list[list[str]] = [[]]
    for block in blocks:
        current = groups[-1]
        size = head_room + sum(len(b) + 2 for b in current) + len(block)
        if current and (len(current) >= PAGE_ENTRIES or size > compose.MESSAGE_LIMIT):
            groups.append([])
        groups[-1].append(block)
    pages = []
    for number, group in enumerate(groups, start=1):
        head = tr("📬 **Your games** — {summary} · page {page} of {pages}", summary=summary, page=number,
                  pages=len(groups)) if len(groups) > 1 else tr("📬 **Your games** — {summary}", summary=summary)
        pages.append(f"{head}\n\n" + "\n\n".join(group))
    return pages
