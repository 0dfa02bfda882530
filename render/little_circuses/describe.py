"""Alt text for the Little Circuses images: what the board and a hand show, in plain words for a screen
reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from the
same view the image is drawn from; ``describe_board`` reads only the public keys (never ``you``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lang import listing, tr
from render.common import join_description, own_seat, seat_names
from render.little_circuses.board import public_part
from render.little_circuses.hand import decision_lines
from render.little_circuses.header import stage_words
from render.little_circuses.layout import View, check_view
from render.little_circuses.track import space_caption
from rules.little_circuses.names import colour_name, icon_name, tile_name, town_name


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _tile(tile: Mapping[str, Any]) -> str:
    icons = ", ".join(icon_name(str(i)) for i in tile.get("icons") or [])
    colour = colour_name(str(tile["colour"])) if tile.get("colour") else tr("printed")
    return f"{colour} ${tile.get('cost', '?')} ({icons})"


def _player(view: View, player: Mapping[str, Any], name: str) -> str:
    colours = player.get("colours") or {}
    built = " ".join(f"{count} {colour_name(colour)}" for colour, count in colours.items() if int(count)) or tr("none")
    hand = len(player.get("hand") or [])
    secret = int(player.get("secret_count") or 0)
    facts = [tr("{fame} Fame", fame=player.get("fame", 0)), f"${player.get('money', 0)}",
             tr("order {n}", n=int(player.get("order_position", 0)) + 1),
             tr("{n} tiles ({built})", n=len(player.get("circus") or []), built=built),
             tr("hand {up} face up {down} down", up=hand, down=secret) if secret
             else tr("hand {up} face up", up=hand)]
    card = player.get("card")
    if card:
        facts.append(tr("card {number}", number=card.get("number")))
    final = player.get("final")
    if final:
        facts.append(tr("final {total} Fame", total=final.get("total", 0)))
    return f"{name}: " + ", ".join(facts) + "."


def describe_board(view: View) -> str:
    """The public board in words: John's space, the stage and who is awaited, each player's Fame,
    money, circus and hand, and the market."""
    check_view(view)
    view = public_part(view)
    names = _names(view)
    space = view.get("space") or {}
    if space.get("town"):
        lines = [tr("Little Circuses board, day {day}: {space} in {town}.", day=space.get("day", ""),
                    space=space_caption(space), town=town_name(str(space["town"])))]
    else:
        lines = [tr("Little Circuses board, day {day}: {space}.", day=space.get("day", ""),
                    space=space_caption(space))]
    if view.get("over"):
        winners = [names[s] for s in view.get("winners") or [] if 0 <= s < len(names)]
        lines.append(tr("Game over, winner {names}.", names=listing(winners)) if winners else tr("Game over."))
    else:
        awaiting = [names[s] for s in view.get("awaiting") or [] if 0 <= s < len(names)]
        stage = stage_words(str(view.get("stage", "")))
        lines.append(tr("{stage}; waiting for {names}.", stage=stage, names=listing(awaiting)) if awaiting
                     else f"{stage}.")
    for seat, player in enumerate(view.get("players") or []):
        lines.append(_player(view, player, names[seat]))
    for seat, player in enumerate(view.get("players") or []):
        if player.get("hand"):
            lines.append(tr("{name}'s face-up tiles: {tiles}.", name=names[seat],
                            tiles="; ".join(_tile(t) for t in player["hand"])))
    piles = view.get("piles") or {}
    count = piles.get(str(view.get("market", "starting")), 0)
    lines.append(tr("Market: {count} advanced tiles face down.", count=count) if view.get("market") == "advanced"
                 else tr("Market: {count} starting tiles face down.", count=count))
    showcase = view.get("showcase") or []
    if showcase:
        lines.append(tr("Face-up Advanced tiles: {tiles}.", tiles="; ".join(_tile(t) for t in showcase)))
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
    lines = [tr("{name}'s hand: {n} unbuilt tiles, {down} face down.", name=name, n=len(face_up) + len(secret),
                down=len(secret)),
             tr("You have ${money} and {fame} Fame.", money=player.get("money", 0), fame=player.get("fame", 0)),
             *decision_lines(view)]
    for tile in face_up:
        lines.append(tr("Face up: {tile}, {words}.", tile=tile_name(str(tile.get("name", ""))), words=_tile(tile)))
    for tile in secret:
        lines.append(tr("Face down: {tile}, {words}.", tile=tile_name(str(tile.get("name", ""))), words=_tile(tile)))
    return join_description(lines)
