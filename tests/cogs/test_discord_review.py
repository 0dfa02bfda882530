"""After the game, through Discord: a finished game of each of the four games posts its score chart (with alt text)
and its review in its thread, and /game export gives a record that `python -m rules verify` accepts and that the
sandbox plays again to the same final scores. The games are played to the end by the automatic player (every
seat on autopilot), with cheap board drawings: the point here is what comes after."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from PIL import Image

from rules.cli import verify_file
from web.sandbox import open_sandbox

from discord_standin import standin
from discord_table import cheap_renders, core_of, open_game

GAMES = (
    ("circus_train", "game new", {"kind": "circus_train"}, ("alice", "bob")),
    ("little_circuses", "game new", {"kind": "little_circuses"}, ("alice", "bob")),
    ("wanderzirkus", "game new", {"kind": "wanderzirkus"}, ("alice", "bob")),
    ("dreadful_circus", "game new", {"kind": "dreadful_circus"}, ("alice", "bob", "carol", "mia")),
)
FINISH = 300.0  # seconds the stand-in waits for a whole game played by the automatic player


async def test_each_finished_game_posts_its_chart_and_review_and_exports_a_record_that_verifies_and_replays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    for kind, command, options, players in GAMES:
        (tmp_path / kind).mkdir()
        await finish_and_review(tmp_path, kind, command, options, players)


async def finish_and_review(tmp_path: Path, kind: str, command: str, options: dict[str, Any],
                            players: tuple[str, ...]) -> None:
    async with standin(tmp_path / kind) as d:  # one stand-in per game: each game's thread and ids are its own
        thread = await open_game(d, players, options, command=command)
        core = core_of(d)
        record = await core.game_in_thread(thread.id)
        await core.automate(record.id, range(len(players)))
        chart = await d.wait_for(lambda: next((m for m in d.messages_in(thread) if m.attachments and
                                               m.attachments[0].filename.endswith("-scores.png")), None),
                                 timeout=FINISH, what=f"the score chart of {kind}")
        [picture] = chart.attachments
        assert picture.description and picture.description.startswith("Score chart: each player's")
        assert all(name in picture.description for name in players)
        with Image.open(io.BytesIO(picture.data)) as image:
            assert image.width == 800
        review = await d.wait_for(lambda: next((m for m in d.messages_in(thread) if "reviewed" in m.content),
                                               None), timeout=FINISH, what=f"the review of {kind}")
        assert review.id > chart.id and review.content.startswith("🔎 **")
        if kind == "circus_train":  # the dice's luck goes with the chart, and the game was rated
            assert "rolled" in chart.content and "could be expected" in chart.content
            rated = await (await d.slash("bob", "games", "stats ratings", {"kind": kind})).answer()
            assert "Circus Train — ratings" in rated.content
            assert all(f"<@{d.user(name).id}>: " in rated.content for name in players)
            both = await (await d.slash("carol", "games", "game stats", {"kind": kind})).answer()
            assert both.ephemeral and both.content.startswith("**Circus Train — ratings**")
            assert "**Circus Train — leaderboard**" in both.content
            assert all(both.content.count(f"<@{d.user(name).id}>: ") == 2 for name in players)
            mine = await (await d.slash("bob", "games", "stats record", {})).answer()
            assert "Circus Train: played 1" in mine.content and ", rating " in mine.content
        exported = await (await d.slash("alice", thread, "game export", {})).answer()
        files = {attachment.filename: attachment for attachment in exported.attachments}
        stem = f"{kind}-{record.id}"
        assert set(files) == {f"{stem}.json", f"{stem}.txt"}
        export = json.loads(files[f"{stem}.json"].data)
        assert "Final scores:" in files[f"{stem}.txt"].data.decode()
        path = tmp_path / f"{stem}.json"
        path.write_bytes(files[f"{stem}.json"].data)
        said = io.StringIO()
        assert verify_file(str(path), None, said) == 0, said.getvalue()
        assert said.getvalue().rstrip().endswith("VERIFIED")
        assert await sandbox_scores(tmp_path / f"sandbox-{kind}.sqlite3", files[f"{stem}.json"].data) == \
            export["outcome"]["scores"]


async def sandbox_scores(db: Path, export: bytes) -> list[int]:
    """Import the export into a sandbox of its own and read the final scores of the game it plays again."""
    companion = await open_sandbox(db, "127.0.0.1", 0)
    try:
        form = aiohttp.FormData()
        form.add_field("record", export, filename="record.json", content_type="application/json")
        async with aiohttp.ClientSession() as session:
            async with session.post(f"{companion.base_url}/sandbox/import", data=form,
                                    allow_redirects=False) as answer:
                assert answer.status == 303, await answer.text()
                location = answer.headers["Location"]
            async with session.get(f"{companion.base_url}{location}") as page:
                assert page.status == 200 and "replay" in await page.text()
        game_id = int(location.split("/")[2])
        table: Any = await companion.core.table(game_id)
        assert table.record.status == "finished"
        for _ in range(600):  # its review is computed as the sandbox's publisher reaches it, for the replay page
            review = await companion.core.kept_review(game_id)
            if review is not None:
                break
            await asyncio.sleep(0.05)
        assert review is not None and "reviewed" in review["short"]
        outcome = table.game.outcome(table.state)
        return list(outcome.scores)
    finally:
        await companion.stop()
        await companion.core.close()
