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
from collections.abc import Callable
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from lang import DEFAULT, PSEUDO, current, speaking, tr
from lang.pseudo import pseudo
from rules.little_circuses.board import size as grid_size
from rules.wanderzirkus import names
from rules.wanderzirkus.content import COLOUR_NAMES
from table.guides import GUIDES, Section, guide
from table.kits import KITS
from web.pages import e, layout


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _wanderzirkus() -> tuple[str, ...]:
    # The game's own names and letters (rules/wanderzirkus/names.py), so the key matches the choices it explains.
    acts = ", ".join(tr("{name} {colour}", name=names.act(colour), colour=names.colour_word(colour))
                     for colour in COLOUR_NAMES)
    letters = ", ".join(tr("{short} {colour}", short=names.colour_letter(colour), colour=names.colour_word(colour))
                        for colour in COLOUR_NAMES)
    return (
        tr("An artist is written Act [left side|right side]. The act names the card's colour: {acts}.", acts=acts),
        tr("Each side lists the colours it connects with: {letters}. Juggling [B,P|B,R,Y$] is a yellow card whose "
           "left side connects with blue or purple and whose right side with blue, red or yellow.", letters=letters),
        tr("A new card goes to the right of the last card of your show, and its left side must share a colour "
           "with that card's right side."),
        tr("$ after a colour marks a coin connection, and (coin) a coin at the bottom of the card: both earn coins "
           "(see Yellow under Scoring)."),
        tr("Other words in brackets after a card: (stop sign) is a stop sign (your show ends at the fourth); any "
           "other words are the card's effect, used right after it is played."),
        tr("Pause is the Pause card: it costs 4 VP, and any card may follow it."),
        tr("A city is written City (Region: colours, VP): it scores its VP when your show has an artist of every "
           "colour listed."),
    )


def _little_circuses() -> tuple[str, ...]:
    last = grid_size()
    letters = "ABCDEFGHIJ"[:last]
    return (
        tr("A square of your circus is a column letter and a row number: columns {first} to {last} "
           "from left to right, rows 1 to {rows} from top to bottom, as printed along the edges of your circus "
           "picture. C2 is the third column, second row.", first=letters[0], last=letters[-1], rows=last),
        tr("$ is money; a tile's icons are listed after its colour and price."),
        tr("A Public moves along the track's numbered spaces: \"from 2 to 4\" is from space 2 to space 4."),
    )


LEGENDS: dict[str, Callable[[], tuple[str, ...]]] = {"wanderzirkus": _wanderzirkus, "little_circuses": _little_circuses}
"""kind → the sentences that explain its choices' short forms, in the language spoken (a game whose choices are
all words has none)."""


def legend(kind: str) -> str:
    """The key to a game's notations, as a small section (empty where there is nothing to explain)."""
    lines = LEGENDS[kind]() if kind in LEGENDS else ()
    if not lines:
        return ""
    items = "".join(f"<li>{e(line)}</li>" for line in lines)
    summary = e(tr("How to read the choices"))
    return f'<details class="legend" id="legend" open><summary>{summary}</summary><ul>{items}</ul></details>'


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


def translated_sections(kind: str, language: str) -> tuple[Section, ...] | None:
    """The guide written in ``language`` (``docs/guides/<language>/<kind>.md``), or None where there is none yet."""
    path = GUIDES / language / f"{kind}.md"
    if language in (DEFAULT, PSEUDO) or not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    sections = []
    for chunk in text.split("\n## ")[1:]:  # the same shape as the English guide: one "## " heading a section
        title, _, body = chunk.partition("\n")
        sections.append(Section(title.strip(), body.strip()))
    return tuple(sections) or None


def pseudo_tokens(tokens: list[Token]) -> None:
    """The pseudo-language over a parsed guide: only its text is changed, so links, code and markup stay."""
    for token in tokens:
        if token.children:
            pseudo_tokens(token.children)
        elif token.type == "text":
            token.content = pseudo(token.content)


def render_markdown(markdown: MarkdownIt, text: str, language: str) -> str:
    if language != PSEUDO:
        return str(markdown.render(text))
    tokens = markdown.parse(text)
    pseudo_tokens(tokens)
    rendered: str = markdown.renderer.render(tokens, markdown.options, {})
    return rendered


@cache
def guide_body(kind: str, language: str = DEFAULT) -> str:
    """A guide's sections as HTML in ``language`` (made once per language: the text is read from the docs when
    first asked for): the guide written in it where there is one, else the English guide."""
    markdown = _markdown()
    sections = translated_sections(kind, language) or guide(kind)
    with speaking(language):
        def title_of(section: Section) -> str:
            return pseudo(section.title) if language == PSEUDO else section.title

        contents = "".join(f'<li><a href="#{slug(section.title)}">{e(title_of(section))}</a></li>'
                           for section in sections)
        label = e(tr("Sections"))
        parts = [f'<nav class="contents" aria-label="{label}"><ol>{contents}</ol></nav>']
        for section in sections:
            parts.append(f'<section class="guide-section" id="{slug(section.title)}"><h2>{e(title_of(section))}</h2>'
                         f"{render_markdown(markdown, section.body, language)}</section>")
        if kind in LEGENDS:
            items = "".join(f"<li>{e(line)}</li>" for line in LEGENDS[kind]())
            heading = e(tr("Reading the choices"))
            parts.append(f'<section class="guide-section" id="reading-the-choices"><h2>{heading}</h2>'
                         f"<ul>{items}</ul></section>")
    return "\n".join(parts)


def guide_page(kind: str, back: str | None = None) -> str:
    """The whole guide to a game, in the language spoken, with a way back to the page it was opened from."""
    name = KITS[kind].name
    others = " · ".join(f'<a href="/guide/{e(other)}">{e(entry.name)}</a>' for other, entry in KITS.items()
                        if other != kind)
    back_words = e(tr("Back to the game"))
    way_back = f'<a class="button" href="{e(back)}">{back_words}</a> ' if back else ""
    title = tr("How to play {name}", name=name)
    # The other guides' links hold markup: the sentence is escaped, then the links are put in.
    other_guides = e(tr("Other guides: {guides}")).format(guides=others)
    body = (f'<h1>{e(title)}</h1>\n<article class="guide" id="guide">\n{guide_body(kind, current())}\n</article>\n'
            f'<nav class="links">{way_back}<span>{other_guides}</span></nav>')
    return layout(title, body)
