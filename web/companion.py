"""The web companion's server: aiohttp's web server on the bot's own event loop, serving each game's
spectator page, replay page and private seat pages (see docs/web.md).

Who may see what is decided here, once per request, by :meth:`Companion.access`:

- ``/game/<id>/…`` opens a game's spectator and replay pages without a link, only for a game the bot
  says is open to anyone (``is_open``: a game of a public server's public channel, or the sandbox's);
- ``/link/<token>/…`` opens what a signed link names (see :mod:`web.links`): the spectator's view, or
  one seat's view, whose member must still be the one the link was made for.

Every page, JSON answer and image is built from the spectator view, or from the view of the seat the
link names, and nothing else (:mod:`web.reading`, :mod:`web.history`). Every response is marked
``no-store`` and carries a strict Content-Security-Policy; every request first passes the rate limit of
its client (:mod:`web.clients`: the peer's address, or the one a trusted reverse proxy forwards). Links are
never logged (aiohttp's access log is off).

Spectators must cost the players nothing they would notice (docs/web.md, "Speed: a crowd of spectators"):

- a page's poll (``state.json``) reads the game's version alone (``TableCore.version``): no state, snapshot or
  log is read or decoded, however many pages poll;
- what a page shows of a game is kept by game and version (:mod:`web.cache`): the public log is rebuilt only
  for a new version, the public part at most every ``PART_FRESH`` seconds (a deadline can move without a move);
  the current board and its images are served without reading the game at all once drawn for a version;
- every picture, and a replay page's replayed steps and fairness check, are made by the table's render
  workers at their low priority (``page_board``, ``page_hand``, ``past_board``, ``later``): after Discord's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from typing import Any, Protocol

from aiohttp import web
from babel.core import negotiate_locale

from db.records import GameRecord, GameVersion
from lang import DEFAULT, LANGUAGES, N_, PSEUDO, command, current, speaking, supported, tr
from render.focus import crop_png, drawn_width, focus, focus_alt
from rules.core import fairness
from rules.core.fairness import Verdict
from table import compose
from table.config import WebSettings
from table.core import TableCore
from table.errors import TableError
from table.kits import KITS
from table.model import Table
from table.renders import RendersBusy
from web import guides, pages, reading
from web.cache import OffLoopCache
from web.clients import Trusted, client_of
from web.history import Step, replayed_steps, verified
from web.links import SEAT_LINK_LIFETIME, SPECTATOR_LINK_LIFETIME, LinkRefused, Signer
from web.ratelimit import RateLimit

log = logging.getLogger(__name__)

SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Pragma": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
}
SCOPE = r"/{scope:game|link}/{key:[^/]{1,200}}"
STATIC = {"companion.css": "text/css", "companion.js": "text/javascript"}
LINK_KEY_NAME = "web-links"
NO_OPEN_PAGE = N_("There is no open page for game #{}: a game of a private server or channel opens only from a "
                "signed link (the board's Follow on the web button, or {command} in its thread).")

SEAT_PASSED = N_("This seat has passed to another player since the link was made, so it no longer opens; its new "
               "player can ask {command} for their own.")
BACK_TO = re.compile(r"/(?:sandbox|game)/\d{1,19}")
"""The pages a guide may link back to (its ``from``): a game's plain page, never a signed link's address."""
BUSY_RETRY = 5
"""Seconds a page refused because the render workers' low-priority queue is full is told to wait."""
BUSY_KEPT = 4096
"""Boards refused at most remembered at once (expired ones are forgotten when there are more)."""
PART_FRESH = 30.0
"""Seconds a game's public part is kept for one version: its deadlines can move without a move (time away, a
hand-over), and a page shows such a change within this bound."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Placed(Protocol):
    """Where a game is played: what deciding whether it is open to anyone needs (a record, or a version read)."""

    @property
    def guild_id(self) -> int: ...

    @property
    def channel_id(self) -> int: ...


IsOpen = Callable[[Placed], bool]


class Refused(Exception):
    """A request answered with a page that says why (``str()`` is the sentence)."""

    def __init__(self, status: int, title: str, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status
        self.title = title


@dataclass(frozen=True)
class Access:
    """What one request may see: a game, and the seat whose view it shows (None: the spectator's)."""

    prefix: str
    """The path every link of the page starts with (``/game/<id>`` or ``/link/<token>``)."""
    table: Table
    seat: int | None
    expires: datetime | None


@dataclass(frozen=True)
class Checked:
    """A request's game and what it may see, checked from the game's version alone (nothing decoded)."""

    prefix: str
    found: GameVersion
    seat: int | None
    expires: datetime | None


class Companion:
    def __init__(self, core: TableCore, signer: Signer, *, is_open: IsOpen, base_url: str = "",
                 rate: RateLimit | None = None, poll_seconds: float = 3.0, index: bool = True,
                 trusted: Trusted | None = None) -> None:
        self.core = core
        self.signer = signer
        self.is_open = is_open
        self.base_url = base_url.rstrip("/")
        self.rate = rate or RateLimit()
        self.trusted = trusted or Trusted()
        """The reverse proxies whose ``X-Forwarded-For`` names the client (see :mod:`web.clients`)."""
        self.poll_ms = max(100, int(poll_seconds * 1000))
        self.boards: OffLoopCache[list[bytes]] = OffLoopCache(64)
        self.hands: OffLoopCache[bytes] = OffLoopCache(32)
        self.histories: OffLoopCache[list[Step]] = OffLoopCache(8)
        self.step_images: OffLoopCache[bytes] = OffLoopCache(256)
        self.verdicts: OffLoopCache[Verdict] = OffLoopCache(16)
        self.logs: OffLoopCache[list[str]] = OffLoopCache(64)
        self.parts: OffLoopCache[reading.PublicPart] = OffLoopCache(256)
        self._reading = asyncio.Semaphore(1)
        """One page's game read and built at a time: a crowd's page builds (~10 ms each, on the loop) then come one
        after another between the players' interactions instead of all at once ahead of them."""
        self._busy: dict[tuple[int, int], float] = {}
        """(game, version) → until when (loop time) a page asking for its board is told to come back: the low-priority
        queue was full, and reading the game again meanwhile would only cost the loop."""
        self.static = {name: resources.files("web").joinpath("static", name).read_bytes() for name in STATIC}
        self.app = web.Application(middlewares=[self.guard])
        self._runner: web.AppRunner | None = None
        router = self.app.router
        if index:
            router.add_get("/", self.index)
        router.add_get("/static/{name}", self.static_file)
        router.add_get(SCOPE, self.game_page)
        router.add_get(SCOPE + "/state.json", self.state_json)
        router.add_get(SCOPE + r"/board/{version:\d{1,19}}/{part:\d{1,2}}.png", self.board_png)
        router.add_get(SCOPE + r"/hand/{version:\d{1,19}}.png", self.hand_png)
        router.add_get(SCOPE + r"/focus/{version:\d{1,19}}.png", self.focus_png)
        router.add_get(SCOPE + "/replay", self.replay_page)
        router.add_get(SCOPE + r"/replay/{version:\d{1,19}}/{step:\d{1,6}}.png", self.step_png)
        router.add_get(SCOPE + "/record.json", self.record_json)
        router.add_get("/guide/{kind}", self.guide_page)

    @classmethod
    async def create(cls, core: TableCore, settings: WebSettings, *, is_open: IsOpen,
                     **options: Any) -> Companion:
        """A companion signing with the configured key, or with one made once and kept in the database."""
        key = settings.secret or await core.secret(LINK_KEY_NAME, lambda: secrets.token_hex(32))
        return cls(core, Signer(key.encode(), core.clock), is_open=is_open, base_url=settings.url or "",
                   trusted=Trusted(settings.trusted_proxies), **options)

    # ----- running -------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (port 0: any free port); links start with the configured address, else
        with the one listened on."""
        runner = web.AppRunner(self.app, access_log=None)  # an access log would keep every private link
        await runner.setup()
        await web.TCPSite(runner, host, port).start()
        self._runner = runner
        if not self.base_url:
            bound = runner.addresses[0][1]
            self.base_url = f"http://{f'[{host}]' if ':' in host else host}:{bound}"
        log.info("The web companion listens on %s", self.base_url)

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    # ----- links ---------------------------------------------------------------------------------------
    def seat_link(self, table: Table, seat: int) -> str:
        """A seat's private page (for its member only), valid for a week."""
        token = self.signer.token(table.id, seat, table.user_of(seat), SEAT_LINK_LIFETIME)
        return f"{self.base_url}/link/{token}{language_query()}"

    def follow_link(self, record: GameRecord) -> str:
        """The spectator page: its plain address for a game open to anyone, else a signed link."""
        if self.is_open(record):
            return f"{self.base_url}/game/{record.id}{language_query()}"
        token = self.signer.token(record.id, None, 0, SPECTATOR_LINK_LIFETIME)
        return f"{self.base_url}/link/{token}{language_query()}"

    # ----- who may see what ----------------------------------------------------------------------------
    async def check(self, request: web.Request) -> Checked:
        """Who may see what, from the game's version read alone (no state, snapshot or log decoded)."""
        scope, key = request.match_info["scope"], request.match_info["key"]
        if scope == "game":
            game_id = int(key) if key.isascii() and key.isdigit() and len(key) <= 19 else 0
            found = await self.core.version(game_id) if game_id else None
            if found is None or not self.is_open(found):
                # The same answer whether the game is private or does not exist: a guess learns nothing.
                raise Refused(404, tr("No open page"), tr(NO_OPEN_PAGE).format(key[:20], command=command("game web")))
            return Checked(f"/game/{found.id}", found, None, None)
        try:
            grant = self.signer.check(key)
        except LinkRefused as error:
            # One of web.links' sentences.
            raise Refused(403, tr("Link refused"), tr(str(error), command=command("game web"))) from error
        found = await self.core.version(grant.game_id, grant.seat)
        if found is None:
            raise Refused(404, tr("No such game"), tr("There is no game #{game}.", game=grant.game_id))
        if grant.seat is not None and found.seat_user != grant.user_id:
            raise Refused(403, tr("Link refused"), tr(SEAT_PASSED, command=command("game web")))
        return Checked(f"/link/{key}", found, grant.seat, grant.expires)

    async def access(self, request: web.Request, *, with_state: bool = True) -> Access:
        checked = await self.check(request)
        return await self.opened(checked, with_state)

    async def opened(self, checked: Checked, with_state: bool = True) -> Access:
        """The checked request's game, read whole (one request at a time, see ``_reading``)."""
        async with self._reading:
            table = await self._table(checked.found.id, with_state)
        if checked.seat is not None and (checked.seat >= len(table.seats)
                                         or table.user_of(checked.seat) != checked.found.seat_user):
            # Handed over between the two reads.
            raise Refused(403, tr("Link refused"), tr(SEAT_PASSED, command=command("game web")))
        return Access(checked.prefix, table, checked.seat, checked.expires)

    async def _table(self, game_id: int, with_state: bool) -> Table:
        try:
            return await (self.core.table(game_id) if with_state else self.core.lobby_view(game_id))
        except TableError as error:
            raise Refused(409, tr("Not available"), str(error)) from error

    # ----- pages ---------------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.StreamResponse:
        return html(pages.index())

    async def guide_page(self, request: web.Request) -> web.StreamResponse:
        """A game's guide, the same text `/game rules` pages through in Discord."""
        kind = request.match_info["kind"]
        if kind not in KITS:
            raise Refused(404, tr("No such guide"), tr("There is a guide to each of the four games: Circus Train, "
                          "Little Circuses, Der Wanderzirkus and Dreadful Circus; this address names none of them."))
        back = request.query.get("from", "")
        try:
            return html(guides.guide_page(kind, back if BACK_TO.fullmatch(back) else None))
        except TableError as error:
            raise Refused(404, tr("No guide"), str(error)) from error

    def guide_link(self, kind: str) -> str:
        """The address of a game's guide (for Discord's panels, where the companion has an address)."""
        return f"{self.base_url}/guide/{kind}{language_query()}"

    async def static_file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise Refused(404, tr("Not found"), tr("There is no such page."))
        return web.Response(body=self.static[name], content_type=STATIC[name], charset="utf-8")

    async def game_page(self, request: web.Request) -> web.StreamResponse:
        checked = await self.check(request)
        found = checked.found
        part = self.parts.kept(self._part_key(found.id, found.version))
        if part is not None and checked.seat is None:  # a spectator's page of a version already shown: no read
            return html(pages.game_page(checked.prefix, part, None, self.poll_ms))
        self._unless_busy(found)
        access = await self.opened(checked)
        table = access.table
        part = await self.public_part(table)
        seat = reading.seat_part(table, access.seat, access.expires) if access.seat is not None else None
        shown = None
        if seat is not None and seat.prompt and table.state is not None:
            # The part of the public board the seat's decision needs, for a phone (see render.focus).
            needs = focus(table.record.kind, table.public_view(), seat.seat)
            if needs is not None and needs.part < part.images:  # cut from a picture the page shows
                left, top, right, bottom = needs.box
                shown = pages.FocusPart(f"{access.prefix}/focus/{part.version}.png",
                                        focus_alt(needs.region, seat.name),
                                        f"{access.prefix}/board/{part.version}/{needs.part}.png",
                                        (right - left, bottom - top))
        return html(pages.game_page(access.prefix, part, seat, self.poll_ms, shown))

    @staticmethod
    def _part_key(game_id: int, version: int) -> tuple[object, ...]:
        return ("part", game_id, version, current(), int(asyncio.get_running_loop().time() // PART_FRESH))

    async def public_part(self, table: Table) -> reading.PublicPart:
        """What the thread shows of the game now (its board drawn, so the page knows its images), made once
        for a version (and kept at most ``PART_FRESH`` seconds)."""
        return await self.parts.get_drawn(self._part_key(table.id, table.record.version),
                                          lambda: self._public_part(table))

    async def _public_part(self, table: Table) -> reading.PublicPart:
        if table.state is None:
            return reading.public_part(table, [], {}, 0)
        images = len(await self.board(table))  # waited for outside the lock: drawing takes the web's worker only
        async with self._reading:
            deadlines = await self.core.deadlines(table) if table.record.status == "active" else {}
            return reading.public_part(table, await self.public_log(table), deadlines, images)

    async def public_log(self, table: Table) -> list[str]:
        """The public log, rebuilt from the action log only for a game version not seen yet."""
        return await self.logs.get_drawn(("log", table.id, table.record.version, current()),
                                         lambda: self.core.public_log(table))

    async def state_json(self, request: web.Request) -> web.StreamResponse:
        """What a page polls to know when to update itself: the game's version and status, nothing else, read
        without decoding anything of the game."""
        found = (await self.check(request)).found
        return web.json_response({"game": found.id, "version": found.version, "status": found.status})

    # ----- images --------------------------------------------------------------------------------------
    async def board(self, table: Table) -> list[bytes]:
        """The current public board's images, once per game version: the one posted in the thread if the render
        pool still keeps it, else drawn at the pool's low priority."""
        view, renders = table.public_view(), self.core.renders
        try:
            return await self.boards.get_drawn(("board", table.id, table.record.version, current()),
                                               lambda: renders.page_board(table.record.kind, view))
        except RendersBusy:
            now = asyncio.get_running_loop().time()
            if len(self._busy) >= BUSY_KEPT:
                self._busy = {key: until for key, until in self._busy.items() if until > now}
            self._busy[(table.id, table.record.version)] = now + BUSY_RETRY
            raise

    def _unless_busy(self, found: GameVersion) -> None:
        """Refuse at once a page whose board was refused a moment ago (see ``_busy``)."""
        until = self._busy.get((found.id, found.version))
        if until is not None:
            if until > asyncio.get_running_loop().time():
                raise RendersBusy()
            del self._busy[(found.id, found.version)]

    async def board_png(self, request: web.Request) -> web.StreamResponse:
        """The current board (the version in the address only keeps a browser from showing an older one)."""
        checked = await self.check(request)
        images = self.boards.kept(("board", checked.found.id, checked.found.version, current()))
        if images is None:  # not drawn for this version yet: read the game
            self._unless_busy(checked.found)
            table = (await self.opened(checked)).table
            if table.state is None:
                raise Refused(404, tr("No board"), tr("This game has not started, so it has no board yet."))
            images = await self.board(table)
        part = int(request.match_info["part"])
        if part >= len(images):
            raise Refused(404, tr("No such image"), tr("The board has no such part."))
        return png(images[part])

    async def hand_png(self, request: web.Request) -> web.StreamResponse:
        access = await self.access(request)
        table, seat = access.table, access.seat
        if seat is None or table.state is None:
            raise Refused(404, tr("No hand"), tr("Only a seat's own page shows a hand."))
        view, renders = table.game.view(table.state, seat), self.core.renders
        return png(await self.hands.get_drawn(("hand", table.id, table.record.version, seat, current()),
                                              lambda: renders.page_hand(table.record.kind, view)))

    async def focus_png(self, request: web.Request) -> web.StreamResponse:
        """The part of the current public board a seat's decision needs, for its own page only (the link's access,
        as the page's): cut from the board picture the page shows, so it shows nothing more."""
        access = await self.access(request)
        table, seat = access.table, access.seat
        if seat is None or table.state is None:
            raise Refused(404, tr("No such picture"), tr("Only a seat's own page shows the part of the board its "
                                                          "decision needs."))
        if int(request.match_info["version"]) != table.record.version:
            raise Refused(404, tr("No such picture"), tr("This part of the board is not of the game as it stands now: "
                                                          "the page shows the newest."))
        kind, view = table.record.kind, table.public_view()
        found = focus(kind, view, seat) if seat in table.awaited() else None
        if found is None:
            raise Refused(404, tr("No such picture"), tr("There is no decision of yours that needs a part of the board "
                                                          "now: the page shows the whole board."))
        images = await self.board(table)
        if found.part >= len(images):
            raise Refused(404, tr("No such picture"), tr("This part of the board is not in the board's pictures: the "
                                                          "page shows the whole board."))
        board = images[found.part]
        # Cut in a thread (a few milliseconds; no worker process needs the board's bytes sent to it), once a version.
        return png(await self.hands.get(("focus", table.id, table.record.version, seat, current()),
                                        lambda: crop_png(board, found.box, drawn_width(kind, view))))

    # ----- the replay ----------------------------------------------------------------------------------
    async def history(self, table: Table) -> list[Step]:
        """The game's public steps, replayed once per version by the render workers at their low priority (a
        replay takes seconds of processor that the bot's own process must not give)."""
        if table.state is None:
            return []

        async def replay() -> list[Step]:
            actions = await self.core.actions(table.id)
            return await self.core.renders.later(replayed_steps, table.record, table.seats, actions)
        return await self.histories.get_drawn(("history", table.id, table.record.version, current()), replay)

    async def replay_page(self, request: web.Request) -> web.StreamResponse:
        access = await self.access(request)
        table = access.table
        steps = await self.history(table)
        version = table.record.version
        # A finished game's review, once computed after the game, says its words at the steps they are about.
        review = await self.core.kept_review(table.id) if table.record.status == "finished" else None
        said = review.get("steps", {}) if review is not None else {}
        said = said if isinstance(said, dict) else {}
        shown = [pages.ReplayStep(f"{access.prefix}/replay/{version}/{number}.png", step.alt,
                                  (*step.lines, *(f"🔎 {line}" for n in step.numbers for line in said.get(str(n), []))))
                 for number, step in enumerate(steps)]
        asked = request.query.get("step", "")
        current = int(asked) - 1 if asked.isascii() and asked.isdigit() and len(asked) <= 6 else 0
        return html(pages.replay_page(access.prefix, table.title, shown, current, await self.fairness(access)))

    async def fairness(self, access: Access) -> pages.Fairness | None:
        """A game that has ended: its revealed seed and the check of its record."""
        table = access.table
        if table.record.status not in ("finished", "abandoned") or table.state is None:
            return None
        digest = fairness.commitment(table.record.seed, table.record.seed_salt, table.names)

        async def verify() -> Verdict:
            _, record = await self.core.game_record(table.id)
            return await self.core.renders.later(verified, record, digest)
        verdict = await self.verdicts.get_drawn(("verdict", table.id, table.record.version, current()), verify)
        command = f"python -m rules verify {compose.record_filename(table)} --commitment {digest}"
        return pages.Fairness(table.record.seed, table.record.seed_salt, digest, verdict.ok, verdict.lines,
                              f"{access.prefix}/record.json", command)

    async def step_png(self, request: web.Request) -> web.StreamResponse:
        table = (await self.access(request)).table
        steps = await self.history(table)
        number = int(request.match_info["step"])
        if number >= len(steps):
            raise Refused(404, tr("No such step"), tr("The replay has no such step."))
        view, renders = steps[number].view, self.core.renders
        return png(await self.step_images.get_drawn(("step", table.id, table.record.version, number, current()),
                                                    lambda: renders.past_board(table.record.kind, view)))

    async def record_json(self, request: web.Request) -> web.StreamResponse:
        table = (await self.access(request)).table
        try:
            _, record = await self.core.game_record(table.id)
        except TableError as error:
            raise Refused(403, tr("Not yet"), str(error)) from error
        body = json.dumps(record, ensure_ascii=False, indent=1)
        response = web.Response(text=body, content_type="application/json", charset="utf-8")
        response.headers["Content-Disposition"] = f'attachment; filename="{compose.record_filename(table)}"'
        return response

    # ----- every request -------------------------------------------------------------------------------
    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The reader's language first (every word of the page is looked up in it); the rate limit; then refusals
        become pages that say why; then the security headers."""
        code, asked = reader_language(request)
        query = pages.asked_query.set(kept_query(request))
        try:
            with speaking(code):
                response = await self._guarded(request, handler)
                response.headers["Content-Language"] = pages.html_lang()
        finally:
            pages.asked_query.reset(query)
        if asked and code != request.cookies.get(LANGUAGE_COOKIE):
            # The language a link asked for stays for the pages opened from it (and the pictures they show).
            response.set_cookie(LANGUAGE_COOKIE, code, path="/", max_age=LANGUAGE_KEPT, httponly=True, samesite="Lax")
        return response

    async def _guarded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        wait = self.rate.wait(client_of(request.remote, request.headers.getall("X-Forwarded-For", []), self.trusted))
        response: web.StreamResponse
        if wait > 0:
            response = html(pages.refusal(tr("Slow down"), tr("Too many requests from your address; wait a few seconds "
                                                              "and try again.")), 429)
            response.headers["Retry-After"] = str(max(1, math.ceil(wait)))
        else:
            try:
                response = await handler(request)
            except Refused as refused:
                response = html(pages.refusal(refused.title, str(refused)), refused.status)
            except RendersBusy as busy:  # the players' pictures first: a page under a crowd waits its turn
                response = html(pages.refusal(tr("Busy drawing"), str(busy)), 503)
                response.headers["Retry-After"] = str(BUSY_RETRY)
            except web.HTTPException as error:  # no such route, or a method it does not take
                title = tr(HTTP_TITLES[error.status]) if error.status in HTTP_TITLES else error.reason
                response = html(pages.refusal(title, tr("There is no such page.")), error.status)
            except (asyncio.CancelledError, KeyboardInterrupt):
                raise
            except Exception:
                # The route's pattern, never the path: a path may hold a private link.
                route = request.match_info.route.resource
                log.exception("The web companion failed to answer %s %s", request.method,
                              route.canonical if route is not None else "?")
                response = html(pages.refusal(tr("Something went wrong"), tr("Something went wrong on our side; try "
                                                                             "again in a moment.")), 500)
        response.headers.update(SECURITY_HEADERS)
        return response


LANGUAGE_COOKIE = "lang"
LANGUAGE_KEPT = 365 * 24 * 3600
"""Seconds the language a link asked for is kept (it names a language, nothing else)."""
HTTP_TITLES = {404: N_("Not Found"), 405: N_("Method Not Allowed"), 413: N_("Request Entity Too Large")}
"""aiohttp's own refusals' titles (HTTP's reason phrases), as the reader's language says them."""


def kept_query(request: web.Request) -> tuple[tuple[str, str], ...]:
    """What of the address a page's language links keep (``pages.KEPT_QUERY``), when it is one the page itself
    would follow: a guide's way back to a game's page, a replay's step number."""
    kept = []
    back, step = request.query.get("from", ""), request.query.get("step", "")
    if BACK_TO.fullmatch(back):
        kept.append(("from", back))
    if step.isascii() and step.isdigit() and len(step) <= 6:
        kept.append(("step", step))
    return tuple(kept)


def language_query() -> str:
    """What a link the bot gives out adds to open its page in the language spoken (English needs nothing)."""
    return "" if current() == DEFAULT else f"?lang={current()}"


def offered() -> list[str]:
    """The languages a browser may ask for (the pseudo-language only through a link's ``?lang=qps``)."""
    return [code for code in LANGUAGES if code != PSEUDO]


def accepted(header: str) -> list[str]:
    """An ``Accept-Language`` header's tags, the most wanted first (``q=0`` means not wanted at all)."""
    weighed: list[tuple[float, int, str]] = []
    for index, item in enumerate(header.split(",")):
        tag, _, rest = item.strip().partition(";")
        weight = 1.0
        for parameter in rest.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        tag = tag.strip()
        if tag and tag != "*" and weight > 0:
            weighed.append((-weight, index, tag))
    return [tag for _, _, tag in sorted(weighed)]


def reader_language(request: web.Request) -> tuple[str, bool]:
    """The language a page is written in, and whether the address asked for it: the link's ``?lang=``, else the
    one a link asked for before (its cookie), else the browser's ``Accept-Language`` (negotiated by Babel among
    the languages offered), else English."""
    asked = request.query.get("lang", "").strip().lower()
    if asked in LANGUAGES:
        return asked, True
    kept = request.cookies.get(LANGUAGE_COOKIE, "")
    if kept in LANGUAGES:
        return kept, False
    tags = accepted(request.headers.get("Accept-Language", "")[:500])
    chosen = negotiate_locale(tags, offered(), sep="-") if tags else None
    return (supported(chosen) if chosen else DEFAULT), False


def html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def png(data: bytes) -> web.Response:
    return web.Response(body=data, content_type="image/png")
