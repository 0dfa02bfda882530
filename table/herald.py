"""What an action must publish: the board (a new message, or an edit of the turn's board), pings to the
players it newly waits for (a mention, or a direct message), their recaps, and at the end the seed
reveal and the replay. Composed under the game's lock, before the action is saved, so the items can be
written in the same transaction (see :mod:`table.publications`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import Any

from db.life import LifeStore
from db.outbox import OutboxItem
from db.store import ActionRecord, GameStore
from lang import speaking, tr
from rules.core import fairness
from rules.core.events import Event
from table import clocks, compose, hours, publications
from table.clocks import Clock
from table.model import Table


def jump_link(table: Table) -> str:
    where = table.record.thread_id or table.record.channel_id
    return f"https://discord.com/channels/{table.record.guild_id}/{where}"


class Herald:
    def __init__(self, store: GameStore, life: LifeStore, clock: Clock) -> None:
        self.store = store
        self.life = life
        self.clock = clock

    async def after_action(self, before: Table, after: Table, chain: Sequence[ActionRecord],
                           awaited_before: frozenset[int]) -> tuple[list[OutboxItem], int]:
        with speaking(after.language):  # public: in the game's language, whoever moved
            return await self._after_action(before, after, chain, awaited_before)

    async def _after_action(self, before: Table, after: Table, chain: Sequence[ActionRecord],
                            awaited_before: frozenset[int]) -> tuple[list[OutboxItem], int]:
        """The items for one action (with the moves the table played for seats right after it: ``chain``,
        oldest first, none of it saved yet) and the version at which the thread's current board begins
        after it.

        While nobody new is awaited (a player goes on with their own turn, players finish their parts of
        a simultaneous step, a seat on autopilot moves), the turn's board message is edited: its text
        lists every event since it began, read from the log. When someone new is awaited, or the game
        ends, a new board is posted that mentions exactly the newly awaited players not on autopilot.
        A seat whose move was played for it (a forced move, a standing answer) and that is no longer
        awaited is nobody to tell: only who is awaited once the chain ends counts."""
        assert after.state is not None
        version = chain[-1].version
        seat_clocks = await self.life.clocks(after.id)
        # A robot, like a seat on autopilot, is nobody to tell: it moves by itself (table.robots).
        autopilot = {clock.seat for clock in seat_clocks if clock.autopilot} | after.robot_seats
        newly = [seat for seat in after.awaited() if seat not in awaited_before]
        over = after.game.is_over(after.state)
        since = before.record.board_since
        # One board message per turn: it is edited until the game waits for someone new (a seat on
        # autopilot moves at once, so it is nobody new to tell) or the game ends.
        edit = since is not None and not over and all(seat in autopilot for seat in newly)
        same_picture = edit and before.state is not None and after.public_view() == before.public_view()
        after.deadlines = await clocks.deadlines(self.life, after, self.clock(), newly, seat_clocks)
        if edit:
            assert since is not None
            shown = [*await self.store.actions(after.id, after_version=since - 1), *chain]
        else:
            since, shown = chain[0].version, list(chain)
        sentences = [line for logged in shown for line in compose.logged_sentences(after, logged)]
        mentioned, direct = await self.split(after, newly, autopilot)
        recaps = [] if edit else [compose.recap_text(user, *await self.recap(after, user)) for user in mentioned]
        header = compose.board_header(after, shown)
        if shown[0].version != since:  # the board the game began with: it keeps saying so
            header = f"{compose.start_text(after)}\n{header}"
        text = compose.board_text(after, header, sentences, recaps)
        items = [publications.board("edit" if edit else "new", version, text, after.public_view(),
                                    mentions=mentioned, over=over, same_picture=same_picture)]
        items += [await self.direct(after, user) for user in direct]
        if over:
            items += await self.ending(after, chain)
        return items, since

    async def new_board(self, table: Table, header: str) -> list[OutboxItem]:
        """A fresh board for the table as it is (the start, a move taken back, a repair), telling the
        awaited players who are not on autopilot (a mention, or a direct message)."""
        with speaking(table.language):
            return await self._new_board(table, header)

    async def _new_board(self, table: Table, header: str) -> list[OutboxItem]:
        assert table.state is not None
        seats = table.awaited()
        table.deadlines = await clocks.deadlines(self.life, table, self.clock(), seats)
        mentioned, direct = await self.split(table, seats)
        text = compose.board_text(table, header, [])
        board = publications.board("new", table.record.version, text, table.public_view(), mentions=mentioned,
                                   over=table.over)
        return [board, *[await self.direct(table, user) for user in direct]]

    async def split(self, table: Table, seats: Sequence[int],
                    autopilot: Collection[int] | None = None) -> tuple[list[int], list[int]]:
        """The users of ``seats`` to mention in the thread and to message directly; seats on autopilot
        (read from the store unless given), members who chose no notifications and members away whose
        clock in this game is stopped (their pings are held: see :mod:`table.away`) are left out of both."""
        if autopilot is None:
            autopilot = {clock.seat for clock in await self.life.clocks(table.id) if clock.autopilot}
        mention: list[int] = []
        direct: list[int] = []
        users = [table.user_of(seat) for seat in seats if seat not in autopilot and not table.is_robot(seat)]
        members = await self.life.members(users)
        now = self.clock()
        if any(members[user].away_at(now) for user in users):
            held = {clock.user_id for clock in await self.life.clocks(table.id)
                    if clock.user_id in members and hours.clock_stopped(clock, members[clock.user_id], now)}
            users = [user for user in users if user not in held]
        for user in users:
            mode = members[user].notify
            if mode == "mention":
                mention.append(user)
            elif mode == "dm":
                direct.append(user)
        return mention, direct

    async def direct(self, table: Table, user: int) -> OutboxItem:
        """A direct message to ``user`` in the language their Discord showed last (the game's until seen), and
        its fallback for the thread in the game's language."""
        assert table.state is not None
        seat = table.seat_of(user)
        with speaking((await self.life.member(user)).language or table.language):
            prompt = table.game.prompt(table.state, seat) if seat is not None else ""
            recap = compose.recap_text(user, *await self.recap(table, user))
            body = "\n".join(part for part in (tr("🎪 **{game}** is waiting for you: {prompt}", game=table.title,
                                                   prompt=prompt), recap, jump_link(table)) if part)
        with speaking(table.language):
            fallback = tr("{mention} — {game} is waiting for you.", mention=compose.mention(user), game=table.title)
        return publications.direct(user, body[:compose.MESSAGE_LIMIT], fallback)

    async def recap(self, table: Table, user_id: int, limit: int = compose.RECAP_LINES) -> tuple[list[str], int]:
        """The newest ``limit`` public events since the user's seat last acted itself (newest last), and
        how many earlier ones there were. The action being saved now is not in the log yet: the board
        itself shows it."""
        return await self._since_own_move(table, user_id, limit, lambda raw, seat: raw.get("private_to") is None)

    async def private_recap(self, table: Table, user_id: int, limit: int = compose.RECAP_LINES
                            ) -> tuple[list[str], int]:
        """What changed privately for the user since their last own move (shown only to them)."""
        return await self._since_own_move(table, user_id, limit, lambda raw, seat: raw.get("private_to") == seat)

    async def _since_own_move(self, table: Table, user_id: int, limit: int,
                              shown: Callable[[dict[str, Any], int], bool]) -> tuple[list[str], int]:
        seat = table.seat_of(user_id)
        if seat is None:
            return [], 0
        # Only the log after the seat's own last move is read: a long game's whole log would cost more
        # than everything else a move does. A move the table played (a forced move, a standing answer) keeps
        # its mark: this is where a player learns that their standing answer was played.
        since = await self.store.last_own_version(table.id, seat)
        raw_events = [(compose.automatic_mark(logged), raw)
                      for logged in await self.store.actions(table.id, after_version=since)
                      for raw in logged.events if shown(raw, seat)]
        # Only the lines shown are put into words: a player back after a long absence has many more.
        newest = raw_events[-limit:] if limit else []
        lines = [mark + table.game.describe_event(Event.from_json(raw), table.names) for mark, raw in newest]
        return lines, len(raw_events) - len(newest)

    async def ending(self, table: Table, unsaved: Sequence[ActionRecord] = ()) -> list[OutboxItem]:
        """The seed reveal (with the record that proves it), then for a game with a result its score chart, the
        replay and its review, once a game has ended. The reveal comes first: an abandoned game gets only that."""
        if table.state is None:
            return []
        with speaking(table.language):
            return await self._ending(table, unsaved)

    async def _ending(self, table: Table, unsaved: Sequence[ActionRecord]) -> list[OutboxItem]:
        assert table.state is not None
        logged = [*await self.store.actions(table.id), *unsaved]
        record: dict[str, Any] = fairness.game_record(
            table.game, table.names, table.record.options, table.record.seed, table.record.seed_salt,
            [(action.seat, action.action) for action in logged], table.state)
        items = [publications.reveal(compose.reveal_text(table), compose.record_filename(table), record)]
        if table.game.outcome(table.state) is not None:
            items += [publications.chart(), publications.replay(), publications.review()]
        else:
            items.append(publications.replay())
        return items

    def now(self) -> datetime:
        return self.clock()
