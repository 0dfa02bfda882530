"""The sandbox's HTML: the page to set up a game, and the table a game is played at by clicking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lang import command, tr, trc
from rules.core.game import Game
from rules.core.options import OptionSpec
from table.compose import option_name, option_value
from table.kits import KITS
from web.guides import legend
from web.pages import FocusPart, e, focus_figure, h, layout, public_section, seat_heading
from web.reading import PublicPart, SeatPart

DEFAULT_SEATS = 2


@dataclass(frozen=True)
class Listed:
    """A sandbox game still being played, for the list on the first page."""

    game_id: int
    title: str
    version: int


def option_field(spec: OptionSpec) -> str:
    words = option_name(spec.key)
    name = f"option-{spec.key}"
    # A variant's description is the rules' own sentence, marked for the catalogue where the game declares it.
    about = " <small>— " + e(tr(spec.description)) + "</small>" if spec.description else ""
    if spec.kind == "bool":
        checked = " checked" if spec.default is True else ""
        return f'<label><input type="checkbox" name="{e(name)}" value="true"{checked}> {e(words)}{about}</label>'
    if spec.kind == "choice":
        choices = "".join(f'<option value="{e(c)}"{" selected" if c == spec.default else ""}>'
                          f"{e(option_value(c))}</option>" for c in spec.choices)
        return f'<label>{e(words)}: <select name="{e(name)}">{choices}</select>{about}</label>'
    bounds = (f' min="{spec.minimum}"' if spec.minimum is not None else "") + \
        (f' max="{spec.maximum}"' if spec.maximum is not None else "")
    return f'<label>{e(words)}: <input type="number" name="{e(name)}" value="{e(spec.default)}"{bounds}>{about}</label>'


def learn_form(kind: str, game: Game[Any, Any]) -> str:
    """The start page's entry that opens a practice game of ``kind``."""
    label = e(tr("Learn {game}", game=tr(game.name)))
    return (f'<form class="learn-game" method="post" action="/sandbox/learn"><input type="hidden" name="kind" '
            f'value="{e(kind)}"><button class="primary" type="submit">{label}</button></form>')


def new_game_form(kind: str, game: Game[Any, Any]) -> str:
    seats = max(game.min_players, min(DEFAULT_SEATS, game.max_players))
    seat_words = {seat: e(tr("Seat {seat}", seat=seat)) for seat in range(1, game.max_players + 1)}
    robots = "".join(f'<label><input type="checkbox" name="automatic" value="{seat}"{" checked" if seat > 1 else ""}>'
                     f" {seat_words[seat]}</label>" for seat in range(1, game.max_players + 1))
    options = "".join(option_field(spec) for spec in game.option_specs)
    variants = "<fieldset><legend>" + e(tr("Variants")) + f"</legend>{options}</fieldset>" if options else ""
    start = e(tr("Start a game of {game}", game=tr(game.name)))
    players = e(tr("Players ({least}–{most}):", least=game.min_players, most=game.max_players))
    takes = e(tr("The automatic player takes (the other seats are yours, in turn at this screen)"))
    return f"""<form class="new-game" id="new-{e(kind)}" method="post" action="/sandbox/new">
<h2>{e(tr(game.name))}</h2>
<input type="hidden" name="kind" value="{e(kind)}">
<label>{players}
<input type="number" name="seats" min="{game.min_players}" max="{game.max_players}" value="{seats}"></label>
<fieldset class="seats"><legend>{takes}</legend>
{robots}
</fieldset>
{variants}
<button class="primary" type="submit">{start}</button>
</form>"""


def home(games: Sequence[tuple[str, Game[Any, Any]]], listed: Sequence[Listed], said: str | None = None) -> str:
    going = ""
    if listed:
        going = "<h2>" + e(tr("Games in progress")) + "</h2><ul>" + "".join(
            f'<li><a href="/sandbox/{g.game_id}">{e(g.title)}</a></li>' for g in listed) + "</ul>"
    warning = f'<p class="said" id="said">{e(said)}</p>' if said else ""
    forms = "\n".join(new_game_form(kind, game) for kind, game in games)
    learn = "".join(learn_form(kind, game) for kind, game in games)
    guides = ", ".join(f'<a href="/guide/{e(kind)}">{how}</a>' for kind, how in
                       ((kind, e(tr("how to play {game}", game=game.name))) for kind, game in games))
    # Messages holding markup are filled with fields already HTML (the guides' links) or none at all.
    words = {
        "title": e(tr("The Ringmaster sandbox")),
        "intro": h(tr("Try the four circus games here, without Discord: pick a game, how many players, which seats "
                      "the automatic\nplayer takes, and the variants; then play by clicking the choices (the same "
                      "ones the Discord panels offer).\nThe rules, the save file and the drawings are the bot's own.")),
        "guides": e(tr("New to these games? Each has a short guide: {guides}.")).format(guides=guides),
        "learn": e(tr("Learn")),
        "learn_about": e(tr("Play a game alone against easy automatic players: the first time each kind of decision "
                            "comes up it is explained,\nthe suggested choice is marked ★, and “Why not…?” tells you "
                            "the rule behind any choice you cannot make.")),
        "kept": e(tr("Replay a game you kept")),
        "kept_about": tr("The record from <code>{command}</code> (the .json file): it is checked, played again "
                         "here, and its replay\nopens, with its review once computed.",
                         command=e(command("game export"))),
        "record": h(tr("The game's record")),
        "import": e(tr("Import and replay")),
    }
    body = f"""<h1>{words["title"]}</h1>
<p>{words["intro"]}</p>
<p>{words["guides"]}</p>
{warning}{going}
<section class="learn-table" id="learn" aria-labelledby="learn-title"><h2 id="learn-title">{words["learn"]}</h2>
<p>{words["learn_about"]}</p>
<div class="learn-games">{learn}</div></section>
{forms}
<form class="new-game" id="import" method="post" action="/sandbox/import" enctype="multipart/form-data">
<h2>{words["kept"]}</h2>
<p>{words["kept_about"]}</p>
<input type="file" name="record" accept=".json,application/json" aria-label="{words["record"]}">
<button class="primary" type="submit">{words["import"]}</button>
</form>"""
    return layout(tr("Sandbox"), body)


@dataclass(frozen=True)
class Panel:
    """The choices of the seat at the screen."""

    seat: SeatPart
    key: str
    """The panel's one-time key: its choice and its hand's picture need it (see ``web.sandbox.Sandbox``)."""
    labels: tuple[str, ...]
    suggested: int | None
    """The choice the automatic player would make, marked as a hint."""
    hand_url: str
    lesson: str | None = None
    """A practice game's lesson for this decision, the first time it comes up (see table.practice)."""
    why_not: tuple[tuple[str, str], ...] = ()
    """A practice game's choices that are not legal now, each with the rules' sentence why not."""
    focus: tuple[str, str] | None = None
    """The address and alt text of the board's part this decision needs, shown on a phone (see render.focus)."""
    board_url: str = ""
    """The board's picture the part is cut from, which a tap on the part opens full size."""
    focus_size: tuple[int, int] | None = None
    """The part's width and height on the board, so the page holds its room before it loads."""


RECENT = 4
"""The newest events shown beside the choices (the whole log is under the board)."""


def choice_button(number: int, label: str, suggested: bool) -> str:
    title, word = e(tr("The automatic player would choose this")), e(trc("choice hint", "suggested"))
    hint = f' suggested" title="{title}" data-hint="{word}' if suggested else ""
    return f'<button class="choice{hint}" type="submit" name="choice" value="{number}">{e(label)}</button>'


def recent(part: PublicPart) -> str:
    """What just happened (the automatic seats' moves too), beside the choices rather than far below."""
    if not part.log:
        return ""
    lines = "".join(f"<li>{e(line)}</li>" for line in reversed(part.log[-RECENT:]))
    heading = e(tr("Just now"))
    return f'<div class="recent" id="recent"><h3>{heading}</h3><ul>{lines}</ul></div>'


def panel_section(game_id: int, kind: str, part: PublicPart, panel: Panel) -> str:
    seat = panel.seat
    choices = "".join(choice_button(number, label, number == panel.suggested)
                      for number, label in enumerate(panel.labels))
    rows = [f'<section class="private" id="private"><h2>{seat_heading(seat.name)}</h2>']
    if seat.prompt:
        rows.append(f'<p class="prompt" id="prompt" tabindex="-1">{e(seat.prompt)}</p>')
    if panel.focus is not None:
        # Only a phone shows it (companion.css), first under the question: there the whole board's words are too
        # small to read. Lazy, so a desktop, which hides it, never asks for it.
        source, alt = panel.focus
        rows.append(focus_figure(FocusPart(source, alt, panel.board_url, panel.focus_size)))
    if panel.lesson:
        heading = e(tr("Lesson"))
        rows.append(f'<div class="lesson" id="lesson"><h3>{heading}</h3><p>{e(panel.lesson)}</p></div>')
    rows.append(recent(part))
    yours = e(tr("Your choices"))
    rows.append(f'''<form method="post" action="/sandbox/{game_id}/choose" id="choices">
<input type="hidden" name="key" value="{e(panel.key)}">
<div class="choices" role="group" aria-label="{yours}">{choices}</div></form>''')
    if panel.why_not:
        # Answered in the page itself: each tempting choice opens the rules' own sentence, no form needed.
        items = "".join(f"<li><details><summary>{e(asked)}</summary><p>{e(why)}</p></details></li>"
                        for asked, why in ((tr("{choice}?", choice=label), why) for label, why in panel.why_not))
        heading, about = e(tr("Why not…?")), e(tr("Choices you cannot make right now, and the rule that stops each:"))
        rows.append(f'<section class="why-not" id="why-not" aria-labelledby="why-not-title">'
                    f'<h3 id="why-not-title">{heading}</h3><p>{about}</p><ul>{items}</ul></section>')
    rows.append(legend(kind))  # right under the choices: the board stays close above them on a phone
    if seat.lines:
        rows.append('<ul class="secrets" id="secrets">' + "".join(f"<li>{e(line)}</li>" for line in seat.lines)
                    + "</ul>")
    elif seat.hand_alt:
        rows.append('<p class="secrets" id="secrets">' + e(tr("You hold nothing secret right now.")) + "</p>")
    if seat.hand_alt:
        # A tap opens the hand full size in a new tab, so this page (and its one-time panel) stays open.
        rows.append(f'<figure class="hand"><a class="zoom" href="{e(panel.hand_url)}" target="_blank" rel="noopener">'
                    f'<img class="hand" src="{e(panel.hand_url)}" alt="{e(seat.hand_alt)}"></a></figure>')
    rows.append("</section>")
    return "\n".join(row for row in rows if row)


def play(game_id: int, kind: str, part: PublicPart, panel: Panel | None, gate: tuple[int, str] | None,
         said: str | None, waiting_for_robots: bool, commitment: str) -> str:
    prefix = f"/game/{game_id}"
    side: str
    if gate is not None:
        seat, name = gate
        turn = tr("{name}'s turn", name=e(name))
        pass_on = e(tr("Pass the screen to {name}: the next page shows their hand and their choices, once.", name=name))
        show = e(tr("I am {name}: show my choices", name=name))
        side = (f'<section class="private" id="gate"><h2 id="prompt" tabindex="-1">{turn}</h2>'
                f"<p>{pass_on}</p>"
                f'{recent(part)}<form method="post" action="/sandbox/{game_id}/pass">'
                f'<input type="hidden" name="seat" value="{seat}">'
                f'<button class="primary" id="show" type="submit">{show}</button></form>'
                "</section>")
    elif panel is not None:
        side = panel_section(game_id, kind, part, panel)
    elif waiting_for_robots:
        thinking, again = e(tr("The automatic player is thinking…")), e(tr("Look again"))
        side = (f'<p id="prompt" tabindex="-1">{thinking} '
                f'<a class="button" href="/sandbox/{game_id}#turn">{again}</a></p>{recent(part)}')
    else:
        over, replay, another = (e(tr("The game is over.")), e(tr("Replay it, with its fair-play check")),
                                 e(tr("Start another game")))
        side = (f'<p id="game-over" tabindex="-1">{over} <a class="button" id="replay-link" '
                f'href="{prefix}/replay">{replay}</a> '
                f'<a class="button" href="/">{another}</a></p>')
    warning = f'<p class="said" id="said" tabindex="-1">{e(said)}</p>' if said else ""
    # Said again in a live region that the page's script keeps across choices, so a screen reader hears
    # a refusal or the next question without hunting for it.
    heard = " ".join(text for text in (said, part.log[-1] if part.log else "") if text)
    how = e(tr("How to play {name}", name=KITS[kind].name))
    guide = (f'<a class="button guide-link" id="guide-link" href="/guide/{e(kind)}?from=/sandbox/{game_id}">'
             f"{how}</a>")
    # The commitment is escaped before it is filled into the message's markup.
    fair = "<p>" + tr("Every shuffle and roll of this game comes from a secret seed fixed when it started. Its SHA-256 "
                      "commitment, over the seed and the players' names, is <code class=\"wrap\" id=\"commitment\">"
                      "{commitment}</code>; the seed is revealed when the game ends, and the replay checks the whole "
                      "game against it.", commitment=e(commitment)) + "</p>"
    words = {"sandbox": e(tr("· sandbox")), "fair": e(tr("Fair play")), "spectator": e(tr("Spectator page")),
             "so_far": e(tr("Replay so far")), "home": e(tr("Sandbox home"))}
    body = f"""<h1>{e(part.title)} <small>{words["sandbox"]}</small></h1>
<p class="learn">{guide}</p>
<div class="visually-hidden" id="announce" role="status" aria-live="polite">{e(heard)}</div>
<div class="play{' focused' if panel is not None and panel.focus else ''}" id="table" data-version="{part.version}">
<div class="side" id="turn">{warning}{side}</div>
<div class="public">{public_section(prefix, part)}</div>
</div>
<section class="fairness"><h2>{words["fair"]}</h2>{fair}</section>
<nav class="links">{guide.replace(' id="guide-link"', '')} <a class="button" href="{prefix}">{words["spectator"]}</a>
<a class="button" href="{prefix}/replay">{words["so_far"]}</a> <a class="button" href="/">{words["home"]}</a></nav>"""
    return layout(tr("{title} · sandbox", title=part.title), body, wide=True)
