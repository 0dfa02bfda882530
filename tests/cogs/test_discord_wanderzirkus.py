"""Der Wanderzirkus through Discord: the real bot and cogs against the local stand-in, driven as members
would drive them (slash commands with autocomplete, the "Take your turn" panel, "My hand").

Which decision a member makes is chosen by the game's automatic player from that member's own view,
and the game's seed is fixed, so every run plays the same game — one that uses nearly every kind of
decision (effects, acrobat placing, swap token, Pause, purchases). How each decision is made — typed
command with autocomplete, or panel click — is Discord's part and is what these tests exercise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.wanderzirkus import action_value
from render.wanderzirkus import render_board
from rules.core.rng import Rng
from table import service as table_service

from discord_standin import Discord, standin
from discord_table import board, button, custom_ids, labels, open_game

PLAYERS = ("alice", "bob")
NEW = "wanderzirkus new"
# Words only private events and private replies use: none may appear in the thread.
PRIVATE_WORDS = ("Your hand", "You play", "You draw", "You look", "You put", "You move", "You shuffle", "You copy",
                 "You lay", "You skip")

COMMANDS: dict[str, tuple[str, str | None]] = {
    "choose_artist": ("keep", "choice"), "choose_city": ("keep", "choice"), "take_pair": ("pair", "pair"),
    "play_card": ("play", "card"), "place": ("place", "position"), "use_effect": ("effect", "choice"),
    "skip_effect": ("effect", "choice"), "copy_effect": ("effect", "choice"), "tuck_card": ("effect", "choice"),
    "recycle_card": ("effect", "choice"), "move_peeked": ("effect", "choice"), "return_card": ("return", "card"),
    "use_swap": ("swap", None), "place_pause": ("pause", None), "stop_show": ("stop", None),
}
GAME_SEED = 94  # a game of about 120 decisions in which the automatic players use almost every kind of decision
CORE = {"choose_artist", "choose_city", "take_pair", "announce", "play_card"}
BUY_ITEMS = {"buy_artist": "artist", "buy_city": "city", "buy_swap_token": "swap_token", "end_spending": "nothing"}


async def _table(d: Discord) -> Any:
    assert d.bot is not None
    cog: Any = d.bot.core  # type: ignore[union-attr,attr-defined,unused-ignore]
    return await cog.tables.table(1)


async def _by_command(d: Discord, user: str, thread: Any, action: Any) -> Any:
    """Make the decision with its own slash command; a listed choice is picked from the autocomplete."""
    if action.kind == "announce":
        offered = await d.autocomplete(user, thread, "wanderzirkus announce", {}, focused="count")
        assert action.count in [choice["value"] for choice in offered]
        return await (await d.slash(user, thread, "wanderzirkus announce", {"count": action.count})).settled()
    if action.kind in BUY_ITEMS:
        return await (await d.slash(user, thread, "wanderzirkus buy", {"item": BUY_ITEMS[action.kind]})).settled()
    command, option = COMMANDS[action.kind]
    name = f"wanderzirkus {command}"
    if option is None:
        return await (await d.slash(user, thread, name, {})).settled()
    value = action_value(action)
    offered = await d.autocomplete(user, thread, name, {}, focused=option)
    assert value in [choice["value"] for choice in offered], (value, offered)
    return await (await d.slash(user, thread, name, {option: value})).settled()


async def _by_panel(d: Discord, user: str, thread: Any, label: str) -> bool:
    """Press "Take your turn" on the newest board and click the choice with this label; False when the
    board's panel cannot be used (out of date) and the caller should type the command instead."""
    latest = board(d, thread)
    opened = await d.click(user, latest, button(latest, "rm:turn:"))
    answer = await opened.answer()
    if "out of date" in answer.content or opened.message is None:
        return False
    panel = opened.message
    edits = len(panel.versions)
    ids, names = custom_ids(panel), labels(panel)
    if any(cid.startswith("rm:pick:") for cid in ids):
        options = [option for row in panel.components for component in row.get("components", [])
                   for option in component.get("options", [])]
        option = next(o for o in options if o["label"] == label[:100])
        select = next(cid for cid in ids if cid.startswith("rm:pick:"))
        page = int(option["value"]) // 25
        select = f"{select.rsplit(':', 1)[0]}:{page}"
        await (await d.select(user, panel, select, [option["value"]])).answer()
    else:
        chosen = next(cid for cid, name in zip(ids, names, strict=True) if name == label[:80])
        await (await d.click(user, panel, chosen)).answer()
    # The click is answered at once; the panel is edited with the next choices once the move is made.
    await d.wait_for(lambda: len(d.message(panel.id).versions) > edits or None, what="the panel to update")
    return True


def _thread_is_public(d: Discord, thread: Any) -> None:
    for message in d.messages_in(thread):
        for version in [message.content, *getattr(message, "versions", [])]:
            text = version if isinstance(version, str) else str(version)
            assert not any(word in text for word in PRIVATE_WORDS), text


async def test_a_two_player_game_is_played_to_its_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_service.secrets, "randbits", lambda bits: GAME_SEED)
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS, command=NEW)
        rng = Rng.from_seed(11)
        restarted = clicked = typed = 0
        seen_kinds: set[str] = set()
        for step in range(1500):
            table = await _table(d)
            if table.game.is_over(table.state):
                break
            seat = min(table.game.to_act(table.state))
            user = PLAYERS[seat]
            legal = table.game.legal_actions(table.state, seat)
            action = table.game.auto_action(table.game.view(table.state, seat), legal, rng)
            seen_kinds.add(action.kind)
            label = table.game.describe_action(table.state, seat, action)
            if step == 60 and not restarted:
                await d.restart_bot()  # mid-game: the game, its board and its buttons carry on
                restarted = 1
            if step % 4 == 0 and await _by_panel(d, user, thread, label):
                clicked += 1
            else:
                answer = await _by_command(d, user, thread, action)
                assert answer.ephemeral
                typed += 1
            if step % 25 == 0:
                _thread_is_public(d, thread)
                now = await _table(d)
                [png] = d.png_attachments(board(d, thread))  # the newest board shows the public view only
                assert png.data == render_board(now.game.view(now.state, None))
        table = await _table(d)
        assert table.game.is_over(table.state), "the game did not end"
        final = board(d, thread)
        assert "Final scores" in final.content and "Winner" in final.content
        assert not any(cid.startswith("rm:turn:") for cid in custom_ids(final))
        [png] = d.png_attachments(final)
        assert png.data == render_board(table.game.view(table.state, None))
        # The end brings the table's animated replay, drawn from this game's public boards.
        replay = await d.wait_for(lambda: next((m for m in d.messages_in(thread) if "replayed" in m.content), None),
                                  timeout=60, what="the replay")
        assert replay.attachments
        _thread_is_public(d, thread)
        assert restarted and clicked > 5 and typed > 20
        assert seen_kinds >= CORE and len(seen_kinds) >= 12, seen_kinds


async def test_refusals_are_private_and_specific(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS, command=NEW)
        first = board(d, thread)
        assert d.png_attachments(first)
        # Set-up is simultaneous: both are awaited. A stranger is not seated.
        stranger = await (await d.slash("carol", thread, "wanderzirkus stop", {})).settled()
        assert stranger.ephemeral and "not seated" in stranger.content
        offered = await d.autocomplete("alice", thread, "wanderzirkus keep", {}, focused="choice")
        assert len(offered) == 4 and all(c["name"].startswith("Keep ") for c in offered)
        assert all(c["value"].startswith("choose_artist:") for c in offered)
        wrong_kind = await (await d.slash("alice", thread, "wanderzirkus keep", {"choice": "play_card:x"})).settled()
        assert wrong_kind.ephemeral and "not a choice for this command" in wrong_kind.content
        garbled = await (await d.slash("alice", thread, "wanderzirkus keep", {"choice": "a juggler"})).settled()
        assert garbled.ephemeral and "You have no choice called" in garbled.content
        play = {"card": "play_card:start_red_1"}
        not_now = await (await d.slash("alice", thread, "wanderzirkus play", play)).settled()
        assert not_now.ephemeral and "not a choice right now" in not_now.content  # the rules' own sentence
        bad_number = await (await d.slash("alice", thread, "wanderzirkus pair", {"pair": "take_pair:two"})).settled()
        assert bad_number.ephemeral and "is not a number" in bad_number.content
        kept = await (await d.slash("alice", thread, "wanderzirkus keep", {"choice": offered[0]["value"]})).settled()
        assert kept.ephemeral
        again = await (await d.slash("alice", thread, "wanderzirkus keep", {"choice": offered[0]["value"]})).settled()
        assert again.ephemeral and "not among the ones you drew" in again.content  # no longer on offer
        # My hand: private, with the image, only for the seat.
        latest = board(d, thread)
        mine = await (await d.click("alice", latest, button(latest, "rm:hand:"))).settled()
        assert mine.ephemeral and d.png_attachments(mine)
        stranger_hand = await (await d.click("carol", latest, button(latest, "rm:hand:"))).answer()
        assert stranger_hand.ephemeral and "not seated" in stranger_hand.content
        # Finish set-up for both, then the announcements go one at a time.
        for user in PLAYERS:
            while True:
                choices = await d.autocomplete(user, thread, "wanderzirkus keep", {}, focused="choice")
                if not choices:
                    break
                await (await d.slash(user, thread, "wanderzirkus keep", {"choice": choices[0]["value"]})).settled()
        table = await _table(d)
        assert table.state.phase == "announce"
        [waiting] = table.game.to_act(table.state)
        other = PLAYERS[1 - waiting]
        out_of_turn = await (await d.slash(other, thread, "wanderzirkus announce", {"count": 3})).settled()
        assert out_of_turn.ephemeral and "not your turn" in out_of_turn.content
        too_many = await (await d.slash(PLAYERS[waiting], thread, "wanderzirkus announce", {"count": 9})).settled()
        assert too_many.ephemeral and "Announce between 1 and" in too_many.content
        old = board(d, thread)
        await (await d.slash(PLAYERS[waiting], thread, "wanderzirkus announce", {"count": 3})).settled()
        stale = await (await d.click(PLAYERS[waiting], old, button(old, "rm:turn:"))).answer()
        assert stale.ephemeral and ("out of date" in stale.content or "not your turn" in stale.content)
        _thread_is_public(d, thread)
        both = await (await d.slash("carol", "games", NEW, {"simplified": True, "pro": True})).answer()
        assert both.ephemeral and "Simplified" in both.content  # the rules refuse the combination
