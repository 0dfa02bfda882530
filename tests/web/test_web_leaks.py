"""No leaks on the web: for a running game of each kind, every page, JSON answer and image the companion
serves is fetched through each seat's link, the signed spectator link and the open spectator address,
and checked against what that link's seat may not see right now.

The texts are checked for every other seat's secrets (its private lines, its private prompt, and the names
of anything only its view holds and nothing public ever showed), and for the game's secret seed and salt.
Every image is drawn by a stand-in renderer that writes into the PNG which view it was drawn from, so
each image is checked to be a drawing of an allowed view: the spectator view now or at a replay step,
or (for a seat's link) that seat's own view.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from table import compose
from table.model import Table
from web.companion import Companion
from web.links import SPECTATOR_LINK_LIFETIME

from leak_checks import names_in
from web_helpers import digest, drawn_from, fetch, fingerprint_renders, play_automatic, serving, started_game

GAMES = {"circus_train": (3, 24), "wanderzirkus": (3, 20), "little_circuses": (4, 30), "dreadful_circus": (5, 40)}
"""kind → (players, automatic moves made before looking)."""
IMAGE = re.compile(r'(?:src|href)="([^"]+\.png)"')


def secrets_of(table: Table, seat: int, public_names: set[str]) -> tuple[set[str], set[str]]:
    """What only ``seat`` may know now: its private lines and private prompt, and the names only its view holds."""
    game, state = table.game, table.state
    view = game.view(state, seat)
    words = {line for line in game.render_text(view).splitlines() if line.startswith("Your ")}
    if seat in game.to_act(state):
        prompt, name = game.prompt(state, seat).rstrip("."), table.names[seat]
        words.add(prompt[len(name):] if prompt.startswith(name) else prompt)
    return words, names_in(view) - public_names


def leaks(text: str, words: set[str], names: set[str], public_names: set[str]) -> list[str]:
    """The forbidden ``words`` and ``names`` in ``text``. A public name may contain a private one
    ("… Sword Swallower Stage"), so names are looked for once the public names are set aside."""
    plain = html.unescape(text)
    named = plain
    for name in sorted(public_names, key=len, reverse=True):
        named = named.replace(name, "")
    # A secret line counts where it stands whole: another seat's "Your hand: Acrobatics" must not be found
    # inside this seat's own "Your hand: Acrobatics, Juggling".
    whole = [secret for secret in words if re.search(re.escape(secret) + r"(?![\w,;( ])", plain)]
    return whole + [name for name in names if name in named]


async def everything(web: Companion, root: str) -> tuple[list[tuple[str, str]], list[tuple[str, bytes]]]:
    """Every text and image one link reaches: its page, its JSON, its replay (with all its steps' words and
    images), its record (refused while the game goes on), and every image those pages show."""
    texts: list[tuple[str, str]] = []
    images: list[tuple[str, bytes]] = []
    for path in ("", "/state.json", "/replay", "/replay?step=2", "/record.json"):
        status, headers, body = await fetch(root + path)
        assert headers["Cache-Control"] == "no-store"
        texts.append((root + path, body.decode()))
        if path == "/record.json":
            assert status == 403
            continue
        assert status == 200, (root + path, status)
        page = body.decode()
        sources = set(IMAGE.findall(page))
        steps = re.search(r'id="replay-steps">(.*?)</script>', page, re.S)
        if steps:
            sources |= {step["image"] for step in json.loads(steps.group(1))}
        for source in sorted(sources):
            status, headers, png = await fetch(web.base_url + html.unescape(source))
            assert status == 200 and headers["Content-Type"] == "image/png" and headers["Cache-Control"] == "no-store"
            images.append((source, png))
    return texts, images


@pytest.mark.parametrize("kind", list(GAMES))
async def test_no_web_answer_shows_what_its_link_may_not_see(tmp_path: Path, kind: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    fingerprint_renders(monkeypatch)
    players, moves = GAMES[kind]
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, kind, players)
        table = await play_automatic(web.core, table.id, moves)
        assert table.state is not None and not table.over
        steps = await web.history(table)
        public_views = {digest(table.public_view())} | {digest(step.view) for step in steps}
        public_names: set[str] = set()
        for step in steps:
            public_names |= names_in(step.view)
        for logged in await web.core.store.actions(table.id):
            public_names |= {name for event in logged.events if event.get("private_to") is None
                             for name in names_in(event)}
        secrets = {seat: secrets_of(table, seat, public_names) for seat in range(players)}
        hidden_seed = {str(table.record.seed), table.record.seed_salt}

        spectator = web.signer.token(table.id, None, 0, SPECTATOR_LINK_LIFETIME)
        links: dict[int | None, list[str]] = {None: [web.follow_link(table.record), f"{web.base_url}/link/{spectator}"]}
        for number in range(players):
            links[number] = [web.seat_link(table, number)]
        for seat, roots in links.items():
            others = [secrets[other] for other in range(players) if other != seat]
            words = set().union(*(w for w, _ in others)) - (secrets[seat][0] if seat is not None else set())
            names = set().union(*(n for _, n in others)) - (secrets[seat][1] if seat is not None else set())
            allowed = public_views | ({digest(table.game.view(table.state, seat))} if seat is not None else set())
            whose = "the spectator" if seat is None else table.names[seat]
            for root in roots:
                texts, images = await everything(web, root)
                for where, text in texts:
                    found = leaks(text, words, names, public_names)
                    assert not found, f"{whose}'s {where} shows {found[:3]}"
                    assert not [secret for secret in hidden_seed if secret in text], f"{where} shows the seed"
                for where, png in images:
                    assert drawn_from(png) in allowed, f"{whose}'s {where} is drawn from a view it may not see"
                if seat is not None:  # and its own secrets are there
                    page = html.unescape(texts[0][1])
                    assert all(line in page for line in compose.panel_lines(table, seat))
                    assert any(drawn_from(png) == digest(table.game.view(table.state, seat)) for _, png in images)
                else:
                    assert 'id="private"' not in texts[0][1]
