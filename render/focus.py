"""The part of a game's public board a decision needs, for a phone: a box of the board picture, per game.

A phone shows a 1,200–1,600 px board at 390 CSS px, where its words are 4–7 px tall; the box each game gives
here is narrow enough (``FOCUS_WIDTH``) that, cropped and shown at a phone's width, they read at 9 px or more.
Which part depends on what the decision is about, read from public facts (the phase or stage, whose turn, the
public icons or card in play): the map for travel, the seat's own circus for placing, a market for buying. Every
box is worked out from the PUBLIC view and the board's own layout, and is cut from the very picture (of a board
drawn as several, the one named by ``Focus.part``) the page already shows its reader: it can reveal nothing the
whole board does not.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image
from PIL.PngImagePlugin import PngInfo

from lang import N_, tr
from render.focus_box import FOCUS_HEIGHT, FOCUS_WIDTH, Focus, FocusBox, head_of, window

__all__ = ["FOCUS_HEIGHT", "FOCUS_WIDTH", "Focus", "FocusBox", "crop_png", "drawn_width", "focus", "focus_alt",
           "head_of", "window"]


def focus(kind: str, view: Mapping[str, Any], seat: int | None) -> Focus | None:
    """The part of ``kind``'s public board (drawn from ``view``) that ``seat``'s decision needs: which picture,
    the box in it and what it shows; or None where no part of it is better than the whole."""
    # Imported here: a game's drawing loads only when asked.
    from render.circus_train.focus import focus as circus_train
    from render.dreadful_circus.focus import focus as dreadful_circus
    from render.little_circuses.focus import focus as little_circuses
    from render.wanderzirkus.focus import focus as wanderzirkus

    finders: dict[str, Callable[[Mapping[str, Any], int | None], Focus | None]] = {
        "circus_train": circus_train, "little_circuses": little_circuses, "wanderzirkus": wanderzirkus,
        "dreadful_circus": dreadful_circus}
    finder = finders.get(kind)
    return finder(view, seat) if finder is not None else None


def drawn_width(kind: str, view: Mapping[str, Any]) -> int:
    """The width ``kind``'s board is drawn at from ``view``, before any scaling to fit a phone's height."""
    from render.circus_train.layout import WIDTH as CIRCUS_TRAIN
    from render.dreadful_circus.layout import board_width, players_of
    from render.little_circuses.layout import WIDTH as LITTLE_CIRCUSES
    from render.wanderzirkus.layout import BOARD_WIDTH as WANDERZIRKUS

    if kind == "dreadful_circus":
        return board_width(len(players_of(view)))
    return {"circus_train": CIRCUS_TRAIN, "little_circuses": LITTLE_CIRCUSES}.get(kind, WANDERZIRKUS)


FOCUS_WORDS = {"map": N_("the map around {name}'s train"), "circus": N_("{name}'s circus and its grid"),
               "market": N_("the tile market's face-up tiles"), "cards": N_("the Special Attraction cards still free"),
               "row": N_("{name}'s row: cities and show"), "travel": N_("the Travel pairs on offer"),
               "area": N_("{name}'s area: acts and wagon"), "offers": N_("the Offers and the wagons placed at them"),
               "task": N_("the card in play and what it asks")}


def focus_alt(region: str, name: str) -> str:
    """The crop's alt text: what part of the board it is (``Focus.region``; the whole board's own alt text
    describes it all)."""
    words = tr(FOCUS_WORDS[region], name=name) if region in FOCUS_WORDS else tr("{name}'s part", name=name)
    return tr("The part of the board for this decision, enlarged: {words}. Tap for the whole board.", words=words)


def crop_png(board: bytes, box: FocusBox, drawn_width: int) -> bytes:
    """``box`` cut out of the encoded ``board`` picture (scaled if the board was shrunk to fit a phone's
    height: ``drawn_width`` is its width before that), as PNG bytes."""
    with Image.open(io.BytesIO(board)) as image:
        scale = image.width / drawn_width
        left, top, right, bottom = (round(v * scale) for v in box)
        left, top = max(0, left), max(0, top)
        part = image.crop((left, top, max(left + 1, min(image.width, right)), max(top + 1, min(image.height, bottom))))
        # Whatever the board's picture says of itself in its PNG text its part says too (the boards drawn carry none;
        # a test's stand-in drawings name the view they were drawn from, so a part is traced to its board's view).
        said = PngInfo()
        for key, value in getattr(image, "text", {}).items():
            said.add_text(key, value)
        out = io.BytesIO()
        part.save(out, format="PNG", optimize=False, pnginfo=said)
        return out.getvalue()
