"""Ready-made ways to get a stand-in Discord (and the real Ringmaster bot) into a test.

    async with standin(tmp_path) as discord:          # the real bot, its database under tmp_path
        handle = await discord.slash("alice", "games", "ping")
        assert (await handle.response()).content == "Pong"

``standin`` yields a ``Discord`` driver with the real bot connected (``bot=False``: no bot, the
test calls ``await discord.start_bot(factory)``). On exit it stops the bot, stops the server, restores
discord.py's URLs and fails the test for bot errors nobody claimed or routes the stand-in lacks.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import discord
import pytest

from .client import BotFactory, Discord
from .server import StandIn

CogFactory = Callable[[Any], Any]  # bot -> commands.Cog


def ringmaster_factory(driver: Discord, db_path: Path, *, cogs: Iterable[CogFactory] = (),
                       dynamic_items: Iterable[type[discord.ui.DynamicItem[Any]]] = (),
                       render_processes: int = 0, shards: str | None = None,
                       global_commands: bool = False, think_processes: int = 0) -> BotFactory:
    """A factory for the real bot: ``bot.build_bot(config)`` with the stand-in's token, ``db_path`` and
    ``dev_guild`` set to the stand-in's first guild; ``cogs`` (test-only) are added before login.
    Boards are drawn in threads of the test's process (so tests may replace the renderers) unless
    ``render_processes`` asks for worker processes. ``shards`` (``RINGMASTER_SHARDS``' form, such as
    ``"1/2"``) makes it a bot process running those shards only. ``global_commands``: no ``dev_guild``, so
    the commands are synced globally and every guild has them (a world of several guilds). ``think_processes``:
    worker processes for the automatic players' searches (0: threads of the test's process)."""
    import bot as ringmaster  # the product's entry point
    from table.config import Shards

    cog_factories = list(cogs)
    items = list(dynamic_items)

    async def build() -> discord.Client:
        # Few replay frames: drawing forty boards at every game's end would slow the tests for nothing.
        config = ringmaster.Config(token=driver.server.token, db_path=db_path,
                                   dev_guild=None if global_commands else driver.guild.id,
                                   log_level="INFO", replay_frames=3, render_processes=render_processes,
                                   shards=Shards.parse(shards) if shards is not None else None,
                                   think_processes=think_processes)
        client = ringmaster.build_bot(config)
        for make_cog in cog_factories:
            await client.add_cog(make_cog(client))
        if items:
            client.add_dynamic_items(*items)
        return client

    return build


@contextlib.asynccontextmanager
async def standin(tmp_path: Path | None = None, *, bot: bool | BotFactory = True,
                  cogs: Iterable[CogFactory] = (), guilds: Iterable[Mapping[str, Any]] | None = None,
                  interaction_deadline: float = 3.0, attachment_size_limit: int = 10 * 1024 * 1024,
                  render_processes: int = 0, shards: int = 1, **guild_setup: Any) -> AsyncIterator[Discord]:
    """A running stand-in with one guild built from ``guild_setup`` (see ``StandIn.add_guild``: name,
    channels, members, managers, owner, deny, bot_permissions) or several from ``guilds``.

    By default the real Ringmaster bot (plus the test-only ``cogs``) is started with its database at
    ``tmp_path / "ringmaster.sqlite3"`` and ``dev_guild`` set to the first guild. ``bot`` may instead
    be a factory (a callable returning a discord.Client, or a coroutine of one), or False for no bot.
    ``shards`` is the stand-in's shard count: the guilds take the shards in turn (see ``add_guild``), and
    each gateway session hears only of its shard's guilds.
    """
    cog_factories = list(cogs)
    if cog_factories and bot is not True:
        raise ValueError("cogs are added to the Ringmaster bot (bot=True); a custom factory adds its own")
    if bot is True and tmp_path is None:
        raise ValueError("standin() needs tmp_path for the bot's database (or bot=False)")
    server = StandIn(interaction_deadline=interaction_deadline, attachment_size_limit=attachment_size_limit,
                     shard_count=shards)
    for setup in guilds if guilds is not None else [guild_setup]:
        server.add_guild(**setup)
    await server.start()
    driver: Discord | None = None
    failed = True
    try:
        driver = Discord(server)
        if bot is True:
            assert tmp_path is not None
            await driver.start_bot(ringmaster_factory(driver, tmp_path / "ringmaster.sqlite3", cogs=cog_factories,
                                                      render_processes=render_processes))
        elif callable(bot):
            await driver.start_bot(bot)
        yield driver
        failed = False
    finally:
        try:
            if driver is not None:
                await driver.close()
        finally:
            await server.stop()
        if driver is not None and not failed:
            driver.check()


@pytest.fixture
async def discord_standin(tmp_path: Path) -> AsyncIterator[Discord]:
    """A stand-in with the default guild (channels general and games; alice, bob, carol; manager mia), no bot."""
    async with standin(tmp_path, bot=False) as driver:
        yield driver


@pytest.fixture
async def ringmaster_standin(tmp_path: Path) -> AsyncIterator[Discord]:
    """The same, with the real Ringmaster bot connected (database under tmp_path)."""
    async with standin(tmp_path) as driver:
        yield driver
