"""A simple rate limit per client address (:mod:`web.clients` says which): a bucket of requests that refills
at a steady pace.

Each address may make ``burst`` requests at once and ``per_second`` on average after that; a request
beyond that is answered 429 with how long to wait. The buckets live in memory (a restart forgets them)
and are bounded: when too many addresses are tracked, the ones whose bucket is full again (they have
been quiet long enough) are forgotten first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    def __init__(self, burst: int = 120, per_second: float = 4.0, *, clock: Callable[[], float] = time.monotonic,
                 max_addresses: int = 10_000) -> None:
        if burst < 1 or per_second <= 0:
            raise ValueError("a rate limit needs a burst of at least one request and a positive pace")
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.max_addresses = max_addresses
        self._buckets: dict[str, _Bucket] = {}

    def wait(self, address: str) -> float:
        """Take one request from the address's bucket: 0.0 when it may go ahead, else how many seconds
        to wait before the next one would be allowed."""
        now = self.clock()
        bucket = self._buckets.get(address)
        if bucket is None:
            self._forget_quiet(now)
            bucket = self._buckets[address] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.per_second

    def _forget_quiet(self, now: float) -> None:
        if len(self._buckets) < self.max_addresses:
            return
        full_after = self.burst / self.per_second
        for address, bucket in list(self._buckets.items()):
            if now - bucket.at >= full_after:
                del self._buckets[address]
        while len(self._buckets) >= self.max_addresses:  # all busy: drop the longest-tracked ones
            del self._buckets[next(iter(self._buckets))]
