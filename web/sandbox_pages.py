"""The sandbox's HTML: the page to set up a game, and the table a game is played at by clicking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.game import Game
from rules.core.options import OptionSpec
from web.pages import e, layout, public_section, seat_section
from web.reading import PublicPart, SeatPart

DEFAULT_SEATS = 2


@dataclass(frozen=True)
class Listed:
    """A sandbox game still being played, for the list on the first page."""

    game_id: int
    title: str
    version: int


def option_field(spec: OptionSpec) -> str:
    words = spec.key.replace("_", " ")
    name = f"option-{spec.key}"
    about = f' <small>— {e(spec.description)}</small>' if spec.description else ""
    if spec.kind == "bool":
        checked = " checked" if spec.default is True else ""
        return f'<label><input type="checkbox" name="{e(name)}" value="true"{checked}> {e(words)}{about}</label>'
    if spec.kind == "choice":
        choices = "".join(f'<option value="{e(c)}"{" selected" if c == spec.default else ""}>{e(c)}</option>'
                          for c in spec.choices)
        return f'<label>{e(words)}: <select name="{e(name)}">{choices}</select>{about}</label>'
    bounds = (f' min="{spec.minimum}"' if spec.minimum is not None else "") + \
        (f' max="{spec.maximum}"' if spec.maximum is not None else "")
    return f'<label>{e(words)}: <input type="number" name="{e(name)}" value="{e(spec.default)}"{bounds}>{about}</label>'


def new_game_form(kind: str, game: Game[Any, Any]) -> str:
    seats = max(game.min_players, min(DEFAULT_SEATS, game.max_players))
    robots = "".join(f'<label><input type="checkbox" name="automatic" value="{seat}"{" checked" if seat > 1 else ""}>'
                     f" Seat {seat}</label>" for seat in range(1, game.max_players + 1))
    options = "".join(option_field(spec) for spec in game.option_specs)
    variants = f"<fieldset><legend>Variants</legend>{options}</fieldset>" if options else ""
    return f"""<form class="new-game" id="new-{e(kind)}" method="post" action="/sandbox/new">
<h2>{e(game.name)}</h2>
<input type="hidden" name="kind" value="{e(kind)}">
<label>Players ({game.min_players}–{game.max_players}):
<input type="number" name="seats" min="{game.min_players}" max="{game.max_players}" value="{seats}"></label>
<fieldset class="seats"><legend>The automatic player takes (the other seats are yours, in turn at this screen)</legend>
{robots}
</fieldset>
{variants}
<button class="primary" type="submit">Start a game of {e(game.name)}</button>
</form>"""


def home(games: Sequence[tuple[str, Game[Any, Any]]], listed: Sequence[Listed], said: str | None = None) -> str:
    going = ""
    if listed:
        going = "<h2>Games in progress</h2><ul>" + "".join(
            f'<li><a href="/sandbox/{g.game_id}">{e(g.title)}</a></li>' for g in listed) + "</ul>"
    warning = f'<p class="said" id="said">{e(said)}</p>' if said else ""
    forms = "\n".join(new_game_form(kind, game) for kind, game in games)
    body = f"""<h1>The Ringmaster sandbox</h1>
<p>Try the four circus games here, without Discord: pick a game, how many players, which seats the automatic
player takes, and the variants; then play by clicking the choices (the same ones the Discord panels offer).
The rules, the save file and the drawings are the bot's own.</p>
{warning}{going}
{forms}
<form class="new-game" id="import" method="post" action="/sandbox/import" enctype="multipart/form-data">
<h2>Replay a game you kept</h2>
<p>The record from <code>/game export</code> (the .json file): it is checked, played again here, and its replay
opens, with its review once computed.</p>
<input type="file" name="record" accept=".json,application/json" aria-label="The game's record">
<button class="primary" type="submit">Import and replay</button>
</form>"""
    return layout("Sandbox", body)


@dataclass(frozen=True)
class Panel:
    """The choices of the seat at the screen."""

    seat: SeatPart
    version: int
    labels: tuple[str, ...]
    suggested: int | None
    """The choice the automatic player would make, marked as a hint."""
    hand_url: str


def choice_button(number: int, label: str, suggested: bool) -> str:
    hint = ' suggested" title="The automatic player would choose this' if suggested else ""
    return f'<button class="choice{hint}" type="submit" name="choice" value="{number}">{e(label)}</button>'


def play(game_id: int, part: PublicPart, panel: Panel | None, gate: tuple[int, str] | None, said: str | None,
         waiting_for_robots: bool) -> str:
    prefix = f"/game/{game_id}"
    side: str
    if gate is not None:
        seat, name = gate
        side = (f'<section class="private" id="gate"><h2>{e(name)}\'s turn</h2><p>Pass the screen to {e(name)}: '
                f"the next page shows their hand.</p>"
                f'<a class="button" id="show" href="/sandbox/{game_id}?seat={seat + 1}&amp;show=1">Show {e(name)}\'s '
                "choices</a></section>")
    elif panel is not None:
        choices = "".join(choice_button(number, label, number == panel.suggested)
                          for number, label in enumerate(panel.labels))
        side = seat_section(panel.hand_url, panel.seat).replace(
            "</section>", f"""<form method="post" action="/sandbox/{game_id}/choose" id="choices">
<input type="hidden" name="seat" value="{panel.seat.seat}"><input type="hidden" name="version" value="{panel.version}">
<div class="choices">{choices}</div></form></section>""")
    elif waiting_for_robots:
        side = (f'<p>The automatic player is thinking… <a class="button" href="/sandbox/{game_id}">Look again</a></p>')
    else:
        side = (f'<p id="game-over">The game is over. <a class="button" id="replay-link" href="{prefix}/replay">'
                'Replay it, with its fair-play check</a> <a class="button" href="/">Start another game</a></p>')
    warning = f'<p class="said" id="said">{e(said)}</p>' if said else ""
    body = f"""<h1>{e(part.title)} <small>· sandbox</small></h1>
{warning}
<div class="play" id="table" data-version="{part.version}">
<div class="side">{side}</div>
<div class="public">{public_section(prefix, part)}</div>
</div>
<nav class="links"><a class="button" href="{prefix}">Spectator page</a>
<a class="button" href="{prefix}/replay">Replay so far</a> <a class="button" href="/">Sandbox home</a></nav>"""
    return layout(f"{part.title} · sandbox", body)
