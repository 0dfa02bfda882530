"""Nothing unsafe at the table, through the real discord.py client: hostile display names ping no one,
forged button ids do nothing, and taking a move back never lets a player peek at a draw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from discord_standin import Discord, standin
from discord_table import (
    Clock,
    UseClock,
    board,
    cheap_renders,
    core_of,
    custom_ids,
    open_game,
    play_one,
)

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture(autouse=True)
def _cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)


def every_message(d: Discord) -> list[Any]:
    return [m for channel in [*d.guild.channel_ids, *(t.id for t in d.threads())] for m in d.messages_in(channel)]


async def test_hostile_display_names_ping_no_one_but_the_intended_players(tmp_path: Path) -> None:
    clock = Clock()
    async with standin(tmp_path, members=PLAYERS, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        role = d.guild.manager_role_id
        d.user("bob").global_name = "@everyone bob"
        d.user("carol").global_name = f"@here <@&{role}> carol"
        thread = await open_game(d, PLAYERS, {"kind": "circus_train", "deadline_hours": 4}, command="game new")
        life: Any = d.bot.get_cog("Async life")  # type: ignore[union-attr]
        for _ in range(12):  # moves, reminders, missed deadlines and automatic moves, in turn
            await play_one(d, thread, PLAYERS)
            clock.advance(hours=3, minutes=10)
            await life.tick()
            clock.advance(hours=1)
            await life.tick()
        seated = {d.user(name).id for name in PLAYERS}
        sent = [m for m in every_message(d) if m.author.id == d.bot.user.id]  # type: ignore[union-attr]
        assert any("@everyone bob" in m.content for m in sent) and any("<@&" in m.content for m in sent)
        assert not any(m.mention_everyone for m in sent)
        assert not any(m.mention_roles for m in sent)
        assert all({u.id for u in m.mentions} <= seated for m in sent)
        assert any(m.mentions for m in sent)  # the players themselves were still told


async def test_forged_hand_over_and_take_back_buttons_do_nothing(tmp_path: Path) -> None:
    async with standin(tmp_path, members=(*PLAYERS, "dave")) as d:
        thread = await open_game(d, PLAYERS)
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        table = await core.tables.table(record.id)
        alice, dave = d.user("alice").id, d.user("dave").id
        before = [(seat.seat, seat.user_id) for seat in table.seats]
        latest = board(d, thread)
        # dave makes up an offer of alice's seat to himself: nobody offered it.
        forged = await (await d.forge_click("dave", latest, f"rm:handover:{table.id}:0:{alice}:{dave}")).answer()
        assert forged.ephemeral and "no such offer" in forged.content
        assert [(s.seat, s.user_id) for s in (await core.tables.table(table.id)).seats] == before
        # A made-up agreement to take back the last move: nobody asked.
        await play_one(d, thread, PLAYERS)
        version = (await core.tables.table(table.id)).record.version
        [last] = (await core.store.actions(table.id))[-1:]
        other = next(name for seat, name in enumerate(table.names) if seat != last.seat)
        fake = await (await d.forge_click(other, board(d, thread), f"rm:undo:{table.id}:{last.version}")).answer()
        assert fake.ephemeral and "Nobody asked" in fake.content
        assert (await core.tables.table(table.id)).record.version == version
        # Ids too big for any game, and junk, are refused with a sentence.
        huge = await (await d.forge_click("alice", latest, f"rm:hand:{'9' * 19}")).answer()
        assert huge.ephemeral and "no game" in huge.content.lower()


async def test_a_solo_player_cannot_take_back_a_draw_to_see_the_future(tmp_path: Path) -> None:
    async with standin(tmp_path, members=PLAYERS) as d:
        thread = await open_game(d, ("alice",), command="littlecircuses new")
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        for _ in range(60):
            await play_one(d, thread, ("alice",))
            table = await core.tables.table(record.id)
            [last] = (await core.store.actions(record.id))[-1:]
            before = await core.tables.state_at(table, last.version - 1)
            if before.rng != table.state.rng:
                break
        else:
            raise AssertionError("no move drew anything in 60 moves")
        version = table.record.version
        answer = await (await d.slash("alice", thread, "seat undo", {})).answer()
        assert answer.ephemeral and "cannot be taken back" in answer.content
        assert (await core.tables.table(record.id)).record.version == version
        assert custom_ids(board(d, thread))  # the game goes on
