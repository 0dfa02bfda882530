"""What the table says (table/compose.py), without a database or Discord: the lobby's text, who acts (in the
words everyone may read, with each deadline as a timestamp), board messages and recaps within Discord's
2,000 characters, private panels that keep their question whole and never tell another seat's secrets,
the fairness lines and the log's pages. Games are played by the automatic players; their tables are made
in memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from db.records import ActionRecord, GameRecord, SeatRecord
from rules.core import fairness
from rules.core.words import listing
from rules.registry import GAMES
from table import compose
from table.compose import LOG_PAGE_LINES, MESSAGE_LIMIT, fit_lines, log_page, option_words, with_recaps
from table.kits import KITS
from table.model import Table

from leak_checks import names_in
from render_scaffold import played


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


# ----- tables made in memory -------------------------------------------------------------------------

KEYS = ["circus_train", "wanderzirkus", "little_circuses", "dreadful_circus"]
PLAYERS = ("Alexandra", "Bartholomew", "Cy", "Dominique", "Evangeline", "Fitzgerald", "Gus", "Hal")
CREATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
GAME_ID, CREATOR, THREAD = 7, 1001, 555


def user(seat: int) -> int:
    return 1001 + seat


def table_of(key: str, names: Sequence[str], state: Any = None, **record: Any) -> Table:
    """A table of game ``key`` with ``names`` seated in order (user ids 1001, 1002, ...) and ``state``
    (None: still in its lobby)."""
    fields: dict[str, Any] = {
        "id": GAME_ID, "kind": key, "guild_id": 1, "channel_id": 2, "thread_id": None if state is None else THREAD,
        "lobby_message_id": None, "board_message_id": None, "creator_id": CREATOR,
        "status": "lobby" if state is None else "active", "options": {}, "seed": 12345, "seed_salt": "pepper",
        "snapshot": None, "version": 1, "deadline_minutes": None, "autopilot_after": 3, "created_at": CREATED,
        "updated_at": CREATED}
    fields.update(record)
    seats = [SeatRecord(GAME_ID, seat, user(seat), name, CREATED) for seat, name in enumerate(names)]
    return Table(GameRecord(**fields), seats, KITS[key], state)


def history(key: str, players: int, seed: int = 5) -> tuple[Any, ...]:
    return played(key, PLAYERS[:players], (), seed)


def sampled(states: Sequence[Any], count: int = 30) -> list[Any]:
    return [*states[::max(1, len(states) // count)], states[-1]]


# ----- the lobby -------------------------------------------------------------------------------------


def test_the_lobby_tells_the_options_chosen_the_deadline_the_seats_and_who_starts() -> None:
    table = table_of("circus_train", ["Ann", "Ben"], options={"advanced": True, "events": False})
    assert compose.lobby_text(table).split("\n") == [
        "**Circus Train #7** — a new game is looking for players (1–5).",
        "Options: advanced.",  # "events" is off, as by default: not a choice worth telling
        "Turn deadline: none.",
        "Forced moves: a player's only legal choice is played at once.",
        "Away bank: 7 days per player (/me away stops their clock).",
        "Hints: on for a game of one person (with or without robots), off for two or more people; decided at the "
        "start.",
        "Seats (2/5):",
        "1. <@1001>",
        "2. <@1002>",
        "Press **Join** to take a seat; <@1001> starts the game.",
    ]
    basic = table_of("little_circuses", ["Ann"], options={"special_side": "blue"}, deadline_minutes=90,
                     forced_moves=False, away_bank_minutes=1440, autopilot_after=2)
    lines = compose.lobby_text(basic).split("\n")
    assert lines[1] == "Options: none (the basic game)."
    assert lines[2] == ("Turn deadline: 1 h 30 min per turn, counted in each player's active hours; after 2 missed "
                        "in a row the automatic player keeps the seat.")
    assert lines[3] == "Forced moves: off (every decision is asked)."
    assert lines[4] == "Away bank: 1 day per player (/me away stops their clock)."
    red = table_of("little_circuses", ["Ann"], options={"special_side": "red"}, deadline_minutes=45)
    assert "Options: special side: red." in compose.lobby_text(red)
    assert "Turn deadline: 45 min per turn" in compose.lobby_text(red)
    assert "Turn deadline: 2 h per turn" in compose.lobby_text(table_of("wanderzirkus", ["Ann"], deadline_minutes=120))


def test_the_lobby_says_where_a_started_game_is_played_and_when_it_ended() -> None:
    state = history("circus_train", 2)[0]
    assert compose.lobby_text(table_of("circus_train", ["Ann", "Ben"], state)).endswith(
        f"\nThe game has started. Play in <#{THREAD}>.")
    assert compose.lobby_text(table_of("circus_train", ["Ann", "Ben"], state, thread_id=None)).endswith(
        "\nThe game has started in its thread.")
    assert compose.lobby_text(table_of("circus_train", ["Ann", "Ben"], state, status="abandoned")).endswith(
        "\nThis game was abandoned.")
    assert compose.lobby_text(table_of("circus_train", ["Ann", "Ben"], state, status="finished")).endswith(
        "\nThis game is over.")
    solo = table_of("circus_train", ["Ann"], history("circus_train", 1)[0], deadline_minutes=60)
    assert "Turn deadline: none (a solo player keeps nobody waiting)." in compose.lobby_text(solo)


# ----- who acts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_the_public_prompt_mentions_the_player_and_tells_nothing_only_a_seat_may_see(key: str) -> None:
    game = GAMES[key]
    players = game.max_players
    told = 0
    for state in sampled(history(key, players)):
        table = table_of(key, PLAYERS[:players], state)
        public = names_in(game.view(state, None))
        for seat in table.awaited():
            text = compose.public_prompt(table, seat)
            rules_text = game.public_prompt(state, seat)
            assert text.startswith(f"<@{user(seat)}>")
            if rules_text.startswith(PLAYERS[seat]):  # the mention stands in for the name
                assert text == f"<@{user(seat)}>{rules_text[len(PLAYERS[seat]):]}".rstrip(".")
            else:
                assert text == f"<@{user(seat)}> — {rules_text}".rstrip(".")
            for other in range(players):
                secrets = names_in(game.view(state, other)) - public
                assert not [name for name in secrets if name in text], (seat, other)
            told += 1
    assert told > 10


def test_who_acts_carries_each_deadline_as_a_timestamp_every_reader_sees_in_their_own_zone() -> None:
    state = history("dreadful_circus", 4)[0]
    table = table_of("dreadful_circus", PLAYERS[:4], state)
    due = datetime(2026, 1, 1, tzinfo=UTC)  # 1,767,225,600 seconds after 1970
    table.deadlines = {seat: due for seat in table.awaited()}
    lines = compose.awaited_line(table).split("\n")
    assert len(lines) == len(table.awaited()) > 0
    for seat, line in zip(table.awaited(), lines, strict=True):
        assert line == f"{compose.public_prompt(table, seat)} (decide by <t:1767225600:f>)."
    assert compose.timestamp(datetime(2026, 1, 1, 1, 0, tzinfo=ZoneInfo("Europe/Berlin")), "R") == "<t:1767225600:R>"
    assert compose.awaited_line(table_of("dreadful_circus", PLAYERS[:4])) == ""  # a lobby: nobody acts yet


@pytest.mark.parametrize("key", KEYS)
def test_a_finished_game_names_every_player_in_the_order_of_the_ranking_and_the_winners(key: str) -> None:
    game = GAMES[key]
    final = history(key, game.max_players)[-1]
    table = table_of(key, PLAYERS[:game.max_players], final)
    outcome = game.outcome(final)
    assert outcome is not None
    lines = compose.awaited_line(table).split("\n")
    assert lines[0] == "**Final scores**"
    ranked = [seat for seats in outcome.ranking for seat in seats]
    assert len(lines) == len(ranked) + 2 and sorted(ranked) == list(range(game.max_players))
    for line, seat in zip(lines[1:-1], ranked, strict=True):
        assert f"{PLAYERS[seat]} (<@{user(seat)}>): {outcome.scores[seat]}" in line
    assert lines[-1] == f"🏆 Winner: {listing([PLAYERS[seat] for seat in outcome.winners])}!"


# ----- boards and recaps ---------------------------------------------------------------------------------


def test_a_board_lets_its_oldest_sentences_give_way_and_keeps_who_acts_whole() -> None:
    state = history("wanderzirkus", 3)[0]
    table = table_of("wanderzirkus", PLAYERS[:3], state)
    sentences = [f"Sentence {n} of the turn: " + "z" * 60 for n in range(80)]
    text = compose.board_text(table, "**Der Wanderzirkus #7** · Cy", sentences)
    tail = compose.awaited_line(table)
    assert len(text) <= MESSAGE_LIMIT and text.endswith("\n" + tail)
    lines = text.split("\n")
    assert lines[0] == "**Der Wanderzirkus #7** · Cy"
    kept = [line for line in lines if line.startswith("• Sentence ")]
    dropped = 80 - len(kept)
    assert lines[1] == f"• … {dropped} earlier (see /game log)" and dropped > 0
    assert kept == [f"• {sentence}" for sentence in sentences[dropped:]]  # the newest, in order
    short = compose.board_text(table, "**Der Wanderzirkus #7**", sentences[:2])
    assert short == "\n".join(["**Der Wanderzirkus #7**", f"• {sentences[0]}", f"• {sentences[1]}", tail])


def test_the_header_names_each_actor_once_and_marks_moves_no_one_made() -> None:
    table = table_of("circus_train", ["Ann", "Ben", "Cy"], history("circus_train", 3)[0])

    def logged(seat: int, automatic: bool = False, reason: str | None = None) -> ActionRecord:
        return ActionRecord(GAME_ID, 2, seat, {"kind": "rest"}, [], CREATED, automatic, reason)

    assert compose.board_header(table, []) == "**Circus Train #7**"
    assert compose.board_header(table, [logged(1), logged(0), logged(1)]) == "**Circus Train #7** · Ben and Ann"
    assert compose.board_header(table, [logged(0, True, "forced"), logged(1, True, "standing"), logged(2, True)]) == (
        "**Circus Train #7** · Ann (only choice, played automatically), Ben (standing answer) and "
        "Cy (automatic player)")
    # Only when all of a seat's moves here were automatic is it marked; mixed reasons are the automatic player's.
    assert compose.board_header(table, [logged(0, True, "forced"), logged(0)]) == "**Circus Train #7** · Ann"
    assert compose.board_header(table, [logged(0, True, "forced"), logged(0, True, "standing")]) == (
        "**Circus Train #7** · Ann (automatic player)")


def test_a_recap_shows_the_newest_lines_and_counts_the_earlier_ones() -> None:
    assert compose.recap_text(1001, []) == ""
    assert compose.recap_text(1001, ["Ann rests.", "Ben hires."]) == (
        "📜 Since <@1001>'s last move:\n• Ann rests.\n• Ben hires.")
    lines = [f"Event {n}." for n in range(12)]
    assert compose.recap_text(1001, lines, earlier=5, limit=3) == (
        "📜 Since <@1001>'s last move:\n• … 14 earlier (see /game log)\n• Event 9.\n• Event 10.\n• Event 11.")


def test_a_long_message_keeps_whole_lines_in_order_and_cuts_only_the_one_it_marks() -> None:
    lines = [f"Your card {n}: " + "w" * (50 + n) for n in range(60)] + ["Which card do you play?"]
    text = fit_lines(lines)
    assert len(text) == MESSAGE_LIMIT
    *whole, cut, question = text.split("\n")
    assert question == "Which card do you play?"
    assert whole == lines[:len(whole)] and len(whole) > 10
    assert cut.endswith("…") and lines[len(whole)].startswith(cut[:-1]) and cut[:-1] != lines[len(whole)]
    huge = "x" * (MESSAGE_LIMIT + 500)
    assert fit_lines(["Your hand: A", huge]) == huge[:MESSAGE_LIMIT]  # only the question left, cut to the limit


# ----- private panels ----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_a_seats_panel_never_names_what_only_another_seat_may_see(key: str) -> None:
    game = GAMES[key]
    players = game.max_players
    shown = 0
    for state in sampled(history(key, players), 20):
        table = table_of(key, PLAYERS[:players], state)
        public = names_in(game.view(state, None))
        own = {seat: names_in(game.view(state, seat)) for seat in range(players)}
        for seat in range(players):
            panel = "\n".join(compose.panel_lines(table, seat))
            assert all(line.startswith("Your ") for line in compose.panel_lines(table, seat))
            for other in range(players):
                secrets = own[other] - own[seat] - public
                assert not [name for name in secrets if name in panel], (seat, other)
            shown += bool(panel)
    assert shown > 0  # the panels did say something


# ----- fairness ----------------------------------------------------------------------------------------


def test_the_commitment_shown_at_the_start_is_the_one_the_reveal_tells_how_to_check() -> None:
    table = table_of("dreadful_circus", PLAYERS[:4], history("dreadful_circus", 4)[-1], status="finished")
    digest = fairness.commitment(12345, "pepper", list(PLAYERS[:4]))
    assert f"`{digest}`" in compose.commitment_line(table)
    reveal = compose.reveal_text(table)
    assert "the secret seed was `12345` with salt `pepper`" in reveal
    assert reveal.endswith(f"`python -m rules verify dreadful_circus-7-record.json --commitment {digest}`.")
    assert compose.record_filename(table) == "dreadful_circus-7-record.json"
    renamed = table_of("dreadful_circus", ["Zed", *PLAYERS[1:4]], table.state)
    assert digest not in compose.commitment_line(renamed)  # the commitment covers the players' names too
