"""Every sentence Little Circuses shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.events import Event
from rules.core.words import listing
from rules.little_circuses import board
from rules.little_circuses.actions import Action
from rules.little_circuses.content import card_side, load_content, tile

ICON_WORDS = {
    "tent": "hire a tile", "elephant": "a Public for Fame", "clown": "advance a Public", "coin": "$1",
    "admit": "a new Public", "bills": "a Public for $", "star": "1 Fame", "showcase": "a face-up Advanced tile",
    "rob": "take $2 from a rival", "snub": "a rival loses 2 Fame", "lure": "lure a rival's Public",
    "poach": "a face-up tile from the showcase or a rival's hand", "gift_money": "every rival gains $1",
    "gift_fame": "every rival gains 1 Fame",
}


def where(cell: int) -> str:
    """A cell as players read it: column letter and row number, e.g. C3."""
    x, y = board.xy(cell)
    return f"{'ABCDEFGHIJ'[x]}{y + 1}"


def tile_name(tile_id: str | None) -> str:
    return tile(tile_id).name if tile_id else "a face-down tile"


def tile_label(tile_id: str) -> str:
    t = tile(tile_id)
    colour = f"{t.colour}, " if t.colour else ""
    return f"{t.name} ({colour}${t.cost}: {', '.join(t.icons)})"


def card_name(number: str, side: str) -> str:
    card = card_side(number, side)
    return f"{card.name} (card {number})"


def _who(d: dict[str, Any], players: Sequence[str], key: str = "seat") -> str:
    return players[d[key]] if isinstance(d.get(key), int) else "Someone"


def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return event.kind.replace("_", " ").capitalize() + "."
    return sentence(d, _who(d, players), players)


def _space(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    space = load_content().track[d["space"]]
    label = space.label if space.kind not in ("full_day", "midday") else f"{space.label} in {space.town}"
    return f"John moves on (day {space.day}): {label}."


def _moved(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    end = (" It already has a Use marker: the execute is wasted." if d["wasted"]
           else f" {tile(d['tile']).name} performs.")
    return f"{w} moves the Highlight from {where(d['left'])} to {where(d['cell'])}.{end}"


def _prizes(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    return (f"{w}'s prizes: Variety {d['variety']}, Cash {d['cash']}, Act {d['act']}, Audience {d['audience']} "
            f"— {d['total']} Fame in all.")


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "choice_made": lambda d, w, p: f"{w} has chosen.",
    "john_moves": _space,
    "new_city": lambda d, w, p: f"The circus arrives in {d['town']}: every Use marker is removed.",
    "new_acts": lambda d, w, p: (f"Arrival of New Acts: {d['returned']} unbought Starting tiles leave; face up now: "
                                 + ", ".join(tile_name(t) for t in d["showcase"]) + "."),
    "opening_night": lambda d, w, p: f"Opening night: {w} highlights the {tile_name(d['tile'])}.",
    "funds_raised": lambda d, w, p: f"{w} raises funds: +${d['amount']}.",
    "no_help": lambda d, w, p: f"No tile is left for {w} to hire.",
    "built": lambda d, w, p: (f"{w} builds {tile_name(d['tile'])} at {where(d['cell'])} for ${d['cost']}"
                              + (f", on top of {tile_name(d['covered'])}." if d["covered"] else ".")),
    "tile_drawn": lambda d, w, p: (f"{w} takes {tile_name(d['tile'])} into hand." if d["tile"]
                                   else f"{w} takes a face-down Advanced tile."),
    "secret_tile_drawn": lambda d, w, p: f"Your face-down tile is {tile_label(d['tile'])}.",
    "market_empty": lambda d, w, p: f"The market is empty: {w} gets no tile.",
    "highlight_moved": _moved,
    "icon_idle": lambda d, w, p: f"{w}'s {d['icon']} icon has nothing to act on.",
    "icon_declined": lambda d, w, p: f"{w} lets the {d['icon']} icon pass.",
    "public_advanced": lambda d, w, p: f"{w} advances a Public from {d['from']} to {d['to']}.",
    "public_cashed": lambda d, w, p: (f"{w} cashes a Public on {d['space']} for "
                                      + (f"{d['space']} Fame." if d["gain"] == "fame" else f"${d['space']}.")),
    "public_admitted": lambda d, w, p: f"{w} admits a new Public on 2.",
    "fame_gained": lambda d, w, p: f"{w} gains {d['amount']} Fame.",
    "money_gained": lambda d, w, p: f"{w} gains ${d['amount']}.",
    "special_chosen": lambda d, w, p: f"{w} takes {card_name(d['card'], d['side'])}.",
    "showcase_taken": lambda d, w, p: (f"{w} takes the face-up {tile_name(d['tile'])}"
                                       + (f"; {tile_name(d['refill'])} is turned up." if d["refill"] else ".")),
    "tile_poached": lambda d, w, p: f"{w} takes {tile_name(d['tile'])} from {_who(d, p, 'owner')}'s hand.",
    "robbed": lambda d, w, p: f"{w} takes ${d['amount']} from {_who(d, p, 'target')}.",
    "snubbed": lambda d, w, p: f"{w} snubs {_who(d, p, 'target')}, who loses {d['amount']} Fame.",
    "lured": lambda d, w, p: f"{w} lures a Public from {_who(d, p, 'target')}'s bleacher.",
    "gift": lambda d, w, p: f"Every rival of {w} gains " + ("$1." if d["gift"] == "money" else "1 Fame."),
    "player_order": lambda d, w, p: "New player order: " + ", ".join(p[s] for s in d["order"]) + ".",
    "prizes": _prizes,
    "game_over": lambda d, w, p: ("Endsville! The month is over. Winner: " + listing([p[s] for s in d["winners"]])
                                  + "." + (f" {d['result']}" if d.get("result") else "")),
}


# ----- actions ---------------------------------------------------------------------------------------
def describe_action(action: Action, players: Sequence[str], icon: str | None, side: str) -> str:
    a: Any = action
    cash_word = "Fame" if icon == "elephant" else "$"
    labels: dict[str, Callable[[], str]] = {
        "open_at": lambda: f"Opening night on the {tile_name(load_content().printed[a.cell])}",
        "raise_funds": lambda: "Raise funds: +$2",
        "hire_help": lambda: "Hire help: take a tile from the market",
        "hire_face_up": lambda: f"Hire help: buy the face-up {tile_label(a.tile)}",
        "draw_face_down": lambda: "Take a face-down tile instead",
        "choose_tile": lambda: f"Build {tile_label(a.tile)}",
        "place_tile": lambda: f"Place it at {where(a.cell)}",
        "back": lambda: "Back: choose another build",
        "move_highlight": lambda: f"Move the Highlight to {where(a.cell)}",
        "advance_public": lambda: f"Advance a Public from {a.space} to {a.space + 2}",
        "cash_public": lambda: (f"Cash a Public on {a.space} for {a.space} Fame" if cash_word == "Fame"
                                else f"Cash a Public on {a.space} for ${a.space}"),
        "choose_special": lambda: f"Take {card_name(a.card, side)}: "
                                  + ", ".join(card_side(a.card, side).effects),
        "take_showcase": lambda: f"Take the face-up {tile_label(a.tile)}",
        "take_from_hand": lambda: f"Take {tile_label(a.tile)} from {players[a.owner]}",
        "choose_rival": lambda: f"Target {players[a.seat]}",
        "pass": lambda: "Pass" + (f" (keep the {icon} unused)" if icon else ""),
    }
    return labels[action.kind]()


STEP_WORDS = {
    "opening": "choosing where the Highlight opens", "build": "choosing how to build",
    "midday": "choosing to build or to execute", "place": "choosing where to build the tile",
    "fallback": "choosing to raise funds or build (no tile was left to hire)",
    "fallback_place": "choosing where to build the tile", "move": "moving the Highlight",
    "icon": "resolving an icon", "special": "choosing a Special Attraction",
}


def render_text(view: dict[str, Any]) -> str:
    """A plain-text table: John's space, the market, every circus; then the seat's private lines."""
    space = view["space"]
    lines = [f"Little Circuses — day {space['day']}: {space['label']} ({space['town']}); stage {view['stage']}"]
    lines.append("Player order: " + ", ".join(view["players"][s]["name"] for s in view["order"]))
    lines.append(f"Market: {view['piles'][view['market']]} {view['market']} tiles face down"
                 + ("; face up: " + ", ".join(t["name"] for t in view["showcase"]) if view["showcase"] else ""))
    for player in view["players"]:
        card = f"; card {player['card']['name']}" if player["card"] else ""
        lines.append(f"{player['name']}: {player['fame']} Fame, ${player['money']}, Publics {player['publics']}, "
                     f"{player['hand_count']} unbuilt ({player['secret_count']} face down){card}"
                     + (" — awaited" if player["awaited"] else ""))
        for cell in player["circus"]:
            marks = ("*" if cell["highlight"] else "") + ("U" if cell["used"] else "")
            lines.append(f"  {where(cell['cell'])}{marks}: {cell['tile']['name']} {cell['tile']['icons']}")
        if player["hand"]:
            lines.append("  face up in hand: " + ", ".join(t["name"] for t in player["hand"]))
    you = view.get("you")
    if you is not None:
        if you["secret"]:
            lines.append("Your face-down tiles: " + ", ".join(tile_label(t["id"]) for t in you["secret"]))
        if you["plan_tile"] is not None:
            lines.append(f"Your chosen tile: {you['plan_tile']['name']}")
        if you["step"]:
            lines.append(f"Your decision: {STEP_WORDS[you['step']]}" + (f" ({you['icon']})" if you["icon"] else ""))
    if view["result"]:
        lines.append(view["result"])
    return "\n".join(lines)


PUBLIC_STAGE_WORDS = {
    "opening": "is choosing where the Highlight opens", "build": "is deciding how to build",
    "midday": "is choosing to build or to execute",
    "fallback": "is choosing to raise funds or build (no tile was left to hire)",
    "execute": "is moving the Highlight", "special": "is choosing a Special Attraction",
}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What the awaited ``seat`` is deciding, from the spectator view only: the stage, or the public icon
    being resolved; never a face-down tile, nor what the seat chose for this space (private until all chose)."""
    player = public["players"][seat]
    name = player["name"]
    if player["icons_left"]:
        icon = player["icons_left"][0]
        return f"{name} is resolving the {icon} icon ({ICON_WORDS.get(icon, icon)})"
    return f"{name} {PUBLIC_STAGE_WORDS.get(public['stage'], 'is deciding')}"
