"""The registry of game kits: for every hosted game, its rules and its board and hand renderers.

The registry is explicit (no module is found by its name), and :func:`check_kits` runs at start-up, so a
game without a board renderer stops the bot with a sentence instead of silently posting no image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PIL import Image

import render.circus_train
import render.circus_train.palette
import render.dreadful_circus
import render.dreadful_circus.palette
import render.little_circuses
import render.little_circuses.palette
import render.wanderzirkus
import render.wanderzirkus.palette
from lang import tr
from rules.core.game import Game, View
from rules.registry import GAMES

Renderer = Callable[[View], bytes]
Describer = Callable[[View], str]
DESCRIPTION_LIMIT = 1024  # Discord's limit for an attachment's description (alt text)


@dataclass(frozen=True)
class GameKit:
    """What the table needs to host one game."""

    game: Game[Any, Any]
    render_board: Renderer
    """The public board image (PNG) from the spectator view."""
    render_hand: Renderer
    """A seat's private image (PNG) from that seat's view."""
    describe_board: Describer
    """The board image's text alternative (alt text), from the same spectator view."""
    describe_hand: Describer
    """The private image's text alternative, from the same seat's view."""
    board_image: Callable[[View], Image.Image]
    """The board as a picture (what ``render_board`` encodes): replays draw frames with it and encode once."""
    render_parts: Callable[[View], list[bytes]] | None = None
    """For tables too big for one phone-sized image: the board split into images of at most 2,000 px
    tall (the board, then the players' areas), posted together. None: the board is one image."""
    board_palette: bytes | None = None
    """The 256 colours (RGB) the game's boards are stored in (``render.png``): replay frames are mapped
    to them. None: each frame gets a palette of its own."""

    def board_images(self, view: View) -> list[bytes]:
        return self.render_parts(view) if self.render_parts is not None else [self.render_board(view)]

    def board_alt(self, view: View) -> str:
        return self.describe_board(view)[:DESCRIPTION_LIMIT] or tr("The {game} board.", game=self.name)

    def hand_alt(self, view: View) -> str:
        return self.describe_hand(view)[:DESCRIPTION_LIMIT] or tr("Your private view.")

    @property
    def kind(self) -> str:
        return self.game.key

    @property
    def name(self) -> str:
        """The game's name in the language spoken (a proper name, so the same in most languages)."""
        return tr(self.game.name)


def _kit(key: str, package: Any, palette: ModuleType, *, parts: bool = False) -> GameKit:
    return GameKit(GAMES[key], package.render_board, package.render_hand, package.describe_board,
                   package.describe_hand, package.board_image, package.render_board_parts if parts else None,
                   palette.BOARD)


KITS: dict[str, GameKit] = {
    "circus_train": _kit("circus_train", render.circus_train, render.circus_train.palette),
    "little_circuses": _kit("little_circuses", render.little_circuses, render.little_circuses.palette, parts=True),
    "wanderzirkus": _kit("wanderzirkus", render.wanderzirkus, render.wanderzirkus.palette),
    "dreadful_circus": _kit("dreadful_circus", render.dreadful_circus, render.dreadful_circus.palette),
}


class KitError(Exception):
    """The registry and the rules disagree: the bot must not start."""


def kit(kind: str) -> GameKit:
    try:
        return KITS[kind]
    except KeyError:
        raise KitError(f"No game kit is registered for {kind!r}.") from None


def check_kits() -> None:
    """Every registered game has a kit whose rules are that game and whose renderers can be called."""
    missing = sorted(set(GAMES) - set(KITS))
    if missing:
        raise KitError(f"These games have no kit (rules plus board and hand renderers): {', '.join(missing)}.")
    for kind, entry in KITS.items():
        if entry.game is not GAMES.get(kind):
            raise KitError(f"The kit registered as {kind!r} holds the rules of {entry.game.key!r}.")
        for name in ("render_board", "render_hand", "describe_board", "describe_hand", "board_image"):
            if not callable(getattr(entry, name)):
                raise KitError(f"The kit of {kind!r} has no {name.replace('_', ' ')}.")
