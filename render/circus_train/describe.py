"""Alt text for the Circus Train images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only public keys (never ``hand``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.circus_train.header import STEP_LABELS
from render.circus_train.layout import View
from render.common import join_description, names_list, seat_names
from rules.circus_train.content import load_content
from rules.circus_train.state import CARD_NAMES
from rules.circus_train.text import talent_list
from rules.core.words import count


def _city(city: object) -> str:
    cities = load_content().cities
    return cities[str(city)].name if str(city) in cities else str(city).replace("_", " ").title()


def _talent(talent: Mapping[str, Any]) -> str:
    return talent_list({str(t): int(n) for t, n in talent.items()})


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    facts = [f"${player.get('money', 0)}", f"{player.get('vp', 0)} VP", f"best performance {player.get('best', 0)}"]
    if player.get("reputation") is not None:
        facts.append(f"reputation {player['reputation']}")
    where = f"in {_city(player['position'])}" if player.get("position") else "not on the map yet"
    facts.append(where)
    facts.append(f"{count(int(player.get('hand_count') or 0), 'card')} in hand")
    return f"{name}: " + ", ".join(facts) + "."


def _troupe(player: Mapping[str, Any], name: str) -> str:
    """A player's talent and Special Characters, after every player's short line."""
    text = f"{name}'s troupe: {_talent(player.get('talent') or {})}"
    if player.get("specials"):
        specials = load_content().specials
        text += ", with " + names_list([specials[s].name if s in specials else str(s) for s in player["specials"]])
    return text + "."


def _news(view: View) -> str:
    content = load_content()
    parts = []
    for city, news in sorted((view.get("board") or {}).items()):
        bits = []
        counter = news.get("counter")
        if counter and counter in content.counters:
            c = content.counters[counter]
            if c.kind == "performance":
                demands = ", ".join(f"{content.talent[t].name} {v}" for t, v in c.demands if t in content.talent)
                bits.append(f"Performance Demand {c.base}+" + (f" ({demands})" if demands else ""))
            elif c.kind == "points":
                bits.append(f"{c.points} VP counter")
        if news.get("talent"):
            bits.append(_talent(news["talent"]) + " for hire")
        if news.get("specials"):
            specials = load_content().specials
            bits.append(names_list([specials[s].name if s in specials else str(s) for s in news["specials"]]))
        if bits:
            parts.append(f"{_city(city)}: " + "; ".join(bits))
    return ("Cities with news — " + ". ".join(parts) + ".") if parts else "No city has news."


def describe_board(view: View) -> str:
    """The public board in words: the week, who acts, every player's money, VP, place and talent, the
    event and the cities with news."""
    names = _names(view)
    lines = [f"Circus Train board, {view.get('month', '')} week {view.get('week_of_month', '')} "
             f"(week {view.get('week', '')}), {view.get('season', '')} season, "
             f"{view.get('cities_required', '')} cities required."]
    awaiting = view.get("awaiting")
    if view.get("over"):
        lines.append("The season is over.")
    elif awaiting and 0 <= int(awaiting.get("seat", -1)) < len(names):
        step = STEP_LABELS.get(str(awaiting.get("step")), str(awaiting.get("step", "")).replace("_", " "))
        card = awaiting.get("card")
        lines.append(f"{names[int(awaiting['seat'])]} to act: {step}"
                     + (f" ({CARD_NAMES.get(str(card), str(card))})." if card else "."))
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_player(view, player, names[seat]))
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_troupe(player, names[seat]))
    event = view.get("event")
    if event:
        lines.append(f"Event: {event.get('title', '')}.")
    lines.append(_news(view))
    lines.append(f"Draw bag {view.get('bag_count', 0)}.")
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own hand in words (the cards it holds)."""
    seat = view.get("seat")
    hand = view.get("hand")
    if seat is None or hand is None:
        raise ValueError("describe_hand needs the view of a seat (a spectator view has no hand)")
    name = _names(view)[int(seat)]
    cards = [CARD_NAMES.get(str(card), str(card)) for card in hand]
    lines = [f"{name}'s hand: {count(len(cards), 'card')}"
             + (": " + ", ".join(cards) + "." if cards else ".")]
    player = (view.get("players") or [])[int(seat)]
    lines.append(f"You have ${player.get('money', 0)} and {player.get('vp', 0)} VP.")
    return join_description(lines)
