"""Helpers for driving Ringmaster's real table cogs through the Discord stand-in, as members would."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from discord.ext import commands

from table import compose

from discord_standin import Channel, Discord

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
                    channel: str | Channel = "games", command: str = "circus new") -> Any:
    """The first player creates a lobby with ``command`` (a game's own ``new``, Circus Train's by
    default), the others join, the creator starts. Returns the game's thread once its first board is
    posted."""
    created = await d.slash(players[0], channel, command, options or {})
    await created.answer()
    lobby = created.message
    assert lobby is not None
    for player in players[1:]:
        joined = await d.click(player, d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:join:"))
        await joined.answer()
    started = await d.click(players[0], d.message(lobby.id), button(d.message(lobby.id), "rm:lobby:start:"))
    await started.answer()
    thread = await d.wait_for(lambda: next((t for t in d.threads(channel) if _has_board(d, t)), None),
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
    await handle.answer()
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


MESSAGES = r"/channels/\d+/messages(/\d+)?"
"""Posting or editing a message in a channel or thread: where boards go."""


def cheap_png(view: Any) -> bytes:
    """A tiny valid PNG standing in for a board drawing, for tests whose point is not the picture."""
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


def cheap_picture(view: Any) -> Any:
    """A tiny picture standing in for a board, as replays draw their frames."""
    from PIL import Image
    return Image.new("RGB", (8, 8), "white")


def cheap_renders(monkeypatch: Any) -> None:
    """Every game draws with :func:`cheap_png` for one test (the real images are tested elsewhere)."""
    from dataclasses import replace

    from table.kits import KITS
    for kind, kit in list(KITS.items()):
        monkeypatch.setitem(KITS, kind, replace(kit, render_board=cheap_png, render_hand=cheap_png,
                                                 board_image=cheap_picture, render_parts=None))


def quick_retries(d: Discord, timeout: float = 0.5) -> None:
    """The bot's publisher retries at once and gives up on a hanging request after ``timeout`` seconds."""
    publisher = core_of(d).publisher
    publisher.backoff = (0.05,)
    publisher.timeout = timeout


async def play_one(d: Discord, thread: Any, players: tuple[str, ...], choice: int = 0) -> str:
    """The member the newest board waits for opens their panel and takes its ``choice``-th option;
    returns who moved (once their private answer has come)."""
    mover = awaited(d, board(d, thread), players)
    assert mover is not None, board(d, thread).content
    panel = await take_turn(d, mover, thread)
    message = panel.message
    ids = custom_ids(message)
    clicked = ids[min(choice, len(ids) - 1)]
    edits = len(message.versions)
    if clicked.startswith("rm:pick:"):
        handle = await d.select(mover, message, clicked, ["0"])
    else:
        handle = await d.click(mover, message, clicked)
    # The panel is updated in place with the next choices, or a refusal follows privately.
    await d.wait_for(lambda: len(d.message(message.id).versions) > edits or handle.followups or None,
                     what="the panel to answer the choice")
    return mover


def board_version(message: Any) -> int | None:
    """The game version a board's "Take your turn" button was made for (None on a final board)."""
    turn = [cid for cid in custom_ids(message) if cid.startswith("rm:turn:")]
    return int(turn[0].rsplit(":", 1)[1]) if turn else None


T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # a Monday morning


class Clock:
    """The bot's clock in these tests: time moves only when the test says so."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class UseClock(commands.Cog):
    """Test-only: gives the bot the test's clock and keeps the background scheduler asleep, so only
    the test's own ``tick()`` calls do anything."""

    def __init__(self, bot: Any, clock: Clock) -> None:
        bot.clock = clock
        bot.tick_seconds = 24 * 3600.0


def core_of(d: Discord) -> Any:
    """The running bot's table core."""
    return d.bot.core  # type: ignore[union-attr]


def pinged(message: Any) -> set[int]:
    """Whom a message pinged when it was posted (an edit pings no one; its first version tells)."""
    if message.versions:
        return {int(user["id"]) for user in message.versions[0]["mentions"]}
    return {user.id for user in message.mentions}


def bullets(message: Any) -> list[str]:
    """The event lines of a board message (the recaps that may follow them are not events)."""
    lines = []
    for line in message.content.split("\n")[1:]:
        if line.startswith("📜"):
            break
        if line.startswith("• "):
            lines.append(line[2:])
    return lines


async def check_newest_board(d: Discord, thread: Any) -> None:
    """The thread's newest board shows the game's current version, mentions whom it awaits, lists each
    event since the board began (as the action log has them), and never shows one line twice: identical
    events are said once with their count."""
    core: Any = core_of(d)
    await core.publisher.idle()
    record = await core_of(d).game_in_thread(thread.id)
    table = await core_of(d).tables.table(record.id)
    latest = board(d, thread)
    assert latest.id == table.record.board_message_id
    if table.over:
        assert board_version(latest) is None
        return
    assert board_version(latest) == table.record.version
    assert {str(user) for user in table.awaited_users()} <= set(MENTION.findall(latest.content))
    shown = bullets(latest)
    assert len(set(shown)) == len(shown), [line for line in shown if shown.count(line) > 1]
    if shown and shown[0].startswith("… "):
        return  # a long turn: its oldest events gave way to fit the message
    logged = await core.store.actions(table.id, after_version=table.record.board_since - 1)
    expected = compose.said_once([line for action in logged for line in compose.logged_sentences(table, action)])
    assert shown == expected, (shown, expected)


def leaf_commands(d: Discord) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every slash command the bot synced, as ("group sub", its options)."""
    found: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(prefix: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o["type"] in (1, 2)]
        if not subs:
            found.append((prefix, options))
        for sub in subs:
            walk(f"{prefix} {sub['name']}", sub.get("options") or [])

    for command in d.server.commands_for(d.guild).values():
        walk(command["name"], command.get("options") or [])
    return found
