"""The sandbox's part of the board for a phone (render.focus) over HTTP: the very pixels of the board the page
shows, at its version only, and refusals in a sentence."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import aiohttp
from PIL import Image

from render.focus import focus_box
from web.sandbox import open_sandbox


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
            status, _, focus = await fetch(session, web.base_url + source)
            assert status == 200
            _, _, board = await fetch(session, f"{web.base_url}/game/{game_id}/board/{version}/0.png")
            box = focus_box("dreadful_circus", table.public_view(), 0)
            assert box is not None
            with Image.open(io.BytesIO(focus)) as part, Image.open(io.BytesIO(board)) as whole:
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
