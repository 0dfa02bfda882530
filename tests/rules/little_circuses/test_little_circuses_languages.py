"""Little Circuses in every language: whole seeded games read through the pseudo-language, where any sentence
that escaped the catalogue keeps plain English letters; every content name in the data listed for the
catalogue; and a handful of German sentences as German players read them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest

from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT
from rules.cli import chooser_rng, pick_action, pick_seat
from rules.core.errors import InvalidOptions
from rules.core.events import Event
from rules.little_circuses import actions as lc
from rules.little_circuses import names, text
from rules.little_circuses.content import load_content
from rules.little_circuses.game import LittleCircuses
from rules.little_circuses.state import LittleCircusesState

GAME = LittleCircuses()
# Player names without ASCII letters, so whatever plain English is left in a text escaped the catalogue.
PLAYERS = ["Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé"]


def _data(name: str) -> Any:
    return json.loads(files("rules.little_circuses").joinpath("data", name).read_text(encoding="utf-8"))


def test_every_content_name_in_the_data_is_listed_for_the_catalogue() -> None:
    listed = names.listed()
    tiles = {t["name"] for t in _data("tiles.json")["tiles"]} | {a["name"] for a in
                                                                  _data("circus_board.json")["attractions"]}
    assert tiles == set(listed["tile"])
    rows = _data("board.json")["rows"]
    assert {row["town"] for row in rows} == set(listed["town"])
    assert {space["label"] for row in rows for space in row["spaces"]} == set(listed["space"])
    cards = _data("specials.json")["cards"]
    assert {card[side]["name"] for card in cards for side in ("blue", "red")} == set(listed["special"])
    icons = {icon for tile in _data("tiles.json")["tiles"] for icon in tile["icons"]}
    effects = {effect for card in cards for side in ("blue", "red") for effect in card[side]["effects"]}
    assert icons | effects == set(listed["lc icon"])
    assert {t["colour"] for t in _data("tiles.json")["tiles"]} == set(listed["lc colour"])


def test_every_content_name_has_a_german_name() -> None:
    english = names.listed()
    with speaking("de"):
        german = names.listed()
    changed = sum(a != b for context in english for a, b in zip(english[context], german[context], strict=True))
    # Only a proper name or two keep their English spelling (Madame Adam).
    assert changed >= sum(len(v) for v in english.values()) - 3
    with speaking("qps"):
        for context, translated in names.listed().items():
            for name in translated:
                assert not ENGLISH_LEFT.search(name), (context, name)


def _illegal_candidates(state: LittleCircusesState, seat: int) -> Iterator[Any]:
    """Answers of every kind, mostly wrong for the moment: the refusals they earn are what the test reads."""
    content = load_content()
    circus = state.circuses[seat]
    hand = [*circus.hand, *circus.secret]
    some_tile = hand[0] if hand else content.starting_tiles()[0]
    dear = max(content.tiles.values(), key=lambda t: t.cost).id
    other = (seat + 1) % len(state.players)
    yield from (lc.OpenAt(0), lc.OpenAt(99), lc.RaiseFunds(), lc.HireHelp(), lc.HireFaceUp(some_tile),
                lc.DrawFaceDown(), lc.ChooseTile(some_tile), lc.ChooseTile(dear), lc.PlaceTile(0), lc.PlaceTile(99),
                lc.Back(), lc.MoveHighlight(0), lc.AdvancePublic(8), lc.AdvancePublic(4), lc.CashPublic(3),
                lc.CashPublic(8), lc.ChooseSpecial("9"), lc.ChooseSpecial("1"), lc.TakeShowcase(some_tile),
                lc.TakeFromHand(seat, some_tile), lc.TakeFromHand(other, some_tile), lc.ChooseRival(seat),
                lc.ChooseRival(other), lc.Pass())


def _texts_of_a_game(players: int, side: str, seed: int) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a seeded game shows, in the language spoken."""
    state = GAME.new_game(PLAYERS[:players], {"special_side": side}, seed)
    rng = chooser_rng(seed)
    step = 0
    while True:
        where = f"{players} players, {side}, seed {seed}, step {step}"
        awaited = sorted(GAME.to_act(state))
        yield where, GAME.render_text(GAME.view(state, None))
        for seat in awaited:
            yield where, GAME.prompt(state, seat)
            yield where, GAME.public_prompt(state, seat)
            yield where, GAME.render_text(GAME.view(state, seat))
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                yield where, GAME.describe_action(state, seat, action)
            for action in _illegal_candidates(state, seat):
                if action not in legal:
                    yield f"{where}: refusing {action}", GAME.explain_illegal(state, seat, action)
        if GAME.is_over(state):
            break
        for seat in range(players):
            if seat not in awaited:
                yield where, GAME.prompt(state, seat)
        seat = pick_seat(GAME, state, rng)
        action = pick_action(GAME, state, seat, GAME.legal_actions(state, seat), rng, auto=True)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            yield f"{where}: {event.kind}", GAME.describe_event(event, state.players)
        step += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    for line in outcome.lines:
        yield "outcome", line
    if outcome.result:
        yield "outcome", outcome.result


def _english_left(text: str) -> list[str]:
    return ENGLISH_LEFT.findall(text)


@pytest.mark.parametrize(("players", "side", "seed"), [(1, "blue", 3), (2, "red", 5), (3, "blue", 7), (5, "red", 11)])
def test_a_whole_game_in_the_pseudo_language_leaves_no_english(players: int, side: str, seed: int) -> None:
    seen = 0
    kinds: set[str] = set()
    with speaking("qps"):
        for where, said in _texts_of_a_game(players, side, seed):
            seen += 1
            kinds.add(where.rsplit(": ", 1)[-1])
            assert not _english_left(said), f"{where}: {said!r}"
    assert seen > 500
    # The game really went through its kinds of events and refusals (the sweep is not reading an empty game).
    assert {"john_moves", "built", "highlight_moved", "special_chosen", "prizes", "game_over"} <= kinds
    assert any(kind.startswith("refusing") for kind in kinds)


def test_the_sweep_catches_english_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proof the sweep can fail: one event sentence written without the catalogue is found."""
    monkeypatch.setitem(text._SENTENCES, "funds_raised", lambda d, w, p: f"{w} raises funds: +${d['amount']}.")
    with speaking("qps"):
        said = GAME.describe_event(Event("funds_raised", {"seat": 0, "amount": 2}), PLAYERS)
    assert _english_left(said) == ["raises", "funds"]


def test_options_standing_answers_and_solo_refusal_are_in_the_catalogue() -> None:
    with speaking("qps"):
        for spec in GAME.option_specs:
            assert not _english_left(tr(spec.description))
        for decision in GAME.standing_decisions:
            assert not _english_left(tr(decision.label) + tr(decision.when))
            assert not any(_english_left(tr(answer.label)) for answer in decision.answers)
        with pytest.raises(InvalidOptions) as refused:
            GAME.new_game(PLAYERS[:1], {"special_side": "red"}, 1)
    assert not _english_left(str(refused.value))


def test_stored_events_keep_their_data_in_english_and_read_in_any_language() -> None:
    """A solo game's end: the chart's verdict is stored in English (events are kept) and shown translated."""
    state = GAME.new_game(PLAYERS[:1], {"special_side": "blue"}, 3)
    rng = chooser_rng(3)
    events: list[Event] = []
    with speaking("de"):
        while not GAME.is_over(state):
            seat = pick_seat(GAME, state, rng)
            state, events = GAME.apply(state, seat, pick_action(GAME, state, seat, GAME.legal_actions(state, seat),
                                                                rng, auto=True))
    over = next(event for event in events if event.kind == "game_over")
    # Views are data too: the same in every language.
    with speaking("de"):
        german_view = GAME.view(state, 0)
    assert german_view == GAME.view(state, 0) and german_view["result"].startswith("John's chart: ")
    with speaking("de"):
        assert GAME.render_text(german_view).splitlines()[-1].startswith("Johns Wertung: ")
    assert over.data["result"].startswith("John's chart: ")
    with speaking("de"):
        said = GAME.describe_event(over, state.players)
    assert said.startswith("Endhausen! Der Monat ist vorbei. Sieg: Ålîçé. Johns Wertung: ")
    assert GAME.describe_event(over, state.players).startswith("Endsville! The month is over. Winner: Ålîçé. "
                                                               "John's chart: ")


def test_german_sample_sentences() -> None:
    players = ["Anna", "Ben"]
    with speaking("de"):
        assert GAME.describe_event(Event("funds_raised", {"seat": 0, "amount": 2}), players) == \
            "Anna sammelt Geld: +$2."
        assert GAME.describe_event(Event("built", {"seat": 1, "tile": "cotton_candy", "cell": 14, "cost": 3,
                                                  "covered": None}), players) == \
            "Ben baut Zuckerwattestand auf C3 für $3."
        assert GAME.describe_event(Event("new_city", {"town": "Smallburg"}), players) == \
            "Der Zirkus kommt in Kleinburg an: Alle Nutzungsmarker werden entfernt."
        assert GAME.describe_event(Event("snubbed", {"seat": 0, "target": 1, "amount": 2}), players) == \
            "Anna lässt Ben ausbuhen: 2 Ruhm weniger für Ben."
        assert text.describe_action(lc.CashPublic(6), players, "elephant", "blue") == \
            "Zuschauer auf 6 gegen 6 Ruhm einlösen"
        assert text.describe_action(lc.ChooseSpecial("4"), players, None, "blue") == \
            "Feuerschlucker (Karte 4) nehmen: Ticket, Münze, Münze"
        assert text.prompt("Anna", "icon", "clown") == \
            "Anna, du führst ein Symbol aus: Clown (einen Zuschauer vorrücken)."
        state = GAME.new_game(players, {"special_side": "blue"}, 1)
        assert GAME.explain_illegal(state, 0, lc.RaiseFunds()) == \
            "Das steht gerade nicht zur Wahl: Du wählst, wo dein Highlight startet."
        assert GAME.explain_illegal(state, 0, lc.OpenAt(0)) == \
            "Die Premiere beginnt auf einer der vier aufgedruckten Attraktionen, nicht auf A1."
