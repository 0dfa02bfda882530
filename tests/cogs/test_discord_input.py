"""Whatever a member (or a tampered client) types, every command answers with one sentence within
Discord's 2,000 characters and nothing breaks: "²" (a digit Python's int() refuses), a 5,000-digit
number, 6,000 characters, and numbers outside the ranges a command declares."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from discord_standin import Discord, standin
from discord_table import cheap_renders, leaf_commands, open_game

PLAYERS = ("alice", "bob")
NASTY = ("²", "9" * 5000, "x" * 6000)
TEXT, INTEGER, BOOLEAN, USER, NUMBER = 3, 4, 5, 6, 10


def plain_value(option: dict[str, Any]) -> Any:
    if option.get("choices"):
        return option["choices"][0]["value"]
    return {TEXT: "x", INTEGER: 1, NUMBER: 1.0, BOOLEAN: False, USER: "bob"}.get(option["type"])


async def answer_of(d: Discord, handle: Any) -> str:
    message = await handle.settled()
    return str(message.content)


async def test_every_text_option_answers_nasty_input_with_a_short_sentence(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        commands = leaf_commands(d)
        assert len(commands) > 40
        tried = 0
        for name, options in commands:
            texts = [o for o in options if o["type"] == TEXT and not o.get("choices")]
            for target in texts:
                for nasty in NASTY:
                    values = {o["name"]: plain_value(o) for o in options if o.get("required")}
                    values[target["name"]] = nasty
                    answer = await answer_of(d, await d.slash("alice", thread, name, values))
                    assert 0 < len(answer) <= 2000, (name, target["name"], nasty[:10], answer[:100])
                    assert answer[0].isupper() or answer[0] in "*<#⚠🎪✅🔒", (name, answer[:100])
                    tried += 1
        assert tried > 60


@pytest.mark.parametrize(("name", "options", "words"), [
    ("game new", {"kind": "circus_train", "deadline_hours": 1e308}, "between 0.25 and 336"),
    ("game new", {"kind": "circus_train", "autopilot_after": -3}, "between 1 and 20"),
    ("game new", {"kind": "no_such_game"}, "listed games"),
    ("game log", {"page": -1}, "between 1 and 10000"),
    ("game log", {"game": 10**30}, "no game"),
    ("game rules", {"kind": "no_such_game"}, "listed games"),
    ("stats leaderboard", {"kind": "no_such_game"}, "listed games"),
    ("game deadline", {"game": 1, "hours": float("nan")}, "between 0 and 336"),
])
async def test_out_of_range_raw_options_are_refused_with_a_sentence(tmp_path: Path, name: str,
                                                                    options: dict[str, Any], words: str) -> None:
    async with standin(tmp_path) as d:
        handle = await d.slash("alice", "games", name, options, unchecked=True)
        answer = await handle.settled()
        assert answer.ephemeral and words in answer.content and len(answer.content) < 300
