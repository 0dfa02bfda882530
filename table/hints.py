"""Hints: "Suggest" on a seat's private panel, where the table wants it.

A game's ``hints`` setting (``GameRecord.hints``) is chosen at ``/game new`` or changed by its creator while it is
in its lobby; left unchosen, it is decided when the game starts from its seating: **on** for one person (solo, or
one person with robots: a practice game), **off** once two or more people sit at the table, who would otherwise
each have the computer's help against the others without having asked for it.

Here: the setting and the words; :mod:`table.suggestions` answers "Suggest".

A suggestion is the strong automatic player's choice for the asking seat, computed by the thinker (worker
processes, off the event loop and never under the game's lock) from the seat's own state, which the player
decides only from what the seat may see (``rules.core.players``). It is answered to the seat's player alone, with
the search's estimate for its two or three best choices, or without figures where a game has no search yet.

Asking is a change of its own (``Work.change(game_id, "hint")``): it adds one to the seat's count of
suggestions, the mark that keeps the game out of the standings (``db.life.HINTED_SQL``) and is shown with the
final scores. The count is written only once the answer is ready and only if the game is still where it was
when the thinking began; a suggestion for a game that moved meanwhile is thought again (a few times at most).
"""

from __future__ import annotations

from dataclasses import dataclass

from lang import N_, tr
from table.model import Table

__all__ = ["Suggestion", "default_hints", "hinted_line", "hints_on", "hints_words", "people"]

HINTS_OFF = N_("Hints are off in this game: with two or more people at the table, nobody gets the computer's help "
               "unless the game's creator turned hints on before it started.")
"""Marked for the catalogue: refused as ``tr(HINTS_OFF)``."""

def people(table: Table) -> int:
    """How many people sit at the table (robots are none)."""
    return len(table.people)


def default_hints(table: Table) -> bool:
    """Hints when the creator did not choose: on for one person (alone, or with robots), off for more."""
    return people(table) <= 1


def hints_on(table: Table) -> bool:
    """Whether the game's panels offer "Suggest": its setting, or before it is decided, what the seating gives."""
    return table.record.hints if table.record.hints is not None else default_hints(table)


def hints_words(table: Table) -> str:
    """The lobby's line on hints."""
    if table.record.hints is None and table.record.status == "lobby":
        return tr("Hints: on for a game of one person (with or without robots), off for two or more people; decided "
                  "at the start.")
    if hints_on(table):
        return tr("Hints: on (**Suggest** on each player's private panel; a game where someone asks stays out of the "
                  "standings).")
    return tr("Hints: off.")


def hinted_line(table: Table) -> str | None:
    """The final record's mark of a game where seats asked for suggestions (None: nobody asked)."""
    asked = [f"{seat.display_name} ({seat.hints})" for seat in table.seats if seat.hints > 0]
    if not asked:
        return None
    return tr("💡 Suggestions asked for: {seats}. This game stays out of the standings.", seats=", ".join(asked))


@dataclass(frozen=True)
class Suggestion:
    """The strong player's choice for a seat, and its estimates (best first) when it searched."""

    label: str
    estimates: tuple[tuple[str, float], ...] = ()
    """The best few choices as ``(label, value)``: value about the seat's chance to win after it, in [0, 1]."""
    only: bool = False
    """The seat has no other choice."""
    solo: bool = False
    """A game of one: no one to beat, so the figures are the outlook on the game's solo chart."""

    def text(self, game_name: str) -> str:
        """The private answer: the choice, and one line on why."""
        lines = [tr("💡 **Suggestion: {choice}**", choice=self.label)]
        if self.only:
            lines.append(tr("Why: it is your only choice."))
        elif self.estimates:
            parts = [(tr("{choice} — about {percent} of the solo chart's best", choice=label, percent=percent(value))
                      if self.solo else tr("{choice} — about {percent} to win", choice=label, percent=percent(value)))
                     if index == 0 else tr("{choice} — {percent}", choice=label, percent=percent(value))
                     for index, (label, value) in enumerate(self.estimates)]
            # Figures that do not tell the choices apart are said to be so, rather than read as a reason.
            close = len(self.estimates) > 1 and len({percent(value) for _, value in self.estimates}) == 1
            lines.append(tr("Why: little to choose between them: {estimates}.", estimates="; ".join(parts)) if close
                         else tr("Why: {estimates}.", estimates="; ".join(parts)))
            lines.append(tr("(The strong automatic player's estimates, from games played out from what you can see.)"))
        else:
            lines.append(tr("Why: the automatic player's usual choice here; it cannot yet look ahead in {game}, so it "
                            "gives no figures.", game=game_name))
        return "\n".join(lines)


def percent(value: float) -> str:
    return tr("{n} %", n=round(max(0.0, min(1.0, value)) * 100))
