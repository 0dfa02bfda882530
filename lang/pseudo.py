"""The pseudo-language ``qps``: English accented and lengthened, generated from the English text itself.

Every Latin letter becomes an accented look-alike that the bundled fonts draw (DejaVu), and every vowel is
doubled, which lengthens a sentence by about a third, as German or French would. A sentence that reached the
reader without passing through the catalogue therefore keeps plain ASCII letters, which a test finds; and a
box too tight for longer words shows in the pictures. Named fields (``{name}``), markup (``<b>``, ``<t:1:R>``),
HTML entities and format directives are left as they are, so the sentence still works.
"""

from __future__ import annotations

import re

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_LETTERS = str.maketrans(_PLAIN, _ACCENTED)
_VOWELS = re.compile(r"([aeiouAEIOU])")
# What must pass untouched: format fields, tags and Discord's tokens, entities, %-directives.
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[#\w]+;|%\(\w+\)[sd]|%[sd]")


def _accent(text: str) -> str:
    return _VOWELS.sub(r"\1\1", text).translate(_LETTERS)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: "Take your turn" → "Ţååķéé ýööûûŕ ţûûŕñ"."""
    out: list[str] = []
    last = 0
    for kept in _KEEP.finditer(text):
        out.append(_accent(text[last:kept.start()]))
        out.append(kept.group())
        last = kept.end()
    out.append(_accent(text[last:]))
    return "".join(out)


# Plain ASCII letters, two or more in a row: what a pseudo-language text never contains outside its fields.
ENGLISH_LEFT = re.compile(r"[A-Za-z]{2,}")
