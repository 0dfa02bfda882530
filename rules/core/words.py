"""Small helpers for sentences every game writes the same way."""

from __future__ import annotations

from collections.abc import Sequence


def listing(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "alice", "alice and bob", "alice, bob and carol"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
