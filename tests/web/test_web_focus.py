"""The part of the board for a phone (render.focus) over HTTP, in the sandbox and on the companion's private seat
page: the very pixels of the board picture the page shows, at its version only, to whom the page is for, and
refusals in a sentence."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import aiohttp
from PIL import Image

from render.focus import focus
from web.sandbox import open_sandbox

from web_helpers import awaiting_on_a_split_board, path_of, serving, started_game


async def fetch(session: aiohttp.ClientSession, url: str, data: dict[str, object] | None = None
                ) -> tuple[int, str, bytes]:
    method = session.post if data is not None else session.get
    async with method(url, data=data, allow_redirects=False) as answer:
        return answer.status, answer.headers.get("Location", ""), await answer.read()


async def test_the_part_of_the_board_is_cut_from_the_public_board_at_its_version(tmp_path: Path) -> None:
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            status, location, _ = await fetch(session, web.base_url + "/sandbox/new", {
                "kind": "dreadful_circus", "seats": "4", "automatic": ["2", "3", "4"]})
            assert status == 303
            game_id = int(location.removesuffix("#turn").rsplit("/", 1)[1])
            _, _, body = await fetch(session, f"{web.base_url}/sandbox/{game_id}")
            page = body.decode()
            found = re.search(r'<img class="focus" src="([^"]+)" alt="([^"]+)"', page)
            assert found, page
            source, alt = found.group(1), html.unescape(found.group(2))
            assert alt == ("The part of the board for this decision, enlarged: Player 1's area: acts and wagon. "
                           "Tap for the whole board.")
            table = await web.core.table(game_id)
            version = table.record.version
            assert source == f"/sandbox/{game_id}/focus/{version}/0.png"
            status, _, cut = await fetch(session, web.base_url + source)
            assert status == 200
            _, _, board = await fetch(session, f"{web.base_url}/game/{game_id}/board/{version}/0.png")
            needs = focus("dreadful_circus", table.public_view(), 0)
            assert needs is not None and needs.part == 0
            box = needs.box
            with Image.open(io.BytesIO(cut)) as part, Image.open(io.BytesIO(board)) as whole:
                assert part.size == (box[2] - box[0], box[3] - box[1])
                assert part.width * 2 <= whole.width  # at a phone's width, twice the whole board's scale or more
                assert part.convert("RGB").tobytes() == whole.convert("RGB").crop(box).tobytes()
            # Another version's part, or a seat the game does not have: refused in a sentence.
            status, _, said = await fetch(session, f"{web.base_url}/sandbox/{game_id}/focus/{version + 1}/0.png")
            assert status == 404 and "not of the game as it stands now" in said.decode()
            status, _, said = await fetch(session, f"{web.base_url}/sandbox/{game_id}/focus/{version}/9.png")
            assert status == 404 and "needs the whole board" in said.decode()
    finally:
        await web.stop()
        await web.core.close()


async def test_a_seats_page_shows_the_part_of_the_board_its_decision_needs_to_that_seat_only(tmp_path: Path) -> None:
    """The companion's private seat page: the part of the public board (here a big Little Circuses table's, drawn as
    several pictures: the seat's circus is in a players picture) above its secrets, served on the seat's own link
    only, at the page's version, the very pixels of the board picture it is cut from."""
    async with serving(tmp_path) as web, aiohttp.ClientSession() as session:
        table = await started_game(web.core, "little_circuses", 4)
        table = await awaiting_on_a_split_board(web.core, table.id, 0)
        version = table.record.version
        needs = focus("little_circuses", table.public_view(), 0)
        assert needs is not None and needs.region == "circus" and needs.part >= 1
        mine = web.seat_link(table, 0)
        prefix = path_of(mine)
        _, _, body = await fetch(session, mine)
        page = body.decode()
        found = re.search(r'<figure class="focus" id="focus"><a class="zoom" href="([^"]+)"[^>]*><img class="focus" '
                          r'src="([^"]+)" alt="([^"]+)"', page)
        assert found, page
        whole, source, alt = found.group(1), found.group(2), html.unescape(found.group(3))
        assert source == f"{prefix}/focus/{version}.png" and whole == f"{prefix}/board/{version}/{needs.part}.png"
        assert alt == ("The part of the board for this decision, enlarged: Ann's circus and its grid. "
                       "Tap for the whole board.")
        # Under the question, above the seat's secrets and hand.
        assert page.index('id="prompt"') < page.index('id="focus"') < page.index('id="secrets"')
        status, _, part = await fetch(session, web.base_url + source)
        assert status == 200
        _, _, board = await fetch(session, web.base_url + whole)
        with Image.open(io.BytesIO(part)) as cut, Image.open(io.BytesIO(board)) as picture:
            assert cut.size == (needs.box[2] - needs.box[0], needs.box[3] - needs.box[1])
            assert cut.convert("RGB").tobytes() == picture.convert("RGB").crop(needs.box).tobytes()

        # The spectator's link, another version, a seat not deciding now and an altered link: refused in a sentence.
        spectator = path_of(web.follow_link(table.record))
        status, _, said = await fetch(session, f"{web.base_url}{spectator}/focus/{version}.png")
        assert status == 404 and "Only a seat&#x27;s own page" in said.decode()
        status, _, said = await fetch(session, f"{web.base_url}{prefix}/focus/{version - 1}.png")
        assert status == 404 and "not of the game as it stands now" in said.decode()
        status, _, said = await fetch(session, f"{web.base_url}{prefix[:-2]}xy/focus/{version}.png")
        assert status == 403
        for _ in range(10):  # the seat decides (a decision may take a step or two): nothing left for it to decide
            if 0 not in table.awaited():
                break
            await web.core.keeper.play_for(table.id, 0)
            table = await web.core.table(table.id)
        assert 0 not in table.awaited()
        _, _, body = await fetch(session, mine)
        assert 'class="focus"' not in body.decode()  # no part of the board on its page
        status, _, said = await fetch(session, f"{web.base_url}{prefix}/focus/{table.record.version}.png")
        assert status == 404 and "no decision of yours" in said.decode()
