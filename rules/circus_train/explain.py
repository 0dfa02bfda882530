"""Why an action is refused, in a sentence the player can act on. Never names hidden things."""

from __future__ import annotations

from typing import Any

from rules.circus_train import board, legal, modifiers
from rules.circus_train.actions import Action
from rules.circus_train.content import distance_map, load_content
from rules.circus_train.state import CARD_NAMES, CircusTrainState
from rules.circus_train.text import city_name, sentence_start, talent_name
from rules.core.errors import quote

STEP_WORDS = {
    "pick_talent": "choosing starting talent", "choose_start": "choosing a Canadian start city",
    "choose": "choosing which Action card to play", "move": "moving your train",
    "basic": "moving one connection or performing/hiring with Basic Transit",
    "recruit": "deciding whether to recruit the Special Character here", "act": "performing or hiring",
    "special_hire": "choosing a Special Hire", "hire": "hiring talent", "hire_failed":
    "deciding whether to buy the counter you just failed to hire", "wages": "paying wages",
    "place_released": "choosing where released talent goes", "rest_bonus": "choosing your rest bonus",
    "long_month_steal": "choosing talent to take at the end of the long month",
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


def explain(state: CircusTrainState, seat: int, action: Action) -> str:
    pending = state.pending
    assert pending is not None
    if pending.kind not in STEP_OF_ACTION[action.kind]:
        return f"That is not a choice right now: you are {STEP_WORDS[pending.kind]}."
    circus = state.circuses[seat]
    a: Any = action
    here = circus.position
    content = load_content()
    kind = action.kind
    if kind == "pick_talent":
        if a.talent not in ("horses", "freaks", "acrobats"):
            return "Starting talent is a Horse, a Freak or an Acrobat."
        return f"The Talent Bank has no {talent_name(a.talent, 2)} left."
    if kind == "choose_start":
        return "Circus trains start in a Canadian city: Winnipeg, Toronto or Montreal."
    if kind == "sam_reputation":
        if "smuggler_sam" not in circus.specials:
            return "Only a circus with Smuggler Sam can send him away for Reputation."
        if not modifiers.advanced(state):
            return "Smuggler Sam raises Reputation only in the Advanced Game."
        return "Your Reputation is already at the top of the track."
    if kind in ("play_card", "replay_card", "eddie_replay"):
        if a.card not in CARD_NAMES:
            return f"There is no Action card called {quote(a.card)}."
        name = CARD_NAMES[a.card]
        if kind == "play_card":
            where = "in your discard pile" if a.card in circus.discards else "not in your deck"
            return f"{name} is {where}, not in your hand."
        if a.card not in circus.discards:
            return f"{name} is not in your discard pile."
        if kind == "eddie_replay":
            return "Only a circus with Engineer Eddie can replay a card for free."
        if not modifiers.advanced(state):
            return "Replaying discarded cards is part of the Advanced Game."
        return "Replaying a card would take your Reputation below the bottom of the track."
    if kind == "travel":
        if a.city not in content.cities:
            return f"There is no city called {quote(a.city)} on the map."
        distance = distance_map(content, here or a.city)[a.city]
        allowed = pending.moves
        if distance == 0:
            return (f"Ending back in {city_name(a.city)} takes a round trip of two connections; "
                    f"this move allows {allowed}.")
        return f"{city_name(a.city)} is {distance} connections away; this move allows at most {allowed}."
    if kind == "perform":
        assert here is not None
        counter = board.city(state, here).counter
        if counter is None or content.counters[counter].kind != "performance":
            return f"{city_name(here)} has no Performance Demand counter."
        if modifiers.closed(state, here):
            return f"{city_name(here)} is closed this month by the Event card."
        other = legal.booked_by(state, here, seat)
        if other is not None:
            return f"{city_name(here)} is taken: {state.players[other]} is staging a two-week show there."
    if kind == "try_hire":
        assert here is not None
        if a.talent not in content.talent:
            return f"There is no talent called {quote(a.talent)}."
        if a.smuggle and "smuggler_sam" not in circus.specials:
            return "Only a circus with Smuggler Sam can take talent without rolling."
        if modifiers.closed(state, here):
            return f"{city_name(here)} is closed this month by the Event card."
        if board.city(state, here).talent.get(a.talent, 0) == 0:
            return f"There is no {talent_name(a.talent)} to hire in {city_name(here)}."
        return f"You already failed to hire every {talent_name(a.talent)} in {city_name(here)} this turn."
    if kind == "buy_failed":
        return f"Buying after a failed roll costs $10, and you have only ${circus.money}."
    if kind == "steal":
        if not 0 <= a.target < len(state.players) or a.target == seat:
            return "Choose an opponent to steal from."
        if state.circuses[a.target].position != here:
            return sentence_start(f"{state.players[a.target]}'s train is not in {city_name(here)}.")
        return f"Those are not counters {state.players[a.target]} holds; choose one or two they do."
    if kind == "buy_talent":
        price = legal.bank_price(state)
        if circus.money < price:
            return f"The Talent Bank charges ${price} this month, and you have only ${circus.money}."
        return f"The bank has no {quote(a.talent)} to sell now."
    if kind == "circus_parade":
        if not modifiers.advanced(state):
            return "Circus Parades are part of the Advanced Game."
        if circus.money < legal.PARADE_COST:
            return f"A Circus Parade costs $10, and you have only ${circus.money}."
        if a.reward not in ("reputation", "vp"):
            return "A Circus Parade gives +1 Reputation or 2 VP."
        return "Your Reputation is already at the top of the track."
    if kind == "release":
        if circus.talent.get(a.talent, 0) == 0:
            return f"You have no {quote(a.talent)} counter to release."
        return "You can pay these wages, so you must: only the Advanced Game lets you red-light talent."
    if kind == "pay_wages":
        due = modifiers.wages_due(state, circus)
        return f"Wages come to ${due} and you have ${circus.money}: release talent until you can pay."
    if kind == "place_released":
        return f"Released talent must join a city that already has Talent counters, not {quote(a.city)}."
    if kind == "pocket_wages":
        if not modifiers.advanced(state):
            return "Pocketing wages is part of the Advanced Game."
        return ("Pocketing wages is allowed April to July in $5 steps, one Reputation level each, "
                "without going below the bottom of the track (never in solitaire).")
    if kind == "rest_bonus":
        if a.choice in ("clowns", "acrobats"):
            return f"The Talent Bank has no {talent_name(a.choice, 2)} left."
        if a.choice == "reputation":
            return "Your Reputation is already at the top of the track."
        return "Resting in Canada gives a free Clown or Acrobat, or +1 Reputation."
    if kind == "long_month_steal":
        return "Choose a counter held by an opponent whose Reputation is not above yours."
    return f"That is not possible now: you are {STEP_WORDS[pending.kind]}."


PUBLIC_STEP_WORDS = {
    "pick_talent": "is choosing starting talent", "choose_start": "is choosing a Canadian start city",
    "choose": "is choosing which Action card to play", "move": "is moving the circus train",
    "basic": "is moving one connection or performing/hiring with Basic Transit",
    "recruit": "is deciding whether to recruit the Special Character here", "act": "is performing or hiring",
    "special_hire": "is choosing a Special Hire", "hire": "is hiring talent",
    "hire_failed": "is deciding whether to buy a counter after a failed hire", "wages": "is paying wages",
    "place_released": "is choosing where released talent goes", "rest_bonus": "is choosing a rest bonus",
    "long_month_steal": "is choosing talent to take at the end of the long month",
}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What the awaited ``seat`` is deciding, from the spectator view only (its ``awaiting`` step and the
    Action card being resolved, which is public once played); never the hand or a move's range."""
    name = public["players"][seat]["name"]
    awaiting = public["awaiting"] or {}
    words = PUBLIC_STEP_WORDS.get(awaiting.get("step", ""), "is deciding")
    card = CARD_NAMES.get(awaiting.get("card") or "")
    return f"{name} {words} ({card})" if card and card not in words else f"{name} {words}"
