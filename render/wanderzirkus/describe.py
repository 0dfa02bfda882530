"""Alt text for the Der Wanderzirkus images: what the table and a hand show, in plain words for a
screen reader, at most 1,024 characters (Discord's limit for an attachment's description). Built from
the same view the image is drawn from; ``describe_board`` goes through ``public_part`` (no ``own``, and
every running show behind its curtain), exactly as the board image does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lang import listing, tr, trc, trn
from render.common import display_name, join_description, own_seat, seat_names
from render.wanderzirkus.board import public_part
from render.wanderzirkus.layout import View, act_of, check_view, effect_label, phase_label
from render.wanderzirkus.players import end_reason
from rules.wanderzirkus.names import city_name


def count(n: int, noun: str) -> str:
    """A counted artist, card or coin in the reader's language."""
    if noun == "artist":
        return trn("{n} artist", "{n} artists", n)
    if noun == "card":
        return trn("{n} card", "{n} cards", n)
    return trn("{n} coin", "{n} coins", n)


def _names(view: View) -> list[str]:
    return seat_names(view.get("players") or [])


def _card(card: Mapping[str, Any]) -> str:
    colour = str(card.get("colour", ""))
    words = act_of(colour)
    effect = card.get("effect")
    if effect:
        words += f" ({effect_label(str(effect))})"
    if card.get("stop"):
        words = tr("{card} stop", card=words)
    return words


def _city(city: Mapping[str, Any]) -> str:
    return tr("{city} {vp} VP", city=display_name(city_name(str(city.get("name", ""))), 0), vp=city.get("vp", 0))


def _show(player: Mapping[str, Any]) -> str:
    if player.get("show") is None:
        return tr("show running (private)")
    length = int(player.get("show_length", 0))
    if player.get("show_state") == "ended":
        reason = end_reason(player.get("end_reason"))
        if reason:
            return trn("show ended with {n} artist ({reason})", "show ended with {n} artists ({reason})", length,
                       reason=reason)
        return trn("show ended with {n} artist", "show ended with {n} artists", length)
    if player.get("show_state") == "running":
        return trn("show running, {n} artist", "show running, {n} artists", length)
    return tr("no show yet")


def _player(player: Mapping[str, Any], name: str) -> str:
    facts = [tr("{vp} VP", vp=player.get("vp", 0)), count(int(player.get("coins", 0)), "coin"), _show(player)]
    if player.get("announcement") is not None:
        facts.append(tr("announced at least {n}", n=player["announcement"]))
    if player.get("cities"):
        facts.append(tr("cities {cities}", cities=", ".join(_city(c) for c in player["cities"])))
    return f"{name}: " + ", ".join(facts) + "."


def describe_board(view: View) -> str:
    """The public table in words: round and phase, who is awaited, each player's VP, coins, show and
    cities, the Travel offer and the final scores."""
    check_view(view)
    public = public_part(view)
    names = _names(public)
    phase = phase_label(public.get("phase", ""))
    lines = [tr("Der Wanderzirkus table, round {round} of {rounds}, {phase}.", round=public.get("round", 1),
                rounds=public.get("rounds", 5), phase=phase)]
    awaiting = [names[int(s)] for s in public.get("awaiting") or [] if 0 <= int(s) < len(names)]
    if public.get("over"):
        finals = sorted(public.get("final") or [], key=lambda f: -int(f.get("total", 0)))
        scores = ", ".join(tr("{name} {vp} VP", name=names[int(f["seat"])], vp=f.get("total", 0))
                           for f in finals if 0 <= int(f.get("seat", -1)) < len(names))
        lines.append(tr("Game over. Final: {scores}.", scores=scores))
    elif awaiting:
        lines.append(tr("Waiting for {names}.", names=listing([n for n in awaiting if n])))
    for seat, player in enumerate(public.get("players") or []):
        lines.append(_player(player, names[seat]))
    pairs = public.get("pairs") or []
    if public.get("phase") == "travel" and pairs:
        offer = "; ".join(tr("pair {number}: {artist} with {city}", number=int(p.get("index", n)) + 1,
                                artist=_card(p.get("artist") or {}), city=_city(p.get("city") or {}))
                          for n, p in enumerate(pairs))
        lines.append(tr("Travel offer: {pairs}.", pairs=offer))
    for seat, player in enumerate(public.get("players") or []):
        show = player.get("show")
        if show:
            cards = [_card(card) for column in show for card in column.get("cards") or []]
            lines.append(tr("{name}'s show: {cards}.", name=names[seat], cards=", ".join(cards)))
    return join_description(lines)


def _step(step: str) -> str:
    """The show decision being asked, in a word (the English has always written the step's id)."""
    words = {"play": trc("wanderzirkus step", "play"), "place": trc("wanderzirkus step", "place"),
             "effect": trc("wanderzirkus step", "effect"), "peek": trc("wanderzirkus step", "peek"),
             "recycle": trc("wanderzirkus step", "recycle"), "swap": trc("wanderzirkus step", "swap")}
    return words.get(step, step.replace("_", " "))


def describe_hand(view: View) -> str:
    """A seat's own hand (and running show, offers and decision) in words."""
    check_view(view)
    seat = own_seat(view, "own")
    own = view["own"]
    name = _names(view)[seat]
    hand = list(own.get("hand") or [])
    player = (view.get("players") or [])[seat]
    if hand:
        held = trn("{name}'s hand: {n} card: {cards}.", "{name}'s hand: {n} cards: {cards}.", len(hand), name=name,
                   cards=", ".join(_card(c) for c in hand))
    else:
        held = trn("{name}'s hand: {n} card.", "{name}'s hand: {n} cards.", 0, name=name)
    lines = [held, tr("{cards} in your deck; {coins}.", cards=count(int(own.get("draw_pile", 0)), "card"),
                      coins=count(int(player.get("coins", 0)), "coin"))]
    if own.get("step"):
        lines.append(tr("Deciding: {step}.", step=_step(str(own["step"]))))
    show = player.get("show")
    if show:
        lines.append(tr("Your show: {cards}.", cards=", ".join(_card(c) for column in show
                                                              for c in column.get("cards") or [])))
    if own.get("offer"):
        lines.append(tr("Artists offered: {cards}.", cards=", ".join(_card(c) for c in own["offer"])))
    if own.get("city_offer"):
        lines.append(tr("Cities offered: {cities}.", cities=", ".join(_city(c) for c in own["city_offer"])))
    return join_description(lines)
