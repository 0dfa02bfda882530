"""The automatic player: greedy choices from the seat's view and legal actions only (card data comes
from the public card list). It keeps its show connected, announces what its deck usually manages,
aims for its cities' colours, stacks acrobats, and ends on a green card once its promises are kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.rng import Rng
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.content import card, load_content
from rules.wanderzirkus.row import STACK

EFFECT_VALUE = {"extra_card": 2.0, "copy": 1.0, "peek_top": 1.0, "peek_bottom": 0.5, "tuck": 0.5, "recycle": 0.5}
COPY_PREFERENCE = ("extra_card", "peek_top", "peek_bottom", "tuck", "recycle")
ANNOUNCE_SHARE = 0.75
"""The share of the deck announced (tuned with playouts so that most announcements are met)."""


def artist_value(card_id: str) -> float:
    a = card(card_id)
    value = len(a.left) + len(a.right) + EFFECT_VALUE.get(a.effect or "", 0.0)
    if a.colour == "yellow":
        value += 1 + sum(c.coin for c in a.left + a.right) * 0.5
    return value


def city_value(city_id: str) -> float:
    city = load_content().cities[city_id]
    return float(city.vp) * 0.8 ** len(city.colours)


class Table:
    """What the automatic player reads from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["players"][view["seat"]]
        self.own = view["own"]
        self.show: list[dict[str, Any]] = self.me["show"] or []
        self.hand = [c["id"] for c in self.own["hand"]]

    def length(self) -> int:
        return sum(1 for column in self.show for c in column["cards"] if c["id"] != "pause")

    def colours_in_show(self) -> set[str]:
        return {c["colour"] for column in self.show for c in column["cards"]}

    def wanted_colours(self) -> set[str]:
        wanted = {colour for city in self.me["cities"] for colour in city["colours"]}
        return wanted - self.colours_in_show()

    def places(self) -> list[str]:
        return [column["cards"][-1]["colour"] for column in self.show]

    def announcement_met(self) -> bool:
        return self.me["announcement"] is None or self.length() >= self.me["announcement"]


def _followers(card_id: str, others: Sequence[str]) -> int:
    right = card(card_id).right_colours()
    return sum(1 for other in others if card(other).left_colours() & right)


def _play_score(table: Table, card_id: str) -> float:
    a = card(card_id)
    others = [c for c in table.hand if c != card_id]
    places = table.places()
    value = 4.0 * _followers(card_id, others) + 1.5 * len(a.right)
    if a.colour in table.wanted_colours():
        value += 5
    if a.colour == "red" and places and places[-1] == "red":
        value += 3
    if a.colour == "purple" and places and places[-1] == "purple":
        value += 3
    if a.colour == "blue" and "blue" not in places[-2:]:
        value += 1.5
    if a.colour == "yellow":
        value += 1
    if a.stop and table.own["stop_signs"] >= 3:
        value -= 6  # the fourth stop sign would end the show at once
    if a.effect == "extra_card":
        value += 1
    return value


def _show_choice(table: Table, legal: Sequence[Action]) -> Action:
    by_kind = {action.kind: action for action in legal}
    plays = [a for a in legal if a.kind == "play_card"]
    places = table.places()
    if "stop_show" in by_kind and table.announcement_met() and not table.wanted_colours() \
            and places and places[-1] == "green":
        return by_kind["stop_show"]
    if plays:
        return max(plays, key=lambda a: _play_score(table, getattr(a, "card", "")))
    if "use_swap" in by_kind:
        return by_kind["use_swap"]
    short = not table.announcement_met() and (table.me["announcement"] or 0) >= 4
    if "place_pause" in by_kind and (short or len(table.wanted_colours()) >= 2):
        return by_kind["place_pause"]
    return by_kind["stop_show"]


def _effect_choice(table: Table, legal: Sequence[Action]) -> Action:
    kinds = {action.kind: action for action in legal}
    copies = {getattr(a, "effect", ""): a for a in legal if a.kind == "copy_effect"}
    for effect in COPY_PREFERENCE:
        if effect in copies:
            return copies[effect]
    effect = table.own["effect"]
    if "use_effect" in kinds and effect in ("extra_card", "peek_top", "peek_bottom"):
        return kinds["use_effect"]
    if effect == "tuck":
        stops = [a for a in legal if a.kind == "tuck_card" and card(getattr(a, "card", "")).stop]
        if stops and table.own["stop_signs"] >= 2:
            return stops[0]
    return kinds["skip_effect"]


def _peek_choice(table: Table, legal: Sequence[Action]) -> Action:
    kinds = {action.kind: action for action in legal}
    peeked = table.own["peeked"]["id"]
    good = artist_value(peeked) >= 5 and not (card(peeked).stop and table.own["stop_signs"] >= 2)
    on_top = table.own["peek_side"] == "top"
    if good != on_top:
        return kinds["move_peeked"]
    return kinds["skip_effect"]


def _return_choice(table: Table, legal: Sequence[Action]) -> Action:
    places = table.show
    last = places[-1]["cards"] if places else []
    right = {c["colour"] for below in last for c in below["right"]}

    def keep_value(action: Action) -> float:
        card_id = getattr(action, "card", "")
        connects = not last or bool(card(card_id).left_colours() & right)
        return (10 if connects else 0) + artist_value(card_id)

    return min(legal, key=keep_value)


def _spend_choice(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    kinds = {action.kind: action for action in legal}
    for kind in ("buy_artist", "buy_swap_token", "buy_city"):
        if kind in kinds:
            return kinds[kind]
    return kinds["end_spending"]


def _announcement(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    target = max(1, int(ANNOUNCE_SHARE * view["own"]["max_announcement"] + 0.5))
    return min(legal, key=lambda a: abs(getattr(a, "count", 0) - target))


def choose(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    kind = legal[0].kind
    if kind == "choose_artist":
        return max(legal, key=lambda a: artist_value(getattr(a, "card", "")))
    if kind == "choose_city":
        return max(legal, key=lambda a: city_value(getattr(a, "city", "")))
    if kind == "take_pair":
        pairs = {p["index"]: p for p in view["pairs"]}
        return max(legal, key=lambda a: artist_value(pairs[getattr(a, "pair", 0)]["artist"]["id"])
                   + city_value(pairs[getattr(a, "pair", 0)]["city"]["id"]))
    if kind == "announce":
        return _announcement(view, legal)
    if view["phase"] == "spend":
        return _spend_choice(view, legal)
    table = Table(view)
    step = table.own["step"]
    if step == "place":
        return _place_choice(legal, table)
    if step == "effect":
        return _effect_choice(table, legal)
    if step == "peek":
        return _peek_choice(table, legal)
    if step == "recycle":
        return next(a for a in legal if a.kind == "skip_effect")
    if step == "swap":
        return _return_choice(table, legal)
    return _show_choice(table, legal)


def _place_choice(legal: Sequence[Action], table: Table) -> Action:
    """Stack an acrobat when allowed (3 VP); else continue from the stack card most of the hand fits."""
    targets = {getattr(a, "target", 0): a for a in legal}
    if STACK in targets:
        return targets[STACK]
    stack = table.show[-1]["cards"]

    def fits(target: int) -> int:
        right = {c["colour"] for c in stack[target]["right"]}
        return sum(1 for card_id in table.hand if card(card_id).left_colours() & right)

    return targets[max(targets, key=fits)]
