"""The fairness commitment through Discord: the thread shows the seed's hash before the first move,
and once the game ends it reveals the seed with a record that verifies — and stops verifying once
tampered with."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.core.fairness import commitment, verify_record
from rules.registry import GAMES
from table.errors import TableError

from discord_standin import standin
from discord_table import awaited, board, board_changed, custom_ids, mark, open_game, take_turn

PLAYERS = ("alice", "bob")
HASH = re.compile(r"`([0-9a-f]{64})`")


async def test_the_seed_is_committed_at_the_start_and_revealed_with_a_verifiable_record(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        [published] = [m for m in d.messages_in(thread) if "Fair play" in m.content]
        [digest] = HASH.findall(published.content)
        assert published.id < board(d, thread).id  # shown before the first board, so before any move
        for _ in range(3):  # a few decisions, so the record has a log to check
            mover = awaited(d, board(d, thread), PLAYERS)
            assert mover is not None
            before = mark(d, thread)
            panel = await take_turn(d, mover, thread)
            await (await d.click(mover, panel.message, custom_ids(panel.message)[0])).answer()
            await board_changed(d, thread, before)
        answer = await (await d.slash("alice", thread, "game abandon", {})).answer()
        assert "abandoned" in answer.content
        reveal = await d.wait_for(lambda: next((m for m in d.messages_in(thread) if "secret seed was" in m.content),
                                               None), what="the seed to be revealed")
        [attachment] = reveal.attachments
        record = json.loads(attachment.data)
        assert attachment.filename == "circus_train-1-record.json"
        assert f"`{record['seed']}`" in reveal.content and digest in reveal.content
        assert commitment(record["seed"], record["salt"], record["players"]) == digest and len(record["salt"]) == 32
        assert len(record["actions"]) >= 3
        verdict = verify_record(record, GAMES, published=digest)
        assert verdict.ok, verdict.lines
        record["actions"] = record["actions"][:-1]
        assert not verify_record(record, GAMES, published=digest).ok


async def test_the_record_is_not_given_out_while_the_game_goes_on(tmp_path: Path) -> None:
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        assert d.bot is not None
        service = d.bot.core.tables  # type: ignore[attr-defined]
        table = await service.table_in_context(d.guild.id, thread.id, d.user("alice").id, None)
        with pytest.raises(TableError, match="only available once the game has ended"):
            await service.game_record(table.id)
        for message in d.messages_in(thread):
            assert str(table.record.seed) not in message.content
