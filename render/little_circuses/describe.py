"""Alt text for the Little Circuses images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only the public keys (never ``you``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.common import join_description, names_list, own_seat, seat_names
from render.little_circuses.board import public_part
from render.little_circuses.hand import decision_lines
from render.little_circuses.header import STAGE_WORDS
from render.little_circuses.layout import View, check_view
from render.little_circuses.track import space_caption


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _tile(tile: Mapping[str, Any]) -> str:
    icons = ", ".join(str(i) for i in tile.get("icons") or [])
    return f"{tile.get('colour') or 'printed'} ${tile.get('cost', '?')} ({icons})"


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    colours = player.get("colours") or {}
    built = " ".join(f"{count} {colour}" for colour, count in colours.items() if int(count)) or "none"
    hand = len(player.get("hand") or [])
    secret = int(player.get("secret_count") or 0)
    facts = [f"{player.get('fame', 0)} Fame", f"${player.get('money', 0)}",
             f"order {int(player.get('order_position', 0)) + 1}",
             f"{len(player.get('circus') or [])} tiles ({built})",
             f"hand {hand} face up" + (f" {secret} down" if secret else "")]
    card = player.get("card")
    if card:
        facts.append(f"card {card.get('number')}")
    final = player.get("final")
    if final:
        facts.append(f"final {final.get('total', 0)} Fame")
    return f"{name}: " + ", ".join(facts) + "."


def describe_board(view: View) -> str:
    """The public board in words: John's space, the stage and who is awaited, each player's Fame,
    money, circus and hand, and the market."""
    check_view(view)
    view = public_part(view)
    names = _names(view)
    space = view.get("space") or {}
    lines = [f"Little Circuses board, day {space.get('day', '')}: {space_caption(space)}"
             + (f" in {space['town']}." if space.get("town") else ".")]
    if view.get("over"):
        winners = [names[s] for s in view.get("winners") or [] if 0 <= s < len(names)]
        lines.append("Game over" + (f", winner {names_list(winners)}." if winners else "."))
    else:
        awaiting = [names[s] for s in view.get("awaiting") or [] if 0 <= s < len(names)]
        stage = STAGE_WORDS.get(str(view.get("stage")), str(view.get("stage", "")))
        lines.append(f"{stage}" + (f"; waiting for {names_list(awaiting)}." if awaiting else "."))
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_player(view, player, names[seat]))
    for seat, player in enumerate(view.get("players") or []):
        if player.get("hand"):
            lines.append(f"{names[seat]}'s face-up tiles: " + "; ".join(_tile(t) for t in player["hand"]) + ".")
    piles = view.get("piles") or {}
    market = str(view.get("market", "starting"))
    lines.append(f"Market: {piles.get(market, 0)} {market} tiles face down.")
    showcase = view.get("showcase") or []
    if showcase:
        lines.append("Face-up Advanced tiles: " + "; ".join(_tile(t) for t in showcase) + ".")
    return join_description(lines)


def describe_hand(view: View) -> str:
    """A seat's own unbuilt tiles (face-down ones included) and its pending decision, in words."""
    check_view(view)
    seat = own_seat(view, "you")
    you = view["you"]
    name = _names(view)[seat]
    player = (view.get("players") or [])[seat]
    face_up = list(player.get("hand") or [])
    secret = list(you.get("secret") or [])
    lines = [f"{name}'s hand: {len(face_up) + len(secret)} unbuilt tiles, {len(secret)} face down.",
             f"You have ${player.get('money', 0)} and {player.get('fame', 0)} Fame.", *decision_lines(view)]
    for tile in face_up:
        lines.append(f"Face up: {tile.get('name', '')}, {_tile(tile)}.")
    for tile in secret:
        lines.append(f"Face down: {tile.get('name', '')}, {_tile(tile)}.")
    return join_description(lines)
