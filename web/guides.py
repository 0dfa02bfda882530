"""The games' guides as pages of the web companion, and the keys to the notations their choices use.

A guide's text is the one `/game rules` pages through in Discord (``docs/guides/<kind>.md``, read by
:mod:`table.guides`), so the docs, the bot and the web say the same thing. It is Markdown written by this
project, yet it is still rendered as untrusted text: CommonMark with raw HTML turned off (any ``<tag>`` is shown
as text) and markdown-it's own link check (no ``javascript:`` or ``data:`` addresses).

The keys (:data:`LEGENDS`) explain, beside the choices and in the guide, the short forms a choice's label uses
where words would make a button too long: Der Wanderzirkus' card sides, Little Circuses' grid squares.
"""

from __future__ import annotations

import re
from functools import cache

from markdown_it import MarkdownIt

from rules.little_circuses.board import size as grid_size
from rules.wanderzirkus.content import COLOUR_NAMES
from rules.wanderzirkus.text import COLOUR_SHORT
from table.guides import guide
from table.kits import KITS
from web.pages import e, layout


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _wanderzirkus() -> tuple[str, ...]:
    acts = ", ".join(f"{name} {colour}" for colour, name in COLOUR_NAMES.items())
    letters = ", ".join(f"{short} {colour}" for colour, short in COLOUR_SHORT.items())
    return (
        f"An artist is written Act [left side|right side]. The act names the card's colour: {acts}.",
        f"Each side lists the colours it connects with: {letters}. Juggling [B,P|B,R,Y$] is a yellow card whose "
        "left side connects with blue or purple and whose right side with blue, red or yellow.",
        "A new card goes to the right of the last card of your show, and its left side must share a colour "
        "with that card's right side.",
        "$ after a colour marks a coin connection, and (coin) a coin at the bottom of the card: both earn coins "
        "(see Yellow under Scoring).",
        "Other words in brackets after a card: (stop sign) is a stop sign (your show ends at the fourth); any "
        "other words are the card's effect, used right after it is played.",
        "Pause is the Pause card: it costs 4 VP, and any card may follow it.",
        "A city is written City (Region: colours, VP): it scores its VP when your show has an artist of every "
        "colour listed.",
    )


def _little_circuses() -> tuple[str, ...]:
    last = grid_size()
    letters = "ABCDEFGHIJ"[:last]
    return (
        f"A square of your circus is a column letter and a row number: columns {letters[0]} to {letters[-1]} "
        f"from left to right, rows 1 to {last} from top to bottom, as printed along the edges of your circus "
        "picture. C2 is the third column, second row.",
        "$ is money; a tile's icons are listed after its colour and price.",
        "A Public moves along the track's numbered spaces: \"from 2 to 4\" is from space 2 to space 4.",
    )


LEGENDS: dict[str, tuple[str, ...]] = {"wanderzirkus": _wanderzirkus(), "little_circuses": _little_circuses()}
"""kind → the sentences that explain its choices' short forms (a game whose choices are all words has none)."""


def legend(kind: str) -> str:
    """The key to a game's notations, as a small section (empty where there is nothing to explain)."""
    lines = LEGENDS.get(kind)
    if not lines:
        return ""
    items = "".join(f"<li>{e(line)}</li>" for line in lines)
    return (f'<details class="legend" id="legend" open><summary>How to read the choices</summary>'
            f"<ul>{items}</ul></details>")


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


@cache
def guide_body(kind: str) -> str:
    """A guide's sections as HTML (made once: the text is read from the docs when first asked for)."""
    markdown = _markdown()
    sections = guide(kind)
    contents = "".join(f'<li><a href="#{slug(section.title)}">{e(section.title)}</a></li>' for section in sections)
    parts = [f'<nav class="contents" aria-label="Sections"><ol>{contents}</ol></nav>']
    for section in sections:
        parts.append(f'<section class="guide-section" id="{slug(section.title)}"><h2>{e(section.title)}</h2>'
                     f"{markdown.render(section.body)}</section>")
    if kind in LEGENDS:
        items = "".join(f"<li>{e(line)}</li>" for line in LEGENDS[kind])
        parts.append(f'<section class="guide-section" id="reading-the-choices"><h2>Reading the choices</h2>'
                     f"<ul>{items}</ul></section>")
    return "\n".join(parts)


def guide_page(kind: str, back: str | None = None) -> str:
    """The whole guide to a game, with a way back to the page it was opened from."""
    name = KITS[kind].name
    others = " · ".join(f'<a href="/guide/{e(other)}">{e(entry.name)}</a>' for other, entry in KITS.items()
                        if other != kind)
    way_back = f'<a class="button" href="{e(back)}">Back to the game</a> ' if back else ""
    body = (f'<h1>How to play {e(name)}</h1>\n<article class="guide" id="guide">\n{guide_body(kind)}\n</article>\n'
            f'<nav class="links">{way_back}<span>Other guides: {others}</span></nav>')
    return layout(f"How to play {name}", body)
