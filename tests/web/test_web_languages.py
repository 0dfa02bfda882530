"""The web companion and the sandbox in the reader's language: chosen by the link (``?lang=``, kept in a cookie),
else by the browser's ``Accept-Language``; every word of the web's own in the catalogue (the pseudo-language
finds any that escaped it); German sentences as German players read them; German guides where written.

The sweep reads every word a page shows or says, the games' own words (log lines, prompts, choices, the board in
words, the pictures' descriptions) included.
"""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from lang import LANGUAGES, speaking
from lang.pseudo import ENGLISH_LEFT
from table import guides as table_guides
from table.kits import KITS
from web import guides, pages, reading
from web.companion import Companion, accepted
from web.sandbox import open_sandbox

from discord_table import cheap_renders
from web_helpers import serving, started_game


@pytest_asyncio.fixture
async def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Companion]:
    cheap_renders(monkeypatch)
    web = await open_sandbox(tmp_path / "sandbox.sqlite3", "127.0.0.1", 0)
    web.core.robots.delay = 0
    try:
        yield web
    finally:
        await web.stop()
        await web.core.close()


async def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession() as session, \
            session.get(url, headers=headers or {}, allow_redirects=False) as answer:
        return answer.status, {key.lower(): value for key, value in answer.headers.items()}, await answer.text()


async def new_game(web: Companion, kind: str, seats: int, language: str = "en") -> int:
    form = {"kind": kind, "seats": str(seats), "automatic": [str(seat) for seat in range(2, seats + 1)]}
    async with aiohttp.ClientSession() as session, \
            session.post(f"{web.base_url}/sandbox/new?lang={language}", data=form, allow_redirects=False) as answer:
        assert answer.status == 303, await answer.text()
        return int(answer.headers["Location"].removesuffix("#turn").rsplit("/", 1)[1])


def lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, page[:200]
    return found.group(1)


def visible(page: str) -> str:
    """What a reader sees or hears of a page: its text, its title and its attributes for people (alt, aria-label,
    title), the games' own words (prompts, choices, the log, the board in words, the pictures' descriptions)
    included."""
    said = re.findall(r'\b(?:alt|aria-label|title)="([^"]*)"', page)
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<code\b[^>]*>.*?</code>", " ", page, flags=re.S)  # commands and digests: typed, not read
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([text, *said]))


def english_in(page: str, *known: str) -> list[str]:
    text = visible(page)
    proper = {*(kit.name for kit in KITS.values()), *(language.name for language in LANGUAGES.values()), "Ringmaster"}
    for name in sorted({*known, *proper}, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted(set(ENGLISH_LEFT.findall(text)))


# ----- which language ------------------------------------------------------------------------------------------
def test_accept_language_is_read_most_wanted_first() -> None:
    assert accepted("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7, *;q=0.5") == ["fr-CH", "fr", "de", "en"]
    assert accepted("en;q=0, de") == ["de"]
    assert accepted("de;q=bad, en") == ["en"]
    assert accepted("") == []


async def test_the_language_comes_from_the_link_then_its_cookie_then_the_browser(sandbox: Companion) -> None:
    base = sandbox.base_url
    status, headers, page = await get(f"{base}/?lang=de")
    assert status == 200 and lang_of(page) == "de" and "<h1>Der Ringmaster-Sandkasten</h1>" in page
    assert "lang=de" in headers["set-cookie"] and headers["content-language"] == "de"
    # The cookie keeps it for the pages opened from there, whatever the browser prefers.
    _, _, page = await get(f"{base}/", {"Accept-Language": "en", "Cookie": "lang=de"})
    assert lang_of(page) == "de"
    # No link, no cookie: the browser's preference, among the languages offered.
    _, headers, page = await get(f"{base}/", {"Accept-Language": "fr-FR, de-AT;q=0.8, en;q=0.5"})
    assert lang_of(page) == "de" and "set-cookie" not in headers
    _, _, page = await get(f"{base}/", {"Accept-Language": "fr, es"})
    assert lang_of(page) == "en" and "<h1>The Ringmaster sandbox</h1>" in page
    # The pseudo-language is for tests only: a browser never gets it by asking, only a link does.
    _, _, page = await get(f"{base}/", {"Accept-Language": "qps"})
    assert "The Ringmaster sandbox" in page
    _, _, page = await get(f"{base}/?lang=qps")
    assert "Ţĥéé Ŕîîñĝɱååšţééŕ šååñðƀööẋ" in page
    # An unknown ?lang= is no language: the browser's is used.
    _, _, page = await get(f"{base}/?lang=xx", {"Accept-Language": "de"})
    assert lang_of(page) == "de"


async def test_every_page_offers_the_other_languages(sandbox: Companion) -> None:
    _, _, page = await get(f"{sandbox.base_url}/guide/circus_train?lang=de")
    switcher = re.search(r'<nav class="languages" aria-label="Sprache">(.*?)</nav>', page)
    assert switcher, page[:600]
    assert '<span lang="de" aria-current="true">Deutsch</span>' in switcher.group(1)
    assert '<a href="?lang=en" lang="en" hreflang="en">English</a>' in switcher.group(1)
    assert "qps" not in switcher.group(1)
    # Where the guide leads back to is kept; a one-time key never is.
    _, _, page = await get(f"{sandbox.base_url}/guide/circus_train?from=/sandbox/1&lang=en&pass=abc")
    assert '<a href="?from=%2Fsandbox%2F1&amp;lang=de" lang="de" hreflang="de">Deutsch</a>' in page
    _, _, page = await get(f"{sandbox.base_url}/guide/circus_train?from=https://elsewhere.example/")
    assert '<a href="?lang=de" lang="de" hreflang="de">Deutsch</a>' in page and "elsewhere" not in page


async def test_links_the_bot_gives_out_open_in_the_language_spoken(tmp_path: Path) -> None:
    async with serving(tmp_path, is_open=lambda record: True) as web:
        table = await started_game(web.core, "circus_train", 2)
        assert "?" not in web.seat_link(table, 0) and web.guide_link("circus_train").endswith("/guide/circus_train")
        with speaking("de"):
            link = web.seat_link(table, 0)
            assert link.endswith("?lang=de")
            assert web.follow_link(table.record).endswith(f"/game/{table.id}?lang=de")
            assert web.guide_link("wanderzirkus").endswith("/guide/wanderzirkus?lang=de")
        _, _, page = await get(link)
        assert lang_of(page) == "de" and "Platz von " in page and "<small>(nur du)</small>" in page
        assert "Diese Seite gehört nur dir: Ihr Link zeigt deine Hand." in page


# ----- German as German players read it ------------------------------------------------------------------------
async def test_german_sentences_on_the_sandbox_pages(sandbox: Companion) -> None:
    base = sandbox.base_url
    game_id = await new_game(sandbox, "circus_train", 2, "de")
    _, _, page = await get(f"{base}/sandbox/{game_id}?lang=de")
    assert '<div class="choices" role="group" aria-label="Deine Möglichkeiten">' in page
    assert "<h2>Fairness</h2><p>Jedes Mischen und Würfeln dieses Spiels kommt aus einem geheimen Startwert" in page
    assert ">Zuschauerseite</a>" in page and ">Sandkasten-Start</a>" in page
    table = await sandbox.core.table(game_id)
    assert table.names == ["Spieler 1", "Roboter 2"]  # the seats are named in the language they were set up in
    status, _, page = await get(f"{base}/sandbox/99999?lang=de")
    assert status == 404 and "<h1>Kein solches Spiel</h1>" in page
    assert "Es gibt kein Sandkasten-Spiel #99999." in page
    status, _, page = await get(f"{base}/nowhere?lang=de")
    assert status == 404 and "<title>Nicht gefunden · Ringmaster</title>" in page


def test_german_dates_and_scores() -> None:
    moment = datetime(2026, 12, 24, 18, 30, tzinfo=UTC)
    assert reading.when(moment) == "2026-12-24 18:30 UTC"
    with speaking("de"):
        assert reading.when(moment) == "24.12.26, 18:30 UTC"
        assert reading.status_words("finished") == "Beendet"


# ----- nothing escapes the catalogue ---------------------------------------------------------------------------
async def test_the_web_pages_own_words_are_all_in_the_catalogue(sandbox: Companion) -> None:
    """The pseudo-language over every kind of page: the start page, a guide, a play page with its choices, a
    pass step, the spectator page, a replay, refusals: no English word anywhere but the players' names."""
    base = sandbox.base_url
    solo = await new_game(sandbox, "little_circuses", 2, "qps")
    async with aiohttp.ClientSession() as session, session.post(
            f"{base}/sandbox/new?lang=qps", data={"kind": "wanderzirkus", "seats": "2"},
            allow_redirects=False) as answer:
        pair = int(answer.headers["Location"].removesuffix("#turn").rsplit("/", 1)[1])
    names = [name for game in (solo, pair) for name in (await sandbox.core.table(game)).names]
    addresses = ["/", "/guide/little_circuses", f"/sandbox/{solo}", f"/sandbox/{pair}", f"/game/{solo}",
                 f"/game/{solo}/replay", "/sandbox/99999", "/guide/chess", "/nowhere", f"/sandbox/{solo}?seat=1"]
    found = {}
    for address in addresses:
        _, _, page = await get(f"{base}{address}{'&' if '?' in address else '?'}lang=qps")
        left = english_in(page, *names, "SHA")
        if left:
            found[address] = left
    assert not found, found


def test_a_word_put_back_in_english_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's own check: an English heading among pseudo-language ones."""
    with speaking("qps"):
        page = pages.layout("Scores", "<h2>Final scores</h2>")
        assert english_in(page) == ["Final", "Scores", "scores"]
        assert english_in(pages.layout(pages.tr("Scores"), "")) == []


# ----- guides ----------------------------------------------------------------------------------------------
def test_a_guide_is_served_in_german_where_one_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A copy of the English guides with one German guide beside them (every game has its German guide now).
    for english_guide in table_guides.GUIDES.glob("*.md"):
        (tmp_path / english_guide.name).write_text(english_guide.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "circus_train.md").write_text(
        "# Circus Train\n\n## Spielziel\nFahre mit deinem **Zirkuszug** durch den Nordosten.\n\n"
        "## Aufbau\n- Ein Clown.\n",
        encoding="utf-8")
    monkeypatch.setattr(guides, "GUIDES", tmp_path)
    monkeypatch.setattr(table_guides, "GUIDES", tmp_path)
    guides.guide_body.cache_clear()
    table_guides._guide.cache_clear()
    try:
        with speaking("de"):
            page = guides.guide_page("circus_train")
            other = guides.guide_page("wanderzirkus")
        english = guides.guide_page("circus_train")
    finally:
        guides.guide_body.cache_clear()
        table_guides._guide.cache_clear()
    assert '<h2>Spielziel</h2><p>Fahre mit deinem <strong>Zirkuszug</strong> durch den Nordosten.</p>' in page
    assert '<section class="guide-section" id="aufbau"><h2>Aufbau</h2>' in page
    assert "<h1>So spielst du Circus Train</h1>" in page and "Andere Anleitungen: <a " in page
    # No German guide yet: the English one, in a German page.
    assert "<h2>Scoring</h2>" in other and "<h2>Die Auswahl lesen</h2>" in other
    assert "<h2>Goal</h2>" in english and "Spielziel" not in english


def test_a_guide_in_the_pseudo_language_keeps_its_markup() -> None:
    guides.guide_body.cache_clear()
    try:
        with speaking("qps"):
            page = guides.guide_page("wanderzirkus")
    finally:
        guides.guide_body.cache_clear()
    body = page.split('<article class="guide" id="guide">', 1)[1].split("</article>", 1)[0]
    assert "<strong>" in body and "<h2>Šçööŕîîñĝ</h2>" in body
    assert english_in(body) == []
