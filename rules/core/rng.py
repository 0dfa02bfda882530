"""A small seeded PRNG whose whole state is one integer kept inside the game state.

SplitMix64 is used because it is tiny, fast in pure Python, passes BigCrush and gives the same
stream on every Python version: replaying a game from its seed and action log is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


@dataclass
class Rng:
    """Mutable generator; copy the owning state before drawing if the old state must survive."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pick(self, items: list[T]) -> T:
        return items[self.below(len(items))]
