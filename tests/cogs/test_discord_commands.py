"""Every slash command, as Discord shows it: each option has a real description, and every option that
names a game offers the asker's games (and open lobbies to join) as they type."""

from __future__ import annotations

from pathlib import Path

from discord_standin import standin
from discord_table import custom_ids, leaf_commands, open_game

PLAYERS = ("alice", "bob")


async def test_every_option_is_described_and_every_game_option_autocompletes(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        await open_game(d, PLAYERS)
        commands = leaf_commands(d)
        undescribed = [(name, option["name"]) for name, options in commands for option in options
                       if len(option.get("description", "").strip(" .…")) < 4]
        assert not undescribed, undescribed
        game_options = [(name, option) for name, options in commands for option in options
                        if option["name"] == "game"]
        assert len(game_options) > 30
        missing: list[str] = []
        for name, option in game_options:
            if not option.get("autocomplete"):
                missing.append(name)
                continue
            choices = await d.autocomplete("alice", "games", name, {}, focused="game")
            if name != "game join":  # join offers the lobbies one is not seated in (see below)
                assert any(choice["value"] == 1 for choice in choices), (name, choices)
        assert not missing, missing


async def test_a_member_not_yet_seated_is_offered_the_open_lobbies_to_join(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        created = await d.slash("alice", "games", "circus new", {})
        await created.answer()
        choices = await d.autocomplete("carol", "games", "game join", {}, focused="game")
        assert [c["value"] for c in choices] == [1] and "Circus Train" in choices[0]["name"]


async def test_the_rules_of_a_game_are_read_section_by_section(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        first = await (await d.slash("alice", "games", "game rules", {"kind": "dreadful_circus"})).answer()
        assert first.ephemeral and first.content.startswith("**Dreadful Circus — Goal** (1/")
        sections = await d.autocomplete("alice", "games", "game rules", {"kind": "dreadful_circus"},
                                        focused="section")
        assert "Bidding" in [c["value"] for c in sections]
        bidding = await (await d.slash("alice", "games", "game rules", {"kind": "dreadful_circus",
                                                                        "section": "Bidding"})).answer()
        assert "**Dreadful Circus — Bidding**" in bidding.content
        message = first.message
        assert message is not None
        turned = await d.click("alice", message, next(c for c in custom_ids(message) if c.startswith("rm:guide:")))
        await turned.answer()
        assert "— Setting up**" in d.message(message.id).content
