"""Every sentence Circus Train shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.circus_train.actions import Action
from rules.circus_train.calendar import MONTHS, week
from rules.circus_train.content import load_content
from rules.circus_train.state import CARD_NAMES, REPUTATION_TRACK
from rules.core.events import Event
from rules.core.words import count, listing, with_article


def city_name(city: str | None) -> str:
    """A city's name; "nowhere" for a train not yet on the map (see ``where``)."""
    return load_content().cities[city].name if city else "nowhere"


def where(city: str | None) -> str:
    """Where a train is: "in Boston", or "not on the map yet" (never "in nowhere")."""
    return f"in {city_name(city)}" if city else "not on the map yet"


def talent_name(talent: str, count: int = 1) -> str:
    content = load_content()
    if talent in content.specials:
        return content.specials[talent].name
    name = content.talent[talent].name
    return name[:-1] if count == 1 and name.endswith("s") else name


def a_talent(talent: str) -> str:
    """"an Acrobat", "a Horse", or a Special Character's own name."""
    name = talent_name(talent)
    if talent in load_content().specials:
        return name
    return with_article(name)


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def talent_list(talent: dict[str, int]) -> str:
    return ", ".join(f"{n} {talent_name(t, n)}" for t, n in sorted(talent.items()) if n) or "no talent"


def counter_text(counter_id: str) -> str:
    counter = load_content().counters[counter_id]
    if counter.kind == "points":
        return f"a {counter.points} VP Points counter"
    demands = ", ".join(f"{load_content().talent[t].short} {v}" for t, v in counter.demands)
    weeks = " two-week" if counter.two_week else ""
    money = load_content().seasons[counter.season].money
    return f"a{weeks} Performance Demand {counter.base}+ ({demands}; ${money})"


def card_name(card: str) -> str:
    return CARD_NAMES[card]


# ----- events --------------------------------------------------------------------------------------
def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    who = players[d["seat"]] if isinstance(d.get("seat"), int) else ""
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return sentence_start(event.kind.replace("_", " ")) + "."
    return sentence(d, who, players)


def _performed(d: dict[str, Any], who: str, players: Sequence[str]) -> str:
    parts = [f"{d['base']} base"]
    parts += [f"{v} {talent_name(t, 2)}{' (famous)' if t in d['famous'] else ''}" for t, v in d["talent"].items()]
    if d["past"]:
        parts.append(f"{d['past']} from past performances")
    if d["bonus"]:
        parts.append(f"{d['bonus']} bonus")
    best = " — a new Best Performance!" if d["new_best"] else ""
    ronald = f" Ringmaster Ronald makes the {talent_name(d['ronald'], 2)} famous." if d["ronald"] else ""
    return (f"{who} performs in {city_name(d['city'])} for {d['rating']} points ({' + '.join(parts)}) "
            f"and earns ${d['money']}{best}.{ronald}")


def _roll(d: dict[str, Any]) -> str:
    mod = f" + {d['modifier']}" if d.get("modifier") else ""
    return f"rolls {d['roll']}{mod}"


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "talent_picked": lambda d, w, p: f"{w} takes {a_talent(d['talent'])} counter.",
    "start_city": lambda d, w, p: f"{w}'s circus train starts in {city_name(d['city'])}.",
    "counter_placed": lambda d, w, p: f"{sentence_start(counter_text(d['counter']))} appears in "
                                      f"{city_name(d['city'])}.",
    "bankrupt_circus": lambda d, w, p: f"A circus goes bankrupt in {city_name(d['city'])}: "
                                       f"{talent_list(d['talent'])} wait to be hired.",
    "bankrupt_empty": lambda d, w, p: f"A bankrupt circus in {city_name(d['city'])} has no talent left to "
                                      "offer; another counter is drawn there.",
    "city_cleared": lambda d, w, p: f"The news in {city_name(d['city'])} is replaced.",
    "two_week_lost": lambda d, w, p: f"{w}'s two-week show in {city_name(d['city'])} is lost: its counter "
                                     "was replaced.",
    "special_arrives": lambda d, w, p: f"{talent_name(d['special'])} turns up in {city_name(d['city'])}.",
    "special_returned_to_bag": lambda d, w, p: "A second Special Character goes back into the bag.",
    "special_leaves": lambda d, w, p: f"{talent_name(d['special'])} leaves {city_name(d['city'])} for the "
                                      "Special Character Bank.",
    "destinations_reshuffled": lambda d, w, p: "The City cards are reshuffled.",
    "season_changed": lambda d, w, p: f"A new season: the {d['season']} Local News counters go into the bag.",
    "week_begins": lambda d, w, p: f"{week(d['week']).label()} begins.",
    "month_ends": lambda d, w, p: f"End of {MONTHS[d['month']]}: scoring.",
    "first_player": lambda d, w, p: f"{w} is now the first player.",
    "most_talent": lambda d, w, p: f"{w} has the most {talent_name(d['talent'], 2)} and scores {d['vp']} VP.",
    "april_performers": lambda d, w, p: f"{w} performed in April and scores {d['vp']} VP.",
    "best_performance_vp": lambda d, w, p: f"{w} scores {d['vp']} VP for a Best Performance of {d['best']}.",
    "taxes": lambda d, w, p: f"{w} still holds the Wages card: taxes cost {d['vp']} VP and ${d['paid']}.",
    "final_award": lambda d, w, p: f"{w} scores {d['vp']} VP for {d['award'].replace('_', ' ')}.",
    "final_penalty": lambda d, w, p: f"{w} loses {d['vp']} VP: {d['penalty'].replace('_', ' ')}.",
    "game_over": lambda d, w, p: "The circus season is over. Winner: "
                                 + listing([p[s] for s in d["winners"]]) + "."
                                 + (f" {d['result']}" if d.get("result") else ""),
    "event_discarded": lambda d, w, p: f"The event {load_content().events[d['event']].title} ends.",
    "event_drawn": lambda d, w, p: f"Event: {load_content().events[d['event']].title}. "
                                   f"{load_content().events[d['event']].text}",
    "event_money": lambda d, w, p: f"{w} {'gains' if d['amount'] >= 0 else 'loses'} ${abs(d['amount'])}.",
    "event_vp": lambda d, w, p: f"{w} gains {d['vp']} VP.",
    "event_talent_lost": lambda d, w, p: f"{w} loses {a_talent(d['talent'])} counter to the bank.",
    "event_special_lost": lambda d, w, p: f"{talent_name(d['special'])} leaves {w}'s circus.",
    "wages_paid": lambda d, w, p: f"{w} pays ${d['amount']} in wages.",
    "released": lambda d, w, p: f"{w} {'cannot pay and releases' if d['forced'] else 'red-lights'} "
                                f"{with_article(talent_name(d['talent']))}.",
    "reputation_changed": lambda d, w, p: f"{w}'s Reputation is now {REPUTATION_TRACK[d['level']]}.",
    "vp_lost": lambda d, w, p: f"{w} loses {d['vp']} VP.",
    "card_played": lambda d, w, p: f"{w} plays {card_name(d['card'])}.",
    "card_replayed": lambda d, w, p: f"{w} replays {card_name(d['card'])} from the discards"
                                     + (f" for {d['vp']} VP." if "vp" in d else " for two Reputation levels."),
    "eddie_replay": lambda d, w, p: f"Engineer Eddie lets {w} replay {card_name(d['card'])} for free.",
    "pocketed": lambda d, w, p: f"{w} pockets ${d['amount']} of wages; Reputation falls to "
                                f"{REPUTATION_TRACK[d['level']]}.",
    "sam_reputation": lambda d, w, p: f"Smuggler Sam raises {w}'s Reputation to {REPUTATION_TRACK[d['level']]}.",
    "moved": lambda d, w, p: f"{w} travels from {city_name(d['origin'])} to {city_name(d['city'])}.",
    "stayed": lambda d, w, p: f"{w} stays in {city_name(d['city'])}.",
    "points_scored": lambda d, w, p: f"{w} collects the {d['vp']} VP Points counter in {city_name(d['city'])}.",
    "nothing_to_do": lambda d, w, p: f"{w} has nothing to perform or hire here.",
    "recruit_roll": lambda d, w, p: f"{w} {_roll(d)} to recruit {talent_name(d['special'])}: "
                                    + ("recruited!" if d["success"] else "no luck."),
    "two_week_abandoned": lambda d, w, p: f"{w} abandons the two-week show in {city_name(d['city'])}.",
    "two_week_started": lambda d, w, p: f"{w} opens a two-week show in {city_name(d['city'])}; it must be "
                                        "completed with a Perform action next turn.",
    "performed": _performed,
    "smuggled": lambda d, w, p: f"Smuggler Sam brings {a_talent(d['talent'])} to {w}'s circus.",
    "hire_roll": lambda d, w, p: f"{w} {_roll(d)} for {a_talent(d['talent'])} in {city_name(d['city'])}: "
                                 + ("hired!" if d["success"] else "the attempt fails."),
    "bought_failed": lambda d, w, p: f"{w} buys the {talent_name(d['talent'])} for ${d['price']}.",
    "steal_roll": lambda d, w, p: f"{w} {_roll(d)} to steal {a_talent(d['talent'])} from "
                                  f"{p[d['target']]}: " + ("stolen!" if d["success"] else "foiled."),
    "overnight_hire_discarded": lambda d, w, p: f"{w} loses talent and must discard Overnight Hire.",
    "bought_from_bank": lambda d, w, p: f"{w} buys {a_talent(d['talent'])} from the bank for ${d['price']}.",
    "parade": lambda d, w, p: f"{w} holds a Circus Parade for $10 and gains "
                              + ("a Reputation level." if d["reward"] == "reputation" else "2 VP."),
    "rest_bonus": lambda d, w, p: f"{w} rests in Canada and gains "
                                  + ("a Reputation level." if d["choice"] == "reputation"
                                     else f"a free {talent_name(d['choice'])}."),
    "released_to_bank": lambda d, w, p: f"{w}'s released {talent_list(d['talent'])} return to the Talent Bank.",
    "released_placed": lambda d, w, p: f"{p[d['chooser']]} sends {w}'s released {talent_list(d['talent'])} "
                                       f"to {city_name(d['city'])}.",
    "long_month_steal": lambda d, w, p: f"{w}, with the fewest VP, takes {a_talent(d['talent'])} from "
                                        f"{p[d['target']]}.",
    "passed": lambda d, w, p: f"{w} passes.",
    "hand_refilled": lambda d, w, p: f"{w} takes back {d['cards']} Action cards.",
}


# ----- actions and prompts ---------------------------------------------------------------------------
def describe_action(action: Action, players: Sequence[str]) -> str:
    k = action.kind
    a: Any = action
    labels: dict[str, Callable[[], str]] = {
        "pick_talent": lambda: f"Take {a_talent(a.talent)}",
        "choose_start": lambda: f"Start in {city_name(a.city)}",
        "play_card": lambda: f"Play {card_name(a.card)}",
        "replay_card": lambda: f"Replay {card_name(a.card)} from your discards",
        "eddie_replay": lambda: f"Replay {card_name(a.card)} free with Engineer Eddie",
        "pocket_wages": lambda: f"Pocket ${a.amount} of wages (-{a.amount // 5} Reputation)",
        "sam_reputation": lambda: "Send Smuggler Sam away for +1 Reputation",
        "travel": lambda: f"Travel to {city_name(a.city)}",
        "stay_put": lambda: "Stay where you are",
        "recruit": lambda: "Roll to recruit the Special Character here",
        "perform": lambda: "Perform here",
        "try_hire": lambda: (f"Take {a_talent(a.talent)} with Smuggler Sam" if a.smuggle
                             else f"Roll to hire {a_talent(a.talent)}"),
        "buy_failed": lambda: "Buy it for $10",
        "decline_buy": lambda: "Don't buy it",
        "stop_hiring": lambda: "Stop hiring",
        "steal": lambda: f"Steal {' and '.join(talent_name(t) for t in a.talents)} from {players[a.target]}",
        "buy_talent": lambda: f"Buy {a_talent(a.talent)} from the bank",
        "circus_parade": lambda: "Circus Parade for $10: " + ("+1 Reputation" if a.reward == "reputation"
                                                               else "+2 VP"),
        "rest_bonus": lambda: ("+1 Reputation" if a.choice == "reputation"
                               else f"Take a free {talent_name(a.choice)}"),
        "release": lambda: f"Release {a_talent(a.talent)}",
        "pay_wages": lambda: "Pay the wages",
        "place_released": lambda: f"Send the released talent to {city_name(a.city)}",
        "long_month_steal": lambda: f"Take {a_talent(a.talent)} from {players[a.target]}",
        "pass": lambda: "Pass",
    }
    return labels[k]()


def render_text(view: dict[str, Any]) -> str:
    """A plain-text board: calendar, event, cities with news, and every circus."""
    content = load_content()
    lines = [f"Circus Train — {week(view['week']).label()} ({view['season']} season)"]
    if view.get("event"):
        lines.append(f"Event: {view['event']['title']} — {view['event']['text']}")
    lines.append("Cities:")
    for city, news in sorted(view["board"].items()):
        parts = []
        if news.get("counter"):
            parts.append(counter_text(news["counter"]))
        if news.get("talent"):
            parts.append(talent_list(news["talent"]))
        parts += [talent_name(s) for s in news.get("specials", [])]
        trains = [p["name"] for p in view["players"] if p["position"] == city]
        if trains:
            parts.append("trains: " + ", ".join(trains))
        lines.append(f"  {content.cities[city].name}: " + "; ".join(parts))
    for player in view["players"]:
        rep = f", Reputation {player['reputation']}" if player.get("reputation") is not None else ""
        lines.append(f"{player['name']}: {player['vp']} VP, Best {player['best']}, ${player['money']}{rep}, "
                     f"{where(player['position'])}; {talent_list(player['talent'])}"
                     + (" + " + ", ".join(talent_name(s) for s in player["specials"]) if player["specials"] else "")
                     + f"; {count(len(player['performances']), 'performance')}; "
                     + f"discards: {', '.join(card_name(c) for c in player['discards']) or 'none'}")
    if view.get("hand") is not None:
        lines.append("Your hand: " + ", ".join(card_name(c) for c in view["hand"]))
    return "\n".join(lines)
