"""The automatic player: greedy choices from the seat's view and legal actions only.

It values a performance by its rating and money, moves toward the richest reachable demand it can
fill, hires when it can afford the wages, and releases the talent worth least to it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.circus_train.actions import Action
from rules.circus_train.content import distance_map, load_content
from rules.core.rng import Rng


def demand_value(counter_id: str, talent: dict[str, int]) -> int:
    counter = load_content().counters[counter_id]
    if counter.kind == "points":
        return 6 * counter.points
    value = counter.base + sum(v * (2 if talent.get(t, 0) >= 3 else 1) for t, v in counter.demands if talent.get(t))
    return value + load_content().seasons[counter.season].money // 2


def city_value(view: dict[str, Any], me: dict[str, Any], city: str) -> int:
    news = view["board"].get(city)
    if not news:
        return 0
    value = 0
    if news.get("counter"):
        value += demand_value(news["counter"], me["talent"])
    if news.get("talent") and me["money"] >= 10:
        value += 4 * sum(news["talent"].values())
    return value


def score(view: dict[str, Any], action: Action) -> float:
    me = view["players"][view["seat"]]
    here = me["position"]
    a: Any = action
    kind = action.kind
    if kind == "perform":
        news = view["board"][here]
        return 100 + demand_value(news["counter"], me["talent"])
    if kind == "travel":
        best_onward = max((city_value(view, me, c) / (1 + d) for c, d in distance_map(load_content(), a.city).items()
                           if d <= 3), default=0)
        return city_value(view, me, a.city) + best_onward / 2
    if kind == "play_card":
        preferred = {"hold": 1, "overnight_transit": 3, "fast_transit": 2, "rapid_transit": 2, "basic_transit": 1,
                     "overnight_hire": 2, "wages_transit": 0 if me["money"] >= me["wages_due"] else -1, "rest": 0}
        if here and view["board"].get(here, {}).get("counter") and a.card in ("hold", "overnight_transit",
                                                                            "basic_transit"):
            return 20
        return preferred.get(a.card, 0)
    if kind == "try_hire":
        return 30 if me["money"] >= me["wages_due"] + 5 else 5
    if kind == "buy_failed":
        return 10 if me["money"] >= 30 else -10
    if kind in ("pay_wages", "decline_buy", "stop_hiring"):
        return 0
    if kind == "release":
        return -load_content().talent[a.talent].wage if a.talent in load_content().talent else -50
    if kind in ("steal", "long_month_steal", "pick_talent", "recruit", "rest_bonus"):
        return 15
    if kind == "buy_talent":
        return 8 if me["money"] >= 40 else -5
    if kind in ("replay_card", "pocket_wages", "eddie_replay", "circus_parade"):
        return -3
    return 1


def choose(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    scored = [(score(view, action), index) for index, action in enumerate(legal)]
    top = max(value for value, _ in scored)
    best = [index for value, index in scored if value == top]
    return legal[best[rng.below(len(best))]]
