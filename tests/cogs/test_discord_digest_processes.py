"""The daily digest with two real bot processes on one PostgreSQL server (the product's own start-up,
``bench/load_bot.py``, each running one of two shards and ticking every second, on the machine's real clock):
both find the digest due at the same moment, and the player gets it once. The digest of a local day is claimed in
the same transaction as its message (``members.digest_day``), so the outbox holds one digest, delivered once."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime
from pathlib import Path

from postgres_server import PostgresServer

from bot_processes import GUILDS, BotProcess
from db_helpers import raw
from discord_standin import standin
from discord_table import open_game

PLAYERS = ("alice", "bob")


def digest_items(url: str) -> list[tuple[object, object]]:
    """Every digest the outbox ever held (delivered ones are kept for a day): its user and when delivered."""
    rows = raw(url, "SELECT payload, delivered_at FROM outbox WHERE kind = 'direct'")
    return [(payload, delivered) for payload, delivered in rows if "daily digest" in str(payload)]


async def test_two_processes_send_one_digest(postgres: PostgresServer, tmp_path: Path) -> None:
    url = await postgres.new_database()
    async with standin(tmp_path, bot=False, shards=2, guilds=GUILDS) as d:
        d.bot_elsewhere = True
        bots = [BotProcess(tmp_path, "0/2"), BotProcess(tmp_path, "1/2")]
        try:
            await asyncio.gather(*(bot.start(d, url) for bot in bots))
            big_top, sideshow = d.guilds
            await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=d.server.channel("games", big_top),
                            command="game new")
            await open_game(d, PLAYERS, {"kind": "circus_train"}, channel=d.server.channel("games", sideshow),
                            command="game new")
            # Both games wait for someone: whoever it is asks for the digest now (UTC, this very minute).
            waiting = {str(user) for (user,) in raw(url, "SELECT user_id FROM seats WHERE awaited_since IS NOT NULL")}
            member = next(name for name in PLAYERS if str(d.user(name).id) in waiting)
            now = datetime.now(UTC)
            answer = await (await d.slash(member, d.server.channel("games", big_top), "me notify",
                                          {"digest": f"{now.hour:02d}:{now.minute:02d}"})).answer()
            assert "daily digest comes at" in answer.content
            [digest] = await d.wait_for(lambda: [m for m in d.direct_messages(member) if "daily digest" in m] or None,
                                        timeout=20, what="the digest", check_errors=False)
            assert "wait" in digest and "https://discord.com/channels/" in digest
            await d.wait_for(lambda: all(delivered for _, delivered in digest_items(url)) or None, timeout=20,
                             what="the digest delivered", check_errors=False)
            assert len(digest_items(url)) == 1  # one claim, one message, whatever the processes
            assert len([m for m in d.direct_messages(member) if "daily digest" in m]) == 1
        finally:
            await asyncio.gather(*(bot.stop() for bot in bots))
        logs = "\n".join(bot.log() for bot in bots)
        assert not re.findall(r"^\S+ \S+ (ERROR|CRITICAL) .*$", logs, re.MULTILINE)
