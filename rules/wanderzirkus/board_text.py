"""The view as plain text: the terminal board, and a text alternative to the images. Lines with a
seat's private information start with "Your " (the Discord "My hand" reply shows exactly those); in
German they all start with "Dein" ("Dein Blatt", "Deine Auswahl ...")."""

from __future__ import annotations

from typing import Any

from lang import tr, trc
from rules.wanderzirkus.names import region_id_word
from rules.wanderzirkus.text import artists, card_label, cards, city_label, coins, effect_name, end_reason, row_text


def _phase(phase: str) -> str:
    """The phase on the text board (the English has always written the phase's id there)."""
    words = {"setup": trc("wanderzirkus phase id", "setup"), "travel": trc("wanderzirkus phase id", "travel"),
             "announce": trc("wanderzirkus phase id", "announce"), "show": trc("wanderzirkus phase id", "show"),
             "spend": trc("wanderzirkus phase id", "spend"), "over": trc("wanderzirkus phase id", "over")}
    return words.get(phase, phase)


def _cities(cities: list[dict[str, Any]]) -> str:
    return "; ".join(city_label(c["id"]) for c in cities) or tr("none")


def render_text(view: dict[str, Any]) -> str:
    lines = [tr("Der Wanderzirkus — round {round} of {rounds}, phase: {phase}.", round=view["round"],
                rounds=view["rounds"], phase=_phase(view["phase"]))]
    for pair in view["pairs"]:
        lines.append(tr("Pair {number}: {artist} + {city}", number=pair["index"] + 1,
                        artist=card_label(pair["artist"]["id"]), city=city_label(pair["city"]["id"])))
    for p in view["players"]:
        facts = dict(name=p["name"], vp=p["vp"], round_vp=p["round_vp"], coins=coins(p["coins"]),
                     artists=artists(p["deck_size"]), cities=_cities(p["cities"]))
        if p["swap_token"]:
            lines.append(tr("{name}: {vp} VP {round_vp}, {coins}, swap token, {artists}; cities: {cities}", **facts))
        else:
            lines.append(tr("{name}: {vp} VP {round_vp}, {coins}, {artists}; cities: {cities}", **facts))
        if p["next_cities"]:
            lines.append(tr("  next round also: {cities}", cities=_cities(p["next_cities"])))
        if p["regions"]:
            lines.append(tr("  regions kept: {regions}",
                            regions=", ".join(region_id_word(r) for r in p["regions"])))
        if p["announcement"] is not None:
            lines.append(tr("  announced at least {artists}", artists=artists(p["announcement"])))
        if p["show"] is None:
            lines.append(tr("  show running (hidden until it ends)"))
        elif p["show"]:
            columns = [[c["id"] for c in column["cards"]] for column in p["show"]]
            if p["show_state"] == "ended":
                lines.append(tr("  show ({artists}, ended: {reason}): {row}", artists=artists(p["show_length"]),
                                reason=end_reason(p["end_reason"]), row=row_text(columns)))
            else:
                lines.append(tr("  show ({artists}, running): {row}", artists=artists(p["show_length"]),
                                row=row_text(columns)))
    for s in view["scoring"]:
        name = view["players"][s["seat"]]["name"]
        lines.append(tr("Last scoring, {name}: {total} VP, {coins}", name=name, total=s["total"],
                        coins=coins(s["coins"])))
    if view["final"]:
        for f in view["final"]:
            lines.append(tr("Final, {name}: {total} VP", name=view["players"][f["seat"]]["name"], total=f["total"]))
    own = view["own"]
    if own is not None:
        hand = "; ".join(card_label(c["id"]) for c in own["hand"])
        lines.append(tr("Your hand: {cards}", cards=hand) if hand else tr("Your hand: empty"))
        lines.append(tr("Your deck: {cards} left to draw, {artists} owned", cards=cards(own["draw_pile"]),
                        artists=artists(len(own["artists"]))))
        if own["offer"]:
            lines.append(tr("Your choice of artists: {cards}",
                            cards="; ".join(card_label(c["id"]) for c in own["offer"])))
        if own["city_offer"]:
            lines.append(tr("Your choice of cities: {cities}",
                            cities="; ".join(city_label(c["id"]) for c in own["city_offer"])))
        if own["effect"]:
            lines.append(tr("Your effect to decide: {effect}", effect=effect_name(own["effect"])))
        if own["peeked"]:
            card = card_label(own["peeked"]["id"])
            lines.append(tr("Your top deck card: {card}", card=card) if own["peek_side"] == "top"
                         else tr("Your bottom deck card: {card}", card=card))
    return "\n".join(lines)
