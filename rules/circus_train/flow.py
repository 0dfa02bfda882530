"""The shape of the game: set-up, turns in order, the Roustabout phase, month and season ends."""

from __future__ import annotations

from rules.circus_train import board, modifiers, scoring, wages
from rules.circus_train.calendar import TOTAL_WEEKS, week
from rules.circus_train.content import load_content
from rules.circus_train.event_cards import draw_event
from rules.circus_train.state import FULL_DECK, REPUTATION_TRACK, Circus, CircusTrainState, Pending
from rules.core.events import Event
from rules.core.options import OptionValue
from rules.core.rng import Rng

STARTING_PICKS = ("horses", "freaks", "acrobats")


def new_state(players: list[str], options: dict[str, OptionValue], rng: Rng) -> CircusTrainState:
    """Set-up steps 1-12: decks, talent, bag and first player. The board follows the talent picks."""
    content = load_content()
    count = len(players)
    deck = [card for card in FULL_DECK
            if not (card == "rest" and not options["advanced"])
            and not (card == "overnight_hire" and count <= 2)
            and not (card == "wages_transit" and options["easier"])]
    bank = {talent: spec.count for talent, spec in content.talent.items()}
    circuses = []
    for _ in players:
        bank["clowns"] -= 1
        circuses.append(Circus(talent={"clowns": 1}, hand=list(deck)))
    counters = [c for c in content.counters.values()
                if (c.kind != "special" or options["special_characters"])
                and not (c.kind == "points" and options["easier"])]
    destinations = list(content.destinations)
    rng.shuffle(destinations)
    events = list(content.events)
    rng.shuffle(events)
    first = rng.below(count)
    return CircusTrainState(
        players=list(players), options=dict(options), rng=0, circuses=circuses, board={},
        talent_bank=bank, special_bank=[],
        bag=[c.id for c in counters if c.season == "green"],
        set_aside=[c.id for c in counters if c.season != "green"],
        destinations=destinations, destination_discards=[],
        event_deck=events[:5] if options["events"] else [], event=None,
        week=0, first_player=first, turns_taken=0,
        pending=Pending("pick_talent", seat=first, picks=2),
    )


def in_turn_order(state: CircusTrainState) -> list[int]:
    count = len(state.players)
    return [(state.first_player + i) % count for i in range(count)]


def after_pick(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    pending = state.pending
    assert pending is not None
    if pending.picks > 0:
        return
    order = in_turn_order(state)
    position = order.index(pending.seat)
    if position + 1 < len(order):
        state.pending = Pending("pick_talent", seat=order[position + 1], picks=2)
        return
    # Steps 14-16: the starting board, then step 18: start cities in turn order.
    board.place_starting_performances(state, rng, log)
    board.replenish(state, rng, log)
    state.pending = Pending("choose_start", seat=order[0])


def after_start(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    pending = state.pending
    assert pending is not None
    order = in_turn_order(state)
    position = order.index(pending.seat)
    if position + 1 < len(order):
        state.pending = Pending("choose_start", seat=order[position + 1])
    else:
        start_round(state, rng, log)


def current_seat(state: CircusTrainState) -> int:
    return (state.first_player + state.turns_taken) % len(state.players)


def start_round(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    state.turns_taken = 0
    board.replenish(state, rng, log)  # the counts are upheld at the start of every round
    log.append(Event("week_begins", {"week": state.week}))
    state.pending = Pending("choose", seat=current_seat(state))


def end_turn(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    seat = current_seat(state)
    circus = state.circuses[seat]
    if circus.two_week_city is not None:
        if circus.two_week_ready:
            log.append(Event("two_week_abandoned", {"seat": seat, "city": circus.two_week_city}))
            circus.two_week_city = None
            circus.two_week_ready = False
        else:
            circus.two_week_ready = True
    board.remove_lonely_specials(state, log)
    state.turns_taken += 1
    if state.turns_taken < len(state.players):
        state.pending = Pending("choose", seat=current_seat(state))
    else:
        end_round(state, rng, log)


def end_round(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    """Roustabout phase: replenish, advance the calendar, then month and season events."""
    board.replenish(state, rng, log)
    completed = week(state.week)
    if completed.index + 1 < TOTAL_WEEKS:
        state.week += 1
    if not completed.last_of_month:
        start_round(state, rng, log)
        return
    log.append(Event("month_ends", {"month": completed.month}))
    scoring.month_end_scoring(state, completed.month, log)
    if completed.index + 1 == TOTAL_WEEKS:
        finish_game(state, rng, log)
        return
    if completed.long_month:
        thief = long_month_thief(state)
        if thief is not None and long_month_targets(state, thief):
            state.pending = Pending("long_month_steal", seat=thief)
            return
    finish_month(state, rng, log)


def long_month_thief(state: CircusTrainState) -> int | None:
    """The single player with the fewest VP; a tie skips the steal."""
    if not modifiers.uses_vp(state):
        return None
    vps = [c.vp for c in state.circuses]
    fewest = min(vps)
    return vps.index(fewest) if vps.count(fewest) == 1 else None


def long_month_targets(state: CircusTrainState, thief: int) -> list[int]:
    """Opponents with a counter to take (advanced: only those no more reputable than the thief)."""
    own = state.circuses[thief]
    targets = []
    for seat, circus in enumerate(state.circuses):
        if seat == thief or not (any(circus.talent.values()) or circus.specials):
            continue
        if modifiers.advanced(state) and REPUTATION_TRACK[circus.reputation] > REPUTATION_TRACK[own.reputation]:
            continue
        targets.append(seat)
    return targets


def finish_month(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    """After scoring (and any long-month steal): first player, Event card, season change."""
    completed = week(state.week - 1)
    state.first_player = (state.first_player + 1) % len(state.players)
    log.append(Event("first_player", {"seat": state.first_player}))
    if state.options["events"]:
        draw_event(state, log)
    if completed.last_of_season:
        board.change_season(state, rng, week(state.week).season, log)
    start_round(state, rng, log)


def finish_game(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    """End of September. Solitaire first pays its complete wages one last time."""
    if modifiers.solitaire(state) and not state.options["easier"] and any(state.circuses[0].talent.values()):
        state.pending = Pending("wages", seat=0, final=True)
        if wages.needs_no_choice(state):
            wages.pay(state, log)
        else:
            return
    end_game(state, log)


def end_game(state: CircusTrainState, log: list[Event]) -> None:
    scoring.final_scoring(state, log)
    state.pending = None
    result = scoring.outcome(state)
    log.append(Event("game_over", {"scores": list(result.scores), "winners": list(result.winners),
                                   "result": result.result}))
