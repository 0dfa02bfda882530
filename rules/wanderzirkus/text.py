"""Every sentence Der Wanderzirkus shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing.

Every word goes through the message catalogue (``lang``) in the reader's language; the card notation's
brackets, bars, commas and ``$`` are symbols and stay as they are (see ``rules.wanderzirkus.names``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from lang import N_, current, tr, trn
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.content import PAUSE, card, load_content
from rules.wanderzirkus.names import act, city_name, colour_letter, region_name, region_short
from rules.wanderzirkus.state import WanderzirkusState

EFFECT_NAMES = {"copy": N_("Copy an effect"), "extra_card": N_("Draw to 4"), "peek_top": N_("Look at the top card"),
                "peek_bottom": N_("Look at the bottom card"), "tuck": N_("Card under the deck"),
                "recycle": N_("Cards back, reshuffle")}
END_REASONS = {"stopped": N_("stopped"), "no_match": N_("no hand card connects any more"),
               "no_cards": N_("no cards are left"), "fourth_stop": N_("the fourth stop sign was laid")}
COLOUR_SHORT = {"green": "G", "blue": "B", "red": "R", "purple": "P", "yellow": "Y"}
"""The English letters of the card notation (the web guide's key); shown through ``names.colour_letter``."""


def effect_name(effect: str) -> str:
    """An effect symbol's name in the reader's language."""
    return tr(EFFECT_NAMES[effect])


def end_reason(reason: str) -> str:
    """Why a show ended, in the reader's language."""
    return tr(END_REASONS[reason])


def sides(connections: Sequence[Any]) -> str:
    """"R,Y$" — colour letters, $ after a coin connection."""
    return ",".join(colour_letter(c.colour) + ("$" if c.coin else "") for c in connections)


def card_label(card_id: str) -> str:
    """"Clowns [R,Y|G,B] (Copy an effect)" — a card named with its connections so a choice can be made from
    text."""
    return _card_label(card_id, current())


# A label is a dozen catalogue look-ups (act, letters, effect), and a text board or a list of choices names the
# same few cards again and again: kept per card and language (90 artists and the Pause card per language).
@lru_cache(maxsize=1024)
def _card_label(card_id: str, language: str) -> str:
    if card_id == PAUSE:
        return act("pause")
    a = card(card_id)
    extras = []
    if a.effect:
        extras.append(effect_name(a.effect))
    if a.stop:
        extras.append(tr("stop sign"))
    if a.bottom_coin:
        extras.append(tr("coin"))
    extra = f" ({', '.join(extras)})" if extras else ""
    return f"{act(a.colour)} [{sides(a.left)}|{sides(a.right)}]{extra}"


def city_label(city_id: str) -> str:
    """"Salzburg (Central: G+B+P+Y, 6 VP)" — short enough for a menu entry beside an artist."""
    return _city_label(city_id, current())


@lru_cache(maxsize=512)
def _city_label(city_id: str, language: str) -> str:
    city = load_content().cities[city_id]
    demands = "+".join(colour_letter(c) for c in city.colours)
    return tr("{city} ({region}: {demands}, {vp} VP)", city=city_name(city.name), region=region_short(city.region),
              demands=demands, vp=city.vp)


def row_text(row: Sequence[Sequence[str]]) -> str:
    parts = []
    for column in row:
        if len(column) > 1:
            parts.append(tr("stack of {cards}", cards=" / ".join(card_label(c) for c in column)))
        else:
            parts.append(card_label(column[0]))
    return " → ".join(parts) if parts else tr("no cards")


def artists(n: int) -> str:
    return trn("{n} artist", "{n} artists", n)


def coins(n: int) -> str:
    return trn("{n} coin", "{n} coins", n)


def cards(n: int) -> str:
    return trn("{n} card", "{n} cards", n)


# ----- events --------------------------------------------------------------------------------------


def _scored(d: dict[str, Any], who: str) -> str:
    parts = []
    if d["announced"] is not None:
        if d["announcement"]:
            parts.append(tr("announcement {announced} met ({vp})", announced=d["announced"], vp=d["announcement"]))
        else:
            parts.append(tr("announcement {announced} missed ({vp})", announced=d["announced"],
                            vp=d["announcement"]))
    for city_id, vp in d["cities"]:
        parts.append(f"{city_name(load_content().cities[city_id].name)} {vp}")
    parts += [tr("green {vp}", vp=d["green"]), tr("blue {vp}", vp=d["blue"]), tr("red {vp}", vp=d["red"]),
              tr("purple {vp}", vp=d["purple"])]
    if d["pause"]:
        parts.append(tr("pause {vp}", vp=d["pause"]))
    return trn("{who}'s show of {n} artist scores {total} VP ({parts}) and {coins}.",
               "{who}'s show of {n} artists scores {total} VP ({parts}) and {coins}.", d["length"],
               who=who, total=d["total"], parts=", ".join(parts), coins=coins(d["coins"]))


def _travel_begins(d: dict[str, Any], p: Sequence[str]) -> str:
    if not d["pairs"]:
        return tr("Round {round}: no pairs are left to travel with.", round=d["round"])
    # Always written with "pairs", as the log always has been (players plus 2 pairs are laid out).
    return tr("Round {round}: {n} pairs of artist and city are on offer; {first} chooses first.",
              round=d["round"], n=len(d["pairs"]), first=p[d["order"][0]])


def _final(d: dict[str, Any], w: str) -> str:
    if d["region_vp"]:
        return tr("{who}: {rounds} VP from the rounds + {coin_vp} for {coins} + {region_vp} for regions = {total} VP.",
                  who=w, rounds=d["rounds"], coin_vp=d["coin_vp"], coins=coins(d["coins"]),
                  region_vp=d["region_vp"], total=d["total"])
    return tr("{who}: {rounds} VP from the rounds + {coin_vp} for {coins} = {total} VP.", who=w, rounds=d["rounds"],
              coin_vp=d["coin_vp"], coins=coins(d["coins"]), total=d["total"])


def _moved(d: dict[str, Any]) -> str:
    if d["to"] == "top":
        return tr("You move the card to the top of your deck.")
    return tr("You move the card to the bottom of your deck.")


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "artist_chosen": lambda d, w, p: tr("{who} adds {card} to the deck.", who=w, card=card_label(d["card"])),
    "setup_done": lambda d, w, p: tr("{who} has chosen two artists and a city.", who=w),
    "city_displayed": lambda d, w, p: tr("{who} travels to {city}.", who=w, city=city_label(d["city"])),
    "travel_begins": lambda d, w, p: _travel_begins(d, p),
    "pair_taken": lambda d, w, p: tr("{who} hires {artist} and travels to {city}.", who=w,
                                     artist=card_label(d["artist"]), city=city_label(d["city"])),
    "show_prepared": lambda d, w, p: tr("Round {round}: everyone shuffles their deck and draws 3 cards.",
                                        round=d["round"]),
    "announced": lambda d, w, p: trn("{who} announces a show of at least {n} artist.",
                                     "{who} announces a show of at least {n} artists.", d["count"], who=w),
    "shows_begin": lambda d, w, p: tr("Round {round}: the shows begin.", round=d["round"]),
    "card_played": lambda d, w, p: (tr("You play {card} on top of your acrobats.", card=card_label(d["card"]))
                                    if d["target"] == -1 else tr("You play {card}.", card=card_label(d["card"]))),
    "cards_drawn": lambda d, w, p: trn("You draw {n} card.", "You draw {n} cards.", d["count"]),
    "effect_lapsed": lambda d, w, p: tr("The effect {effect} lapses: it cannot be used now.",
                                        effect=effect_name(d["effect"])),
    "effect_skipped": lambda d, w, p: tr("You skip the effect {effect}.", effect=effect_name(d["effect"])),
    "effect_used": lambda d, w, p: (trn("You draw {n} card up to 4.", "You draw {n} cards up to 4.", d["count"])
                                    if d["effect"] == "extra_card" else
                                    tr("You look at {card}.", card=card_label(d["card"]))),
    "effect_copied": lambda d, w, p: tr("You copy the effect {effect}.", effect=effect_name(d["effect"])),
    "card_moved": lambda d, w, p: _moved(d),
    "card_tucked": lambda d, w, p: tr("You put {card} under your deck.", card=card_label(d["card"])),
    "card_recycled": lambda d, w, p: tr("You put {card} on top of your deck.", card=card_label(d["card"])),
    "deck_shuffled": lambda d, w, p: tr("You shuffle your deck and draw {count}.", count=d["count"]),
    "card_returned": lambda d, w, p: tr("You put {card} back on your deck.", card=card_label(d["card"])),
    "pause_laid": lambda d, w, p: tr("You lay the Pause card (-4 VP)."),
    "swap_used": lambda d, w, p: tr("{who} uses the swap token.", who=w),
    "show_ended": lambda d, w, p: trn("{who}'s show ends with {n} artist ({reason}): {row}.",
                                      "{who}'s show ends with {n} artists ({reason}): {row}.", d["length"], who=w,
                                      reason=end_reason(d["reason"]), row=row_text(d["row"])),
    "round_scored": lambda d, w, p: _scored(d, w),
    "region_kept": lambda d, w, p: tr("{who} keeps {city} for {region}.", who=w,
                                      city=city_name(load_content().cities[d["city"]].name),
                                      region=region_name(d["region"])),
    "swap_token_returned": lambda d, w, p: tr("{who} gets the swap token back.", who=w),
    "artist_bought": lambda d, w, p: trn("{who} pays {n} coin for a new artist.",
                                         "{who} pays {n} coins for a new artist.", d["coins"], who=w),
    "city_bought": lambda d, w, p: trn("{who} pays {n} coin for a new city.", "{who} pays {n} coins for a new city.",
                                       d["coins"], who=w),
    "city_chosen": lambda d, w, p: tr("{who} will also travel to {city} next round.", who=w,
                                      city=city_label(d["city"])),
    "swap_token_bought": lambda d, w, p: trn("{who} pays {n} coin for a swap token.",
                                             "{who} pays {n} coins for a swap token.", d["coins"], who=w),
    "spending_ended": lambda d, w, p: trn("{who} keeps {n} coin.", "{who} keeps {n} coins.", d["coins"], who=w),
    "round_begins": lambda d, w, p: tr("Round {round} begins.", round=d["round"]),
    "final_score": lambda d, w, p: _final(d, w),
}


def describe_event(kind: str, data: dict[str, Any], players: Sequence[str]) -> str:
    who = players[data["seat"]] if isinstance(data.get("seat"), int) else ""
    sentence = _SENTENCES.get(kind)
    if sentence is None:
        return kind.replace("_", " ").capitalize() + "."
    return sentence(data, who, players)


# ----- actions -------------------------------------------------------------------------------------


def describe_action(state: WanderzirkusState, seat: int, action: Action) -> str:
    a: Any = action
    circus = state.circuses[seat]
    kind = action.kind
    if kind == "choose_artist":
        return tr("Keep {card}", card=card_label(a.card))
    if kind == "choose_city":
        return tr("Keep {city}", city=city_label(a.city))
    if kind == "take_pair":
        pair = state.pairs[a.pair]
        if pair is None:
            return tr("Take pair {number}", number=a.pair + 1)
        return tr("Pair {number}: {artist} + {city}", number=a.pair + 1, artist=card_label(pair[0]),
                  city=city_label(pair[1]))
    if kind == "announce":
        return trn("Announce {n} artist", "Announce {n} artists", a.count)
    if kind == "play_card":
        return tr("Play {card}", card=card_label(a.card))
    if kind == "place":
        if a.target == -1:
            return tr("On top of the acrobats")
        below = circus.show[-1].cards[a.target] if circus.show else None
        if below:
            return tr("Right of stack card {number}: {card}", number=a.target + 1, card=card_label(below))
        return tr("Right of stack card {number}", number=a.target + 1)
    if kind == "place_pause":
        return tr("Lay the Pause card (-4 VP)")
    if kind == "use_swap":
        return tr("Use the swap token")
    if kind == "return_card":
        return tr("Put back {card}", card=card_label(a.card))
    if kind == "stop_show":
        return tr("Stop the show")
    if kind == "use_effect":
        return tr("Use the effect: {effect}", effect=effect_name(circus.effect or "extra_card"))
    if kind == "skip_effect":
        if circus.step == "peek":
            return tr("Leave the card where it is")
        if circus.step == "recycle":
            return tr("Done: shuffle and draw up to 3")
        return tr("Skip the effect")
    if kind == "copy_effect":
        return tr("Copy: {effect}", effect=effect_name(a.effect))
    if kind == "tuck_card":
        return tr("Put {card} under the deck", card=card_label(a.card))
    if kind == "recycle_card":
        return tr("Put {card} on top of the deck", card=card_label(a.card))
    if kind == "move_peeked":
        return tr("Put it under the deck") if circus.peek_side == "top" else tr("Put it on top of the deck")
    return tr(SPENDING_LABELS[kind])


SPENDING_LABELS = {"buy_artist": N_("Buy an artist (5 coins)"), "buy_city": N_("Buy a city (3 coins)"),
                   "buy_swap_token": N_("Buy a swap token (3 coins)"),
                   "end_spending": N_("Keep the rest of your coins")}
