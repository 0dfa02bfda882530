"""Games at the table, without Discord: load a game from the store, check who may act, apply an
action through the rules contract and save it in one versioned write.

Every change to a game goes through ``TableService.act`` (or the lobby methods), which holds the
game's lock for the whole read-apply-write, so two players clicking at once are served one after the
other and neither update is lost. The store's version check (``version = version + 1 WHERE version
= ?``) also catches a second bot process writing the same game.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from db.errors import StaleVersion, StoreError
from db.store import GameRecord, GameStore, SeatRecord
from rules.core import fairness
from rules.core.errors import RulesError
from rules.core.events import Event
from rules.core.game import Game
from rules.core.options import validate_options
from rules.core.serial import ShapeError
from rules.registry import GAMES, get_game

log = logging.getLogger(__name__)

DEFAULT_AUTOPILOT_AFTER = 3
MAX_DEADLINE_MINUTES = 14 * 24 * 60

STALE = "This board is out of date: the game has moved on since it was posted. Use the newest board in the thread."


class TableError(Exception):
    """A refusal for the person who asked; ``str(error)`` is the sentence to show them."""


@dataclass
class Table:
    """One game as loaded from the store."""

    record: GameRecord
    seats: list[SeatRecord]
    game: Game[Any, Any]
    state: Any | None  # None while the game is in its lobby
    deadlines: dict[int, datetime] = field(default_factory=dict)  # seat → when its decision is due, if any

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def awaited_users(self) -> list[int]:
        if self.state is None or self.game.is_over(self.state):
            return []
        return [self.user_of(seat) for seat in sorted(self.game.to_act(self.state))]


@dataclass
class ActResult:
    table: Table  # after the action
    seat: int
    events: list[Event]
    awaited_before: frozenset[int]  # seats the game waited for before this action
    continues_own_step: bool  # the previous action in the log was this seat's too
    automatic: bool = False  # played by the seat's automatic player

    @property
    def newly_awaited(self) -> list[int]:
        """Users the game now waits for that it did not wait for before: the ones to ping."""
        state = self.table.state
        if state is None or self.table.game.is_over(state):
            return []
        return [self.table.user_of(seat) for seat in sorted(self.table.game.to_act(state) - self.awaited_before)]


class TableService:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # ----- reading -----------------------------------------------------------------------------------
    async def table(self, game_id: int, guild_id: int | None = None) -> Table:
        record = await self.store.get_game(game_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise TableError(f"There is no game #{game_id} in this server.")
        game = get_game(record.kind)
        seats = await self.store.seats(game_id)
        state = await self._state(record, game, seats) if record.snapshot is not None else None
        return Table(record, seats, game, state)

    async def _state(self, record: GameRecord, game: Game[Any, Any], seats: list[SeatRecord]) -> Any:
        """The saved snapshot; if it no longer fits the game's state type (the game's code changed
        since it was saved), the state is rebuilt by replaying the seed and the action log."""
        try:
            return game.state_from_json(record.snapshot)
        except (ShapeError, TypeError, ValueError):
            log.warning("Game %s: its snapshot no longer fits %s; replaying its log", record.id, game.name)
        state = game.new_game([seat.display_name for seat in seats], record.options, record.seed)
        for logged in await self.store.actions(record.id):
            state, _ = game.apply(state, logged.seat, game.action_from_json(logged.action))
        return state

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
            raise TableError("You have no game in progress here; give the game number, or use the command "
                             "in the game's thread.")
        numbers = ", ".join(f"#{r.id}" for r in mine)
        raise TableError(f"You are in several games here ({numbers}); say which with the game option, or use "
                         "the command in the game's thread.")

    # ----- the lobby ---------------------------------------------------------------------------------
    async def create(self, kind: str, guild_id: int, channel_id: int, creator_id: int, creator_name: str,
                     options: dict[str, object], *, deadline_minutes: int | None = None,
                     autopilot_after: int = DEFAULT_AUTOPILOT_AFTER) -> Table:
        game = get_game(kind)
        parsed = validate_options(game.option_specs, options)
        game.check_options(parsed, max(game.min_players, 2) if game.max_players > 1 else 1)
        if deadline_minutes is not None and not 0 < deadline_minutes <= MAX_DEADLINE_MINUTES:
            raise TableError(f"A turn deadline must be between a few minutes and {MAX_DEADLINE_MINUTES // 1440} "
                             "days.")
        if not 1 <= autopilot_after <= 20:
            raise TableError("The number of missed deadlines before autopilot must be between 1 and 20.")
        record = await self.store.create_game(kind, guild_id, channel_id, creator_id, dict(parsed),
                                              secrets.randbits(63), secrets.token_hex(16),
                                              deadline_minutes=deadline_minutes, autopilot_after=autopilot_after)
        await self.store.add_seat(record.id, creator_id, creator_name)
        return await self.table(record.id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self.lock(game_id):
            table = await self.table(game_id)
            self._require_lobby(table, "join")
            if table.seat_of(user_id) is not None:
                raise TableError("You already have a seat in this game.")
            if len(table.seats) >= table.game.max_players:
                raise TableError(f"This game is full: {table.game.name} takes at most "
                                 f"{table.game.max_players} players.")
            try:
                await self.store.add_seat(game_id, user_id, name, max_seats=table.game.max_players)
            except StoreError as error:
                raise TableError(str(error)) from error
            return await self.table(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.lock(game_id):
            table = await self.table(game_id)
            self._require_lobby(table, "leave")
            if table.seat_of(user_id) is None:
                raise TableError("You have no seat in this game.")
            if user_id == table.record.creator_id:
                raise TableError("You created this game, so you cannot leave its lobby; abandon it instead.")
            try:
                await self.store.remove_seat(game_id, user_id)
            except StoreError as error:
                raise TableError(str(error)) from error
            return await self.table(game_id)

    async def start(self, game_id: int, user_id: int, thread_id: int | None) -> Table:
        async with self.lock(game_id):
            table = await self.table(game_id)
            self._require_lobby(table, "start")
            if user_id != table.record.creator_id:
                raise TableError("Only the player who created this game can start it.")
            try:
                state = table.game.new_game(table.names, table.record.options, table.record.seed)
            except RulesError as error:
                raise TableError(str(error)) from error
            try:
                await self.store.start_game(game_id, table.record.version, table.game.state_to_json(state),
                                            thread_id, awaited=table.game.to_act(state))
            except StoreError as error:
                raise TableError(str(error)) from error
            return await self.table(game_id)

    def check_startable(self, table: Table, user_id: int) -> None:
        """The refusals of ``start`` that can be told before a thread is opened for the game."""
        self._require_lobby(table, "start")
        if user_id != table.record.creator_id:
            raise TableError("Only the player who created this game can start it.")
        count = len(table.seats)
        if not table.game.min_players <= count <= table.game.max_players:
            raise TableError(f"{table.game.name} needs {table.game.min_players} to {table.game.max_players} "
                             f"players; {count} {'is' if count == 1 else 'are'} seated.")
        try:
            table.game.check_options(dict(table.record.options), count)
        except RulesError as error:
            raise TableError(str(error)) from error

    @staticmethod
    def _require_lobby(table: Table, verb: str) -> None:
        if table.record.status != "lobby":
            raise TableError(f"This game has already started; you can no longer {verb} it."
                             if table.record.status == "active" else "This game is over.")

    # ----- play --------------------------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int | None, version: int | None,
                  choose: Callable[[Table, int], Any], *, seat: int | None = None) -> ActResult:
        """Apply the action ``choose(table, seat)`` returns for the asking user, under the game's lock.

        ``version`` is the version the asker saw (a board's buttons carry it); None means "whatever is
        current" (slash commands). A RulesError from choosing or applying becomes a TableError.
        With ``user_id`` None the seat's automatic player acts for ``seat`` (a deadline passed, or the
        seat is on autopilot), and the log marks the action as automatic."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.record.status == "lobby":
                raise TableError("This game has not started yet.")
            if table.record.status != "active" or table.state is None:
                raise TableError("This game is over.")
            automatic = user_id is None
            if not automatic:
                assert user_id is not None
                seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated in this game.")
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
                raise TableError(str(error)) from error
            over = table.game.is_over(state)
            try:
                new_version = await self.store.record_action(
                    game_id, table.record.version, seat, table.game.action_to_json(action),
                    [event.to_json() for event in events], table.game.state_to_json(state),
                    status="finished" if over else None, awaited=table.game.to_act(state), automatic=automatic)
            except StaleVersion as error:
                raise TableError(STALE) from error
            except StoreError as error:
                raise TableError(str(error)) from error
            previous = await self.store.actions(game_id, after_version=table.record.version - 1, limit=1)
            continues = bool(previous) and previous[0].version == table.record.version and previous[0].seat == seat
            table.record = replace(table.record, version=new_version, status="finished" if over else "active")
            table.state = state
            return ActResult(table, seat, events, before, continues, automatic)

    async def game_record(self, game_id: int, guild_id: int | None = None) -> tuple[Table, dict[str, Any]]:
        """A finished game's record for the fairness check (``rules.core.fairness``): it reveals the
        seed, so it is refused while the game is still being played."""
        table = await self.table(game_id, guild_id)
        if table.record.status in ("lobby", "active") or table.state is None:
            raise TableError("The game record reveals the secret seed, so it is only available once the game "
                             "has ended.")
        history = await self.store.history(game_id)
        assert history is not None
        record = fairness.game_record(table.game, table.names, table.record.options, table.record.seed,
                                      table.record.seed_salt,
                                      [(logged.seat, logged.action) for logged in history.actions], table.state)
        return table, record

    async def _choice_made_earlier(self, table: Table, seat: int, version: int,
                                   choose: Callable[[Table, int], Any]) -> Any:
        """The action a seat chose on a panel built at an older ``version``.

        In simultaneous steps other seats act while a player is deciding, so their panel's version goes
        out of date without their own decision changing. The choice still stands when the seat itself has
        not acted since that version and the chosen action is still legal now; otherwise the panel is
        stale."""
        assert table.state is not None
        if version > table.record.version:
            raise TableError(STALE)
        since = await self.store.actions(table.id, after_version=version)
        if any(logged.seat == seat for logged in since):
            raise TableError(STALE)
        earlier = replace(table, state=await self._state_at(table, version))
        action = choose(earlier, seat)
        if action not in table.game.legal_actions(table.state, seat):
            raise TableError(STALE)
        return action

    async def _state_at(self, table: Table, version: int) -> Any:
        """The game's state as it was at ``version``, replayed from its seed and log."""
        game = table.game
        state = game.new_game(table.names, table.record.options, table.record.seed)
        for logged in await self.store.actions(table.id):
            if logged.version > version:
                break
            state, _ = game.apply(state, logged.seat, game.action_from_json(logged.action))
        return state

    async def abandon(self, game_id: int, user_id: int, is_manager: bool) -> Table:
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.record.status in ("finished", "abandoned"):
                raise TableError("This game is already over.")
            if user_id != table.record.creator_id and not is_manager:
                raise TableError("Only the game's creator or a server manager can abandon it.")
            try:
                await self.store.set_status(game_id, "abandoned", table.record.version)
            except StoreError as error:
                raise TableError(str(error)) from error
            return await self.table(game_id)

    async def public_log(self, table: Table) -> list[str]:
        """Every public event of the game as sentences, oldest first; moves made by a seat's automatic
        player are marked 🤖."""
        lines: list[str] = []
        for record in await self.store.actions(table.id):
            mark = "🤖 " if record.automatic else ""
            for raw in record.events:
                event = Event.from_json(raw)
                if event.private_to is None:
                    lines.append(mark + table.game.describe_event(event, table.names))
        return lines


def kinds() -> Sequence[str]:
    return list(GAMES)
