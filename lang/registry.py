"""The languages Ringmaster speaks. Adding one is a catalogue file (``lang/catalogues/<code>.po``) and a line here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    code: str
    """The catalogue's name and the code stored with a game (``de``)."""
    name: str
    """The language's name in itself, for menus: "Deutsch"."""
    babel: str
    """The Babel locale that formats its numbers, dates and lists."""
    discord: tuple[str, ...]
    """Discord's locale codes that read this language (``interaction.locale``, ``guild_locale``)."""


DEFAULT = "en"
PSEUDO = "qps"

LANGUAGES: dict[str, Language] = {
    # British patterns: lists without the serial comma, as every sentence was written before catalogues.
    "en": Language("en", "English", "en_GB", ("en-US", "en-GB")),
    "de": Language("de", "Deutsch", "de", ("de",)),
    # Never offered to players: the test suite reads whole games through it (see lang/pseudo.py).
    PSEUDO: Language(PSEUDO, "Ƥšéûðô", "en_GB", ()),
}


def supported(tag: object) -> str:
    """The language to speak for a locale tag from Discord or a browser (``de``, ``de-AT``, ``en-US``, a
    ``discord.Locale``), or the default for anything unknown."""
    raw = str(getattr(tag, "value", tag) or "").strip().replace("_", "-").lower()
    if not raw:
        return DEFAULT
    if raw in LANGUAGES:
        return raw
    for language in LANGUAGES.values():
        if raw in (code.lower() for code in language.discord):
            return language.code
    base = raw.split("-", 1)[0]
    return base if base in LANGUAGES and base != PSEUDO else DEFAULT
