"""Every decision open to a seat now, in a stable order. The one source of legality: ``Game.apply``
accepts exactly these, and ``explain`` says why anything else is refused."""

from __future__ import annotations

from rules.wanderzirkus import flow, row, show
from rules.wanderzirkus.actions import (
    Action,
    Announce,
    BuyArtist,
    BuyCity,
    BuySwapToken,
    ChooseArtist,
    ChooseCity,
    CopyEffect,
    EndSpending,
    MovePeeked,
    Place,
    PlacePause,
    PlayCard,
    RecycleCard,
    ReturnCard,
    SkipEffect,
    StopShow,
    TakePair,
    TuckCard,
    UseEffect,
    UseSwap,
)
from rules.wanderzirkus.state import ARTIST_PRICE, CITY_PRICE, SWAP_PRICE, WanderzirkusState


def to_act(state: WanderzirkusState) -> frozenset[int]:
    if state.phase == "setup":
        return frozenset(seat for seat, c in enumerate(state.circuses) if not c.setup_done)
    if state.phase == "show":
        return frozenset(flow.shows_running(state))
    current = state.current
    return frozenset() if current is None else frozenset({current})


def legal_actions(state: WanderzirkusState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    circus = state.circuses[seat]
    if state.phase == "setup":
        if len(circus.offer) > flow.SETUP_ARTISTS - flow.SETUP_KEEP:
            return [ChooseArtist(card_id) for card_id in circus.offer]
        return [ChooseCity(city) for city in circus.city_offer]
    if state.phase == "travel":
        return [TakePair(index) for index, pair in enumerate(state.pairs) if pair is not None]
    if state.phase == "announce":
        if circus.step == "swap":
            return [ReturnCard(card_id) for card_id in circus.hand]
        # The swap token may be used "at any time": here, with the hand seen, before announcing.
        swap: list[Action] = [UseSwap()] if show.swap_allowed(circus) else []
        return [*(Announce(count) for count in range(1, flow.max_announcement(state, seat) + 1)), *swap]
    if state.phase == "spend":
        return _spend_actions(state, seat)
    return _show_actions(state, seat)


def _spend_actions(state: WanderzirkusState, seat: int) -> list[Action]:
    circus = state.circuses[seat]
    if state.spend_step == "pick_artist":
        return [ChooseArtist(card_id) for card_id in circus.offer]
    if state.spend_step == "pick_city":
        return [ChooseCity(city) for city in circus.city_offer]
    actions: list[Action] = []
    if circus.coins >= ARTIST_PRICE and not circus.bought_artist and state.artist_stack:
        actions.append(BuyArtist())
    if circus.coins >= CITY_PRICE and not circus.bought_city and state.city_stack:
        actions.append(BuyCity())
    if circus.coins >= SWAP_PRICE and not circus.swap_token:
        actions.append(BuySwapToken())
    actions.append(EndSpending())
    return actions


def _show_actions(state: WanderzirkusState, seat: int) -> list[Action]:
    circus = state.circuses[seat]
    step = circus.step
    if step == "place":
        assert circus.placing is not None
        return [Place(target) for target in row.placements(circus.show, circus.placing)]
    if step == "swap":
        return [ReturnCard(card_id) for card_id in circus.hand]
    if step == "peek":
        return [SkipEffect(), MovePeeked()]
    if step == "recycle":
        return [*(RecycleCard(card_id) for card_id in circus.hand), SkipEffect()]
    if step == "effect":
        effect = circus.effect
        if effect == "copy":
            return [*(CopyEffect(e) for e in show.copy_choices(circus)), SkipEffect()]
        if effect == "tuck":
            return [*(TuckCard(card_id) for card_id in circus.hand), SkipEffect()]
        if effect == "recycle":
            return [*(RecycleCard(card_id) for card_id in circus.hand), SkipEffect()]
        return [UseEffect(), SkipEffect()]
    actions: list[Action] = [PlayCard(card_id) for card_id in show.playable(circus)]
    if show.pause_allowed(circus) and circus.hand:
        actions.append(PlacePause())
    if show.swap_allowed(circus):
        actions.append(UseSwap())
    actions.append(StopShow())
    return actions
