"""The sandbox: the web companion with no Discord and no token, on an embedded SQLite file, where anyone
can try the games: pick a game, the number of seats, the variants and which seats the automatic player
takes, then play by clicking the legal choices, labelled as the Discord panels label them.

Everything below the pages is the bot's own: the same table core (rules, store, keeper, renderers).
Seats the automatic player takes are put on autopilot, so the keeper moves them as it does in Discord;
the other seats are played in turn at the one screen (hot-seat): with more than one such seat, each
seat's choices are shown behind a "pass the screen" step, so the next player does not see the last
one's hand by accident.

Run it with ``sh scripts/sandbox`` (or ``python -m web.sandbox --help``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import secrets
import signal
import sys
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

import aiohttp
from aiohttp import web
from multidict import MultiDictProxy

from db.records import GameRecord
from lang import N_, current, tr
from render.focus import crop_png, drawn_width, focus, focus_alt
from rules.core import fairness
from rules.core.errors import RulesError
from rules.core.options import validate_options
from rules.core.rng import Rng
from rules.registry import GAMES
from rules.review.record import verify_export
from table.afterwards import ReviewPending
from table.config import WebSettings
from table.core import TableCore
from table.delivery import Delivery, TryLater
from table.errors import ChoiceGone, StaleBoard, TableError
from table.kits import KITS
from table.model import Table
from table.publications import Parcel, Review
from web import reading, sandbox_pages
from web.companion import Companion, Refused, html
from web.ratelimit import RateLimit
from web.settings import SettingsError, listen_address

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_IMPORT = 8 * 1024 * 1024
"""The largest export the sandbox reads (the longest games' exports are well under a megabyte)."""
MAX_NAME = 80
GUILD = 1
"""The one "server" every sandbox game belongs to (the sandbox keeps its own database file)."""
CHANNEL = 1
DEFAULT_LISTEN = "127.0.0.1:8080"
DEFAULT_DB = "sandbox.sqlite3"
LEARNER = N_("You")
"""The name of the one person at a Learn game."""


def user_of(seat: int) -> int:
    return seat + 1


def seat_name(seat: int, automatic: bool) -> str:
    # Names in the language of the page the game was set up from: they are the players' names from then on.
    return tr("Robot {number}", number=seat + 1) if automatic else tr("Player {number}", number=seat + 1)


class NoChat:
    """The sandbox's courier: there is no chat to post to, so every outbox item is simply done; a finished game's
    review is still computed when its turn comes, for the replay page to show."""

    def __init__(self, core: TableCore | None = None) -> None:
        self.core = core

    async def deliver(self, game: GameRecord, item: Parcel) -> Delivery:
        if self.core is not None and isinstance(item.publication, Review):
            try:
                await self.core.game_review(game.id)
            except ReviewPending as pending:  # tried again later, while it is computed
                raise TryLater(str(pending)) from None
        return Delivery()

    async def tell_missing(self, game: GameRecord, permissions: Sequence[str]) -> None:
        return None

    async def reopen(self, game: GameRecord) -> int | None:
        return None


@dataclass(frozen=True)
class Grant:
    """What a one-time key opens: one seat's choices in one game, at one version."""

    game_id: int
    seat: int
    version: int


class Keys(Generic[T]):
    """Random keys kept in memory, each for a while: the hot seat's pass steps and open panels, and the
    sentences a redirect carries to the page it leads to. The newest ``kept`` only, so a crowd of tabs
    cannot grow it; a key forgotten or expired shows the pass step again, never a panel."""

    def __init__(self, lifetime: float, kept: int = 4096) -> None:
        self.lifetime = lifetime
        self.kept = kept
        self._keys: OrderedDict[str, tuple[T, float]] = OrderedDict()

    def issue(self, value: T) -> str:
        key = secrets.token_urlsafe(18)
        self._keys[key] = (value, time.monotonic() + self.lifetime)
        while len(self._keys) > self.kept:
            self._keys.popitem(last=False)
        return key

    def peek(self, key: str) -> T | None:
        found = self._keys.get(key)
        if found is None or found[1] < time.monotonic():
            return None
        return found[0]

    def take(self, key: str) -> T | None:
        """The key's value, once: the key is gone afterwards."""
        value = self.peek(key)
        self._keys.pop(key, None)
        return value


CLOSED = N_("A player's choices open only once, from their own pass step, while the game waits for them; that "
          "page has closed. Pass the screen and show the choices again below.")
PANEL_CLOSED = N_("Those choices have closed: each player's choices take one move, from the page the pass step "
                "opened. Here is the game as it is now.")
OLDER_PAGE = N_("That choice was made on an older page of this game: it has moved on since. Here it is as it is "
              "now; choose again.")
NOT_THEIR_TURN = N_("The game is not waiting for that seat any more; here it is as it is now.")
PICK_ONE = N_("Choose one of the listed choices.")
TURN_COOKIE = "sandbox-turn"
NO_HUMAN = N_("At least one seat must be yours: leave a seat unticked under \"The automatic player takes\" "
            "and play it at this screen.")


class Sandbox:
    """The sandbox's pages, added to a companion whose games are all open (``is_open`` true).

    The hot seat keeps each player's secrets from the others at the same screen: with more than one person
    playing, a seat's choices (its hand, its screen) open only from a pass step the game shows for the seat
    it waits for, through a one-time key (``passes``) that opening consumes; the panel then carries its own key
    (``panels``) that its choice and its hand's picture need, valid for that version only. An old address, the
    browser's history or a second tab finds spent keys and shows the pass step again. Every answer is
    ``no-store`` (the companion's guard), so going Back asks the server again instead of showing a kept page.
    """

    def __init__(self, companion: Companion) -> None:
        self.companion = companion
        self.core = companion.core
        self._salt = secrets.randbits(63)  # the hints' randomness: never the game's own secret seed
        self.passes: Keys[Grant] = Keys(lifetime=3600.0)
        self.panels: Keys[Grant] = Keys(lifetime=24 * 3600.0)
        self.notes: Keys[str] = Keys(lifetime=600.0)
        router = companion.app.router
        router.add_get("/", self.home)
        router.add_post("/sandbox/new", self.new_game)
        router.add_post("/sandbox/import", self.import_record)
        router.add_post("/sandbox/learn", self.learn)
        router.add_get("/sandbox/learn", self.to_home)
        router.add_get("/sandbox/new", self.to_home)
        router.add_get(r"/sandbox/{game:\d{1,19}}", self.play_page)
        router.add_post(r"/sandbox/{game:\d{1,19}}/choose", self.choose)
        router.add_post(r"/sandbox/{game:\d{1,19}}/pass", self.pass_screen)
        # A form's address opened again (a reload, a second tab, the history) shows the game, never a dead end.
        router.add_get(r"/sandbox/{game:\d{1,19}}/choose", self.to_game)
        router.add_get(r"/sandbox/{game:\d{1,19}}/pass", self.to_game)
        router.add_get(r"/sandbox/{game:\d{1,19}}/hand/{key:[A-Za-z0-9_-]{1,40}}.png", self.hand_png)
        router.add_get(r"/sandbox/{game:\d{1,19}}/focus/{version:\d{1,19}}/{seat:\d{1,2}}.png", self.focus_png)

    # ----- setting a game up --------------------------------------------------------------------------------
    async def home(self, request: web.Request, said: str | None = None, status: int = 200) -> web.StreamResponse:
        listed = [sandbox_pages.Listed(record.id, tr("{game} #{number}", game=KITS[record.kind].name, number=record.id),
                                       record.version)
                  for record in await self.core.games_here(GUILD) if record.status == "active"]
        games = [(kind, entry.game) for kind, entry in KITS.items()]
        return html(sandbox_pages.home(games, listed[-10:], said), status)

    async def to_home(self, request: web.Request) -> web.StreamResponse:
        return see_other("/")

    async def new_game(self, request: web.Request) -> web.StreamResponse:
        same_origin(request)
        form = await read_form(request)
        kind = str(form.get("kind", ""))
        if kind not in KITS:
            return await self.home(request, tr("Choose one of the four games."), 400)
        game = KITS[kind].game
        seats_text = str(form.get("seats", ""))
        seats = int(seats_text) if seats_text.isascii() and seats_text.isdigit() and len(seats_text) <= 2 else 0
        if not game.min_players <= seats <= game.max_players:
            return await self.home(request, tr("{game} takes {least} to {most} players.", game=game.name,
                                               least=game.min_players, most=game.max_players), 400)
        automatic = {int(value) - 1 for value in map(str, form.getall("automatic", []))
                     if value.isascii() and value.isdigit() and 1 <= int(value) <= seats}
        if len(automatic) >= seats:  # a game nobody plays is over before it opens
            return await self.home(request, tr(NO_HUMAN), 400)
        specs = {spec.key: spec for spec in game.option_specs}
        unknown = sorted(name.removeprefix("option-") for name in form
                         if name.startswith("option-") and name.removeprefix("option-") not in specs)
        if unknown:
            return await self.home(request, tr("{game} has no variant called \u201c{variant}\u201d.", game=game.name,
                                               variant=unknown[0][:40]), 400)
        raw: dict[str, object] = {}
        for spec in game.option_specs:
            value = form.get(f"option-{spec.key}")
            if spec.kind == "bool":
                # A ticked box sends "true"; anything else is a mistake to say, never a silent "off".
                if value not in (None, "true"):
                    words = spec.key.replace("_", " ")
                    return await self.home(request, tr("The variant \u201c{variant}\u201d is either ticked or left "
                                                       "out; \u201c{value}\u201d is neither.", variant=words,
                                                       value=str(value)[:40]), 400)
                raw[spec.key] = value == "true"
            elif value is not None:
                raw[spec.key] = str(value)
        try:
            options = validate_options(game.option_specs, raw)
            game.check_options(options, seats)
        except RulesError as error:
            return await self.home(request, str(error), 400)
        try:
            game_id = await self.create(kind, seats, dict(options), automatic)
        except TableError as error:
            return await self.home(request, str(error), 400)
        return see_other(f"/sandbox/{game_id}#turn")

    async def learn(self, request: web.Request) -> web.StreamResponse:
        """"Learn": a practice game for the one person at the screen against easy robots, with lessons, the
        suggested choice marked and "Why not…?" (see table.practice)."""
        same_origin(request)
        form = await read_form(request)
        kind = str(form.get("kind", ""))
        if kind not in KITS:
            return await self.home(request, tr("Choose one of the four games."), 400)
        try:
            table = await self.core.practice(kind, GUILD, CHANNEL, user_of(0), tr(LEARNER))
        except TableError as error:
            return await self.home(request, str(error), 400)
        return see_other(f"/sandbox/{table.id}#turn")

    async def create(self, kind: str, seats: int, options: dict[str, object], automatic: set[int]) -> int:
        """A started game with its seats, the automatic ones on autopilot and already moved."""
        core = self.core
        names = [seat_name(seat, seat in automatic) for seat in range(seats)]
        table = await core.create(kind, GUILD, CHANNEL, user_of(0), names[0], options)
        for seat in range(1, seats):
            await core.join(table.id, user_of(seat), names[seat])
        await core.start(table.id, user_of(0), None)
        if automatic:
            await core.automate(table.id, automatic)  # and they move at once, for as long as the game waits for one
        return table.id

    async def import_record(self, request: web.Request) -> web.StreamResponse:
        """A game's export (``/game export``), checked, then played again here from its seed and its actions: its
        replay page opens, and its review follows once computed."""
        same_origin(request)
        form = await request.post()
        upload = form.get("record")
        raw = upload.file.read(MAX_IMPORT + 1) if isinstance(upload, web.FileField) else \
            (upload.encode() if isinstance(upload, str) else b"")
        if len(raw) > MAX_IMPORT:
            return await self.home(request, tr("That file is too big to be a game's export."), 400)
        try:
            export = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return await self.home(request, tr("That file is not a game's export: it is not JSON."), 400)
        verdict = await self.core.renders.later(verify_export, export, GAMES)
        if not verdict.ok:
            return await self.home(request, tr("That export does not verify: {reason}", reason=verdict.reason), 400)
        try:
            game_id = await self.replay_export(export)
        except (TableError, RulesError) as error:
            return await self.home(request, tr("That export could not be played again here: {error}", error=error), 400)
        return see_other(f"/game/{game_id}/replay")

    async def replay_export(self, export: dict[str, Any]) -> int:
        """A finished game here, the same as the export's: the same seed, players, options and actions, played
        through the table like any move (no forced moves of the table's own: the export holds every move)."""
        core = self.core
        names = [str(name)[:MAX_NAME] for name in export["players"]]
        table = await core.create(str(export["game"]), GUILD, CHANNEL, user_of(0), names[0], dict(export["options"]),
                                  forced_moves=False, seed=(int(export["seed"]), str(export["salt"])))
        for seat in range(1, len(names)):
            await core.join(table.id, user_of(seat), names[seat])
        table = await core.start(table.id, user_of(0), None)
        for entry in export["actions"]:
            action = table.game.action_from_json(entry["action"])

            def chosen(_table: Table, _seat: int, action: Any = action) -> Any:
                return action
            _, table = await core.play(table.id, user_of(int(entry["seat"])), table.record.version, chosen)
        return table.id

    # ----- playing ------------------------------------------------------------------------------------------
    async def table(self, request: web.Request) -> Table:
        game_id = int(request.match_info["game"])
        record = await self.core.record(game_id)
        if record is None or record.guild_id != GUILD:
            raise Refused(404, tr("No such game"), tr("There is no sandbox game #{game}.", game=game_id))
        try:
            return await self.core.table(game_id)
        except TableError as error:
            raise Refused(409, tr("Not available"), str(error)) from error

    async def humans(self, table: Table) -> list[int]:
        """The seats played at the screen (not by the automatic player)."""
        robots = await self.core.autopilot_seats(table.id)
        return [seat for seat in range(len(table.seats)) if seat not in robots and not table.is_robot(seat)]

    async def to_game(self, request: web.Request) -> web.StreamResponse:
        return see_other(f"/sandbox/{int(request.match_info['game'])}#turn")

    async def play_page(self, request: web.Request) -> web.StreamResponse:
        table = await self.table(request)
        part = await self.companion.public_part(table)
        humans = await self.humans(table)
        awaited = [seat for seat in table.awaited() if seat in humans]
        said = self.notes.take(request.query.get("note", ""))
        status = 200
        panel = gate = None
        # An address naming a seat (the old ?seat=N&show=1) or a spent pass opens no panel: only a pass step does.
        asked_for = "seat" in request.query or "show" in request.query or "pass" in request.query
        granted = self.passes.take(request.query.get("pass", ""))
        if awaited:
            if len(humans) == 1 and not asked_for:  # one person at the screen: nobody to keep a secret from
                panel = await self.practice_panel(table, self.panel(table, awaited[0], part.images), awaited[0])
            elif granted is not None and granted.game_id == table.id and granted.seat in awaited:
                panel = self.panel(table, granted.seat, part.images)
            else:
                gate = (awaited[0], table.names[awaited[0]])
        if asked_for and panel is None:
            said, status = said or tr(CLOSED), 403
        waiting = not table.over and bool(table.awaited()) and not awaited
        commitment = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)
        return html(sandbox_pages.play(table.id, table.record.kind, part, panel, gate, said, waiting, commitment),
                    status)

    def panel(self, table: Table, seat: int, images: int) -> sandbox_pages.Panel:
        """The seat's choices as its Discord panel lists them, with the automatic player's pick marked."""
        assert table.state is not None
        game = table.game
        legal = game.legal_actions(table.state, seat)
        labels = tuple(game.describe_action(table.state, seat, action) for action in legal)
        hint = game.auto_action(game.view(table.state, seat), legal,
                                Rng.from_seed(self._salt ^ (table.id << 20) ^ table.record.version))
        suggested = next((number for number, action in enumerate(legal) if action == hint), None)
        version = table.record.version
        key = self.panels.issue(Grant(table.id, seat, version))
        # The part of the public board this decision needs, for a phone (see render.focus): public, so its address
        # needs no key, and it is the same picture for every seat's reader.
        part = focus(table.record.kind, table.public_view(), seat)
        part = part if part is not None and part.part < images else None  # cut from a picture the page shows
        shown = None if part is None else (f"/sandbox/{table.id}/focus/{version}/{seat}.png",
                                           focus_alt(part.region, table.names[seat]))
        size = None if part is None else (part.box[2] - part.box[0], part.box[3] - part.box[1])
        return sandbox_pages.Panel(reading.seat_part(table, seat, None), key, labels, suggested,
                                   f"/sandbox/{table.id}/hand/{key}.png", focus=shown, focus_size=size,
                                   board_url=f"/game/{table.id}/board/{version}/{part.part if part else 0}.png")

    async def practice_panel(self, table: Table, panel: sandbox_pages.Panel, seat: int) -> sandbox_pages.Panel:
        """A practice game's panel with its lesson (the first time its decision comes up) and "Why not…?"."""
        if not table.record.practice:
            return panel
        user = table.user_of(seat)
        lesson = await self.core.lesson(table.id, user)
        try:
            _, tempting = await self.core.tempting(table.id, user, table.record.version)
        except TableError:  # the game moved since this page read it: the next page lists them
            tempting = []
        return replace(panel, lesson=lesson, why_not=tuple((choice.label, choice.why) for choice in tempting))

    async def pass_screen(self, request: web.Request) -> web.StreamResponse:
        """The pass step: the player the game waits for asks for their own choices."""
        same_origin(request)
        table = await self.table(request)
        form = await read_form(request)
        seat = number(form.get("seat"))
        humans = await self.humans(table)
        if seat is None or seat not in humans or seat not in table.awaited():
            return self.to_page(table.id, note=self.notes.issue(tr(NOT_THEIR_TURN)))
        return self.to_page(table.id, passed=self.passes.issue(Grant(table.id, seat, table.record.version)))

    async def choose(self, request: web.Request) -> web.StreamResponse:
        same_origin(request)
        table = await self.table(request)
        form = await read_form(request)
        granted = self.panels.take(str(form.get("key", ""))[:40])
        if granted is None or granted.game_id != table.id:
            return self.to_page(table.id, note=self.notes.issue(tr(PANEL_CLOSED)))
        choice = number(form.get("choice"))
        if choice is None:
            return await self.after(table, granted.seat, tr(PICK_ONE))
        try:
            _, after = await self.core.play_listed(table.id, table.user_of(granted.seat), granted.version, choice)
        except ChoiceGone as error:  # its own words suit any page: no thread in them
            return await self.after(await self.table(request), granted.seat, str(error))
        except StaleBoard:  # Discord's sentence sends the player to the thread's newest board
            return await self.after(await self.table(request), granted.seat, tr(OLDER_PAGE))
        except TableError as error:
            return await self.after(await self.table(request), granted.seat, str(error))
        return await self.after(after, granted.seat, None)

    async def after(self, table: Table, seat: int, said: str | None) -> web.StreamResponse:
        """After a choice (made or refused): the game again, with the same player's choices if the game still
        waits for them (they are still at the screen), else the next pass step."""
        note = self.notes.issue(said) if said else None
        humans = await self.humans(table)
        if seat in table.awaited() and len(humans) > 1:
            return self.to_page(table.id, passed=self.passes.issue(Grant(table.id, seat, table.record.version)),
                                note=note)
        return self.to_page(table.id, note=note)

    @staticmethod
    def to_page(game_id: int, *, passed: str | None = None, note: str | None = None) -> web.Response:
        query = "&".join(f"{name}={value}" for name, value in (("pass", passed), ("note", note)) if value)
        response = see_other(f"/sandbox/{game_id}{'?' + query if query else ''}#turn")
        # A cookie that changes with every pass and choice: browsers that keep even "no-store" pages for Back
        # (Chrome may) drop them when a cookie of the site has changed, so Back asks the server again, with or
        # without JavaScript. It carries nothing and nothing reads it.
        response.set_cookie(TURN_COOKIE, secrets.token_hex(8), path="/sandbox", httponly=True, samesite="Strict")
        return response

    async def hand_png(self, request: web.Request) -> web.StreamResponse:
        """The hand of the seat whose choices are open, at their version only."""
        table = await self.table(request)
        granted = self.panels.peek(request.match_info["key"])
        if (granted is None or granted.game_id != table.id or table.state is None
                or granted.version != table.record.version):
            raise Refused(404, tr("No hand"), tr("A hand is shown only with its player's open choices."))
        view, kit = table.game.view(table.state, granted.seat), table.kit
        image = await self.companion.hands.get(("hand", table.id, table.record.version, granted.seat, current()),
                                               lambda: kit.render_hand(view))
        return web.Response(body=image, content_type="image/png")

    async def focus_png(self, request: web.Request) -> web.StreamResponse:
        """The part of the current public board a seat's decision needs, cut from the board picture the page
        shows (so it shows nothing more), once per version and seat."""
        table = await self.table(request)
        seat = int(request.match_info["seat"])
        if table.state is None or int(request.match_info["version"]) != table.record.version:
            raise Refused(404, tr("No such picture"), tr("This part of the board is not of the game as it stands now: "
                                                         "the game's page shows the newest."))
        view, kind = table.public_view(), table.record.kind
        part = focus(kind, view, seat) if seat < len(table.seats) else None
        if part is None:
            raise Refused(404, tr("No such picture"), tr("This decision needs the whole board: the page shows it."))
        images = await self.companion.board(table)
        if part.part >= len(images):
            raise Refused(404, tr("No such picture"), tr("This decision needs the whole board: the page shows it."))
        board = images[part.part]
        image = await self.companion.hands.get(("focus", table.id, table.record.version, seat, current()),
                                               lambda: crop_png(board, part.box, drawn_width(kind, view)))
        return web.Response(body=image, content_type="image/png")


UNREADABLE = N_("The form could not be read (it was cut short, or not in a form's usual encoding). Go back to the "
              "page and choose again.")


async def read_form(request: web.Request) -> MultiDictProxy[Any]:
    """A posted form, or a refusal in a sentence: a body cut short, a multipart body without its boundary, a
    charset nobody knows or bytes that are not UTF-8 are the sender's mistake (400), not ours (500)."""
    try:
        return await request.post()
    except web.HTTPException:
        raise  # aiohttp's own refusal (a body too large) says what it is
    except (ValueError, LookupError, AssertionError, EOFError, aiohttp.ClientPayloadError) as error:
        raise Refused(400, tr("Unreadable form"), tr(UNREADABLE)) from error


def see_other(location: str) -> web.Response:
    """After a form: the page to show next (so a reload does not post the form again)."""
    return web.Response(status=303, headers={"Location": location})


def number(value: object) -> int | None:
    text = str(value) if value is not None else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 19 else None


def same_origin(request: web.Request) -> None:
    """A form posted from another site's page is refused. Browsers say where a form came from with
    ``Sec-Fetch-Site``, and with ``Origin`` unless the page asked for no referrer (as these pages do:
    then ``Origin`` is "null")."""
    site = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin", "null")
    if (site is not None and site not in ("same-origin", "none")) or \
            origin not in ("null", f"{request.scheme}://{request.host}"):
        raise Refused(403, tr("Refused"), tr("The sandbox takes choices only from its own pages."))


# ----- running it ---------------------------------------------------------------------------------------------
async def open_sandbox(db_path: str | Path, host: str, port: int, *, poll_seconds: float = 3.0) -> Companion:
    """The sandbox's table core and its pages, listening on ``host:port``."""
    core = await TableCore.open(db_path)
    core.attach_courier(NoChat(core))
    try:
        companion = await Companion.create(core, WebSettings(host, port), is_open=lambda record: True,
                                           rate=RateLimit(burst=600, per_second=60.0), poll_seconds=poll_seconds,
                                           index=False)
        Sandbox(companion)
        await companion.start(host, port)
    except BaseException:
        await core.close()
        raise
    return companion


async def serve(db_path: str, host: str, port: int) -> None:
    companion = await open_sandbox(db_path, host, port)
    print(f"The Ringmaster sandbox is open at {companion.base_url}/ — press Ctrl+C to stop it.", flush=True)
    stopping = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # a service manager's stop (SIGTERM) closes it cleanly too
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
    try:
        while not stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), 60)
            await companion.core.tick()  # what the bot's scheduler does: forget old outbox items
    finally:
        await companion.stop()
        await companion.core.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.sandbox",
                                     description="Play Ringmaster's games in a browser, without Discord.")
    parser.add_argument("--listen", default=os.environ.get("RINGMASTER_WEB", "").strip() or DEFAULT_LISTEN,
                        help=f"HOST:PORT to listen on (default: RINGMASTER_WEB, else {DEFAULT_LISTEN})")
    parser.add_argument("--db", default=os.environ.get("RINGMASTER_SANDBOX_DB", "").strip() or DEFAULT_DB,
                        help=f"the SQLite file the sandbox's games are saved in (default: {DEFAULT_DB})")
    arguments = parser.parse_args(argv)
    try:
        host, port = listen_address(arguments.listen, "--listen")
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(level="WARNING", format="%(asctime)s %(levelname)-8s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(serve(arguments.db, host, port))
        except OSError as error:
            print(f"The sandbox could not listen on {host}:{port} ({error.strerror or error}); choose another "
                  "address with --listen.", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
