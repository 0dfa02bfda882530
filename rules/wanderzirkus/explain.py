"""Why an action is refused, and what a seat is being asked, in sentences. Never names hidden things."""

from __future__ import annotations

from typing import Any

from lang import N_, listing, tr, trc, trn
from rules.core.errors import quote
from rules.wanderzirkus import flow, row, show
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.content import EFFECTS, load_content
from rules.wanderzirkus.legal import to_act
from rules.wanderzirkus.state import ARTIST_PRICE, CITY_PRICE, SWAP_PRICE, WanderzirkusState
from rules.wanderzirkus.text import card_label, effect_name

STEP_WORDS = {
    "play": N_("playing your show"), "place": N_("choosing where your acrobat goes"),
    "effect": N_("deciding an effect"), "peek": N_("deciding where the card you looked at goes"),
    "recycle": N_("putting cards back on your deck"), "swap": N_("putting cards back after the swap token"),
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
PHASE_WORDS = {"setup": N_("choosing your starting artists and city"), "travel": N_("Travel: choosing pairs"),
               "announce": N_("announcing"), "show": N_("the show"), "spend": N_("spending coins"),
               "over": N_("over")}


def _doing(state: WanderzirkusState, seat: int) -> str:
    if state.phase == "show":
        return tr(STEP_WORDS[state.circuses[seat].step])
    # The same English as PHASE_WORDS, but after "you are", which other languages word differently.
    doing = {"setup": trc("wanderzirkus you are", "choosing your starting artists and city"),
             "travel": trc("wanderzirkus you are", "Travel: choosing pairs"),
             "announce": trc("wanderzirkus you are", "announcing"), "show": trc("wanderzirkus you are", "the show"),
             "spend": trc("wanderzirkus you are", "spending coins"), "over": trc("wanderzirkus you are", "over")}
    return doing[state.phase]


def explain(state: WanderzirkusState, seat: int, action: Action) -> str:
    kind = action.kind
    circus = state.circuses[seat]
    a: Any = action
    if state.phase == "show" or (state.phase == "announce" and circus.step == "swap"):
        allowed = STEP_ACTIONS[circus.step]
    else:
        allowed = PHASE_ACTIONS.get(state.phase, set())
    if kind not in allowed:
        return tr("That is not a choice right now: you are {doing}.", doing=_doing(state, seat))
    if kind == "choose_artist":
        if state.phase == "spend" and state.spend_step != "pick_artist":
            return tr("Buy an artist first: then choose one of the two drawn.")
        if state.phase == "setup" and len(circus.offer) <= flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            return tr("You have chosen your two artists; now choose your city.")
        return tr("That artist is not among the ones you drew to choose from.")
    if kind == "choose_city":
        if state.phase == "spend" and state.spend_step != "pick_city":
            return tr("Buy a city first: then choose one of the two drawn.")
        if state.phase == "setup" and len(circus.offer) > flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            return tr("Choose your two artists first, then your city.")
        return tr("That city is not among the ones you drew to choose from.")
    if kind == "take_pair":
        if not 0 <= a.pair < len(state.pairs):
            return tr("There is no pair {number}; the pairs are numbered 1 to {last}.", number=a.pair + 1,
                      last=len(state.pairs))
        return tr("Pair {number} has already been taken.", number=a.pair + 1)
    if kind == "announce":
        return tr("Announce between 1 and {most} artists (your deck minus one).",
                  most=flow.max_announcement(state, seat))
    if state.phase == "spend" and state.spend_step != "menu" and kind not in ("choose_artist", "choose_city"):
        return tr("Choose one of the two cards you drew first.")
    if kind in ("buy_artist", "buy_city", "buy_swap_token"):
        return _explain_purchase(state, seat, kind)
    return _explain_show(state, seat, action)


def _explain_purchase(state: WanderzirkusState, seat: int, kind: str) -> str:
    circus = state.circuses[seat]
    if kind == "buy_artist":
        if circus.bought_artist:
            return tr("You may buy only one artist per round.")
        if circus.coins < ARTIST_PRICE:
            return tr("An artist costs {price} coins; you have {coins}.", price=ARTIST_PRICE, coins=circus.coins)
        return tr("The artist stack is empty.")
    if kind == "buy_city":
        if circus.bought_city:
            return tr("You may buy only one city per round.")
        if circus.coins < CITY_PRICE:
            return tr("A city costs {price} coins; you have {coins}.", price=CITY_PRICE, coins=circus.coins)
        return tr("The city stack is empty.")
    if circus.swap_token:
        return tr("You may own only one swap token.")
    return tr("A swap token costs {price} coins; you have {coins}.", price=SWAP_PRICE, coins=circus.coins)


def _explain_show(state: WanderzirkusState, seat: int, action: Action) -> str:
    circus = state.circuses[seat]
    a: Any = action
    kind = action.kind
    if kind in ("play_card", "tuck_card", "recycle_card", "return_card"):
        if a.card not in load_content().artists:
            return tr("There is no artist called {card}.", card=quote(a.card))
        if a.card not in circus.hand:
            return tr("That card is not in your hand.")
        if kind == "play_card":
            return _why_not_playable(circus.show, a.card)
    if kind == "place":
        return tr("Your acrobat cannot go there: choose a card of the stack whose right side connects, or the top.")
    if kind == "place_pause":
        if circus.pause_used:
            return tr("You have already laid the Pause card this round.")
        if not circus.show:
            return tr("The Pause card goes to the right of a card already laid; play your first artist first.")
        return tr("You have no hand card to play after a Pause.")
    if kind == "use_swap":
        if not circus.swap_token:
            return tr("You have no swap token.")
        return tr("Your deck is empty: there is nothing to draw with the swap token.")
    if kind == "copy_effect":
        if a.effect not in EFFECTS:
            return tr("There is no effect called {effect}.", effect=quote(a.effect))
        return tr("No other card in your show has the effect {effect} to copy now.", effect=effect_name(a.effect))
    if kind == "use_effect":
        return tr("This effect is decided by choosing a card.")
    return tr("That is not a choice right now: you are {doing}.", doing=_doing(state, seat))


def _why_not_playable(show_row: list[Any], card_id: str) -> str:
    last = show_row[-1]
    if len(last.cards) == 1:
        return tr("{card} has no connection matching the right side of {last}.", card=card_label(card_id),
                  last=card_label(last.cards[0]))
    right = tr(" or ").join(card_label(c) for c in last.cards)
    return tr("{card} has no connection matching the right side of {last}.", card=card_label(card_id), last=right)


def prompt(state: WanderzirkusState, seat: int) -> str:
    name = state.players[seat]
    if state.phase == "over":
        return tr("The game is over.")
    if seat not in to_act(state):
        awaited = listing([state.players[s] for s in sorted(to_act(state))])
        return tr("Waiting for {names} ({doing}).", names=awaited, doing=tr(PHASE_WORDS[state.phase]))
    circus = state.circuses[seat]
    if state.phase == "setup":
        if len(circus.offer) > flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            left = len(circus.offer) - (flow.SETUP_ARTISTS - flow.SETUP_KEEP)
            return trn("{name}, choose {n} more artist for your deck.",
                       "{name}, choose {n} more artists for your deck.", left, name=name)
        return tr("{name}, choose the city you travel to first.", name=name)
    if state.phase == "travel":
        return tr("{name}, choose a pair of artist and city.", name=name)
    if state.phase == "announce" and circus.step == "swap":
        return trn("{name}, put {n} hand card back on your deck.", "{name}, put {n} hand cards back on your deck.",
                   circus.swap_left, name=name)
    if state.phase == "announce":
        return tr("{name}, announce how many artists your show will have at least (or use your swap token first).",
                  name=name)
    if state.phase == "spend":
        if state.spend_step == "pick_artist":
            return tr("{name}, choose the artist to keep.", name=name)
        if state.spend_step == "pick_city":
            return tr("{name}, choose the city to keep.", name=name)
        return tr("{name}, spend your {coins} coins or keep them.", name=name, coins=circus.coins)
    if circus.step == "play":
        count = row.length(circus.show)
        if circus.announcement is not None:
            asked = trn("{name}, your show has {n} artist (announced {announced}): play a card or stop.",
                        "{name}, your show has {n} artists (announced {announced}): play a card or stop.", count,
                        name=name, announced=circus.announcement)
        else:
            asked = trn("{name}, your show has {n} artist: play a card or stop.",
                        "{name}, your show has {n} artists: play a card or stop.", count, name=name)
        return asked if show.playable(circus) else asked + " " + tr("No hand card connects.")
    if circus.step == "effect" and circus.effect:
        return tr("{name}, decide the effect {effect}.", name=name, effect=effect_name(circus.effect))
    return tr("{name}, you are {doing}.", name=name, doing=tr(STEP_WORDS[circus.step]))


PUBLIC_SPEND = {"menu": N_("{name} is spending coins"),
                "pick_artist": N_("{name} is choosing which of two drawn artists to keep"),
                "pick_city": N_("{name} is choosing which of two drawn cities to keep")}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What an awaited ``seat`` is deciding, from the spectator view only (see ``Game.public_prompt``):
    never a hand, an offer, a running show's row, its step or the effect being decided."""
    name = public["players"][seat]["name"]
    phase = public["phase"]
    if phase == "setup":
        return tr("{name} is choosing starting artists and a first city", name=name)
    if phase == "travel":
        return tr("{name} is choosing a pair of artist and city", name=name)
    if phase == "announce":
        return tr("{name} is announcing how many artists the show will have", name=name)
    if phase == "spend":
        return tr(PUBLIC_SPEND.get(public["spend_step"], PUBLIC_SPEND["menu"]), name=name)
    if phase == "show":
        return tr("{name} is playing a show", name=name)
    return tr("{name} is deciding", name=name)
