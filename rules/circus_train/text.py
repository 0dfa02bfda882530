"""Every sentence Circus Train shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing.

Every sentence is a whole message of the catalogue (``lang``), in the language spoken when it is asked
for; content names come through ``rules.circus_train.names``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lang import N_, listing, tr, trc, trn
from rules.circus_train import names
from rules.circus_train.actions import Action
from rules.circus_train.calendar import MONTHS, week
from rules.circus_train.content import load_content
from rules.circus_train.state import CARD_NAMES, REPUTATION_TRACK
from rules.core.events import Event
from rules.core.words import with_article


def city_name(city: str | None) -> str:
    """A city's name; "nowhere" for a train not yet on the map (see ``where``)."""
    return names.city(load_content().cities[city].name) if city else trc("circus train", "nowhere")


def where(city: str | None) -> str:
    """Where a train is: "in Boston", or "not on the map yet" (never "in nowhere")."""
    return tr("in {city}", city=city_name(city)) if city else tr("not on the map yet")


def _english_talent(talent: str, count: int = 1) -> str:
    content = load_content()
    if talent in content.specials:
        return content.specials[talent].name
    name = content.talent[talent].name
    return name[:-1] if count == 1 and name.endswith("s") else name


def talent_name(talent: str, count: int = 1) -> str:
    """A talent type's name, singular for one ("Acrobat"), else plural; a Special Character's own name."""
    content = load_content()
    if talent in content.specials:
        return names.special(content.specials[talent].name)
    english = _english_talent(talent, count)
    return names.talent(english) if english == content.talent[talent].name else names.talent_one(english)


def a_talent(talent: str) -> str:
    """"an Acrobat", "a Horse", or a Special Character's own name."""
    if talent in load_content().specials:
        return talent_name(talent)
    return names.talent_a(with_article(_english_talent(talent)))


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def talent_list(talent: dict[str, int]) -> str:
    return ", ".join(f"{n} {talent_name(t, n)}" for t, n in sorted(talent.items()) if n) or tr("no talent")


def counter_text(counter_id: str) -> str:
    content = load_content()
    counter = content.counters[counter_id]
    if counter.kind == "points":
        return tr("a {points} VP Points counter", points=counter.points)
    demands = ", ".join(f"{names.talent_short(content.talent[t].short)} {v}" for t, v in counter.demands)
    money = content.seasons[counter.season].money
    if counter.two_week:
        return tr("a two-week Performance Demand {base}+ ({demands}; ${money})", base=counter.base,
                  demands=demands, money=money)
    return tr("a Performance Demand {base}+ ({demands}; ${money})", base=counter.base, demands=demands, money=money)


def card_name(card: str) -> str:
    return names.card(CARD_NAMES[card])


def week_label(index: int) -> str:
    """"April, week 2"."""
    now = week(index)
    return tr("{month}, week {week}", month=names.month(now.month_name), week=now.week_of_month)


def reputation(level: int) -> int:
    return REPUTATION_TRACK[level]


# The final scoring's awards and penalties (``scoring``), as the event names them.
AWARDS = {"most_clowns": N_("most clowns"), "most_money": N_("most money"),
          "most_performances": N_("most performances"), "highest_reputation": N_("highest reputation")}
PENALTIES = {"no_clowns": N_("no clowns"), "no_animals": N_("no animals")}


def _award(key: str, words: dict[str, str]) -> str:
    return tr(words[key]) if key in words else key.replace("_", " ")


# ----- events --------------------------------------------------------------------------------------
def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    who = players[d["seat"]] if isinstance(d.get("seat"), int) else ""
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return sentence_start(event.kind.replace("_", " ")) + "."
    return sentence(d, who, players)


def _performed(d: dict[str, Any], who: str, players: Sequence[str]) -> str:
    parts = [tr("{points} base", points=d["base"])]
    parts += [tr("{points} {talent} (famous)", points=v, talent=talent_name(t, 2)) if t in d["famous"]
              else f"{v} {talent_name(t, 2)}" for t, v in d["talent"].items()]
    if d["past"]:
        parts.append(tr("{points} from past performances", points=d["past"]))
    if d["bonus"]:
        parts.append(tr("{points} bonus", points=d["bonus"]))
    fields = {"who": who, "city": city_name(d["city"]), "rating": d["rating"], "parts": " + ".join(parts),
              "money": d["money"]}
    if d["new_best"]:
        text = tr("{who} performs in {city} for {rating} points ({parts}) and earns ${money} — a new Best "
                  "Performance!", **fields)
    else:
        text = tr("{who} performs in {city} for {rating} points ({parts}) and earns ${money}.", **fields)
    if d["ronald"]:
        text += " " + tr("Ringmaster Ronald makes the {talent} famous.", talent=talent_name(d["ronald"], 2))
    return text


def _roll(d: dict[str, Any]) -> str:
    """The die roll and its modifier, in figures: "4", "4 + 1"."""
    return f"{d['roll']} + {d['modifier']}" if d.get("modifier") else str(d["roll"])


def _game_over(d: dict[str, Any], players: Sequence[str]) -> str:
    winners = listing([players[s] for s in d["winners"]])
    if d.get("result"):
        # The solitaire result is stored in English (scoring.SOLITAIRE_CHART): it is translated as shown.
        return tr("The circus season is over. Winner: {winners}. {result}", winners=winners, result=tr(d["result"]))
    return tr("The circus season is over. Winner: {winners}.", winners=winners)


def _rest_bonus(d: dict[str, Any], who: str) -> str:
    if d["choice"] == "reputation":
        return tr("{who} rests in Canada and gains a Reputation level.", who=who)
    if d["choice"] == "clowns":
        return tr("{who} rests in Canada and gains a free Clown.", who=who)
    if d["choice"] == "acrobats":
        return tr("{who} rests in Canada and gains a free Acrobat.", who=who)
    return tr("{who} rests in Canada and gains a free {talent}.", who=who, talent=talent_name(d["choice"]))


def _released(d: dict[str, Any], who: str) -> str:
    talent = names.talent_a(with_article(_english_talent(d["talent"])))
    if d["forced"]:
        return tr("{who} cannot pay and releases {talent}.", who=who, talent=talent)
    return tr("{who} red-lights {talent}.", who=who, talent=talent)


def _event_title(d: dict[str, Any]) -> str:
    return names.event_title(load_content().events[d["event"]].title)


def _event_drawn(d: dict[str, Any]) -> str:
    card = load_content().events[d["event"]]
    return tr("Event: {title}. {text}", title=names.event_title(card.title), text=names.event_text(card.text))


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "talent_picked": lambda d, w, p: tr("{who} takes {talent} counter.", who=w, talent=a_talent(d["talent"])),
    "start_city": lambda d, w, p: tr("{who}'s circus train starts in {city}.", who=w, city=city_name(d["city"])),
    "counter_placed": lambda d, w, p: tr("{counter} appears in {city}.", counter=sentence_start(
        counter_text(d["counter"])), city=city_name(d["city"])),
    "bankrupt_circus": lambda d, w, p: tr("A circus goes bankrupt in {city}: {talent} wait to be hired.",
                                          city=city_name(d["city"]), talent=talent_list(d["talent"])),
    "bankrupt_empty": lambda d, w, p: tr("A bankrupt circus in {city} has no talent left to offer; another counter "
                                         "is drawn there.", city=city_name(d["city"])),
    "city_cleared": lambda d, w, p: tr("The news in {city} is replaced.", city=city_name(d["city"])),
    "two_week_lost": lambda d, w, p: tr("{who}'s two-week show in {city} is lost: its counter was replaced.",
                                        who=w, city=city_name(d["city"])),
    "special_arrives": lambda d, w, p: tr("{special} turns up in {city}.", special=talent_name(d["special"]),
                                          city=city_name(d["city"])),
    "special_returned_to_bag": lambda d, w, p: tr("A second Special Character goes back into the bag."),
    "special_leaves": lambda d, w, p: tr("{special} leaves {city} for the Special Character Bank.",
                                         special=talent_name(d["special"]), city=city_name(d["city"])),
    "destinations_reshuffled": lambda d, w, p: tr("The City cards are reshuffled."),
    "season_changed": lambda d, w, p: tr("A new season: the {season} Local News counters go into the bag.",
                                         season=names.season(d["season"])),
    "week_begins": lambda d, w, p: tr("{week} begins.", week=week_label(d["week"])),
    "month_ends": lambda d, w, p: tr("End of {month}: scoring.", month=names.month(MONTHS[d["month"]])),
    "first_player": lambda d, w, p: tr("{who} is now the first player.", who=w),
    "most_talent": lambda d, w, p: tr("{who} has the most {talent} and scores {vp} VP.", who=w,
                                      talent=talent_name(d["talent"], 2), vp=d["vp"]),
    "april_performers": lambda d, w, p: tr("{who} performed in April and scores {vp} VP.", who=w, vp=d["vp"]),
    "best_performance_vp": lambda d, w, p: tr("{who} scores {vp} VP for a Best Performance of {best}.", who=w,
                                              vp=d["vp"], best=d["best"]),
    "taxes": lambda d, w, p: tr("{who} still holds the Wages card: taxes cost {vp} VP and ${paid}.", who=w,
                                vp=d["vp"], paid=d["paid"]),
    "final_award": lambda d, w, p: tr("{who} scores {vp} VP for {award}.", who=w, vp=d["vp"],
                                      award=_award(d["award"], AWARDS)),
    "final_penalty": lambda d, w, p: tr("{who} loses {vp} VP: {penalty}.", who=w, vp=d["vp"],
                                        penalty=_award(d["penalty"], PENALTIES)),
    "game_over": lambda d, w, p: _game_over(d, p),
    "event_discarded": lambda d, w, p: tr("The event {title} ends.", title=_event_title(d)),
    "event_drawn": lambda d, w, p: _event_drawn(d),
    "event_money": lambda d, w, p: (tr("{who} gains ${amount}.", who=w, amount=d["amount"]) if d["amount"] >= 0
                                    else tr("{who} loses ${amount}.", who=w, amount=abs(d["amount"]))),
    "event_vp": lambda d, w, p: tr("{who} gains {vp} VP.", who=w, vp=d["vp"]),
    "event_talent_lost": lambda d, w, p: tr("{who} loses {talent} counter to the bank.", who=w,
                                            talent=a_talent(d["talent"])),
    "event_special_lost": lambda d, w, p: tr("{special} leaves {who}'s circus.", special=talent_name(d["special"]),
                                             who=w),
    "wages_paid": lambda d, w, p: tr("{who} pays ${amount} in wages.", who=w, amount=d["amount"]),
    "released": lambda d, w, p: _released(d, w),
    "reputation_changed": lambda d, w, p: tr("{who}'s Reputation is now {level}.", who=w,
                                             level=reputation(d["level"])),
    "vp_lost": lambda d, w, p: tr("{who} loses {vp} VP.", who=w, vp=d["vp"]),
    "card_played": lambda d, w, p: tr("{who} plays {card}.", who=w, card=card_name(d["card"])),
    "card_replayed": lambda d, w, p: (
        tr("{who} replays {card} from the discards for {vp} VP.", who=w, card=card_name(d["card"]), vp=d["vp"])
        if "vp" in d else tr("{who} replays {card} from the discards for two Reputation levels.", who=w,
                             card=card_name(d["card"]))),
    "eddie_replay": lambda d, w, p: tr("Engineer Eddie lets {who} replay {card} for free.", who=w,
                                       card=card_name(d["card"])),
    "pocketed": lambda d, w, p: tr("{who} pockets ${amount} of wages; Reputation falls to {level}.", who=w,
                                   amount=d["amount"], level=reputation(d["level"])),
    "sam_reputation": lambda d, w, p: tr("Smuggler Sam raises {who}'s Reputation to {level}.", who=w,
                                         level=reputation(d["level"])),
    "moved": lambda d, w, p: tr("{who} travels from {origin} to {city}.", who=w, origin=city_name(d["origin"]),
                                city=city_name(d["city"])),
    "stayed": lambda d, w, p: tr("{who} stays in {city}.", who=w, city=city_name(d["city"])),
    "points_scored": lambda d, w, p: tr("{who} collects the {vp} VP Points counter in {city}.", who=w, vp=d["vp"],
                                        city=city_name(d["city"])),
    "nothing_to_do": lambda d, w, p: tr("{who} has nothing to perform or hire here.", who=w),
    "recruit_roll": lambda d, w, p: (
        tr("{who} rolls {roll} to recruit {special}: recruited!", who=w, roll=_roll(d),
           special=talent_name(d["special"])) if d["success"]
        else tr("{who} rolls {roll} to recruit {special}: no luck.", who=w, roll=_roll(d),
                special=talent_name(d["special"]))),
    "two_week_abandoned": lambda d, w, p: tr("{who} abandons the two-week show in {city}.", who=w,
                                             city=city_name(d["city"])),
    "two_week_started": lambda d, w, p: tr("{who} opens a two-week show in {city}; it must be completed with a "
                                           "Perform action next turn.", who=w, city=city_name(d["city"])),
    "performed": _performed,
    "smuggled": lambda d, w, p: tr("Smuggler Sam brings {talent} to {who}'s circus.", talent=a_talent(d["talent"]),
                                   who=w),
    "hire_roll": lambda d, w, p: (
        tr("{who} rolls {roll} for {talent} in {city}: hired!", who=w, roll=_roll(d), talent=a_talent(d["talent"]),
           city=city_name(d["city"])) if d["success"]
        else tr("{who} rolls {roll} for {talent} in {city}: the attempt fails.", who=w, roll=_roll(d),
                talent=a_talent(d["talent"]), city=city_name(d["city"]))),
    "bought_failed": lambda d, w, p: tr("{who} buys the {talent} for ${price}.", who=w,
                                        talent=talent_name(d["talent"]), price=d["price"]),
    "steal_roll": lambda d, w, p: (
        tr("{who} rolls {roll} to steal {talent} from {target}: stolen!", who=w, roll=_roll(d),
           talent=a_talent(d["talent"]), target=p[d["target"]]) if d["success"]
        else tr("{who} rolls {roll} to steal {talent} from {target}: foiled.", who=w, roll=_roll(d),
                talent=a_talent(d["talent"]), target=p[d["target"]])),
    "overnight_hire_discarded": lambda d, w, p: tr("{who} loses talent and must discard Overnight Hire.", who=w),
    "bought_from_bank": lambda d, w, p: tr("{who} buys {talent} from the bank for ${price}.", who=w,
                                           talent=a_talent(d["talent"]), price=d["price"]),
    "parade": lambda d, w, p: (
        tr("{who} holds a Circus Parade for $10 and gains a Reputation level.", who=w)
        if d["reward"] == "reputation" else tr("{who} holds a Circus Parade for $10 and gains 2 VP.", who=w)),
    "rest_bonus": lambda d, w, p: _rest_bonus(d, w),
    "released_to_bank": lambda d, w, p: tr("{who}'s released {talent} return to the Talent Bank.", who=w,
                                           talent=talent_list(d["talent"])),
    "released_placed": lambda d, w, p: tr("{chooser} sends {who}'s released {talent} to {city}.",
                                          chooser=p[d["chooser"]], who=w, talent=talent_list(d["talent"]),
                                          city=city_name(d["city"])),
    "long_month_steal": lambda d, w, p: tr("{who}, with the fewest VP, takes {talent} from {target}.", who=w,
                                           talent=a_talent(d["talent"]), target=p[d["target"]]),
    "passed": lambda d, w, p: tr("{who} passes.", who=w),
    "hand_refilled": lambda d, w, p: tr("{who} takes back {cards} Action cards.", who=w, cards=d["cards"]),
}


# ----- actions and prompts ---------------------------------------------------------------------------
def _rest_label(choice: str) -> str:
    if choice == "reputation":
        return tr("+1 Reputation")
    if choice == "clowns":
        return tr("Take a free Clown")
    if choice == "acrobats":
        return tr("Take a free Acrobat")
    return tr("Take a free {talent}", talent=talent_name(choice))


def describe_action(action: Action, players: Sequence[str]) -> str:
    k = action.kind
    a: Any = action
    labels: dict[str, Callable[[], str]] = {
        "pick_talent": lambda: tr("Take {talent}", talent=a_talent(a.talent)),
        "choose_start": lambda: tr("Start in {city}", city=city_name(a.city)),
        "play_card": lambda: tr("Play {card}", card=card_name(a.card)),
        "replay_card": lambda: tr("Replay {card} from your discards", card=card_name(a.card)),
        "eddie_replay": lambda: tr("Replay {card} free with Engineer Eddie", card=card_name(a.card)),
        "pocket_wages": lambda: tr("Pocket ${amount} of wages (-{levels} Reputation)", amount=a.amount,
                                   levels=a.amount // 5),
        "sam_reputation": lambda: tr("Send Smuggler Sam away for +1 Reputation"),
        "travel": lambda: tr("Travel to {city}", city=city_name(a.city)),
        "stay_put": lambda: tr("Stay where you are"),
        "recruit": lambda: tr("Roll to recruit the Special Character here"),
        "perform": lambda: tr("Perform here"),
        "try_hire": lambda: (tr("Take {talent} with Smuggler Sam", talent=a_talent(a.talent)) if a.smuggle
                             else tr("Roll to hire {talent}", talent=a_talent(a.talent))),
        "buy_failed": lambda: tr("Buy it for $10"),
        "decline_buy": lambda: tr("Don't buy it"),
        "stop_hiring": lambda: tr("Stop hiring"),
        "steal": lambda: tr("Steal {talent} from {target}", talent=listing([talent_name(t) for t in a.talents]),
                            target=players[a.target]),
        "buy_talent": lambda: tr("Buy {talent} from the bank", talent=a_talent(a.talent)),
        "circus_parade": lambda: (tr("Circus Parade for $10: +1 Reputation") if a.reward == "reputation"
                                  else tr("Circus Parade for $10: +2 VP")),
        "rest_bonus": lambda: _rest_label(a.choice),
        "release": lambda: tr("Release {talent}", talent=a_talent(a.talent)),
        "pay_wages": lambda: tr("Pay the wages"),
        "place_released": lambda: tr("Send the released talent to {city}", city=city_name(a.city)),
        "long_month_steal": lambda: tr("Take {talent} from {target}", talent=a_talent(a.talent),
                                       target=players[a.target]),
        "pass": lambda: trc("circus train", "Pass"),
    }
    return labels[k]()


def _season_words(season: str) -> str:
    return tr("{season} season", season=names.season(season))


def render_text(view: dict[str, Any]) -> str:
    """A plain-text board: calendar, event, cities with news, and every circus."""
    content = load_content()
    lines = [tr("Circus Train — {week} ({season})", week=week_label(view["week"]),
                season=_season_words(view["season"]))]
    if view.get("event"):
        lines.append(tr("Event: {title} — {text}", title=names.event_title(view["event"]["title"]),
                        text=names.event_text(view["event"]["text"])))
    lines.append(trc("circus train", "Cities:"))
    for city, news in sorted(view["board"].items()):
        parts = []
        if news.get("counter"):
            parts.append(counter_text(news["counter"]))
        if news.get("talent"):
            parts.append(talent_list(news["talent"]))
        parts += [talent_name(s) for s in news.get("specials", [])]
        trains = [p["name"] for p in view["players"] if p["position"] == city]
        if trains:
            parts.append(tr("trains: {names}", names=", ".join(trains)))
        lines.append(f"  {names.city(content.cities[city].name)}: " + "; ".join(parts))
    for player in view["players"]:
        fields = {"name": player["name"], "vp": player["vp"], "best": player["best"], "money": player["money"],
                  "reputation": player.get("reputation"), "where": where(player["position"]),
                  "talent": talent_list(player["talent"])
                  + (" + " + ", ".join(talent_name(s) for s in player["specials"]) if player["specials"] else ""),
                  "performances": trn("{n} performance", "{n} performances", len(player["performances"])),
                  "discards": ", ".join(card_name(c) for c in player["discards"]) or trc("circus train", "none")}
        if player.get("reputation") is not None:
            lines.append(tr("{name}: {vp} VP, Best {best}, ${money}, Reputation {reputation}, {where}; {talent}; "
                            "{performances}; discards: {discards}", **fields))
        else:
            lines.append(tr("{name}: {vp} VP, Best {best}, ${money}, {where}; {talent}; {performances}; "
                            "discards: {discards}", **fields))
    if view.get("hand") is not None:
        lines.append(tr("Your hand: {cards}", cards=", ".join(card_name(c) for c in view["hand"])))
    return "\n".join(lines)
