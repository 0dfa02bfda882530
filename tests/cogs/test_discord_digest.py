"""The daily digest and the nudge through Discord: the real discord.py client against the stand-in, with a
controllable clock (never sleeping). ``/me notify digest:`` sets the digest beside the notification mode; the
digest comes by direct message once at the chosen local hour, across a day boundary and a daylight-saving
change, not while away and not twice after a restart; the last seat of a step decided at once gets one nudge;
and no digest or nudge shows anything its reader may not see."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from table.service import TableService

import sealed_guess as sealed_guess_kit
from discord_standin import Discord, standin
from discord_table import Clock, UseClock, button, cheap_renders, core_of, custom_ids, open_game
from leak_checks import names_in
from sealed_guess import SealedGuess

NUDGE = "everyone else has chosen"


@pytest.fixture
def sealed_guess(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess_kit.register(monkeypatch)
    yield


def tables(d: Discord) -> TableService:
    service: TableService = core_of(d).tables
    return service


async def tick(d: Discord) -> int:
    """The scheduler's tick, as the bot's own loop runs it, and every post it makes delivered."""
    done: int = await d.bot.get_cog("Async life").tick()  # type: ignore[union-attr]
    return done


def digests(d: Discord, user: str) -> list[str]:
    return [text for text in d.direct_messages(user) if "daily digest" in text]


async def new_game(d: Discord, players: tuple[str, ...]) -> Any:
    """A new game's thread (``open_game`` finds the channel's first thread, so the new one is told apart here)."""
    before = {thread.id for thread in d.threads("games")}
    await open_game(d, players)
    return await d.wait_for(lambda: next((t for t in d.threads("games") if t.id not in before
                                          and any(m.attachments for m in d.messages_in(t))), None),
                            what="the new game's thread and board")


async def wait_for_alice(d: Discord, thread: Any) -> None:
    """Play first choices for whoever the game waits for until it waits for alice alone."""
    record = await core_of(d).game_in_thread(thread.id)
    alice = d.user("alice").id
    for _ in range(100):
        table = await tables(d).table(record.id)
        if table.awaited_users() == [alice]:
            await core_of(d).posting_idle()
            return
        await tables(d).act(record.id, table.awaited_users()[0], None,
                            lambda table, seat: table.game.legal_actions(table.state, seat)[0])
    raise AssertionError("the game never waited for alice")


async def test_the_digest_comes_once_a_day_at_the_local_hour_through_a_daylight_saving_change(tmp_path: Path) -> None:
    # Berlin moves its clocks forward on 28 March 2027: 08:00 there is 07:00 UTC before and 06:00 UTC after.
    clock = Clock(datetime(2027, 3, 26, 9, 0, tzinfo=UTC))
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        refused = await (await d.slash("alice", "games", "me notify", {"digest": "half past"})).answer()
        assert refused.ephemeral and "like 8 or 07:30" in refused.content
        nothing = await (await d.slash("alice", "games", "me notify", {})).answer()
        assert nothing.ephemeral and "Choose how I tell you" in nothing.content
        await (await d.slash("alice", "games", "me hours", {"time_zone": "Europe/Berlin"})).answer()
        both = await (await d.slash("alice", "games", "me notify", {"mode": "none", "digest": "8"})).answer()
        assert both.ephemeral and "I will not ping you" in both.content and "digest comes at 08:00 (Europe/Berlin)" \
            in both.content
        settings = await (await d.slash("alice", "games", "me settings", {})).answer()
        assert "notifications: none" in settings.content and "daily digest at 08:00" in settings.content
        first = await new_game(d, ("alice", "bob"))
        second = await new_game(d, ("bob", "alice"))
        await wait_for_alice(d, first)
        clock.advance(minutes=5)
        await wait_for_alice(d, second)

        clock.now = datetime(2027, 3, 27, 6, 59, tzinfo=UTC)
        await tick(d)
        assert digests(d, "alice") == []
        clock.now = datetime(2027, 3, 27, 7, 0, tzinfo=UTC)
        await tick(d)
        [digest] = await d.wait_for(lambda: digests(d, "alice") or None, what="the digest")
        assert "2 games wait for you" in digest
        assert digest.index(f"/channels/{first.guild_id}/{first.id}") < \
            digest.index(f"/channels/{second.guild_id}/{second.id}")  # oldest wait first
        assert not digests(d, "bob")  # bob asked for none
        await tick(d)
        await d.restart_bot()  # the day's digest is claimed in the database: a new process sends no second
        await tick(d)
        clock.advance(hours=3)
        await tick(d)
        assert len(digests(d, "alice")) == 1

        clock.now = datetime(2027, 3, 28, 5, 59, tzinfo=UTC)  # the next day, a minute before 08:00 summer time
        await tick(d)
        assert len(digests(d, "alice")) == 1
        clock.now = datetime(2027, 3, 28, 6, 0, tzinfo=UTC)
        await tick(d)
        await d.wait_for(lambda: len(digests(d, "alice")) == 2 or None, what="the second day's digest")
        clock.now = datetime(2027, 3, 28, 7, 0, tzinfo=UTC)  # 08:00 without the change: nothing more
        await tick(d)

        away = await (await d.slash("alice", "games", "me away", {"until": "1d"})).answer()
        assert "You are away" in away.content
        clock.now = datetime(2027, 3, 29, 6, 0, tzinfo=UTC)
        await tick(d)
        assert len(digests(d, "alice")) == 2  # no digest while away
        off = await (await d.slash("alice", "games", "me notify", {"digest": "off"})).answer()
        assert "No daily digest" in off.content
        clock.now = datetime(2027, 3, 30, 6, 0, tzinfo=UTC)
        await tick(d)
        assert len(digests(d, "alice")) == 2


async def pick(d: Discord, thread: Any, user: str) -> None:
    """The user opens their panel from the newest board and picks its first choice."""
    boards = [m for m in d.messages_in(thread) if any(c.startswith("rm:turn:") for c in custom_ids(m))]
    handle = await d.click(user, boards[-1], button(boards[-1], "rm:turn:"))
    await handle.answer()
    assert handle.message is not None
    await (await d.click(user, handle.message, custom_ids(handle.message)[0])).answer()
    await core_of(d).posting_idle()


async def test_the_last_seat_of_a_step_decided_at_once_is_nudged_once(tmp_path: Path, sealed_guess: None) -> None:
    clock = Clock()
    async with standin(tmp_path, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        table = await tables(d).create(SealedGuess.key, d.guild.id, d.channel("games").id, d.user("alice").id,
                                       "alice", {})
        for member in ("bob", "carol"):
            await tables(d).join(table.id, d.user(member).id, member)
        await (await d.slash("alice", "games", "game start", {"game": table.id})).answer()
        thread = await d.wait_for(lambda: next((t for t in d.threads() if "Players:" in
                                                "".join(m.content for m in d.messages_in(t))), None))
        await pick(d, thread, "alice")
        await pick(d, thread, "bob")  # carol alone holds up the round
        clock.advance(minutes=30)
        await tick(d)
        assert not [m for m in d.messages_in(thread) if NUDGE in m.content]  # gentle: not at once
        clock.advance(minutes=30)
        await tick(d)
        [nudge] = await d.wait_for(lambda: [m for m in d.messages_in(thread) if NUDGE in m.content] or None,
                                   what="the nudge")
        assert [user.id for user in nudge.mentions] == [d.user("carol").id]
        assert "picked" not in nudge.content and "Pick" not in nudge.content  # nothing of anyone's choice
        clock.advance(hours=3)
        await d.restart_bot()
        await tick(d)
        assert len([m for m in d.messages_in(thread) if NUDGE in m.content]) == 1  # once per wait
        # The next round, carol by direct message this time: alice and bob pick, carol is nudged again.
        await (await d.slash("carol", "games", "me notify", {"mode": "dm"})).answer()
        await pick(d, thread, "carol")
        clock.advance(minutes=1)
        await pick(d, thread, "alice")
        await pick(d, thread, "bob")
        clock.advance(hours=1)
        await tick(d)
        [direct] = await d.wait_for(lambda: [m for m in d.direct_messages("carol") if NUDGE.capitalize() in m]
                                    or None, what="the nudge by direct message")
        assert "Pick a number from 1 to 3" in direct and f"/channels/{thread.guild_id}/{thread.id}" in direct
        assert len([m for m in d.messages_in(thread) if NUDGE in m.content]) == 1


MEMBERS = ("alice", "bob", "carol", "dave")
MAX_MOVES = 400


def secrets_for(table: Any, reader: int | None) -> dict[str, str]:
    """What ``reader``'s seat (None: anyone) may not read now: the other seats' private prompts and private lines,
    and the names only the other seats' views hold (not the public view, not the reader's own)."""
    state, game = table.state, table.game
    allowed = names_in(game.view(state, None)) | (names_in(game.view(state, reader)) if reader is not None else set())
    found: dict[str, str] = {}
    for seat in range(len(table.seats)):
        if seat == reader:
            continue
        private_view = game.view(state, seat)
        for line in game.render_text(private_view).splitlines():
            if line.startswith("Your "):
                found[line] = f"{table.names[seat]}'s private line"
        if seat in game.to_act(state):
            prompt = game.prompt(state, seat).rstrip(".")
            name = table.names[seat]
            found[prompt[len(name):] if prompt.startswith(name) else prompt] = f"{name}'s private prompt"
        for name in names_in(json.loads(json.dumps(private_view))) - allowed:
            found[name] = f"a name only {table.names[seat]} may see"
    if reader is None:
        return found
    # What the reader's own seat reads (its prompt, its private lines) is no secret to them, even where another
    # seat's words are the same ("…, you are choosing where the Highlight opens").
    own = game.render_text(game.view(state, reader))
    if reader in game.to_act(state):
        own += "\n" + game.prompt(state, reader)
    return {secret: whose for secret, whose in found.items() if secret not in own}


async def test_no_digest_or_nudge_shows_what_its_reader_may_not_see(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    clock = Clock()
    async with standin(tmp_path, members=MEMBERS, cogs=[lambda bot: UseClock(bot, clock)]) as d:
        for number, member in enumerate(MEMBERS):
            # Half by direct message (their nudges there too), half by mention (their nudges in the thread).
            await (await d.slash(member, "games", "me notify",
                                 {"mode": "dm" if number % 2 else "mention", "digest": "9"})).answer()
        thread = await open_game(d, MEMBERS, command="littlecircuses new")
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        users = {d.user(member).id: member for member in MEMBERS}
        read: dict[str, int] = {member: 0 for member in MEMBERS}
        seen_in_thread = len(d.messages_in(thread))
        sent = {"digest": 0, "nudge": 0}
        for _ in range(MAX_MOVES):
            table = await tables(d).table(record.id)
            if table.over:
                break
            # Time passes between moves: an hour and a bit, so nudges fall due and a digest comes every day.
            clock.advance(minutes=61)
            await tick(d)
            await core.posting_idle()
            for user, member in users.items():
                secrets = secrets_for(table, table.seat_of(user))
                for text in d.direct_messages(member)[read[member]:]:
                    if "daily digest" not in text and NUDGE.capitalize() not in text:
                        continue  # the turn's own messages are another test's (tests/cogs/test_discord_leaks.py)
                    sent["digest"] += "daily digest" in text
                    sent["nudge"] += NUDGE.capitalize() in text
                    leaked = [(secret, whose) for secret, whose in secrets.items() if secret in text]
                    assert not leaked, f"{leaked[0][1]} in {member}'s direct message: {text[:300]!r}"
                read[member] = len(d.direct_messages(member))
            everyone = secrets_for(table, None)
            for message in d.messages_in(thread)[seen_in_thread:]:
                if NUDGE in message.content:
                    sent["nudge"] += 1
                    leaked = [(secret, whose) for secret, whose in everyone.items() if secret in message.content]
                    assert not leaked, f"{leaked[0][1]} in the thread: {message.content[:300]!r}"
            seen_in_thread = len(d.messages_in(thread))
            # The last seat of each step is left alone for a while (its nudge comes), the others move at once.
            awaited = table.awaited()
            await core.keeper.play_for(record.id, min(awaited))
        assert sent["digest"] >= 3 and sent["nudge"] >= 3, sent
