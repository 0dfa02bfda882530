"""The table's wording helpers (table/compose.py): lobby options, private panels that always keep
their question, and recaps that fit beside a board message."""

from __future__ import annotations

from table.compose import MESSAGE_LIMIT, fit_lines, option_words, with_recaps


def test_chosen_options_are_named_with_their_value_unless_a_plain_switch() -> None:
    assert option_words("advanced", True) == "advanced"
    assert option_words("special_side", "red") == "special side: red"
    assert option_words("draft", False) == "draft: false"


def test_a_long_private_panel_keeps_its_question_whole() -> None:
    lines = [f"Your card {n}: " + "x" * 90 for n in range(40)] + ["Which card do you play?"]
    text = fit_lines(lines)
    assert len(text) <= MESSAGE_LIMIT and text.endswith("\nWhich card do you play?") and "…" in text
    assert fit_lines(["Your hand: A", "Play?"]) == "Your hand: A\nPlay?"


def test_recaps_go_before_the_who_acts_lines_and_fit_in_one_message() -> None:
    tail = "<@1> — choose a card"
    text = "**Game #1** · Ann\n• Ann plays\n" + tail
    recap = "📜 Since <@1>'s last move:\n" + "\n".join(f"• Bob does thing {n} " + "y" * 60 for n in range(60))
    combined = with_recaps(text, [recap], tail)
    assert combined.endswith("\n" + tail) and combined.startswith("**Game #1** · Ann\n• Ann plays\n📜 Since")
    assert len(combined) <= MESSAGE_LIMIT
    assert "thing 59" in combined and "thing 0 " not in combined  # the oldest lines give way first
    assert with_recaps(text, ["", ""], tail) == text
