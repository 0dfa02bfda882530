"""Structured events: what happened, as data. Each game turns them into sentences in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    ``private_to`` names the one seat allowed to see the event (a card drawn into a hand, say);
    ``None`` means public. Public logs, threads and images only ever show public events.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data, "private_to": self.private_to}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        return cls(kind=str(raw["kind"]), data=dict(raw["data"]), private_to=raw.get("private_to"))

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat
