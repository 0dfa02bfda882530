"""Points: the Performance Rating, End of Month scoring, Final Scoring and the winner."""

from __future__ import annotations

from dataclasses import dataclass

from lang import N_, tr, trn
from rules.circus_train import modifiers
from rules.circus_train.content import NewsCounter, load_content
from rules.circus_train.state import REPUTATION_START, REPUTATION_TRACK, Circus, CircusTrainState
from rules.core.events import Event
from rules.core.game import Outcome, rank_by

BEST_PERFORMANCE_VP = (7, 4, 2)
SOLITAIRE_CHART = (
    (100, N_("Defeat: your circus does not survive the winter.")),
    (141, N_("Minor Defeat: within the year your circus is forced into bankruptcy.")),
    (181, N_("Draw: you have survived the season where many others failed.")),
    (221, N_("Victory: your circus train is a popular and welcome sight.")),
    (None, N_("Major Victory: you have created the Greatest Show on Earth!")),
)


@dataclass(frozen=True)
class Rating:
    base: int
    talent: dict[str, int]  # points per demanded talent type, fame included
    famous: tuple[str, ...]
    past: int
    bonus: int  # Big Bertha and the month's Event card
    ronald: str | None

    @property
    def total(self) -> int:
        return self.base + sum(self.talent.values()) + self.past + self.bonus


def talent_points(counter: NewsCounter, circus: Circus, famous: set[str]) -> dict[str, int]:
    return {talent: value * (2 if talent in famous else 1)
            for talent, value in counter.demands if circus.talent.get(talent, 0) > 0}


def rating(state: CircusTrainState, circus: Circus, counter_id: str) -> Rating:
    """Base Points + talent values (doubled when famous) + past performances' Base Points."""
    content = load_content()
    counter = content.counters[counter_id]
    famous = {talent for talent, count in circus.talent.items() if count >= 3}
    points = talent_points(counter, circus, famous)
    ronald = None
    if "ringmaster_ronald" in circus.specials:
        # Ringmaster Ronald declares Clowns or Acrobats famous; the better of the two is taken.
        best_gain = 0
        for choice in ("clowns", "acrobats"):
            if choice in famous or circus.talent.get(choice, 0) == 0:
                continue
            gain = sum(talent_points(counter, circus, famous | {choice}).values()) - sum(points.values())
            if gain > best_gain:
                best_gain, ronald = gain, choice
        if ronald is not None:
            famous.add(ronald)
            points = talent_points(counter, circus, famous)
    past = sum(content.counters[held].base for held in circus.performances)
    bonus = 10 if "big_bertha" in circus.specials else 0
    effect = modifiers.lasting(state, "talent_bonus")
    if effect is not None and effect.talent is not None and circus.talent.get(effect.talent, 0) > 0:
        bonus += effect.points
    demanded_famous = tuple(sorted(t for t in famous if t in points))
    return Rating(counter.base, points, demanded_famous, past, bonus, ronald)


def gain_vp(state: CircusTrainState, seat: int, amount: int) -> None:
    """Victory Points; in solitaire each is $5, and nothing goes below 0."""
    circus = state.circuses[seat]
    if modifiers.solitaire(state):
        circus.money = max(0, circus.money + 5 * amount)
    else:
        circus.vp = max(0, circus.vp + amount)


def split_places(values: list[int], awards: tuple[int, ...]) -> list[int]:
    """Rank by value; tied players share the awards of the places they cover, rounded down. All
    players tied for the last awarded place receive 1 VP each (the rulebook's third-place rule)."""
    order = sorted(set(values), reverse=True)
    result = [0] * len(values)
    place = 0
    for value in order:
        tied = [seat for seat, v in enumerate(values) if v == value]
        if place >= len(awards):
            break
        if len(tied) > 1 and place == len(awards) - 1:
            share = 1
        else:
            share = sum(awards[place:place + len(tied)]) // len(tied)
        for seat in tied:
            result[seat] = share
        place += len(tied)
    return result


def most_talent(circuses: list[Circus]) -> list[dict[str, int]]:
    """Per seat, the talent types it scores: the single most counters of a type, at least two."""
    awards: list[dict[str, int]] = [{} for _ in circuses]
    for talent in load_content().talent:
        counts = [c.talent.get(talent, 0) for c in circuses]
        top = max(counts)
        if top >= 2 and counts.count(top) == 1:
            awards[counts.index(top)][talent] = top
    return awards


def month_end_scoring(state: CircusTrainState, month: int, log: list[Event]) -> None:
    """Scoring at the end of ``month`` (0 = April): Most Talent, then Best Performance or, in April
    with three or more players, 5 VP for each April performer."""
    if not modifiers.uses_vp(state):
        return
    players = len(state.players)
    for seat, talent_awards in enumerate(most_talent(state.circuses)):
        for talent, vp in talent_awards.items():
            gain_vp(state, seat, vp)
            log.append(Event("most_talent", {"seat": seat, "talent": talent, "vp": vp}))
    if month == 0 and players >= 3:
        for seat, circus in enumerate(state.circuses):
            if circus.performed_in_april:
                gain_vp(state, seat, 5)
                log.append(Event("april_performers", {"seat": seat, "vp": 5}))
        return
    bests = [c.best for c in state.circuses]
    awards: tuple[int, ...] = (4, 0) if players == 2 else BEST_PERFORMANCE_VP
    for seat, vp in enumerate(split_places(bests, awards)):
        if vp:
            gain_vp(state, seat, vp)
            log.append(Event("best_performance_vp", {"seat": seat, "vp": vp, "best": bests[seat]}))


def has_wages_card_for_taxes(state: CircusTrainState, circus: Circus) -> bool:
    return "wages_transit" in circus.hand and circus.refilled_week != state.week


def award_most(state: CircusTrainState, values: list[int], label: str, log: list[Event],
               eligible: list[bool] | None = None) -> None:
    """5 VP for the single most; 2 VP to each player tied for the most (at least 1 to qualify)."""
    eligible = eligible or [True] * len(values)
    candidates = [v for v, ok in zip(values, eligible, strict=True) if ok]
    if not candidates or max(candidates) <= 0:
        return
    top = max(candidates)
    winners = [s for s, (v, ok) in enumerate(zip(values, eligible, strict=True)) if ok and v == top]
    vp = 5 if len(winners) == 1 else 2
    for seat in winners:
        gain_vp(state, seat, vp)
        log.append(Event("final_award", {"seat": seat, "award": label, "vp": vp}))


def final_scoring(state: CircusTrainState, log: list[Event]) -> None:
    """Final Scoring in the rulebook's order; the solitaire and Easier games skip it."""
    if not modifiers.uses_vp(state):
        return
    content = load_content()
    if len(state.players) == 2:
        for seat, circus in enumerate(state.circuses):
            if has_wages_card_for_taxes(state, circus):
                owed = 2 * modifiers.wages_due(state, circus)
                paid = min(owed, circus.money)
                circus.money -= paid
                gain_vp(state, seat, -3)
                log.append(Event("taxes", {"seat": seat, "vp": 3, "paid": paid, "owed": owed}))
    clowns = [c.talent.get("clowns", 0) for c in state.circuses]
    award_most(state, clowns, "most_clowns", log)
    for seat, circus in enumerate(state.circuses):
        if circus.talent.get("clowns", 0) == 0:
            gain_vp(state, seat, -3)
            log.append(Event("final_penalty", {"seat": seat, "penalty": "no_clowns", "vp": 3}))
    animals = [t for t, spec in content.talent.items() if spec.animal]
    for seat, circus in enumerate(state.circuses):
        if not any(circus.talent.get(t, 0) for t in animals):
            gain_vp(state, seat, -5)
            log.append(Event("final_penalty", {"seat": seat, "penalty": "no_animals", "vp": 5}))
    money_ok = [not modifiers.advanced(state) or c.reputation <= REPUTATION_START for c in state.circuses]
    award_most(state, [c.money for c in state.circuses], "most_money", log, money_ok)
    award_most(state, [len(c.performances) for c in state.circuses], "most_performances", log)
    if modifiers.advanced(state):
        award_most(state, [REPUTATION_TRACK[c.reputation] for c in state.circuses], "highest_reputation", log)


def solitaire_result(money: int) -> str:
    for limit, text in SOLITAIRE_CHART:
        if limit is None or money < limit:
            return text
    raise AssertionError("unreachable")


def _performances(circus: Circus) -> str:
    return trn("{n} performance", "{n} performances", len(circus.performances))


def outcome(state: CircusTrainState) -> Outcome:
    circuses = state.circuses
    if modifiers.solitaire(state):
        money = circuses[0].money
        # The result stays in English, as the game_over event stores it; it is translated where shown.
        return Outcome((money,), ((0,),), (tr("{name} ends the season with ${money}.", name=state.players[0],
                                              money=money),),
                       solitaire_result(money))
    if state.options["easier"]:
        keys = [(c.best, c.money, len(c.performances)) for c in circuses]
        scores = tuple(c.best for c in circuses)
        lines = tuple(tr("{name}: Best Performance {best}, ${money}, {performances}", name=state.players[s],
                         best=c.best, money=c.money, performances=_performances(c)) for s, c in enumerate(circuses))
        return Outcome(scores, rank_by(keys), lines)
    vp_keys = [(c.vp, c.best, c.money, len(c.performances)) for c in circuses]
    lines = tuple(tr("{name}: {vp} VP, Best Performance {best}, ${money}, {performances}", name=state.players[s],
                     vp=c.vp, best=c.best, money=c.money, performances=_performances(c))
                  for s, c in enumerate(circuses))
    return Outcome(tuple(c.vp for c in circuses), rank_by(vp_keys), lines)
