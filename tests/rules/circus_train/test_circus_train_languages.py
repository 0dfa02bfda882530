"""Circus Train in every language: whole seeded games read through the pseudo-language find no English left
(events, prompts, public prompts, action labels, refusals, text boards, final lines), every content name has
its German, and a handful of German sentences read as German players write them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest

from lang import speaking, tr
from lang.pseudo import ENGLISH_LEFT
from lang.speech import read_catalogue
from rules.circus_train import actions as ct
from rules.circus_train import names
from rules.circus_train.content import load_content
from rules.circus_train.game import CircusTrain
from rules.circus_train.state import CARD_NAMES, FULL_DECK
from rules.circus_train.text import _SENTENCES, describe_action, describe_event
from rules.core.errors import InvalidOptions
from rules.core.events import Event

GAME = CircusTrain()
# Player names without ASCII letters, so that whatever ASCII letters remain escaped the catalogue.
PLAYERS = ["Ålîçé", "Ƀöƀ", "Çåŕöļ", "Ðåṽé", "Éṽé"]
VARIANTS = [
    (2, {}),
    (3, {"advanced": True}),
    (4, {"special_characters": True, "events": True}),
    (5, {"advanced": True, "special_characters": True, "events": True}),
    (3, {"easier": True}),
    (1, {}),
    (1, {"advanced": True, "special_characters": True, "events": True}),
]


def english_left(text: str) -> list[str]:
    """The runs of ASCII letters in ``text``: English that did not pass through the catalogue."""
    return ENGLISH_LEFT.findall(text)


def candidates(state: Any, seat: int) -> Iterator[ct.Action]:
    """Actions of every kind, with real content ids, for the sweep to try: the illegal ones give refusals."""
    content = load_content()
    talents = [*content.talent, *content.specials]
    others = [s for s in range(len(state.players)) if s != seat] or [seat]
    yield from (ct.PickTalent(t) for t in ("clowns", "horses", "elephants"))
    yield from (ct.ChooseStart(c) for c in ("boston", "winnipeg"))
    for card in dict.fromkeys(FULL_DECK):
        yield from (ct.PlayCard(card), ct.ReplayCard(card), ct.EddieReplay(card))
    yield from (ct.PocketWages(5), ct.PocketWages(15), ct.SamReputation())
    yield from (ct.Travel(c) for c in ("richmond", "omaha", "montreal", state.circuses[seat].position or "boston"))
    yield from (ct.StayPut(), ct.Recruit(), ct.Perform(), ct.BuyFailed(), ct.DeclineBuy(), ct.StopHiring())
    for talent in content.talent:
        yield from (ct.TryHire(talent), ct.TryHire(talent, smuggle=True), ct.BuyTalent(talent), ct.Release(talent))
    yield from (ct.BuyTalent(t) for t in content.specials)
    yield from (ct.Steal(target, ("clowns",)) for target in [seat, *others])
    yield from (ct.CircusParade(r) for r in ("vp", "reputation"))
    yield from (ct.RestBonus(c) for c in ("clowns", "acrobats", "reputation", "horses"))
    yield from (ct.PayWages(), ct.PlaceReleased("boston"), ct.PlaceReleased("winnipeg"), ct.Pass())
    yield from (ct.LongMonthSteal(target, t) for target in others[:1] for t in talents[:4])


def read_game(players: int, options: dict[str, bool], seed: int) -> Iterator[tuple[str, str]]:
    """Every text a seeded random game shows, with what produced it, read in the language spoken."""
    names_ = PLAYERS[:players]
    state = GAME.new_game(names_, options, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 9 == 0:
            yield "text board", GAME.render_text(GAME.view(state, None))
            for seat in range(players):
                yield "text board of a seat", GAME.render_text(GAME.view(state, seat))
        if GAME.is_over(state):
            break
        seat = next(iter(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        yield "prompt", GAME.prompt(state, seat)
        yield "public prompt", GAME.public_prompt(state, seat)
        for other in range(players):
            yield "prompt of another seat", GAME.prompt(state, other)
        for action in legal:
            yield "action label", GAME.describe_action(state, seat, action)
        if step % 5 == 0:
            for action in candidates(state, seat):
                if action not in legal:
                    yield f"refusal of {action}", GAME.explain_illegal(state, seat, action)
        state, events = GAME.apply(state, seat, rng.choice(legal))
        for event in events:
            yield f"event {event.kind}", GAME.describe_event(event, names_)
        step += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    for line in outcome.lines:
        yield "final line", line
    if outcome.result:
        yield "result", tr(outcome.result)
    yield "prompt at the end", GAME.prompt(state, 0)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_a_whole_game_in_the_pseudo_language_leaves_no_english(players: int, options: dict[str, bool]) -> None:
    seen: set[str] = set()
    leaks: dict[str, str] = {}
    with speaking("qps"):
        for where, text in read_game(players, options, seed=11 + players):
            seen.add(where.split(" of ")[0].split(" ")[0])
            if english_left(text):
                leaks.setdefault(where.split("(")[0], text)
    assert not leaks, "\n".join(f"{where}: {text}" for where, text in list(leaks.items())[:20])
    assert {"event", "prompt", "public", "action", "refusal", "text", "final"} <= seen


# One event of every kind, for the kinds a random game seldom reaches (and every other kind too).
SAMPLES = [
    Event("talent_picked", {"seat": 0, "talent": "horses"}), Event("start_city", {"seat": 0, "city": "toronto"}),
    Event("counter_placed", {"city": "boston", "counter": "g01"}),
    Event("counter_placed", {"city": "omaha", "counter": "r01"}),
    Event("counter_placed", {"city": "omaha", "counter": "g17"}),
    Event("bankrupt_circus", {"city": "boston", "talent": {"clowns": 1, "horses": 2}}),
    Event("bankrupt_empty", {"city": "boston"}), Event("city_cleared", {"city": "boston"}),
    Event("two_week_lost", {"seat": 1, "city": "boston"}), Event("special_arrives", {"special": "trainer_ted",
                                                                                   "city": "omaha"}),
    Event("special_returned_to_bag", {}), Event("special_leaves", {"special": "smuggler_sam", "city": "omaha"}),
    Event("destinations_reshuffled", {}), Event("season_changed", {"season": "yellow"}),
    Event("week_begins", {"week": 9}), Event("month_ends", {"month": 2}), Event("first_player", {"seat": 1}),
    Event("most_talent", {"seat": 0, "talent": "big_cats", "vp": 3}), Event("april_performers", {"seat": 0, "vp": 5}),
    Event("best_performance_vp", {"seat": 0, "vp": 7, "best": 31}),
    Event("taxes", {"seat": 0, "vp": 3, "paid": 12, "owed": 20}),
    *(Event("final_award", {"seat": 0, "award": award, "vp": 5})
      for award in ("most_clowns", "most_money", "most_performances", "highest_reputation")),
    *(Event("final_penalty", {"seat": 0, "penalty": penalty, "vp": 3}) for penalty in ("no_clowns", "no_animals")),
    Event("game_over", {"scores": [3, 2], "winners": [0, 1], "result": None}),
    Event("game_over", {"scores": [150], "winners": [0], "result": "Draw: you have survived the season where many "
                                                                   "others failed."}),
    Event("event_discarded", {"event": "e01"}), Event("event_drawn", {"event": "e15"}),
    Event("event_money", {"seat": 0, "amount": 10}), Event("event_money", {"seat": 0, "amount": -10}),
    Event("event_vp", {"seat": 0, "vp": 3}), Event("event_talent_lost", {"seat": 0, "talent": "cannonballs"}),
    Event("event_special_lost", {"seat": 0, "special": "big_bertha"}), Event("wages_paid", {"seat": 0, "amount": 9}),
    Event("released", {"seat": 0, "talent": "elephants", "forced": True}),
    Event("released", {"seat": 0, "talent": "freaks", "forced": False}),
    Event("reputation_changed", {"seat": 0, "level": 2}), Event("vp_lost", {"seat": 0, "vp": 3}),
    Event("card_played", {"seat": 0, "card": "wages_transit"}),
    Event("card_replayed", {"seat": 0, "card": "hold", "vp": 4}), Event("card_replayed", {"seat": 0, "card": "rest"}),
    Event("eddie_replay", {"seat": 0, "card": "fast_transit"}), Event("pocketed", {"seat": 0, "amount": 5, "level": 2}),
    Event("sam_reputation", {"seat": 0, "level": 0}), Event("moved", {"seat": 0, "origin": "omaha", "city": "peoria"}),
    Event("stayed", {"seat": 0, "city": "peoria"}), Event("points_scored", {"seat": 0, "vp": 3, "city": "peoria"}),
    Event("nothing_to_do", {"seat": 0}),
    *(Event("recruit_roll", {"seat": 0, "roll": 2, "modifier": m, "special": "engineer_eddie", "success": ok})
      for m in (0, 1) for ok in (True, False)),
    Event("two_week_abandoned", {"seat": 0, "city": "peoria"}),
    Event("two_week_started", {"seat": 0, "city": "peoria"}),
    Event("performed", {"seat": 0, "city": "peoria", "rating": 40, "base": 3, "talent": {"clowns": 10, "horses": 5},
                        "famous": ["clowns"], "past": 7, "bonus": 10, "new_best": True, "money": 30,
                        "ronald": "clowns"}),
    Event("performed", {"seat": 0, "city": "peoria", "rating": 8, "base": 3, "talent": {"horses": 5}, "famous": [],
                        "past": 0, "bonus": 0, "new_best": False, "money": 5, "ronald": None}),
    Event("smuggled", {"seat": 0, "talent": "acrobats"}),
    *(Event("hire_roll", {"seat": 0, "roll": 5, "talent": "clowns", "city": "peoria", "success": ok})
      for ok in (True, False)),
    Event("bought_failed", {"seat": 0, "talent": "clowns", "price": 10}),
    *(Event("steal_roll", {"seat": 0, "roll": 1, "modifier": 1, "talent": "clowns", "target": 1, "success": ok})
      for ok in (True, False)),
    Event("overnight_hire_discarded", {"seat": 1}), Event("bought_from_bank", {"seat": 0, "talent": "horses",
                                                                              "price": 5}),
    *(Event("parade", {"seat": 0, "reward": reward}) for reward in ("reputation", "vp")),
    *(Event("rest_bonus", {"seat": 0, "choice": choice}) for choice in ("reputation", "clowns", "acrobats")),
    Event("released_to_bank", {"seat": 0, "talent": {"horses": 1}}),
    Event("released_placed", {"seat": 0, "chooser": 1, "talent": {"horses": 1}, "city": "omaha"}),
    Event("long_month_steal", {"seat": 0, "talent": "big_bertha", "target": 1}), Event("passed", {"seat": 0}),
    Event("hand_refilled", {"seat": 0, "cards": 8}),
]


def test_every_kind_of_event_in_the_pseudo_language_leaves_no_english() -> None:
    assert {event.kind for event in SAMPLES} == set(_SENTENCES)
    with speaking("qps"):
        leaks = [text for text in (describe_event(event, PLAYERS[:2]) for event in SAMPLES) if english_left(text)]
    assert not leaks, "\n".join(leaks)


def test_the_sweep_finds_english_that_escaped_the_catalogue() -> None:
    with speaking("qps"):
        said = describe_event(Event("passed", {"seat": 0}), PLAYERS)
        assert not english_left(said)
        # The same sentence written past the catalogue is caught.
        assert english_left(f"{PLAYERS[0]} passes.")


def test_refusing_options_speaks_the_language() -> None:
    with speaking("qps"), pytest.raises(InvalidOptions) as refused:
        GAME.check_options({"advanced": True, "special_characters": False, "events": False, "easier": True}, 3)
    assert not english_left(str(refused.value))
    with speaking("de"), pytest.raises(InvalidOptions) as refused:
        GAME.check_options({"advanced": False, "special_characters": False, "events": True, "easier": True}, 3)
    assert str(refused.value) == "Die Einfache Variante wird ohne Ereigniskarten gespielt."


def _data(name: str) -> Any:
    return json.loads((files("rules.circus_train") / "data" / name).read_text(encoding="utf-8"))


def content_names() -> list[tuple[str, str]]:
    """Every name the data files hold and the game shows, with the catalogue context it is shown under."""
    found = [("city", city["name"]) for city in _data("map.json")["cities"]]
    for talent in _data("talent.json")["types"]:
        one = talent["name"][:-1]
        found += [("talent", talent["name"]), ("talent, one", one), ("talent, short", talent["short"]),
                  ("talent, a", ("an " if one[0] in "AEIOU" else "a ") + one)]
    found += [("special character", special["name"]) for special in _data("special_characters.json")["characters"]]
    for card in _data("events.json")["cards"]:
        found += [("event card", card["title"]), ("event card text", card["text"])]
    found += [("action card", name) for name in CARD_NAMES.values()]
    return found


def test_every_content_name_is_listed_for_the_catalogue_and_has_its_german() -> None:
    listed = set(names.every_name()) | set(names.every_event_text())
    missing = [(context, name) for context, name in content_names() if name not in listed]
    assert not missing
    german = read_catalogue("de")
    untranslated = [(context, name) for context, name in content_names()
                    if not getattr(german.get(name, context=context), "string", "")]
    assert not untranslated
    with speaking("de"):
        assert names.talent("Horses") == "Pferde" and names.special("Big Bertha") == "Dicke Berta"
        assert names.event_title("Ohio River Flood") == "Ohio-Hochwasser"
    with speaking("qps"):
        assert not any(english_left(name) for name in names.every_name() + names.every_event_text())


def test_german_sample_sentences() -> None:
    players = PLAYERS[:3]
    with speaking("de"):
        assert describe_event(Event("moved", {"seat": 0, "origin": "boston", "city": "albany"}), players) == \
            "Ålîçé fährt von Boston nach Albany."
        assert describe_event(Event("hire_roll", {"seat": 1, "talent": "elephants", "city": "chicago", "roll": 3,
                                                  "modifier": 0, "success": True}), players) == \
            "Ƀöƀ würfelt 3 für einen Elefanten in Chicago: angeheuert!"
        assert describe_event(Event("most_talent", {"seat": 2, "talent": "horses", "vp": 3}), players) == \
            "Çåŕöļ hat die meisten Pferde und erhält 3 SP."
        assert describe_event(Event("week_begins", {"week": 4}), players) == "Mai, Woche 1 beginnt."
        assert describe_event(Event("talent_picked", {"seat": 0, "talent": "acrobats"}), players) == \
            "Ålîçé nimmt einen Akrobaten."
        assert describe_event(Event("special_arrives", {"special": "big_bertha", "city": "detroit"}), players) == \
            "Dicke Berta taucht in Detroit auf."
        assert describe_action(ct.Travel("st_louis"), players) == "Nach St. Louis fahren"
        assert describe_action(ct.PlayCard("fast_transit"), players) == "Schnellfahrt spielen"
        assert describe_action(ct.Steal(1, ("clowns", "horses")), players) == "Ƀöƀ Clown und Pferd abwerben"
        state = GAME.new_game(players, {}, 5)
        seat = next(iter(GAME.to_act(state)))
        assert GAME.prompt(state, seat).startswith(f"{players[seat]}, du bist dran: Startartisten wählen")
        assert GAME.explain_illegal(state, seat, ct.Perform()) == \
            "Das steht gerade nicht zur Wahl. Jetzt gilt es: Startartisten wählen."
        assert GAME.public_prompt(state, seat) == f"{players[seat]} wählt Startartisten"
