"""Alt text for the Circus Train images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only public keys (never ``hand``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lang import listing, tr, trc, trn
from render.circus_train.header import step_label
from render.circus_train.layout import SEASON_STYLES, View
from render.common import join_description, seat_names
from rules.circus_train import names
from rules.circus_train.calendar import MONTHS
from rules.circus_train.content import load_content
from rules.circus_train.state import CARD_NAMES
from rules.circus_train.text import talent_list


def _city(city: object) -> str:
    cities = load_content().cities
    return names.city(cities[str(city)].name) if str(city) in cities else str(city).replace("_", " ").title()


def _special(special: object) -> str:
    specials = load_content().specials
    return names.special(specials[str(special)].name) if str(special) in specials else str(special)


def _card(card: object) -> str:
    return names.card(CARD_NAMES[str(card)]) if str(card) in CARD_NAMES else str(card)


def _talent(talent: Mapping[str, Any]) -> str:
    return talent_list({str(t): int(n) for t, n in talent.items()})


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    facts = [f"${player.get('money', 0)}", trc("circus train", "{vp} VP", vp=player.get("vp", 0)),
             tr("best performance {best}", best=player.get("best", 0))]
    if player.get("reputation") is not None:
        facts.append(tr("reputation {level}", level=player["reputation"]))
    where = tr("in {city}", city=_city(player["position"])) if player.get("position") else tr("not on the map yet")
    facts.append(where)
    facts.append(trn("{n} card in hand", "{n} cards in hand", int(player.get("hand_count") or 0)))
    return tr("{name}: {facts}.", name=name, facts=", ".join(facts))


def _troupe(player: Mapping[str, Any], name: str) -> str:
    """A player's talent and Special Characters, after every player's short line."""
    talent = _talent(player.get("talent") or {})
    if player.get("specials"):
        return tr("{name}'s troupe: {talent}, with {specials}.", name=name, talent=talent,
                  specials=listing([_special(s) for s in player["specials"]]))
    return tr("{name}'s troupe: {talent}.", name=name, talent=talent)


def _news(view: View) -> str:
    content = load_content()
    parts = []
    for city, news in sorted((view.get("board") or {}).items()):
        bits = []
        counter = news.get("counter")
        if counter and counter in content.counters:
            c = content.counters[counter]
            if c.kind == "performance":
                demands = ", ".join(f"{names.talent(content.talent[t].name)} {v}" for t, v in c.demands
                                    if t in content.talent)
                bits.append(tr("Performance Demand {base}+ ({demands})", base=c.base, demands=demands) if demands
                            else tr("Performance Demand {base}+", base=c.base))
            elif c.kind == "points":
                bits.append(tr("{vp} VP counter", vp=c.points))
        if news.get("talent"):
            bits.append(tr("{talent} for hire", talent=_talent(news["talent"])))
        if news.get("specials"):
            bits.append(listing([_special(s) for s in news["specials"]]))
        if bits:
            parts.append(f"{_city(city)}: " + "; ".join(bits))
    return tr("Cities with news — {cities}.", cities=". ".join(parts)) if parts else tr("No city has news.")


def describe_board(view: View) -> str:
    """The public board in words: the week, who acts, every player's money, VP, place and talent, the
    event and the cities with news."""
    month = str(view.get("month", ""))
    season = str(view.get("season", ""))
    lines = [tr("Circus Train board, {month} week {week_of_month} (week {week}), {season} season, {cities} cities "
                "required.", month=names.month(month) if month in MONTHS else month,
                week_of_month=view.get("week_of_month", ""), week=view.get("week", ""),
                season=names.season(season) if season in SEASON_STYLES else season,
                cities=view.get("cities_required", ""))]
    awaiting = view.get("awaiting")
    seats = _names(view)
    if view.get("over"):
        lines.append(tr("The season is over."))
    elif awaiting and 0 <= int(awaiting.get("seat", -1)) < len(seats):
        step = step_label(str(awaiting.get("step", "")))
        card = awaiting.get("card")
        who = seats[int(awaiting["seat"])]
        lines.append(tr("{name} to act: {step} ({card}).", name=who, step=step, card=_card(card)) if card
                     else tr("{name} to act: {step}.", name=who, step=step))
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_player(view, player, seats[seat]))
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_troupe(player, seats[seat]))
    event = view.get("event")
    if event:
        lines.append(tr("Event: {title}.", title=names.event_title(str(event.get("title", "")))))
    lines.append(_news(view))
    lines.append(tr("Draw bag {n}.", n=view.get("bag_count", 0)))
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own hand in words (the cards it holds)."""
    seat = view.get("seat")
    hand = view.get("hand")
    if seat is None or hand is None:
        raise ValueError("describe_hand needs the view of a seat (a spectator view has no hand)")
    name = _names(view)[int(seat)]
    cards = [_card(card) for card in hand]
    held = trn("{n} card", "{n} cards", len(cards))
    lines = [tr("{name}'s hand: {cards}: {names}.", name=name, cards=held, names=", ".join(cards)) if cards
             else tr("{name}'s hand: {cards}.", name=name, cards=held)]
    player = (view.get("players") or [])[int(seat)]
    lines.append(tr("You have ${money} and {vp} VP.", money=player.get("money", 0), vp=player.get("vp", 0)))
    return join_description(lines)
