"""Der Wanderzirkus in every language: whole seeded games read through the pseudo-language, where any word
that escaped the message catalogue keeps its plain ASCII letters and is found; the content names listed for
the catalogue; and German sample sentences in the German edition's words (docs/glossary/wanderzirkus.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT
from lang.speech import read_catalogue
from rules.core.errors import InvalidOptions
from rules.core.rng import Rng
from rules.wanderzirkus import actions as wz
from rules.wanderzirkus.content import COLOUR_NAMES, EFFECTS, load_content
from rules.wanderzirkus.game import Wanderzirkus
from rules.wanderzirkus.names import act, colour_letter, known_names
from rules.wanderzirkus.scoring import SOLO_RATINGS, solo_rating
from rules.wanderzirkus.state import WanderzirkusState
from rules.wanderzirkus.text import card_label, city_label, describe_event

from repo_paths import REPO

GAME = Wanderzirkus()
# Player names without ASCII letters, so that whatever the sweep finds is the game's own words.
NAMES = ["Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé", "Ƒŕåñķ"]
# Every mode: solo, the normal game, the Simplified game and the Pro mode, small and large tables.
MODES = [(1, {"simplified": False, "pro": False}), (1, {"simplified": True, "pro": False}),
         (2, {"simplified": True, "pro": False}), (3, {"simplified": False, "pro": True}),
         (4, {"simplified": False, "pro": False}), (6, {"simplified": False, "pro": True})]


def _illegal_tries(rng: random.Random) -> list[Any]:
    """Decisions of every kind, most of them refused at any moment, to read the refusals."""
    artists = sorted(load_content().artists)
    return [wz.ChooseArtist(rng.choice(artists)), wz.ChooseCity(rng.choice(sorted(load_content().cities))),
            wz.TakePair(rng.randrange(-1, 9)), wz.Announce(rng.randrange(0, 20)), wz.PlayCard(rng.choice(artists)),
            wz.PlayCard("ẑẑ"), wz.Place(rng.randrange(-1, 4)), wz.PlacePause(), wz.UseSwap(),
            wz.ReturnCard(rng.choice(artists)), wz.StopShow(), wz.UseEffect(), wz.SkipEffect(),
            wz.CopyEffect(rng.choice([*EFFECTS, "ẑåþ"])), wz.TuckCard(rng.choice(artists)),
            wz.RecycleCard(rng.choice(artists)), wz.MovePeeked(), wz.BuyArtist(), wz.BuyCity(), wz.BuySwapToken(),
            wz.EndSpending()]


def _texts_at(state: WanderzirkusState, events: list[Any], rng: random.Random) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a player can read at this point of the game."""
    for event in events:
        yield f"event {event.kind}", GAME.describe_event(event, state.players)
    for seat in [None, *range(len(state.players))]:
        yield f"text board of {seat}", GAME.render_text(GAME.view(state, seat))
    if GAME.is_over(state):
        outcome = GAME.outcome(state)
        assert outcome is not None
        yield from (("outcome", line) for line in outcome.lines)
        if outcome.result is not None:
            yield "solo rating", outcome.result
        return
    for seat in sorted(GAME.to_act(state)):
        yield "prompt", GAME.prompt(state, seat)
        yield "public prompt", GAME.public_prompt(state, seat)
        legal = GAME.legal_actions(state, seat)
        yield from (("label", GAME.describe_action(state, seat, action)) for action in legal)
        yield from ((f"refusal of {action.kind}", GAME.explain_illegal(state, seat, action))
                    for action in _illegal_tries(rng) if action not in legal)
    for seat in sorted(set(range(len(state.players))) - GAME.to_act(state)):
        yield "waiting prompt", GAME.prompt(state, seat)


def _playout_texts(players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[str, str]]:
    rng = random.Random(seed)
    state = GAME.new_game(NAMES[:players], options, seed)
    yield from _texts_at(state, [], rng)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        # Mostly the automatic player's choices, which earn and spend coins (random play rarely has any to
        # spend), with random ones among them for the rarer corners of the rules.
        if rng.random() < 0.7:
            action = GAME.auto_action(GAME.view(state, seat), legal, Rng(rng.randrange(2**32)))
        else:
            action = rng.choice(legal)
        state, events = GAME.apply(state, seat, action)
        yield from _texts_at(state, events, rng)


def _english_left(text: str) -> list[str]:
    return ENGLISH_LEFT.findall(text)


@pytest.mark.parametrize(("players", "options"), MODES,
                         ids=[f"{p}p-{'+'.join(k for k, v in o.items() if v) or 'normal'}" for p, o in MODES])
def test_whole_games_in_the_pseudo_language_leave_no_english(players: int, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    with speaking("qps"):
        for where, text in _playout_texts(players, options, seed=players * 13 + len(json.dumps(options))):
            seen.add(where.split(" of ")[0])
            assert not _english_left(text), f"{where}: {text!r}"
    # The sweep read every kind of text, not just some.
    assert {"event", "text board", "prompt", "public prompt", "label", "refusal", "outcome"} <= {
        w.split()[0] if not w.startswith(("text board", "public prompt")) else " ".join(w.split()[:2])
        for w in seen}


def test_the_sweep_finds_a_sentence_that_escaped_the_catalogue() -> None:
    """The check above can fail: an English sentence among the texts is found."""
    with speaking("qps"):
        texts = [text for _, text in _playout_texts(1, {"simplified": False, "pro": False}, seed=1)][:40]
    assert not any(_english_left(text) for text in texts)
    assert _english_left(texts[0] + " Ålîçé keeps 2 coins.") == ["keeps", "coins"]


def test_options_ratings_and_standing_answers_are_in_the_catalogue() -> None:
    with speaking("qps"):
        words = [tr(spec.description) for spec in GAME.option_specs]
        words += [tr(rating) for _, rating in SOLO_RATINGS]
        for decision in GAME.standing_decisions:
            words += [tr(decision.label), tr(decision.when)] + [tr(answer.label) for answer in decision.answers]
        with pytest.raises(InvalidOptions) as refused:
            GAME.check_options({"simplified": True, "pro": True}, 2)
        words.append(str(refused.value))
    for text in words:
        assert not _english_left(text), text


def test_every_content_name_has_an_entry_for_translation() -> None:
    content = load_content()
    listed = {(context, english) for context, english, _ in known_names()}
    in_data = {("wanderzirkus city", city.name) for city in content.cities.values()}
    in_data |= {("wanderzirkus region", name) for name in content.region_names.values()}
    in_data |= {("wanderzirkus region id", region) for region in content.region_names}
    in_data |= {("wanderzirkus act", name) for name in COLOUR_NAMES.values()}
    assert in_data <= listed, sorted(in_data - listed)
    german = read_catalogue("de")
    for context, english in listed:
        message = german.get(english, context=context)
        assert message is not None and message.string, (context, english)


def test_german_sample_sentences() -> None:
    with speaking("de"):
        assert card_label("start_green_1") == "Feuertanz [F|M] (Stoppschild)"
        assert card_label("start_yellow_1") == "Jonglage [J,C|F,A$] (Stoppschild)"
        assert card_label("pause") == "Pause"
        assert city_label("city_03") == "Kopenhagen (Nord: M+A, 2 SP)"
        assert describe_event("pair_taken", {"seat": 0, "artist": "start_red_1", "city": "city_09"}, NAMES) == (
            "Ålîçé engagiert Clowns [C|A] (Stoppschild) und reist nach Warschau (Ost: F+J, 2 SP).")
        assert describe_event("announced", {"seat": 1, "count": 5}, NAMES) == (
            "Ƀöƀ kündigt eine Show mit mindestens 5 Artisten an.")
        assert describe_event("artist_bought", {"seat": 1, "coins": 5}, NAMES) == (
            "Ƀöƀ zahlt 5 Münzen für einen neuen Artisten.")
        assert describe_event("final_score", {"seat": 0, "rounds": 88, "coin_vp": 1, "coins": 4, "region_vp": 6,
                                              "total": 95}, NAMES) == (
            "Ålîçé: 88 SP aus den Runden + 1 für 4 Münzen + 6 für Regionen = 95 SP.")
        assert tr(solo_rating(75)) == "Brotlose Zirkuskunst"
        state = GAME.new_game(NAMES[:2], {"simplified": False, "pro": False}, 3)
        assert GAME.prompt(state, 0) == "Ålîçé, wähle noch 2 Artisten für dein Deck."
        assert GAME.explain_illegal(state, 0, wz.BuyArtist()) == (
            "Das steht gerade nicht zur Wahl: Du bist dabei, deine Start-Artisten und deine Stadt zu wählen.")
        assert GAME.public_prompt(state, 1) == "Ƀöƀ wählt Start-Artisten und eine erste Stadt"


def test_german_private_lines_of_the_text_board_all_start_alike() -> None:
    """The English text board starts each line of a seat's own information with "Your " (a reply to that seat
    picks them out); the German starts exactly those lines with "Dein"."""
    state = GAME.new_game(NAMES[:3], {"simplified": False, "pro": True}, 5)
    rng = random.Random(5)
    checked = 0
    while not GAME.is_over(state):
        for seat in range(3):
            english = GAME.render_text(GAME.view(state, seat)).splitlines()
            with speaking("de"):
                german = GAME.render_text(GAME.view(state, seat)).splitlines()
            assert [line.startswith("Your ") for line in english] == [line.startswith("Dein") for line in german]
            checked += sum(line.startswith("Dein") for line in german)
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 100


def test_the_german_guide_has_every_section_each_fitting_a_page() -> None:
    """docs/guides/de/wanderzirkus.md: the English guide's sections, each short enough for one Discord message
    (as ``table.guides`` pages the English one), and its key to the card notation in the catalogue's letters."""
    def sections(path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").split("\n## ")[1:]

    english = sections(REPO / "docs" / "guides" / "wanderzirkus.md")
    german = sections(REPO / "docs" / "guides" / "de" / "wanderzirkus.md")
    assert len(german) == len(english)
    assert all(100 <= len(section) <= 1900 for section in german)
    with speaking("de"):
        assert card_label("yellow_05").split(" [")[0] == "Jonglage"
        key = ", ".join(f"{colour_letter(c)} {act(c)}" for c in ("green", "blue", "red", "purple", "yellow"))
    assert key.replace("Feuertanz", "Feuertanz (grün)").replace("Magie", "Magie (blau)").replace(
        "Clowns", "Clowns (rot)").replace("Akrobatik", "Akrobatik (lila)").replace("Jonglage", "Jonglage (gelb)") in (
        "\n".join(german))
