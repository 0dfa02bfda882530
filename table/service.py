"""Games at the table: load a game from the store, check who may act, apply an action through the rules
contract and save it — with everything the action must publish — in one versioned write.

Every change this service makes goes through the unit of work (:mod:`table.work`): the game's lock held
for the whole read-apply-write, so two players clicking at once are served one after the other and neither
update is lost, and one transaction for everything the change writes. On PostgreSQL, shared by several
processes, the lock also takes the game's lock across them (see :mod:`db.game_locks`), so a move read while
another process writes waits for that write instead of being refused. The store's version check
(``version = version + 1 WHERE version = ?``) still catches any other writer; it surfaces as
:class:`~table.errors.StaleBoard`. Publishing happens after the lock, from the outbox, in order (see
:mod:`table.publisher`).
"""

from __future__ import annotations

import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from db.errors import StoreError
from db.life import LifeStore
from db.outbox import OutboxItem
from db.store import ActionRecord, ChainedAction, GameRecord, GameStore, SeatRecord
from lang import DEFAULT as DEFAULT_LANGUAGE
from lang import N_, command, current, supported, tr, trn
from rules.core import fairness
from rules.core.errors import RulesError
from rules.core.events import Event
from rules.core.options import validate_options
from rules.core.players import LEVELS
from rules.core.serial import ShapeError
from table import compose, forced, publications
from table.clocks import Clock
from table.errors import DamagedGame, StaleBoard, TableError, refusal
from table.herald import Herald
from table.kits import KITS, GameKit, kit
from table.model import ActResult, Table
from table.work import Cause, Change, Work, answers_with

log = logging.getLogger(__name__)

DEFAULT_AUTOPILOT_AFTER = 3
DEFAULT_AWAY_BANK_DAYS = 7
MAX_DEADLINE_MINUTES = 14 * 24 * 60
MAX_ID = 2**63 - 1
KEPT_STATES = 256  # games whose decoded state is kept between moves (the busiest ones, by last use)
KEPT_LOGS = 1024  # games whose public log is kept (read by the web's pages and /game log; some 15 KB each)
Chooser = Callable[[Table, int], Any]


class TableService:
    def __init__(self, store: GameStore, life: LifeStore, clock: Clock) -> None:
        self.store = store
        self.life = life
        self.clock = clock
        self.herald = Herald(store, life, clock)
        self.work = Work(store, life, self)
        """The one path of every change to a game (see table.work)."""
        # Decoding a saved state is the costliest part of reading a game, and a move reads its game
        # several times (the panel, the move, the next panel). States are never changed in place (a move
        # makes a new one), and a game's version changes with every change of its state, so a state kept
        # under its version is the saved one.
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        # (game, language) → its public log at a version: the same log reads differently in each language.
        self._logs: OrderedDict[tuple[int, str], tuple[int, list[str]]] = OrderedDict()

    # ----- reading -------------------------------------------------------------------------------------
    async def table(self, game_id: int, guild_id: int | None = None) -> Table:
        """The game as it is; a refusal if it is not in this server, DamagedGame if its save is unreadable."""
        if not 0 < game_id <= MAX_ID:  # a number typed or forged beyond any game (and beyond SQLite's integers)
            raise TableError(tr("There is no game #{number} in this server.", number=str(game_id)[:20]))
        try:
            record = await self.store.get_game(game_id)
            if record is None or (guild_id is not None and record.guild_id != guild_id):
                raise TableError(tr("There is no game #{number} in this server.", number=game_id))
            seats = await self.store.seats(game_id)
        except StoreError as error:
            raise refusal(error) from error
        game_kit = kit(record.kind)
        state = await self._state(record, game_kit, seats) if record.status != "lobby" else None
        return Table(record, seats, game_kit, state)

    async def _state(self, record: GameRecord, game_kit: GameKit, seats: list[SeatRecord]) -> Any:
        """The saved snapshot; if it no longer fits the game's state type (the game's code changed since
        it was saved), the state is rebuilt from the seed and the action log. A save that cannot be read
        or rebuilt marks the game damaged, so it stays out of every other game's way."""
        if record.damage is not None:
            raise DamagedGame(record.id, record.damage)
        if record.snapshot is None:
            return await self._damaged(record, N_("it has no saved state"))
        kept = self._states.get(record.id)
        if kept is not None and kept[0] == record.version:
            self._states.move_to_end(record.id)
            return kept[1]
        try:
            state = game_kit.game.state_from_json(record.snapshot)
        except (ShapeError, TypeError, ValueError, KeyError):
            log.warning("Game %s: its snapshot no longer fits %s; replaying its log", record.id, game_kit.name)
            try:
                state = await self.replay(record, game_kit, [seat.display_name for seat in seats])
            except (RulesError, ShapeError, TypeError, ValueError, KeyError) as error:
                log.warning("Game %s cannot be rebuilt from its log: %s", record.id, error)
                return await self._damaged(record, N_("its saved state does not fit the game and its log does "
                                                      "not replay"))
        self.keep_state(record.id, record.version, state)
        return state

    def keep_state(self, game_id: int, version: int, state: Any) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > KEPT_STATES:
            self._states.popitem(last=False)

    async def _damaged(self, record: GameRecord, reason: str) -> Any:
        await self.store.set_damage(record.id, reason)
        raise DamagedGame(record.id, reason)

    async def replay(self, record: GameRecord, game_kit: GameKit, names: Sequence[str],
                     until: int | None = None) -> Any:
        """The state replayed from the seed and the action log (up to version ``until``)."""
        game = game_kit.game
        state = game.new_game(list(names), record.options, record.seed)
        for logged in await self.store.actions(record.id):
            if until is not None and logged.version > until:
                break
            state, _ = game.apply(state, logged.seat, game.action_from_json(logged.action))
        return state

    async def state_at(self, table: Table, version: int) -> Any:
        """The game's state as it was at ``version``."""
        return await self.replay(table.record, table.kit, table.names, until=version)

    async def table_in_context(self, guild_id: int, channel_id: int, user_id: int, game_id: int | None) -> Table:
        """The game named, else the game whose thread this is, else the asker's only live game here."""
        if game_id is not None:
            return await self.table(game_id, guild_id)
        in_thread = await self.store.game_in_thread(channel_id)
        if in_thread is not None and in_thread.guild_id == guild_id:
            return await self.table(in_thread.id)
        mine = await self.store.games_of_user(user_id, guild_id, statuses=("lobby", "active"))
        if len(mine) == 1:
            return await self.table(mine[0].id)
        if not mine:
            raise TableError(tr("You have no game in progress here; give the game number, or use the command in "
                                "the game's thread."))
        numbers = ", ".join(f"#{r.id}" for r in mine)
        raise TableError(tr("You are in several games here ({numbers}); say which with the game option, or use the "
                            "command in the game's thread.", numbers=numbers))

    async def public_log(self, table: Table) -> list[str]:
        """Every public event of the game as sentences, oldest first; automatic moves are marked 🤖 (with
        why, for a move the table played as a seat's only choice or standing answer).

        A game's sentences are kept for its version, and a later version adds only the sentences of the
        actions since (a spectator page, a log page or a recap after each move would otherwise decode the
        whole log again, a heap of short-lived objects for the collector). Only when every version since is an
        action is that safe: a take-back, a repair or an abandon changes the version without one, and the log
        is then read whole again."""
        key = (table.id, current())
        kept = self._logs.get(key)
        version = table.record.version
        if kept is not None and kept[0] == version:
            self._logs.move_to_end(key)
            return list(kept[1])
        if kept is not None and kept[0] < version:
            since = await self.store.actions(table.id, after_version=kept[0])
            if [logged.version for logged in since] == list(range(kept[0] + 1, version + 1)):
                lines = [*kept[1], *self._sentences(table, since)]
                self._keep_log(key, version, lines)
                return list(lines)
        # A whole log is decoded an action at a time, each let go once it is words.
        lines = self._sentences(table, await self.store.each_action(table.id))
        self._keep_log(key, version, lines)
        return list(lines)

    @staticmethod
    def _sentences(table: Table, actions: Iterable[ActionRecord]) -> list[str]:
        lines: list[str] = []
        for logged in actions:
            if logged.automatic_reason is not None:
                lines += compose.logged_sentences(table, logged)
                continue
            mark = "🤖 " if logged.automatic else ""
            lines += [mark + line for line in compose.public_sentences(table, logged.events)]
        return lines

    def _keep_log(self, key: tuple[int, str], version: int, lines: list[str]) -> None:
        self._logs[key] = (version, lines)
        self._logs.move_to_end(key)
        while len(self._logs) > KEPT_LOGS:
            self._logs.popitem(last=False)

    async def game_record(self, game_id: int, guild_id: int | None = None) -> tuple[Table, dict[str, Any]]:
        """A finished game's record for the fairness check: it reveals the seed, so only once it ended."""
        table = await self.table(game_id, guild_id)
        if table.record.status in ("lobby", "active") or table.state is None:
            raise TableError(tr("The game record reveals the secret seed, so it is only available once the game "
                                "has ended."))
        logged = await self.store.actions(game_id)
        record = fairness.game_record(table.game, table.names, table.record.options, table.record.seed,
                                      table.record.seed_salt, [(a.seat, a.action) for a in logged], table.state)
        return table, record

    # ----- the lobby -----------------------------------------------------------------------------------
    async def create(self, kind: str, guild_id: int, channel_id: int, creator_id: int, creator_name: str,
                     options: dict[str, object], *, deadline_minutes: int | None = None,
                     autopilot_after: int = DEFAULT_AUTOPILOT_AFTER, forced_moves: bool = True,
                     away_bank_minutes: int = DEFAULT_AWAY_BANK_DAYS * 24 * 60,
                     autopilot_level: str = "normal", hints: bool | None = None,
                     seed: tuple[int, str] | None = None, language: str = DEFAULT_LANGUAGE) -> Table:
        if kind not in KITS:
            raise TableError(tr("Choose one of the listed games."))
        game = kit(kind).game
        try:
            parsed = validate_options(game.option_specs, options)
            game.check_options(parsed, max(game.min_players, 2) if game.max_players > 1 else 1)
        except RulesError as error:
            raise refusal(error) from error
        if deadline_minutes is not None and not 0 < deadline_minutes <= MAX_DEADLINE_MINUTES:
            raise TableError(tr("A turn deadline must be between a few minutes and {days} days.",
                                days=MAX_DEADLINE_MINUTES // 1440))
        if not 1 <= autopilot_after <= 20:
            raise TableError(tr("The number of missed deadlines before autopilot must be between 1 and 20."))
        if not 0 <= away_bank_minutes <= 30 * 24 * 60:
            raise TableError(tr("An away bank must be between 0 and 30 days."))
        if autopilot_level not in LEVELS:
            raise TableError(tr("The automatic player plays at one of these levels: {levels}.",
                                levels=", ".join(LEVELS)))
        async def create() -> int:
            drawn = seed if seed is not None else (secrets.randbits(63), secrets.token_hex(16))
            record = await self.store.create_game(kind, guild_id, channel_id, creator_id, dict(parsed), *drawn,
                                                  deadline_minutes=deadline_minutes, autopilot_after=autopilot_after,
                                                  forced_moves=forced_moves, away_bank_minutes=away_bank_minutes,
                                                  autopilot_level=autopilot_level,
                                                  robot_secret=secrets.token_hex(16), language=supported(language))
            await self.store.add_seat(record.id, creator_id, creator_name)
            if hints is not None:  # else decided from the seating at the start (table/hints.py)
                await self.store.set_hints(record.id, hints)
            return record.id
        return await self.table(await self.work.create(create))

    async def join(self, game_id: int, user_id: int, name: str, guild_id: int | None = None) -> Table:
        async with self.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            self._require_lobby(table, "join")
            if table.seat_of(user_id) is not None:
                raise TableError(tr("You already have a seat in this game."))
            if len(table.seats) >= table.game.max_players:
                raise TableError(tr("This game is full: {game} takes at most {limit} players.",
                                    game=tr(table.game.name), limit=table.game.max_players))
            change.write(lambda: self.store.add_seat(game_id, user_id, name, max_seats=table.game.max_players))
        return await self.table(game_id)

    async def leave(self, game_id: int, user_id: int, guild_id: int | None = None) -> Table:
        async with self.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            self._require_lobby(table, "leave")
            if table.seat_of(user_id) is None:
                raise TableError(tr("You have no seat in this game."))
            if user_id == table.record.creator_id:
                raise TableError(tr("You created this game, so you cannot leave its lobby; abandon it instead."))
            change.write(lambda: self.store.remove_seat(game_id, user_id))
        return await self.table(game_id)

    async def set_deadline(self, game_id: int, user_id: int, minutes: int | None, autopilot_after: int,
                           guild_id: int | None = None) -> Table:
        async with self.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            if user_id != table.record.creator_id:
                raise TableError(tr("Only the player who created this game can set its deadline."))
            if table.record.status != "lobby":
                raise TableError(tr("The deadline is set before the game starts; this one has already started."))
            if minutes is not None and not 15 <= minutes <= MAX_DEADLINE_MINUTES:
                raise TableError(tr("A deadline must be between a quarter of an hour and {days} days.",
                                    days=MAX_DEADLINE_MINUTES // 1440))
            change.write(lambda: self.life.set_deadline(game_id, minutes, autopilot_after))
        return await self.table(game_id)

    def check_startable(self, table: Table, user_id: int) -> None:
        """The refusals of ``start`` that can be told before a thread is opened for the game."""
        self._require_lobby(table, "start")
        if user_id != table.record.creator_id:
            raise TableError(tr("Only the player who created this game can start it."))
        count = len(table.seats)
        if not table.game.min_players <= count <= table.game.max_players:
            raise TableError(trn("{game} needs {minimum} to {maximum} players; {n} is seated.",
                                 "{game} needs {minimum} to {maximum} players; {n} are seated.", count,
                                 game=tr(table.game.name), minimum=table.game.min_players,
                                 maximum=table.game.max_players))
        try:
            table.game.check_options(dict(table.record.options), count)
        except RulesError as error:
            raise refusal(error) from error

    async def start(self, game_id: int, user_id: int, thread_id: int | None) -> Table:
        """Start the game in its thread: the fairness commitment, then the first board, are queued with it."""
        async with self.work.change(game_id, "start") as change:
            table = change.table
            self.check_startable(table, user_id)
            try:
                state = table.game.new_game(table.names, table.record.options, table.record.seed)
            except RulesError as error:
                raise refusal(error) from error
            version = table.record.version + 1
            change.speak_publicly()
            started = replace(table, record=replace(table.record, status="active", version=version,
                                                    thread_id=thread_id or table.record.thread_id), state=state)
            items = [publications.note(compose.commitment_line(started)),
                     *await self.herald.new_board(started, compose.start_text(started)),
                     publications.lobby(compose.lobby_text(started), False)]
            change.write(lambda: self.store.start_game(game_id, table.record.version, table.game.state_to_json(state),
                                                       thread_id, awaited=table.game.to_act(state), outbox=items,
                                                       board_since=version))
            change.became(started)
        return await self.table(game_id)

    @staticmethod
    def _require_lobby(table: Table, verb: str) -> None:
        if table.record.status != "lobby":
            if table.record.status != "active":
                raise TableError(tr("This game is over."))
            if verb == "join":
                raise TableError(tr("This game has already started; you can no longer join it."))
            if verb == "leave":
                raise TableError(tr("This game has already started; you can no longer leave it."))
            raise TableError(tr("This game has already started; you can no longer start it."))

    # ----- play ----------------------------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int | None, version: int | None, choose: Chooser, *,
                  seat: int | None = None, guild_id: int | None = None, cause: Cause | None = None) -> ActResult:
        """Apply the action ``choose(table, seat)`` returns for the asking user, under the game's lock, and
        save it with what it must publish.

        ``version`` is the version the asker saw (a panel's buttons carry it); None means "whatever is
        current" (slash commands). With ``user_id`` None the seat's automatic player acts for ``seat`` (a
        deadline passed, or the seat is on autopilot: ``cause`` says which), and the log marks the action as
        automatic."""
        automatic = user_id is None
        async with self.work.change(game_id, cause or ("autopilot" if automatic else "player"),
                                    guild_id=guild_id) as change:
            table = change.table
            if table.record.status == "lobby":
                raise TableError(tr("This game has not started yet."))
            if table.record.status != "active" or table.state is None:
                raise TableError(tr("This game is over."))
            if user_id is not None:
                seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(tr("You are not seated in this game."))
            before = table.game.to_act(table.state)
            if seat not in before:
                raise TableError(table.game.explain_waiting(table.state, seat))
            try:
                if version is not None and version != table.record.version:
                    action = await self._choice_made_earlier(table, seat, version, choose)
                else:
                    action = choose(table, seat)
                state, events = table.game.apply(table.state, seat, action)
            except RulesError as error:
                raise refusal(error) from error
            # Moves that need no one (forced moves, standing answers) follow in the same change.
            after_own = table.game.to_act(state)
            state, follow = forced.follow_ups(table.game, state, forced_moves=table.record.forced_moves,
                                              answers=await self.standing_answers(table))
            kept = forced.waited_throughout(before, after_own, follow)
            own = ActionRecord(game_id, table.record.version + 1, seat, table.game.action_to_json(action),
                               [event.to_json() for event in events], self.clock(), automatic)
            after = await self._save(change, kept, [own, *self._logged(table, own.version, follow)], state)
            result = ActResult(after, seat, events, kept, automatic, tuple(follow))
            change.became(after, result)
        return result

    async def settle(self, game_id: int, answer: tuple[int, str, str | None] | None = None) -> ActResult | None:
        """Play whatever the game now waits for that needs no one: a forced move, or a standing answer set
        while its decision was already awaited. None when there is nothing. ``answer``: a standing answer
        ``(seat, decision, answer or None)`` to keep first, in the same change (``/seat standing``)."""
        async with self.work.change(game_id, "standing" if answer is not None else "forced") as change:
            table = change.table
            answers = await self.standing_answers(table)
            if answer is not None:
                seat, decision, key = answer
                change.write(lambda: self.life.set_standing(game_id, seat, decision, key))
                answers = answers_with(answers, seat, decision, key)
            if table.record.status != "active" or table.state is None:
                return None
            before = table.game.to_act(table.state)
            state, follow = forced.follow_ups(table.game, table.state, forced_moves=table.record.forced_moves,
                                              answers=answers)
            if not follow:
                return None
            kept = forced.waited_throughout(before, follow[0].awaited, follow[1:])
            after = await self._save(change, kept, self._logged(table, table.record.version, follow), state)
            result = ActResult(after, follow[0].seat, follow[0].events, kept, True, tuple(follow[1:]))
            change.became(after, result)
        return result

    async def standing_answers(self, table: Table) -> dict[int, dict[str, str]]:
        """The answers the game's seats set in advance (none to read for a game that declares none)."""
        return await self.life.standing(table.id) if table.game.standing_decisions else {}

    def _logged(self, table: Table, version: int, follow: Sequence[forced.FollowUp]) -> list[ActionRecord]:
        """The moves played for seats, as the log will hold them, from the version after ``version``."""
        return [ActionRecord(table.id, version + index, move.seat, table.game.action_to_json(move.action),
                             [event.to_json() for event in move.events], self.clock(), True, move.reason)
                for index, move in enumerate(follow, start=1)]

    async def _save(self, change: Change, awaited_before: frozenset[int], chain: Sequence[ActionRecord],
                    state: Any) -> Table:
        """Write, with ``change``, the actions of ``chain`` (logged one version each) and the ``state`` they lead
        to, with everything they must publish; returns the table after them. ``awaited_before``: the seats
        awaited without a break through the whole chain; any other seat awaited at its end is waited for anew
        (its clock starts now)."""
        table = change.table
        over = table.game.is_over(state)
        after = replace(table, record=replace(table.record, version=chain[-1].version,
                                              status="finished" if over else "active"), state=state)
        items, board_since = await self.herald.after_action(table, after, chain, awaited_before)
        first, rest = chain[0], chain[1:]
        change.write(lambda: self.store.record_action(
            table.id, table.record.version, first.seat, first.action, first.events, table.game.state_to_json(state),
            status="finished" if over else None, awaited=table.game.to_act(state),
            restart=sorted(set(table.awaited()) - awaited_before), automatic=first.automatic,
            automatic_reason=first.automatic_reason,
            then=[ChainedAction(a.seat, a.action, a.events, a.automatic_reason) for a in rest],
            outbox=items, board_since=board_since))
        after.record = replace(after.record, board_since=board_since)
        return after

    async def _choice_made_earlier(self, table: Table, seat: int, version: int, choose: Chooser) -> Any:
        """The action a seat chose on a panel built at an older ``version``.

        In simultaneous steps other seats act while a player is deciding, so their panel's version goes out
        of date without their own decision changing. The choice still stands when the seat itself has not
        acted since that version and the chosen action is still legal now; otherwise the panel is stale."""
        assert table.state is not None
        if version > table.record.version:
            raise StaleBoard()
        since = await self.store.actions(table.id, after_version=version)
        if any(logged.seat == seat for logged in since):
            raise StaleBoard()
        earlier = replace(table, state=await self.state_at(table, version))
        action = choose(earlier, seat)
        if action not in table.game.legal_actions(table.state, seat):
            raise StaleBoard()
        return action

    async def abandon(self, game_id: int, user_id: int, is_manager: bool, guild_id: int | None = None) -> Table:
        """End the game now (its creator or a manager); the seed is revealed."""
        async with self.work.change(game_id, "abandon", guild_id=guild_id, loading="healthy") as change:
            if change.table.record.status in ("finished", "abandoned"):
                raise TableError(tr("This game is already over."))
            if user_id != change.table.record.creator_id and not is_manager:
                raise TableError(tr("Only the game's creator or a server manager can abandon it."))
            await self.abandon_with(change, compose.mention(user_id))
        return await self.lobby_view(game_id)

    async def abandon_with(self, change: Change, by: str) -> None:
        """Abandon the game of ``change`` (``by``: who, in words): the lobby closed, a note, the final board."""
        table = change.table
        record = table.record
        if record.status in ("finished", "abandoned"):
            raise TableError(tr("This game is already over."))
        change.speak_publicly()
        done = replace(table, record=replace(record, status="abandoned", version=record.version + 1))
        abandoned = tr("**{title}** was abandoned by {by}.", title=table.title, by=by)
        items: list[OutboxItem] = [publications.note(abandoned)]
        if record.damage is None:  # a damaged save's lobby message is left as it is
            items.insert(0, publications.lobby(compose.lobby_text(done), False))
        if table.state is not None:
            items += (await self.herald.ending(done))[:1]
        change.write(lambda: self.store.set_status(record.id, "abandoned", record.version, outbox=items))
        change.became(done)

    async def lobby_view(self, game_id: int, guild_id: int | None = None) -> Table:
        """The game's record and seats without its state (for games whose save is damaged too)."""
        record = await self.store.get_game(game_id) if 0 < game_id <= MAX_ID else None
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise TableError(tr("There is no game #{number} in this server.", number=str(game_id)[:20]))
        return Table(record, await self.store.seats(game_id), kit(record.kind), None)

    async def repair(self, game_id: int, user_id: int, is_manager: bool, guild_id: int | None = None) -> Table:
        """Rebuild a damaged game's state from its seed and action log, and post a fresh board."""
        async with self.work.change(game_id, "repair", guild_id=guild_id, loading="plain") as change:
            table = change.table
            record = table.record
            if user_id != record.creator_id and not is_manager:
                raise TableError(tr("Only the game's creator or a server manager can repair it."))
            if record.status != "active":
                raise TableError(tr("Only a game being played can be repaired."))
            try:
                state = await self.replay(record, table.kit, table.names)
            except (RulesError, ShapeError, TypeError, ValueError, KeyError) as error:
                raise TableError(tr("Game #{number}'s action log does not replay either, so it cannot be rebuilt; "
                                    "abandon it with `{command}`.", number=game_id,
                                    command=command(f"game abandon game:{game_id}"))) from error
            change.speak_publicly()
            repaired = replace(table, record=replace(record, version=record.version + 1, damage=None), state=state)
            header = tr("**{title}** · rebuilt from its log", title=repaired.title)
            items = await self.herald.new_board(repaired, header)
            change.write(lambda: self.store.repair(game_id, record.version, table.game.state_to_json(state),
                                                   awaited=table.game.to_act(state), outbox=items,
                                                   board_since=record.version + 1))
            change.became(repaired)
        return await self.table(game_id)

    async def enqueue(self, game_id: int, items: Sequence[OutboxItem], cause: Cause = "note") -> None:
        """Publish ``items`` in the game's thread after whatever is already queued (a change of its own)."""
        async with self.work.change(game_id, cause, loading="plain") as change:
            change.publish(*items)

    async def write(self, operation: Any) -> Any:
        """Await a store write that is no game's (a member's settings); its refusals become the table's."""
        return await self.work.write(operation)


def public_events(raw_events: Sequence[dict[str, Any]]) -> list[Event]:
    return [Event.from_json(raw) for raw in raw_events if raw.get("private_to") is None]
