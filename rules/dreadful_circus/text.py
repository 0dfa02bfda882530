"""Every sentence Dreadful Circus shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.events import Event
from rules.core.words import listing
from rules.dreadful_circus.actions import Action
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES, card, load_content


def card_name(card_id: str) -> str:
    return card(card_id).name


def contract_name(kind: str) -> str:
    return load_content().contract_names[kind]


def goods(coins: dict[str, int], contracts: dict[str, int]) -> str:
    """"2 Copper, 1 Gold and 1 Paris Contract" — or "nothing"."""
    parts = [f"{coins[c]} {c.capitalize()}" for c in COIN_TYPES if coins.get(c)]
    parts += [f"{contracts[k]} {contract_name(k)} Contract{'s' if contracts[k] > 1 else ''}"
              for k in CONTRACT_TYPES if contracts.get(k)]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


PHASE_WORDS = {
    "draft": "drafting a card", "start": "choosing a starting Attraction", "offer": "choosing an Offer",
    "bid": "filling a wagon", "sell": "resolving an Offer", "effect": "resolving a card",
    "final": "choosing a last Attraction", "ending": "resolving an end-game card", "over": "finished",
}

_PLACED_WHEN = {"start": "as a starting Attraction", "won": "into their Tableau", "played": "into their Tableau",
                "end": "from their hand at the end of the game"}


def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    who = players[d["seat"]] if isinstance(d.get("seat"), int) else ""
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return event.kind.replace("_", " ").capitalize() + "."
    return sentence(d, who, players)


def _round(d: dict[str, Any], p: Sequence[str]) -> str:
    sellers = listing([p[s] for s in d["sellers"]])
    return f"Round {d['round']}: {sellers} {'sells' if len(d['sellers']) == 1 else 'sell'}."


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "redealt": lambda d, w, p: f"{w} has no Attraction, discards {d['cards']} cards and draws a new hand.",
    "hand_dealt": lambda d, w, p: "Your new hand: " + ", ".join(card_name(c) for c in d["cards"]) + ".",
    "draft_passed": lambda d, w, p: f"Everyone has picked; packets of {d['left']} pass left.",
    "draft_over": lambda d, w, p: "The draft is over.",
    "choice_made": lambda d, w, p: f"{w} has made a secret choice.",
    "choice_private": lambda d, w, p: (f"You chose {card_name(d['card'])}." if d["card"]
                                       else "You chose to place no Attraction."),
    "attraction_placed": lambda d, w, p: f"{w} places {card_name(d['card'])} {_PLACED_WHEN[d['when']]}.",
    "first_seller": lambda d, w, p: f"{w} is drawn as the 1st Seller"
                                    + (f"; {p[d['second']]} is the 2nd Seller." if d["second"] is not None else "."),
    "sellers_skip": lambda d, w, p: "The Sellers have only 3 cards left; the Seller tokens pass left.",
    "round_begins": lambda d, w, p: _round(d, p),
    "offer_revealed": lambda d, w, p: f"{w} offers {card_name(d['card'])}.",
    "wagon_placed": lambda d, w, p: f"{w} places a wagon next to Offer {d['offer'] + 1}.",
    "bidding_closed": lambda d, w, p: "Every wagon is placed.",
    "wagon_inspected": lambda d, w, p: f"{w} looks into {p[d['owner']]}'s wagon.",
    "wagon_contents": lambda d, w, p: f"{p[d['owner']]}'s wagon holds {goods(d['coins'], d['contracts'])}.",
    "bid_accepted": lambda d, w, p: f"{w} accepts {p[d['owner']]}'s bid: {p[d['owner']]} wins "
                                    f"{card_name(d['card'])}.",
    "bid_declined": lambda d, w, p: f"{w} declines {p[d['owner']]}'s bid.",
    "offer_discarded": lambda d, w, p: f"{w} declined every bid: {card_name(d['card'])} is discarded.",
    "card_resolves": lambda d, w, p: f"{w} resolves {card_name(d['card'])}.",
    "coins_gained": lambda d, w, p: f"{w} takes {goods(d['coins'], {})} from the supply.",
    "contracts_drawn": lambda d, w, p: f"{w} draws {d['count']} Contract{'s' if d['count'] != 1 else ''} "
                                       "from the bag.",
    "contracts_received": lambda d, w, p: "You draw " + ", ".join(contract_name(k) for k in d["contracts"]) + ".",
    "no_effect": lambda d, w, p: f"{card_name(d['card'])} has no effect for {w}.",
    "wagon_loaded": lambda d, w, p: f"{w} loads a wagon for {p[d['for']]}.",
    "loaded_kept": lambda d, w, p: f"{w} keeps the contents of {d['wagons']} Loaded Wagons.",
    "coins_received": lambda d, w, p: f"You receive {goods(d['coins'], {})}.",
    "loaded_taken": lambda d, w, p: f"{w} takes the contents of {p[d['owner']]}'s Loaded Wagon; the others go back.",
    "loaded_received": lambda d, w, p: f"You take {goods(d['coins'], d['contracts'])} from {p[d['owner']]}.",
    "loaded_lost": lambda d, w, p: f"Your {goods(d['coins'], d['contracts'])} was taken.",
    "card_played": lambda d, w, p: f"{w} plays {card_name(d['card'])} from their hand.",
    "attraction_taken": lambda d, w, p: f"{w} takes {card_name(d['card'])} from {p[d['owner']]}'s Tableau.",
    "attraction_discarded": lambda d, w, p: f"{w}'s {card_name(d['by'])} discards {card_name(d['card'])} from "
                                            f"{p[d['owner']]}'s Tableau.",
    "contract_returned": lambda d, w, p: f"{w} returns a Contract to the bag.",
    "card_copied": lambda d, w, p: f"{w}'s {card_name(d['card'])} copies {p[d['owner']]}'s "
                                   f"{card_name(d['copied'])}.",
    "game_ends": lambda d, w, p: "Every hand is down to 3 cards: the game ends.",
    "exposure": lambda d, w, p: "Screens are lifted: " + "; ".join(
        f"{p[s]} has {goods(d['coins'][s], d['contracts'][s])}" for s in range(len(p))) + ".",
    "game_over": lambda d, w, p: "The final scores are in.",
}


def describe_action(action: Action, players: Sequence[str]) -> str:
    a: Any = action
    labels: dict[str, Callable[[], str]] = {
        "draft_pick": lambda: f"Keep {card_name(a.card)}",
        "place_attraction": lambda: f"Place {card_name(a.card)} in your Tableau",
        "place_nothing": lambda: "Place no Attraction",
        "make_offer": lambda: f"Offer {card_name(a.card)}",
        "add_coin": lambda: f"Put a {a.coin.capitalize()} in your wagon",
        "add_contract": lambda: f"Put a {contract_name(a.contract)} Contract in your wagon",
        "take_coin": lambda: f"Take a {a.coin.capitalize()} back",
        "take_contract": lambda: f"Take a {contract_name(a.contract)} Contract back",
        "place_wagon": lambda: f"Place your wagon next to Offer {a.offer + 1} (final)",
        "inspect": lambda: f"Look into {players[a.owner]}'s wagon",
        "accept": lambda: "Accept this bid",
        "decline": lambda: "Decline this bid",
        "load_coin": lambda: f"Load a {a.coin.capitalize()}",
        "load_contract": lambda: f"Load a {contract_name(a.contract)} Contract",
        "take_loaded": lambda: f"Take {players[a.owner]}'s Loaded Wagon",
        "play_card": lambda: f"Play {card_name(a.card)}",
        "take_attraction": lambda: f"Take {players[a.owner]}'s {card_name(a.card)}",
        "discard_attraction": lambda: f"Discard {players[a.owner]}'s {card_name(a.card)}",
        "return_contract": lambda: f"Return a {contract_name(a.contract)} Contract",
        "stop_returning": lambda: "Return no more Contracts",
        "copy_card": lambda: f"Copy {players[a.owner]}'s {card_name(a.card)}",
    }
    return labels[action.kind]()


def _card_line(c: dict[str, Any]) -> str:
    points = f", {c['points']} VP" if c["points"] else ""
    mark = f", {c['players']} players" if c["players"] else ""
    return f"{c['name']} ({c['colour']} {c['type']}{points}{mark}): {c['text']}"


def render_text(view: dict[str, Any]) -> str:
    """A plain-text table: sellers, offers, wagons, Tableaux; then "Your ..." lines for the seat."""
    names = [p["name"] for p in view["players"]]
    lines = [f"Dreadful Circus — round {view['round']}, {PHASE_WORDS[view['phase']]}"]
    second = f"; 2nd Seller: {names[view['second_seller']]}" if view["second_seller"] is not None else ""
    lines.append(f"1st Seller: {names[view['first_seller']]}{second}. Deck {view['deck_count']}, "
                 f"bag {view['bag_count']} Contracts.")
    for offer in view["offers"]:
        what = offer["card"]["name"] if offer["card"] else "(face down)"
        wagons = ", ".join(names[s] for s in offer["wagons"]) or "none"
        extra = ""
        if offer["winner"] is not None:
            extra = f"; won by {names[offer['winner']]}"
        elif offer["done"]:
            extra = "; discarded"
        if offer["declined"]:
            extra += "; declined: " + ", ".join(names[s] for s in offer["declined"])
        lines.append(f"Offer {offer['index'] + 1} by {names[offer['seller']]}: {what}; wagons: {wagons}{extra}")
    if view["task"]:
        lines.append(f"Resolving {view['task']['card']['name']} for {names[view['task']['seat']]}.")
    for player in view["players"]:
        tableau = ", ".join(c["name"] for c in player["tableau"]) or "empty"
        screen = ""
        if player["coins"] is not None:
            screen = f"; {goods(player['coins'], player['contracts'])}"
        lines.append(f"{player['name']}: {player['hand_count']} cards in hand; Tableau: {tableau}{screen}")
    if view["awaiting"]:
        lines.append("Waiting for: " + ", ".join(names[s] for s in view["awaiting"]) + ".")
    if view["scores"]:
        for seat, score in enumerate(view["scores"]):
            lines.append(f"{names[seat]} scores {score['total']} VP.")
    if view["hand"] is not None:
        lines.append("Your hand: " + ("; ".join(_card_line(c) for c in view["hand"]) or "empty"))
        lines.append(f"Your screen: {goods(view['coins'], view['contracts'])}")
        if view["wagon"] is not None:
            wagon = view["wagon"]
            where = f"Offer {wagon['offer'] + 1}" if wagon["offer"] is not None else "no Offer chosen yet"
            state = "placed" if wagon["placed"] else "not placed"
            lines.append(f"Your wagon ({state}, {where}): {goods(wagon['coins'], wagon['contracts'])}")
        if view["choice"] is not None:
            lines.append(f"Your secret choice: {view['choice']['name']}")
        if view["packet"]:
            lines.append("Your draft packet: " + ", ".join(c["name"] for c in view["packet"]))
        if view["drafted"]:
            lines.append("Your drafted cards: " + ", ".join(c["name"] for c in view["drafted"]))
        if view["inspecting"] is not None:
            look = view["inspecting"]
            lines.append(f"Your look into {names[look['owner']]}'s wagon: {goods(look['coins'], look['contracts'])}")
        if view["loaded"]:
            lines.append("Your Loaded Wagons: " + "; ".join(
                f"{names[w['owner']]}: {goods(w['coins'], w['contracts'])}" for w in view["loaded"]))
    return "\n".join(lines)


PUBLIC_TASK_WORDS = {
    "play_card": "playing a card from hand", "swap_contracts": "returning Contracts to the bag",
    "discard_attraction": "choosing another player's Attraction to discard",
    "crystal_balls": "choosing another player's Attraction to discard",
    "steal_collection": "choosing a Collection card to take", "copy_own": "choosing a card to copy",
    "copy_other": "choosing a card to copy",
}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What the awaited ``seat`` is deciding, from the spectator view only: the phase, the Offer being sold
    and whose wagon its seller looks into, the card being resolved; never a hand, a wagon's contents, a
    secret choice or a draft pick."""
    players = public["players"]
    name = players[seat]["name"]
    phase = public["phase"]
    selling = next((offer for offer in public["offers"] if offer["selling"]), None)
    if phase == "sell" and selling is not None:
        card = selling["card"]["name"] if selling["card"] else "the Offer"
        if selling["inspecting"] is not None:
            return f"{name} is deciding whether to accept {players[selling['inspecting']]['name']}'s bid for {card}"
        return f"{name} is choosing a wagon next to {card} to look into"
    task = public["task"]
    if phase in ("effect", "ending") and task is not None:
        card = task["card"]["name"]
        if task["kind"] in ("load_take", "load_keep"):
            if seat in task["loaders"]:
                return f"{name} is loading a wagon for {card}"
            return f"{name} is choosing a Loaded Wagon to take for {card}"
        return f"{name} is resolving {card}: {PUBLIC_TASK_WORDS.get(task['kind'], 'deciding')}"
    return f"{name} is {PHASE_WORDS.get(phase, 'deciding')}"
