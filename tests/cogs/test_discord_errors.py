"""The one error route, through the real discord.py client: a refusal is a private sentence; a bug is a
private apology with an incident id, and the same id is in the log with the traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.registry import GAMES

from discord_standin import standin
from discord_table import awaited, board, button, cheap_renders, open_game

PLAYERS = ("alice", "bob")


async def test_a_bug_is_answered_with_an_incident_id_that_the_log_repeats(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        latest = board(d, thread)
        mover = awaited(d, latest, PLAYERS)
        assert mover is not None

        def broken(state: object, seat: int) -> list[object]:
            raise RuntimeError("a bug in the rules")

        monkeypatch.setattr(GAMES["circus_train"], "legal_actions", broken)
        handle = await d.click(mover, latest, button(latest, "rm:turn:"))
        record = await d.expect_error("Incident [0-9a-f]{8}")
        assert record.exc_info is not None and "a bug in the rules" in str(record.exc_info[1])
        answer = await handle.answer()
        found = re.search(r"incident `([0-9a-f]{8})`", answer.content)
        assert answer.ephemeral and found and "Sorry" in answer.content and "a bug in the rules" not in answer.content
        assert f"Incident {found[1]}" in record.getMessage()
        # A command that fails the same way is answered the same way.
        command = await (await d.slash(mover, thread, "game status")).settled()
        assert "incident" not in command.content  # status does not need the legal moves
        refused = await (await d.slash("carol", thread, "game hand")).answer()
        assert refused.ephemeral and refused.content == "You are not seated in this game, so you have no hand to see."
