"""Why an action is refused, in a sentence the player can act on, in the language spoken. Never names hidden
things."""

from __future__ import annotations

from typing import Any

from lang import N_, tr
from rules.circus_train import board, legal, modifiers, names
from rules.circus_train.actions import Action
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.state import CARD_NAMES, CircusTrainState
from rules.circus_train.text import card_name, city_name, sentence_start, talent_name
from rules.core.errors import quote

STEP_WORDS = {
    "pick_talent": N_("choosing starting talent"), "choose_start": N_("choosing a Canadian start city"),
    "choose": N_("choosing which Action card to play"), "move": N_("moving your train"),
    "basic": N_("moving one connection or performing/hiring with Basic Transit"),
    "recruit": N_("deciding whether to recruit the Special Character here"), "act": N_("performing or hiring"),
    "special_hire": N_("choosing a Special Hire"), "hire": N_("hiring talent"), "hire_failed":
    N_("deciding whether to buy the counter you just failed to hire"), "wages": N_("paying wages"),
    "place_released": N_("choosing where released talent goes"), "rest_bonus": N_("choosing your rest bonus"),
    "long_month_steal": N_("choosing talent to take at the end of the long month"),
}

STEP_OF_ACTION = {
    "pick_talent": {"pick_talent"}, "choose_start": {"choose_start"},
    "play_card": {"choose"}, "replay_card": {"choose"}, "eddie_replay": {"choose"}, "pocket_wages": {"choose"},
    "sam_reputation": {"choose"}, "travel": {"move", "basic"}, "stay_put": {"move"}, "recruit": {"recruit"},
    "perform": {"act", "basic"}, "try_hire": {"act", "basic", "special_hire", "hire"},
    "buy_failed": {"hire_failed"}, "decline_buy": {"hire_failed"}, "stop_hiring": {"hire"},
    "steal": {"special_hire"}, "buy_talent": {"special_hire"}, "circus_parade": {"basic"},
    "rest_bonus": {"rest_bonus"}, "release": {"wages"}, "pay_wages": {"wages"},
    "place_released": {"place_released"}, "long_month_steal": {"long_month_steal"},
    "pass": {"recruit", "act", "special_hire", "rest_bonus", "long_month_steal"},
}


def _talent_named(talent: str, count: int) -> str:
    """A talent the player chose, by its name in the language spoken; what is no talent at all, quoted."""
    content = load_content()
    return talent_name(talent, count) if talent in content.talent or talent in content.specials else quote(talent)


def explain(state: CircusTrainState, seat: int, action: Action) -> str:
    pending = state.pending
    assert pending is not None
    if pending.kind not in STEP_OF_ACTION[action.kind]:
        return tr("That is not a choice right now: you are {step}.", step=tr(STEP_WORDS[pending.kind]))
    circus = state.circuses[seat]
    a: Any = action
    here = circus.position
    content = load_content()
    kind = action.kind
    if kind == "pick_talent":
        if a.talent not in ("horses", "freaks", "acrobats"):
            return tr("Starting talent is a Horse, a Freak or an Acrobat.")
        return tr("The Talent Bank has no {talent} left.", talent=talent_name(a.talent, 2))
    if kind == "choose_start":
        return tr("Circus trains start in a Canadian city: Winnipeg, Toronto or Montreal.")
    if kind == "sam_reputation":
        if "smuggler_sam" not in circus.specials:
            return tr("Only a circus with Smuggler Sam can send him away for Reputation.")
        if not modifiers.advanced(state):
            return tr("Smuggler Sam raises Reputation only in the Advanced Game.")
        return tr("Your Reputation is already at the top of the track.")
    if kind in ("play_card", "replay_card", "eddie_replay"):
        if a.card not in CARD_NAMES:
            return tr("There is no Action card called {name}.", name=quote(a.card))
        name = card_name(a.card)
        if kind == "play_card":
            if a.card in circus.discards:
                return tr("{card} is in your discard pile, not in your hand.", card=name)
            return tr("{card} is not in your deck, not in your hand.", card=name)
        if a.card not in circus.discards:
            return tr("{card} is not in your discard pile.", card=name)
        if kind == "eddie_replay":
            return tr("Only a circus with Engineer Eddie can replay a card for free.")
        if not modifiers.advanced(state):
            return tr("Replaying discarded cards is part of the Advanced Game.")
        return tr("Replaying a card would take your Reputation below the bottom of the track.")
    if kind == "travel":
        if a.city not in content.cities:
            return tr("There is no city called {name} on the map.", name=quote(a.city))
        distance = distance_map(content, here or a.city)[a.city]
        allowed = pending.moves
        if distance == 0:
            return tr("Ending back in {city} takes a round trip of two connections; this move allows {allowed}.",
                      city=city_name(a.city), allowed=allowed)
        return tr("{city} is {distance} connections away; this move allows at most {allowed}.",
                  city=city_name(a.city), distance=distance, allowed=allowed)
    if kind == "perform":
        assert here is not None
        counter = board.city(state, here).counter
        if counter is None or content.counters[counter].kind != "performance":
            return tr("{city} has no Performance Demand counter.", city=city_name(here))
        if modifiers.closed(state, here):
            return tr("{city} is closed this month by the Event card.", city=city_name(here))
        other = legal.booked_by(state, here, seat)
        if other is not None:
            return tr("{city} is taken: {name} is staging a two-week show there.", city=city_name(here),
                      name=state.players[other])
    if kind == "try_hire":
        assert here is not None
        if a.talent not in content.talent:
            return tr("There is no talent called {name}.", name=quote(a.talent))
        if a.smuggle and "smuggler_sam" not in circus.specials:
            return tr("Only a circus with Smuggler Sam can take talent without rolling.")
        if modifiers.closed(state, here):
            return tr("{city} is closed this month by the Event card.", city=city_name(here))
        if board.city(state, here).talent.get(a.talent, 0) == 0:
            return tr("There is no {talent} to hire in {city}.", talent=talent_name(a.talent), city=city_name(here))
        return tr("You already failed to hire every {talent} in {city} this turn.", talent=talent_name(a.talent),
                  city=city_name(here))
    if kind == "buy_failed":
        return tr("Buying after a failed roll costs $10, and you have only ${money}.", money=circus.money)
    if kind == "steal":
        if not 0 <= a.target < len(state.players) or a.target == seat:
            return tr("Choose an opponent to steal from.")
        if state.circuses[a.target].position != here:
            return sentence_start(tr("{name}'s train is not in {city}.", name=state.players[a.target],
                                     city=city_name(here)))
        return tr("Those are not counters {name} holds; choose one or two they do.", name=state.players[a.target])
    if kind == "buy_talent":
        price = legal.bank_price(state)
        if circus.money < price:
            return tr("The Talent Bank charges ${price} this month, and you have only ${money}.", price=price,
                      money=circus.money)
        return tr("The bank has no {name} to sell now.", name=_talent_named(a.talent, 2))
    if kind == "circus_parade":
        if not modifiers.advanced(state):
            return tr("Circus Parades are part of the Advanced Game.")
        if circus.money < legal.PARADE_COST:
            return tr("A Circus Parade costs $10, and you have only ${money}.", money=circus.money)
        if a.reward not in ("reputation", "vp"):
            return tr("A Circus Parade gives +1 Reputation or 2 VP.")
        return tr("Your Reputation is already at the top of the track.")
    if kind == "release":
        if circus.talent.get(a.talent, 0) == 0:
            return tr("You have no {name} counter to release.", name=_talent_named(a.talent, 1))
        return tr("You can pay these wages, so you must: only the Advanced Game lets you red-light talent.")
    if kind == "pay_wages":
        due = modifiers.wages_due(state, circus)
        return tr("Wages come to ${due} and you have ${money}: release talent until you can pay.", due=due,
                  money=circus.money)
    if kind == "place_released":
        return tr("Released talent must join a city that already has Talent counters, not {name}.",
                  name=city_name(a.city) if a.city in content.cities else quote(a.city))
    if kind == "pocket_wages":
        if not modifiers.advanced(state):
            return tr("Pocketing wages is part of the Advanced Game.")
        return tr("Pocketing wages is allowed April to July in $5 steps, one Reputation level each, "
                  "without going below the bottom of the track (never in solitaire).")
    if kind == "rest_bonus":
        if a.choice in ("clowns", "acrobats"):
            return tr("The Talent Bank has no {talent} left.", talent=talent_name(a.choice, 2))
        if a.choice == "reputation":
            return tr("Your Reputation is already at the top of the track.")
        return tr("Resting in Canada gives a free Clown or Acrobat, or +1 Reputation.")
    if kind == "long_month_steal":
        return tr("Choose a counter held by an opponent whose Reputation is not above yours.")
    return tr("That is not possible now: you are {step}.", step=tr(STEP_WORDS[pending.kind]))


PUBLIC_STEP_WORDS = {
    "pick_talent": N_("is choosing starting talent"), "choose_start": N_("is choosing a Canadian start city"),
    "choose": N_("is choosing which Action card to play"), "move": N_("is moving the circus train"),
    "basic": N_("is moving one connection or performing/hiring with Basic Transit"),
    "recruit": N_("is deciding whether to recruit the Special Character here"), "act": N_("is performing or hiring"),
    "special_hire": N_("is choosing a Special Hire"), "hire": N_("is hiring talent"),
    "hire_failed": N_("is deciding whether to buy a counter after a failed hire"), "wages": N_("is paying wages"),
    "place_released": N_("is choosing where released talent goes"), "rest_bonus": N_("is choosing a rest bonus"),
    "long_month_steal": N_("is choosing talent to take at the end of the long month"),
}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What the awaited ``seat`` is deciding, from the spectator view only (its ``awaiting`` step and the
    Action card being resolved, which is public once played); never the hand or a move's range."""
    name = public["players"][seat]["name"]
    awaiting = public["awaiting"] or {}
    words = PUBLIC_STEP_WORDS.get(awaiting.get("step", ""), N_("is deciding"))
    card = CARD_NAMES.get(awaiting.get("card") or "")
    # Whether the step's words already name the card is read in English, the words' source.
    if card and card not in words:
        return tr("{name} {step} ({card})", name=name, step=tr(words), card=names.card(card))
    return tr("{name} {step}", name=name, step=tr(words))
