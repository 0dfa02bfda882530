"""The guides `/game rules` shows: a short summary of how each game is played here, section by section
(goal, setting up, a turn, scoring, the end, variants, playing in Discord). Their text lives in the
repository's docs, ``docs/guides/<kind>.md``, one ``## `` heading per section, so the docs and the bot
say the same thing.

Each language reads its own guide, ``docs/guides/<language>/<kind>.md`` (German: ``docs/guides/de/``), and the
English one while its own is not written yet; the pseudo-language reads the English guide with its prose accented
line by line and its markdown (headings, lists, bold, code, links) left working."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lang import DEFAULT, PSEUDO, current, tr
from lang.pseudo import pseudo
from table.errors import TableError
from table.kits import kit

GUIDES = Path(__file__).resolve().parent.parent / "docs" / "guides"
PAGE_LIMIT = 1900  # characters of one page, leaving room for its title line in a 2,000-character message


@dataclass(frozen=True)
class Section:
    title: str
    body: str


def guide(kind: str) -> tuple[Section, ...]:
    """The sections of a game's guide in the language spoken now, in order."""
    return _guide(kind, current())


# What the pseudo-language leaves as it is in a guide's line: code spans (commands a player types) and link
# targets; the markdown marks around the prose (#, -, **, 1.) have no letters, so accenting leaves them working.
_KEPT = re.compile(r"`[^`]*`|\]\([^)]*\)")


def pseudo_markdown(text: str) -> str:
    """A guide in the pseudo-language: each line's prose accented, its code spans and link targets kept."""
    lines = []
    for line in text.split("\n"):
        out, last = [], 0
        for kept in _KEPT.finditer(line):
            out += [pseudo(line[last:kept.start()]), kept.group()]
            last = kept.end()
        out.append(pseudo(line[last:]))
        lines.append("".join(out))
    return "\n".join(lines)


def _text(kind: str, language: str) -> str:
    """The guide's markdown for ``language``: its own file when there is one, else the English guide."""
    if language not in (DEFAULT, PSEUDO):
        own = GUIDES / language / f"{kind}.md"
        if own.is_file():
            return own.read_text(encoding="utf-8")
    text = (GUIDES / f"{kind}.md").read_text(encoding="utf-8")
    return pseudo_markdown(text) if language == PSEUDO else text


@cache
def _guide(kind: str, language: str) -> tuple[Section, ...]:
    name = kit(kind).name
    try:
        text = _text(kind, language)
    except OSError as error:
        raise TableError(tr("The guide to {game} is not installed with this copy of Ringmaster.", game=name)) \
            from error
    sections: list[Section] = []
    for chunk in text.split("\n## ")[1:]:
        title, _, body = chunk.partition("\n")
        sections.append(Section(title.strip(), body.strip()))
    if not sections:
        raise TableError(tr("The guide to {game} has no sections.", game=name))
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
    raise TableError(tr("The guide has no section called {wanted}; its sections are: {titles}.",
                        wanted=repr(wanted[:40]), titles=titles))


def page(kind: str, index: int) -> tuple[str, int]:
    """One section as a message, and how many sections there are."""
    sections = guide(kind)
    index = min(max(0, index), len(sections) - 1)
    section = sections[index]
    head = f"**{kit(kind).name} — {section.title}** ({index + 1}/{len(sections)})"
    return f"{head}\n{section.body}"[:PAGE_LIMIT + len(head)], len(sections)
