"""Every word a user reads, in their language: one message catalogue per language, looked up by English text.

Code writes its sentences in English with named fields, through the functions here, and never joins
translated pieces: ``tr("{name} gains ${amount}.", name=name, amount=3)``; ``trn("{n} card", "{n} cards", n)``
for counted nouns (each language's own plural rules, from its catalogue); ``trc("talent", "Acrobat")`` where
the same English word needs different translations (content names, one-word labels); ``N_("…")`` marks a
constant to be translated where it is used. Which language is spoken is the caller's choice, made once
around the work: ``with speaking("de"): …`` (a context variable, so it follows asyncio tasks and threads
started with ``asyncio.to_thread``; a worker process is handed the language with its job).

The catalogues (``lang/catalogues/<code>.po``) are gettext catalogues read with Babel, which also formats
numbers, dates and lists for each language. ``qps`` is the pseudo-language: every English text accented and
lengthened, so a test reading whole games through it finds any sentence that escaped the catalogue (its
plain ASCII letters stand out) and any box too tight for longer words. See docs/languages.md.
"""

from __future__ import annotations

from lang.registry import DEFAULT, LANGUAGES, PSEUDO, Language, supported
from lang.speech import (
    N_,
    NC_,
    command,
    current,
    date_text,
    listing,
    number,
    speaking,
    tr,
    trc,
    trn,
)

__all__ = ["DEFAULT", "LANGUAGES", "NC_", "N_", "PSEUDO", "Language", "command", "current", "date_text", "listing",
           "number", "speaking", "supported", "tr", "trc", "trn"]
