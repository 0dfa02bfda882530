"""The table's own words in every language: the posts, recaps, notes, lobby, inbox, digest, refusals, lessons and
review sentences it composes are read in the pseudo-language and must hold no English once what is not the
table's is taken out (the players' names, which hold no ASCII letters here, the games' own sentences and
prompts, which their rules compose, mentions, timestamps, commands a player types). German samples are exact
sentences; the guides read each language's own file, the English one meanwhile.

The games' own text (their events, prompts, names) is taken out by computing it in the same language, so this
file tests what the table adds: a sentence of the table put back in English fails it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from db.life import Member
from db.records import ActionRecord, GameRecord, SeatRecord
from db.store import GameStore
from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT
from rules.core import fairness
from rules.core.lessons import LESSONS, lesson_text
from rules.core.players import level_words
from rules.registry import GAMES
from rules.review.chart import describe, score_series
from rules.review.luck import Luck, luck_lines
from rules.review.record import plain_text
from rules.review.report import Review
from rules.review.turning import Judged, SeatReview, turning_sentence
from table import compose, guides
from table.core import TableCore
from table.digest import Waiting, digest_text
from table.errors import ChoiceGone, DamagedGame, StaleBoard, TableError
from table.hints import Suggestion, hinted_line, hints_words
from table.hours import parse_until
from table.inbox import InboxEntry, entry_lines, inbox_pages
from table.kits import KITS
from table.model import Table
from table.robots import robot_name
from table.standing import standing_text

import sealed_guess
from render_scaffold import played
from sealed_guess import Pick

KEYS = ["circus_train", "wanderzirkus", "little_circuses", "dreadful_circus"]
# Names without ASCII letters: whatever ASCII is left in a text is the table's own English.
NAMES = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé")
CREATED = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
GAME_ID, CREATOR, THREAD = 7, 1001, 555
# What a player types or a link points to: commands, code, mentions, times, links stay as they are.
_MARKUP = re.compile(r"`[^`]*`|<[@#t][^<>]*>|<https?://[^<>]*>|https?://\S+|\]\([^)]*\)|\{[a-z_]+\}"
                     r"|/(?:game|seat|me)(?: [a-z]+)?|SHA-256")


def leftover(text: str, known: Iterable[str] = ()) -> list[str]:
    """The English left in ``text`` once the known strings (longest first) and markup are taken out."""
    for piece in sorted({piece for piece in known if piece}, key=len, reverse=True):
        text = text.replace(piece, " ")
    return ENGLISH_LEFT.findall(_MARKUP.sub(" ", text))


def user(seat: int) -> int:
    return CREATOR + seat


def table_of(key: str, names: Sequence[str], state: Any = None, **record: Any) -> Table:
    fields: dict[str, Any] = {
        "id": GAME_ID, "kind": key, "guild_id": 1, "channel_id": 2, "thread_id": None if state is None else THREAD,
        "lobby_message_id": None, "board_message_id": None, "creator_id": CREATOR,
        "status": "lobby" if state is None else "active", "options": {}, "seed": 12345, "seed_salt": "pepper",
        "snapshot": None, "version": 1, "deadline_minutes": None, "autopilot_after": 3, "created_at": CREATED,
        "updated_at": CREATED}
    fields.update(record)
    seats = [SeatRecord(GAME_ID, seat, user(seat), name, CREATED) for seat, name in enumerate(names)]
    return Table(GameRecord(**fields), seats, KITS[key], state)


def non_default_options(key: str) -> dict[str, object]:
    """Every option of the game set away from its default, so the lobby names them all."""
    chosen: dict[str, object] = {}
    for spec in GAMES[key].option_specs:
        if spec.kind == "bool":
            chosen[spec.key] = not spec.default
        elif spec.kind == "choice":
            chosen[spec.key] = next(choice for choice in spec.choices if choice != spec.default)
    return chosen


def game_words(table: Table, states: Sequence[Any]) -> set[str]:
    """What the game's own rules say in these states, in the language spoken now: its events, its prompts, its
    outcome, its name (the games' slices translate those; this file tests the table's words around them)."""
    game = table.game
    words = {table.title, game.name, *table.names}
    for state in states:
        for seat in game.to_act(state):
            prompt = game.public_prompt(state, seat).rstrip(".")
            name = table.names[seat]
            words.add(prompt[len(name):] if prompt.startswith(name) else prompt)  # the mention stands for the name
        outcome = game.outcome(state)
        if outcome is not None:
            words.add(outcome.result or "")
            words.update(outcome.lines)
    return words


# ----- composed posts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_the_tables_posts_speak_only_the_catalogue(key: str) -> None:
    game = GAMES[key]
    players = NAMES[:max(2, game.min_players)]
    history = played(key, players, (), 5)
    sampled = [*history[::max(1, len(history) // 12)], history[-1]]
    with speaking("qps"):
        lobby = table_of(key, players, options=non_default_options(key), deadline_minutes=90, forced_moves=False,
                         autopilot_level="strong", away_bank_minutes=1440)
        texts = [compose.lobby_text(lobby),
                 compose.lobby_text(table_of(key, players, deadline_minutes=120)),
                 compose.lobby_text(table_of(key, players, deadline_minutes=45))]
        known = game_words(lobby, sampled)
        for state in sampled:
            table = table_of(key, players, state, deadline_minutes=60)
            table.deadlines = {seat: CREATED for seat in table.awaited()[:1]}
            texts.append(compose.awaited_line(table))
            actions = [ActionRecord(GAME_ID, 2, 0, {"kind": "pass"}, [], CREATED, True, "forced"),
                       ActionRecord(GAME_ID, 3, 1, {"kind": "pass"}, [], CREATED, True, None)]
            # The sentences are the game's (its events); what the table adds is tested: bullets, counts, the
            # header, the recap and the note of earlier sentences left out.
            lines = compose.said_once(["·", "·", "··", "··", "··"])
            texts.append(compose.board_text(table, compose.board_header(table, actions), lines * 200,
                                            [compose.recap_text(user(0), ["·"] * 30, earlier=4)]))
            # A forced move that told nothing is named by its choice's own label (or as "a move").
            texts += compose.logged_sentences(table, actions[0])
        last = table_of(key, players, history[-1])
        known |= game_words(last, [history[-1]])
        texts += [compose.final_text(last), compose.start_text(last), compose.commitment_line(last),
                  compose.reveal_text(replace(last, record=replace(last.record, seed_salt=""))),
                  compose.log_page([], 1)[0], compose.log_page(["·"] * 45, 2)[0],
                  compose.lobby_text(replace(last, record=replace(last.record, status="abandoned"))),
                  compose.lobby_text(replace(last, record=replace(last.record, status="finished"))),
                  compose.lobby_text(replace(last, record=replace(last.record, thread_id=None)))]
    for text in texts:
        assert not leftover(text, known), (leftover(text, known), text)
        assert len(text) <= compose.MESSAGE_LIMIT  # a third longer than English, and still one message
    assert any("Ålîçé" in text for text in texts)


def test_the_lobby_names_every_option_and_level_through_the_catalogue() -> None:
    with speaking("qps"):
        words = [compose.option_words(key, value) for key in ("advanced", "special_characters", "events", "easier",
                                                                "draft", "special_side", "simplified", "pro")
                 for value in (True, False, "red", "blue")]
        words += [level_words(level) for level in ("easy", "normal", "strong")]
        words += [robot_name("strong"), robot_name("easy", 2)]
    assert all(not leftover(word) for word in words), words


# ----- the inbox, the digest, hints, standing answers ------------------------------------------------------


def test_the_inbox_digest_hints_and_standing_answers_speak_only_the_catalogue() -> None:
    history = played("wanderzirkus", NAMES[:3], (), 5)
    table = table_of("wanderzirkus", NAMES[:3], history[1], hints=None)
    entry = InboxEntry(GAME_ID, 1, table.title, "active", True, CREATED, CREATED + timedelta(hours=3), "Ƀöƀ ·",
                       "·", "https://discord.com/channels/1/2/3")
    with speaking("qps"):
        known = game_words(table, [history[1]])
        texts = [*entry_lines(entry), *entry_lines(replace(entry, waiting=False, since=None, status="lobby")),
                 *inbox_pages([entry] * 30), *inbox_pages([entry]), *inbox_pages([]),
                 *inbox_pages([replace(entry, waiting=False)] * 2),
                 *inbox_pages([entry, replace(entry, waiting=False)]),
                 digest_text([Waiting(table, seat, CREATED, CREATED + timedelta(hours=2)) for seat in (0, 0, 0)],
                             CREATED),
                 digest_text([Waiting(table, 0, CREATED, None)], CREATED),
                 digest_text([Waiting(table, 0, CREATED, None)] * 80, CREATED),
                 hints_words(table), hints_words(replace(table, record=replace(table.record, hints=True))),
                 hints_words(replace(table, record=replace(table.record, hints=False, status="active"))),
                 Suggestion("Ɓ").text("Ŵ"), Suggestion("Ɓ", only=True).text("Ŵ"),
                 Suggestion("Ɓ", (("Ɓ", 0.5), ("Ç", 0.5))).text("Ŵ"),
                 Suggestion("Ɓ", (("Ɓ", 0.7), ("Ç", 0.2)), solo=True).text("Ŵ"),
                 standing_text(table, [])]
        seated = replace(table, seats=[replace(seat, hints=2) for seat in table.seats])
        texts.append(hinted_line(seated) or "")
    for text in texts:
        assert not leftover(text, known | {"Ɓ", "Ç", "Ŵ"}), (leftover(text, known), text)
        assert len(text) <= compose.MESSAGE_LIMIT


# ----- refusals and notes through the table core ------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = CREATED

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TableCore]:
    sealed_guess.register(monkeypatch)
    clock = Clock()
    store = await GameStore.open(str(tmp_path / "games.sqlite3"), clock=clock)
    opened = TableCore(store, clock)
    try:
        yield opened
    finally:
        await opened.close()


async def refusal(attempt: Any) -> str:
    with pytest.raises(TableError) as refused:
        await attempt
    return str(refused.value)


async def test_the_tables_refusals_speak_only_the_catalogue(core: TableCore) -> None:
    ann, ben, cat = 11, 12, 13
    with speaking("qps"):
        table = await core.create("sealed_guess", 1, 2, ann, NAMES[0], {})
        # The levels a player types (``level:strong``) and the option they typed are named as typed.
        known = {table.title, "Sealed Guess", *NAMES, "easy, normal, strong", "'colour'"}
        said = [
            await refusal(core.create("no_such_game", 1, 2, ann, NAMES[0], {})),
            await refusal(core.create("sealed_guess", 1, 2, ann, NAMES[0], {}, deadline_minutes=10 ** 7)),
            await refusal(core.create("sealed_guess", 1, 2, ann, NAMES[0], {}, autopilot_after=99)),
            await refusal(core.create("sealed_guess", 1, 2, ann, NAMES[0], {}, away_bank_minutes=10 ** 7)),
            await refusal(core.create("sealed_guess", 1, 2, ann, NAMES[0], {}, autopilot_level="godlike")),
            await refusal(core.create("sealed_guess", 1, 2, ann, NAMES[0], {"colour": "red"})),
            await refusal(core.table(999)),
            await refusal(core.join(table.id, ann, NAMES[0])),
            await refusal(core.leave(table.id, ann)),
            await refusal(core.leave(table.id, cat)),
            await refusal(core.start(table.id, ben, thread_id=9)),
        ]
        await core.join(table.id, ben, NAMES[1])
        said += [await refusal(core.set_deadline(table.id, ben, 60, 3)),
                 await refusal(core.set_deadline(table.id, ann, 5, 3))]
        await core.start(table.id, ann, thread_id=9)
        said += [await refusal(core.join(table.id, cat, NAMES[2])),
                 await refusal(core.play(table.id, cat, None, lambda t, s: Pick(1))),
                 await refusal(core.take_back(table.id, ann)),
                 await refusal(core.reclaim(table.id, ann)),
                 await refusal(core.game_record(table.id))]
        await core.play(table.id, ann, None, lambda t, s: Pick(2))
        said += [await refusal(core.play(table.id, ann, None, lambda t, s: Pick(3))),
                 await refusal(core.take_back(table.id, ben)),
                 await refusal(core.abandon(table.id, ben, False)),
                 str(StaleBoard()), str(ChoiceGone()), str(DamagedGame(GAME_ID, "·"))]
    for text in said:
        assert text and not leftover(text, known), (leftover(text, known), text)


async def test_a_games_log_is_kept_for_each_language_it_is_read_in(core: TableCore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # A game whose sentences go through the catalogue, as every real game's do.
    monkeypatch.setattr(sealed_guess.SealedGuess, "describe_event",
                        lambda self, event, names: tr("Someone did {kind}.", kind=event.kind))
    table = await core.create("sealed_guess", 1, 2, 11, NAMES[0], {})
    await core.join(table.id, 12, NAMES[1])
    await core.start(table.id, 11, thread_id=9)
    await core.play(table.id, 11, None, lambda t, s: Pick(2))
    table = await core.table(table.id)
    english = await core.public_log(table)
    with speaking("qps"):
        accented = await core.public_log(table)
    assert english == ["Someone did picked."] and accented and not leftover(" ".join(accented), ["picked"])
    assert await core.public_log(table) == english


async def test_the_tables_notes_speak_only_the_catalogue(core: TableCore, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game whose own words go through the catalogue, as every real game's do: what is left is the table's.
    monkeypatch.setattr(sealed_guess.SealedGuess, "describe_event",
                        lambda self, event, names: tr("Someone did something."))
    monkeypatch.setattr(sealed_guess.SealedGuess, "prompt", lambda self, state, seat: tr("Pick a number."))
    ann, ben, cat, dan = 11, 12, 13, 14
    with speaking("qps"):
        table = await core.create("sealed_guess", 1, 2, ann, NAMES[0], {}, deadline_minutes=60, language="qps")
        await core.join(table.id, ben, NAMES[1])
        await core.join(table.id, cat, NAMES[2])
        await core.start(table.id, ann, thread_id=9)
        await core.play(table.id, ann, None, lambda t, s: Pick(2))
        await core.offer_seat(table.id, ben, dan, False)
        await core.vote_to_abandon(table.id, ben)
        await core.set_autopilot(table.id, cat, None, False)
        await core.go_away(ann, "3d", "·")
        await core.reclaim(table.id, cat)
        rows = await core.outbox.pending(table.id)
    said = [str(row.payload[field]) for row in rows for field in ("text", "fallback") if row.payload.get(field)]
    assert len(said) >= 8
    for text in said:
        assert not leftover(text, {table.title, *NAMES}), (leftover(text, {table.title}), text)


# ----- lessons, reviews, records -----------------------------------------------------------------------------


def test_every_lesson_reads_through_the_catalogue() -> None:
    with speaking("qps"):
        texts = [lesson_text(kind, key) or "" for kind, lessons in LESSONS.items() for key in lessons]
    assert len(texts) > 30 and all(text and not leftover(text) for text in texts)


def test_review_sentences_charts_and_records_speak_only_the_catalogue() -> None:
    names = NAMES[:3]
    judged = (Judged(4, 0, "", "Ⓐ", "Ⓑ", 0.5, 0.3), Judged(9, 0, "", "Ⓐ", "Ⓑ", 0.3, 0.42),
              Judged(12, 0, "", "Ⓐ", "Ⓐ", 0.42, 0.43))
    seats = (SeatReview(0, judged, True), SeatReview(1, (), True), SeatReview(2, (Judged(5, 2, "", "Ⓐ", "Ⓐ", .3, .3),),
                                                                                True))
    luck = [Luck(0, 1, 1, 0.6), Luck(1, 12, 3, 6.25), Luck(2, 5, 3, 3.0)]
    with speaking("qps"):
        history = played("circus_train", names, (), 5)
        series = score_series(GAMES["circus_train"], names, {}, 5, [])
        moments = [judged[0], replace(judged[1], moment=describe_moment())]
        review = Review("circus_train", names, None, tuple(luck_lines(luck, names)), seats)
        texts = [*(turning_sentence(one, names[0]) for one in (*judged, *moments)), *luck_lines(luck, names),
                 review.short_text("Ŧ", "Ŵ"), *(line for lines in review.steps().values() for line in lines),
                 Review("circus_train", names, None, (), (SeatReview(0, (), False),)).short_text("Ŧ", "Ŵ"),
                 describe(series) if series is not None else ""]
        chances = review.chances()
        assert chances is not None
        texts += [describe(chances), *chances.labels]
        broken: list[object] = [[], {"format": "x"}, {"format": fairness.RECORD_FORMAT, "game": "ŝ"},
                                {"format": fairness.RECORD_FORMAT, "game": "circus_train", "seed": "x"}]
        verdicts = [fairness.verify_record(record, GAMES) for record in broken]
        texts += [line for verdict in verdicts for line in verdict.lines]
        texts.append(plain_text({"title": "Ŧ", "name": "Ŵ", "status": "finished", "seed": 1, "salt": "·",
                                 "commitment": "·", "players": list(names),
                                 "seats": [{"name": name, "robot": "strong" if n else None}
                                           for n, name in enumerate(names)],
                                 "options": {}, "actions": [{"seat": 0, "number": 1, "text": []}],
                                 "outcome": {"scores": [1, 2, 3], "lines": []}}))
    assert history
    # A record's own keys ('seed') are named as the file has them, and the command as it is typed.
    known = {"Ŧ", "Ŵ", "Ⓐ", "Ⓑ", "'seed'", "python -m rules verify", *names}
    for text in texts:
        assert not leftover(text, known), (leftover(text, known), text)


def describe_moment() -> str:
    return "ŵ"


# ----- German ------------------------------------------------------------------------------------------------


def test_german_samples_read_as_german_players_write() -> None:
    table = table_of("little_circuses", ["Ann"], deadline_minutes=90, forced_moves=False, away_bank_minutes=1440,
                     autopilot_after=2)
    entry = InboxEntry(GAME_ID, 1, "Circus Train #7", "active", True, None, None, "·", "", "https://x")
    with speaking("de"):
        lines = compose.lobby_text(table).split("\n")
        assert lines[2] == ("Zugfrist: 1 Std. 30 Min. pro Zug, gezählt in den aktiven Stunden jedes Spielers; nach "
                            "2 verpassten in Folge behält der automatische Spieler den Platz.")
        assert lines[4] == "Abwesenheitskonto: 1 Tag pro Spieler (/ich abwesend hält die eigene Frist an)."
        assert compose.said_once(["Ann erhält $1."] * 3) == ["Ann erhält $1. (3-mal)"]
        assert compose.without_count("Ann erhält $1. (3-mal)") == "Ann erhält $1."
        assert str(StaleBoard()) == ("Dieses Spielbrett ist veraltet: Das Spiel ist weitergegangen, seit es gepostet "
                                     "wurde. Nimm das neueste Spielbrett im Thread.")
        assert luck_lines([Luck(0, 12, 7, 6.25)], ["Ann"]) == [
            "Ann hat 12-mal gewürfelt: 7 Erfolge, wo 6,2 zu erwarten waren (um 0,8 glücklicher als im Schnitt)."]
        assert inbox_pages([entry, replace(entry, waiting=False)])[0].startswith(
            "📬 **Deine Spiele** — 1 deiner 2 Spiele wartet auf dich")
        assert robot_name("strong", 2) == "🤖 Roboter 2 (stark)"
        assert lesson_text("wanderzirkus", "swap") == (
            "Dein Tauschplättchen: Du hast 2 Karten gezogen und legst jetzt 2 zurück; dann wird der Stapel gemischt.")
        assert compose.is_private_line("Deine Hand: Pferd") and not compose.is_private_line("Ann zieht 2 Karten.")


def test_an_away_end_may_be_written_in_german_words() -> None:
    now, berlin = datetime(2026, 11, 30, 9, 0, tzinfo=UTC), Member(2, "Europe/Berlin", 8 * 60, 23 * 60)
    assert parse_until("Freitag", now, berlin) == parse_until("friday", now, berlin)
    assert parse_until("morgen", now, berlin) == parse_until("tomorrow", now, berlin) != parse_until("sonntag", now,
                                                                                                      berlin)
    with speaking("de"), pytest.raises(ValueError, match="Schreib, wie lange du weg bist"):
        parse_until("bald", now, berlin)


# ----- the guides --------------------------------------------------------------------------------------------


@pytest.fixture
def guide_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    english = (guides.GUIDES / "circus_train.md").read_text(encoding="utf-8")
    (tmp_path / "circus_train.md").write_text(english, encoding="utf-8")
    monkeypatch.setattr(guides, "GUIDES", tmp_path)
    guides._guide.cache_clear()
    yield tmp_path
    guides._guide.cache_clear()


def test_a_language_reads_its_own_guide_and_the_english_one_until_it_is_written(guide_folder: Path) -> None:
    english = guides.guide("circus_train")
    with speaking("de"):
        assert guides.guide("circus_train") == english  # no German guide yet
        (guide_folder / "de").mkdir()
        (guide_folder / "de" / "circus_train.md").write_text(
            "# Circus Train\n\n## Ziel\nDer Zirkus mit den meisten Siegpunkten gewinnt.\n\n## Aufbau\nJeder nimmt "
            "zwei Artisten.\n", encoding="utf-8")
        guides._guide.cache_clear()
        assert [section.title for section in guides.guide("circus_train")] == ["Ziel", "Aufbau"]
        assert guides.page("circus_train", 0)[0].endswith("Der Zirkus mit den meisten Siegpunkten gewinnt.")
    assert guides.guide("circus_train") == english  # English still reads English


def test_the_pseudo_language_reads_the_english_guide_accented_with_its_markdown_working(guide_folder: Path) -> None:
    with speaking("qps"):
        sections = guides.guide("circus_train")
    english = guides.guide("circus_train")
    assert len(sections) == len(english)
    for accented, plain in zip(sections, english, strict=True):
        assert not leftover(accented.title) and not leftover(accented.body)
        assert accented.body.count("\n") == plain.body.count("\n")
        assert accented.body.count("**") == plain.body.count("**")
        assert re.findall(r"`[^`]*`", accented.body) == re.findall(r"`[^`]*`", plain.body)
        assert [line[:2] for line in accented.body.split("\n") if line.startswith(("- ", "* "))] == \
            [line[:2] for line in plain.body.split("\n") if line.startswith(("- ", "* "))]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("language", ["de", "qps"])
def test_a_seats_private_lines_are_found_in_every_language(key: str, language: str) -> None:
    # The panel picks a seat's private lines out of its text view by their beginning ("Your …", "Dein…"): a
    # translation that words one differently would drop it from the panel in that language.
    names = ("Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåñå")
    history = played(key, names, (), 5)
    for state in history[:: max(1, len(history) // 12)]:
        table = table_of(key, names, state)
        for seat in range(len(names)):
            english = compose.panel_lines(table, seat)
            with speaking(language):
                spoken = compose.panel_lines(table, seat)
            assert len(spoken) == len(english), (english, spoken)
