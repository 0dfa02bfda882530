"""One bot process's background work, run as its own OS process by tests/table/test_table_lease_processes.py:
it opens the table core on a PostgreSQL database with a lease under its own name, its clock fixed at a
given instant, and then

- ``tick``: runs the scheduler's tick three times, delivering what is due to a courier that only notes it,
  and prints what it did as one line of JSON: ``{"done": <things done>, "delivered": [outbox item ids]}``;
- ``hang``: starts delivering what is pending to a courier that never answers, prints ``began`` once
  every game's delivery has begun, and waits to be killed (a process dying in the middle of its work).

Usage: ``python tests/lease_worker.py URL HOLDER ISO-INSTANT LEASE-SECONDS tick|hang``
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Sequence
from datetime import datetime, timedelta

from db.store import GameRecord, GameStore
from table.core import TableCore
from table.delivery import Delivery
from table.ownership import LeaseClaim
from table.publications import Parcel


class Courier:
    def __init__(self, hang: bool) -> None:
        self.hang = hang
        self.delivered: list[int] = []
        self.begun: set[int] = set()  # games whose delivery has begun
        self.changed = asyncio.Event()

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        self.begun.add(game.id)
        self.changed.set()
        if self.hang:
            await asyncio.Event().wait()
        self.delivered.append(item.id)
        return Delivery()

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        raise AssertionError("nothing is missing")

    async def reopen(self, game: GameRecord) -> int | None:
        raise AssertionError("no thread is gone")


async def main(url: str, holder: str, instant: str, lease: float, mode: str) -> None:
    now = datetime.fromisoformat(instant)
    store = await GameStore.open(url, clock=lambda: now)
    core = TableCore(store, lambda: now, claim=LeaseClaim(store, lambda: now, holder=holder,
                                                          length=timedelta(seconds=lease)))
    courier = Courier(hang=mode == "hang")
    core.publisher.courier = courier
    if mode == "hang":
        games = await core.publisher.resume()
        while len(courier.begun) < games:  # every game's delivery holds its lease, and hangs
            courier.changed.clear()
            await asyncio.wait_for(courier.changed.wait(), 30)
        print("began", flush=True)
        await asyncio.Event().wait()
    done = 0
    for _ in range(3):
        done += await core.tick()
        await core.publisher.idle()
    print(json.dumps({"done": done, "delivered": courier.delivered}), flush=True)
    await core.close()


if __name__ == "__main__":
    url, holder, instant, lease, mode = sys.argv[1:6]
    asyncio.run(main(url, holder, instant, float(lease), mode))
