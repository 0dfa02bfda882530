"""The practice table: one person learning a game against robots (``/game practice``, the sandbox's Learn).

A practice game is opened and started in one operation: the person's seat, the game's smallest sensible table of
robots (easy by default), hints on, and the game marked ``practice`` (kept out of the ratings and the standings).

While it goes on, the practising seat gets:

- a **lesson** the first time each kind of decision comes up for it (``rules.core.lessons``): which lessons a seat
  has seen is the game's own record, written through the one change path (``Work.change(game_id, "lesson")``), so
  each is explained once even across restarts and whichever way the panel is opened;
- **Why not…?**: choices that are not legal now, each answered with the rules' own refusal sentence. Both are read
  from the seat's own view and legal actions, and answered to that person alone.

"Show me" is the hint (:mod:`table.suggestions`)."""

from __future__ import annotations

from functools import partial

from lang import N_, command, current, tr
from rules.core.lessons import Tempting, lesson_key, lesson_text, tempting_actions
from table.errors import StaleBoard, TableError
from table.kits import KITS
from table.model import Table
from table.robots import Robots, robot_level
from table.service import TableService

__all__ = ["NOT_PRACTICE", "PracticeDesk", "default_robots"]

SENSIBLE_SEATS = 3
"""The smallest table that plays a game as it is meant (Circus Train's and Little Circuses' solo rules are their own
game); a game needing more players (Dreadful Circus: 4) starts at its minimum."""

NOT_PRACTICE = N_("Lessons and Why not…? come with practice games only: open one with `{command}`.")
STALE = N_("This list is out of date: the game has moved since it was opened. Press **Take your turn** on the newest "
           "board and ask again.")
"""Both marked for the catalogue and raised as ``tr(...)``."""


def default_robots(table_game_min: int, table_game_max: int) -> int:
    """How many robots a practice game of a game with these player counts seats by default."""
    return max(1, min(max(table_game_min, SENSIBLE_SEATS), table_game_max) - 1)


class PracticeDesk:
    """Opening practice games, their lessons and their "Why not…?" answers."""

    def __init__(self, tables: TableService, robots: Robots) -> None:
        self.tables = tables
        self.store = tables.store
        self.robots = robots

    async def open(self, kind: str, guild_id: int, channel_id: int, user_id: int, name: str, *, level: str,
                   robots: int | None, thread_id: int | None) -> Table:
        """Create, seat, mark and start a practice game in one go (``thread_id``: its private thread)."""
        chosen = robot_level(level)
        count = self.check(kind, robots)
        # Played by the one person learning it: in the language they asked in.
        table = await self.tables.create(kind, guild_id, channel_id, user_id, name, {}, hints=True, language=current())
        async with self.tables.work.change(table.id, "lobby") as change:
            change.write(partial(self.store.set_practice, table.id))
        for _ in range(count):
            await self.robots.add(table.id, user_id, chosen)
        return await self.tables.start(table.id, user_id, thread_id)

    @staticmethod
    def check(kind: str, robots: int | None) -> int:
        """The number of robots a practice game of ``kind`` seats (``robots`` None: the default), or the refusal."""
        if kind not in KITS:
            raise TableError(tr("Choose one of the listed games."))
        game = KITS[kind].game
        count = default_robots(game.min_players, game.max_players) if robots is None else robots
        least = max(1, game.min_players - 1)
        if not least <= count <= game.max_players - 1:
            raise TableError(tr("A practice game of {game} seats {least} to {most} robots besides you.",
                                game=tr(game.name), least=least, most=game.max_players - 1))
        return count

    async def lesson(self, game_id: int, user_id: int, guild_id: int | None = None) -> str | None:
        """The lesson the practising user's current decision brings, the first time it comes up in this game (then
        it is noted as seen); None otherwise (not a practice game, not their turn, a lesson already seen)."""
        table = await self.tables.table(game_id, guild_id)
        if not table.record.practice or table.state is None or table.record.status != "active":
            return None
        seat = table.seat_of(user_id)
        if seat is None or seat not in table.game.to_act(table.state):
            return None
        key = lesson_key(table.record.kind, table.game.legal_actions(table.state, seat))
        text = lesson_text(table.record.kind, key) if key is not None else None
        if key is None or text is None or key in await self.store.lessons_seen(game_id, seat):
            return None
        async with self.tables.work.change(game_id, "lesson", guild_id=guild_id) as change:
            change.write(partial(self.store.note_lesson, game_id, seat, key))
        return text

    async def tempting(self, game_id: int, user_id: int, version: int, guild_id: int | None = None
                       ) -> tuple[Table, list[Tempting]]:
        """"Why not…?": the choices that are not legal for the user's seat now, as of the panel's ``version``."""
        table = await self.tables.table(game_id, guild_id)
        if not table.record.practice:
            raise TableError(tr(NOT_PRACTICE, command=command("game practice")))
        if table.record.status != "active" or table.state is None:
            raise TableError(tr("This game has not started yet.") if table.record.status == "lobby"
                             else tr("This game is over."))
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(tr("You are not seated in this game."))
        if seat not in table.game.to_act(table.state):
            raise TableError(table.game.explain_waiting(table.state, seat))
        if version != table.record.version:
            raise StaleBoard(tr(STALE))
        return table, tempting_actions(table.game, table.state, seat)

    async def why_not(self, game_id: int, user_id: int, version: int, index: int, guild_id: int | None = None
                      ) -> tuple[Tempting, str]:
        """The rules' own sentence for the ``index``-th choice of the "Why not…?" list shown at ``version``."""
        _, tempting = await self.tempting(game_id, user_id, version, guild_id)
        if not 0 <= index < len(tempting):
            raise StaleBoard(tr(STALE))
        chosen = tempting[index]
        return chosen, tr("🚫 **{choice}?** {why}", choice=chosen.label, why=chosen.why)
