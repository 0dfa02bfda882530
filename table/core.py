"""The table's one front door: opens the store and wires the service, the keeper and the publisher around
it. The Discord layer and the web hold one :class:`TableCore` and call its named operations (play, reclaim,
hand over, vote, …) and readings, never the service, the keeper, the publisher or the store behind it.

Every change to a game goes through the unit of work (:mod:`table.work`); what must follow a change runs in
one place, :meth:`TableCore.after_change`: the publisher's kick, moves that need no one, and seats on autopilot
the game now waits for. A finished game's results are written with the move that finished it."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from db.errors import StoreError
from db.life import LifeStore, Member, NotifyMode, Standing
from db.outbox import OutboxStore
from db.secrets import SecretStore
from db.store import ActionRecord, GameRecord, GameStore, GameVersion
from lang import DEFAULT as DEFAULT_LANGUAGE
from lang import supported, tr
from rules.core.errors import RulesError
from rules.core.lessons import Tempting
from rules.core.standing import StandingAnswer, StandingDecision
from table import clocks, hours, standing
from table.afterwards import Afterwards
from table.away import AwayDesk
from table.config import Shards
from table.delivery import Courier
from table.digest import DigestDesk
from table.errors import ChoiceGone, TableError
from table.hints import Suggestion
from table.inbox import Inbox, InboxEntry, following
from table.keeper import ALL_KINDS, Keeper, TakeBack
from table.kits import check_kits
from table.metrics import MeteredRenders, Metrics
from table.model import ActResult, Table
from table.nudge import Nudger
from table.ownership import DEFAULT_LEASE, EveryGame, WorkClaim, claim_for
from table.practice import PracticeDesk
from table.publisher import Publisher
from table.ratings import Shown
from table.renders import Renders, ThreadRenders, open_renders
from table.robots import Robots
from table.service import DEFAULT_AUTOPILOT_AFTER, DEFAULT_AWAY_BANK_DAYS, MAX_ID, Chooser, TableService
from table.suggestions import HintDesk
from table.thinking import Thinker, open_thinker
from table.work import MOVES, Change

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_AUTOPILOT_AFTER", "DEFAULT_AWAY_BANK_DAYS", "TableCore"]


AUTOPILOT_ROUNDS = 10  # rounds of automatic moves after one change (each at most the keeper's bound), so it ends
OUTBOX_KEPT = timedelta(days=1)  # how long a delivered outbox item is kept (to look into a complaint)


def utc_now() -> datetime:
    return datetime.now(UTC)


class TableCore:
    def __init__(self, store: GameStore, clock: Callable[[], datetime] = utc_now,
                 renders: Renders | None = None, claim: WorkClaim | None = None,
                 thinker: Thinker | None = None) -> None:
        self.store = store
        self.clock = clock
        self._languages: dict[int, str] = {}  # member → the language last written for them (seen_language)
        self.renders: Renders = renders or ThreadRenders()
        self.claim: WorkClaim = claim or EveryGame()
        """Which games' background work is this process's (see table.ownership)."""
        self.life = LifeStore(store)
        self.outbox = OutboxStore(store)
        self.publisher = Publisher(store, self.outbox, clock, claim=self.claim)
        self.tables = TableService(store, self.life, clock)
        self.away = AwayDesk(self.tables, self.life, clock)
        self.robots = Robots(self.tables, store, thinker, self.claim)
        """Robot seats' moves, thought out of the event loop (see table.robots)."""
        self.keeper = Keeper(self.tables, self.life, clock, self.away, claim=self.claim, thinker=self.robots.thinker)
        self.inbox_reader = Inbox(store, self.life, self.tables.table)
        self.tables.work.followers.append(self.after_change)
        self.nudges = Nudger(self.tables, self.life, clock, self.claim)
        self.tables.work.preparers.append(self.nudges.prepare)  # a seat left alone is marked with the change
        self.digests = DigestDesk(self.tables, self.life, clock, self.inbox_reader)
        self.hints = HintDesk(self.tables, lambda: self.robots.thinker)  # suggestions think where robots do
        self.tables.work.preparers.append(self.hints.prepare)  # a game's hints are decided with its start
        self.practice_desk = PracticeDesk(self.tables, self.robots)
        self.afterwards = Afterwards(store, self.tables, self.renders)
        self.tables.work.preparers.append(self.afterwards.rater.prepare)  # a game's rating is written with its end
        self.answer_wait = 0.0
        """How long an operation a person asked for waits for its own posts to reach the thread before it
        returns (the bot sets a second, so a player's answer comes after the board shows their move)."""
        self._automating: set[int] = set()  # games whose autopilot seats are being played right now
        self.metrics: Metrics | None = None
        """Where moves, drawings and database failures are counted (None: nobody asked; see :meth:`measure`)."""

    @classmethod
    async def open(cls, db_path: str | Path, clock: Callable[[], datetime] = utc_now, *,
                   render_processes: int = 0, shards: Shards | None = None,
                   lease: timedelta = DEFAULT_LEASE, think_processes: int = 0) -> TableCore:
        """Check the game kits, open (creating and migrating) the database, and start the renderers:
        ``render_processes`` worker processes, or threads of this process when 0 (see table.renders).
        ``shards``: the Discord shards this process runs (None: all of them). Where another process may
        share the database (PostgreSQL, or shards), each game's background work is claimed with a lease
        lasting ``lease`` (see table.ownership). ``think_processes``: worker processes for the automatic
        players' searches (0: threads of this process; see table.thinking)."""
        check_kits()
        store = await GameStore.open(db_path, clock=clock)
        try:
            return cls(store, clock, await open_renders(render_processes), claim_for(store, shards, clock, lease=lease),
                       await open_thinker(think_processes))
        except BaseException:
            await store.close()
            raise

    @property
    def thinker(self) -> Thinker:
        """Where automatic players decide off the event loop (robots, a strong autopilot; see table.thinking)."""
        return self.robots.thinker

    async def close(self) -> None:
        await self.robots.close()
        await self.publisher.close()
        await self.afterwards.close()
        try:
            await self.claim.close()  # what this process held is free for the others at once
        except StoreError as error:  # its leases run out by themselves
            log.warning("The leases of this process could not be given back: %s", error)
        await self.renders.close()
        await self.store.close()

    def measure(self, metrics: Metrics) -> None:
        """Count this table's moves, drawings and database failures into ``metrics`` from now on."""
        self.metrics = metrics
        self.renders = MeteredRenders(self.renders, metrics)
        self.afterwards.renders = self.renders
        self.store.database.on_failure = metrics.database_failed

    async def read_gauges(self) -> None:
        """Set the metrics that describe the database (the outbox's backlog, the live games), at each scrape."""
        if self.metrics is not None:
            await self.metrics.read(self.store, self.clock())

    # ----- what follows every change ---------------------------------------------------------------------
    async def after_change(self, change: Change) -> None:
        """What must follow any change to a game, in one place: its posts are delivered; moves nobody needs
        to be asked for are played where the change made them playable (a move plays its own at once); seats
        on autopilot the game now waits for move, each through the same path."""
        self.publisher.kick(change.game_id)
        if self.metrics is not None:
            self.metrics.changed(change)
        if not change.wakes:
            return
        game = change.after or change.table
        if game.record.status != "active":
            return
        if change.cause not in MOVES:
            await self.tables.settle(change.game_id)
        await self.autopilot(change.game_id)
        if game.robot_seats:
            self.robots.wake(change.game_id)  # thinks in a task of its own: this change's caller never waits

    async def autopilot(self, game_id: int) -> int:
        """Play every seat on autopilot the game waits for, as long as it waits for one (bounded); a move
        made meanwhile by one of them comes back here and is left to the loop already running."""
        if game_id in self._automating:
            return 0
        self._automating.add(game_id)
        done = 0
        try:
            for _ in range(AUTOPILOT_ROUNDS):
                moved = await self.keeper.tick(game_id, kinds={"autopilot"})
                done += moved
                if not moved:
                    break
        finally:
            self._automating.discard(game_id)
        return done

    async def answered(self, game_id: int) -> None:
        """Wait (up to :attr:`answer_wait`) for what the game's last change posts to reach its thread."""
        if self.answer_wait <= 0:
            return
        try:
            await self.publisher.settle(game_id, self.answer_wait)
        except Exception:  # the change is saved whatever its delivery does; the publisher retries it
            log.exception("Game %s: waiting for its posts failed", game_id)

    async def tick(self) -> int:
        """The scheduler's periodic work: everything due (reminders, deadlines, automatic moves, nudges and daily
        digests), then any delivery waiting for a retry, and delivered outbox items older than a day are forgotten
        (the log keeps what happened)."""
        done = await self.keeper.tick(None, ALL_KINDS)
        await self.robots.resume()  # robots whose wake was lost (a restart while they thought) go again
        done += await self.nudges.tick()
        done += await self.digests.tick()
        await self.publisher.resume()
        if self.claim.chores:
            await self.tables.write(self.outbox.prune(self.clock() - OUTBOX_KEPT))
        return done

    # ----- reading for the chat layer ------------------------------------------------------------------
    async def games_here(self, guild_id: int) -> list[GameRecord]:
        return await self.store.games_in_guild(guild_id, statuses=("lobby", "active"))

    async def games_of(self, user_id: int, guild_id: int | None) -> list[GameRecord]:
        return await self.store.games_of_user(user_id, guild_id, statuses=("lobby", "active"))

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]:
        return await self.store.games_in_guild(guild_id, statuses=("lobby",))

    async def record(self, game_id: int) -> GameRecord | None:
        return await self.store.get_game(game_id) if 0 < game_id <= MAX_ID else None

    async def version(self, game_id: int, seat: int | None = None) -> GameVersion | None:
        """How far a game has got (version, status, server and channel; who holds ``seat``), read without its
        state: what a web page polling for news asks, many times a second."""
        return await self.store.game_version(game_id, seat) if 0 < game_id <= MAX_ID else None

    async def is_seated(self, game_id: int, user_id: int) -> bool:
        return any(seat.user_id == user_id for seat in await self.store.seats(game_id))

    async def deadlines(self, table: Table) -> dict[int, datetime]:
        return await clocks.deadlines(self.life, table, self.clock())

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        return await self.store.game_in_thread(thread_id)

    async def awaits(self, record: GameRecord, user_id: int) -> bool:
        """Whether the game waits for this user (False for a game that cannot be read)."""
        if record.status != "active":
            return False
        try:
            table = await self.tables.table(record.id)
        except TableError as error:  # a damaged game must not break a listing
            log.info("Game %s left out of a listing: %s", record.id, error)
            return False
        return user_id in table.awaited_users()

    # ----- one inbox across a player's games ----------------------------------------------------------------
    async def inbox(self, user_id: int) -> list[InboxEntry]:
        """``/me inbox`` (and the digest's list): every open game of the player on every server, the ones
        waiting for them first (longest wait first), each with its public line (see table.inbox)."""
        return await self.inbox_reader.entries(user_id, self.clock())

    async def next_waiting(self, user_id: int, after: int | None = None) -> Table | None:
        """"Next game": the game waiting for the player that comes after game ``after`` in their inbox's order
        (the longest wait first; around to the first), on any server; None when no other game waits for them."""
        found = following(await self.inbox_reader.glances(user_id), after)
        return found.table if found is not None else None

    # ----- members and statistics ------------------------------------------------------------------------
    async def member(self, user_id: int) -> Member:
        return await self.life.member(user_id)

    async def set_hours(self, user_id: int, time_zone: str, start: int | None, end: int | None) -> None:
        await self.tables.write(self.life.set_hours(user_id, time_zone, start, end))

    def language_known(self, user_id: int, locale: object) -> bool:
        """Whether ``locale`` is the language this process last wrote for the member (nothing to write)."""
        return self._languages.get(user_id) == supported(locale)

    async def seen_language(self, user_id: int, locale: object) -> None:
        """The language a member's Discord showed (any tag ``lang.supported`` reads): their direct messages and
        digest are written in it. Written only when it changed since this process last saw them."""
        language = supported(locale)
        if self._languages.get(user_id) == language:
            return
        self._languages[user_id] = language
        await self.tables.write(self.life.set_language(user_id, language))

    async def set_notify(self, user_id: int, mode: NotifyMode) -> None:
        await self.tables.write(self.life.set_notify(user_id, mode))

    async def set_digest(self, user_id: int, at: int | None) -> None:
        """``/me notify digest:``: the member's daily digest comes at ``at`` minutes after their local midnight
        (None: no digest)."""
        await self.tables.write(self.life.set_digest(user_id, at))

    async def go_away(self, user_id: int, until: str, note: str | None) -> tuple[datetime, list[Table]]:
        """``/me away``: ``until`` is a duration or a day, read in the member's own time zone."""
        try:
            moment = hours.parse_until(until[:40], self.clock(), await self.life.member(user_id))
        except ValueError as error:
            raise TableError(str(error)) from error
        moment, told = await self.away.go_away(user_id, moment, note)
        for table in told:
            await self.answered(table.id)
        return moment, told

    async def come_back(self, user_id: int) -> list[Table]:
        back = await self.away.come_back(user_id)
        for table in back:
            await self.answered(table.id)
        return back

    async def note_dm_closed(self, user_id: int) -> bool:
        return await self.life.note_dm_closed(user_id)

    async def leaderboard(self, guild_id: int, kind: str) -> list[Standing]:
        return await self.life.leaderboard(guild_id, kind)

    async def robot_standings(self, guild_id: int, kind: str) -> list[Standing]:
        """The robots' results in a game in a server, per level, kept apart from the people's leaderboard."""
        return await self.life.robot_standings(guild_id, kind)

    async def player_record(self, guild_id: int, user_id: int, *, hinted: bool = False) -> list[Standing]:
        """A member's record per game: without the games where someone asked for hints, or only those."""
        return await self.life.player_record(guild_id, user_id, hinted=hinted)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self.tables.write(self.store.set_lobby_message(game_id, message_id))

    async def table(self, game_id: int, guild_id: int | None = None) -> Table:
        return await self.tables.table(game_id, guild_id)

    async def replay_image(self, game_id: int, frames: int) -> tuple[bytes, str] | None:
        """The animated replay of a finished game's public boards and its alt text (None when replays
        are off), drawn by the renderers' replay worker. The text describes the last frame: the final board."""
        if frames < 2:
            return None
        table = await self.tables.lobby_view(game_id)
        actions = [(logged.seat, logged.action) for logged in await self.store.actions(game_id)]
        record = table.record
        try:
            return await self.renders.replay(record.kind, table.title, table.names, record.options, record.seed,
                                             actions, frames)
        except (ValueError, RulesError) as error:
            log.warning("No replay for game %s: %s", game_id, error)
            return None

    async def score_chart(self, game_id: int) -> tuple[bytes, str, list[str]] | None:
        """A finished game's score chart, its alt text and its luck lines (see table/afterwards.py)."""
        return await self.afterwards.chart(game_id)

    async def game_review(self, game_id: int) -> dict[str, Any] | None:
        """A finished game's review, computed once after the game in a worker (see table/afterwards.py)."""
        return await self.afterwards.review(game_id)

    async def kept_review(self, game_id: int) -> dict[str, Any] | None:
        return await self.afterwards.kept_review(game_id)

    async def chances_chart(self, game_id: int, review: dict[str, Any]) -> tuple[bytes, str] | None:
        """The chart of each player's chances, from a finished game's computed review."""
        return await self.afterwards.chances_chart(game_id, review)

    async def game_export(self, game_id: int, guild_id: int | None = None) -> tuple[Table, dict[str, Any], str]:
        """An ended game's record to keep (JSON) and its plain-text log."""
        return await self.afterwards.export(game_id, guild_id)

    async def ratings(self, guild_id: int, kind: str) -> tuple[list[Shown], list[Shown]]:
        """A game's rating leaderboard in a server: people, then the robots' levels."""
        return await self.afterwards.ratings(guild_id, kind)

    async def rating_of(self, guild_id: int, kind: str, user_id: int) -> Shown | None:
        return await self.afterwards.rating_of(guild_id, kind, user_id)

    async def autopilot_seats(self, game_id: int) -> set[int]:
        """The seats of a game being played that the automatic player plays."""
        return {clock.seat for clock in await self.life.clocks(game_id) if clock.autopilot}

    async def lobby_view(self, game_id: int, guild_id: int | None = None) -> Table:
        """The game's record and seats without its state (a damaged game's too)."""
        return await self.tables.lobby_view(game_id, guild_id)

    async def table_in_context(self, guild_id: int, channel_id: int, user_id: int, game_id: int | None) -> Table:
        """The game named, else the game whose thread this is, else the asker's only live game here."""
        return await self.tables.table_in_context(guild_id, channel_id, user_id, game_id)

    async def public_log(self, table: Table) -> list[str]:
        return await self.tables.public_log(table)

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's action log, oldest first (actions taken back left out)."""
        return await self.store.actions(game_id)

    async def game_record(self, game_id: int, guild_id: int | None = None) -> tuple[Table, dict[str, Any]]:
        """A finished game's record for the fairness check (refused while the game goes on)."""
        return await self.tables.game_record(game_id, guild_id)

    async def recap(self, game_id: int, user_id: int, guild_id: int | None, limit: int
                    ) -> tuple[Table, list[str], int, list[str]]:
        """What happened since the user's last move: the public lines (with how many earlier ones were left
        out) and the lines only their seat saw."""
        table = await self.tables.table(game_id, guild_id)
        if table.seat_of(user_id) is None:
            raise TableError(tr("You are not seated in this game."))
        public, earlier = await self.tables.herald.recap(table, user_id, limit)
        private, _ = await self.tables.herald.private_recap(table, user_id)
        return table, public, earlier, private

    async def standing_lines(self, game_id: int, user_id: int, guild_id: int | None
                             ) -> tuple[Table, list[standing.StandingLine]]:
        """The decisions the user's seat may answer in advance, with what it has set."""
        table, seat = await standing.seat_in_play(self.tables, game_id, user_id, guild_id)
        return table, await standing.standing_lines(self.tables, table, seat)

    async def secret(self, name: str, make: Callable[[], str]) -> str:
        """A secret the deployment keeps in its database (made once with ``make``), e.g. the web's link key."""
        return await SecretStore(self.store).get_or_make(name, make)

    # ----- publishing ------------------------------------------------------------------------------------
    def attach_courier(self, courier: Courier) -> None:
        """Who delivers the games' posts (the Discord client; the sandbox's stand-in for none)."""
        self.publisher.courier = courier

    async def resume_posting(self) -> int:
        """Deliver at once everything earlier runs saved but did not post, including items still waiting out a
        retry's backoff (at start-up: the timers that would have retried them died with the old process);
        returns how many games."""
        return await self.publisher.resume(everything=True)

    async def posting_idle(self) -> None:
        """Wait until no delivery is running."""
        await self.publisher.idle()

    # ----- changes a person asks for -----------------------------------------------------------------------
    async def create(self, kind: str, guild_id: int, channel_id: int, creator_id: int, creator_name: str,
                     options: dict[str, object], *, deadline_minutes: int | None = None,
                     autopilot_after: int = DEFAULT_AUTOPILOT_AFTER, forced_moves: bool = True,
                     away_bank_minutes: int = DEFAULT_AWAY_BANK_DAYS * 24 * 60,
                     autopilot_level: str = "normal", hints: bool | None = None,
                     seed: tuple[int, str] | None = None, language: str = DEFAULT_LANGUAGE) -> Table:
        """A new game's lobby; ``hints`` None leaves them to be decided from the seating at the start; ``seed``:
        the seed and salt of a game replayed from its record (the sandbox's import), else drawn afresh;
        ``language``: the language of its public posts and board images (any tag ``lang.supported`` reads)."""
        return await self.tables.create(kind, guild_id, channel_id, creator_id, creator_name, options,
                                        deadline_minutes=deadline_minutes, autopilot_after=autopilot_after,
                                        forced_moves=forced_moves, away_bank_minutes=away_bank_minutes,
                                        autopilot_level=autopilot_level, hints=hints, seed=seed, language=language)

    async def add_robot(self, game_id: int, user_id: int, level: str, *, may_manage: bool = False,
                        guild_id: int | None = None) -> Table:
        """Seat a robot at ``level`` in the lobby (the game's creator, or a server manager: ``may_manage``)."""
        return await self.robots.add(game_id, user_id, level, may_manage, guild_id)

    async def remove_robot(self, game_id: int, user_id: int, seat: int | None = None, *, may_manage: bool = False,
                           guild_id: int | None = None) -> Table:
        """Take a robot out of the lobby (the one in ``seat``, 0-based; None: the last one seated)."""
        return await self.robots.remove(game_id, user_id, seat, may_manage, guild_id)

    async def resume_robots(self) -> int:
        """At start-up: every game waiting for a robot gets its robot going again (returns how many)."""
        return await self.robots.resume()

    async def join(self, game_id: int, user_id: int, name: str, guild_id: int | None = None) -> Table:
        return await self.tables.join(game_id, user_id, name, guild_id)

    async def leave(self, game_id: int, user_id: int, guild_id: int | None = None) -> Table:
        return await self.tables.leave(game_id, user_id, guild_id)

    async def set_deadline(self, game_id: int, user_id: int, minutes: int | None, autopilot_after: int,
                           guild_id: int | None = None) -> Table:
        return await self.tables.set_deadline(game_id, user_id, minutes, autopilot_after, guild_id)

    async def set_hints(self, game_id: int, user_id: int, hints: bool | None, guild_id: int | None = None, *,
                        may_manage: bool = False) -> Table:
        """The creator (or a server manager) turns the game's hints on or off (None: decided from the seating)
        before it starts."""
        return await self.hints.set_hints(game_id, user_id, hints, guild_id, may_manage=may_manage)

    async def suggest(self, game_id: int, user_id: int, version: int, guild_id: int | None = None
                      ) -> tuple[Table, Suggestion]:
        """"Suggest" on a private panel opened at ``version``: the strong player's choice for the asker's seat,
        for the asker alone (see table.suggestions); the seat's asking is marked in the game's record."""
        return await self.hints.suggest(game_id, user_id, version, guild_id)

    async def practice(self, kind: str, guild_id: int, channel_id: int, user_id: int, name: str, *,
                       level: str = "easy", robots: int | None = None, thread_id: int | None = None) -> Table:
        """``/game practice`` (and the sandbox's Learn): a game for one person against robots at ``level`` (``robots``
        None: the game's smallest sensible table), hints on, lessons shown, marked practice, started at once in
        ``thread_id`` (see table.practice)."""
        table = await self.practice_desk.open(kind, guild_id, channel_id, user_id, name, level=level, robots=robots,
                                              thread_id=thread_id)
        await self.answered(table.id)
        return table

    @staticmethod
    def check_practice(kind: str, robots: int | None) -> int:
        """The refusal of :meth:`practice` that can be told before a thread is opened (else its robots' number)."""
        return PracticeDesk.check(kind, robots)

    async def lesson(self, game_id: int, user_id: int, guild_id: int | None = None) -> str | None:
        """A practice game's lesson for the user's current decision, the first time it comes up (then noted)."""
        return await self.practice_desk.lesson(game_id, user_id, guild_id)

    async def tempting(self, game_id: int, user_id: int, version: int, guild_id: int | None = None
                       ) -> tuple[Table, list[Tempting]]:
        """"Why not…?" in a practice game: choices not legal for the user's seat at ``version``, with the rules'
        words."""
        return await self.practice_desk.tempting(game_id, user_id, version, guild_id)

    async def why_not(self, game_id: int, user_id: int, version: int, index: int, guild_id: int | None = None
                      ) -> str:
        """The rules' own refusal of the ``index``-th "Why not…?" choice offered at ``version``, for the user alone."""
        _, answer = await self.practice_desk.why_not(game_id, user_id, version, index, guild_id)
        return answer

    def check_startable(self, table: Table, user_id: int) -> None:
        """The refusals of :meth:`start` that can be told before a thread is opened for the game."""
        self.tables.check_startable(table, user_id)

    async def start(self, game_id: int, user_id: int, thread_id: int | None) -> Table:
        table = await self.tables.start(game_id, user_id, thread_id)
        await self.answered(game_id)
        return table

    async def play(self, game_id: int, user_id: int, version: int | None, choose: Chooser, *,
                   guild_id: int | None = None) -> tuple[ActResult, Table]:
        """A player's move: ``choose(table, seat)`` gives the action (``version``: the one the player's panel
        showed; None for "as it is now"). Returns the move and the game as it is once everything that follows
        it has been played (seats on autopilot, moves that need no one)."""
        result = await self.tables.act(game_id, user_id, version, choose, guild_id=guild_id)
        # The move is saved: nothing from here on may raise, or the player would be told to try again.
        await self.answered(game_id)
        try:
            return result, await self.tables.table(game_id)
        except TableError as error:
            log.warning("Game %s: read after a saved move failed (%s); answering from the move itself", game_id, error)
            return result, result.table

    async def play_listed(self, game_id: int, user_id: int, version: int, index: int, *,
                          guild_id: int | None = None) -> tuple[ActResult, Table]:
        """A player's choice by its place among the legal actions offered at ``version`` (a panel's button,
        an autocomplete entry, a sandbox form); a place beyond them is an outdated offer."""
        def pick(table: Table, seat: int) -> Any:
            assert table.state is not None
            legal = table.game.legal_actions(table.state, seat)
            if not 0 <= index < len(legal):
                raise ChoiceGone()
            return legal[index]
        return await self.play(game_id, user_id, version, pick, guild_id=guild_id)

    async def reclaim(self, game_id: int, user_id: int, guild_id: int | None = None) -> Table:
        table = await self.keeper.reclaim(game_id, user_id, guild_id)
        await self.answered(game_id)
        return table

    async def set_autopilot(self, game_id: int, user_id: int, seat: int | None, may_manage: bool,
                            guild_id: int | None = None, *, member_left: bool = False) -> tuple[Table, int]:
        found = await self.keeper.set_autopilot(game_id, user_id, seat, may_manage, guild_id, member_left=member_left)
        await self.answered(game_id)
        return found

    async def automate(self, game_id: int, seats: Iterable[int]) -> None:
        """Seats the table itself plays from now on (the sandbox's automatic seats), played at once if awaited."""
        await self.keeper.automate(game_id, seats)

    async def offer_seat(self, game_id: int, user_id: int, member_id: int, member_is_bot: bool,
                         guild_id: int | None = None) -> Table:
        table = await self.keeper.offer_seat(game_id, user_id, member_id, member_is_bot, guild_id)
        await self.answered(game_id)
        return table

    async def hand_over(self, game_id: int, seat: int, from_user: int, to_user: int, accepter: int) -> Table:
        table = await self.keeper.hand_over(game_id, seat, from_user, to_user, accepter)
        await self.answered(game_id)
        return table

    async def take_back(self, game_id: int, user_id: int, guild_id: int | None = None, agreeing: bool = False,
                        version: int | None = None) -> TakeBack:
        outcome = await self.keeper.take_back(game_id, user_id, guild_id, agreeing, version)
        await self.answered(game_id)
        return outcome

    async def set_standing(self, game_id: int, user_id: int, guild_id: int | None, decision: str, answer: str
                           ) -> tuple[Table, StandingDecision, StandingAnswer | None, bool]:
        found = await standing.set_answer(self.tables, game_id, user_id, guild_id, decision, answer)
        await self.answered(game_id)
        return found

    async def vote_to_abandon(self, game_id: int, user_id: int, guild_id: int | None = None
                              ) -> tuple[Table, int, int]:
        found = await self.keeper.vote_to_abandon(game_id, user_id, guild_id)
        await self.answered(game_id)
        return found

    async def abandon(self, game_id: int, user_id: int, is_manager: bool, guild_id: int | None = None) -> Table:
        table = await self.tables.abandon(game_id, user_id, is_manager, guild_id)
        await self.answered(game_id)
        return table

    async def repair(self, game_id: int, user_id: int, is_manager: bool, guild_id: int | None = None) -> Table:
        table = await self.tables.repair(game_id, user_id, is_manager, guild_id)
        await self.answered(game_id)
        return table
