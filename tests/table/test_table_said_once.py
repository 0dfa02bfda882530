"""A board's event list and a recap never show the same line twice: identical events of one step are
said once, where they first came, with how often they happened."""

from __future__ import annotations

from table.compose import recap_text, said_once


def test_identical_lines_are_said_once_with_their_count() -> None:
    lines = ["alice gains $1.", "bob draws.", "alice gains $1.", "alice gains $1.", "bob draws.", "carol waits."]
    assert said_once(lines) == ["alice gains $1. (3 times)", "bob draws. (twice)", "carol waits."]
    assert said_once(["one.", "two."]) == ["one.", "two."]


def test_a_recap_says_each_line_once_and_counts_what_it_left_out() -> None:
    text = recap_text(7, ["a.", "b.", "b.", "c."], limit=3)
    assert text.splitlines() == ["📜 Since <@7>'s last move:", "• … 1 earlier (see /game log)", "• b. (twice)", "• c."]
