"""The answer to "Suggest" on a seat's private panel (see :mod:`table.hints` for the setting and the words):
the strong automatic player's choice for the asking seat, thought in the thinker's workers (off the event loop,
never under the game's lock) from the seat's own state, and the seat's count of suggestions written in a change of
its own (``Work.change(game_id, "hint")``) once the answer is ready, if the game is still where it was."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from db.records import ActionRecord
from lang import N_, tr
from rules.core.players import Level
from table.errors import StaleBoard, TableError
from table.hints import HINTS_OFF, Suggestion, default_hints, hints_on
from table.model import Table
from table.service import TableService
from table.thinking import Thinker, ThinkingFailed, Thought
from table.work import Change

log = logging.getLogger(__name__)

__all__ = ["HintDesk", "suggestion_of"]

HINT_LEVEL: Level = "strong"
SHOWN = 3  # the best choices a suggestion gives figures for
TRIES = 3  # thoughts for one suggestion while the game keeps moving (other seats acting in a simultaneous step)

STALE_PANEL = N_("This panel is out of date: you have moved since it was opened. Press **Take your turn** on the "
                 "newest board for a fresh panel, and ask for a suggestion there.")
KEPT_MOVING = N_("The game moved on three times while I was thinking about your suggestion; ask again once it "
                 "settles.")
NO_THOUGHT = N_("I could not work out a suggestion just now; please ask again in a moment.")
"""The three are marked for the catalogue and raised as ``tr(...)``."""


def suggestion_of(table: Table, seat: int, thought: Thought, legal: Sequence[Any]) -> Suggestion:
    """A thought in words: the estimates the thinker labelled, or the chosen action's own label."""
    assert table.state is not None
    if len(legal) == 1:
        return Suggestion(table.game.describe_action(table.state, seat, legal[0]), only=True)
    if thought.estimates:
        shown = tuple((choice.label, choice.value) for choice in thought.estimates[:SHOWN])
        return Suggestion(shown[0][0], shown, solo=len(table.seats) == 1)
    action = table.game.action_from_json(thought.action_json)
    return Suggestion(table.game.describe_action(table.state, seat, action))


def same_decision(now: Table, seat: int, legal: Sequence[Any], since: Sequence[ActionRecord]) -> bool:
    """Whether ``seat`` still faces the decision a suggestion was thought for, given the actions taken ``since``:
    it has not acted, is still awaited, with the very same choices. Other seats acting meanwhile in a simultaneous
    step (robots answer at once) leave it so, and the advice stands; anything else makes it think again."""
    if now.state is None or seat not in now.game.to_act(now.state) or any(act.seat == seat for act in since):
        return False
    return list(now.game.legal_actions(now.state, seat)) == list(legal)


class HintDesk:
    """Suggestions for the seats of games with hints, and the setting itself."""

    def __init__(self, tables: TableService, thinker: Callable[[], Thinker]) -> None:
        self.tables = tables
        self.store = tables.store
        self._thinker = thinker
        """The table's thinker, read at each suggestion (the bot may open its worker pool after the table)."""

    async def prepare(self, change: Change) -> None:
        """At the start, the setting a creator left open is decided from the seating, in the start's own
        transaction (a preparer of the unit of work), so later changes of seating do not change it."""
        after = change.after
        if change.cause != "start" or after is None or after.record.hints is not None:
            return
        decided = default_hints(after)
        game_id = change.game_id
        change.write(lambda: self.store.set_hints(game_id, decided))
        after.record = replace(after.record, hints=decided)

    async def set_hints(self, game_id: int, user_id: int, hints: bool | None, guild_id: int | None = None, *,
                        may_manage: bool = False) -> Table:
        """The creator (or a server manager: ``may_manage``) turns hints on or off (None: decided from the seating)
        while the game is in its lobby."""
        async with self.tables.work.change(game_id, "lobby", guild_id=guild_id) as change:
            table = change.table
            if user_id != table.record.creator_id and not may_manage:
                raise TableError(tr("Only the player who created this game or a server manager can turn its hints "
                                    "on or off."))
            if table.record.status != "lobby":
                raise TableError(tr("Hints are chosen before the game starts; this game has already started.")
                                 if table.record.status == "active" else tr("This game is over."))
            change.write(lambda: self.store.set_hints(game_id, hints))
        return await self.tables.table(game_id)

    async def suggest(self, game_id: int, user_id: int, version: int, guild_id: int | None = None
                      ) -> tuple[Table, Suggestion]:
        """The strong player's choice for the asker's seat, from the panel opened at ``version``."""
        for _ in range(TRIES):
            table, seat = await self._asking_seat(game_id, user_id, version, guild_id)
            assert table.state is not None
            legal = table.game.legal_actions(table.state, seat)
            thought = await self._think(table, seat) if len(legal) > 1 else Thought({})
            suggestion = suggestion_of(table, seat, thought, legal)
            async with self.tables.work.change(game_id, "hint", guild_id=guild_id) as change:
                moved = change.table.record.version != table.record.version
                if moved and not same_decision(change.table, seat, legal, await self.store.actions(
                        game_id, after_version=table.record.version)):
                    continue  # the seat's decision changed while the thinker thought: think again from where it is
                change.write(partial(self.store.count_hint, game_id, seat))
            return table, suggestion
        raise TableError(tr(KEPT_MOVING))

    async def _asking_seat(self, game_id: int, user_id: int, version: int, guild_id: int | None
                           ) -> tuple[Table, int]:
        """The game and the asker's seat, if the asker may have a suggestion now (else the sentence why not)."""
        table = await self.tables.table(game_id, guild_id)
        if table.record.status != "active" or table.state is None:
            raise TableError(tr("This game has not started yet.") if table.record.status == "lobby"
                             else tr("This game is over."))
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(tr("You are not seated in this game."))
        if not hints_on(table):
            raise TableError(tr(HINTS_OFF))
        if seat not in table.game.to_act(table.state):
            raise TableError(table.game.explain_waiting(table.state, seat))
        if version != table.record.version:
            # Other seats acting since the panel was opened (a simultaneous step) leave the seat's own decision
            # where it was; the seat acting since does not.
            if version > table.record.version:
                raise StaleBoard(tr(STALE_PANEL))
            since = await self.store.actions(game_id, after_version=version)
            if any(logged.seat == seat for logged in since):
                raise StaleBoard(tr(STALE_PANEL))
        return table, seat

    async def _think(self, table: Table, seat: int) -> Thought:
        """The strong player's thought, in a worker; its random stream is fresh, apart from the game's seed."""
        assert table.state is not None
        try:
            return await self._thinker().decide(table.record.kind, table.game.state_to_json(table.state), seat,
                                                HINT_LEVEL, secrets.randbits(63), want_estimates=True)
        except ThinkingFailed as error:
            log.warning("Game %s: no suggestion for seat %s: %s", table.id, seat + 1, error)
            raise TableError(tr(NO_THOUGHT)) from error
