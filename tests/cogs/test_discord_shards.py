"""Two bot processes, each running one of the bot's two Discord shards, on one database, against one
stand-in Discord of two shards: each hears of its own guild only, games in both guilds are played, and
each game's deadline is kept by exactly one of them (table/ownership.py), once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from discord_standin import Discord, ringmaster_factory, standin
from discord_table import Clock, UseClock, board, cheap_renders, open_game, play_one

PLAYERS = ("alice", "bob")
GUILDS = [{"name": "Big Top"}, {"name": "Sideshow"}]  # on shard 0 and shard 1 (guilds take the shards in turn)


def life(bot: Any) -> Any:
    cog = bot.get_cog("Async life")
    assert type(cog).__name__ == "LifeCog"
    return cog


def missed(d: Discord, thread: Any) -> list[Any]:
    return [m for m in d.messages_in(thread) if "missed the deadline" in m.content]


async def test_two_processes_play_their_own_guilds_and_keep_each_deadline_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    clock = Clock()
    async with standin(tmp_path, bot=False, shards=2, guilds=GUILDS) as d:
        database = tmp_path / "ringmaster.sqlite3"  # one database for both processes (RINGMASTER_DB)
        bots: list[Any] = [await d.start_bot(ringmaster_factory(d, database, cogs=[lambda bot: UseClock(bot, clock)],
                                                     shards="0/2", global_commands=True))]
        bots.append(await d.add_bot(ringmaster_factory(d, database, cogs=[lambda bot: UseClock(bot, clock)],
                                                       shards="1/2", global_commands=True)))
        guilds = d.guilds
        assert [{g.id for g in bot.guilds} for bot in bots] == [{guilds[0].id}, {guilds[1].id}]
        assert len(d.requests("PUT", r"/applications/\d+/commands")) == 1  # shard 0's process syncs

        threads = []
        for guild in guilds:
            threads.append(await open_game(d, PLAYERS, {"kind": "circus_train", "deadline_hours": 24},
                                           channel=d.server.channel("games", guild), command="game new"))
            await play_one(d, threads[-1], PLAYERS)
        games = [(await bots[0].core.game_in_thread(thread.id)).id for thread in threads]
        assert len(set(games)) == 2
        for shard, guild in enumerate(guilds):  # each guild's presses went to its own shard's process only
            heard = {int(data["guild_id"]) for event, data in d.server.sent_events(shard)
                     if event == "INTERACTION_CREATE"}
            assert heard == {guild.id}

        clock.advance(hours=25)
        done = [await life(bot).tick() for bot in bots]
        # Each game's deadline is kept once, by the process that took its lease first (here the first to tick).
        assert done == [2, 0]
        for thread in threads:
            await d.wait_for(lambda: missed(d, thread) or None, what="the missed deadline's note")  # noqa: B023
            assert "(automatic player)" in board(d, thread).content
        assert [await life(bot).tick() for bot in bots] == [0, 0]
        assert [len(missed(d, thread)) for thread in threads] == [1, 1]  # once each
