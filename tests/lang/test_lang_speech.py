"""The language layer itself: the pseudo-language, plural forms, lists, numbers, choosing a language, and the
German catalogue's completeness against every message the code can show."""

from __future__ import annotations

import datetime as dt
import threading

import pytest

from lang import DEFAULT, LANGUAGES, PSEUDO, current, date_text, listing, number, speaking, supported, tr, trc, trn
from lang.catalogue import extract, fields, problems
from lang.pseudo import ENGLISH_LEFT, pseudo


def test_pseudo_accents_every_letter_and_keeps_fields_and_markup() -> None:
    text = pseudo("{name} gains <b>${amount}</b> at <t:1700000000:R> &amp; more")
    assert "{name}" in text and "{amount}" in text and "<b>" in text and "<t:1700000000:R>" in text
    assert "&amp;" in text
    outside = text.replace("{name}", "").replace("{amount}", "").replace("<b>", "").replace("</b>", "")
    outside = outside.replace("<t:1700000000:R>", "").replace("&amp;", "")
    assert not ENGLISH_LEFT.search(outside)
    # About a third longer, as German runs.
    assert len(pseudo("Take your turn on the newest board")) >= 1.3 * len("Take your turn on the newest board")


def test_words_follow_the_language_spoken() -> None:
    assert tr("{name} gains ${amount}.", name="alice", amount=3) == "alice gains $3."
    with speaking("qps"):
        said = tr("{name} gains ${amount}.", name="alice", amount=3)
        assert said.startswith("alice ") and said.endswith("$3.") and not ENGLISH_LEFT.search(said[6:])
        assert not ENGLISH_LEFT.search(trn("{n} card", "{n} cards", 2))
        assert not ENGLISH_LEFT.search(trc("talent", "Horse"))
        assert not ENGLISH_LEFT.search(listing(["1", "2", "3"]))
    assert current() == "en"
    assert trn("{n} card", "{n} cards", 1) == "1 card" and trn("{n} card", "{n} cards", 0) == "0 cards"


def test_lists_numbers_and_dates_are_written_the_language_s_way() -> None:
    assert listing(["a", "b", "c"]) == "a, b and c"
    assert number(1234.5) == "1,234.5"
    with speaking("de"):
        assert listing(["a", "b", "c"]) == "a, b und c"
        assert number(1234.5) == "1.234,5"
        assert date_text(dt.date(2026, 12, 5)) == "05.12.2026"
    assert date_text(dt.date(2026, 12, 5)) == "5 Dec 2026"


def test_the_language_stays_with_its_own_thread_of_work() -> None:
    seen: list[str] = []
    with speaking("de"):
        other = threading.Thread(target=lambda: seen.append(current()))
        other.start()
        other.join()
        assert current() == "de"
    # A new thread starts from the default: work handed to one must say its language itself.
    assert seen == ["en"]


def test_discord_and_browser_tags_choose_a_supported_language() -> None:
    assert supported("de") == "de" and supported("de-AT") == "de" and supported("DE_ch") == "de"
    assert supported("en-GB") == "en" and supported("en-US") == "en"
    assert supported("fr") == "en" and supported("") == "en" and supported(None) == "en"
    assert supported("qps") == "qps" and supported("qps-ploc") == "en"


def test_fields_are_read_from_messages() -> None:
    assert fields("{name} gains ${amount:,} and {n}") == {"name", "amount", "n"}


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code not in (DEFAULT, PSEUDO)])
def test_every_language_has_every_message_with_the_same_fields(code: str) -> None:
    found = problems(code, extract())
    assert not found, "\n".join(str(problem) for problem in found[:40])


def test_a_cache_of_words_keeps_one_entry_per_language() -> None:
    from lang.caching import per_language

    calls: list[str] = []

    @per_language()
    def legend(size: int) -> str:
        calls.append(current())
        return tr("Legend") + "/" + str(size)

    with speaking("qps"):
        accented = legend(3)
    assert legend(3) == "Legend/3" and accented != "Legend/3" and legend(size=3) == "Legend/3"
    with speaking("qps"):
        assert legend(3) == accented
    assert calls == ["qps", "en", "en"]
    legend.cache_clear()
    legend(3)
    assert calls[-1] == "en" and len(calls) == 4
