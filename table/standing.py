"""Standing answers at the table: the decisions outside a player's own turn that their game lets them
answer in advance (``Game.standing_decisions``), what a seat has set, and setting or clearing an answer.

An answer is kept per seat (``db/life.py``) and played by :mod:`table.forced` when its decision comes,
under the game's lock, marked as a standing answer in the log, on the board and in the player's next
recap. Setting an answer while its decision is already awaited plays it at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from lang import N_, command, tr
from rules.core.standing import StandingAnswer, StandingDecision, find
from table.errors import TableError
from table.model import Table
from table.service import TableService

ASK = "ask"
"""The answer that clears a standing answer: the player is asked again."""
ASK_LABEL = N_("Ask me (no standing answer)")


@dataclass(frozen=True)
class StandingLine:
    """One decision a seat may answer in advance, and the answer it has set (None: it is asked)."""

    decision: StandingDecision
    answer: StandingAnswer | None


async def seat_in_play(tables: TableService, game_id: int, user_id: int, guild_id: int | None) -> tuple[Table, int]:
    table = await tables.table(game_id, guild_id)
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError(tr("You are not seated in this game."))
    if table.record.status != "active":
        raise TableError(tr("Standing answers are set once the game has started.") if table.record.status == "lobby"
                         else tr("This game is over."))
    return table, seat


async def standing_lines(tables: TableService, table: Table, seat: int) -> list[StandingLine]:
    """Every decision the game lets this seat answer in advance, with what it has set."""
    own = (await tables.standing_answers(table)).get(seat, {})
    lines = []
    for decision in table.game.standing_decisions:
        key = own.get(decision.key)
        lines.append(StandingLine(decision, decision.answer(key) if key is not None else None))
    return lines


def decision_named(table: Table, key: str) -> StandingDecision:
    decision = find(table.game.standing_decisions, key.strip())
    if decision is None:
        if not table.game.standing_decisions:
            raise TableError(tr("{game} has no decisions to answer in advance.", game=tr(table.game.name)))
        raise TableError(tr("{game} has no decision called {key} to answer in advance; {command} lists the ones "
                            "it has.", game=tr(table.game.name), key=repr(key.strip()[:40]),
                            command=command("seat standing")))
    return decision


async def set_answer(tables: TableService, game_id: int, user_id: int, guild_id: int | None, decision_key: str,
                     answer_key: str) -> tuple[Table, StandingDecision, StandingAnswer | None, bool]:
    """Set (or, with :data:`ASK`, clear) the user's standing answer; returns the table, the decision, the
    answer now set and whether it was played at once because its decision was already awaited."""
    table, seat = await seat_in_play(tables, game_id, user_id, guild_id)
    decision = decision_named(table, decision_key)
    key = answer_key.strip()
    answer = None if key == ASK else decision.answer(key)
    if key != ASK and answer is None:
        raise TableError(tr("{decision} has no answer called {key}; choose one of the listed answers.",
                            decision=tr(decision.label), key=repr(key[:40])))
    # Kept and, where its decision is already awaited, played in one change.
    played = await tables.settle(table.id, (seat, decision.key, None if answer is None else answer.key)) is not None
    return table, decision, answer, played


def standing_text(table: Table, lines: list[StandingLine]) -> str:
    """What /seat standing shows: each decision, when it comes, what is set and what may be set."""
    if not lines:
        return tr("{game} asks every decision in its player's own turn, so there is nothing to answer in advance.",
                  game=tr(table.game.name))
    parts = [tr("**Standing answers in {title}** — played for you at once when the decision comes; your next recap "
                "tells you. Set one with `{command}`.", title=table.title,
                command=command("seat standing decision:… answer:…"))]
    # The games' decisions and answers are marked for the catalogue where they are declared.
    for line in lines:
        chosen = tr(line.answer.label) if line.answer is not None else tr(ASK_LABEL)
        options = "; ".join(f"`{answer.key}`: {tr(answer.label)}" for answer in line.decision.answers)
        now = tr("Now: {chosen}. Answers: {options}; {ask}: {ask_label}.", chosen=chosen, options=options,
                 ask="`" + ASK + "`", ask_label=tr(ASK_LABEL))
        parts.append(f"• **{tr(line.decision.label)}** (`{line.decision.key}`) — {tr(line.decision.when)}\n  {now}")
    return "\n".join(parts)
