"""The web companion in the bot, through the real discord.py client and the Discord stand-in: started with
the bot when configured, a Follow on the web button on every board, and /game web's private links."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from table import compose
from table.config import WebSettings

from discord_standin import standin
from discord_table import board, cheap_renders, core_of, open_game, play_one
from web_helpers import companion, fetch, link_buttons, path_of, web_bot

PLAYERS = ("alice", "bob")


async def test_boards_link_to_the_web_and_game_web_gives_private_links(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d:
        await d.start_bot(web_bot(d, tmp_path / "bot.sqlite3", WebSettings("127.0.0.1", 0)))
        thread = await open_game(d, PLAYERS)
        web = companion(d)
        follow = link_buttons(board(d, thread))["Follow on the web"]
        assert follow.startswith(f"{web.base_url}/link/")  # the stand-in's server is not in Server Discovery
        status, _, page = await fetch(follow)
        assert status == 200 and "Circus Train #1" in page.decode()
        guide = link_buttons(board(d, thread))["How to play"]
        assert guide == f"{web.base_url}/guide/circus_train"
        status, _, page = await fetch(guide)
        assert status == 200 and "<h1>How to play Circus Train</h1>" in page.decode()

        await play_one(d, thread, PLAYERS)
        assert "Follow on the web" in link_buttons(board(d, thread))

        core = core_of(d)
        table = await core.tables.table((await core.game_in_thread(thread.id)).id)
        answers = {}
        for member in ("alice", "bob", "carol"):
            handle = await d.slash(member, thread, "game web")
            answers[member] = await handle.answer()
            assert answers[member].ephemeral
        for seat, member in enumerate(PLAYERS):
            mine = link_buttons(answers[member])["My seat's page"]
            assert mine in answers[member].content and "keep its link to yourself" in answers[member].content
            text = (await fetch(mine))[2].decode().replace("&#x27;", "'").replace("&amp;", "&")
            assert f"{table.names[seat]}'s seat" in text
            for line in compose.panel_lines(table, seat):
                assert line in text
            assert f"{table.names[1 - seat]}'s seat" not in text  # (the leak tests check every secret)
        assert "My seat's page" not in link_buttons(answers["carol"])  # not seated: the spectator's links only
        assert "Follow on the web" in link_buttons(answers["carol"]) and "/replay" in answers["carol"].content


async def test_a_discoverable_servers_games_have_plain_addresses(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False, features=["DISCOVERABLE"]) as d:
        await d.start_bot(web_bot(d, tmp_path / "bot.sqlite3", WebSettings("127.0.0.1", 0)))
        thread = await open_game(d, PLAYERS)
        record = await core_of(d).game_in_thread(thread.id)
        follow = link_buttons(board(d, thread))["Follow on the web"]
        assert follow == f"{companion(d).base_url}/game/{record.id}"
        assert (await fetch(follow))[0] == 200


async def test_without_the_setting_there_are_no_web_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path) as d:
        thread = await open_game(d, PLAYERS)
        assert d.bot.web is None  # type: ignore[union-attr]
        assert not link_buttons(board(d, thread))
        answer = await (await d.slash("alice", thread, "game web")).answer()
        assert answer.ephemeral and "RINGMASTER_WEB" in answer.content


def test_the_web_settings_are_read_with_the_bots() -> None:
    import bot as ringmaster

    config = ringmaster.load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_WEB": "0.0.0.0:8080",
                                     "RINGMASTER_WEB_URL": "https://circus.example.org"}, None)
    assert config.web == WebSettings("0.0.0.0", 8080, "https://circus.example.org", None)
    assert ringmaster.load_config({"RINGMASTER_TOKEN": "t"}, None).web is None
    with pytest.raises(ringmaster.ConfigError) as refused:
        ringmaster.load_config({"RINGMASTER_TOKEN": "t", "RINGMASTER_WEB": "8080"}, None)
    assert "RINGMASTER_WEB must be HOST:PORT" in str(refused.value)


async def test_links_survive_a_restart_and_the_server_stops_with_the_bot(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with standin(tmp_path, bot=False) as d:
        await d.start_bot(web_bot(d, tmp_path / "bot.sqlite3", WebSettings("127.0.0.1", 0)))
        thread = await open_game(d, PLAYERS)
        answer = await (await d.slash("alice", thread, "game web")).answer()
        mine = link_buttons(answer)["My seat's page"]
        old = companion(d).base_url
        await d.restart_bot()
        if companion(d).base_url != old:  # (the new server may, rarely, be given the old port)
            with pytest.raises(aiohttp.ClientConnectionError):
                await fetch(mine)  # the old server stopped with the old bot
        status, _, page = await fetch(companion(d).base_url + path_of(mine))
        assert status == 200 and "alice's seat" in page.decode().replace("&#x27;", "'")  # the key was kept
