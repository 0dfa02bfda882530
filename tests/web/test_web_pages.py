"""The web companion's pages over HTTP (no browser): who may open what, what every answer is marked with,
the replay and its fair-play check, the rate limit, and one real drawing of each image kind."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.game import View
from table import compose
from table.kits import KITS
from table.renders import ThreadRenders
from web.companion import NO_OPEN_PAGE, SECURITY_HEADERS
from web.links import EXPIRED, NOT_A_LINK, SEAT_LINK_LIFETIME
from web.ratelimit import RateLimit

from discord_table import Clock, cheap_png, cheap_renders
from web_helpers import fetch, path_of, play_automatic, serving, started_game

IMAGE = re.compile(r'src="([^"]+\.png)"')


def text_of(body: bytes) -> str:
    return body.decode()


async def test_every_answer_is_marked_no_store_and_locked_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "circus_train", 2)
        seat = web.seat_link(table, 0)
        urls = [web.base_url + "/", web.base_url + "/static/companion.css", web.base_url + "/static/companion.js",
                seat, seat + "/state.json", seat + "/replay", seat + f"/board/{table.record.version}/0.png",
                seat + f"/hand/{table.record.version}.png", seat + "/replay/1/0.png",
                web.base_url + "/nowhere", web.base_url + f"/game/{table.id}", web.base_url + "/link/forged",
                seat + "/record.json"]
        statuses = []
        for url in urls:
            status, headers, _ = await fetch(url)
            statuses.append(status)
            for name, value in SECURITY_HEADERS.items():
                assert headers.get(name) == value, (url, name)
        assert statuses == [200] * 9 + [404, 404, 403, 403]


async def test_a_private_game_opens_only_from_a_signed_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "wanderzirkus", 2)
        status, _, body = await fetch(f"{web.base_url}/game/{table.id}")
        no_open_page = NO_OPEN_PAGE.format(table.id, command="/game web")
        assert status == 404 and no_open_page in text_of(body).replace("&#x27;", "'")
        missing_status, _, missing = await fetch(f"{web.base_url}/game/999")
        assert missing_status == 404 and text_of(missing).replace("999", str(table.id)) == text_of(body)
        follow = web.follow_link(table.record)
        assert "/link/" in follow
        status, _, page = await fetch(follow)
        assert status == 200 and table.title in text_of(page) and 'id="private"' not in text_of(page)


async def test_an_open_game_has_a_plain_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, "wanderzirkus", 2)
        assert web.follow_link(table.record) == f"{web.base_url}/game/{table.id}"
        status, _, page = await fetch(f"{web.base_url}/game/{table.id}")
        assert status == 200 and "Der Wanderzirkus" in text_of(page)
        assert f'href="/guide/wanderzirkus?from=/game/{table.id}"' in page.decode()  # the guide, and back
        status, _, guide = await fetch(f"{web.base_url}/guide/wanderzirkus?from=/game/{table.id}")
        assert status == 200 and f'href="/game/{table.id}"' in guide.decode()
        status, _, _ = await fetch(f"{web.base_url}/game/{table.id}/hand/{table.record.version}.png")
        assert status == 404  # the open address is the spectator's: it has no hand


async def test_a_seat_page_shows_its_own_secrets_and_refuses_altered_links(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    clock = Clock()
    async with serving(tmp_path, clock=clock) as web:
        table = await started_game(web.core, "dreadful_circus", 4)
        mine = web.seat_link(table, 1)
        status, _, page = await fetch(mine)
        assert f'href="/guide/{table.record.kind}"' in page.decode()  # the guide, with no private address in it
        text = text_of(page).replace("&#x27;", "'").replace("&amp;", "&")
        assert status == 200 and "Bea's seat" in text
        for line in compose.panel_lines(table, 1):
            assert line in text
        assert table.game.prompt(table.state, 1) in text  # every seat chooses its starting Attraction now
        for other in (0, 2, 3):  # (two seats may, by chance, hold the same: those lines are the seat's own too)
            for line in set(compose.panel_lines(table, other)) - set(compose.panel_lines(table, 1)):
                assert line not in text

        game, seat, user, expires, signature = path_of(mine).removeprefix("/link/").split(".")
        for altered in (f"{game}.2.{user}.{expires}.{signature}", f"{game}.2.{table.user_of(2)}.{expires}.{signature}",
                        f"{game}.{seat}.{user}.{expires}.{signature[::-1]}"):
            status, _, refused = await fetch(f"{web.base_url}/link/{altered}")
            assert status == 403 and NOT_A_LINK.format(command="/game web") in text_of(refused).replace("&#x27;", "'")
            status, _, _ = await fetch(f"{web.base_url}/link/{altered}/hand/{table.record.version}.png")
            assert status == 403

        clock.advance(seconds=SEAT_LINK_LIFETIME.total_seconds())
        status, _, expired = await fetch(mine)
        assert status == 403 and EXPIRED.format(command="/game web") in text_of(expired).replace("&#x27;", "'")


async def test_a_seat_handed_over_no_longer_opens_for_its_old_member(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "circus_train", 2)
        old = web.seat_link(table, 1)
        assert (await fetch(old))[0] == 200
        await web.core.keeper.offer_seat(table.id, 102, 555, False)
        await web.core.keeper.hand_over(table.id, 1, 102, 555, 555)
        status, _, body = await fetch(old)
        assert status == 403 and "passed to another player" in text_of(body)
        fresh = web.seat_link(await web.core.table(table.id), 1)
        assert (await fetch(fresh))[0] == 200


async def test_the_state_json_tells_only_the_version_and_status(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "little_circuses", 2)
        link = web.seat_link(table, 0)
        _, headers, body = await fetch(link + "/state.json")
        assert headers["Content-Type"].startswith("application/json")
        assert json.loads(body) == {"game": table.id, "version": table.record.version, "status": "active"}
        after = await play_automatic(web.core, table.id, 3)
        assert json.loads((await fetch(link + "/state.json"))[2])["version"] == after.record.version


async def test_the_replay_steps_through_the_public_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "wanderzirkus", 2)
        table = await play_automatic(web.core, table.id, 12)
        follow = web.follow_link(table.record)
        status, _, body = await fetch(follow + "/replay")
        page = text_of(body)
        steps = json.loads(re.search(r'<script type="application/json" id="replay-steps">(.*?)</script>', page,
                                     re.S).group(1))  # type: ignore[union-attr]
        log = await web.core.tables.public_log(table)
        assert status == 200 and 2 <= len(steps) <= 13
        assert [line for step in steps[1:] for line in step["lines"]] == log  # every public line, once, in order
        assert "Step 1 of" in page and 'id="fairness"' not in page  # no seed while the game goes on
        third = text_of((await fetch(follow + "/replay?step=3"))[2])
        assert f"Step 3 of {len(steps)}" in third
        for step in steps:
            status, headers, png = await fetch(web.base_url + step["image"])
            assert status == 200 and headers["Content-Type"] == "image/png" and png == cheap_png(None)
        status, _, _ = await fetch(follow + f"/replay/{table.record.version}/{len(steps)}.png")
        assert status == 404
        status, _, refused = await fetch(follow + "/record.json")
        assert status == 403 and "only available once the game has ended" in text_of(refused)


async def test_a_finished_game_shows_its_seed_and_its_verified_record(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "wanderzirkus", 1)
        table = await play_automatic(web.core, table.id)
        assert table.over
        link = web.seat_link(table, 0)
        page = text_of((await fetch(link))[2])
        assert "Final scores" in page and 'data-poll' not in page  # a finished game has nothing to follow
        replay = text_of((await fetch(link + "/replay"))[2])
        assert "Fair play: ✅ Verified" in replay and f"<code>{table.record.seed}</code>" in replay
        status, headers, record = await fetch(link + "/record.json")
        assert status == 200 and compose.record_filename(table) in headers["Content-Disposition"]
        assert json.loads(record)["seed"] == table.record.seed


async def test_requests_beyond_the_rate_limit_are_told_to_wait(tmp_path: Path) -> None:
    async with serving(tmp_path, rate=RateLimit(burst=3, per_second=0.01)) as web:
        answers = [await fetch(web.base_url + "/") for _ in range(4)]
        assert [status for status, _, _ in answers] == [200, 200, 200, 429]
        _, headers, body = answers[-1]
        assert int(headers["Retry-After"]) >= 1 and "Too many requests" in text_of(body)
        assert headers["Cache-Control"] == "no-store"


async def test_every_image_kind_is_the_real_drawing_of_its_allowed_view(tmp_path: Path) -> None:
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "circus_train", 2)
        table = await play_automatic(web.core, table.id, 4)
        assert table.state is not None
        link, version = web.seat_link(table, 1), table.record.version
        kit = KITS["circus_train"]
        board = (await fetch(f"{link}/board/{version}/0.png"))[2]
        assert board == kit.render_board(table.public_view()) and board.startswith(b"\x89PNG")
        hand = (await fetch(f"{link}/hand/{version}.png"))[2]
        assert hand == kit.render_hand(table.game.view(table.state, 1))
        page = text_of((await fetch(link + "/replay?step=2"))[2])
        first_step = IMAGE.findall(page)[0]
        steps = await web.history(table)
        assert (await fetch(web.base_url + first_step))[2] == kit.render_board(steps[1].view)


async def test_a_board_in_several_images_is_shown_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A big table's board comes as the board, then the players' areas, as in the thread."""
    cheap_renders(monkeypatch)
    parts = [cheap_png(None), b"\x89PNG the players' areas"]
    monkeypatch.setitem(KITS, "little_circuses", replace(KITS["little_circuses"], render_parts=lambda view: parts))
    async with serving(tmp_path) as web:
        table = await started_game(web.core, "little_circuses", 2)
        link, version = web.follow_link(table.record), table.record.version
        page = text_of((await fetch(link))[2])
        assert IMAGE.findall(page) == [f"{path_of(link)}/board/{version}/{part}.png" for part in (0, 1)]
        assert "The players&#x27; areas, part 1 of 1." in page
        assert (await fetch(f"{link}/board/{version}/1.png"))[2] == parts[1]
        assert (await fetch(f"{link}/board/{version}/2.png"))[0] == 404


class _Recorded(ThreadRenders):
    """The table's render pool, noting what it is asked to draw."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def board(self, kind: str, view: View) -> list[bytes]:
        self.asked.append("board")
        return await super().board(kind, view)

    async def page_board(self, kind: str, view: View) -> list[bytes]:
        self.asked.append("page board")
        return await super().page_board(kind, view)

    async def hand(self, kind: str, view: View) -> bytes:
        self.asked.append("hand")
        return await super().hand(kind, view)

    async def page_hand(self, kind: str, view: View) -> bytes:
        self.asked.append("page hand")
        return await super().page_hand(kind, view)

    async def past_board(self, kind: str, view: View) -> bytes:
        self.asked.append("past board")
        return await super().past_board(kind, view)


async def test_pages_draw_through_the_tables_render_pool_once_per_version(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The companion draws nothing itself: with render processes, its boards come from the same workers as
    the thread's (and the board posted in the thread is not drawn again)."""
    cheap_renders(monkeypatch)
    async with serving(tmp_path) as web:
        pool = _Recorded()
        web.core.renders = pool
        table = await started_game(web.core, "circus_train", 2)
        link, version = web.seat_link(table, 0), table.record.version
        for _ in range(2):
            assert (await fetch(f"{link}/board/{version}/0.png"))[0] == 200
            assert (await fetch(f"{link}/hand/{version}.png"))[0] == 200
            assert (await fetch(f"{link}/replay/{version}/0.png"))[0] == 200
        # At the pool's low priority, every one: what Discord waits for goes first.
        assert pool.asked == ["page board", "page hand", "past board"]
