"""What the table knows of one game once loaded: its record, seats, rules kit and state."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from db.store import GameRecord, SeatRecord
from rules.core.events import Event
from rules.core.game import Game, View
from table.forced import FollowUp
from table.kits import GameKit


@dataclass
class Table:
    """One game as loaded from the store."""

    record: GameRecord
    seats: list[SeatRecord]
    kit: GameKit
    state: Any | None  # None while the game is in its lobby
    deadlines: dict[int, datetime] = field(default_factory=dict)  # seat → when its decision is due, if any
    # The spectator view, made once: a move's board, its digest, its alt text and the check for an unchanged
    # picture all read it, and some games' views take milliseconds to build.
    _public: View | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def game(self) -> Game[Any, Any]:
        return self.kit.game

    @property
    def language(self) -> str:
        """The language of the game's public posts and board images (chosen when the game was made)."""
        return self.record.language

    @property
    def title(self) -> str:
        return f"{self.kit.name} #{self.record.id}"

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    @property
    def over(self) -> bool:
        return self.record.status in ("finished", "abandoned") or (
            self.state is not None and self.game.is_over(self.state))

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def is_robot(self, seat: int) -> bool:
        """Whether a robot plays the seat (no member holds it: never mentioned, messaged or timed)."""
        return 0 <= seat < len(self.seats) and self.seats[seat].robot is not None

    @property
    def robot_seats(self) -> frozenset[int]:
        return frozenset(seat.seat for seat in self.seats if seat.robot is not None)

    @property
    def people(self) -> list[int]:
        """The members seated (robots left out)."""
        return [seat.user_id for seat in self.seats if seat.robot is None]

    def awaited(self) -> list[int]:
        """The seats the game waits for, in seat order (none in the lobby or once over)."""
        if self.state is None or self.game.is_over(self.state):
            return []
        return sorted(self.game.to_act(self.state))

    def awaited_users(self) -> list[int]:
        """The members the game waits for (a robot is no member)."""
        return [self.user_of(seat) for seat in self.awaited() if not self.is_robot(seat)]

    def public_view(self) -> View:
        """The spectator view of the state (one object per table: read it, never change it)."""
        assert self.state is not None
        if self._public is None:
            self._public = self.game.view(self.state, None)
        return self._public


@dataclass
class ActResult:
    """One accepted action and the table after it."""

    table: Table
    seat: int
    events: list[Event]
    awaited_before: frozenset[int]  # seats the game waited for before this action
    automatic: bool = False  # played by the seat's automatic player
    follow_ups: tuple[FollowUp, ...] = ()  # moves played for seats right after it (forced, standing answers)

    @property
    def newly_awaited(self) -> list[int]:
        """Seats the game now waits for that it did not wait for before: the ones to tell."""
        return [seat for seat in self.table.awaited() if seat not in self.awaited_before]
