"""The table's part of the readiness check (``/health/ready``; see docs/operations.md): the database reachable
and writable, the publisher not stuck, the renderers alive. The chat layer adds its shards' connections.

Each check is a :class:`Check`: whether it is fine and a short detail for the operator (a sentence when it
is not). Nothing here changes anything: the write that proves the database writable is rolled back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from db.errors import StoreError

if TYPE_CHECKING:
    from table.core import TableCore

log = logging.getLogger(__name__)

__all__ = ["OUTBOX_STUCK_AFTER", "Check", "table_checks"]

OUTBOX_STUCK_AFTER = 600.0
"""Seconds the oldest undelivered post may wait before the publisher counts as stuck: longer than the longest
backoff between two delivery attempts (300 s), so one failing retry alone never makes the bot unready."""


@dataclass(frozen=True)
class Check:
    ok: bool
    detail: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, **self.detail}


async def table_checks(core: TableCore, now: datetime, stuck_after: float = OUTBOX_STUCK_AFTER) -> dict[str, Check]:
    """The database, the publisher and the renderers, each checked now."""
    checks: dict[str, Check] = {}
    try:
        await core.store.database.check_writable()
        checks["database"] = Check(True, {"writable": True})
    except StoreError as error:
        checks["database"] = Check(False, {"writable": False, "problem": str(error)})
    try:
        async with core.store.database.read() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox WHERE delivered_at IS NULL"))
        oldest = rows[0]["oldest"]
        age = max(0.0, (now - datetime.fromisoformat(oldest)).total_seconds()) if oldest else 0.0
        detail: dict[str, Any] = {"pending": int(rows[0]["n"]), "oldest_pending_seconds": round(age, 3),
                                  "bound_seconds": stuck_after}
        if age > stuck_after:
            detail["problem"] = f"a post has waited {age:.0f} s to be delivered, more than {stuck_after:.0f} s"
        checks["publisher"] = Check(age <= stuck_after, detail)
    except StoreError as error:
        checks["publisher"] = Check(False, {"problem": f"the outbox could not be read: {error}"})
    trouble = getattr(core.renders, "trouble", None)
    problem = trouble() if callable(trouble) else None
    checks["renders"] = Check(problem is None, {"problem": problem} if problem else {})
    return checks
