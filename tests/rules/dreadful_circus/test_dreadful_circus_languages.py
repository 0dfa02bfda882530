"""Dreadful Circus read whole in the pseudo-language and in German: every event line, prompt, public prompt,
choice label, refusal, text board and explanation of seeded playouts passes through the catalogue (no plain
English letters are left once the players' names are taken out), every content name in the data has its
catalogue entry, and a handful of German sentences read exactly as a German player expects."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import lang.speech
from lang import speaking
from lang.pseudo import ENGLISH_LEFT, pseudo
from rules.core.events import Event
from rules.dreadful_circus import actions as dc
from rules.dreadful_circus import names
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, load_content
from rules.registry import get_game

from dreadful_circus_helpers import LookedUp

GAME = get_game("dreadful_circus")
# Names without ASCII letters, so any English left in a sentence stands out.
PLAYERS = ["Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðéé", "Éṽé", "Ƒîţž", "Ĝûš", "Ĥåļ"]


def _illegal_candidates(state: Any, seat: int) -> list[Any]:
    """One action of every kind, aimed at real and made-up things, to draw out the refusals."""
    card = next(iter(state.seats[seat].hand), "ñöþé")
    other = (seat + 1) % len(state.players)
    return [dc.DraftPick(card), dc.DraftPick("ñöþé"), dc.PlaceAttraction(card), dc.PlaceNothing(), dc.MakeOffer(card),
            dc.AddCoin("gold"), dc.AddCoin("tin"), dc.AddContract("paris"), dc.AddContract("rome"),
            dc.TakeCoin("silver"), dc.TakeContract("london"), dc.PlaceWagon(0), dc.PlaceWagon(5), dc.Inspect(other),
            dc.Accept(), dc.Decline(), dc.LoadCoin("copper"), dc.LoadContract("vegas"), dc.TakeLoaded(other),
            dc.PlayCard(card), dc.TakeAttraction(other, card), dc.TakeAttraction(seat, card),
            dc.DiscardAttraction(other, card), dc.DiscardAttraction(9, card), dc.ReturnContract("berlin"),
            dc.StopReturning(), dc.CopyCard(other, card), dc.CopyCard(seat, card)]


def _texts(players: int, draft: bool, seed: int) -> Iterator[str]:
    """Every sentence a seeded random game shows, in the language being spoken."""
    names_now = PLAYERS[:players]
    state = GAME.new_game(names_now, {"draft": draft}, seed)
    rng = random.Random(seed)
    yield GAME.render_text(GAME.view(state, None))
    # Set-up's own events (the game starts with them already applied).
    yield GAME.describe_event(Event("redealt", {"seat": 0, "cards": 8}), names_now)
    yield GAME.describe_event(Event("hand_dealt", {"cards": list(state.seats[0].hand)}, private_to=0), names_now)
    while not GAME.is_over(state):
        awaited = sorted(GAME.to_act(state))
        for seat in range(players):
            yield GAME.prompt(state, seat)
        for seat in awaited:
            yield GAME.public_prompt(state, seat)
            yield GAME.render_text(GAME.view(state, seat))
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                yield GAME.describe_action(state, seat, action)
            for action in _illegal_candidates(state, seat):
                if action not in legal:
                    yield GAME.explain_illegal(state, seat, action)
        yield GAME.render_text(GAME.view(state, None))
        seat = rng.choice(awaited)
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for event in events:
            yield GAME.describe_event(event, names_now)
    yield GAME.prompt(state, 0)
    yield GAME.render_text(GAME.view(state, 0))


def _english_left(text: str) -> list[str]:
    return ENGLISH_LEFT.findall(text)


@pytest.mark.parametrize(("players", "draft", "seed"), [(4, False, 3), (5, True, 11), (8, False, 5)])
def test_every_sentence_of_a_game_comes_from_the_catalogue(players: int, draft: bool, seed: int) -> None:
    leaks: dict[str, list[str]] = {}
    with speaking("qps"):
        count = 0
        for text in _texts(players, draft, seed):
            count += 1
            found = _english_left(text)
            if found:
                leaks.setdefault(text, found)
    assert count > 500
    assert not leaks, list(leaks.items())[:5]


def test_every_sentence_of_a_game_has_its_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """German has a translation for every message a game looks up (the pseudo-language cannot tell: a
    message the extractor missed is still accented, but German would show it in English)."""
    asked: set[tuple[str | None, str]] = set()
    real = lang.speech.catalogue
    monkeypatch.setattr(lang.speech, "catalogue", lambda code: LookedUp(real(code), asked))
    with speaking("de"):
        for text in _texts(5, True, 11):
            assert text
    german = lang.speech.read_catalogue("de")
    missing = sorted((str(context), message) for context, message in asked
                     if not (german.get(message, context=context) or german.get(message)))
    assert len(asked) > 150
    assert not missing, missing[:5]


def test_the_sweep_finds_a_sentence_left_in_english() -> None:
    """The check above can fail: a sentence written without the catalogue is found."""
    with speaking("qps"):
        assert _english_left(GAME.describe_event(_event("draft_over"), PLAYERS[:4])) == []
        assert _english_left("Everyone has picked.") == ["Everyone", "has", "picked"]


def _event(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def test_every_content_name_in_the_data_has_its_catalogue_entry() -> None:
    content = load_content()
    with speaking("qps"):
        cards = names.card_names()
        texts = names.card_texts()
        assert {card.name for card in content.cards.values()} == set(cards)
        assert {card.text for card in content.cards.values()} == set(texts)
        # Each entry's English is the very message it looks up (a typo would leave a name untranslated).
        assert all(shown == pseudo(english) for english, shown in cards.items())
        assert all(shown == pseudo(english) for english, shown in texts.items())
        assert set(names.contract_names()) == set(CONTRACT_TYPES) == set(content.contract_names)
        assert all(names.contract_names()[k] == pseudo(content.contract_names[k]) for k in CONTRACT_TYPES)
        assert set(names.coin_names()) == set(COIN_TYPES)
        assert {card.colour for card in content.cards.values()} <= set(names.colour_names())
        assert {card.type for card in content.cards.values()} == set(names.type_names())
    with speaking("de"):
        assert all(names.card_names()[card.name] != "" for card in content.cards.values())


def test_german_sample_sentences() -> None:
    state = GAME.new_game(["Ada", "Bo", "Cy", "Di"], {}, 1)
    with speaking("de"):
        assert GAME.describe_event(_event("offer_revealed", seat=0, card="c01"), ["Ada", "Bo"]) == (
            f"Ada bietet {names.card_name('c01')} an.")
        assert names.card_name("c01") == "Popcorn"
        assert GAME.describe_event(_event("contracts_drawn", seat=1, count=2), ["Ada", "Bo"]) == (
            "Bo zieht 2 Verträge aus dem Beutel.")
        assert GAME.describe_event(_event("wagon_contents", owner=1, coins={"copper": 2, "gold": 1},
                                          contracts={"prague": 1}), ["Ada", "Bo"]) == (
            "Im Wagen von Bo: 2 Kupfer, 1 Gold und 1 Prag-Vertrag.")
        assert GAME.describe_action(state, 0, dc.AddContract("berlin")) == "1 Berlin-Vertrag in deinen Wagen legen"
        assert GAME.describe_action(state, 0, dc.Accept()) == "Dieses Gebot annehmen"
        assert GAME.explain_illegal(state, 0, dc.Accept()) == (
            "Das kannst du gerade nicht wählen: Das Spiel ist bei der Wahl einer Startattraktion.")
        assert GAME.prompt(state, 0) == "Ada, du bist gerade bei der Wahl einer Startattraktion."


def test_english_stays_as_it_was() -> None:
    state = GAME.new_game(["Ada", "Bo", "Cy", "Di"], {}, 1)
    assert GAME.describe_event(_event("contracts_drawn", seat=1, count=1), ["Ada", "Bo"]) == (
        "Bo draws 1 Contract from the bag.")
    assert GAME.describe_action(state, 0, dc.AddContract("berlin")) == "Put a Berlin Contract in your wagon"
    assert GAME.prompt(state, 0) == "Ada, you are choosing a starting Attraction."


@pytest.mark.parametrize("language", ["de", "qps"])
def test_every_choice_label_fits_a_discord_button(language: str) -> None:
    """Labels become buttons (at most 80 characters) and select options: the longest card name with the
    longest name a member may show still fits, in German and in the lengthened pseudo-language."""
    state = GAME.new_game(["Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ŵŵŵŵŵŵŵŵŵŵŵŵŵŵŵŵ"], {}, 1)
    ids = {card.name: card.id for card in load_content().cards.values()}
    with speaking(language):
        labels = [GAME.describe_action(state, 0, action) for card in ids.values() for action in (
            dc.DraftPick(card), dc.PlaceAttraction(card), dc.MakeOffer(card), dc.PlayCard(card),
            dc.TakeAttraction(3, card), dc.DiscardAttraction(3, card), dc.CopyCard(3, card))]
        labels += [GAME.describe_action(state, 0, action) for action in (
            dc.PlaceWagon(1), dc.Inspect(3), dc.TakeLoaded(3), dc.StopReturning(), dc.PlaceNothing(),
            *(dc.AddContract(k) for k in CONTRACT_TYPES), *(dc.LoadContract(k) for k in CONTRACT_TYPES),
            *(dc.AddCoin(c) for c in COIN_TYPES), *(dc.TakeCoin(c) for c in COIN_TYPES))]
    too_long = [label for label in labels if len(label) > 80]
    assert not too_long, too_long[:3]
