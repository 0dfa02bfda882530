"""The end of the month: the four prizes, the winner (tie: leftmost on the Player Order track) and the
solo ranking on John's chart."""

from __future__ import annotations

from lang import N_, speaking, tr
from rules.core.events import Event
from rules.core.game import Outcome, rank_by
from rules.little_circuses import board
from rules.little_circuses.state import BLEACHER_SPACES, Circus, LittleCircusesState

VARIETY_PRIZE = 10
CASH_PER = 3
CASH_PRIZE = 2
SOLO_CHART: tuple[tuple[int, str], ...] = (
    (201, N_("Off the charts!")), (151, N_("Amazing!")), (101, N_("So close!")), (51, N_("Nice try")),
    (0, N_("Wimpy")))


def prizes(circus: Circus) -> dict[str, int]:
    return {
        "variety": VARIETY_PRIZE * board.variety_sets(circus),
        "cash": CASH_PRIZE * (circus.money // CASH_PER),
        "act": len(circus.hand) + len(circus.secret),
        "audience": sum(count * space // 2 for count, space in zip(circus.bleacher, BLEACHER_SPACES, strict=True)),
    }


def finish(state: LittleCircusesState, events: list[Event]) -> None:
    """Add every player's prizes to their Fame (in player order) and announce the result."""
    state.final = [{} for _ in state.circuses]
    for seat in state.order:
        circus = state.circuses[seat]
        won = prizes(circus)
        before = circus.fame
        circus.fame += sum(won.values())
        state.final[seat] = {"before": before, **won, "total": circus.fame}
        events.append(Event("prizes", {"seat": seat, **won, "total": circus.fame}))
    # The event is stored: its verdict is kept in English and translated when shown (text.chart_text).
    with speaking("en"):
        result = outcome(state)
    events.append(Event("game_over", {"winners": list(result.winners), "result": result.result}))


def rating(fame: int) -> str:
    return next(label for floor, label in SOLO_CHART if fame >= floor)


def outcome(state: LittleCircusesState) -> Outcome:
    scores = tuple(circus.fame for circus in state.circuses)
    leftness = {seat: len(state.order) - position for position, seat in enumerate(state.order)}
    ranking = rank_by([(scores[seat], leftness[seat]) for seat in range(len(scores))])
    lines = tuple(
        tr("{name}: {before} Fame + Variety {variety} + Cash {cash} + Act {act} + Audience {audience} = {total}",
           name=state.players[seat], before=p["before"], variety=p["variety"], cash=p["cash"], act=p["act"],
           audience=p["audience"], total=p["total"]) for seat, p in enumerate(state.final) if p)
    result = None
    if len(state.players) == 1:
        result = tr("John's chart: {fame} Fame — {rating}", fame=scores[0], rating=tr(rating(scores[0])))
    return Outcome(scores, ranking, lines, result)
