"""The catalogue's upkeep: finding every message in the code, and checking a language's file against them.

``python -m lang extract`` lists every message the code can show (``lang/catalogues/messages.pot``);
``python -m lang update de`` adds the new ones to German's file, untranslated; ``python -m lang check de``
names what is missing, untranslated, or whose fields differ from the English (a translation must keep every
``{field}``), and fails if anything is. See docs/languages.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from lang.registry import LANGUAGES
from lang.speech import CATALOGUES, catalogue_files, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
# The folders (and top-level modules) whose Python code speaks to users.
SOURCES = ("rules", "render", "table", "cogs", "web", "bot.py", "launch.py")
# How the functions of lang.speech take their messages (Babel's keyword notation): tr(message), trn(singular,
# plural, n), trc(context, message), N_(message), NC_(context, message).
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "tr": None, "trn": (1, 2), "trc": ((1, "c"), 2), "N_": None, "NC_": ((1, "c"), 2)}
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def new_catalogue(code: str | None) -> Catalog:
    """An empty catalogue with the project's header (``code`` None: the template of every message)."""
    name = LANGUAGES[code].name if code else "template"
    return Catalog(locale=code, project="Ringmaster", version="0.1.0", copyright_holder="the Ringmaster project",
                   msgid_bugs_address="the project's issues", last_translator="the Ringmaster project",
                   language_team=name,
                   charset="utf-8", fuzzy=False,
                   header_comment=f"# Ringmaster's messages: {name}. Translators follow the games' "
                                  "glossaries (docs/glossary/)\n# and docs/languages.md; check with `python -m lang "
                                  "check CODE`.")


def extract() -> Catalog:
    """Every message the code can show, with where it is used."""
    catalog = new_catalogue(None)
    for source in SOURCES:
        path = ROOT / source
        found: Iterable[tuple[str, int, str | tuple[str, ...], list[str], str | None]]
        if path.is_dir():
            found = ((f"{source}/{name}", line, message, comments, context)
                     for name, line, message, comments, context in extract_from_dir(
                         path, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",)))
        else:
            from babel.messages.extract import extract_from_file

            found = ((source, line, message, comments, context)
                     for line, message, comments, context in extract_from_file(
                         "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)))
        for filename, line, message, comments, context in found:
            catalog.add(message, locations=[(filename, line)], auto_comments=comments, context=context)
    return catalog


def read(code: str) -> Catalog:
    return read_catalogue(code)


def write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as target:
        write_po(target, catalog, width=116, omit_header=False, sort_output=False, include_lineno=False)


def fields(text: str) -> set[str]:
    return {match.group(1) for match in _FIELD.finditer(text)}


@dataclass(frozen=True)
class Problem:
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.what}: {self.message!r}"


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def problems(code: str, wanted: Catalog | None = None) -> list[Problem]:
    """What keeps ``code``'s catalogue from being complete and safe to use."""
    wanted = wanted if wanted is not None else extract()
    have = read(code)
    found: list[Problem] = []
    for message in wanted:
        if not message.id:
            continue
        key = _ids(message)[0]
        got = have.get(message.id, context=message.context)
        if got is None:
            found.append(Problem(key, "missing"))
            continue
        strings = tuple(str(part or "") for part in (got.string if isinstance(got.string, (list, tuple))
                                                      else (got.string,)))
        if got.fuzzy or not all(strings):
            found.append(Problem(key, "untranslated"))
            continue
        english = set().union(*(fields(part) for part in _ids(message)))
        for string in strings:
            if fields(string) - english or (len(strings) == 1 and fields(string) != english):
                found.append(Problem(key, f"fields differ ({sorted(fields(string))} for {sorted(english)})"))
                break
    return found


def update(code: str) -> int:
    """Brings ``code``'s file up to the code's messages: new ones added untranslated, gone ones dropped.
    Returns how many are untranslated."""
    wanted = extract()
    path = CATALOGUES / f"{code}.po"
    if path.exists():
        with path.open("rb") as source:
            catalog = read_po(source, locale=code)
        catalog.update(wanted, no_fuzzy_matching=True)
        catalog.obsolete.clear()
    else:
        catalog = new_catalogue(code)
        for message in wanted:
            if message.id:
                catalog.add(message.id, locations=message.locations, context=message.context)
    write(catalog, path)
    return sum(1 for message in catalog if message.id and not message.string)


def merge(code: str) -> Path:
    """Folds ``code``'s part files into its one catalogue file, in the order the code uses the messages, and
    removes the parts."""
    have = read_catalogue(code)
    catalog = new_catalogue(code)
    for message in extract():
        if not message.id:
            continue
        got = have.get(message.id, context=message.context)
        if got is not None:
            catalog.add(got.id, got.string, locations=message.locations, context=message.context,
                        auto_comments=got.auto_comments, user_comments=got.user_comments)
    path = CATALOGUES / f"{code}.po"
    write(catalog, path)
    for part in catalogue_files(code):
        if part != path:
            part.unlink()
    return path
