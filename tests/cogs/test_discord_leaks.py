"""A whole game of each of the four games at its maximum player count, through the real discord.py
client, reading every public message the bot posts (contents, edits, button labels, file names and
image descriptions) after every move.

Nothing private in public: each message is checked against what only some seat may know at that
moment: a seat's private prompt (hands, running shows, effects being decided), its private lines
("Your hand …"), and the names of anything only a private view holds and nothing public ever showed
(hands, shows, wagons and bids, face-down tiles, draft picks).

A quiet table: a new board message only when the game starts waiting for someone new (or ends), every
new board but the last pings someone, the newest board always lists each event of its turn exactly
once, and every image carries a description."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from table.errors import TableError

from discord_standin import Discord, standin
from discord_table import cheap_renders, check_newest_board, core_of, open_game, pinged
from leak_checks import names_in

MEMBERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
GAMES = {"circus_train": ("circus new", 5), "wanderzirkus": ("wanderzirkus new", 6),
         "little_circuses": ("littlecircuses new", 7), "dreadful_circus": ("dreadful new", 8)}
MAX_MOVES = 4000


def public_texts(d: Discord, seen: dict[int, int], channels: list[Any]) -> list[str]:
    """What the bot newly showed in public since the last call: new messages and new versions of
    edited ones (their text, button labels and file names)."""
    texts: list[str] = []
    for channel in channels:
        for message in d.messages_in(channel):
            if message.author.id != d.bot.user.id:  # type: ignore[union-attr]
                continue
            count = len(message.versions) + 1
            if seen.get(message.id, 0) >= count:
                continue
            seen[message.id] = count
            texts.append(message.content)
            texts += [a.filename for a in message.attachments]
            texts += [str(a.description or "") for a in message.attachments]
            texts += [str(c.get("label", "")) for row in message.components for c in row.get("components", [])]
    return texts


async def secrets_now(table: Any, ever_public: set[str]) -> dict[str, str]:
    """Each secret an onlooker must not read right now, and whose it is."""
    state, game = table.state, table.game
    found: dict[str, str] = {}
    public_view = game.view(state, None)
    ever_public |= names_in(public_view)
    for seat in range(len(table.seats)):
        private_view = game.view(state, seat)
        for line in game.render_text(private_view).splitlines():
            if line.startswith("Your "):  # the contract's private lines (see table/compose.private_lines)
                found[line] = f"{table.names[seat]}'s private line"
        if seat in game.to_act(state):
            # The prompt speaks to the seat about what it alone sees; public text speaks about the seat.
            prompt = game.prompt(state, seat).rstrip(".")
            name = table.names[seat]
            found[prompt[len(name):] if prompt.startswith(name) else prompt] = f"{name}'s private prompt"
        for name in names_in(private_view) - ever_public:
            found[name] = f"a name only {table.names[seat]} may see"
    return found


@pytest.mark.parametrize("kind", list(GAMES))
async def test_no_public_message_shows_what_only_a_seat_may_see(tmp_path: Path, kind: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    command, players = GAMES[kind]
    async with standin(tmp_path, members=MEMBERS) as d:
        seated = MEMBERS[:players]
        thread = await open_game(d, seated, command=command)
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        seen: dict[int, int] = {}
        ever_public: set[str] = set()
        channels = [thread, d.channel("games")]
        public_texts(d, seen, channels)
        moves = newly_awaited = 0
        while moves < MAX_MOVES:
            table = await core.tables.table(record.id)
            if table.over:
                break
            secrets = await secrets_now(table, ever_public)
            known = sorted(ever_public, key=len, reverse=True)
            for text in public_texts(d, seen, channels):
                named = text
                for name in known:  # a public name may contain a private one ("… Sword Swallower Stage")
                    named = named.replace(name, "")
                leaked = [(secret, whose) for secret, whose in secrets.items()
                          if secret in (named if whose.startswith("a name") else text)]
                assert not leaked, f"{leaked[0][1]} is in public: {leaked[0][0]!r} in {text[:300]!r}"
            seat = min(table.awaited())
            try:
                result = await core.keeper.play_for(record.id, seat)
            except TableError:
                continue
            newly_awaited += bool(result.newly_awaited) or result.table.over
            # The moves played for seats right after it (forced moves) are told with it.
            events = [*result.events, *(event for move in result.follow_ups for event in move.events)]
            ever_public |= {line for event in events if event.private_to is None
                            for line in names_in(json.loads(json.dumps(event.to_json())))}
            ever_public |= {name for name in names_in(table.game.view(table.state, None))}
            for event in events:
                if event.private_to is None:
                    sentence = table.game.describe_event(event, table.names)
                    ever_public |= {name for name in names_in(table.game.view(result.table.state, None))
                                    if name in sentence}
            await check_newest_board(d, thread)  # current, and each event of its turn listed once
            moves += 1
        assert (await core.tables.table(record.id)).over, f"{kind} did not end in {MAX_MOVES} moves"
        boards = [m for m in d.messages_in(thread) if m.attachments and m.attachments[0].filename == "board.png"]
        assert len(boards) <= newly_awaited + 1, (len(boards), newly_awaited)  # + 1: the first board
        # Only the final board pings nobody (a board pings when it is posted: its first version).
        assert all(pinged(board) for board in boards[:-1])
        assert all(a.description for m in d.messages_in(thread) for a in m.attachments
                   if a.filename.endswith((".png", ".webp")))
