"""Why an action is refused, and what a seat is being asked, in sentences. Never names hidden things."""

from __future__ import annotations

from typing import Any

from rules.core.errors import quote
from rules.core.words import count as plural
from rules.core.words import listing
from rules.wanderzirkus import flow, row, show
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.content import EFFECTS, load_content
from rules.wanderzirkus.legal import to_act
from rules.wanderzirkus.state import ARTIST_PRICE, CITY_PRICE, SWAP_PRICE, WanderzirkusState
from rules.wanderzirkus.text import EFFECT_NAMES, card_label

STEP_WORDS = {
    "play": "playing your show", "place": "choosing where your acrobat goes", "effect": "deciding an effect",
    "peek": "deciding where the card you looked at goes", "recycle": "putting cards back on your deck",
    "swap": "putting cards back after the swap token",
}
PHASE_ACTIONS = {
    "setup": {"choose_artist", "choose_city"}, "travel": {"take_pair"}, "announce": {"announce", "use_swap"},
    "spend": {"buy_artist", "buy_city", "buy_swap_token", "end_spending", "choose_artist", "choose_city"},
}
STEP_ACTIONS = {
    "play": {"play_card", "place_pause", "use_swap", "stop_show"}, "place": {"place"},
    "effect": {"use_effect", "skip_effect", "copy_effect", "tuck_card", "recycle_card"},
    "peek": {"skip_effect", "move_peeked"}, "recycle": {"recycle_card", "skip_effect"}, "swap": {"return_card"},
}
PHASE_WORDS = {"setup": "choosing your starting artists and city", "travel": "Travel: choosing pairs",
               "announce": "announcing", "show": "the show", "spend": "spending coins", "over": "over"}


def _doing(state: WanderzirkusState, seat: int) -> str:
    if state.phase == "show":
        return STEP_WORDS[state.circuses[seat].step]
    return PHASE_WORDS[state.phase]


def explain(state: WanderzirkusState, seat: int, action: Action) -> str:
    kind = action.kind
    circus = state.circuses[seat]
    a: Any = action
    if state.phase == "show" or (state.phase == "announce" and circus.step == "swap"):
        allowed = STEP_ACTIONS[circus.step]
    else:
        allowed = PHASE_ACTIONS.get(state.phase, set())
    if kind not in allowed:
        return f"That is not a choice right now: you are {_doing(state, seat)}."
    if kind == "choose_artist":
        if state.phase == "spend" and state.spend_step != "pick_artist":
            return "Buy an artist first: then choose one of the two drawn."
        if state.phase == "setup" and len(circus.offer) <= flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            return "You have chosen your two artists; now choose your city."
        return "That artist is not among the ones you drew to choose from."
    if kind == "choose_city":
        if state.phase == "spend" and state.spend_step != "pick_city":
            return "Buy a city first: then choose one of the two drawn."
        if state.phase == "setup" and len(circus.offer) > flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            return "Choose your two artists first, then your city."
        return "That city is not among the ones you drew to choose from."
    if kind == "take_pair":
        if not 0 <= a.pair < len(state.pairs):
            return f"There is no pair {a.pair + 1}; the pairs are numbered 1 to {len(state.pairs)}."
        return f"Pair {a.pair + 1} has already been taken."
    if kind == "announce":
        return f"Announce between 1 and {flow.max_announcement(state, seat)} artists (your deck minus one)."
    if state.phase == "spend" and state.spend_step != "menu" and kind not in ("choose_artist", "choose_city"):
        return "Choose one of the two cards you drew first."
    if kind in ("buy_artist", "buy_city", "buy_swap_token"):
        return _explain_purchase(state, seat, kind)
    return _explain_show(state, seat, action)


def _explain_purchase(state: WanderzirkusState, seat: int, kind: str) -> str:
    circus = state.circuses[seat]
    if kind == "buy_artist":
        if circus.bought_artist:
            return "You may buy only one artist per round."
        if circus.coins < ARTIST_PRICE:
            return f"An artist costs {ARTIST_PRICE} coins; you have {circus.coins}."
        return "The artist stack is empty."
    if kind == "buy_city":
        if circus.bought_city:
            return "You may buy only one city per round."
        if circus.coins < CITY_PRICE:
            return f"A city costs {CITY_PRICE} coins; you have {circus.coins}."
        return "The city stack is empty."
    if circus.swap_token:
        return "You may own only one swap token."
    return f"A swap token costs {SWAP_PRICE} coins; you have {circus.coins}."


def _explain_show(state: WanderzirkusState, seat: int, action: Action) -> str:
    circus = state.circuses[seat]
    a: Any = action
    kind = action.kind
    if kind in ("play_card", "tuck_card", "recycle_card", "return_card"):
        if a.card not in load_content().artists:
            return f"There is no artist called {quote(a.card)}."
        if a.card not in circus.hand:
            return "That card is not in your hand."
        if kind == "play_card":
            return _why_not_playable(circus.show, a.card)
    if kind == "place":
        return "Your acrobat cannot go there: choose a card of the stack whose right side connects, or the top."
    if kind == "place_pause":
        if circus.pause_used:
            return "You have already laid the Pause card this round."
        if not circus.show:
            return "The Pause card goes to the right of a card already laid; play your first artist first."
        return "You have no hand card to play after a Pause."
    if kind == "use_swap":
        if not circus.swap_token:
            return "You have no swap token."
        return "Your deck is empty: there is nothing to draw with the swap token."
    if kind == "copy_effect":
        if a.effect not in EFFECTS:
            return f"There is no effect called {quote(a.effect)}."
        return f"No other card in your show has the effect {EFFECT_NAMES.get(a.effect, a.effect)} to copy now."
    if kind == "use_effect":
        return "This effect is decided by choosing a card."
    return f"That is not a choice right now: you are {_doing(state, seat)}."


def _why_not_playable(show_row: list[Any], card_id: str) -> str:
    last = show_row[-1]
    right = " or ".join(card_label(c) for c in last.cards)
    return f"{card_label(card_id)} has no connection matching the right side of {right}."


def prompt(state: WanderzirkusState, seat: int) -> str:
    name = state.players[seat]
    if state.phase == "over":
        return "The game is over."
    if seat not in to_act(state):
        awaited = listing([state.players[s] for s in sorted(to_act(state))])
        return f"Waiting for {awaited} ({PHASE_WORDS[state.phase]})."
    circus = state.circuses[seat]
    if state.phase == "setup":
        if len(circus.offer) > flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            left = len(circus.offer) - (flow.SETUP_ARTISTS - flow.SETUP_KEEP)
            return f"{name}, choose {left} more artist{'s' if left > 1 else ''} for your deck."
        return f"{name}, choose the city you travel to first."
    if state.phase == "travel":
        return f"{name}, choose a pair of artist and city."
    if state.phase == "announce" and circus.step == "swap":
        return f"{name}, put {circus.swap_left} hand card{'s' if circus.swap_left != 1 else ''} back on your deck."
    if state.phase == "announce":
        return f"{name}, announce how many artists your show will have at least (or use your swap token first)."
    if state.phase == "spend":
        step = {"menu": f"spend your {circus.coins} coins or keep them",
                "pick_artist": "choose the artist to keep", "pick_city": "choose the city to keep"}
        return f"{name}, {step[state.spend_step]}."
    if circus.step == "play":
        count = row.length(circus.show)
        goal = f" (announced {circus.announcement})" if circus.announcement is not None else ""
        stuck = "" if show.playable(circus) else " No hand card connects."
        return f"{name}, your show has {plural(count, 'artist')}{goal}: play a card or stop.{stuck}"
    if circus.step == "effect" and circus.effect:
        return f"{name}, decide the effect {EFFECT_NAMES[circus.effect]}."
    return f"{name}, you are {STEP_WORDS[circus.step]}."


PUBLIC_SPEND = {"menu": "is spending coins", "pick_artist": "is choosing which of two drawn artists to keep",
                "pick_city": "is choosing which of two drawn cities to keep"}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What an awaited ``seat`` is deciding, from the spectator view only (see ``Game.public_prompt``):
    never a hand, an offer, a running show's row, its step or the effect being decided."""
    name = public["players"][seat]["name"]
    phase = public["phase"]
    if phase == "setup":
        return f"{name} is choosing starting artists and a first city"
    if phase == "travel":
        return f"{name} is choosing a pair of artist and city"
    if phase == "announce":
        return f"{name} is announcing how many artists the show will have"
    if phase == "spend":
        return f"{name} {PUBLIC_SPEND.get(public['spend_step'], 'is spending coins')}"
    if phase == "show":
        return f"{name} is playing a show"
    return f"{name} is deciding"
