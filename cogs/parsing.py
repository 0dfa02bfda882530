"""Reading what a member typed into a command: bounded, ASCII-only numbers (``"²".isdigit()`` is true
but ``int("²")`` fails, and ``int`` refuses numbers over 4,300 digits), and a short quote of their text
for a refusal (so an answer never grows past Discord's limit with the member's own words)."""

from __future__ import annotations

from lang import tr
from table.errors import TableError

QUOTE = 80  # characters of what a member typed that a refusal repeats
NUMBER_DIGITS = 18  # every number a member types fits in a 64-bit id or far less


def number(text: str, *, signed: bool = False, digits: int = NUMBER_DIGITS) -> int | None:
    """The whole number ``text`` spells in ASCII digits (with a leading minus if ``signed``), or None."""
    body = text.strip()
    negative = signed and body.startswith("-")
    if negative:
        body = body[1:]
    if not (body.isascii() and body.isdecimal()) or len(body) > digits:
        return None
    return -int(body) if negative else int(body)


def quoted(text: str, limit: int = QUOTE) -> str:
    """What a member typed, quoted for a refusal: at most ``limit`` characters, marked when cut."""
    body = "".join(ch for ch in " ".join(str(text).split()) if ch.isprintable())
    return f"“{body if len(body) <= limit else body[:limit - 1] + '…'}”"


def within(value: float, low: float, high: float, what: str) -> float:
    """``value`` if it lies in [low, high]; otherwise a refusal naming ``what`` (marked with ``N_``: it is
    translated here, and reads as the sentence's subject) and the range. Discord's app enforces a command's declared
    ranges, but a request can carry anything, so handlers check again."""
    if not (isinstance(value, int | float) and low <= value <= high):  # also refuses NaN
        named = tr(what)
        raise TableError(tr("{what} must be between {low} and {high}.", what=named[:1].upper() + named[1:],
                            low=format(low, "g"), high=format(high, "g")))
    return value
