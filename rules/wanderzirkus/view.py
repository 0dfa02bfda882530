"""What a seat may see, as JSON data. Renderers and public posts use only this.

Hidden: every hand, every deck (draw pile) order, the cards drawn at set-up or for a purchase, a
card looked at through an effect, and a show while it is running (its row, and how far it got).
A finished show is public. ``view(state, seat)`` adds that seat's own secrets under ``"own"``.

Shape of ``view(state, None)`` (every key always present):

- ``game``: ``"wanderzirkus"``; ``seat``: ``None`` (or the seat number, for a seat's view)
- ``options``: ``{"simplified": bool, "pro": bool}``
- ``round``: int 1..5; ``rounds``: 5
- ``phase``: ``"setup" | "travel" | "announce" | "show" | "spend" | "over"``
- ``awaiting``: sorted list of the seats the game waits for (empty when over)
- ``order``: list of seats, the sequence of the current travel/announce/spend phase (else ``[]``)
- ``current``: the seat whose turn it is in a sequential phase, else ``None``
- ``spend_step``: ``"menu" | "pick_artist" | "pick_city"`` (meaningful in the spend phase)
- ``pairs``: Travel offer, list of ``{"index": int, "artist": CARD, "city": CITY}`` for the pairs still
  on the table (``index`` is what ``TakePair.pair`` takes)
- ``artist_stack``: int, cards left in the artist stack; ``city_stack``: int, cities left
- ``players``: one entry per seat, in seat order:
  - ``seat``: int; ``name``: str
  - ``vp``: int, victory points of all rounds scored so far; ``round_vp``: list of int, one per round
  - ``coins``: int; ``swap_token``: bool (owns a swap token)
  - ``deck_size``: int, artists owned (starting cards included)
  - ``cities``: list of CITY on display (empty for other seats during set-up)
  - ``next_cities``: list of CITY bought this round, displayed next round
  - ``kept_cities``: list of CITY kept face down in Pro mode; ``regions``: sorted list of region ids held
  - ``announcement``: int or None (this round's announcement)
  - ``show_state``: ``"idle" | "running" | "ended"``
  - ``show``: None while the show is running (for anyone but the seat itself), else a list of
    COLUMN left to right: ``{"cards": [CARD, ...] (bottom first; more than one only for a purple
    stack), "exit": int or None (the stack card the row continued from), "pause": bool}``
  - ``show_length``: int or None (artists in the show, as counted for the announcement; None while hidden)
  - ``end_reason``: ``""`` or ``"stopped" | "no_match" | "no_cards" | "fourth_stop"``
  - ``pause_used``: bool or None (None while the show is hidden)
  - ``setup_done``: bool
- ``scoring``: the last Round Scoring, list per seat (empty before the first): ``{"seat", "announced" (int or
  None), "length", "announcement" (VP), "cities": [{"city": CITY, "vp": int}], "green", "blue", "red",
  "purple", "pause" (VP, 0 or -4), "coins" (coins earned), "total"}``
- ``final``: None until the game is over, then a list per seat ``{"seat", "rounds", "coins", "coin_vp",
  "region_vp", "total", "rating"}`` (``rating``: the solo rating's words for a lone player, else None)
- ``over``: bool
- ``own``: None in the public view

CARD is ``{"id", "colour" ("green"|"blue"|"red"|"purple"|"yellow", "pause" for the Pause card),
"starting": bool, "stop": bool, "four_plus": bool, "effect": str or None (``copy``, ``extra_card``,
``peek_top``, ``peek_bottom``, ``tuck``, ``recycle``), "bottom_coin": bool, "left": [{"colour", "coin"}],
"right": [{"colour", "coin"}]}``. CITY is ``{"id", "name", "region", "region_name", "colours": [str],
"vp": int}``.

``view(state, seat)`` is the same with ``seat`` set, that seat's own running show visible in
``players[seat]``, and ``own``:

- ``hand``: list of CARD; ``draw_pile``: int (cards left in the deck, order hidden)
- ``artists``: list of CARD, every artist the seat owns
- ``step``: the show decision being asked (``"play" | "place" | "effect" | "peek" | "recycle" | "swap"``)
- ``placing``: CARD or None (the card whose place is being chosen)
- ``effect``: str or None (the effect being decided); ``peeked``: CARD or None; ``peek_side``: ``""|"top"|"bottom"``
- ``swap_left``: int (cards still to put back after the swap token)
- ``offer``: list of CARD (set-up or purchase artists to choose from); ``city_offer``: list of CITY
- ``max_announcement``: int
- ``stop_signs``: int (stop signs in the own show)
"""

from __future__ import annotations

from typing import Any

from rules.wanderzirkus import flow, row
from rules.wanderzirkus.content import PAUSE, artist_json, city_json, load_content
from rules.wanderzirkus.legal import to_act
from rules.wanderzirkus.scoring import solo_rating
from rules.wanderzirkus.state import ROUNDS, Circus, Column, WanderzirkusState


def _show_json(show: list[Column]) -> list[dict[str, Any]]:
    return [{"cards": [artist_json(c) for c in column.cards], "exit": column.exit,
             "pause": column.cards == [PAUSE]} for column in show]


def _player(state: WanderzirkusState, seat: int, circus: Circus, viewer: int | None) -> dict[str, Any]:
    visible = circus.show_state != "running" or viewer == seat
    regions = sorted({load_content().cities[c].region for c in circus.kept_cities})
    return {
        "seat": seat,
        "name": state.players[seat],
        "vp": sum(circus.round_vp),
        "round_vp": list(circus.round_vp),
        "coins": circus.coins,
        "swap_token": circus.swap_token,
        "deck_size": len(circus.artists),
        "cities": [city_json(c) for c in circus.cities] if state.phase != "setup" or viewer == seat else [],
        "next_cities": [city_json(c) for c in circus.bought_cities],
        "kept_cities": [city_json(c) for c in circus.kept_cities],
        "regions": regions,
        "announcement": circus.announcement,
        "show_state": circus.show_state,
        "show": _show_json(circus.show) if visible else None,
        "show_length": row.length(circus.show) if visible else None,
        "end_reason": circus.end_reason,
        "pause_used": circus.pause_used if visible else None,
        "setup_done": circus.setup_done,
    }


def _own(state: WanderzirkusState, seat: int) -> dict[str, Any]:
    circus = state.circuses[seat]
    return {
        "hand": [artist_json(c) for c in circus.hand],
        "draw_pile": len(circus.draw_pile),
        "artists": [artist_json(c) for c in circus.artists],
        "step": circus.step,
        "placing": artist_json(circus.placing) if circus.placing else None,
        "effect": circus.effect,
        "peeked": artist_json(circus.peeked) if circus.peeked else None,
        "peek_side": circus.peek_side,
        "swap_left": circus.swap_left,
        "offer": [artist_json(c) for c in circus.offer],
        "city_offer": [city_json(c) for c in circus.city_offer],
        "max_announcement": flow.max_announcement(state, seat),
        "stop_signs": row.stop_signs(circus.show),
    }


def view(state: WanderzirkusState, seat: int | None) -> dict[str, Any]:
    scoring = [{"seat": s.seat, "announced": s.announced, "length": s.length, "announcement": s.announcement,
                "cities": [{"city": city_json(c), "vp": vp} for c, vp in s.cities], "green": s.green,
                "blue": s.blue, "red": s.red, "purple": s.purple, "pause": s.pause, "coins": s.coins,
                "total": s.total} for s in state.scorings]
    final = None
    if state.phase == "over":
        final = [{"seat": s, "rounds": sum(c.round_vp), "coins": c.coins, "coin_vp": c.coins // 3,
                  "region_vp": flow.region_vp(state, s), "total": state.final_vp[s],
                  "rating": solo_rating(state.final_vp[s]) if len(state.players) == 1 else None}
                 for s, c in enumerate(state.circuses)]
    return {
        "game": "wanderzirkus",
        "seat": seat,
        "options": dict(state.options),
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "awaiting": sorted(to_act(state)),
        "order": list(state.order),
        "current": state.current,
        "spend_step": state.spend_step,
        "pairs": [{"index": i, "artist": artist_json(p[0]), "city": city_json(p[1])}
                  for i, p in enumerate(state.pairs) if p is not None],
        "artist_stack": len(state.artist_stack),
        "city_stack": len(state.city_stack),
        "players": [_player(state, s, c, seat) for s, c in enumerate(state.circuses)],
        "scoring": scoring,
        "final": final,
        "over": state.phase == "over",
        "own": _own(state, seat) if seat is not None else None,
    }
