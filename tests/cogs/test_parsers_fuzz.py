"""Property-based fuzzing (Hypothesis) of everything that reads a member's input before the rules see
it: the text of slash options and the custom ids of buttons. Whatever comes in, the answer is a value or
a refusal whose sentence starts with a capital letter and stays short — never another exception."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs import buttons
from cogs.dreadful_circus import item_action, owner_and_card, seat_number
from cogs.little_circuses import parse_card, parse_cell, parse_seat, parse_space, parse_tile
from cogs.parsing import number, quoted
from cogs.wanderzirkus import parse_value
from rules.core.errors import RulesError
from rules.dreadful_circus import actions as dc
from table import hours
from table.errors import TableError

FUZZ = settings(max_examples=200, deadline=None, derandomize=True)
TEXT = st.one_of(st.text(max_size=60), st.text(alphabet="0123456789²³٣-: .,abcCGX", max_size=30),
                 st.integers().map(str), st.just("9" * 5000), st.just("x" * 6000))


def refused_well(call: Any) -> None:
    """``call()`` returns, or refuses with a short sentence that starts with a capital letter."""
    try:
        call()
    except (TableError, RulesError, ValueError) as error:
        sentence = str(error)
        assert sentence[:1].isupper() and len(sentence) <= 400, sentence[:120]


@FUZZ
@given(TEXT)
def test_numbers_are_ascii_digits_of_bounded_length(text: str) -> None:
    value = number(text, signed=True)
    if value is not None:
        assert re.fullmatch(r"-?[0-9]{1,18}", text.strip())
    assert len(quoted(text)) <= 82


@FUZZ
@given(TEXT)
def test_little_circuses_option_parsers(text: str) -> None:
    refused_well(lambda: parse_cell(text))
    refused_well(lambda: parse_tile(text, []))
    refused_well(lambda: parse_card(text, "red"))
    refused_well(lambda: parse_space(text))
    refused_well(lambda: parse_seat(text, ["Ada", "Bo"]))


@FUZZ
@given(TEXT)
def test_dreadful_circus_and_wanderzirkus_option_parsers(text: str) -> None:
    refused_well(lambda: seat_number(text))
    refused_well(lambda: owner_and_card(text))
    refused_well(lambda: item_action(text, dc.AddCoin, dc.AddContract))
    refused_well(lambda: parse_value(text, ("play_card", "announce", "place_card")))


@FUZZ
@given(TEXT)
def test_time_zones_and_times_of_day(text: str) -> None:
    refused_well(lambda: hours.zone(text[:80]))
    refused_well(lambda: hours.parse_clock(text[:20]))


ITEM_TEMPLATES = [item.__discord_ui_compiled_template__ for item in buttons.ALL_ITEMS]


@FUZZ
@given(st.one_of(st.text(max_size=100),
                 st.builds(lambda kind, parts: f"rm:{kind}:" + ":".join(parts),
                           st.sampled_from(["lobby", "turn", "hand", "recap", "do", "pick", "reclaim", "handover",
                                            "undo", "log", "next", "inbox"]),
                           st.lists(st.one_of(st.integers(min_value=0).map(str), st.sampled_from(["join", "²", ""]),
                                              st.text(max_size=8)), max_size=5))))
def test_custom_ids_match_only_bounded_numbers(custom_id: str) -> None:
    for template in ITEM_TEMPLATES:
        match = template.fullmatch(custom_id)
        if match is None:
            continue
        for name, value in match.groupdict().items():
            if name != "verb":
                assert value.isascii() and value.isdecimal() and len(value) <= 19
                assert int(value) < 10**19
