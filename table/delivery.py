"""What a courier promises the publisher: the contract between the table's outbox and a chat service.

A courier (``cogs/courier.py`` for Discord, the sandbox's for none) delivers one publication at a time and says
how it went: a :class:`Delivery`, or one of the :class:`Undeliverable` failures, each of which the publisher
(:mod:`table.publisher`) treats its own way — retried, told once, the thread reopened, or set aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from db.records import GameRecord
from table.publications import Parcel

__all__ = ["Courier", "Delivery", "MissingPermissions", "Rejected", "ThreadGone", "TryLater", "Undeliverable"]


@dataclass(frozen=True)
class Delivery:
    """What a delivered item left behind."""

    message_id: int | None = None
    """The board message posted (a new board, or an edit that had to become one)."""
    missing: tuple[str, ...] = ()
    """Permissions whose lack made the courier deliver less (e.g. a board without its image)."""


class Undeliverable(Exception):
    """An item could not be delivered now."""


class TryLater(Undeliverable):
    """A passing failure: retry with backoff."""


class MissingPermissions(Undeliverable):
    def __init__(self, permissions: Sequence[str]) -> None:
        super().__init__(f"missing permissions: {', '.join(permissions)}")
        self.permissions = tuple(permissions)


class ThreadGone(Undeliverable):
    """The game's thread no longer exists."""


class Rejected(Undeliverable):
    """The chat service will never accept this item as it is."""


class Courier(Protocol):
    """Delivers outbox items to the chat service (see ``cogs/courier.py``)."""

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        """Publish ``item`` (posting at most one new message in the thread, whose nonce is ``item.id``)."""

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        """Say once, where it can be seen, which permissions the bot lacks to host this game."""

    async def reopen(self, game: GameRecord) -> int | None:
        """A new thread for a game whose thread was deleted (its id), or None if none can be made."""
