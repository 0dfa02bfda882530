"""Helpers for driving Ringmaster's real table cogs through the Discord stand-in, as members would."""

from __future__ import annotations

import re
from typing import Any

from discord_standin import Discord

MENTION = re.compile(r"<@(\d+)>")


def custom_ids(message: Any) -> list[str]:
    ids = []
    for row in message.components:
        for component in row.get("components", []):
            if "custom_id" in component:
                ids.append(component["custom_id"])
    return ids


def button(message: Any, prefix: str) -> str:
    matches = [cid for cid in custom_ids(message) if cid.startswith(prefix)]
    assert matches, f"no {prefix}… component on {message.content[:80]!r}: {custom_ids(message)}"
    return matches[0]


def labels(message: Any) -> list[str]:
    found = []
    for row in message.components:
        for component in row.get("components", []):
            if "label" in component:
                found.append(component["label"])
            for option in component.get("options", []):
                found.append(option["label"])
    return found


async def open_game(d: Discord, players: tuple[str, ...] = ("alice", "bob"), options: dict[str, Any] | None = None,
                    channel: str = "games", command: str = "circus new") -> Any:
    """The first player creates a lobby with ``command`` (a game's own ``new``, Circus Train's by
    default), the others join, the creator starts. Returns the game's thread once its first board is
    posted."""
    created = await d.slash(players[0], channel, command, options or {})
    await created.response()
    lobby = created.message
    assert lobby is not None
    for player in players[1:]:
        joined = await d.click(player, d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))
        await joined.response()
    started = await d.click(players[0], d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:start:"))
    await started.response()
    thread = await d.wait_for(lambda: next((t for t in d.threads() if _has_board(d, t)), None),
                              what="the game thread and its first board")
    await d.wait_for(lambda: "Play in" in d.message(lobby.id).content or None, what="the lobby to show the thread")
    return thread


def _has_board(d: Discord, thread: Any) -> bool:
    return any(any(c.startswith("rm:hand:") for c in custom_ids(m)) for m in d.messages_in(thread))


def board(d: Discord, thread: Any) -> Any:
    """The newest board message in the thread."""
    boards = [m for m in d.messages_in(thread) if any(c.startswith("rm:hand:") for c in custom_ids(m))]
    assert boards, "no board in the thread"
    return boards[-1]


def awaited(d: Discord, message: Any, names: tuple[str, ...]) -> str | None:
    """The member a board mentions last (the one it waits for), by name."""
    ids = MENTION.findall(message.content.split("\n")[-1])
    for name in names:
        if ids and str(d.user(name).id) == ids[-1]:
            return name
    return None


def mark(d: Discord, thread: Any) -> tuple[int, int]:
    """Where the thread's board stands: a new board or an edit of the last one both change it."""
    latest = board(d, thread)
    return latest.id, len(latest.versions)


async def board_changed(d: Discord, thread: Any, before: tuple[int, int]) -> Any:
    """Wait until the board is posted anew or updated in place; returns the newest board."""
    await d.wait_for(lambda: mark(d, thread) != before or None, what="the board to change")
    return board(d, thread)


async def take_turn(d: Discord, user: str, thread: Any) -> Any:
    """Press "Take your turn" on the newest board; returns the interaction handle of the private panel."""
    latest = board(d, thread)
    handle = await d.click(user, latest, button(latest, "rm:turn:"))
    await handle.response()
    return handle


async def finish_setup(d: Discord, thread: Any, players: tuple[str, ...], start: str | None = None,
                       until: str = "choosing which Action card") -> None:
    """Play the set-up (talent picks, start cities) with /circus choose until the board asks for
    ``until``, taking the first choice, or the start city named ``start``."""
    while until not in board(d, thread).content:
        mover = awaited(d, board(d, thread), players)
        assert mover is not None
        choices = await d.autocomplete(mover, thread, "circus choose", {}, focused="option")
        assert choices
        chosen = next((c for c in choices if start is not None and c["name"] == f"Start in {start}"), choices[0])
        await (await d.slash(mover, thread, "circus choose", {"option": chosen["value"]})).settled()
