"""One seat's show, decision by decision: play a card (and choose its place after a purple stack),
decide its effect, use the swap token, lay the Pause card, stop. Everything here is private to the
seat until the show ends; then one public event lays the whole row open.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.rng import Rng
from rules.wanderzirkus import row
from rules.wanderzirkus.content import card
from rules.wanderzirkus.state import HAND_SIZE, STOP_SIGNS_TO_END, Circus, WanderzirkusState

EXTRA_HAND_SIZE = 4
SWAP_DRAW = 2


def _private(seat: int, kind: str, **data: object) -> Event:
    return Event(kind, {"seat": seat, **data}, private_to=seat)


def stop_signs_in_play(state: WanderzirkusState) -> bool:
    """The Simplified game ignores stop signs."""
    return not state.options["simplified"]


def playable(circus: Circus) -> list[str]:
    """Hand cards that may be played now, in hand order."""
    return [card_id for card_id in circus.hand if row.can_play(circus.show, card_id)]


def pause_allowed(circus: Circus) -> bool:
    """The Pause card goes to the right of a card already laid, once per round."""
    return bool(circus.show) and not circus.pause_used


def swap_allowed(circus: Circus) -> bool:
    return circus.swap_token and bool(circus.draw_pile)


def refill(circus: Circus, size: int = HAND_SIZE) -> int:
    drawn = 0
    while len(circus.hand) < size and circus.draw_pile:
        circus.hand.append(circus.draw_pile.pop(0))
        drawn += 1
    return drawn


def end_show(state: WanderzirkusState, seat: int, reason: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.show_state = "ended"
    circus.end_reason = reason
    circus.step = "play"
    circus.placing = circus.effect = circus.effect_card = circus.peeked = None
    log.append(Event("show_ended", {"seat": seat, "reason": reason, "length": row.length(circus.show),
                                    "row": [list(column.cards) for column in circus.show]}))


def check_end(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    """Back at the "play" step: the show ends by itself when nothing can be played and nothing can
    change that (no unused Pause card to lean on, no swap token to use)."""
    circus = state.circuses[seat]
    circus.step = "play"
    if not circus.hand:
        end_show(state, seat, "no_cards", log)
    elif not playable(circus) and not (pause_allowed(circus) and circus.hand) and not swap_allowed(circus):
        end_show(state, seat, "no_match", log)


def play_card(state: WanderzirkusState, seat: int, card_id: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.hand.remove(card_id)
    targets = row.placements(circus.show, card_id)
    if len(targets) > 1:
        circus.placing = card_id
        circus.step = "place"
        return
    place(state, seat, card_id, targets[0], log)


def place(state: WanderzirkusState, seat: int, card_id: str, target: int, log: list[Event]) -> None:
    circus = state.circuses[seat]
    row.lay(circus.show, card_id, target)
    circus.placing = None
    log.append(_private(seat, "card_played", card=card_id, target=target))
    if stop_signs_in_play(state) and card(card_id).stop and row.stop_signs(circus.show) >= STOP_SIGNS_TO_END:
        end_show(state, seat, "fourth_stop", log)
        return
    effect = card(card_id).effect
    if effect is None:
        after_card(state, seat, log)
    else:
        begin_effect(state, seat, effect, card_id, log)


def effect_possible(circus: Circus, effect: str, card_id: str) -> bool:
    if effect == "copy":
        return any(effect_possible(circus, other, card_id) for other in row.effects_in(circus.show, card_id))
    if effect == "extra_card":
        return len(circus.hand) < EXTRA_HAND_SIZE and bool(circus.draw_pile)
    if effect in ("peek_top", "peek_bottom"):
        return bool(circus.draw_pile)
    return bool(circus.hand)  # tuck, recycle


def copy_choices(circus: Circus) -> list[str]:
    source = circus.effect_card
    assert source is not None
    return [e for e in row.effects_in(circus.show, source) if effect_possible(circus, e, source)]


def begin_effect(state: WanderzirkusState, seat: int, effect: str, card_id: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    if not effect_possible(circus, effect, card_id):
        log.append(_private(seat, "effect_lapsed", effect=effect))
        after_card(state, seat, log)
        return
    circus.effect, circus.effect_card = effect, card_id
    circus.step = "effect"


def finish_effect(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.effect = circus.effect_card = circus.peeked = None
    circus.peek_side = ""
    after_card(state, seat, log)


def after_card(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    """Draw back up to 3, then see whether the show goes on."""
    circus = state.circuses[seat]
    drawn = refill(circus)
    if drawn:
        log.append(_private(seat, "cards_drawn", count=drawn))
    check_end(state, seat, log)


# ----- effect decisions ----------------------------------------------------------------------------


def use_effect(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    """Draw to 4, or look at the top or bottom card of the deck."""
    circus = state.circuses[seat]
    effect = circus.effect
    if effect == "extra_card":
        drawn = refill(circus, EXTRA_HAND_SIZE)
        log.append(_private(seat, "effect_used", effect=effect, count=drawn))
        finish_effect(state, seat, log)
        return
    side = "top" if effect == "peek_top" else "bottom"
    circus.peeked = circus.draw_pile[0] if side == "top" else circus.draw_pile[-1]
    circus.peek_side = side
    circus.step = "peek"
    log.append(_private(seat, "effect_used", effect=effect, card=circus.peeked))


def move_peeked(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    circus = state.circuses[seat]
    if circus.peek_side == "top":
        circus.draw_pile.append(circus.draw_pile.pop(0))
        where = "bottom"
    else:
        circus.draw_pile.insert(0, circus.draw_pile.pop())
        where = "top"
    log.append(_private(seat, "card_moved", to=where))
    finish_effect(state, seat, log)


def skip(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    """Skip the effect, leave the card looked at, or stop putting cards back (then shuffle and draw)."""
    circus = state.circuses[seat]
    if circus.step == "recycle":
        rng = Rng(state.rng)
        rng.shuffle(circus.draw_pile)
        state.rng = rng.state
        drawn = refill(circus)
        log.append(_private(seat, "deck_shuffled", count=drawn))
    elif circus.step == "effect":
        log.append(_private(seat, "effect_skipped", effect=circus.effect))
    finish_effect(state, seat, log)


def copy_effect(state: WanderzirkusState, seat: int, effect: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    log.append(_private(seat, "effect_copied", effect=effect))
    circus.effect = effect
    circus.step = "effect"


def tuck(state: WanderzirkusState, seat: int, card_id: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.hand.remove(card_id)
    circus.draw_pile.append(card_id)
    log.append(_private(seat, "card_tucked", card=card_id))
    finish_effect(state, seat, log)


def recycle(state: WanderzirkusState, seat: int, card_id: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.hand.remove(card_id)
    circus.draw_pile.insert(0, card_id)
    log.append(_private(seat, "card_recycled", card=card_id))
    circus.step = "recycle"
    if not circus.hand:
        skip(state, seat, log)


# ----- swap token, Pause, stop ---------------------------------------------------------------------


def use_swap(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.swap_token = False
    circus.swap_used = True
    drawn = [circus.draw_pile.pop(0) for _ in range(min(SWAP_DRAW, len(circus.draw_pile)))]
    circus.hand.extend(drawn)
    circus.swap_left = len(drawn)
    circus.step = "swap"
    log.append(Event("swap_used", {"seat": seat}))


def return_card(state: WanderzirkusState, seat: int, card_id: str, log: list[Event]) -> None:
    circus = state.circuses[seat]
    circus.hand.remove(card_id)
    circus.draw_pile.insert(0, card_id)
    circus.swap_left -= 1
    log.append(_private(seat, "card_returned", card=card_id))
    if circus.swap_left == 0:
        rng = Rng(state.rng)
        rng.shuffle(circus.draw_pile)
        state.rng = rng.state
        if state.phase == "show":
            check_end(state, seat, log)
        else:
            circus.step = "play"  # swapped before announcing: the announcement is asked next


def lay_pause(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    circus = state.circuses[seat]
    row.lay_pause(circus.show)
    circus.pause_used = True
    log.append(_private(seat, "pause_laid"))
    check_end(state, seat, log)


def stop(state: WanderzirkusState, seat: int, log: list[Event]) -> None:
    end_show(state, seat, "stopped", log)
