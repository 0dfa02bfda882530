"""Every sentence Little Circuses shows: event log lines, action labels, prompts and a text board.
The thread, the log and the terminal all read from here, so they always say the same thing.

Each sentence is written whole in English and looked up in the language spoken (``lang.tr``); content names
(tiles, cards, towns, icons) stay English in the data and are translated when shown (``names``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from lang import N_, listing, tr, trc
from rules.core.events import Event
from rules.little_circuses import board
from rules.little_circuses.actions import Action
from rules.little_circuses.content import card_side, load_content, tile
from rules.little_circuses.names import card_name as card_title
from rules.little_circuses.names import colour_name, icon_name, space_label, town_name
from rules.little_circuses.names import tile_name as named_tile

ICON_WORDS = {
    "tent": N_("hire a tile"), "elephant": N_("a Public for Fame"), "clown": N_("advance a Public"),
    "coin": N_("$1"), "admit": N_("a new Public"), "bills": N_("a Public for $"), "star": N_("1 Fame"),
    "showcase": N_("a face-up Advanced tile"), "rob": N_("take $2 from a rival"),
    "snub": N_("a rival loses 2 Fame"), "lure": N_("lure a rival's Public"),
    "poach": N_("a face-up tile from the showcase or a rival's hand"), "gift_money": N_("every rival gains $1"),
    "gift_fame": N_("every rival gains 1 Fame"),
}


def icon_words(icon: str) -> str:
    """What an icon does, in a few words, in the language spoken."""
    return tr(ICON_WORDS[icon]) if icon in ICON_WORDS else icon_name(icon)


def where(cell: int) -> str:
    """A cell as players read it: column letter and row number, e.g. C3."""
    x, y = board.xy(cell)
    return f"{'ABCDEFGHIJ'[x]}{y + 1}"


def tile_name(tile_id: str | None) -> str:
    return named_tile(tile(tile_id).name) if tile_id else tr("a face-down tile")


def icons_text(icons: Sequence[str]) -> str:
    return ", ".join(icon_name(icon) for icon in icons)


def tile_label(tile_id: str) -> str:
    t = tile(tile_id)
    if t.colour:
        return tr("{name} ({colour}, ${cost}: {icons})", name=named_tile(t.name), colour=colour_name(t.colour),
                  cost=t.cost, icons=icons_text(t.icons))
    return tr("{name} (${cost}: {icons})", name=named_tile(t.name), cost=t.cost, icons=icons_text(t.icons))


def card_name(number: str, side: str) -> str:
    card = card_side(number, side)
    return tr("{name} (card {number})", name=card_title(card.name), number=number)


# The solo chart's verdicts (rules.little_circuses.scoring.SOLO_CHART), for the extractor.
RATINGS = (N_("Off the charts!"), N_("Amazing!"), N_("So close!"), N_("Nice try"), N_("Wimpy"))
_CHART = re.compile(r"^John's chart: (\d+) Fame — (.+)$")


def chart_text(result: str) -> str:
    """The solo chart's verdict (stored in English in events and views) in the language spoken."""
    match = _CHART.match(result)
    if match is None:
        return result
    return tr("John's chart: {fame} Fame — {rating}", fame=match[1], rating=tr(match[2]))


def _who(d: dict[str, Any], players: Sequence[str], key: str = "seat") -> str:
    return players[d[key]] if isinstance(d.get(key), int) else tr("Someone")


def describe_event(event: Event, players: Sequence[str]) -> str:
    d = event.data
    sentence = _SENTENCES.get(event.kind)
    if sentence is None:
        return event.kind.replace("_", " ").capitalize() + "."
    return sentence(d, _who(d, players), players)


def _space(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    space = load_content().track[d["space"]]
    if space.kind in ("full_day", "midday"):
        return tr("John moves on (day {day}): {label} in {town}.", day=space.day, label=space_label(space.label),
                  town=town_name(space.town))
    return tr("John moves on (day {day}): {label}.", day=space.day, label=space_label(space.label))


def _moved(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    if d["wasted"]:
        return tr("{name} moves the Highlight from {left} to {cell}. It already has a Use marker: the execute is "
                  "wasted.", name=w, left=where(d["left"]), cell=where(d["cell"]))
    return tr("{name} moves the Highlight from {left} to {cell}. {tile} performs.", name=w, left=where(d["left"]),
              cell=where(d["cell"]), tile=tile_name(d["tile"]))


def _prizes(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    return tr("{name}'s prizes: Variety {variety}, Cash {cash}, Act {act}, Audience {audience} — {total} Fame in "
              "all.", name=w, variety=d["variety"], cash=d["cash"], act=d["act"], audience=d["audience"],
              total=d["total"])


def _built(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    if d["covered"]:
        return tr("{name} builds {tile} at {cell} for ${cost}, on top of {covered}.", name=w,
                  tile=tile_name(d["tile"]), cell=where(d["cell"]), cost=d["cost"], covered=tile_name(d["covered"]))
    return tr("{name} builds {tile} at {cell} for ${cost}.", name=w, tile=tile_name(d["tile"]),
              cell=where(d["cell"]), cost=d["cost"])


def _cashed(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    if d["gain"] == "fame":
        return tr("{name} cashes a Public on {space} for {space} Fame.", name=w, space=d["space"])
    return tr("{name} cashes a Public on {space} for ${space}.", name=w, space=d["space"])


def _game_over(d: dict[str, Any], w: str, p: Sequence[str]) -> str:
    text = tr("Endsville! The month is over. Winner: {winners}.", winners=listing([p[s] for s in d["winners"]]))
    return text + (f" {chart_text(d['result'])}" if d.get("result") else "")


_SENTENCES: dict[str, Callable[[dict[str, Any], str, Sequence[str]], str]] = {
    "choice_made": lambda d, w, p: tr("{name} has chosen.", name=w),
    "john_moves": _space,
    "new_city": lambda d, w, p: tr("The circus arrives in {town}: every Use marker is removed.",
                                   town=town_name(d["town"])),
    "new_acts": lambda d, w, p: tr("Arrival of New Acts: {returned} unbought Starting tiles leave; face up now: "
                                   "{tiles}.", returned=d["returned"],
                                   tiles=", ".join(tile_name(t) for t in d["showcase"])),
    "opening_night": lambda d, w, p: tr("Opening night: {name} highlights the {tile}.", name=w,
                                        tile=tile_name(d["tile"])),
    "funds_raised": lambda d, w, p: tr("{name} raises funds: +${amount}.", name=w, amount=d["amount"]),
    "no_help": lambda d, w, p: tr("No tile is left for {name} to hire.", name=w),
    "built": _built,
    "tile_drawn": lambda d, w, p: (tr("{name} takes {tile} into hand.", name=w, tile=tile_name(d["tile"]))
                                   if d["tile"] else tr("{name} takes a face-down Advanced tile.", name=w)),
    "secret_tile_drawn": lambda d, w, p: tr("Your face-down tile is {tile}.", tile=tile_label(d["tile"])),
    "market_empty": lambda d, w, p: tr("The market is empty: {name} gets no tile.", name=w),
    "highlight_moved": _moved,
    "icon_idle": lambda d, w, p: tr("{name}'s {icon} icon has nothing to act on.", name=w,
                                    icon=icon_name(d["icon"])),
    "icon_declined": lambda d, w, p: tr("{name} lets the {icon} icon pass.", name=w, icon=icon_name(d["icon"])),
    "public_advanced": lambda d, w, p: tr("{name} advances a Public from {start} to {end}.", name=w,
                                          start=d["from"], end=d["to"]),
    "public_cashed": _cashed,
    "public_admitted": lambda d, w, p: tr("{name} admits a new Public on 2.", name=w),
    "fame_gained": lambda d, w, p: tr("{name} gains {amount} Fame.", name=w, amount=d["amount"]),
    "money_gained": lambda d, w, p: tr("{name} gains ${amount}.", name=w, amount=d["amount"]),
    "special_chosen": lambda d, w, p: tr("{name} takes {card}.", name=w, card=card_name(d["card"], d["side"])),
    "showcase_taken": lambda d, w, p: (
        tr("{name} takes the face-up {tile}; {refill} is turned up.", name=w, tile=tile_name(d["tile"]),
           refill=tile_name(d["refill"])) if d["refill"]
        else tr("{name} takes the face-up {tile}.", name=w, tile=tile_name(d["tile"]))),
    "tile_poached": lambda d, w, p: tr("{name} takes {tile} from {owner}'s hand.", name=w, tile=tile_name(d["tile"]),
                                       owner=_who(d, p, "owner")),
    "robbed": lambda d, w, p: tr("{name} takes ${amount} from {target}.", name=w, amount=d["amount"],
                                 target=_who(d, p, "target")),
    "snubbed": lambda d, w, p: tr("{name} snubs {target}, who loses {amount} Fame.", name=w,
                                  target=_who(d, p, "target"), amount=d["amount"]),
    "lured": lambda d, w, p: tr("{name} lures a Public from {target}'s bleacher.", name=w,
                                target=_who(d, p, "target")),
    "gift": lambda d, w, p: (tr("Every rival of {name} gains $1.", name=w) if d["gift"] == "money"
                             else tr("Every rival of {name} gains 1 Fame.", name=w)),
    "player_order": lambda d, w, p: tr("New player order: {order}.", order=", ".join(p[s] for s in d["order"])),
    "prizes": _prizes,
    "game_over": _game_over,
}


# ----- actions ---------------------------------------------------------------------------------------
def describe_action(action: Action, players: Sequence[str], icon: str | None, side: str) -> str:
    a: Any = action
    cash_word = "Fame" if icon == "elephant" else "$"
    labels: dict[str, Callable[[], str]] = {
        "open_at": lambda: tr("Opening night on the {tile}", tile=tile_name(load_content().printed[a.cell])),
        "raise_funds": lambda: tr("Raise funds: +$2"),
        "hire_help": lambda: tr("Hire help: take a tile from the market"),
        "hire_face_up": lambda: tr("Hire help: buy the face-up {tile}", tile=tile_label(a.tile)),
        "draw_face_down": lambda: tr("Take a face-down tile instead"),
        "choose_tile": lambda: tr("Build {tile}", tile=tile_label(a.tile)),
        "place_tile": lambda: tr("Place it at {cell}", cell=where(a.cell)),
        "back": lambda: tr("Back: choose another build"),
        "move_highlight": lambda: tr("Move the Highlight to {cell}", cell=where(a.cell)),
        "advance_public": lambda: tr("Advance a Public from {start} to {end}", start=a.space, end=a.space + 2),
        "cash_public": lambda: (tr("Cash a Public on {space} for {space} Fame", space=a.space) if cash_word == "Fame"
                                else tr("Cash a Public on {space} for ${space}", space=a.space)),
        "choose_special": lambda: tr("Take {card}: {effects}", card=card_name(a.card, side),
                                     effects=icons_text(card_side(a.card, side).effects)),
        "take_showcase": lambda: tr("Take the face-up {tile}", tile=tile_label(a.tile)),
        "take_from_hand": lambda: tr("Take {tile} from {owner}", tile=tile_label(a.tile), owner=players[a.owner]),
        "choose_rival": lambda: tr("Target {name}", name=players[a.seat]),
        "pass": lambda: (tr("Pass (keep the {icon} unused)", icon=icon_name(icon)) if icon else tr("Pass")),
    }
    return labels[action.kind]()


STEP_WORDS = {
    "opening": N_("choosing where the Highlight opens"), "build": N_("choosing how to build"),
    "midday": N_("choosing to build or to execute"), "place": N_("choosing where to build the tile"),
    "fallback": N_("choosing to raise funds or build (no tile was left to hire)"),
    "fallback_place": N_("choosing where to build the tile"), "move": N_("moving the Highlight"),
    "icon": N_("resolving an icon"), "special": N_("choosing a Special Attraction"),
}
"""What a seat is asked, as a short phrase (the text board's "Your decision: …")."""

PROMPTS = {
    "opening": N_("{name}, you are choosing where the Highlight opens."),
    "build": N_("{name}, you are choosing how to build."),
    "midday": N_("{name}, you are choosing to build or to execute."),
    "place": N_("{name}, you are choosing where to build the tile."),
    "fallback": N_("{name}, you are choosing to raise funds or build (no tile was left to hire)."),
    "fallback_place": N_("{name}, you are choosing where to build the tile."),
    "move": N_("{name}, you are moving the Highlight."),
    "icon": N_("{name}, you are resolving an icon."),
    "special": N_("{name}, you are choosing a Special Attraction."),
}
"""A seat's prompt, whole, per step (the icon step names its icon: ``prompt``)."""

NOT_NOW = {
    "opening": N_("That is not a choice right now: you are choosing where the Highlight opens."),
    "build": N_("That is not a choice right now: you are choosing how to build."),
    "midday": N_("That is not a choice right now: you are choosing to build or to execute."),
    "place": N_("That is not a choice right now: you are choosing where to build the tile."),
    "fallback": N_("That is not a choice right now: you are choosing to raise funds or build (no tile was left to "
                   "hire)."),
    "fallback_place": N_("That is not a choice right now: you are choosing where to build the tile."),
    "move": N_("That is not a choice right now: you are moving the Highlight."),
    "icon": N_("That is not a choice right now: you are resolving an icon."),
    "special": N_("That is not a choice right now: you are choosing a Special Attraction."),
}
"""The refusal of an answer to another step, whole, per step (rules.little_circuses.explain)."""


def prompt(name: str, step: str, icon: str | None) -> str:
    """What the seat is asked now, addressed to it."""
    if step == "icon" and icon is not None:
        return tr("{name}, you are resolving an icon: the {icon} icon ({meaning}).", name=name, icon=icon_name(icon),
                  meaning=icon_words(icon))
    return tr(PROMPTS[step], name=name)


def not_now(step: str) -> str:
    if step in NOT_NOW:
        return tr(NOT_NOW[step])
    return tr("That is not a choice right now: you are waiting.")


def _market_line(view: dict[str, Any]) -> str:
    count = view["piles"][view["market"]]
    showcase = ", ".join(named_tile(t["name"]) for t in view["showcase"])
    if view["market"] == "advanced":
        if showcase:
            return tr("Market: {count} advanced tiles face down; face up: {tiles}", count=count, tiles=showcase)
        return tr("Market: {count} advanced tiles face down", count=count)
    if showcase:
        return tr("Market: {count} starting tiles face down; face up: {tiles}", count=count, tiles=showcase)
    return tr("Market: {count} starting tiles face down", count=count)


def render_text(view: dict[str, Any]) -> str:
    """A plain-text table: John's space, the market, every circus; then the seat's private lines."""
    space = view["space"]
    lines = [tr("Little Circuses — day {day}: {label} ({town}); stage {stage}", day=space["day"],
                label=space_label(space["label"]), town=town_name(space["town"]), stage=stage_name(view["stage"]))]
    lines.append(tr("Player order: {order}", order=", ".join(view["players"][s]["name"] for s in view["order"])))
    lines.append(_market_line(view))
    for player in view["players"]:
        facts = dict(name=player["name"], fame=player["fame"], money=player["money"], publics=player["publics"],
                     unbuilt=player["hand_count"], down=player["secret_count"])
        if player["card"]:
            line = tr("{name}: {fame} Fame, ${money}, Publics {publics}, {unbuilt} unbuilt ({down} face down); "
                      "card {card}", card=card_title(player["card"]["name"]), **facts)
        else:
            line = tr("{name}: {fame} Fame, ${money}, Publics {publics}, {unbuilt} unbuilt ({down} face down)",
                      **facts)
        lines.append(line + (tr(" — awaited") if player["awaited"] else ""))
        for cell in player["circus"]:
            marks = ("*" if cell["highlight"] else "") + ("U" if cell["used"] else "")
            icons = "[" + ", ".join(repr(icon_name(icon)) for icon in cell["tile"]["icons"]) + "]"
            lines.append(f"  {where(cell['cell'])}{marks}: {named_tile(cell['tile']['name'])} {icons}")
        if player["hand"]:
            hand = ", ".join(named_tile(t["name"]) for t in player["hand"])
            lines.append(tr("  face up in hand: {tiles}", tiles=hand))
    you = view.get("you")
    if you is not None:
        if you["secret"]:
            secret = ", ".join(tile_label(t["id"]) for t in you["secret"])
            lines.append(tr("Your face-down tiles: {tiles}", tiles=secret))
        if you["plan_tile"] is not None:
            lines.append(tr("Your chosen tile: {tile}", tile=named_tile(you["plan_tile"]["name"])))
        if you["step"]:
            if you["icon"]:
                lines.append(tr("Your decision: {step} ({icon})", step=tr(STEP_WORDS[you["step"]]),
                                icon=icon_name(you["icon"])))
            else:
                lines.append(tr("Your decision: {step}", step=tr(STEP_WORDS[you["step"]])))
    if view["result"]:
        lines.append(chart_text(view["result"]))
    return "\n".join(lines)


def stage_name(stage: str) -> str:
    """A stage's name as the text board shows it (English: the stage's identifier itself)."""
    names = {
        "opening": trc("lc stage", "opening"), "build": trc("lc stage", "build"),
        "fallback": trc("lc stage", "fallback"), "execute": trc("lc stage", "execute"),
        "midday": trc("lc stage", "midday"), "icons": trc("lc stage", "icons"),
        "special": trc("lc stage", "special"), "over": trc("lc stage", "over"),
    }
    return names.get(stage, stage)


PUBLIC_STAGE_WORDS = {
    "opening": N_("{name} is choosing where the Highlight opens"), "build": N_("{name} is deciding how to build"),
    "midday": N_("{name} is choosing to build or to execute"),
    "fallback": N_("{name} is choosing to raise funds or build (no tile was left to hire)"),
    "execute": N_("{name} is moving the Highlight"), "special": N_("{name} is choosing a Special Attraction"),
}


def public_prompt(public: dict[str, Any], seat: int) -> str:
    """What the awaited ``seat`` is deciding, from the spectator view only: the stage, or the public icon
    being resolved; never a face-down tile, nor what the seat chose for this space (private until all chose)."""
    player = public["players"][seat]
    name = player["name"]
    if player["icons_left"]:
        icon = player["icons_left"][0]
        return tr("{name} is resolving the {icon} icon ({meaning})", name=name, icon=icon_name(icon),
                  meaning=icon_words(icon))
    return tr(PUBLIC_STAGE_WORDS.get(public["stage"], N_("{name} is deciding")), name=name)
