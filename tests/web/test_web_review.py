"""The review on the web: a finished game's replay shows its review at the steps it is about (and a game going on
shows none), and the sandbox refuses, in a sentence, an export that does not verify."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from db.ratings import RatingStore
from rules.registry import GAMES
from rules.review.record import export_record
from web.sandbox import open_sandbox

from discord_table import cheap_renders
from web_helpers import fetch, play_automatic, serving, started_game


def steps_of(body: bytes) -> list[dict[str, Any]]:
    page = body.decode()
    found = re.search(r'<script type="application/json" id="replay-steps">(.*?)</script>', page, re.S)
    assert found is not None
    parsed: list[dict[str, Any]] = json.loads(found.group(1))
    return parsed


async def test_the_replay_shows_a_finished_games_review_at_the_steps_it_is_about(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        going = await started_game(web.core, "wanderzirkus", 2)
        going = await play_automatic(web.core, going.id, 6)
        await RatingStore(web.core.store).save_review(going.id, {"short": "", "steps": {"2": ["Never shown."]}})
        status, _, body = await fetch(web.follow_link(going.record) + "/replay")
        assert status == 200 and "Never shown." not in body.decode()  # nothing of a review while a game goes on
        table = await started_game(web.core, "wanderzirkus", 2)
        table = await play_automatic(web.core, table.id)
        assert table.record.status == "finished"
        actions = await web.core.actions(table.id)
        said = {"short": "🔎 reviewed", "steps": {"1": ["Ann: chance about 50% before, 44% after “Take it”."],
                                                  str(len(actions)): ["Bea: the last word."]}}
        await RatingStore(web.core.store).save_review(table.id, said)
        status, _, body = await fetch(web.follow_link(table.record) + "/replay")
        steps = steps_of(body)
        first = next(index for index, step in enumerate(steps)
                     if any("Ann: chance about 50%" in line for line in step["lines"]))
        assert first == 1  # the first action's step (step 0 is the start)
        assert "🔎 Bea: the last word." in steps[-1]["lines"]


async def test_the_sandbox_refuses_an_export_that_does_not_verify_in_a_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    game = GAMES["wanderzirkus"]
    state = game.new_game(["Ann", "Bea"], {}, 3)
    log = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = game.legal_actions(state, seat)[0]
        log.append((seat, game.action_to_json(action)))
        state, _ = game.apply(state, seat, action)
    export = export_record(game, "Der Wanderzirkus #1", ["Ann", "Bea"], {}, 3, "ab" * 16, log)
    export["actions"] = export["actions"][:-1]
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    try:
        for data, sentence in ((json.dumps(export).encode(), "That export does not verify: "),
                               (b"{not json", "That file is not a game's export: it is not JSON.")):
            form = aiohttp.FormData()
            form.add_field("record", data, filename="record.json", content_type="application/json")
            async with aiohttp.ClientSession() as session, \
                    session.post(web.base_url + "/sandbox/import", data=form, allow_redirects=False) as answer:
                assert answer.status == 400 and sentence in html.unescape(await answer.text())
        assert not await web.core.store.games_in_guild(1, statuses=("lobby", "active", "finished"))
    finally:
        await web.stop()
        await web.core.close()
