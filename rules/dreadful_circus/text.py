"""Every sentence Dreadful Circus shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lang import N_, listing, tr, trc, trn
from rules.core.events import Event
from rules.dreadful_circus.actions import Action
from rules.dreadful_circus.content import COIN_TYPES, CONTRACT_TYPES
from rules.dreadful_circus.names import card_name, coin_name, colour_name, contract_name, name_of, text_of, type_name

__all__ = ["PHASE_WORDS", "PUBLIC_TASK_WORDS", "card_name", "contract_name", "describe_action", "describe_event",
           "goods", "phase_words", "public_prompt", "render_text"]


def goods(coins: dict[str, int], contracts: dict[str, int]) -> str:
    """"2 Copper, 1 Gold and 1 Paris Contract" — or "nothing"."""
    parts = [tr("{n} {coin}", n=coins[c], coin=coin_name(c)) for c in COIN_TYPES if coins.get(c)]
    parts += [trn("{n} {city} Contract", "{n} {city} Contracts", contracts[k], city=contract_name(k))
              for k in CONTRACT_TYPES if contracts.get(k)]
    if not parts:
        return trc("dreadful circus goods", "nothing")
    return listing(parts)


# What the game is doing, after "is" ("Waiting for Bo, who is filling a wagon."): translated with
# ``phase_words``.
PHASE_WORDS = {
    "draft": N_("drafting a card"), "start": N_("choosing a starting Attraction"), "offer": N_("choosing an Offer"),
    "bid": N_("filling a wagon"), "sell": N_("resolving an Offer"), "effect": N_("resolving a card"),
    "final": N_("choosing a last Attraction"), "ending": N_("resolving an end-game card"), "over": N_("finished"),
}


_DECIDING = N_("deciding")


def phase_words(phase: str) -> str:
    return tr(PHASE_WORDS.get(phase, _DECIDING))


_PLACED_WHEN = {
    "start": N_("{name} places {card} as a starting Attraction."),
    "won": N_("{name} places {card} into their Tableau."),
    "played": N_("{name} places {card} into their Tableau."),
    "end": N_("{name} places {card} from their hand at the end of the game."),
}


def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    who = players[d["seat"]] if isinstance(d.get("seat"), int) else ""
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return event.kind.replace("_", " ").capitalize() + "."
    return sentence(d, who, players)


def _round(d: dict[str, Any], p: Sequence[str]) -> str:
    sellers = listing([p[s] for s in d["sellers"]])
    return trn("Round {round}: {sellers} sells.", "Round {round}: {sellers} sell.", len(d["sellers"]),
               round=d["round"], sellers=sellers)


def _first_seller(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    if d["second"] is not None:
        return tr("{name} is drawn as the 1st Seller; {second} is the 2nd Seller.", name=w, second=p[d["second"]])
    return tr("{name} is drawn as the 1st Seller.", name=w)


def _holding(name: str, coins: dict[str, int], contracts: dict[str, int]) -> str:
    # Its own call, not nested in another's arguments: the catalogue's extractor reads only outer calls.
    return tr("{name} has {goods}", name=name, goods=goods(coins, contracts))


def _loaded(owner: str, coins: dict[str, int], contracts: dict[str, int]) -> str:
    return tr("{owner}: {goods}", owner=owner, goods=goods(coins, contracts))


def _cards(ids: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in ids)


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "redealt": lambda d, w, p: tr("{name} has no Attraction, discards {cards} cards and draws a new hand.", name=w,
                                  cards=d["cards"]),
    "hand_dealt": lambda d, w, p: tr("Your new hand: {cards}.", cards=_cards(d["cards"])),
    "draft_passed": lambda d, w, p: tr("Everyone has picked; packets of {left} pass left.", left=d["left"]),
    "draft_over": lambda d, w, p: tr("The draft is over."),
    "choice_made": lambda d, w, p: tr("{name} has made a secret choice.", name=w),
    "choice_private": lambda d, w, p: (tr("You chose {card}.", card=card_name(d["card"])) if d["card"]
                                       else tr("You chose to place no Attraction.")),
    "attraction_placed": lambda d, w, p: tr(_PLACED_WHEN[d["when"]], name=w, card=card_name(d["card"])),
    "first_seller": _first_seller,
    "sellers_skip": lambda d, w, p: tr("The Sellers have only 3 cards left; the Seller tokens pass left."),
    "round_begins": lambda d, w, p: _round(d, p),
    "offer_revealed": lambda d, w, p: tr("{name} offers {card}.", name=w, card=card_name(d["card"])),
    "wagon_placed": lambda d, w, p: tr("{name} places a wagon next to Offer {offer}.", name=w, offer=d["offer"] + 1),
    "bidding_closed": lambda d, w, p: tr("Every wagon is placed."),
    "wagon_inspected": lambda d, w, p: tr("{name} looks into {owner}'s wagon.", name=w, owner=p[d["owner"]]),
    "wagon_contents": lambda d, w, p: tr("{owner}'s wagon holds {goods}.", owner=p[d["owner"]],
                                         goods=goods(d["coins"], d["contracts"])),
    "bid_accepted": lambda d, w, p: tr("{name} accepts {owner}'s bid: {owner} wins {card}.", name=w,
                                       owner=p[d["owner"]], card=card_name(d["card"])),
    "bid_declined": lambda d, w, p: tr("{name} declines {owner}'s bid.", name=w, owner=p[d["owner"]]),
    "offer_discarded": lambda d, w, p: tr("{name} declined every bid: {card} is discarded.", name=w,
                                          card=card_name(d["card"])),
    "card_resolves": lambda d, w, p: tr("{name} resolves {card}.", name=w, card=card_name(d["card"])),
    "coins_gained": lambda d, w, p: tr("{name} takes {goods} from the supply.", name=w, goods=goods(d["coins"], {})),
    "contracts_drawn": lambda d, w, p: trn("{name} draws {n} Contract from the bag.",
                                           "{name} draws {n} Contracts from the bag.", d["count"], name=w),
    "contracts_received": lambda d, w, p: tr("You draw {contracts}.",
                                             contracts=", ".join(contract_name(k) for k in d["contracts"])),
    "no_effect": lambda d, w, p: tr("{card} has no effect for {name}.", card=card_name(d["card"]), name=w),
    "wagon_loaded": lambda d, w, p: tr("{name} loads a wagon for {owner}.", name=w, owner=p[d["for"]]),
    "loaded_kept": lambda d, w, p: tr("{name} keeps the contents of {wagons} Loaded Wagons.", name=w,
                                      wagons=d["wagons"]),
    "coins_received": lambda d, w, p: tr("You receive {goods}.", goods=goods(d["coins"], {})),
    "loaded_taken": lambda d, w, p: tr("{name} takes the contents of {owner}'s Loaded Wagon; the others go back.",
                                       name=w, owner=p[d["owner"]]),
    "loaded_received": lambda d, w, p: tr("You take {goods} from {owner}.", goods=goods(d["coins"], d["contracts"]),
                                          owner=p[d["owner"]]),
    "loaded_lost": lambda d, w, p: tr("Your {goods} was taken.", goods=goods(d["coins"], d["contracts"])),
    "card_played": lambda d, w, p: tr("{name} plays {card} from their hand.", name=w, card=card_name(d["card"])),
    "attraction_taken": lambda d, w, p: tr("{name} takes {card} from {owner}'s Tableau.", name=w,
                                           card=card_name(d["card"]), owner=p[d["owner"]]),
    "attraction_discarded": lambda d, w, p: tr("{name}'s {by} discards {card} from {owner}'s Tableau.", name=w,
                                               by=card_name(d["by"]), card=card_name(d["card"]), owner=p[d["owner"]]),
    "contract_returned": lambda d, w, p: tr("{name} returns a Contract to the bag.", name=w),
    "card_copied": lambda d, w, p: tr("{name}'s {card} copies {owner}'s {copied}.", name=w,
                                      card=card_name(d["card"]), owner=p[d["owner"]], copied=card_name(d["copied"])),
    "game_ends": lambda d, w, p: tr("Every hand is down to 3 cards: the game ends."),
    "exposure": lambda d, w, p: tr("Screens are lifted: {holdings}.", holdings="; ".join(
        _holding(p[s], d["coins"][s], d["contracts"][s]) for s in range(len(p)))),
    "game_over": lambda d, w, p: tr("The final scores are in."),
}


def describe_action(action: Action, players: Sequence[str]) -> str:
    a: Any = action
    labels: dict[str, Callable[[], str]] = {
        "draft_pick": lambda: tr("Keep {card}", card=card_name(a.card)),
        "place_attraction": lambda: tr("Place {card} in your Tableau", card=card_name(a.card)),
        "place_nothing": lambda: tr("Place no Attraction"),
        "make_offer": lambda: tr("Offer {card}", card=card_name(a.card)),
        "add_coin": lambda: tr("Put a {coin} in your wagon", coin=coin_name(a.coin)),
        "add_contract": lambda: tr("Put a {city} Contract in your wagon", city=contract_name(a.contract)),
        "take_coin": lambda: tr("Take a {coin} back", coin=coin_name(a.coin)),
        "take_contract": lambda: tr("Take a {city} Contract back", city=contract_name(a.contract)),
        "place_wagon": lambda: tr("Place your wagon next to Offer {offer} (final)", offer=a.offer + 1),
        "inspect": lambda: tr("Look into {owner}'s wagon", owner=players[a.owner]),
        "accept": lambda: tr("Accept this bid"),
        "decline": lambda: tr("Decline this bid"),
        "load_coin": lambda: tr("Load a {coin}", coin=coin_name(a.coin)),
        "load_contract": lambda: tr("Load a {city} Contract", city=contract_name(a.contract)),
        "take_loaded": lambda: tr("Take {owner}'s Loaded Wagon", owner=players[a.owner]),
        "play_card": lambda: tr("Play {card}", card=card_name(a.card)),
        "take_attraction": lambda: tr("Take {owner}'s {card}", owner=players[a.owner], card=card_name(a.card)),
        "discard_attraction": lambda: tr("Discard {owner}'s {card}", owner=players[a.owner], card=card_name(a.card)),
        "return_contract": lambda: tr("Return a {city} Contract", city=contract_name(a.contract)),
        "stop_returning": lambda: tr("Return no more Contracts"),
        "copy_card": lambda: tr("Copy {owner}'s {card}", owner=players[a.owner], card=card_name(a.card)),
    }
    return labels[action.kind]()


def _card_line(c: dict[str, Any]) -> str:
    points = tr(", {points} VP", points=c["points"]) if c["points"] else ""
    mark = tr(", {players} players", players=c["players"]) if c["players"] else ""
    return tr("{name} ({colour} {type}{points}{mark}): {text}", name=name_of(c["name"]),
              colour=colour_name(c["colour"]), type=type_name(c["type"]), points=points, mark=mark,
              text=text_of(c["text"]))


def _names(cards: Sequence[dict[str, Any]]) -> str:
    return ", ".join(name_of(c["name"]) for c in cards)


def render_text(view: dict[str, Any]) -> str:
    """A plain-text table: sellers, offers, wagons, Tableaux; then "Your ..." lines for the seat."""
    names = [p["name"] for p in view["players"]]
    lines = [tr("Dreadful Circus — round {round}, {phase}", round=view["round"], phase=phase_words(view["phase"]))]
    first = names[view["first_seller"]]
    if view["second_seller"] is not None:
        lines.append(tr("1st Seller: {first}; 2nd Seller: {second}. Deck {deck}, bag {bag} Contracts.", first=first,
                        second=names[view["second_seller"]], deck=view["deck_count"], bag=view["bag_count"]))
    else:
        lines.append(tr("1st Seller: {first}. Deck {deck}, bag {bag} Contracts.", first=first,
                        deck=view["deck_count"], bag=view["bag_count"]))
    for offer in view["offers"]:
        what = name_of(offer["card"]["name"]) if offer["card"] else tr("(face down)")
        wagons = ", ".join(names[s] for s in offer["wagons"]) or trc("dreadful circus wagons", "none")
        extra = ""
        if offer["winner"] is not None:
            extra = tr("; won by {name}", name=names[offer["winner"]])
        elif offer["done"]:
            extra = tr("; discarded")
        if offer["declined"]:
            extra += tr("; declined: {names}", names=", ".join(names[s] for s in offer["declined"]))
        lines.append(tr("Offer {number} by {seller}: {card}; wagons: {wagons}{extra}", number=offer["index"] + 1,
                        seller=names[offer["seller"]], card=what, wagons=wagons, extra=extra))
    if view["task"]:
        lines.append(tr("Resolving {card} for {name}.", card=name_of(view["task"]["card"]["name"]),
                        name=names[view["task"]["seat"]]))
    for player in view["players"]:
        tableau = _names(player["tableau"]) or trc("dreadful circus tableau", "empty")
        screen = ""
        if player["coins"] is not None:
            screen = f"; {goods(player['coins'], player['contracts'])}"
        lines.append(tr("{name}: {hand} cards in hand; Tableau: {tableau}{screen}", name=player["name"],
                        hand=player["hand_count"], tableau=tableau, screen=screen))
    if view["awaiting"]:
        lines.append(tr("Waiting for: {names}.", names=", ".join(names[s] for s in view["awaiting"])))
    if view["scores"]:
        for seat, score in enumerate(view["scores"]):
            lines.append(tr("{name} scores {total} VP.", name=names[seat], total=score["total"]))
    if view["hand"] is not None:
        lines.append(tr("Your hand: {cards}", cards="; ".join(_card_line(c) for c in view["hand"])
                        or trc("dreadful circus hand", "empty")))
        lines += own_lines(view)
    return "\n".join(lines)


def own_lines(view: dict[str, Any]) -> list[str]:
    """The seat's own secret lines after its hand ("Your screen ...", "Your wagon ...", "Your look into
    ..."): a decision's private reply shows them without the hand, whose cards are in the image."""
    names = [p["name"] for p in view["players"]]
    lines: list[str] = []
    if view["hand"] is not None:
        lines.append(tr("Your screen: {goods}", goods=goods(view["coins"], view["contracts"])))
        if view["wagon"] is not None:
            wagon = view["wagon"]
            where = (tr("Offer {number}", number=wagon["offer"] + 1) if wagon["offer"] is not None
                     else tr("no Offer chosen yet"))
            state = (trc("dreadful circus wagon", "placed") if wagon["placed"]
                     else trc("dreadful circus wagon", "not placed"))
            lines.append(tr("Your wagon ({state}, {where}): {goods}", state=state, where=where,
                            goods=goods(wagon["coins"], wagon["contracts"])))
        if view["choice"] is not None:
            lines.append(tr("Your secret choice: {card}", card=name_of(view["choice"]["name"])))
        if view["packet"]:
            lines.append(tr("Your draft packet: {cards}", cards=_names(view["packet"])))
        if view["drafted"]:
            lines.append(tr("Your drafted cards: {cards}", cards=_names(view["drafted"])))
        if view["inspecting"] is not None:
            look = view["inspecting"]
            lines.append(tr("Your look into {owner}'s wagon: {goods}", owner=names[look["owner"]],
                            goods=goods(look["coins"], look["contracts"])))
        if view["loaded"]:
            lines.append(tr("Your Loaded Wagons: {wagons}", wagons="; ".join(
                _loaded(names[w["owner"]], w["coins"], w["contracts"]) for w in view["loaded"])))
    return lines


# What an awaited player is doing while a card is resolved, after "is resolving Fire Breather:".
PUBLIC_TASK_WORDS = {
    "play_card": N_("playing a card from hand"), "swap_contracts": N_("returning Contracts to the bag"),
    "discard_attraction": N_("choosing another player's Attraction to discard"),
    "crystal_balls": N_("choosing another player's Attraction to discard"),
    "steal_collection": N_("choosing a Collection card to take"), "copy_own": N_("choosing a card to copy"),
    "copy_other": N_("choosing a card to copy"),
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
        card = name_of(selling["card"]["name"]) if selling["card"] else tr("the Offer")
        if selling["inspecting"] is not None:
            return tr("{name} is deciding whether to accept {owner}'s bid for {card}", name=name,
                      owner=players[selling["inspecting"]]["name"], card=card)
        return tr("{name} is choosing a wagon next to {card} to look into", name=name, card=card)
    task = public["task"]
    if phase in ("effect", "ending") and task is not None:
        card = name_of(task["card"]["name"])
        if task["kind"] in ("load_take", "load_keep"):
            if seat in task["loaders"]:
                return tr("{name} is loading a wagon for {card}", name=name, card=card)
            return tr("{name} is choosing a Loaded Wagon to take for {card}", name=name, card=card)
        return tr("{name} is resolving {card}: {doing}", name=name, card=card,
                  doing=tr(PUBLIC_TASK_WORDS.get(task["kind"], _DECIDING)))
    return tr("{name} is {doing}", name=name, doing=phase_words(phase))
