"""Every sentence Der Wanderzirkus shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.words import count
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.content import COLOUR_NAMES, PAUSE, card, load_content
from rules.wanderzirkus.state import WanderzirkusState

EFFECT_NAMES = {"copy": "Copy an effect", "extra_card": "Draw to 4", "peek_top": "Look at the top card",
                "peek_bottom": "Look at the bottom card", "tuck": "Card under the deck",
                "recycle": "Cards back, reshuffle"}
END_REASONS = {"stopped": "stopped", "no_match": "no hand card connects any more",
               "no_cards": "no cards are left", "fourth_stop": "the fourth stop sign was laid"}
COLOUR_SHORT = {"green": "G", "blue": "B", "red": "R", "purple": "P", "yellow": "Y"}


def sides(connections: Sequence[Any]) -> str:
    """"R,Y$" — colour letters, $ after a coin connection."""
    return ",".join(COLOUR_SHORT[c.colour] + ("$" if c.coin else "") for c in connections)


def card_label(card_id: str) -> str:
    """"Clowns [R,Y|G,B] ⟳ Copy" — a card named with its connections so a choice can be made from text."""
    if card_id == PAUSE:
        return "Pause"
    a = card(card_id)
    extras = []
    if a.effect:
        extras.append(EFFECT_NAMES[a.effect])
    if a.stop:
        extras.append("stop sign")
    if a.bottom_coin:
        extras.append("coin")
    extra = f" ({', '.join(extras)})" if extras else ""
    return f"{COLOUR_NAMES[a.colour]} [{sides(a.left)}|{sides(a.right)}]{extra}"


def city_label(city_id: str) -> str:
    """"Salzburg (Central: G+B+P+Y, 6 VP)" — short enough for a menu entry beside an artist."""
    city = load_content().cities[city_id]
    demands = "+".join(COLOUR_SHORT[c] for c in city.colours)
    region = load_content().region_names[city.region].split()[0]
    return f"{city.name} ({region}: {demands}, {city.vp} VP)"


def row_text(row: Sequence[Sequence[str]]) -> str:
    parts = []
    for column in row:
        if len(column) > 1:
            parts.append("stack of " + " / ".join(card_label(c) for c in column))
        else:
            parts.append(card_label(column[0]))
    return " → ".join(parts) if parts else "no cards"


# ----- events --------------------------------------------------------------------------------------


def _scored(d: dict[str, Any], who: str) -> str:
    parts = []
    if d["announced"] is not None:
        met = "met" if d["announcement"] else "missed"
        parts.append(f"announcement {d['announced']} {met} ({d['announcement']})")
    for city_id, vp in d["cities"]:
        parts.append(f"{load_content().cities[city_id].name} {vp}")
    parts += [f"green {d['green']}", f"blue {d['blue']}", f"red {d['red']}", f"purple {d['purple']}"]
    if d["pause"]:
        parts.append(f"pause {d['pause']}")
    return (f"{who}'s show of {count(d['length'], 'artist')} scores {d['total']} VP ({', '.join(parts)}) "
            f"and {count(d['coins'], 'coin')}.")


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "artist_chosen": lambda d, w, p: f"{w} adds {card_label(d['card'])} to the deck.",
    "setup_done": lambda d, w, p: f"{w} has chosen two artists and a city.",
    "city_displayed": lambda d, w, p: f"{w} travels to {city_label(d['city'])}.",
    "travel_begins": lambda d, w, p: f"Round {d['round']}: {len(d['pairs'])} pairs of artist and city are on offer; "
                                     f"{p[d['order'][0]]} chooses first." if d["pairs"] else
                                     f"Round {d['round']}: no pairs are left to travel with.",
    "pair_taken": lambda d, w, p: f"{w} hires {card_label(d['artist'])} and travels to {city_label(d['city'])}.",
    "show_prepared": lambda d, w, p: f"Round {d['round']}: everyone shuffles their deck and draws 3 cards.",
    "announced": lambda d, w, p: f"{w} announces a show of at least {count(d['count'], 'artist')}.",
    "shows_begin": lambda d, w, p: f"Round {d['round']}: the shows begin.",
    "card_played": lambda d, w, p: f"You play {card_label(d['card'])}"
                                   + (" on top of your acrobats." if d["target"] == -1 else "."),
    "cards_drawn": lambda d, w, p: f"You draw {count(d['count'], 'card')}.",
    "effect_lapsed": lambda d, w, p: f"The effect {EFFECT_NAMES[d['effect']]} lapses: it cannot be used now.",
    "effect_skipped": lambda d, w, p: f"You skip the effect {EFFECT_NAMES[d['effect']]}.",
    "effect_used": lambda d, w, p: (f"You draw {count(d['count'], 'card')} up to 4."
                                    if d["effect"] == "extra_card" else
                                    f"You look at {card_label(d['card'])}."),
    "effect_copied": lambda d, w, p: f"You copy the effect {EFFECT_NAMES[d['effect']]}.",
    "card_moved": lambda d, w, p: f"You move the card to the {d['to']} of your deck.",
    "card_tucked": lambda d, w, p: f"You put {card_label(d['card'])} under your deck.",
    "card_recycled": lambda d, w, p: f"You put {card_label(d['card'])} on top of your deck.",
    "deck_shuffled": lambda d, w, p: f"You shuffle your deck and draw {d['count']}.",
    "card_returned": lambda d, w, p: f"You put {card_label(d['card'])} back on your deck.",
    "pause_laid": lambda d, w, p: "You lay the Pause card (-4 VP).",
    "swap_used": lambda d, w, p: f"{w} uses the swap token.",
    "show_ended": lambda d, w, p: f"{w}'s show ends with {count(d['length'], 'artist')} ({END_REASONS[d['reason']]}): "
                                  f"{row_text(d['row'])}.",
    "round_scored": lambda d, w, p: _scored(d, w),
    "region_kept": lambda d, w, p: f"{w} keeps {load_content().cities[d['city']].name} for "
                                   f"{load_content().region_names[d['region']]}.",
    "swap_token_returned": lambda d, w, p: f"{w} gets the swap token back.",
    "artist_bought": lambda d, w, p: f"{w} pays {count(d['coins'], 'coin')} for a new artist.",
    "city_bought": lambda d, w, p: f"{w} pays {count(d['coins'], 'coin')} for a new city.",
    "city_chosen": lambda d, w, p: f"{w} will also travel to {city_label(d['city'])} next round.",
    "swap_token_bought": lambda d, w, p: f"{w} pays {count(d['coins'], 'coin')} for a swap token.",
    "spending_ended": lambda d, w, p: f"{w} keeps {count(d['coins'], 'coin')}.",
    "round_begins": lambda d, w, p: f"Round {d['round']} begins.",
    "final_score": lambda d, w, p: f"{w}: {d['rounds']} VP from the rounds + {d['coin_vp']} for "
                                   f"{count(d['coins'], 'coin')}"
                                   + (f" + {d['region_vp']} for regions" if d["region_vp"] else "")
                                   + f" = {d['total']} VP.",
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
        return f"Keep {card_label(a.card)}"
    if kind == "choose_city":
        return f"Keep {city_label(a.city)}"
    if kind == "take_pair":
        pair = state.pairs[a.pair]
        if pair is None:
            return f"Take pair {a.pair + 1}"
        return f"Pair {a.pair + 1}: {card_label(pair[0])} + {city_label(pair[1])}"
    if kind == "announce":
        return f"Announce {count(a.count, 'artist')}"
    if kind == "play_card":
        return f"Play {card_label(a.card)}"
    if kind == "place":
        if a.target == -1:
            return "On top of the acrobats"
        below = circus.show[-1].cards[a.target] if circus.show else None
        return f"Right of stack card {a.target + 1}" + (f": {card_label(below)}" if below else "")
    if kind == "place_pause":
        return "Lay the Pause card (-4 VP)"
    if kind == "use_swap":
        return "Use the swap token"
    if kind == "return_card":
        return f"Put back {card_label(a.card)}"
    if kind == "stop_show":
        return "Stop the show"
    if kind == "use_effect":
        return f"Use the effect: {EFFECT_NAMES[circus.effect or 'extra_card']}"
    if kind == "skip_effect":
        return {"peek": "Leave the card where it is", "recycle": "Done: shuffle and draw up to 3"}.get(
            circus.step, "Skip the effect")
    if kind == "copy_effect":
        return f"Copy: {EFFECT_NAMES[a.effect]}"
    if kind == "tuck_card":
        return f"Put {card_label(a.card)} under the deck"
    if kind == "recycle_card":
        return f"Put {card_label(a.card)} on top of the deck"
    if kind == "move_peeked":
        return "Put it under the deck" if circus.peek_side == "top" else "Put it on top of the deck"
    return {"buy_artist": "Buy an artist (5 coins)", "buy_city": "Buy a city (3 coins)",
            "buy_swap_token": "Buy a swap token (3 coins)", "end_spending": "Keep the rest of your coins"}[kind]
