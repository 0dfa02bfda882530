"""Alt text for the Der Wanderzirkus images: what the table and a hand show, in plain words for a
screen reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from
the same view the image is drawn from; ``describe_board`` goes through ``public_part`` (no ``own``, and
every running show behind its curtain), exactly as the board image does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.common import display_name, join_description, names_list, own_seat, seat_names
from render.wanderzirkus.board import public_part
from render.wanderzirkus.layout import EFFECT_LABELS, PHASE_LABELS, View, check_view, style
from render.wanderzirkus.players import END_REASONS
from rules.core.words import count


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _card(card: Mapping[str, Any]) -> str:
    colour = str(card.get("colour", ""))
    words = "Pause" if colour == "pause" else style(colour).act
    effect = card.get("effect")
    if effect:
        words += f" ({EFFECT_LABELS.get(str(effect), str(effect))})"
    if card.get("stop"):
        words += " stop"
    return words


def _city(city: Mapping[str, Any]) -> str:
    return f"{display_name(str(city.get('name', '')), 0)} {city.get('vp', 0)} VP"


def _show(player: Mapping[str, Any]) -> str:
    if player.get("show") is None:
        return "show running (private)"
    if player.get("show_state") == "ended":
        reason = END_REASONS.get(str(player.get("end_reason")), "")
        return f"show ended with {count(int(player.get('show_length', 0)), 'artist')}" + (
            f" ({reason})" if reason else "")
    if player.get("show_state") == "running":
        return f"show running, {count(int(player.get('show_length', 0)), 'artist')}"
    return "no show yet"


def _player(player: Mapping[str, Any], name: str) -> str:
    facts = [f"{player.get('vp', 0)} VP", count(int(player.get('coins', 0)), "coin"), _show(player)]
    if player.get("announcement") is not None:
        facts.append(f"announced at least {player['announcement']}")
    if player.get("cities"):
        facts.append("cities " + ", ".join(_city(c) for c in player["cities"]))
    return f"{name}: " + ", ".join(facts) + "."


def describe_board(view: View) -> str:
    """The public table in words: round and phase, who is awaited, each player's VP, coins, show and
    cities, the Travel offer and the final scores."""
    check_view(view)
    public = public_part(view)
    names = _names(public)
    phase = PHASE_LABELS.get(str(public.get("phase")), str(public.get("phase", "")))
    lines = [f"Der Wanderzirkus table, round {public.get('round', 1)} of {public.get('rounds', 5)}, {phase}."]
    awaiting = [names[int(s)] for s in public.get("awaiting") or [] if 0 <= int(s) < len(names)]
    if public.get("over"):
        finals = sorted(public.get("final") or [], key=lambda f: -int(f.get("total", 0)))
        lines.append("Game over. Final: " + ", ".join(f"{names[int(f['seat'])]} {f.get('total', 0)} VP"
                                                      for f in finals if 0 <= int(f.get("seat", -1)) < len(names))
                     + ".")
    elif awaiting:
        lines.append(f"Waiting for {names_list(awaiting)}.")
    for seat, player in enumerate(public.get("players") or []):
        lines.append(_player(player, names[seat]))
    pairs = public.get("pairs") or []
    if public.get("phase") == "travel" and pairs:
        lines.append("Travel offer: " + "; ".join(
            f"pair {int(p.get('index', n)) + 1}: {_card(p.get('artist') or {})} with {_city(p.get('city') or {})}"
            for n, p in enumerate(pairs)) + ".")
    for seat, player in enumerate(public.get("players") or []):
        show = player.get("show")
        if show:
            cards = [_card(card) for column in show for card in column.get("cards") or []]
            lines.append(f"{names[seat]}'s show: " + ", ".join(cards) + ".")
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own hand (and running show, offers and decision) in words."""
    check_view(view)
    seat = own_seat(view, "own")
    own = view["own"]
    name = _names(view)[seat]
    hand = list(own.get("hand") or [])
    player = (view.get("players") or [])[seat]
    lines = [f"{name}'s hand: {count(len(hand), 'card')}"
             + (": " + ", ".join(_card(c) for c in hand) + "." if hand else "."),
             f"{count(int(own.get('draw_pile', 0)), 'card')} in your deck; "
             f"{count(int(player.get('coins', 0)), 'coin')}."]
    if own.get("step"):
        lines.append(f"Deciding: {str(own['step']).replace('_', ' ')}.")
    show = player.get("show")
    if show:
        lines.append("Your show: " + ", ".join(_card(c) for column in show for c in column.get("cards") or []) + ".")
    if own.get("offer"):
        lines.append("Artists offered: " + ", ".join(_card(c) for c in own["offer"]) + ".")
    if own.get("city_offer"):
        lines.append("Cities offered: " + ", ".join(_city(c) for c in own["city_offer"]) + ".")
    return join_description(lines)
