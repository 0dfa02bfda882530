"""The view as plain text: the terminal board, and a text alternative to the images. Lines with a
seat's private information start with "Your " (the Discord "My hand" reply shows exactly those)."""

from __future__ import annotations

from typing import Any

from rules.core.words import count
from rules.wanderzirkus.text import EFFECT_NAMES, END_REASONS, card_label, city_label, row_text


def _cities(cities: list[dict[str, Any]]) -> str:
    return "; ".join(city_label(c["id"]) for c in cities) or "none"


def render_text(view: dict[str, Any]) -> str:
    lines = [f"Der Wanderzirkus — round {view['round']} of {view['rounds']}, phase: {view['phase']}."]
    for pair in view["pairs"]:
        lines.append(f"Pair {pair['index'] + 1}: {card_label(pair['artist']['id'])} + {city_label(pair['city']['id'])}")
    for p in view["players"]:
        token = ", swap token" if p["swap_token"] else ""
        lines.append(f"{p['name']}: {p['vp']} VP {p['round_vp']}, {count(p['coins'], 'coin')}{token}, "
                     f"{count(p['deck_size'], 'artist')}; cities: {_cities(p['cities'])}")
        if p["next_cities"]:
            lines.append(f"  next round also: {_cities(p['next_cities'])}")
        if p["regions"]:
            lines.append(f"  regions kept: {', '.join(p['regions'])}")
        if p["announcement"] is not None:
            lines.append(f"  announced at least {count(p['announcement'], 'artist')}")
        if p["show"] is None:
            lines.append("  show running (hidden until it ends)")
        elif p["show"]:
            state = "ended: " + END_REASONS[p["end_reason"]] if p["show_state"] == "ended" else "running"
            columns = [[c["id"] for c in column["cards"]] for column in p["show"]]
            lines.append(f"  show ({count(p['show_length'], 'artist')}, {state}): {row_text(columns)}")
    for s in view["scoring"]:
        name = view["players"][s["seat"]]["name"]
        lines.append(f"Last scoring, {name}: {s['total']} VP, {count(s['coins'], 'coin')}")
    if view["final"]:
        for f in view["final"]:
            lines.append(f"Final, {view['players'][f['seat']]['name']}: {f['total']} VP")
    own = view["own"]
    if own is not None:
        lines.append("Your hand: " + ("; ".join(card_label(c["id"]) for c in own["hand"]) or "empty"))
        lines.append(f"Your deck: {count(own['draw_pile'], 'card')} left to draw, "
                     f"{count(len(own['artists']), 'artist')} owned")
        if own["offer"]:
            lines.append("Your choice of artists: " + "; ".join(card_label(c["id"]) for c in own["offer"]))
        if own["city_offer"]:
            lines.append("Your choice of cities: " + "; ".join(city_label(c["id"]) for c in own["city_offer"]))
        if own["effect"]:
            lines.append(f"Your effect to decide: {EFFECT_NAMES[own['effect']]}")
        if own["peeked"]:
            lines.append(f"Your {own['peek_side']} deck card: {card_label(own['peeked']['id'])}")
    return "\n".join(lines)
