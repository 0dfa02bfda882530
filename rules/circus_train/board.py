"""The Roustabout's work on the map: drawing City cards and Local News counters, replacing what a
city held, bankrupt circuses, Special Characters, and keeping 8/10/12 cities with news."""

from __future__ import annotations

from rules.circus_train.calendar import CITIES_REQUIRED, week
from rules.circus_train.content import load_content
from rules.circus_train.state import CircusTrainState, CityNews
from rules.core.events import Event
from rules.core.rng import Rng


def city(state: CircusTrainState, name: str) -> CityNews:
    """The news on a city (an empty record when nothing lies there)."""
    return state.board.get(name) or CityNews()


def tidy(state: CircusTrainState, name: str) -> None:
    news = state.board.get(name)
    if news is None:
        return
    news.talent = {talent: n for talent, n in news.talent.items() if n > 0}
    if news.counter is None and not news.talent and not news.specials:
        del state.board[name]


def cities_with_news(state: CircusTrainState) -> int:
    return sum(1 for news in state.board.values() if news.has_news())


def talent_cities(state: CircusTrainState) -> list[str]:
    return sorted(name for name, news in state.board.items() if any(news.talent.values()))


def draw_destination(state: CircusTrainState, rng: Rng, log: list[Event]) -> str:
    if not state.destinations:
        state.destinations = state.destination_discards
        state.destination_discards = []
        rng.shuffle(state.destinations)
        log.append(Event("destinations_reshuffled"))
    card = state.destinations.pop()
    state.destination_discards.append(card)
    return card


def draw_counter(state: CircusTrainState, rng: Rng) -> str:
    return state.bag.pop(rng.below(len(state.bag)))


def clear_city(state: CircusTrainState, name: str, log: list[Event]) -> None:
    """A new counter replaces what the city held: counters are discarded, talent returns to the
    Talent Bank, Special Characters to their bank, and a two-week show there is lost."""
    news = state.board.pop(name, None)
    if news is None:
        return
    for talent, count in news.talent.items():
        state.talent_bank[talent] += count
    state.special_bank.extend(news.specials)
    if news.counter is not None or news.talent or news.specials:
        log.append(Event("city_cleared", {"city": name, "counter": news.counter, "talent": dict(news.talent),
                                          "specials": list(news.specials)}))
    for seat, circus in enumerate(state.circuses):
        if circus.two_week_city == name:
            circus.two_week_city = None
            circus.two_week_ready = False
            log.append(Event("two_week_lost", {"seat": seat, "city": name}))


def place_counter(state: CircusTrainState, rng: Rng, name: str, counter_id: str, log: list[Event],
                  *, replace: bool = True) -> None:
    """Put a drawn Local News counter on a city, following every placement rule."""
    content = load_content()
    counter = content.counters[counter_id]
    if replace:
        clear_city(state, name, log)
    news = state.board.setdefault(name, CityNews())
    if counter.kind in ("performance", "points"):
        news.counter = counter_id
        log.append(Event("counter_placed", {"city": name, "counter": counter_id}))
    elif counter.kind == "bankrupt":
        placed: dict[str, int] = {}
        for talent in counter.talent:
            if state.talent_bank[talent] > 0:
                state.talent_bank[talent] -= 1
                placed[talent] = placed.get(talent, 0) + 1
        if not placed:
            # Every pictured talent is unavailable: the counter leaves play, another is drawn here.
            log.append(Event("bankrupt_empty", {"city": name, "counter": counter_id}))
            tidy(state, name)
            if state.bag:
                place_counter(state, rng, name, draw_counter(state, rng), log, replace=False)
            return
        for talent, count in placed.items():
            news.talent[talent] = news.talent.get(talent, 0) + count
        log.append(Event("bankrupt_circus", {"city": name, "counter": counter_id, "talent": placed}))
    else:
        assert counter.character is not None
        news.specials.append(counter.character)
        log.append(Event("special_arrives", {"city": name, "special": counter.character}))
        if state.bag:
            second = draw_counter(state, rng)
            if content.counters[second].kind == "special":
                state.bag.append(second)  # back into the bag; no further draw
                log.append(Event("special_returned_to_bag", {"city": name}))
            else:
                place_counter(state, rng, name, second, log, replace=False)
    tidy(state, name)


def replenish(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    """Draw City cards and counters until the season's number of cities hold news."""
    required = CITIES_REQUIRED[week(state.week).season]
    while cities_with_news(state) < required and state.bag:
        name = draw_destination(state, rng, log)
        place_counter(state, rng, name, draw_counter(state, rng), log)


def place_starting_performances(state: CircusTrainState, rng: Rng, log: list[Event]) -> None:
    """Set-up step 14: one Performance counter per player, each on a different city, before the rest."""
    content = load_content()
    while sum(1 for n in state.board.values() if n.counter) < len(state.players):
        name = draw_destination(state, rng, log)
        if name in state.board:
            continue
        while True:
            counter_id = draw_counter(state, rng)
            if content.counters[counter_id].kind == "performance":
                place_counter(state, rng, name, counter_id, log)
                break
            state.bag.append(counter_id)


def remove_lonely_specials(state: CircusTrainState, log: list[Event]) -> None:
    """A Special Character alone in a city after a turn goes to the Special Character Bank."""
    for name in sorted(state.board):
        news = state.board[name]
        if news.specials and not news.has_news():
            for special in news.specials:
                log.append(Event("special_leaves", {"city": name, "special": special}))
            state.special_bank.extend(news.specials)
            news.specials = []
            tidy(state, name)


def change_season(state: CircusTrainState, rng: Rng, season: str, log: list[Event]) -> None:
    """End of a season: the old season's counters leave the bag, the new ones go in, and the board
    grows to 10 or 12 cities. Special Characters never drawn go to the Special Character Bank."""
    content = load_content()
    for counter_id in state.bag:
        character = content.counters[counter_id].character
        if character is not None:
            state.special_bank.append(character)
    state.bag = [c for c in state.set_aside if content.counters[c].season == season]
    state.set_aside = [c for c in state.set_aside if content.counters[c].season != season]
    log.append(Event("season_changed", {"season": season}))
    replenish(state, rng, log)
