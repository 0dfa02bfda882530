"""Where boards are drawn (table/renders.py): worker processes draw exactly what the bot's own process
would, a board whose public view did not change is not drawn again, replays come from their own worker,
and a bot started with worker processes posts real boards in its threads."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from rules.registry import GAMES
from table import renders
from table.kits import kit
from table.renders import ProcessRenders, ThreadRenders, open_renders, view_digest

from discord_standin import standin
from discord_table import board, button, open_game

KIND = "dreadful_circus"  # the quickest board to draw


def views(seed: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    game = GAMES[KIND]
    state = game.new_game(["Ann", "Ben", "Cy", "Di"], {}, seed)
    return game.view(state, None), game.view(state, 0)


async def test_worker_processes_draw_what_this_process_draws() -> None:
    public, private = views()
    renders = await open_renders(1)
    assert isinstance(renders, ProcessRenders)
    try:
        assert await renders.board(KIND, public) == kit(KIND).board_images(public)
        assert await renders.hand(KIND, private) == kit(KIND).render_hand(private)
    finally:
        await renders.close()


async def test_an_unchanged_public_view_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def counting(view: Any) -> list[bytes]:
        drawn.append(view_digest(KIND, view))
        return [b"board"]

    monkeypatch.setattr(type(kit(KIND)), "board_images", lambda self, view: counting(view))
    renders = ThreadRenders()
    public, _ = views()
    same = dict(public)  # equal, but another object: what the next move's view looks like
    other, _ = views(seed=4)
    assert await renders.board(KIND, public) == await renders.board(KIND, same) == [b"board"]
    assert len(drawn) == 1
    await renders.board(KIND, other)
    assert len(drawn) == 2 and view_digest(KIND, public) != view_digest(KIND, other)
    await renders.close()


async def test_a_replay_is_drawn_by_its_own_worker() -> None:
    game = GAMES[KIND]
    names, seed = ["Ann", "Ben", "Cy", "Di"], 5
    state = game.new_game(names, {}, seed)
    actions: list[tuple[int, dict[str, Any]]] = []
    while len(actions) < 12 and not game.is_over(state):
        seat = min(game.to_act(state))
        action = game.legal_actions(state, seat)[0]
        actions.append((seat, game.action_to_json(action)))
        state, _ = game.apply(state, seat, action)
    renders = await open_renders(1)
    try:
        picture, alt = await renders.replay(KIND, "Dreadful Circus #7", names, {}, seed, actions, 4)
    finally:
        await renders.close()
    colours = kit(KIND).board_palette
    assert colours is not None
    allowed = {tuple(colours[i:i + 3]) for i in range(0, len(colours), 3)}
    with Image.open(io.BytesIO(picture)) as image:
        assert getattr(image, "n_frames", 1) >= 2
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            # The game's own board colours, exactly: frames are mapped to its palette and kept lossless.
            shown = image.convert("RGB").getcolors(256)
            assert shown is not None and {colour for _, colour in shown} <= allowed
    assert alt.startswith("An animation of Dreadful Circus #7 from the first move to the end.")


async def test_a_bot_with_render_workers_posts_real_boards(tmp_path: Path) -> None:
    players = ("alice", "bob", "carol", "dave")
    async with standin(tmp_path, render_processes=1, members=players) as d:
        thread = await open_game(d, players, command="dreadful new")
        latest = board(d, thread)
        [attachment] = latest.attachments
        with Image.open(io.BytesIO(attachment.data)) as image:
            assert image.format == "PNG" and image.width >= 600
        assert button(latest, "rm:turn:")


def test_a_worker_gives_its_free_heap_back_every_so_many_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[int] = []

    def trim() -> bool:
        trims.append(1)
        return True

    monkeypatch.setattr(renders.allocator, "trim", trim)
    public, private = views()
    renders.draw_hand(KIND, private)  # the bot's own process (threads): never trimmed
    assert trims == []
    monkeypatch.setattr(renders._Trimming, "every", 2)
    monkeypatch.setattr(renders._Trimming, "drawn", 0)
    renders.draw_board(KIND, public)
    assert trims == []
    renders.draw_hand(KIND, private)
    renders.draw_past_board(KIND, public)
    renders.draw_board(KIND, public)
    assert len(trims) == 2
