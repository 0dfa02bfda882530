"""The top of the public table: title, round and phase, modes, stacks, a banner saying who is awaited
(or the result) and the legend of symbols; plus the shared helper for a player's token and name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from lang import DEFAULT, N_, current, speaking, tr, trc
from render.common import (
    INK,
    MUTED,
    PAPER,
    Box,
    PlayerMark,
    chip,
    chip_width,
    draw_text,
    draw_token,
    fit_text,
    put_text,
    tint,
)
from render.fonts import font
from render.wanderzirkus import icons
from render.wanderzirkus.layout import (
    BACKGROUND,
    BODY,
    COLOUR_ORDER,
    EXIT_RING,
    MARGIN,
    STYLES,
    TENT_RED,
    View,
    act_of,
    letter_of,
    phase_label,
)
from render.words import draw_words, fit_words, put_words

HEADER_HEIGHT = 120
TOKEN = 15

SPEND_STEPS = {"menu": N_("{names} spends coins"), "pick_artist": N_("{names} chooses a bought artist"),
               "pick_city": N_("{names} chooses a bought city")}


def name_with_token(image: Image.Image, draw: ImageDraw.ImageDraw, mark: PlayerMark, x: float, y: float,
                    max_width: float, *, size: int = BODY, bold: bool = True, ring: bool = False) -> Box:
    """A player's token followed by their name, vertically centred on ``y``; returns the covered box."""
    token = draw_token(image, (x + TOKEN + 4, y), mark, radius=TOKEN, ring=ring)
    name_font = font(size, bold=bold)
    box = draw_words(draw, (token.x1 + 4, y), fit_words(mark.name, name_font, max_width - (token.x1 + 4 - x)),
                    name_font, INK, anchor="lm")
    return Box(x, min(token.y0, box.y0), box.x1, max(token.y1, box.y1))


def _status(view: View, marks: Sequence[PlayerMark]) -> tuple[str, list[int]]:
    """The banner's words and the seats whose tokens lead it."""
    awaiting = [int(s) for s in view.get("awaiting") or [] if 0 <= int(s) < len(marks)]
    phase = str(view.get("phase", ""))
    if view.get("over"):
        final: list[Mapping[str, Any]] = list(view.get("final") or [])
        if not final:
            return tr("The game is over."), []
        top = max(int(f.get("total", 0)) for f in final)
        leaders = [int(f["seat"]) for f in final if int(f.get("total", 0)) == top]
        names = marks[leaders[0]].name
        for seat in leaders[1:]:
            names = tr("{names} and {name}", names=names, name=marks[seat].name)
        if len(marks) == 1:
            rating = final[0].get("rating")
            if rating:
                return tr("Game over: {vp} VP — {rating}", vp=top, rating=tr(str(rating))), leaders
            return tr("Game over: {vp} VP", vp=top), leaders
        return tr("Game over — most VP: {names} ({vp})", names=names, vp=top), leaders
    if not awaiting:
        return "", []
    names = ", ".join(marks[s].name for s in awaiting)
    if phase == "setup":
        return tr("Set-up: {names} choosing artists and a city", names=names), awaiting
    if phase == "show":
        return tr("Shows still running: {names}", names=names), awaiting
    if phase == "travel":
        return tr("{names} chooses a pair", names=names), awaiting
    if phase == "announce":
        return tr("{names} announces", names=names), awaiting
    if phase == "spend":
        return tr(SPEND_STEPS.get(str(view.get("spend_step")), SPEND_STEPS["menu"]), names=names), awaiting
    return tr("Waiting for {names}", names=names), awaiting


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, marks: Sequence[PlayerMark],
                width: int) -> None:
    title = font(30, bold=True)
    box = draw_text(draw, (MARGIN, 12), trc("game title", "Der Wanderzirkus"), title, TENT_RED)
    phase = phase_label(view.get("phase", ""))
    round_text = tr("Round {round} of {rounds} · {phase}", round=view.get("round", 1), rounds=view.get("rounds", 5),
                    phase=phase)
    # Right: modes and the stacks in the middle of the table.
    options = view.get("options") or {}
    modes = [tr(label) for key, label in (("simplified", N_("Simplified")), ("pro", N_("Pro: regions")))
             if options.get(key)]
    if len(marks) == 1:
        modes.append(tr("Solo"))
    stacks = tr("Artist stack {artists} · City stack {cities}", artists=view.get("artist_stack", 0),
                cities=view.get("city_stack", 0))
    x = width - MARGIN - font(BODY).getlength(stacks)
    put_words(draw, (x, 30), stacks, font(BODY), INK, anchor="lm")
    chip_font = font(BODY, bold=True)
    for mode in reversed(modes):
        x -= chip_width(mode, chip_font, pad_x=10) + 12
        chip(draw, (x, 14), mode, chip_font, fill=INK, pad_x=10, height=32)
    # The round and phase between the title and the modes, shortened if a language makes them meet.
    put_words(draw, (box.x1 + 24, 12), fit_words(round_text, title, x - 16 - (box.x1 + 24)), title, INK)
    # The banner.
    text, seats = _status(view, marks)
    if not text:
        return
    status_font = font(24, bold=True)
    tokens_w = len(seats[:6]) * 36
    w = min(width - 2 * MARGIN, status_font.getlength(text) + tokens_w + 30)
    banner = Box(MARGIN, 62, MARGIN + w, 104)
    single = marks[seats[0]] if len(seats) == 1 else None
    fill = tint(single.colour, 0.55) if single else tint(TENT_RED, 0.75)
    draw.rounded_rectangle(banner.rounded(), radius=10, fill=fill, outline=INK, width=3)
    tx = banner.x0 + 12
    for seat in seats[:6]:
        draw_token(image, (tx + 15, banner.centre[1]), marks[seat], radius=14)
        tx += 36
    put_words(draw, (tx + 4, banner.centre[1]), fit_words(text, status_font, banner.x1 - tx - 14), status_font,
              INK if fill != INK else PAPER, anchor="lm")


LEGEND_HEIGHT = 84


def draw_legend(image: Image.Image, top: float, width: int) -> None:
    """What the symbols mean: the five acts (icon, letter, name), coins, stop signs, joined connections
    and the ringed acrobat a show continued from."""
    image.paste(_legend(width, current()), (0, round(top)))


@cache
def _legend(width: int, language: str = DEFAULT) -> Image.Image:
    """The legend strip, drawn once per language (it never changes)."""
    with speaking(language):
        return _draw_legend(width)


def _room(text: str, font_: Any, x: float, width: int) -> str:
    """``text`` shortened to end before the right margin (a long translation must not run off the board)."""
    return fit_text(text, font_, max(0.0, width - MARGIN - x))


def _draw_legend(width: int) -> Image.Image:
    image = Image.new("RGB", (width, LEGEND_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    top = 0
    body = font(BODY)
    x, y = float(MARGIN), top + 20
    for colour in COLOUR_ORDER:
        icons.paste(image, icons.act_icon(colour, 12), (x + 12, y))
        words = f"{letter_of(colour)} {act_of(colour)}"
        x = draw_words(draw, (x + 30, y), words, body, INK, anchor="lm").x1 + 26
    icons.paste(image, icons.stop_sign(12), (x + 12, y))
    put_text(draw, (x + 30, y), _room(tr("stop sign (4th ends the show)"), body, x + 30, width), body, INK, anchor="lm")
    x, y = float(MARGIN), top + 56
    icons.paste(image, icons.coin(11), (x + 12, y))
    x = draw_words(draw, (x + 30, y), trc("wanderzirkus legend", "coin"), body, INK, anchor="lm").x1 + 26
    joint = Box(x, y - 12, x + 40, y + 12)
    draw.rounded_rectangle(joint.rounded(), radius=6, fill=STYLES["green"].colour, outline=INK, width=3)
    put_words(draw, joint.centre, letter_of("green"), font(16, bold=True), PAPER, anchor="mm")
    x = draw_text(draw, (joint.x1 + 8, y), tr("matching connection"), body, INK, anchor="lm").x1 + 26
    ring = Box(x, y - 14, x + 22, y + 14)
    draw.rounded_rectangle(ring.rounded(), radius=4, fill=PAPER, outline=EXIT_RING, width=5)
    x = draw_text(draw, (ring.x1 + 8, y), tr("acrobat the show goes on from"), body, INK, anchor="lm").x1 + 26
    put_text(draw, (x, y), _room(tr("4+: only with 4 or more players"), body, x, width), body, INK, anchor="lm")
    draw.line([(MARGIN, top + LEGEND_HEIGHT - 4), (width - MARGIN, top + LEGEND_HEIGHT - 4)], fill=MUTED, width=1)
    return image
