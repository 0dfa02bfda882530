"""Carrying out a legal decision. ``resolve`` is only ever called with an action from ``legal_actions``."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.wanderzirkus import flow, show
from rules.wanderzirkus.actions import Action
from rules.wanderzirkus.state import ARTIST_PRICE, CITY_PRICE, SWAP_PRICE, WanderzirkusState


def resolve(state: WanderzirkusState, seat: int, action: Action) -> list[Event]:
    log: list[Event] = []
    a: Any = action
    phase = state.phase
    if phase == "setup":
        _setup_choice(state, seat, action, log)
    elif phase == "travel":
        flow.take_pair(state, seat, a.pair, log)
    elif phase == "announce" and action.kind == "use_swap":
        show.use_swap(state, seat, log)
    elif phase == "announce" and action.kind == "return_card":
        show.return_card(state, seat, a.card, log)
    elif phase == "announce":
        flow.announce(state, seat, a.count, log)
    elif phase == "spend":
        _spend(state, seat, action, log)
    else:
        _show_step(state, seat, action, log)
        flow.after_show_step(state, log)
    return log


def _setup_choice(state: WanderzirkusState, seat: int, action: Action, log: list[Event]) -> None:
    circus = state.circuses[seat]
    a: Any = action
    if action.kind == "choose_artist":
        circus.offer.remove(a.card)
        circus.artists.append(a.card)
        log.append(Event("artist_chosen", {"seat": seat, "card": a.card}, private_to=seat))
        return
    circus.city_offer.remove(a.city)
    circus.cities.append(a.city)
    circus.setup_done = True
    log.append(Event("setup_done", {"seat": seat}))
    if all(c.setup_done for c in state.circuses):
        flow.finish_setup(state, log)


def _spend(state: WanderzirkusState, seat: int, action: Action, log: list[Event]) -> None:
    circus = state.circuses[seat]
    a: Any = action
    kind = action.kind
    if kind == "buy_artist":
        circus.coins -= ARTIST_PRICE
        circus.bought_artist = True
        circus.offer = flow.draw(state.artist_stack, flow.OFFER_SIZE)
        state.spend_step = "pick_artist"
        log.append(Event("artist_bought", {"seat": seat, "coins": ARTIST_PRICE}))
    elif kind == "buy_city":
        circus.coins -= CITY_PRICE
        circus.bought_city = True
        circus.city_offer = flow.draw(state.city_stack, flow.OFFER_SIZE)
        state.spend_step = "pick_city"
        log.append(Event("city_bought", {"seat": seat, "coins": CITY_PRICE}))
    elif kind == "buy_swap_token":
        circus.coins -= SWAP_PRICE
        circus.swap_token = True
        log.append(Event("swap_token_bought", {"seat": seat, "coins": SWAP_PRICE}))
        flow.back_to_menu(state, log)
    elif kind == "choose_artist":
        circus.offer.remove(a.card)
        circus.artists.append(a.card)
        state.artist_stack.extend(circus.offer)
        circus.offer = []
        log.append(Event("artist_chosen", {"seat": seat, "card": a.card}, private_to=seat))
        flow.back_to_menu(state, log)
    elif kind == "choose_city":
        circus.city_offer.remove(a.city)
        circus.bought_cities.append(a.city)
        state.city_stack.extend(circus.city_offer)
        circus.city_offer = []
        log.append(Event("city_chosen", {"seat": seat, "city": a.city}))
        flow.back_to_menu(state, log)
    else:
        log.append(Event("spending_ended", {"seat": seat, "coins": circus.coins}))
        flow.next_spender(state, log)


def _show_step(state: WanderzirkusState, seat: int, action: Action, log: list[Event]) -> None:
    circus = state.circuses[seat]
    a: Any = action
    kind = action.kind
    if kind == "play_card":
        show.play_card(state, seat, a.card, log)
    elif kind == "place":
        assert circus.placing is not None
        show.place(state, seat, circus.placing, a.target, log)
    elif kind == "place_pause":
        show.lay_pause(state, seat, log)
    elif kind == "use_swap":
        show.use_swap(state, seat, log)
    elif kind == "return_card":
        show.return_card(state, seat, a.card, log)
    elif kind == "stop_show":
        show.stop(state, seat, log)
    elif kind == "use_effect":
        show.use_effect(state, seat, log)
    elif kind == "skip_effect":
        show.skip(state, seat, log)
    elif kind == "copy_effect":
        show.copy_effect(state, seat, a.effect, log)
    elif kind == "tuck_card":
        show.tuck(state, seat, a.card, log)
    elif kind == "recycle_card":
        show.recycle(state, seat, a.card, log)
    elif kind == "move_peeked":
        show.move_peeked(state, seat, log)
