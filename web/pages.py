"""The HTML of every page, from plain data (see :mod:`web.reading`): server-rendered, every text escaped,
no inline script or style (the pages' Content-Security-Policy allows only this server's own
``/static/companion.css`` and ``/static/companion.js``), and sized for a phone first.

Each page works without JavaScript; the script adds the live updates and the replay's quick stepping.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from lang import DEFAULT, LANGUAGES, PSEUDO, command, current, tr, trc, trn
from web.reading import PublicPart, SeatPart, when

LOG_SHOWN = 12
"""Log lines shown at once (the newest); the earlier ones are a tap away."""


def e(text: object) -> str:
    return escape(str(text), quote=True)


def h(text: str) -> str:
    """A sentence of the catalogue put into a page's text or a double-quoted attribute: escaped, but its
    apostrophes stay as written (the pages have always written them so). Fields that come from outside the
    catalogue (names, moves) are escaped with :func:`e` before they are filled in."""
    return escape(text, quote=False).replace('"', "&quot;")


asked_query: contextvars.ContextVar[tuple[tuple[str, str], ...]] = contextvars.ContextVar("asked_query", default=())
"""What of the page's address its language links keep (set by the companion for each request): where a guide
leads back to, a replay's step; never a one-time key (a pass step's or a note's is spent once its page is shown)."""


def switcher() -> str:
    """Links to the page in each language offered (the pseudo-language is for tests only: never offered).
    Each keeps the page's address; the language chosen is kept in a cookie for the pages opened from it."""
    here = current()
    kept = list(asked_query.get())
    links = []
    for code, language in LANGUAGES.items():
        if code == PSEUDO:
            continue
        if code == here:
            links.append(f'<span lang="{e(code)}" aria-current="true">{e(language.name)}</span>')
        else:
            address = "?" + urlencode([*kept, ("lang", code)])
            links.append(f'<a href="{e(address)}" lang="{e(code)}" hreflang="{e(code)}">{e(language.name)}</a>')
    label = e(tr("Language"))
    return f'<nav class="languages" aria-label="{label}">{" · ".join(links)}</nav>'


def html_lang() -> str:
    """The page's ``lang`` attribute: the language spoken (the pseudo-language reads as English's script)."""
    code = current()
    return "en" if code in (DEFAULT, PSEUDO) else code


def layout(title: str, body: str, *, home: str = "/", wide: bool = False) -> str:
    return f"""<!doctype html>
<html lang="{html_lang()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>{e(title)} · Ringmaster</title>
<link rel="stylesheet" href="/static/companion.css">
<script src="/static/companion.js" defer></script>
</head>
<body>
<header class="top"><a href="{e(home)}">🎪 Ringmaster</a>{switcher()}</header>
<main{' class="wide"' if wide else ""}>
{body}
</main>
</body>
</html>
"""


def refusal(title: str, sentence: str) -> str:
    return layout(title, f'<h1>{e(title)}</h1>\n<p class="refusal" id="refusal">{e(sentence)}</p>')


def index() -> str:
    # The message holds markup; its one field, the command, is escaped.
    return layout("Ringmaster", tr("<h1>Ringmaster's web companion</h1>\n<p>Game pages open from the links the bot "
                                   "gives in Discord: the <strong>Follow on the web</strong> button on a game's board, "
                                   "and <code>{command}</code> for your own seat's private page.</p>",
                                   command=e(command("game web"))))


# ----- a game ----------------------------------------------------------------------------------------
def board_images(prefix: str, part: PublicPart) -> str:
    if not part.images:
        return ""
    figures = []
    for number in range(part.images):
        alt = part.board_alt if number == 0 else tr("The players' areas, part {number} of {count}.", number=number,
                                                     count=part.images - 1)
        source = f"{prefix}/board/{part.version}/{number}.png"
        # A link to the image itself: on a phone it opens full size, to zoom into.
        figures.append(f'<a class="zoom" href="{e(source)}" target="_blank" rel="noopener">'
                       f'<img class="board" src="{e(source)}" alt="{e(alt)}"></a>')
    # The main board alone in the first figure, so a page can keep it in view beside the choices; the players'
    # areas follow it.
    main = f'<figure class="board main" id="board">{figures[0]}</figure>'
    more = f'<figure class="board more">{"".join(figures[1:])}</figure>' if len(figures) > 1 else ""
    return main + more


def public_section(prefix: str, part: PublicPart) -> str:
    """Everything the thread shows: the board, who acts, the scores and the log."""
    rows = [f'<p class="status" id="status">{e(part.status)}</p>']
    if part.waiting:
        rows.append('<ul class="waiting" id="waiting">' + "".join(f"<li>{e(line)}</li>" for line in part.waiting)
                    + "</ul>")
    rows.append(board_images(prefix, part))
    if part.scores:
        heading = e(tr("Final scores") if part.over else tr("Scores"))
        rows.append(f'<h2>{heading}</h2><table class="scores" id="scores">' +
                    "".join(f"<tr><th>{e(name)}</th><td>{e(score)}</td></tr>" for name, score in part.scores)
                    + "</table>")
    if part.board_words:
        summary = e(tr("The board in words"))
        rows.append(f'<details class="words"><summary>{summary}</summary>'
                    f"<pre>{e(part.board_words)}</pre></details>")
    if part.log:
        newest = list(reversed(part.log))
        shown = "".join(f"<li>{e(line)}</li>" for line in newest[:LOG_SHOWN])
        # Numbered from the game's first event: the shown part ends where the folded part starts counting.
        heading = tr("What happened <small>(newest first)</small>")  # markup and no field
        rows.append(f'<h2>{heading}</h2><ol class="log" id="log" reversed start="{len(newest)}">{shown}</ol>')
        if len(newest) > LOG_SHOWN:
            earlier = "".join(f"<li>{e(line)}</li>" for line in newest[LOG_SHOWN:])
            folded = e(trn("{n} earlier", "{n} earlier", len(newest) - LOG_SHOWN))
            rows.append(f'<details class="earlier"><summary>{folded}</summary>'
                        f'<ol class="log" start="{len(newest) - LOG_SHOWN}" reversed>{earlier}</ol></details>')
    return "\n".join(row for row in rows if row)


@dataclass(frozen=True)
class FocusPart:
    """The part of the public board a seat's decision needs, for a phone (see render.focus)."""

    source: str
    alt: str
    board_url: str
    """The board's picture the part is cut from, which a tap on the part opens full size."""
    size: tuple[int, int] | None = None
    """The part's width and height on the board: the page holds its room before it loads, so the choices below
    do not move down when it arrives."""


def focus_figure(focus: FocusPart) -> str:
    """Only a phone shows it (companion.css), under the question: there the whole board's words are too small to
    read. Lazy, so a desktop, which hides it, never asks for it."""
    below = tr('<a href="#board">The whole board</a> is below.')
    size = f' width="{focus.size[0]}" height="{focus.size[1]}"' if focus.size else ""
    return (f'<figure class="focus" id="focus"><a class="zoom" href="{e(focus.board_url)}" target="_blank" '
            f'rel="noopener"><img class="focus" src="{e(focus.source)}" alt="{e(focus.alt)}"{size} loading="lazy"></a>'
            f"<figcaption>{below}</figcaption></figure>")


def seat_section(hand_url: str, seat: SeatPart, focus: FocusPart | None = None) -> str:
    """A seat's own secrets, for its private page (and the sandbox's player at the screen)."""
    rows = [f'<section class="private" id="private"><h2>{seat_heading(seat.name)}</h2>']
    if seat.expires is not None:
        rows.append('<p class="note">' + e(tr("This page is yours alone: its link shows your hand. Do not share it; "
                                              "it stops working on {when}.", when=when(seat.expires))) + "</p>")
    if seat.prompt:
        rows.append(f'<p class="prompt" id="prompt">{e(seat.prompt)}</p>')
    if focus is not None:
        rows.append(focus_figure(focus))
    if seat.lines:
        rows.append('<ul class="secrets" id="secrets">' + "".join(f"<li>{e(line)}</li>" for line in seat.lines)
                    + "</ul>")
    elif seat.hand_alt:
        rows.append('<p class="secrets" id="secrets">' + e(tr("You hold nothing secret right now.")) + "</p>")
    if seat.hand_alt:
        rows.append(f'<figure class="hand"><img class="hand" src="{e(hand_url)}" alt="{e(seat.hand_alt)}"></figure>')
    rows.append("</section>")
    return "\n".join(rows)


def seat_heading(name: str) -> str:
    """"alice's seat (only you)" as HTML: the name escaped before it is filled into the message's markup."""
    return tr("{name}'s seat <small>(only you)</small>", name=e(name))


def guide_link(prefix: str, kind: str) -> str:
    """A link to the game's guide; it leads back to an open game's page (never to a signed link's address)."""
    if not kind:
        return ""
    back = f"?from={prefix}" if prefix.startswith("/game/") else ""
    label = e(tr("How to play"))
    return f' <a class="button" id="guide-link" href="/guide/{e(kind)}{e(back)}">{label}</a>'


def game_page(prefix: str, part: PublicPart, seat: SeatPart | None, poll_ms: int,
              focus: FocusPart | None = None) -> str:
    """The spectator page (``seat`` None) or a seat's private page (with, on a phone, the part of the board its
    decision needs); it follows the game by itself."""
    title = part.title if seat is None else tr("{title} — {name}'s seat", title=part.title, name=seat.name)
    private = seat_section(f"{prefix}/hand/{part.version}.png", seat, focus) if seat is not None else ""
    live = "" if part.over else f' data-poll="{e(prefix)}/state.json" data-every="{poll_ms}"'
    replay = e(tr("Replay the game") if part.over else tr("Replay the game so far"))
    body = (f'<section id="live" data-version="{part.version}" data-lang="{e(current())}"{live}>\n'
            f"<h1>{e(title)}</h1>\n{private}\n"
            f"{public_section(prefix, part)}\n</section>\n"
            f'<nav class="links"><a class="button" id="replay-link" href="{e(prefix)}/replay">'
            f"{replay}</a>"
            f"{guide_link(prefix, part.kind)}</nav>")
    return layout(title, body)


# ----- the replay ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplayStep:
    image: str
    alt: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Fairness:
    """A finished game's seed reveal and the check of its record."""

    seed: int
    salt: str
    commitment: str
    verified: bool
    verdict: tuple[str, ...]
    record_url: str
    command: str


def replay_page(prefix: str, title: str, steps: Sequence[ReplayStep], current: int,
                fairness: Fairness | None) -> str:
    if not steps:
        heading = tr("{title} — replay", title=title)
        return layout(heading, f"<h1>{e(heading)}</h1>\n<p>" + e(tr("The game has not started yet.")) + "</p>")
    count = len(steps)
    current = min(max(current, 0), count - 1)
    step = steps[current]
    data = json.dumps([{"image": s.image, "alt": s.alt, "lines": list(s.lines)} for s in steps],
                      ensure_ascii=False).replace("<", "\\u003c")
    no_lines = tr("(a change on the board)")
    lines = "".join(f"<li>{e(line)}</li>" for line in step.lines) or f"<li>{e(no_lines)}</li>"
    heading = tr("{title} — replay", title=title)
    # The script words its step titles from this very sentence, with its own numbers: {step} and {count} stay.
    step_words = tr("Step {step} of {count}")

    # The step buttons' names for screen readers (their faces are arrows).
    named = {"first": trc("replay step", "first"), "previous": trc("replay step", "previous"),
             "next": trc("replay step", "next"), "last": trc("replay step", "last")}

    def jump(label: str, name: str, target: int, disabled: bool) -> str:
        state = ' aria-disabled="true"' if disabled else ""
        return (f'<a class="button" id="{name}" href="?step={target + 1}" aria-label="{e(named[name])}"{state}>'
                f"{label}</a>")

    words = {"step": e(tr("Step")), "keys": e(tr("Keys: ← and → step, Home and End jump.")),
             "back": e(tr("Back to the game"))}
    body = f"""<h1>{e(heading)}</h1>
<div id="replay" data-step="{current}" data-count="{count}" data-step-words="{e(step_words)}" \
data-no-lines="{e(no_lines)}">
<p class="step-title" id="step-title">{e(step_words.format(step=current + 1, count=count))}</p>
<figure class="board"><img class="board" id="step-image" src="{e(step.image)}" alt="{e(step.alt)}"></figure>
<div class="controls">
{jump("⏮", "first", 0, current == 0)}
{jump("◀", "previous", max(current - 1, 0), current == 0)}
<input type="range" id="slider" min="0" max="{count - 1}" value="{current}" aria-label="{words['step']}">
{jump("▶", "next", min(current + 1, count - 1), current == count - 1)}
{jump("⏭", "last", count - 1, current == count - 1)}
</div>
<p class="hint">{words['keys']}</p>
<ul class="step-lines" id="step-lines">{lines}</ul>
</div>
<script type="application/json" id="replay-steps">{data}</script>
{fairness_section(fairness)}
<nav class="links"><a class="button" href="{e(prefix)}">{words['back']}</a></nav>"""
    return layout(heading, body)


def fairness_section(fairness: Fairness | None) -> str:
    if fairness is None:
        return ('<section class="fairness"><h2>' + e(tr("Fair play")) + "</h2><p>"
                + e(tr("The secret seed behind every shuffle and roll is revealed when the game ends, with a record "
                       "anyone can check.")) + "</p></section>")
    mark = tr("✅ Verified") if fairness.verified else tr("❌ Not verified")
    verdict = "".join(f"<li>{e(line)}</li>" for line in fairness.verdict)
    # The fields are escaped before they are filled in: the message holds markup.
    revealed = tr('The secret seed was <code>{seed}</code> with salt <code>{salt}</code>; the\ncommitment shown when '
                  'the game started was <code class="wrap">{commitment}</code>.', seed=fairness.seed,
                  salt=e(fairness.salt or tr("(none)")), commitment=e(fairness.commitment))
    check = tr('Check it yourself: <code class="wrap">{command}</code>', command=e(fairness.command))
    heading = e(tr("Fair play: {mark}", mark=mark))
    download = e(tr("Download the game record"))
    return f"""<section class="fairness" id="fairness"><h2>{heading}</h2>
<p>{revealed}</p>
<ul class="verdict" id="verdict">{verdict}</ul>
<p><a class="button" href="{e(fairness.record_url)}" download>{download}</a></p>
<p>{check}</p></section>"""
