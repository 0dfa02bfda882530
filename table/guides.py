"""The guides `/game rules` shows: a short summary of how each game is played here, section by section
(goal, setting up, a turn, scoring, the end, variants, playing in Discord). Their text lives in the
repository's docs, ``docs/guides/<kind>.md``, one ``## `` heading per section, so the docs and the bot
say the same thing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from table.errors import TableError
from table.kits import kit

GUIDES = Path(__file__).resolve().parent.parent / "docs" / "guides"
PAGE_LIMIT = 1900  # characters of one page, leaving room for its title line in a 2,000-character message


@dataclass(frozen=True)
class Section:
    title: str
    body: str


@cache
def guide(kind: str) -> tuple[Section, ...]:
    """The sections of a game's guide, in order."""
    name = kit(kind).name
    try:
        text = (GUIDES / f"{kind}.md").read_text(encoding="utf-8")
    except OSError as error:
        raise TableError(f"The guide to {name} is not installed with this copy of Ringmaster.") from error
    sections: list[Section] = []
    for chunk in text.split("\n## ")[1:]:
        title, _, body = chunk.partition("\n")
        sections.append(Section(title.strip(), body.strip()))
    if not sections:
        raise TableError(f"The guide to {name} has no sections.")
    return tuple(sections)


def find(kind: str, wanted: str | None) -> int:
    """The index of the section named (by its title or its start), else the first."""
    if not wanted:
        return 0
    lowered = wanted.strip().lower()
    for index, section in enumerate(guide(kind)):
        if section.title.lower() == lowered or section.title.lower().startswith(lowered):
            return index
    titles = ", ".join(section.title for section in guide(kind))
    raise TableError(f"The guide has no section called {wanted[:40]!r}; its sections are: {titles}.")


def page(kind: str, index: int) -> tuple[str, int]:
    """One section as a message, and how many sections there are."""
    sections = guide(kind)
    index = min(max(0, index), len(sections) - 1)
    section = sections[index]
    head = f"**{kit(kind).name} — {section.title}** ({index + 1}/{len(sections)})"
    return f"{head}\n{section.body}"[:PAGE_LIMIT + len(head)], len(sections)
