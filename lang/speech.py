"""Looking words up: the language spoken now, the catalogues, and numbers, dates and lists in that language."""

from __future__ import annotations

import contextvars
import datetime as dt
import functools
import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_datetime
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from lang.pseudo import pseudo
from lang.registry import DEFAULT, LANGUAGES, PSEUDO

CATALOGUES = Path(__file__).with_name("catalogues")

_spoken: contextvars.ContextVar[str] = contextvars.ContextVar("ringmaster_language", default=DEFAULT)


def current() -> str:
    """The language being spoken (a code of ``LANGUAGES``)."""
    return _spoken.get()


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Speak ``language`` (any tag ``supported`` reads; None keeps the current one) until the block ends."""
    from lang.registry import supported

    code = current() if language is None else supported(language)
    token = _spoken.set(code)
    try:
        yield code
    finally:
        _spoken.reset(token)


def catalogue_files(code: str) -> list[Path]:
    """The language's catalogue: its ``<code>.po``, and any ``<code>-<part>.po`` kept beside it while a part of the
    code is being translated (they are merged into the one file by ``python -m lang merge``)."""
    return sorted(path for path in [CATALOGUES / f"{code}.po", *CATALOGUES.glob(f"{code}-*.po")] if path.exists())


def read_catalogue(code: str) -> Catalog:
    """All of ``code``'s translations as one Babel catalogue."""
    merged = Catalog(locale=LANGUAGES[code].babel, project="Ringmaster", charset="utf-8")
    for path in catalogue_files(code):
        with path.open("rb") as source:
            for message in read_po(source, locale=LANGUAGES[code].babel):
                if message.id:
                    merged[message.id] = message
    return merged


@functools.cache
def catalogue(code: str) -> NullTranslations:
    """The language's translations, read once per process (English has none: its catalogue is the source text
    itself, and the pseudo-language is made from it)."""
    if code in (DEFAULT, PSEUDO) or not catalogue_files(code):
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalogue(code))
    compiled.seek(0)
    return Translations(fp=compiled)


def _fill(text: str, fields: dict[str, Any]) -> str:
    return text.format(**fields) if fields else text


def tr(message: str, /, **fields: Any) -> str:
    """``message`` (English, with ``{named}`` fields) in the current language, its fields filled in."""
    code = current()
    if code == PSEUDO:
        return _fill(pseudo(message), fields)
    return _fill(catalogue(code).gettext(message), fields)


def trn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """A counted sentence in the current language's plural form for ``n`` (given to the text as ``{n}`` too)."""
    fields.setdefault("n", n)
    code = current()
    if code == PSEUDO:
        return _fill(pseudo(singular if n == 1 else plural), fields)
    return _fill(catalogue(code).ngettext(singular, plural, n), fields)


def trc(context: str, message: str, /, **fields: Any) -> str:
    """``message`` where its context tells which translation is meant: ``trc("talent", "Horse")``."""
    code = current()
    if code == PSEUDO:
        return _fill(pseudo(message), fields)
    return _fill(str(catalogue(code).pgettext(context, message)), fields)


# A name Discord accepts for a command, a group or an option (cogs/translator.py offers the same rule to Discord:
# a translation it would refuse leaves the English name, so the sentence must name the English one too).
_COMMAND_NAME = re.compile(r"[-_\w]{1,32}")


def _command_word(word: str) -> str:
    name = trc("command", word)
    return name if _COMMAND_NAME.fullmatch(name) and name == name.lower() else word


def command(words: str, /) -> str:
    """A slash command as the reader's Discord client shows and accepts it, to be named inside a sentence:
    ``command("game log")`` is "/game log" in English and "/spiel protokoll" in German. Each word is a command's,
    group's or option's English name, looked up as ``trc("command", word)`` exactly as the commands themselves are
    translated for Discord (cogs/translator.py). An option is written ``name:value``: its name is translated and
    its value (a number, "…") kept as given, so ``command("game abandon game:12")`` is "/spiel aufgeben spiel:12"
    in German. The sentence takes it as a field: ``tr("… (see {command})", command=command("game log"))``."""
    said = []
    for word in words.split(" "):
        name, colon, value = word.partition(":")
        said.append(_command_word(name) + colon + value)
    return "/" + " ".join(said)


def N_(message: str) -> str:
    """Marks a constant for the catalogue; it is translated later with ``tr(constant)``."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a constant for the catalogue under ``context``; it is translated later with ``trc(context, constant)``."""
    return message


def _babel_locale() -> str:
    return LANGUAGES[current()].babel


def number(value: float) -> str:
    """A number as the current language writes it: 1,234 or 1.234."""
    return str(format_decimal(value, locale=_babel_locale()))


def date_text(moment: dt.date | dt.datetime, format: str = "medium") -> str:
    """A date (or date and time) as the current language writes it."""
    if isinstance(moment, dt.datetime):
        return str(format_datetime(moment, format=format, locale=_babel_locale()))
    return str(format_date(moment, format=format, locale=_babel_locale()))


def listing(items: Sequence[str]) -> str:
    """Items as a sentence lists them in the current language: "a, b and c", "a, b und c"."""
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    # The language's own pattern (Babel's), with stand-ins for the items, so that only its joining words
    # are the language's: the pseudo-language accents them too.
    stand_ins = [f"{{{i}}}" for i in range(len(names))]
    pattern = str(format_list(stand_ins, locale=_babel_locale()))
    if current() == PSEUDO:
        pattern = pseudo(pattern)
    return pattern.format(*names)
