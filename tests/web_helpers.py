"""Helpers for the web companion's tests: a table core with games set up without Discord, a companion
serving it on 127.0.0.1, and a renderer that writes into each image which view it was drawn from."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from PIL import Image, PngImagePlugin

from table.config import WebSettings
from table.core import TableCore
from table.kits import KITS
from table.model import Table
from web.clients import Trusted
from web.companion import Companion, Placed
from web.links import Signer
from web.ratelimit import RateLimit

from discord_table import Clock

KEY = b"a test key of thirty-two bytes!!"
GUILD = 7
CHANNEL = 70


def digest(view: Any) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def view_png(view: Any) -> bytes:
    """A tiny PNG that names the view it was drawn from (its digest in a text chunk)."""
    info = PngImagePlugin.PngInfo()
    info.add_text("view", digest(view))
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def drawn_from(png: bytes) -> str:
    """The digest of the view a :func:`view_png` image was drawn from."""
    image = Image.open(io.BytesIO(png))
    text = image.text if hasattr(image, "text") else {}
    return str(text["view"])


def fingerprint_renders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game draws with :func:`view_png`, so a test can tell exactly which view each image shows."""
    for kind, entry in list(KITS.items()):
        monkeypatch.setitem(KITS, kind, replace(entry, render_board=view_png, render_hand=view_png, render_parts=None))


async def started_game(core: TableCore, kind: str, players: int, options: dict[str, object] | None = None,
                       *, guild: int = GUILD) -> Table:
    """A game of ``kind`` with ``players`` members (user ids 101, 102, …), started (no Discord thread)."""
    names = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]
    table = await core.tables.create(kind, guild, CHANNEL, 101, names[0], options or {})
    for seat in range(1, players):
        await core.tables.join(table.id, 101 + seat, names[seat])
    await core.tables.start(table.id, 101, None)
    return await core.table(table.id)


async def play_automatic(core: TableCore, game_id: int, moves: int | None = None) -> Table:
    """The automatic player makes ``moves`` decisions (None: until the game ends), lowest awaited seat first."""
    done = 0
    while moves is None or done < moves:
        table = await core.table(game_id)
        if table.over:
            return table
        await core.keeper.play_for(game_id, min(table.awaited()))
        done += 1
    return await core.table(game_id)


async def awaiting_on_a_split_board(core: TableCore, game_id: int, seat: int, limit: int = 400) -> Table:
    """A Little Circuses game played on by the automatic player until ``seat`` decides on a board drawn as several
    pictures (a big table later in the game), the other seats first."""
    from render.little_circuses.board import _fits

    for _ in range(limit):
        table = await core.table(game_id)
        awaited = table.awaited()
        assert awaited, "the game ended before its board was split"
        if seat in awaited and not _fits(table.public_view()):
            return table
        others = [s for s in awaited if s != seat]
        await core.keeper.play_for(game_id, min(others) if others else seat)
    raise AssertionError(f"seat {seat} was not awaited on a split board within {limit} decisions")


@asynccontextmanager
async def serving(tmp_path: Path, *, is_open: Callable[[Placed], bool] = lambda record: False,
                  clock: Clock | None = None, rate: RateLimit | None = None,
                  poll_seconds: float = 0.3, trusted: Trusted | None = None) -> AsyncIterator[Companion]:
    """A table core on a fresh database and a companion serving it on 127.0.0.1 (any free port)."""
    core = await TableCore.open(tmp_path / "web.sqlite3", clock=clock or Clock())
    companion = Companion(core, Signer(KEY, core.clock), is_open=is_open, rate=rate or RateLimit(10_000, 10_000.0),
                          poll_seconds=poll_seconds, trusted=trusted)
    await companion.start("127.0.0.1", 0)
    try:
        yield companion
    finally:
        await companion.stop()
        await core.close()


async def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as session, session.get(url, allow_redirects=False) as answer:
        return answer.status, dict(answer.headers), await answer.read()


def path_of(url: str) -> str:
    """A link's path (what a page's own links are written with)."""
    return "/" + url.split("/", 3)[3]


def web_bot(d: Any, db_path: Path, settings: WebSettings) -> Callable[[], Any]:
    """A factory for the real bot with the web companion configured (as ``RINGMASTER_WEB`` would)."""
    import bot as ringmaster

    async def build() -> Any:
        config = ringmaster.Config(token=d.server.token, db_path=db_path, dev_guild=d.guild.id, log_level="INFO",
                                   replay_frames=3, web=settings)
        return ringmaster.build_bot(config)

    return build


def link_buttons(message: Any) -> dict[str, str]:
    """A Discord message's link buttons: label → address."""
    return {component["label"]: component["url"] for row in message.components
            for component in row.get("components", []) if component.get("style") == 5}


def companion(d: Any) -> Companion:
    """The running bot's web companion."""
    web = d.bot.web
    assert isinstance(web, Companion)
    return web
