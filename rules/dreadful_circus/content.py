"""Dreadful Circus components: typed records and a validated, cached loader for ``data/*.json``.

Each data file opens with an ``_about`` header saying what the rulebook fixes and what is
Ringmaster's own design. ``load_content()`` checks every count the rulebook gives (63 cards, 43
Attractions, 20 Performances, four different Collections, 55 Contracts) and raises ``ValueError``
naming the file and entry at the first problem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

CONTRACT_TYPES: tuple[str, ...] = ("paris", "berlin", "vegas", "prague", "london")
COIN_TYPES: tuple[str, ...] = ("copper", "silver", "gold")
COIN_VALUE: Mapping[str, int] = {"copper": 1, "silver": 2, "gold": 3}
PLAYER_MARKS: tuple[str, ...] = ("", "5-6", "7-8")
CARD_COLOURS: tuple[str, ...] = ("orange", "red", "yellow", "blue", "grey", "purple", "green", "teal", "pink")

ATTRACTION_EFFECTS: frozenset[str] = frozenset({
    "collection", "provide_contracts", "points", "themis", "looped_wagons", "flaming_arrow", "coin_bonus",
    "seller_income", "rainbow_bridge", "copy_own", "copy_other", "crystal_balls", "contract_variety",
    "bigger_tableau", "majority_bonus",
})
PERFORMANCE_EFFECTS: frozenset[str] = frozenset({
    "load_take", "load_keep", "gain_coins", "draw_contracts", "discard_attraction", "steal_collection",
    "play_card", "swap_contracts",
})
END_GAME_EFFECTS: tuple[str, ...] = ("crystal_balls", "copy_own", "copy_other")
"""Attractions that ask their owner a question at the end of the game, before scoring."""
NOT_COPYABLE: frozenset[str] = frozenset({"crystal_balls", "copy_own", "copy_other"})

CARD_COUNT, ATTRACTION_COUNT, PERFORMANCE_COUNT, COLLECTION_KINDS = 63, 43, 20, 4


@dataclass(frozen=True)
class Card:
    """One Circus card. ``design`` is shared by identical copies (the first copy's id)."""

    id: str
    design: str
    name: str
    type: str  # "attraction" or "performance"
    colour: str
    players: str  # "", "5-6" or "7-8": the player-count mark
    points: int
    text: str
    effect: str
    params: Mapping[str, Any]

    @property
    def attraction(self) -> bool:
        return self.type == "attraction"

    def to_json(self) -> dict[str, Any]:
        """The card's full public data, as views carry it (the renderer needs no content lookup)."""
        return {"id": self.id, "design": self.design, "name": self.name, "type": self.type,
                "colour": self.colour, "players": self.players, "points": self.points, "text": self.text,
                "effect": self.effect, "params": dict(self.params), "collection": self.effect == "collection",
                "contracts": provided_contracts(self)}


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    contract_names: dict[str, str]
    contract_colours: dict[str, str]
    contract_count: int
    starting_coins: dict[str, int]
    starting_contracts: int
    hand_size: dict[int, int]
    hand_left_at_end: int
    collection_points: tuple[int, ...]
    majority_points: int
    set_points: int

    def deck_for(self, players: int) -> list[str]:
        """Card ids used at this player count, in file order (set-up step 5)."""
        allowed = {""} | ({"5-6"} if players >= 5 else set()) | ({"7-8"} if players >= 7 else set())
        return [card.id for card in self.cards.values() if card.players in allowed]


def provided_contracts(card: Card) -> dict[str, int]:
    if card.effect != "provide_contracts":
        return {}
    return {str(card.params["contract"]): int(card.params["count"])}


def _read(name: str) -> dict[str, Any]:
    text = files("rules.dreadful_circus").joinpath("data", name).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("_about"), dict):
        raise ValueError(f"{name}: the file must be an object with an _about header")
    return data


def _card(raw: dict[str, Any], designs: dict[tuple[str, str], str]) -> Card:
    where = f"cards.json {raw.get('id')!r}"
    effect = raw["effect"]
    kind = str(effect["kind"])
    if raw["type"] not in ("attraction", "performance"):
        raise ValueError(f"{where}: type must be attraction or performance")
    allowed = ATTRACTION_EFFECTS if raw["type"] == "attraction" else PERFORMANCE_EFFECTS
    if kind not in allowed:
        raise ValueError(f"{where}: {kind!r} is not an effect a {raw['type']} can have")
    if raw["colour"] not in CARD_COLOURS or raw["players"] not in PLAYER_MARKS:
        raise ValueError(f"{where}: unknown colour or player-count mark")
    params = {key: value for key, value in effect.items() if key != "kind"}
    if kind == "provide_contracts" and params.get("contract") not in CONTRACT_TYPES:
        raise ValueError(f"{where}: unknown contract type")
    if kind == "gain_coins" and not set(params.get("coins", {})) <= set(COIN_TYPES):
        raise ValueError(f"{where}: unknown coin")
    design = designs.setdefault((str(raw["name"]), str(raw["text"])), str(raw["id"]))
    return Card(id=str(raw["id"]), design=design, name=str(raw["name"]), type=str(raw["type"]),
                colour=str(raw["colour"]), players=str(raw["players"]), points=int(raw["points"]),
                text=str(raw["text"]), effect=kind, params=params)


@cache
def load_content() -> Content:
    cards_data = _read("cards.json")
    designs: dict[tuple[str, str], str] = {}
    cards = {card.id: card for card in (_card(raw, designs) for raw in cards_data["cards"])}
    if len(cards) != CARD_COUNT:
        raise ValueError(f"cards.json: {len(cards)} cards, the rulebook has {CARD_COUNT}")
    attractions = sum(card.attraction for card in cards.values())
    if attractions != ATTRACTION_COUNT:
        raise ValueError(f"cards.json: {attractions} Attractions, the rulebook has {ATTRACTION_COUNT}")
    collections = {card.name for card in cards.values() if card.effect == "collection"}
    if len(collections) != COLLECTION_KINDS:
        raise ValueError(f"cards.json: {len(collections)} different Collection cards, the rulebook has 4")
    parts = _read("components.json")
    types = parts["contract_types"]
    if [entry["id"] for entry in types] != list(CONTRACT_TYPES) or sum(entry["count"] for entry in types) != 55:
        raise ValueError("components.json: the five contract types must hold 55 Contracts, 11 each")
    coins = parts["coins"]
    if [entry["id"] for entry in coins] != list(COIN_TYPES):
        raise ValueError("components.json: coins must be copper, silver, gold")
    return Content(
        cards=cards,
        contract_names={entry["id"]: entry["name"] for entry in types},
        contract_colours={entry["id"]: entry["colour"] for entry in types},
        contract_count=int(types[0]["count"]),
        starting_coins={entry["id"]: int(entry["start"]) for entry in coins},
        starting_contracts=int(parts["starting_contracts"]),
        hand_size={int(count): int(size) for count, size in parts["hand_size"].items()},
        hand_left_at_end=int(parts["hand_left_at_end"]),
        collection_points=tuple(int(points) for points in parts["collection_points"]),
        majority_points=int(parts["majority_points"]),
        set_points=int(parts["set_points"]),
    )


def card(card_id: str) -> Card:
    return load_content().cards[card_id]
