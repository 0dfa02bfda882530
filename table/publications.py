"""What an action must publish, as outbox items: written to the database in the same transaction as
the action (see ``db/outbox.py``) and delivered in order by :mod:`table.publisher`.

Each item is plain JSON, complete in itself: the text is composed when the action is saved (from the
action log and the views), and a board carries the spectator view its image is drawn from, so a board
delivered late (after a retry or a restart) still shows the game as it was at its version.

Item kinds and their payloads:

- ``board``: ``mode`` ("new": a new board message; "edit": the thread's current board message, or a new
  one if it is gone), ``version``, ``text``, ``mentions`` (user ids it may ping), ``view`` (the spectator
  view to draw), ``controls``, ``same_picture`` (an edit that leaves the public view, so the image, as it
  was: only the text changes).
- ``note``: ``text``, ``mentions``, ``controls`` — an announcement in the game's thread.
- ``direct``: ``user``, ``text``, ``fallback`` — a direct message; if it cannot be delivered the
  ``fallback`` (which mentions the user) is posted in the thread instead.
- ``reveal``: ``text``, ``filename``, ``record`` — the seed reveal with the game record attached.
- ``replay``: nothing — the animated replay, drawn when delivered.
- ``lobby``: ``text``, ``open`` — the lobby message in the channel, brought up to date.

``controls`` lists persistent buttons as ``[name, *arguments]`` (the buttons module builds them, adding the
game id): ``["turn", version]``, ``["hand"]``, ``["recap"]``, ``["reclaim", seat]``, ``["undo", version]``,
``["handover", seat, giver, taker]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.outbox import OutboxItem
from rules.core.game import View

Control = list[Any]


def board(mode: str, version: int, text: str, view: View, *, mentions: Sequence[int] = (),
          over: bool = False, same_picture: bool = False) -> OutboxItem:
    """``same_picture``: an edit whose public view is unchanged keeps the image already posted."""
    controls: list[Control] = [["hand"]] if over else [["turn", version], ["hand"], ["recap"]]
    return OutboxItem("board", {"mode": mode, "version": version, "text": text, "mentions": list(mentions),
                                "view": view, "controls": controls, "same_picture": same_picture})


def note(text: str, *, mentions: Sequence[int] = (), controls: Sequence[Control] = ()) -> OutboxItem:
    return OutboxItem("note", {"text": text, "mentions": list(mentions), "controls": [list(c) for c in controls]})


def direct(user: int, text: str, fallback: str) -> OutboxItem:
    return OutboxItem("direct", {"user": user, "text": text, "fallback": fallback})


def reveal(text: str, filename: str, record: dict[str, Any]) -> OutboxItem:
    return OutboxItem("reveal", {"text": text, "filename": filename, "record": record})


def replay() -> OutboxItem:
    return OutboxItem("replay", {})


def lobby(text: str, open_: bool) -> OutboxItem:
    return OutboxItem("lobby", {"text": text, "open": open_})
