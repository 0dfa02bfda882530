"""The table's wording helpers (table/compose.py): lobby options, private panels that always keep
their question, and recaps that fit beside a board message."""

from __future__ import annotations

from rules.core.words import listing
from table.compose import LOG_PAGE_LINES, MESSAGE_LIMIT, fit_lines, log_page, option_words, with_recaps


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


def test_names_are_listed_as_a_sentence_lists_them() -> None:
    assert listing(["alice"]) == "alice"
    assert listing(["alice", "bob"]) == "alice and bob"
    assert listing(["alice", "bob", "carol", "dave"]) == "alice, bob, carol and dave"


def test_the_log_opens_on_a_full_newest_page() -> None:
    lines = [f"event {n}" for n in range(1, 42)]  # 41 lines: the oldest page holds the one left over
    newest, pages = log_page(lines, pages_of(lines))
    assert pages == 3 and newest.startswith("Log page 3 of 3") and newest.count("event") == LOG_PAGE_LINES
    assert newest.split("\n")[1:] == [f"event {n}" for n in range(22, 42)]
    oldest, _ = log_page(lines, 1)
    assert oldest == "Log page 1 of 3:\nevent 1"


def pages_of(lines: list[str]) -> int:
    return -(-len(lines) // LOG_PAGE_LINES)


def test_a_panel_says_each_fact_once_and_lists_a_long_hand_by_name() -> None:
    from table.compose import panel_lines

    class FakeGame:
        def view(self, state: object, seat: int) -> dict[str, object]:
            return {}

        def render_text(self, view: object) -> str:
            hand = "; ".join(f"Card {n} (blue attraction, 2 VP): " + "rules text " * 8 for n in range(6))
            return f"Round 2\nYour hand: {hand}\nYour decision: filling a wagon\nYour screen: 2 Copper"

    class FakeTable:
        state = object()
        game = FakeGame()

    lines = panel_lines(FakeTable(), 0)  # type: ignore[arg-type]
    assert lines[0] == "Your hand: " + "; ".join(f"Card {n} (blue attraction, 2 VP)" for n in range(6))
    assert lines[1:] == ["Your screen: 2 Copper"]
