"""A whole game of each of the four games, through the real discord.py client: after every move every seated
member reads their ``/me inbox`` and the panel "Next game" opens for them, and neither may show anything only
another seat may know at that moment — another seat's private prompt or private lines, or the name of anything
only another seat's view holds that nothing public ever showed and the reader never saw themselves. The
reader's own secrets may be there (the inbox is theirs alone): the moves played for their seat tell them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from table.errors import TableError

from discord_standin import Discord, standin
from discord_table import cheap_renders, core_of, open_game
from leak_checks import names_in

MEMBERS = ("alice", "bob", "carol", "dave")
GAMES = {"circus_train": ("circus new", 3), "wanderzirkus": ("wanderzirkus new", 3),
         "little_circuses": ("littlecircuses new", 3), "dreadful_circus": ("dreadful new", 4)}
MAX_MOVES = 3000


def own_knowledge(table: Any, seat: int) -> tuple[set[str], set[str]]:
    """What a seat sees of its own right now: the lines of its private text view and its prompt, and the
    names its private view holds."""
    game, state = table.game, table.state
    view = game.view(state, seat)
    lines = set(game.render_text(view).splitlines())
    if seat in game.to_act(state):
        lines.add(game.prompt(state, seat))
    return lines, names_in(view)


def others_secrets(table: Any, reader: int, ever_public: set[str], known: set[str]) -> dict[str, str]:
    """Each secret of another seat that ``reader`` must not read now, and whose it is."""
    game, state = table.game, table.state
    own_lines, own_names = own_knowledge(table, reader)
    found: dict[str, str] = {}
    for seat in range(len(table.seats)):
        if seat == reader:
            continue
        view = game.view(state, seat)
        for line in game.render_text(view).splitlines():
            # A line the reader's own lines hold as well (the same one card in a hand) tells them nothing new.
            if line.startswith("Your ") and not any(line in own for own in own_lines):
                found[line] = f"{table.names[seat]}'s private line"
        if seat in game.to_act(state):
            prompt = game.prompt(state, seat).rstrip(".")
            name = table.names[seat]
            secret = prompt[len(name):] if prompt.startswith(name) else prompt
            if not any(secret in line for line in own_lines):
                found[secret] = f"{name}'s private prompt"
        for name in names_in(view) - ever_public - known - own_names:
            found[name] = f"a name only {table.names[seat]} may see"
    return found


async def read_inbox(d: Discord, member: str) -> list[str]:
    """What the member reads in their inbox (every page) and on the panel "Next game" opens."""
    texts = []
    page = await (await d.slash(member, "games", "me inbox", {})).answer()
    texts.append(page.content)
    number = 1
    while f"rm:inbox:{number + 1}" in page.custom_ids:
        number += 1
        assert page.message is not None
        page = await (await d.click(member, page.message, f"rm:inbox:{number}")).answer()
        texts.append(page.content)
    texts.append((await (await d.slash(member, "games", "me next", {})).answer()).content)
    return texts


@pytest.mark.parametrize("kind", list(GAMES))
async def test_no_inbox_shows_what_only_another_seat_may_see(tmp_path: Path, kind: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, members=MEMBERS) as d:
        command, players = GAMES[kind]
        thread = await open_game(d, MEMBERS[:players], command=command)
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        ever_public: set[str] = set()
        known: dict[int, set[str]] = {seat: set() for seat in range(players)}  # the names each seat ever saw
        moves = reads = 0
        while moves < MAX_MOVES:
            table = await core.tables.table(record.id)
            if table.over:
                break
            ever_public |= names_in(table.game.view(table.state, None))
            for seat in known:
                known[seat] |= own_knowledge(table, seat)[1]
            for seat in known:
                member = d.user(table.user_of(seat)).name
                secrets = others_secrets(table, seat, ever_public, known[seat])
                for text in await read_inbox(d, member):
                    reads += 1
                    leaked = [(secret, whose) for secret, whose in secrets.items() if secret in text]
                    assert not leaked, f"{member} reads {leaked[0][1]}: {leaked[0][0]!r} in {text[:400]!r}"
            seat = min(table.awaited())
            try:
                result = await core.keeper.play_for(record.id, seat)
            except TableError:
                continue
            events = [*result.events, *(event for move in result.follow_ups for event in move.events)]
            ever_public |= {name for event in events if event.private_to is None
                            for name in names_in(json.loads(json.dumps(event.to_json())))}
            for event in events:
                if event.private_to is None:
                    sentence = table.game.describe_event(event, table.names)
                    ever_public |= {name for name in names_in(table.game.view(result.table.state, None))
                                    if name in sentence}
            moves += 1
        assert (await core.tables.table(record.id)).over, f"{kind} did not end in {MAX_MOVES} moves"
        assert reads >= 2 * players * moves  # every member read their inbox and "Next game" after every move
