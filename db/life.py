"""The store's companion for the life of a days-long game: seat clocks and autopilot, members' time
zones, notification choices and time away, finished games' results, votes to abandon, actions taken
back, standing answers and seats handed over.

``LifeStore`` works on the same :class:`~db.database.Database` as its :class:`~db.store.GameStore`
(``LifeStore(store)``), so its writes are serialised with the game store's and share its
transactions' guarantees, and changes a game's row and seats through the same statements
(:class:`~db.games.Games`). It knows no game's rules: the table decides what a deadline or an undo
means; this module only keeps the facts.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, Literal

from db.database import change
from db.errors import AlreadySeated, GameNotInLobby, NotSeated
from db.outbox import publish
from db.records import HEALTHY_SQL, OutboxItem, check_board_since, dump, encode_items
from db.store import GameStore

NotifyMode = Literal["mention", "dm", "none"]
NOTIFY_MODES: Final[tuple[NotifyMode, ...]] = ("mention", "dm", "none")


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat of an active game as the scheduler sees it."""

    game_id: int
    seat: int
    user_id: int
    awaited_since: datetime | None
    """When the game began waiting for this seat's current decision; None when it is not awaited."""
    reminded: bool
    missed: int
    autopilot: bool
    deadline_minutes: int | None
    autopilot_after: int
    players: int
    """How many seats the game has (a solo game has no deadlines: nobody is kept waiting)."""
    away_since: datetime | None = None
    """The start of its player's away stretch this seat is in and that is not yet settled (None: none)."""
    away_used: int = 0
    """Minutes of the game's away bank this seat used in earlier, settled away stretches."""
    away_told: bool = False
    """Its player was told that the away bank of this game ran out during the current stretch."""
    away_bank: int = 0
    """The game's away bank: minutes per seat during which a player away stops their clock."""


@dataclass(frozen=True, slots=True)
class Member:
    """A member's own settings (defaults for someone who never set any)."""

    user_id: int
    time_zone: str = "UTC"
    active_from: int | None = None
    """Minutes after local midnight when their active hours begin; None with ``active_to`` None: all day."""
    active_to: int | None = None
    notify: NotifyMode = "mention"
    dm_closed: bool = False
    away_since: datetime | None = None
    """When their current (or last) away stretch began; None: never away."""
    away_until: datetime | None = None
    """When it ends (or ended: ``/me back`` moves it to that moment)."""
    away_note: str = ""
    digest_at: int | None = None
    """Minutes after local midnight when their daily digest comes (None: no digest)."""
    digest_day: str | None = None
    """The local day (``YYYY-MM-DD``) whose digest was last claimed (sent, or found with nothing waiting)."""
    language: str | None = None
    """The language their Discord showed last (a code of ``lang.LANGUAGES``); None: not seen yet."""

    def away_at(self, moment: datetime) -> bool:
        return self.away_since is not None and self.away_until is not None and \
            self.away_since <= moment < self.away_until


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard or of a player's record."""

    key: int | str
    """The player's user id (leaderboards) or the game kind (a player's record)."""
    played: int
    won: int
    average: float
    best: int


HINTED_SQL: Final = "(g.practice = 1 OR EXISTS (SELECT 1 FROM seats AS h WHERE h.game_id = g.id AND h.hints > 0))"
"""True for a game (aliased ``g``) played for practice (one person learning against robots, with hints and lessons)
or where a seat asked for a suggestion. Such a game stays out of everyone's
standings, not only the asker's: the others played against a player the computer helped, so their wins and
losses there say as little about them. A player's record lists those games apart."""


class LifeStore:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.database = store.database
        self.games = store.games

    # ----- seat clocks --------------------------------------------------------------------------------
    CLOCK_SQL: Final = ("SELECT s.game_id, s.seat, s.user_id, s.awaited_since, s.reminded, s.missed, s.autopilot, "
                        "s.away_since, s.away_used_minutes, s.away_told, g.away_bank_minutes, "
                        "g.deadline_minutes, g.autopilot_after, "
                        "(SELECT COUNT(*) FROM seats AS o WHERE o.game_id = s.game_id) AS players "
                        "FROM seats AS s {index} CROSS JOIN games AS g ON g.id = s.game_id "
                        f"WHERE g.status = 'active' AND {HEALTHY_SQL}")
    """The seat clocks' query, with ``{index}`` where an ``INDEXED BY`` may go (its plan is tested)."""
    # CROSS JOIN: seats first (SQLite keeps that order), so a tick starts from the seats due, not from
    # every active game.

    async def clocks(self, game_id: int | None = None) -> list[SeatClock]:
        """Seat clocks of one active game, or of every active game. Damaged games (see
        ``GameRecord.damage``) are left out: they get no deadlines until repaired."""
        if game_id is None:
            return await self._clocks("", ())
        return await self._clocks(" AND s.game_id = ?", (game_id,))

    async def due_clocks(self, now: datetime, game_id: int | None = None) -> list[SeatClock]:
        """Clocks of the seats whose ``due_at`` has come (in one game, or all): what the scheduler must
        look at now. Read through the ``seats_by_due`` index, so the cost follows what is due, not how
        many games are live."""
        where, params = " AND s.due_at <= ?", [now.astimezone(UTC).isoformat()]
        if game_id is not None:
            return await self._clocks(where + " AND s.game_id = ?", [*params, game_id])
        return await self._clocks(where, params, index="INDEXED BY seats_by_due")

    async def autopilot_clocks(self, game_id: int) -> list[SeatClock]:
        """Clocks of one game's awaited seats that the automatic player plays (what a move may set off)."""
        return await self._clocks(" AND s.game_id = ? AND s.autopilot = 1 AND s.awaited_since IS NOT NULL",
                                  (game_id,))

    async def clocks_of_games_of(self, user_id: int) -> list[SeatClock]:
        """The seat clocks of every active game in which the user holds a seat (their own and the others'),
        in one reading: a player's inbox needs them all."""
        return await self._clocks(" AND s.game_id IN (SELECT game_id FROM seats WHERE user_id = ?)", (user_id,))

    async def _clocks(self, where: str, params: Sequence[object], index: str = "") -> list[SeatClock]:
        sql = self.CLOCK_SQL.replace("{index}", index) + where + " ORDER BY s.game_id, s.seat"
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(sql, params)
        return [SeatClock(row["game_id"], row["seat"], row["user_id"],
                          datetime.fromisoformat(row["awaited_since"]) if row["awaited_since"] else None,
                          bool(row["reminded"]), row["missed"], bool(row["autopilot"]), row["deadline_minutes"],
                          row["autopilot_after"], row["players"], _moment(row["away_since"]),
                          row["away_used_minutes"], bool(row["away_told"]), row["away_bank_minutes"]) for row in rows]

    async def set_due(self, due: Sequence[tuple[int, int, datetime | None]]) -> None:
        """Set when the scheduler must next look at seats: ``(game_id, seat, moment or None)``, in one write."""
        if not due:
            return
        rows = [(None if at is None else at.astimezone(UTC).isoformat(), game_id, seat) for game_id, seat, at in due]
        async with self.database.write() as conn:
            await conn.executemany("UPDATE seats SET due_at = ? WHERE game_id = ? AND seat = ?", rows)

    async def mark_reminded(self, game_id: int, seat: int, next_due: datetime | None = None) -> None:
        """The seat's reminder went out; the scheduler looks again at ``next_due`` (its deadline; None: at
        once, to work it out)."""
        when = self.database.now() if next_due is None else next_due.astimezone(UTC).isoformat()
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET reminded = 1, due_at = ? WHERE game_id = ? AND seat = ?",
                         (when, game_id, seat))

    async def note_missed(self, game_id: int, seat: int) -> SeatClock | None:
        """Count a missed deadline; the seat goes on autopilot when the game's limit is reached. Returns the
        seat's clock after it (None once the game is over: the moves made for the deadline may have ended it)."""
        async with self.database.write() as conn:
            await change(
                conn, "UPDATE seats SET missed = missed + 1, autopilot = CASE WHEN missed + 1 >= "
                      "(SELECT autopilot_after FROM games WHERE id = ?) THEN 1 ELSE autopilot END "
                      "WHERE game_id = ? AND seat = ?", (game_id, game_id, seat))
        return next((clock for clock in await self.clocks(game_id) if clock.seat == seat), None)

    async def set_autopilot(self, game_id: int, seat: int, on: bool) -> None:
        """Put a seat on autopilot, or give it back to its player (which also forgets missed deadlines).
        Either way a waiting seat is looked at again at once (an automatic move, or its deadline anew)."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET autopilot = ?, missed = CASE WHEN ? = 1 THEN missed "
                               "ELSE 0 END, due_at = CASE WHEN awaited_since IS NULL THEN NULL ELSE ? END "
                               "WHERE game_id = ? AND seat = ?",
                         (int(on), int(on), self.database.now(), game_id, seat))

    async def set_deadline(self, game_id: int, minutes: int | None, autopilot_after: int) -> None:
        """Change a game's turn deadline while it is still in its lobby."""
        async with self.database.write() as conn:
            row = await self.games.row(conn, game_id, locked=True)
            if row["status"] != "lobby":
                raise GameNotInLobby(game_id, row["status"])
            await change(conn, "UPDATE games SET deadline_minutes = ?, autopilot_after = ? WHERE id = ?",
                         (minutes, autopilot_after, game_id))

    # ----- members ------------------------------------------------------------------------------------
    _MEMBER_SQL: Final = ("SELECT user_id, time_zone, active_from, active_to, notify, dm_closed, away_since, "
                          "away_until, away_note, digest_at, digest_day, language FROM members ")
    _MEMBERS_PER_QUERY: Final = 500  # well under SQLite's limit on bound parameters

    async def member(self, user_id: int) -> Member:
        return (await self.members([user_id]))[user_id]

    async def members(self, user_ids: Collection[int]) -> dict[int, Member]:
        """Settings of several members in as few reads as possible (defaults for those who set none)."""
        wanted = sorted(set(user_ids))
        found = {user_id: Member(user_id) for user_id in wanted}
        for start in range(0, len(wanted), self._MEMBERS_PER_QUERY):
            chunk = wanted[start:start + self._MEMBERS_PER_QUERY]
            async with self.database.read() as conn:
                rows = await conn.execute_fetchall(
                    self._MEMBER_SQL + f"WHERE user_id IN ({', '.join('?' * len(chunk))})", chunk)
            for row in rows:
                found[row["user_id"]] = Member(row["user_id"], row["time_zone"], row["active_from"], row["active_to"],
                                               row["notify"], bool(row["dm_closed"]), _moment(row["away_since"]),
                                               _moment(row["away_until"]), row["away_note"] or "",
                                               row["digest_at"], row["digest_day"], row["language"])
        return found

    async def set_hours(self, user_id: int, time_zone: str, active_from: int | None, active_to: int | None) -> None:
        if (active_from is None) != (active_to is None):
            raise ValueError("active hours need both a start and an end, or neither")
        await self._upsert_member(user_id, "time_zone = ?, active_from = ?, active_to = ?",
                                  (time_zone, active_from, active_to), clocks_move=True)

    async def set_notify(self, user_id: int, mode: NotifyMode) -> None:
        if mode not in NOTIFY_MODES:
            raise ValueError(f"notify must be one of {NOTIFY_MODES}")
        await self._upsert_member(user_id, "notify = ?, dm_closed = 0", (mode,))

    async def set_digest(self, user_id: int, at: int | None) -> None:
        """The member's daily digest comes at ``at`` minutes after their local midnight (None: no digest)."""
        if at is not None and not 0 <= at < 24 * 60:
            raise ValueError("a digest comes at a time of day")
        await self._upsert_member(user_id, "digest_at = ?", (at,))

    async def set_language(self, user_id: int, language: str) -> None:
        """The language the member's Discord shows (their direct messages and digest are written in it)."""
        await self._upsert_member(user_id, "language = ?", (language,))

    async def digest_members(self) -> list[Member]:
        """Every member who asked for a daily digest."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall("SELECT user_id FROM members WHERE digest_at IS NOT NULL "
                                               "ORDER BY user_id", ())
        return list((await self.members([row["user_id"] for row in rows])).values())

    async def claim_digest(self, user_id: int, day: str) -> bool:
        """Claim the member's digest of the local ``day``: True for the one caller that claims it (whatever the
        processes), False when it was claimed already or the member no longer wants digests. Inside the
        transaction that enqueues the digest, so the claim and the message are written together or not at all."""
        async with self.database.write() as conn:
            return await change(conn, "UPDATE members SET digest_day = ? WHERE user_id = ? AND digest_at IS NOT NULL "
                                      "AND (digest_day IS NULL OR digest_day <> ?)", (day, user_id, day)) > 0

    async def note_dm_closed(self, user_id: int) -> bool:
        """Record that a direct message to the member failed; True the first time (tell them once)."""
        member = await self.member(user_id)
        if member.dm_closed:
            return False
        await self._upsert_member(user_id, "dm_closed = 1", ())
        return True

    async def _upsert_member(self, user_id: int, assignments: str, params: Sequence[object], *,
                             clocks_move: bool = False) -> None:
        """``clocks_move``: the change moves the member's deadlines (their active hours), so each seat of
        theirs with a running clock is looked at again at once."""
        async with self.database.write() as conn:
            await change(conn, "INSERT OR IGNORE INTO members (user_id) VALUES (?)", (user_id,))
            await change(conn, f"UPDATE members SET {assignments} WHERE user_id = ?",
                         (*params, user_id))
            if clocks_move:
                await change(conn, "UPDATE seats SET due_at = ? WHERE user_id = ? AND due_at IS NOT NULL",
                             (self.database.now(), user_id))

    # ----- time away --------------------------------------------------------------------------------------
    async def set_away(self, user_id: int, since: datetime, until: datetime, note: str) -> None:
        """The member is away from ``since`` to ``until``. Every seat of theirs in an active game joins the
        stretch (unless it is already in it), and a waiting one is looked at again at once."""
        start = since.astimezone(UTC).isoformat()
        async with self.database.write() as conn:
            await change(conn, "INSERT OR IGNORE INTO members (user_id) VALUES (?)", (user_id,))
            await change(conn, "UPDATE members SET away_since = ?, away_until = ?, away_note = ? "
                               "WHERE user_id = ?", (start, until.astimezone(UTC).isoformat(), note,
                                                     user_id))
            await change(
                conn, "UPDATE seats SET away_since = ?, away_told = 0 WHERE user_id = ? AND (away_since IS NULL OR "
                      "away_since != ?) AND game_id IN (SELECT id FROM games WHERE status = 'active')",
                (start, user_id, start))
            await self._look_again(conn, user_id)

    async def end_away(self, user_id: int, at: datetime) -> None:
        """The member is back at ``at`` (before the away was due to end); their waiting seats are looked at
        again at once."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE members SET away_until = ? WHERE user_id = ? AND away_until > ?",
                         (at.astimezone(UTC).isoformat(), user_id, at.astimezone(UTC).isoformat()))
            await self._look_again(conn, user_id)

    async def _look_again(self, conn: Any, user_id: int) -> None:
        await change(conn, "UPDATE seats SET due_at = ? WHERE user_id = ? AND awaited_since IS NOT NULL "
                           "AND game_id IN (SELECT id FROM games WHERE status = 'active')",
                     (self.database.now(), user_id))

    async def away_seats(self, user_id: int) -> list[SeatClock]:
        """The member's seats that are in an away stretch not yet settled (in active games)."""
        return await self._clocks(" AND s.user_id = ? AND s.away_since IS NOT NULL", (user_id,))

    async def settle_away(self, clock: SeatClock, used: int, resumed: datetime | None) -> bool:
        """Settle a seat's away stretch: ``used`` minutes go to its game's away bank, and a wait that lived
        through it starts again at ``resumed`` (the pause folded in). Guarded by what the caller read, so
        a move saved meanwhile wins: False (nothing changed) when the seat moved on."""
        since = None if clock.awaited_since is None else clock.awaited_since.astimezone(UTC).isoformat()
        stretch = None if clock.away_since is None else clock.away_since.astimezone(UTC).isoformat()
        start = None if resumed is None else resumed.astimezone(UTC).isoformat()
        async with self.database.write() as conn:
            changed = await change(
                conn, "UPDATE seats SET away_since = NULL, away_told = 0, away_used_minutes = away_used_minutes + ?, "
                      "awaited_since = COALESCE(?, awaited_since), due_at = CASE WHEN awaited_since IS NULL THEN NULL "
                      "ELSE ? END WHERE game_id = ? AND seat = ? AND away_since IS ? AND awaited_since IS ?",
                (used, start, self.database.now(), clock.game_id, clock.seat, stretch, since))
        return changed > 0

    async def mark_away_told(self, clock: SeatClock) -> None:
        """Its player was told that this game's away bank ran out; the scheduler looks at it again at once."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET away_told = 1, due_at = ? WHERE game_id = ? AND seat = ?",
                         (self.database.now(), clock.game_id, clock.seat))

    # ----- the nudge ------------------------------------------------------------------------------------
    async def mark_alone(self, game_id: int, seat: int) -> None:
        """The seat is left alone holding up a step every other seat has answered (within the move's own
        transaction): its nudge becomes due, unless this wait has had one."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET alone_since = ? WHERE game_id = ? AND seat = ? "
                               "AND awaited_since IS NOT NULL AND autopilot = 0 "
                               "AND (nudged_wait IS NULL OR nudged_wait <> awaited_since)",
                         (self.database.now(), game_id, seat))

    async def moved_since_nudge(self, game_id: int, seat: int) -> None:
        """The seat moved (within the move's own transaction): a nudge it had is answered, and it may be nudged
        again when it is next left alone."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET nudged_wait = NULL, alone_since = NULL WHERE game_id = ? AND seat = ? "
                               "AND (nudged_wait IS NOT NULL OR alone_since IS NOT NULL)", (game_id, seat))

    async def left_alone(self) -> list[tuple[SeatClock, datetime]]:
        """The seats whose nudge may be due, with when each was left alone (read through the ``seats_left_alone``
        index: the cost follows the seats marked, not the games). Marks a later change made stale (the seat's
        wait ended, it went on autopilot, or the game is over) are forgotten on the way."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT s.game_id, s.seat, s.alone_since, s.awaited_since, s.autopilot, g.status FROM seats AS s "
                "JOIN games AS g ON g.id = s.game_id WHERE s.alone_since IS NOT NULL", ())
        stale = [(row["game_id"], row["seat"]) for row in rows
                 if row["status"] != "active" or row["awaited_since"] is None or row["autopilot"]
                 or row["awaited_since"] > row["alone_since"]]
        if stale:
            async with self.database.write() as conn:
                await conn.executemany("UPDATE seats SET alone_since = NULL WHERE game_id = ? AND seat = ?", stale)
        since = {(row["game_id"], row["seat"]): datetime.fromisoformat(row["alone_since"]) for row in rows
                 if (row["game_id"], row["seat"]) not in stale}
        if not since:
            return []
        clocks = await self._clocks(" AND s.alone_since IS NOT NULL", ())
        return [(clock, since[clock.game_id, clock.seat]) for clock in clocks if (clock.game_id, clock.seat) in since]

    async def mark_nudged(self, game_id: int, seat: int, awaited_since: datetime) -> bool:
        """The seat's nudge for the wait that began at ``awaited_since`` goes out (in the transaction that
        publishes it); False when it went out already, or the wait is over."""
        since = awaited_since.astimezone(UTC).isoformat()
        async with self.database.write() as conn:
            return await change(conn, "UPDATE seats SET nudged_wait = awaited_since, alone_since = NULL "
                                      "WHERE game_id = ? AND seat = ? AND awaited_since = ? "
                                      "AND alone_since IS NOT NULL "
                                      "AND (nudged_wait IS NULL OR nudged_wait <> awaited_since)",
                                (game_id, seat, since)) > 0

    async def forget_alone(self, game_id: int, seat: int, *, whole_wait: bool) -> None:
        """No nudge now after all: the seat is no longer alone (``whole_wait`` False: it may be left alone again
        in this wait), or its player asked for no notifications (True: none in this wait)."""
        async with self.database.write() as conn:
            await change(conn, "UPDATE seats SET alone_since = NULL, nudged_wait = CASE WHEN ? = 1 THEN awaited_since "
                               "ELSE nudged_wait END WHERE game_id = ? AND seat = ?", (int(whole_wait), game_id, seat))

    # ----- results and statistics ---------------------------------------------------------------------
    async def record_results(self, game_id: int, rows: Sequence[tuple[int, int, int, int]]) -> None:
        """A finished game's ``(seat, user_id, score, place)`` rows (written once; a repeat is ignored)."""
        async with self.database.write() as conn:
            for seat, user_id, score, place in rows:
                await change(conn, "INSERT OR IGNORE INTO results (game_id, seat, user_id, score, place) "
                                   "VALUES (?, ?, ?, ?, ?)", (game_id, seat, user_id, score, place))

    async def leaderboard(self, guild_id: int, kind: str, limit: int = 10) -> list[Standing]:
        """A game's best players in a server: most wins, then best average score. Robots (negative ids) are
        kept apart: see :meth:`robot_standings`; games where a seat asked for hints are left out (see
        :data:`HINTED_SQL`)."""
        return await self._standings(
            "r.user_id", f"g.guild_id = ? AND g.kind = ? AND r.user_id >= 0 AND NOT {HINTED_SQL}", (guild_id, kind),
            "ORDER BY won DESC, average DESC, played DESC, r.user_id LIMIT ?", (limit,))

    async def player_record(self, guild_id: int, user_id: int, *, hinted: bool = False) -> list[Standing]:
        """One member's record in a server, per game: the games played without hints, or (``hinted``) apart, the
        games where a seat asked for hints."""
        return await self._standings("g.kind", f"g.guild_id = ? AND r.user_id = ? AND {'' if hinted else 'NOT '}"
                                     f"{HINTED_SQL}", (guild_id, user_id), "ORDER BY g.kind", ())

    async def robot_standings(self, guild_id: int, kind: str) -> list[Standing]:
        """How the robots did in a game in a server, apart from the people's leaderboard: one line per level
        (the level is its key). Games with hints are left out here too: a robot beaten by a helped player."""
        return await self._standings(
            "s.robot", f"g.guild_id = ? AND g.kind = ? AND s.robot IS NOT NULL AND NOT {HINTED_SQL}", (guild_id, kind),
            "ORDER BY s.robot", (), join="JOIN seats AS s ON s.game_id = r.game_id AND s.seat = r.seat ")

    async def _standings(self, key: str, where: str, params: Sequence[object], tail: str,
                         tail_params: Sequence[object], join: str = "") -> list[Standing]:
        sql = (f"SELECT {key} AS key, COUNT(*) AS played, SUM(CASE WHEN r.place = 1 THEN 1 ELSE 0 END) AS won, "
               f"AVG(r.score) AS average, MAX(r.score) AS best FROM results AS r JOIN games AS g ON g.id = r.game_id "
               f"{join}WHERE g.status = 'finished' AND {where} GROUP BY {key} {tail}")
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall(sql, (*params, *tail_params))
        return [Standing(row["key"], row["played"], row["won"], float(row["average"]), row["best"]) for row in rows]

    # ----- votes --------------------------------------------------------------------------------------
    async def vote(self, game_id: int, topic: str, user_id: int) -> set[int]:
        """Add a member's agreement to ``topic`` ("abandon", "undo:<version>"); returns everyone who
        agrees so far."""
        async with self.database.write() as conn:
            await change(conn, "INSERT OR IGNORE INTO votes (game_id, topic, user_id) VALUES (?, ?, ?)",
                         (game_id, topic, user_id))
            rows = await conn.execute_fetchall("SELECT user_id FROM votes WHERE game_id = ? AND topic = ?",
                                               (game_id, topic))
        return {row["user_id"] for row in rows}

    async def votes(self, game_id: int, topic: str) -> set[int]:
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall("SELECT user_id FROM votes WHERE game_id = ? AND topic = ?",
                                               (game_id, topic))
        return {row["user_id"] for row in rows}

    # ----- taking an action back ----------------------------------------------------------------------
    async def take_back(self, game_id: int, expected_version: int, version: int, snapshot: Any,
                        awaited: Collection[int], *, outbox: Sequence[OutboxItem] = (),
                        board_since: int | None = None, with_following: Collection[int] = ()) -> int:
        """Mark the logged action ``version`` as taken back and save the state without it, in one
        transaction guarded by the game's version; returns the new version. ``with_following``: the
        versions of the moves the table played right after it (forced moves, standing answers), taken
        back with it. ``outbox`` and ``board_since`` as in :meth:`GameStore.record_action` (written in the
        same transaction)."""
        snapshot_text, items, since = dump(snapshot), encode_items(outbox), check_board_since(board_since)
        async with self.database.write() as conn:
            new_version = await self.games.advance(conn, game_id, expected_version, snapshot_text, board_since=since)
            for undone in sorted({version, *with_following}):
                await change(conn, "INSERT INTO undone (game_id, version) VALUES (?, ?)",
                             (game_id, undone))
            await self.games.start_clocks(conn, game_id, awaited)
            await publish(conn, game_id, items, self.database.now())
            return new_version

    # ----- standing answers ---------------------------------------------------------------------------
    async def standing(self, game_id: int) -> dict[int, dict[str, str]]:
        """The answers the game's seats set in advance: seat → decision → answer."""
        async with self.database.read() as conn:
            rows = await conn.execute_fetchall("SELECT seat, decision, answer FROM standing WHERE game_id = ?",
                                               (game_id,))
        found: dict[int, dict[str, str]] = {}
        for row in rows:
            found.setdefault(row["seat"], {})[row["decision"]] = row["answer"]
        return found

    async def set_standing(self, game_id: int, seat: int, decision: str, answer: str | None) -> None:
        """Set a seat's answer to a decision, or forget it (``answer`` None). The table checks that the
        game declares the decision and the answer; this only keeps the fact."""
        async with self.database.write() as conn:
            await self.games.row(conn, game_id)
            if answer is None:
                await change(conn, "DELETE FROM standing WHERE game_id = ? AND seat = ? AND decision = ?",
                             (game_id, seat, decision))
            else:
                await change(conn, "INSERT INTO standing (game_id, seat, decision, answer) "
                                   "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, seat, decision) "
                                   "DO UPDATE SET answer = excluded.answer",
                             (game_id, seat, decision, answer))

    # ----- handing a seat over ------------------------------------------------------------------------
    async def hand_over(self, game_id: int, seat: int, from_user: int, to_user: int) -> None:
        """Give a seat to another member. The seat keeps its name in the game (the rules' state and
        its log know the seat by it); messages mention whoever holds the seat now."""
        async with self.database.write() as conn:
            await self.games.row(conn, game_id, locked=True)
            seats = await self.games.seats(conn, game_id)
            if any(taken.user_id == to_user for taken in seats):
                raise AlreadySeated(game_id, to_user)
            changed = await change(
                conn, "UPDATE seats SET user_id = ?, missed = 0, autopilot = 0, due_at = CASE WHEN awaited_since "
                      "IS NULL THEN NULL ELSE ? END, away_since = NULL, away_used_minutes = 0, away_told = 0 "
                      "WHERE game_id = ? AND seat = ? AND user_id = ?",
                (to_user, self.database.now(), game_id, seat, from_user))
            if changed == 0:
                raise NotSeated(game_id, from_user)
            # Answers set in advance and time away were the old player's: the new one starts afresh.
            await change(conn, "DELETE FROM standing WHERE game_id = ? AND seat = ?", (game_id, seat))


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


__all__ = ["NOTIFY_MODES", "LifeStore", "Member", "NotifyMode", "SeatClock", "Standing"]
