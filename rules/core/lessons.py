"""Lessons of the practice table: the first time each kind of decision comes up for a person learning a game, it is
explained in two or three sentences drawn from the game's guide (``docs/guides/<game>.md``), in plain words.

A decision's kind is read from what the seat itself is offered: the kinds of its legal actions, which only ever
name the seat's own choices (never another seat's hand or the draw order). Each game maps every action kind to a
lesson (:data:`DECISIONS`); a decision where only "stop"-like actions are on offer besides one main kind takes the
main kind's lesson. :func:`tempting_actions` lists choices that are NOT legal now but look as if they might be
("Why not…?"), each answered by the rules' own refusal sentence.

Pure and Discord-free: the table (``table/practice.py``) and the sandbox both use it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from lang import N_, tr

__all__ = ["DECISIONS", "LESSONS", "Tempting", "lesson_key", "lesson_text", "tempting_actions"]

_SIDE = frozenset({"pass", "back", "stop_show", "stop_hiring", "decline_buy", "end_spending", "skip_effect",
                   "stop_returning", "place_nothing"})
"""Action kinds that come with a decision (saying no, stopping, going back) rather than make one: a decision offering
one of these beside another kind is explained by the other."""

DECISIONS: Mapping[str, Mapping[str, str]] = {
    "circus_train": {
        "pick_talent": "pick_talent", "choose_start": "choose_start",
        "play_card": "play_card", "replay_card": "play_card", "eddie_replay": "play_card", "pocket_wages": "play_card",
        "travel": "travel", "stay_put": "travel", "recruit": "recruit",
        "perform": "perform_hire", "try_hire": "perform_hire", "stop_hiring": "perform_hire",
        "sam_reputation": "perform_hire", "pass": "perform_hire",
        "buy_failed": "buy_failed", "decline_buy": "buy_failed",
        "steal": "steal", "long_month_steal": "steal", "buy_talent": "special_hire",
        "circus_parade": "parade", "rest_bonus": "rest", "release": "wages", "pay_wages": "wages",
        "place_released": "place_released",
    },
    "little_circuses": {
        "open_at": "opening", "raise_funds": "build", "hire_help": "build", "hire_face_up": "build",
        "choose_tile": "build", "place_tile": "place_tile", "back": "place_tile", "move_highlight": "execute",
        "advance_public": "public", "cash_public": "public", "choose_special": "special",
        "take_showcase": "tent", "draw_face_down": "tent", "take_from_hand": "rival", "choose_rival": "rival",
        "pass": "pass",
    },
    "wanderzirkus": {
        "choose_artist": "travel", "choose_city": "travel", "take_pair": "travel", "announce": "announce",
        "play_card": "show", "place": "show", "place_pause": "show", "stop_show": "show", "use_swap": "show",
        "return_card": "swap", "use_effect": "effect", "skip_effect": "effect", "copy_effect": "effect",
        "tuck_card": "effect", "recycle_card": "effect", "move_peeked": "effect",
        "buy_artist": "spend", "buy_city": "spend", "buy_swap_token": "spend", "end_spending": "spend",
    },
    "dreadful_circus": {
        "draft_pick": "draft", "place_attraction": "tableau", "place_nothing": "tableau", "make_offer": "offer",
        "add_coin": "bid", "add_contract": "bid", "take_coin": "bid", "take_contract": "bid", "place_wagon": "bid",
        "inspect": "sell", "accept": "sell", "decline": "sell", "load_coin": "load", "load_contract": "load",
        "take_loaded": "card", "play_card": "card", "take_attraction": "card", "discard_attraction": "card",
        "return_contract": "card", "stop_returning": "card", "copy_card": "card",
    },
}
"""Per game, each action kind's decision (the lesson explaining it)."""

LESSONS: Mapping[str, Mapping[str, str]] = {
    "circus_train": {
        "pick_talent": N_("Before the season, everyone takes two talent counters from Horses, Freak Show and "
                          "Acrobats (two of a kind is fine). Talent is what towns pay to see: a performance scores a "
                          "bonus for each demanded type you have."),
        "choose_start": N_("Put your train in Winnipeg, Toronto or Montreal; trains may share a city. Look for towns "
                           "nearby with a Performance Demand you can reach early."),
        "play_card": N_("Each week you play one Action card from your hand and do what it says: the Transit cards "
                        "move your train, Hold and Basic Transit let you Perform or Hire, and Wages & Transit makes "
                        "you pay your talent. Once your hand is empty you take all your played cards back, so plan "
                        "when each comes."),
        "travel": N_("Move your train along the connections, up to what your card allows. Ending on a Points counter "
                     "scores its VP, and ending in a town with a Performance Demand lets you perform there later."),
        "recruit": N_("A Special Character is in your city: roll 1–4 to recruit them. Characters take no wages and "
                      "each has a lasting power."),
        "perform_hire": N_("In a city with a Performance Demand you can perform: your rating is the counter's base "
                           "points, plus its bonus for each demanded talent type you have, plus your earlier "
                           "performances' base points; you earn money too. Or hire: pick a talent counter here and "
                           "roll, 1–4 it joins you."),
        "buy_failed": N_("Your hiring roll came up 5 or 6, so the talent did not join for free. You may buy it at "
                         "once for $10, or let it go."),
        "steal": N_("You may steal talent from an opponent in your city (or, at a month's end, as the player with "
                    "the fewest VP). Each roll of 1–4 takes the counter."),
        "special_hire": N_("A Special Hire lets you buy a counter from the bank: $5 in April–May, $10 in June–July, "
                           "$20 in August–September."),
        "parade": N_("A Circus Parade: pay $10 for +1 Reputation or 2 VP."),
        "rest": N_("You rest this week. Resting in Canada (not in week 1) gives a free Clown or Acrobats, or +1 "
                   "Reputation."),
        "wages": N_("Wages are due: Clowns $1, Acrobats $3, Cannonballs, Freaks and Horses $6, Big Cats and "
                    "Elephants $12. Talent you cannot pay for is released, so keep money for this week."),
        "place_released": N_("A player released talent, and you choose which city it goes to (the player to their "
                             "right chooses). It waits there to be hired."),
    },
    "little_circuses": {
        "opening": N_("Opening night: secretly put your Highlight on one of your four printed attractions, and its "
                      "icons resolve. The Cotton Candy Vendor gives $2, handy for building soon."),
        "build": N_("Build is one of three options: raise funds (+$2), hire help (take a tile from the market into "
                    "your hand, free now, paid when built) or build a tile from your hand, paying the cost in its "
                    "corner."),
        "place_tile": N_("Put the tile next to (not diagonally) or on top of one of your attractions. Building over "
                         "a used attraction keeps its Use marker, so think about your Highlight's path."),
        "execute": N_("Move your Highlight to an adjacent attraction (not diagonally). The one it left gets a Use "
                      "marker, and the new one's icons resolve unless it is already used in this city."),
        "public": N_("Your icon acts on your bleacher's Public: a clown moves one Public one space right (8 at "
                     "most), an elephant turns a Public into Fame equal to its space, money bills into dollars. "
                     "Cashing early gives less than letting them climb."),
        "special": N_("Special Attractions: in player order each player takes one card and resolves it at once. Then "
                      "the order is re-sorted by the cards' Initiative numbers, lowest first: a strong card acts "
                      "later next time."),
        "tent": N_("A tent takes a tile into your hand: from the market, or a face-up Advanced tile while you hold "
                   "card 6. Unbuilt tiles in hand are worth 1 Fame each at the end."),
        "rival": N_("This card acts on a rival: choose whom it takes money, Fame, Public or a face-up tile from."),
        "pass": N_("Nothing here is worth doing, or nothing can be done: pass, and the game goes on."),
    },
    "wanderzirkus": {
        "travel": N_("Travel: pick one artist and city pair from those laid out. The artist joins your deck, and the "
                     "city shows which colours its audience wants in your show."),
        "announce": N_("Announce, publicly, the smallest number of artists your show will have. If your show reaches "
                       "it you score that number; if it falls short you score 0, so do not promise more than your "
                       "deck can give."),
        "show": N_("Play your show one card at a time, then draw back up to 3. Each card must share a colour with "
                   "the last one: its left side matches the last card's right side. You may stop, or lay the pause "
                   "card once a round for 4 VP."),
        "swap": N_("Your swap token: you drew 2 cards, and now put 2 back; the deck is then shuffled."),
        "effect": N_("This artist has an effect, and using it is up to you: copy another effect in your show, draw, "
                     "look at the top or bottom of your deck, tuck a card under it, or put cards back and reshuffle."),
        "spend": N_("Spend coins: 5 draws 2 artists to keep 1, 3 draws 2 cities to keep 1, 3 buys a swap token. At "
                    "most one artist and one city a round; unspent coins carry over."),
    },
    "dreadful_circus": {
        "draft": N_("Draft: pick one card from the hand passed to you and pass the rest on. You build your own hand "
                    "of Attractions and Performances this way."),
        "tableau": N_("Put one Attraction from your hand into your Tableau. Attractions score their printed VP and "
                      "their effects at the end."),
        "offer": N_("You are a Seller: secretly pick a card from your hand to offer. The others bid on it with their "
                    "secret wagons, and you choose which wagon to accept."),
        "bid": N_("Bid: fill your secret wagon with coins and/or Contracts (at least one item if you have any), then "
                  "place it next to an Offer. A placed wagon is final, and only the Seller ever looks inside."),
        "sell": N_("As the Seller, look into one wagon at a time. Accept takes its contents and gives the bidder "
                   "your card; Decline sends it back, and it cannot be chosen again."),
        "load": N_("A card makes you load coins or Contracts secretly into your wagon for the player resolving it."),
        "card": N_("A won card takes effect now: follow what it asks, choosing among the options it offers you."),
    },
}
"""Per game, each decision's two or three sentences, written from its guide."""


def lesson_key(kind: str, legal: Sequence[Any]) -> str | None:
    """The decision the seat offered ``legal`` faces (None: no choice to explain, or a game with no lessons), read
    from the kinds of its own legal actions only."""
    decisions = DECISIONS.get(kind)
    if decisions is None or not legal:
        return None
    kinds = [str(action.kind) for action in legal]
    main = next((k for k in kinds if k not in _SIDE), kinds[0])
    return decisions.get(main)


def lesson_text(kind: str, key: str) -> str | None:
    """The decision's lesson in the language being spoken."""
    text = LESSONS.get(kind, {}).get(key)
    return None if text is None else tr(text)


@dataclasses.dataclass(frozen=True)
class Tempting:
    """A choice that is not legal now, its label, and the rules' sentence why."""

    action: Any
    label: str
    why: str


TEMPTING_AT_MOST = 10
_PER_KIND = 4
_WORDS_AT_MOST = 40


def tempting_actions(game: Any, state: Any, seat: int, limit: int = TEMPTING_AT_MOST) -> list[Tempting]:
    """Choices like the seat's legal ones but not legal now ("Why not…?"): each legal action with one field changed
    to another value the seat can see (a number near the ones on offer, a name in the seat's own view: other
    cities, cards, tiles, squares), kept when the rules refuse it with a sentence. Built from the seat's own view
    and legal actions, so it tells nothing the seat cannot see; deterministic, so a list shown can be answered by
    its places."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return []
    words = sorted(_words(game.view(state, seat)))
    found: list[Tempting] = []
    seen = set(legal)
    per_kind: dict[str, int] = {}
    for action in legal:
        if not dataclasses.is_dataclass(action):
            continue
        for candidate in _variants(action, legal, words):
            if candidate in seen or per_kind.get(candidate.kind, 0) >= _PER_KIND:
                continue
            seen.add(candidate)
            try:
                why = game.explain_illegal(state, seat, candidate)
                label = game.describe_action(state, seat, candidate)
            except Exception:  # a shape the game cannot even describe is no choice a person would try
                continue
            if not why or not label:
                continue
            found.append(Tempting(candidate, label, why))
            per_kind[candidate.kind] = per_kind.get(candidate.kind, 0) + 1
            if len(found) >= limit:
                return found
    return found


def _variants(action: Any, legal: Sequence[Any], words: Sequence[str]) -> Iterator[Any]:
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            offered = {getattr(other, field.name) for other in legal
                       if type(other) is type(action) and isinstance(getattr(other, field.name), int)}
            for number in range(max(0, min(offered) - 2), max(offered) + 3):
                if number not in offered:
                    yield dataclasses.replace(action, **{field.name: number})
        elif isinstance(value, str):
            offered_words = {getattr(other, field.name) for other in legal if type(other) is type(action)}
            for word in words:
                if word not in offered_words:
                    yield dataclasses.replace(action, **{field.name: word})


def _words(view: Any) -> set[str]:
    """The short names in a seat's own view (cities, cards, talents, tiles): the values a choice might name."""
    found: set[str] = set()
    stack = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if 0 < len(value) <= _WORDS_AT_MOST and not value[0].isdigit() and "." not in value:
                found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
            stack.extend(key for key in value if isinstance(key, str))
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return found
