"""One error family for everything the table refuses: ``str(error)`` is the sentence to show the person
who asked, whatever refused (the rules, the store or the table itself).

The Discord layer answers any :class:`TableError` ephemerally with that sentence and nothing else; any
other exception is a bug, answered with an apology and an incident id (see ``cogs/errors.py``).
"""

from __future__ import annotations

from db.errors import StaleVersion, StorageUnavailable, StoreBusy, StoreError
from lang import N_, command, tr
from rules.core.errors import RulesError

STALE = N_("This board is out of date: the game has moved on since it was posted. Use the newest board in the "
           "thread.")
"""Marked for the catalogue: a stale board's refusal is ``tr(STALE)``."""


class TableError(Exception):
    """A refusal for the person who asked; ``str(error)`` is the sentence to show them."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence

    def __str__(self) -> str:
        return self.sentence


class StaleBoard(TableError):
    """The board, panel or button acted on shows an older version of the game than the current one."""

    def __init__(self, sentence: str | None = None) -> None:
        super().__init__(tr(STALE) if sentence is None else sentence)


class ChoiceGone(StaleBoard):
    """A choice picked by its place among the legal actions offered at a version, where there is no such
    place (an offer from an older panel, or a forged one)."""

    def __init__(self) -> None:
        super().__init__(tr("That choice is no longer on offer. It is out of date: the game has moved on since it "
                            "was offered."))


class DamagedGame(TableError):
    """The game's save cannot be read; only a manager's repair or abandon can help. ``reason`` is kept with the
    game in English (the store's record); the service's reasons are marked for the catalogue and read in the
    language spoken when the refusal is told."""

    def __init__(self, game_id: int, reason: str) -> None:
        repair, abandon = command(f"game repair game:{game_id}"), command(f"game abandon game:{game_id}")
        super().__init__(tr("Game #{game}'s save is damaged ({reason}), so it cannot be played right now. The game's "
                            "creator or a server manager can rebuild it from its action log with `{repair}`, or end "
                            "it with `{abandon}`.", game=game_id, reason=tr(reason), repair=repair, abandon=abandon))
        self.game_id = game_id
        self.reason = reason


class StorageTrouble(TableError):
    """The database refused a read or write (full disk, read-only file, busy); nothing was changed."""


def refusal(error: RulesError | StoreError) -> TableError:
    """The table's refusal for an error raised by the rules or the store, keeping its sentence."""
    if isinstance(error, StaleVersion):
        return StaleBoard()
    if isinstance(error, StorageUnavailable | StoreBusy):
        return StorageTrouble(str(error))
    return TableError(str(error))
