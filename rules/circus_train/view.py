"""What a seat may see. Hands of Action cards, the draw bag, and the Destination and Event decks
are hidden: a view shows only their sizes, and only its own seat's hand."""

from __future__ import annotations

from typing import Any

from rules.circus_train import modifiers
from rules.circus_train.calendar import CITIES_REQUIRED, week
from rules.circus_train.content import load_content
from rules.circus_train.state import REPUTATION_TRACK, CircusTrainState
from rules.core import serial


def view(state: CircusTrainState, seat: int | None) -> dict[str, Any]:
    content = load_content()
    now = week(state.week)
    pending = state.pending
    players = []
    for index, circus in enumerate(state.circuses):
        players.append({
            "seat": index,
            "name": state.players[index],
            "talent": dict(sorted(circus.talent.items())),
            "specials": list(circus.specials),
            "money": circus.money,
            "vp": circus.vp,
            "best": circus.best,
            "reputation": REPUTATION_TRACK[circus.reputation] if modifiers.advanced(state) else None,
            "reputation_level": circus.reputation if modifiers.advanced(state) else None,
            "hand_count": len(circus.hand),
            "discards": list(circus.discards),
            "performances": list(circus.performances),
            "position": circus.position,
            "two_week_city": circus.two_week_city,
            "wages_due": modifiers.wages_due(state, circus),
        })
    event = None
    if state.event is not None:
        card = content.events[state.event]
        event = {"id": card.id, "title": card.title, "text": card.text}
    return {
        "game": "circus_train",
        "seat": seat,
        "options": dict(state.options),
        "week": state.week,
        "month": now.month_name,
        "week_of_month": now.week_of_month,
        "season": now.season,
        "cities_required": CITIES_REQUIRED[now.season],
        "first_player": state.first_player,
        "players": players,
        "hand": list(state.circuses[seat].hand) if seat is not None else None,
        "board": {city: serial.to_json(news) for city, news in sorted(state.board.items())},
        "talent_bank": dict(state.talent_bank),
        "special_bank": sorted(state.special_bank),
        "bag_count": len(state.bag),
        "destination_count": len(state.destinations),
        "destination_discards": list(state.destination_discards),
        "events_left": len(state.event_deck),
        "event": event,
        "awaiting": None if pending is None else {"seat": pending.seat, "step": pending.kind, "card": pending.card},
        "over": pending is None,
    }
