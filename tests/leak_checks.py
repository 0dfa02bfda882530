"""What the leak tests of the Discord bot and of the web companion share: the names a game's view holds,
to tell what only a private view showed from what was ever public."""

from __future__ import annotations

from typing import Any


def names_in(data: Any) -> set[str]:
    """The names a view holds: the values of its "name" and "title" fields, at any depth."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "title") and isinstance(value, str) and len(value) >= 4:
                found.add(value)
            else:
                found |= names_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= names_in(value)
    return found
