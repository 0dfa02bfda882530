"""Hints through the real discord.py client and the stand-in: a solo game opened with ``/game new`` has hints by
default, so its private panel offers "Suggest"; a click answers the player alone with the strong player's choice
(without figures where the game has no search yet, with its estimates where it has) and nothing of it reaches the
thread; the seat's suggestions are counted in the game's record. A game of two people has no "Suggest", and a
forged one is refused with its sentence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cogs.views import choices_view, with_next_game, with_suggest
from table.hints import HINTS_OFF

import sealed_guess as sealed_guess_kit
from discord_standin import standin
from discord_table import button, cheap_renders, core_of, custom_ids, labels, open_game, take_turn
from sealed_guess import Pick, SealedGuess


@pytest.fixture(autouse=True)
def cheap(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sealed_guess_kit.register(monkeypatch)
    cheap_renders(monkeypatch)
    yield


def thread_texts(d: Any, thread: Any) -> str:
    """Everything the thread shows or showed (each message and its earlier versions)."""
    return "\n".join(text for message in d.messages_in(thread)
                     for text in [message.content, *(str(old.get("content", "")) for old in message.versions)])


async def test_suggest_on_a_solo_panel_answers_the_player_alone(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, ("alice",), {"kind": "little_circuses"}, command="game new")
        panel = (await take_turn(d, "alice", thread)).message
        assert "Suggest" in labels(panel)
        suggest = button(panel, "rm:hint:")
        game = int(suggest.split(":")[2])

        answer = await (await d.click("alice", panel, suggest)).answer()
        assert answer.ephemeral
        first, why = answer.content.split("\n")[:2]
        assert first.startswith("💡 **Suggestion: ") and first.removeprefix("💡 **Suggestion: ").removesuffix("**") in \
            labels(panel)
        # The strong player's search, from what alice can see: its best choices with their figures, said as the
        # outlook on the solo chart (a game of one has no one to beat).
        assert why.startswith("Why: ") and " % of the solo chart's best" in why and why.endswith(" %.")
        assert answer.content.split("\n")[2].startswith("(The strong automatic player's estimates")

        again = await (await d.click("alice", panel, suggest)).answer()
        assert again.ephemeral and again.content.startswith("💡 **Suggestion: ")

        await core_of(d).publisher.idle()
        assert "Suggestion" not in thread_texts(d, thread) and "%" not in thread_texts(d, thread)
        assert [seat.hints for seat in (await core_of(d).table(game)).seats] == [2]

        # The panel still plays: a choice after a suggestion is an ordinary move.
        chosen = await (await d.click("alice", panel, button(panel, "rm:do:"))).answer()
        assert "Suggestion" not in chosen.content


async def test_a_game_of_two_people_has_no_suggest(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        where = d.channel("games")
        tables = core_of(d).tables
        table = await tables.create(SealedGuess.key, where.guild_id, where.id, d.user("alice").id, "alice", {})
        await tables.join(table.id, d.user("bob").id, "bob")
        await (await d.slash("alice", "games", "game start", {"game": table.id})).answer()
        await core_of(d).publisher.idle()
        thread = d.channel((await core_of(d).record(table.id)).thread_id)
        panel = (await take_turn(d, "alice", thread)).message
        assert not any(custom.startswith("rm:hint:") for custom in custom_ids(panel))
        version = (await core_of(d).table(table.id)).record.version
        refused = await (await d.forge_click("alice", panel, f"rm:hint:{table.id}:{version}")).answer()
        assert refused.ephemeral and refused.content == HINTS_OFF
        assert [seat.hints for seat in (await core_of(d).table(table.id)).seats] == [0, 0]


async def test_the_creator_turns_hints_on_before_the_start(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        where = d.channel("games")
        tables = core_of(d).tables
        table = await tables.create(SealedGuess.key, where.guild_id, where.id, d.user("alice").id, "alice", {})
        await tables.join(table.id, d.user("bob").id, "bob")
        refused = await (await d.slash("bob", "games", "game hints", {"game": table.id, "on": True})).answer()
        assert refused.ephemeral and refused.content == ("Only the player who created this game or a server "
                                                         "manager can turn its hints on or off.")
        done = await (await d.slash("alice", "games", "game hints", {"game": table.id, "on": True})).answer()
        assert done.ephemeral and done.content == f"Sealed Guess #{table.id}: hints are on."
        await (await d.slash("alice", "games", "game start", {"game": table.id})).answer()
        await core_of(d).publisher.idle()
        thread = d.channel((await core_of(d).record(table.id)).thread_id)
        panels = {player: (await take_turn(d, player, thread)).message for player in ("alice", "bob")}
        assert all(any(custom.startswith("rm:hint:") for custom in custom_ids(panel)) for panel in panels.values())
        late = await (await d.slash("alice", thread, "game hints", {"game": table.id, "on": False})).answer()
        assert late.content == "Hints are chosen before the game starts; this game has already started."

        # Bob asks once; the game ends; it is marked, and kept out of the standings but in his record, apart.
        asked = await (await d.click("bob", panels["bob"], button(panels["bob"], "rm:hint:"))).answer()
        assert asked.content.startswith("💡 **Suggestion: Pick ")
        for _ in range(sealed_guess_kit.ROUNDS):
            for player, number in (("alice", 3), ("bob", 1)):
                await core_of(d).play(table.id, d.user(player).id, None, lambda _t, _s, n=number: Pick(n))
        await core_of(d).publisher.idle()
        assert any("💡 Suggestions asked for: bob (1). This game stays out of the standings." in message.content
                   for message in d.messages_in(thread))
        board = await (await d.slash("alice", "games", "stats leaderboard", {"kind": SealedGuess.key})).answer()
        assert board.content == "No Sealed Guess game has finished here yet."
        record = await (await d.slash("bob", "games", "stats record", {})).answer()
        assert record.content.split("\n")[1:] == [
            "With hints (someone asked for suggestions; not in the standings):",
            "Sealed Guess: played 1, won 0, average 0.0, best 0"]


@pytest.mark.parametrize(("choices", "extras"), [(3, ["rm:hint:5:9", "rm:next:5"]), (20, ["rm:hint:5:9", "rm:next:5"]),
                                                 (100, ["rm:hint:5:9", "rm:next:5"]), (125, [])])
def test_suggest_and_next_game_take_the_room_a_panel_has_left(choices: int, extras: list[str]) -> None:
    """Four rows of buttons (or four select menus) leave a row for both; five select menus leave none, and
    discord.py would refuse a sixth row."""
    view = with_next_game(with_suggest(choices_view(5, 9, [f"Choice {n}" for n in range(choices)]), 5, 9), 5)
    ids = [str(getattr(item, "custom_id", "")) for item in view.children]
    assert [custom for custom in ids if custom.startswith(("rm:hint:", "rm:next:"))] == extras
    view.stop()
