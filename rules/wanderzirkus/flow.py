"""The course of play: set-up, Travel, announcements, the start and end of the shows, Round Scoring,
Spend Coins and the end of the game. Every function here moves the game on after a decision."""

from __future__ import annotations

from rules.core.events import Event
from rules.core.options import OptionValue
from rules.core.rng import Rng
from rules.wanderzirkus import show
from rules.wanderzirkus.content import load_content
from rules.wanderzirkus.scoring import score_show
from rules.wanderzirkus.state import (
    ARTIST_PRICE,
    CITY_PRICE,
    COINS_PER_VP,
    HAND_SIZE,
    REGION_VP,
    ROUNDS,
    SWAP_PRICE,
    Circus,
    WanderzirkusState,
)

SETUP_ARTISTS = 4
SETUP_KEEP = 2
OFFER_SIZE = 2


def simplified(state: WanderzirkusState) -> bool:
    return bool(state.options["simplified"])


def pro(state: WanderzirkusState) -> bool:
    return bool(state.options["pro"])


def draw(stack: list[str], count: int) -> list[str]:
    taken = stack[:count]
    del stack[:count]
    return taken


def new_state(players: list[str], options: dict[str, OptionValue], rng: Rng) -> WanderzirkusState:
    """Set-up steps 1-4: starting cards, shuffled stacks, four artists and two cities offered to each."""
    content = load_content()
    artists = content.stack_artists(len(players))
    cities = list(content.cities)
    rng.shuffle(artists)
    rng.shuffle(cities)
    circuses = [Circus(artists=content.starting_set(seat + 1)) for seat in range(len(players))]
    state = WanderzirkusState(players=players, options=dict(options), rng=0, circuses=circuses,
                              artist_stack=artists, city_stack=cities)
    for circus in circuses:
        circus.offer = draw(state.artist_stack, SETUP_ARTISTS)
        circus.city_offer = draw(state.city_stack, OFFER_SIZE)
    state.first_announcer = rng.below(len(players))
    state.rng = rng.state
    return state


def finish_setup(state: WanderzirkusState, log: list[Event]) -> None:
    """Everyone has chosen: the artists and cities not chosen go under their stacks, seat by seat."""
    for seat, circus in enumerate(state.circuses):
        state.artist_stack.extend(circus.offer)
        state.city_stack.extend(circus.city_offer)
        circus.offer, circus.city_offer = [], []
        log.append(Event("city_displayed", {"seat": seat, "city": circus.cities[0]}))
    start_show_preparation(state, log)


# ----- orders -------------------------------------------------------------------------------------


def _lots(state: WanderzirkusState) -> list[int]:
    rng = Rng(state.rng)
    lots = list(range(len(state.players)))
    rng.shuffle(lots)
    state.rng = rng.state
    return lots


def order_by_last_rounds(state: WanderzirkusState, fewest_first: bool) -> list[int]:
    """Seats by their points in the last round, then the round before, and so on; lots after that."""
    lots = _lots(state)
    sign = 1 if fewest_first else -1

    def key(seat: int) -> tuple[int, ...]:
        history = state.circuses[seat].round_vp
        return (*(sign * vp for vp in reversed(history)), lots.index(seat))

    return sorted(range(len(state.players)), key=key)


# ----- travel -------------------------------------------------------------------------------------


def start_travel(state: WanderzirkusState, log: list[Event]) -> None:
    count = min(len(state.players) + 2, len(state.artist_stack), len(state.city_stack))
    state.pairs = list(zip(draw(state.artist_stack, count), draw(state.city_stack, count), strict=True))
    state.order = order_by_last_rounds(state, fewest_first=True)
    state.turn = 0
    state.phase = "travel"
    log.append(Event("travel_begins", {"round": state.round, "pairs": [list(p) for p in state.pairs if p],
                                       "order": list(state.order)}))
    if not state.pairs:
        end_travel(state, log)


def take_pair(state: WanderzirkusState, seat: int, index: int, log: list[Event]) -> None:
    pair = state.pairs[index]
    assert pair is not None
    artist, city = pair
    state.pairs[index] = None
    circus = state.circuses[seat]
    circus.artists.append(artist)
    circus.cities.append(city)
    log.append(Event("pair_taken", {"seat": seat, "artist": artist, "city": city}))
    state.turn += 1
    if state.turn >= len(state.order) or all(p is None for p in state.pairs):
        end_travel(state, log)


def end_travel(state: WanderzirkusState, log: list[Event]) -> None:
    for pair in state.pairs:
        if pair is not None:
            state.artist_stack.append(pair[0])
            state.city_stack.append(pair[1])
    state.pairs = []
    start_show_preparation(state, log)


# ----- give a show --------------------------------------------------------------------------------


def start_show_preparation(state: WanderzirkusState, log: list[Event]) -> None:
    """Everyone shuffles their deck and draws 3; then the announcements (not in the Simplified game)."""
    rng = Rng(state.rng)
    for circus in state.circuses:
        circus.draw_pile = list(circus.artists)
        rng.shuffle(circus.draw_pile)
        circus.hand = draw(circus.draw_pile, HAND_SIZE)
        circus.show = []
        circus.announcement = None
        circus.pause_used = circus.swap_used = False
        circus.show_state = "idle"
        circus.end_reason = ""
    state.rng = rng.state
    log.append(Event("show_prepared", {"round": state.round}))
    if simplified(state):
        start_shows(state, log)
        return
    if state.round == 1:
        count = len(state.players)
        state.order = [(state.first_announcer + step) % count for step in range(count)]
    else:
        state.order = order_by_last_rounds(state, fewest_first=False)
    state.turn = 0
    state.phase = "announce"


def max_announcement(state: WanderzirkusState, seat: int) -> int:
    """The deck size minus 1: the fourth stop sign ends a show, so one starting card always stays out."""
    return len(state.circuses[seat].artists) - 1


def announce(state: WanderzirkusState, seat: int, count: int, log: list[Event]) -> None:
    state.circuses[seat].announcement = count
    log.append(Event("announced", {"seat": seat, "count": count}))
    state.turn += 1
    if state.turn >= len(state.order):
        start_shows(state, log)


def start_shows(state: WanderzirkusState, log: list[Event]) -> None:
    state.phase = "show"
    state.order, state.turn = [], 0
    log.append(Event("shows_begin", {"round": state.round}))
    for seat, circus in enumerate(state.circuses):
        circus.show_state = "running"
        circus.step = "play"
        show.check_end(state, seat, log)
    if all(c.show_state == "ended" for c in state.circuses):
        round_scoring(state, log)


def after_show_step(state: WanderzirkusState, log: list[Event]) -> None:
    """Called after every show decision: once every show has ended, the round is scored."""
    if state.phase == "show" and all(c.show_state == "ended" for c in state.circuses):
        round_scoring(state, log)


# ----- round scoring ------------------------------------------------------------------------------


def round_scoring(state: WanderzirkusState, log: list[Event]) -> None:
    state.scorings = []
    for seat, circus in enumerate(state.circuses):
        result = score_show(seat, circus.show, circus.announcement, circus.cities)
        state.scorings.append(result)
        circus.round_vp.append(result.total)
        circus.coins += result.coins
        log.append(Event("round_scored", {
            "seat": seat, "round": state.round, "announced": result.announced, "length": result.length,
            "announcement": result.announcement, "cities": [list(c) for c in result.cities],
            "green": result.green, "blue": result.blue, "red": result.red, "purple": result.purple,
            "pause": result.pause, "coins": result.coins, "total": result.total}))
        if pro(state):
            _keep_new_regions(state, seat, log)
        if simplified(state) and circus.swap_used and not circus.swap_token:
            circus.swap_token = True
            log.append(Event("swap_token_returned", {"seat": seat}))
    if state.round >= ROUNDS:
        end_round(state, log)
        return
    start_spending(state, log)


def _keep_new_regions(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    """Pro mode: a fulfilled city of a region not yet held is kept face down."""
    circus = state.circuses[seat]
    content = load_content()
    held = {content.cities[c].region for c in circus.kept_cities}
    for city_id, vp in state.scorings[seat].cities:
        region = content.cities[city_id].region
        if vp and region not in held:
            held.add(region)
            circus.kept_cities.append(city_id)
            circus.cities.remove(city_id)
            log.append(Event("region_kept", {"seat": seat, "city": city_id, "region": region}))


# ----- spend coins --------------------------------------------------------------------------------


def can_spend(state: WanderzirkusState, seat: int) -> bool:
    circus = state.circuses[seat]
    return ((circus.coins >= ARTIST_PRICE and not circus.bought_artist and bool(state.artist_stack))
            or (circus.coins >= CITY_PRICE and not circus.bought_city and bool(state.city_stack))
            or (circus.coins >= SWAP_PRICE and not circus.swap_token))


def start_spending(state: WanderzirkusState, log: list[Event]) -> None:
    state.phase = "spend"
    state.order = order_by_last_rounds(state, fewest_first=True)
    state.turn = 0
    state.spend_step = "menu"
    for circus in state.circuses:
        circus.bought_artist = circus.bought_city = False
    _skip_idle_spenders(state, log)


def _skip_idle_spenders(state: WanderzirkusState, log: list[Event]) -> None:
    while state.turn < len(state.order) and not can_spend(state, state.order[state.turn]):
        state.turn += 1
    if state.turn >= len(state.order):
        end_round(state, log)


def next_spender(state: WanderzirkusState, log: list[Event]) -> None:
    state.turn += 1
    state.spend_step = "menu"
    _skip_idle_spenders(state, log)


def back_to_menu(state: WanderzirkusState, log: list[Event]) -> None:
    """After a purchase: the same seat may buy more, or its turn passes when nothing is left to buy."""
    state.spend_step = "menu"
    current = state.current
    if current is not None and not can_spend(state, current):
        next_spender(state, log)


# ----- end of round and game ----------------------------------------------------------------------


def end_round(state: WanderzirkusState, log: list[Event]) -> None:
    """Artists go back into the decks; the cities on display go under the stack; bought ones come out.
    After the last round the shows stay on the table, for the final picture."""
    if state.round >= ROUNDS:
        for circus in state.circuses:
            circus.draw_pile, circus.hand = [], []
        end_game(state, log)
        return
    for circus in state.circuses:
        circus.draw_pile, circus.hand, circus.show = [], [], []
        circus.show_state = "idle"
        circus.announcement = None
        state.city_stack.extend(circus.cities)
        circus.cities = list(circus.bought_cities)
        circus.bought_cities = []
    state.round += 1
    log.append(Event("round_begins", {"round": state.round}))
    start_travel(state, log)


def region_vp(state: WanderzirkusState, seat: int) -> int:
    if not pro(state):
        return 0
    content = load_content()
    return REGION_VP * len({content.cities[c].region for c in state.circuses[seat].kept_cities})


def end_game(state: WanderzirkusState, log: list[Event]) -> None:
    state.phase = "over"
    state.order, state.turn = [], 0
    state.final_vp = []
    for seat, circus in enumerate(state.circuses):
        rounds = sum(circus.round_vp)
        from_coins = circus.coins // COINS_PER_VP
        regions = region_vp(state, seat)
        state.final_vp.append(rounds + from_coins + regions)
        log.append(Event("final_score", {"seat": seat, "rounds": rounds, "coins": circus.coins,
                                         "coin_vp": from_coins, "region_vp": regions,
                                         "total": state.final_vp[-1]}))


def shows_running(state: WanderzirkusState) -> list[int]:
    return [seat for seat, c in enumerate(state.circuses) if c.show_state == "running"]

